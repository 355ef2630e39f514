import sharp from "sharp";
import type { Locator, Page } from "@playwright/test";
import { PERSONAS } from "../route-table";
import { db, expect, expectFieldError, hydrated, openOwnEstablishment, signIn, test } from "./support";

// Tab Info & Media with JavaScript and without: every section saved and shown again, the checks
// with their messages beside the fields, rows added (a submit without JavaScript), the files, and
// what an associate membership does not see.

const SAVED = "Info & Media opgeslagen.";
const REQUIRED = "Dit is een verplicht veld";
const URL_HINT = 'U dient een geldige URL in te voeren, beginnend met "https://" of "http://"';

const panel = (page: Page) => page.getByRole("region", { name: "Info & Media", exact: true });
const tab = (page: Page) => page.getByRole("navigation", { name: "Onderdelen van de vestiging" }).getByRole("link", { name: /^Info & Media/ });
const button = (page: Page, name: string) => panel(page).getByRole("button", { name, exact: true });
/** The input labelled exactly `label` within `scope` (a group, or the panel); the label may end in the required marker '*'. */
const input = (scope: Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*\\*?$`)).and(scope.locator("input, select, textarea"));
const group = (page: Page, name: string) => panel(page).getByRole("group", { name, exact: true });

const PNG = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#1a7" } }).png().toBuffer();
const png = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });

test("a manager fills in Info & Media: links and times are checked, prices are Dutch, rows and files are added", async ({ page, js }, testInfo) => {
  // A long walk through every section, twice saved and once refused.
  test.slow();
  const id = await openOwnEstablishment(page, js, { testInfo, label: "Info", givenName: "Ilse", familyName: "Infomedia" });
  await tab(page).click();
  await expect(panel(page)).toBeVisible();

  // The info text: the editor with JavaScript, the textarea without. With JavaScript the tab's
  // code, then the editor's, loads as the tab opens: first the textarea shows, then the editor
  // takes its place (typing before that would go to the textarea the editor takes over).
  if (js) await expect(input(panel(page), "Informatie over de vestiging")).toBeAttached();
  if (js) await expect(input(panel(page), "Informatie over de vestiging")).toBeHidden();
  const text = js ? panel(page).getByRole("textbox", { name: "Informatie over de vestiging" }) : input(panel(page), "Informatie over de vestiging");
  if (js) await text.click();
  if (js) await page.keyboard.type("Welkom bij onze club");
  else await text.fill("<p>Welkom bij onze club</p>");

  await input(panel(page), "Platform 1").selectOption({ label: "Instagram" });
  await input(panel(page), "Link 1").fill("instagram.com/onzeclub");
  const monday = group(page, "Maandag");
  await input(monday, "Van").fill("07:00");
  await input(monday, "Tot").fill("12:00");
  // The second slot shows on request with JavaScript; without, it is always there.
  if (js) {
    await expect(input(monday, "Tweede tijdvak van")).toHaveCount(0);
    await monday.getByRole("button", { name: "Tweede tijdvak toevoegen" }).click();
  }
  await input(monday, "Tweede tijdvak van").fill("13:00");
  const sunday = group(page, "Zondag");
  await sunday.getByLabel("Gesloten").check();
  if (js) await expect(input(sunday, "Van")).toBeHidden();
  const unlimited = group(page, "Onbeperkt sporten");
  await input(unlimited, "Prijs").fill("1234,5");
  await input(unlimited, "Per").selectOption({ label: "4 weken" });
  const cheapest = group(page, "Goedkoopste abonnement");
  if (js) await expect(input(cheapest, "Andere periode")).toBeHidden();
  await input(cheapest, "Per").selectOption({ label: "anders" });
  await input(cheapest, "Andere periode").fill("kwartaal");
  await input(cheapest, "Prijs").fill("€ 99,-");
  await input(panel(page), "Videolink 1").fill("https://www.youtube.com/watch?v=e2e");

  await button(page, "Opslaan").click();
  await expectFieldError(input(panel(page), "Link 1"), URL_HINT);
  await expectFieldError(input(monday, "Tweede tijdvak tot"), REQUIRED);
  // What was typed stays.
  await expect(input(unlimited, "Prijs")).toHaveValue("1234,5");
  await expect(input(cheapest, "Andere periode")).toHaveValue("kwartaal");
  await expect(input(monday, "Tweede tijdvak van")).toHaveValue("13:00");

  await input(panel(page), "Link 1").fill("https://instagram.com/onzeclub");
  await input(monday, "Tweede tijdvak tot").fill("22:00");
  await input(panel(page), "Logo").setInputFiles(png("logo.png"));
  await input(panel(page), "Afbeelding 1").setInputFiles(png("zaal.png"));
  await button(page, "Opslaan").click();
  await expect(page.getByText(SAVED)).toBeVisible();
  await hydrated(page, js);
  await tab(page).click();
  await expect(input(group(page, "Onbeperkt sporten"), "Prijs")).toHaveValue("1.234,50");
  await expect(input(group(page, "Goedkoopste abonnement"), "Prijs")).toHaveValue("99,00");
  await expect(panel(page).getByRole("img", { name: "Huidig logo" })).toBeVisible();
  await expect(panel(page).getByRole("img", { name: "Afbeelding 1" })).toBeVisible();
  await expect(group(page, "Zondag").getByLabel("Gesloten")).toBeChecked();

  // Another video row: a submit without JavaScript that saves nothing, in place with it.
  await button(page, "Videolink toevoegen").click();
  await expect(input(panel(page), "Videolink 2")).toBeVisible();
  await expect(input(panel(page), "Videolink 1")).toHaveValue("https://www.youtube.com/watch?v=e2e");
  await input(panel(page), "Videolink 2").fill("https://vimeo.com/12345");
  await button(page, "Opslaan").click();
  await expect(page.getByText(SAVED)).toBeVisible();

  // The first save's notification may still show: the second save is awaited in what it stores.
  const stored = async () => (await db()).selectFrom("enterprise_info").selectAll().where("enterprise_id", "=", id).executeTakeFirstOrThrow();
  await expect.poll(async () => JSON.parse((await stored()).video_links)).toEqual(["https://www.youtube.com/watch?v=e2e", "https://vimeo.com/12345"]);
  const row = await stored();
  expect(JSON.parse(row.subscription)).toMatchObject({ unlimitedPrice: 123450, unlimitedPer: "four_weeks", cheapestPrice: 9900, cheapestPerOther: "kwartaal" });
  expect(JSON.parse(row.open_hours).days.mo).toEqual({ from1: "07:00", till1: "12:00", from2: "13:00", till2: "22:00" });
  expect(row.info_text).toContain("Welkom bij onze club");

  await page.getByRole("navigation", { name: "Onderdelen van de vestiging" }).getByRole("link", { name: /^Logboek/ }).click();
  await expect(page.getByRole("region", { name: "Logboek", exact: true }).getByText("Tab Info & Media gewijzigd")).toHaveCount(2);
});

test("the demo member sees De Vaart Centrum's info, logo, images and prices; open 24/7 hides the days with JavaScript", async ({ page, js }) => {
  const centrum = await (await db()).selectFrom("enterprises").select("id").where("name", "=", "Sportcentrum De Vaart Centrum").executeTakeFirstOrThrow();
  await signIn(page, js, PERSONAS.member);
  await page.goto(`/mijn-vestigingen/bewerken/${centrum.id}?tab=info-media#info-media`);
  await hydrated(page, js);
  await tab(page).click();
  await expect(input(group(page, "Onbeperkt sporten"), "Prijs")).toHaveValue("49,95");
  await expect(input(group(page, "Onbeperkt sporten"), "Per")).toHaveValue("four_weeks");
  await expect(panel(page).getByRole("img", { name: "Huidig logo" })).toBeVisible();
  await expect(panel(page).getByRole("img", { name: "Afbeelding 2" })).toBeVisible();
  await expect(input(panel(page), "Link 1")).toHaveValue("https://www.instagram.com/devaartcentrum");
  await expect(input(group(page, "Woensdag"), "Tweede tijdvak van")).toHaveValue("19:00");
  if (js) {
    await panel(page).getByLabel("24 uur per dag, 7 dagen per week geopend").check();
    await expect(group(page, "Maandag")).toBeHidden();
  }
});

