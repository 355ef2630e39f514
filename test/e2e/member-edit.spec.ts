import type { Page } from "@playwright/test";
import { insertEnterprise, insertMember } from "../fixtures";
import { createUser, db, expect, expectFieldError, field, hydrated, signIn, test, uniqueEmail } from "./support";

const tabs = (page: Page) => page.getByRole("navigation", { name: "Onderdelen van het lidmaatschap" });
// The tab's panel is a region named as the tab; a section inside it may carry the same name, the panel comes first.
const panel = (page: Page, name: string) => page.getByRole("region", { name, exact: true }).first();

async function openTab(page: Page, js: boolean, name: string) {
  await hydrated(page, js);
  await tabs(page).getByRole("link", { name, exact: true }).click();
  const id = name.toLowerCase();
  await expect(page).toHaveURL(new RegExp(`\\?tab=${id}#${id}$`));
  await expect(panel(page, name)).toBeVisible();
  await expect(tabs(page).getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
}

test("admin edits a membership: tabs by URL and by click, name, status and roles", async ({ page, js }, testInfo) => {
  const database = await db();
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const name = `E2E Bewerkclub ${stamp}`;
  const memberId = await insertMember(database, { name });
  const principal = await insertEnterprise(database, memberId, { name: "Bewerkclub Centrum", town: "Delft", street: "Markt", houseNr: "1" });
  await insertEnterprise(database, memberId, { name: "Bewerkclub Franchise", franchise: true });
  await database.updateTable("members").set({ principal_enterprise_id: principal }).where("id", "=", memberId).execute();
  const contactId = await createUser({ email: uniqueEmail(testInfo, "contact"), givenName: "Carla", familyName: "Contact", memberId });
  await database.updateTable("users").set({ contact_member: 1 }).where("id", "=", contactId).execute();
  await createUser({ email: uniqueEmail(testInfo, "beheerder"), givenName: "Bram", familyName: "Beheer", memberId });
  const editUrl = `/lidmaatschappen/bewerken/${memberId}`;

  await signIn(page, js, "beheer@voorbeeld.nl");

  // `?tab=` opens its tab on load, with and without JavaScript; only that tab's panel is on the page.
  await page.goto(`${editUrl}?tab=vestigingen#vestigingen`);
  await hydrated(page, js);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(panel(page, "Vestigingen")).toBeVisible();
  await expect(panel(page, "Vestigingen").getByRole("heading", { name: "Franchisenemers" })).toBeVisible();
  await expect(panel(page, "Vestigingen").getByText("Markt 1, Delft")).toBeVisible();
  await expect(field(page, "Naam")).toHaveCount(0);
  await expect(panel(page, "Algemeen")).toHaveCount(0);
  // The open tab is marked, with and without JavaScript.
  await expect(tabs(page).getByRole("link", { name: "Vestigingen" })).toHaveCSS("font-weight", "700");
  await expect(tabs(page).getByRole("link", { name: "Vestigingen" })).toHaveAttribute("aria-current", "page");
  await expect(tabs(page).getByRole("link", { name: "Algemeen" })).toHaveCSS("font-weight", "400");
  await expect(tabs(page).getByRole("link", { name: "Algemeen" })).not.toHaveAttribute("aria-current", /./);
  await page.goto("/");
  await page.goto(`${editUrl}?tab=accounts#accounts`);
  await hydrated(page, js);
  await expect(panel(page, "Accounts").getByRole("link", { name: "Carla Contact" })).toBeVisible();
  await expect(panel(page, "Vestigingen")).toHaveCount(0);
  await expect(tabs(page).getByRole("link", { name: "Accounts" })).toHaveCSS("font-weight", "700");

  // An older link names its tab by the hash alone: with JavaScript the page opens that tab (and puts
  // it in the query); without JavaScript the server, which never sees the hash, shows the first tab.
  await page.goto("/");
  await page.goto(`${editUrl}#vestigingen`);
  await hydrated(page, js);
  if (js) {
    await expect(page).toHaveURL(new RegExp(`${editUrl}\\?tab=vestigingen#vestigingen$`));
    await expect(panel(page, "Vestigingen").getByText("Markt 1, Delft")).toBeVisible();
    await expect(tabs(page).getByRole("link", { name: "Vestigingen" })).toHaveAttribute("aria-current", "page");
  } else {
    await expect(field(page, "Naam")).toHaveValue(name);
    await expect(panel(page, "Vestigingen")).toHaveCount(0);
    await expect(tabs(page).getByRole("link", { name: "Algemeen" })).toHaveAttribute("aria-current", "page");
  }
  if (js) {
    // The rest of such a link's query stays (here the log's page).
    await page.goto("/");
    await page.goto(`${editUrl}?logboek=1#logboek`);
    await hydrated(page, js);
    await expect(page).toHaveURL(new RegExp(`${editUrl}\\?tab=logboek&logboek=1#logboek$`));
    await expect(panel(page, "Logboek").getByText("Er zijn nog geen logregels.")).toBeVisible();
  }

  // Tabs by clicking.
  await openTab(page, js, "Logboek");
  await expect(panel(page, "Logboek").getByText("Er zijn nog geen logregels.")).toBeVisible();
  await openTab(page, js, "Algemeen");
  await expect(field(page, "Hoofdvestiging")).toHaveValue(String(principal));

  // An empty name is refused; a new one is saved and logged.
  await field(page, "Naam").fill("");
  await panel(page, "Algemeen").getByRole("button", { name: "Opslaan" }).click();
  await expectFieldError(field(page, "Naam"), "Dit is een verplicht veld");
  await expect(panel(page, "Algemeen").getByText("Dit is een verplicht veld", { exact: true }).first()).toBeVisible();
  if (js) await expect(field(page, "Naam")).toBeFocused();
  const renamed = `${name} nieuw`;
  await field(page, "Naam").fill(renamed);
  await field(page, "Telefoonnummer eigenaar").fill("06-1234 5678");
  await panel(page, "Algemeen").getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText("Lidmaatschap opgeslagen.")).toBeVisible();
  await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible();
  await expect(field(page, "Telefoonnummer eigenaar")).toHaveValue("0612345678");
  await openTab(page, js, "Logboek");
  await expect(panel(page, "Logboek").getByRole("cell", { name: `Naam gewijzigd: ${name} → ${renamed}` })).toBeVisible();
  await expect(panel(page, "Logboek").getByRole("cell", { name: "Bart de Beheerder" })).toBeVisible();

  // Status: deactivate (no hiding while inactive), then activate.
  await hydrated(page, js);
  await page.getByRole("button", { name: "Deactiveren" }).click();
  await expect(page.getByText("Gedeactiveerd.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Activeren" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Verbergen" })).toHaveCount(0);
  await hydrated(page, js);
  await page.getByRole("button", { name: "Activeren" }).click();
  await expect(page.getByText("Geactiveerd.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Verbergen" })).toBeVisible();

  // Roles: 'Beheren' opens the choices; Bram becomes manager.
  await openTab(page, js, "Rollen");
  const roles = panel(page, "Rollen");
  await expect(roles.getByRole("region", { name: "Contactpersonen" }).getByRole("link", { name: "Carla Contact" })).toBeVisible();
  await expect(roles.getByText("Er zijn geen beheerders.")).toBeVisible();
  await roles.getByText("Beheren", { exact: true }).click();
  const managers = roles.getByRole("group", { name: "Beheerders" });
  await managers.getByRole("checkbox", { name: /^Bram Beheer/ }).check();
  await roles.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText("Rollen opgeslagen.")).toBeVisible();
  await expect(page).toHaveURL(/\?tab=rollen#rollen$/);
  await expect(panel(page, "Rollen").getByRole("region", { name: "Beheerders" }).getByRole("link", { name: "Bram Beheer" })).toBeVisible();
});

test("admin adds a membership and lands on its edit page", async ({ page, js }, testInfo) => {
  await signIn(page, js, "beheer@voorbeeld.nl");
  await page.goto("/lidmaatschappen/toevoegen");
  await hydrated(page, js);
  await expect(page.getByRole("heading", { name: "Lidmaatschap toevoegen", level: 1 })).toBeVisible();
  await expect(tabs(page).getByRole("link", { name: "Vestigingen" })).toHaveCount(0);
  await field(page, "E-mailadres eigenaar").fill("geen-adres");
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expectFieldError(field(page, "Naam"), "Dit is een verplicht veld");
  await expectFieldError(field(page, "E-mailadres eigenaar"), "U dient een geldig e-mailadres in te voeren");
  await expect(field(page, "E-mailadres eigenaar")).toHaveValue("geen-adres");

  const name = `E2E Nieuwe club ${testInfo.project.name} ${Date.now()}`;
  await field(page, "Naam").fill(name);
  await field(page, "E-mailadres eigenaar").fill("eigenaar@voorbeeld.nl");
  await field(page, "Rechtsvorm").selectOption({ label: "VOF" });
  await field(page, "Niet-lid").check();
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page).toHaveURL(/\/lidmaatschappen\/bewerken\/\d+$/);
  await expect(page.getByText("Lidmaatschap toegevoegd.")).toBeVisible();
  await expect(page.getByRole("heading", { name: `${name} (Niet-lid)`, level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Deactiveren" })).toBeVisible();
  await expect(field(page, "Rechtsvorm")).toHaveValue("vof");
});

test("lid@ opens the own membership read-only where it should be", async ({ page, js }) => {
  await signIn(page, js, "lid@voorbeeld.nl");
  await hydrated(page, js);
  await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Lidmaatschap" }).click();
  await expect(page).toHaveURL(/\/mijn-lidmaatschap$/);
  await expect(page.getByRole("heading", { name: /^Sportcentrum De Vaart/, level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Kruimelpad" }).getByText("Lidmaatschap")).toBeVisible();
  await expect(page.getByText("Goedgekeurd", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Deactiveren" })).toHaveCount(0);
  await expect(tabs(page).getByRole("link")).toHaveText(["Algemeen", "Rollen", "Logboek"]);
  await expect(field(page, "Naam")).toHaveValue("Sportcentrum De Vaart");
  await expect(field(page, "Niet-lid")).toHaveCount(0);
  await expect(field(page, "Hoofdvestiging")).toHaveCount(0);
  await openTab(page, js, "Rollen");
  await expect(panel(page, "Rollen").getByRole("region", { name: "Beheerders" }).getByText("Lotte van der Vaart")).toBeVisible();
  await expect(panel(page, "Rollen").getByText("Beheren")).toHaveCount(0);
});