test("the one-establishment account sees its closed weekend; with JavaScript a closed day hides its times", async ({ page, js }) => {
  await signIn(page, js, PERSONAS.establishment);
  await page.goto("/mijn-vestiging");
  await hydrated(page, js);
  await tab(page).click();
  await expect(group(page, "Zaterdag").getByLabel("Gesloten")).toBeChecked();
  await expect(input(group(page, "Maandag"), "Van")).toHaveValue("06:30");
  if (js) {
    await expect(input(group(page, "Zaterdag"), "Van")).toBeHidden();
    await group(page, "Zaterdag").getByLabel("Gesloten").uncheck();
    await expect(input(group(page, "Zaterdag"), "Van")).toBeVisible();
  } else {
    await expect(input(group(page, "Zaterdag"), "Van")).toBeVisible();
  }
});

test("an associate membership has info text, header image and opening hours, without logo, social media, subscriptions, images or videos", async ({ page, js }) => {
  await signIn(page, js, PERSONAS.associate);
  await page.goto("/mijn-vestiging");
  await hydrated(page, js);
  await tab(page).click();
  await expect(group(page, "Openingstijden")).toBeVisible();
  await expect(input(panel(page), "Headerafbeelding")).toBeVisible();
  await expect(panel(page).getByRole("img", { name: "Huidige headerafbeelding" })).toBeVisible();
  for (const name of ["Social media", "Abonnementen", "Afbeeldingen", "Video's"]) await expect(group(page, name)).toHaveCount(0);
  await expect(input(panel(page), "Logo")).toHaveCount(0);
});

test("an admin sees an establishment's Info & Media with the source view of the info text", async ({ page, js }) => {
  const centrum = await (await db()).selectFrom("enterprises").select("id").where("name", "=", "Sportcentrum De Vaart Centrum").executeTakeFirstOrThrow();
  await signIn(page, js, PERSONAS.admin);
  await page.goto(`/vestigingen/bewerken/${centrum.id}`);
  await hydrated(page, js);
  await tab(page).click();
  await expect(panel(page).getByRole("img", { name: "Huidige headerafbeelding" })).toBeVisible();
  await expect(input(group(page, "Goedkoopste abonnement"), "Prijs")).toHaveValue("24,50");
  if (!js) await expect(input(panel(page), "Informatie over de vestiging")).toHaveValue(/Welkom bij De Vaart Centrum/);
  else await expect(panel(page).getByRole("textbox", { name: "Informatie over de vestiging" })).toContainText("Welkom bij De Vaart Centrum");
});
