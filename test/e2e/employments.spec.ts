import type { Page, TestInfo } from "@playwright/test";
import { insertEnterprise, insertMember, insertRegistrant } from "../fixtures";
import { createUser, db, expect, expectFieldError, field, hydrated, nextMailTo, openOwnEstablishment, screen, signIn, test, uniqueEmail } from "./support";

// Employment between establishments and professionals with JavaScript and without: the
// establishment invites (the address checked, an unknown one and a second invitation refused),
// withdraws an invitation, disconnects a professional after a confirmation (a dialog, or a
// question on the page), and hides a declined invitation; the professional accepts and declines
// invitations and detaches from an establishment, each after a confirmation, and hides an end by
// an establishment.

const EMAIL = "E-mailadres van de professional";

const tabLink = (page: Page, name: RegExp) => page.getByRole("navigation", { name: "Onderdelen van de vestiging" }).getByRole("link", { name });
const tab = (page: Page) => tabLink(page, /^Professionals/);
const panel = (page: Page) => page.getByRole("region", { name: "Professionals", exact: true });
/** The card of `name` on the tab. */
const card = (page: Page, name: string) => panel(page).getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
const group = (page: Page, name: string) => panel(page).getByRole("region", { name, exact: true });

/** A professional of the test's own; returns its id, name and e-mail address. */
async function professional(testInfo: TestInfo, givenName: string, familyName: string) {
  const email = uniqueEmail(testInfo, givenName.toLowerCase());
  const name = `${givenName} ${familyName} ${testInfo.project.name} ${Date.now()}`;
  const id = await insertRegistrant(await db(), { email, givenName, familyName: name.slice(givenName.length + 1) });
  return { id, email, name };
}

async function insertEmployment(enterpriseId: number, registrantId: number, status: string) {
  const accepted = status === "invitation_accepted";
  await (await db())
    .insertInto("employments")
    .values({
      enterprise_id: enterpriseId,
      registrant_id: registrantId,
      status,
      invitation_sent: "2026-02-02T09:00:00.000Z",
      invitation_accepted: accepted ? "2026-02-03T09:00:00.000Z" : null,
      invitation_declined: status === "invitation_declined" ? "2026-02-03T09:00:00.000Z" : null,
      dismissed_by_enterprise: 0,
      dismissed_by_registrant: 0,
    })
    .execute();
}

const statusOf = async (enterpriseId: number, registrantId: number) =>
  (
    await (await db())
      .selectFrom("employments")
      .select(["status", "dismissed_by_enterprise"])
      .where("enterprise_id", "=", enterpriseId)
      .where("registrant_id", "=", registrantId)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow()
  );

test("a manager invites a professional by e-mail, the address is checked, and the invitation is withdrawn", async ({ page, js }, testInfo) => {
  const enterpriseId = await openOwnEstablishment(page, js, { testInfo, label: "Uitnodigen", givenName: "Ulla", familyName: "Uitnodiger" });
  const pro = await professional(testInfo, "Ivo", "Instructeur");
  await tab(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page).getByText("Er zijn nog geen professionals aan deze vestiging gekoppeld.")).toBeVisible();
  await expect(tab(page).getByLabel("(vraagt aandacht)")).toHaveCount(0);
  const send = panel(page).getByRole("button", { name: "Uitnodiging versturen" });

  await send.click();
  await expectFieldError(field(page, EMAIL), "Dit is een verplicht veld");
  await field(page, EMAIL).fill("ivo@");
  await send.click();
  await expectFieldError(field(page, EMAIL), "U dient een geldig e-mailadres in te voeren");
  await expect(field(page, EMAIL)).toHaveValue("ivo@");

  const unknown = uniqueEmail(testInfo, "niemand");
  await field(page, EMAIL).fill(unknown);
  await send.click();
  await expect(page.getByText("Geen professional gevonden")).toBeVisible();
  await expect(page.getByText("Er is geen FITNED.NL-professional met dit e-mailadres.")).toBeVisible();
  await expect(field(page, EMAIL)).toHaveValue(unknown);

  await hydrated(page, js);
  await field(page, EMAIL).fill(pro.email);
  await expect(panel(page).getByLabel("Stuur de professional een e-mail met de uitnodiging")).toBeChecked();
  await send.click();
  await expect(page.getByText("Uitnodiging verstuurd.")).toBeVisible();
  await hydrated(page, js);
  await expect(group(page, "Openstaande uitnodigingen")).toBeVisible();
  await expect(card(page, pro.name)).toContainText("Uitgenodigd");
  await expect(tab(page).getByLabel("(vraagt aandacht)")).toBeVisible();
  expect(await statusOf(enterpriseId, pro.id)).toMatchObject({ status: "invitation_sent" });
  const mail = await nextMailTo(pro.email);
  expect(mail).toContain("/mijn-fitnednl?tab=sportcentra#sportcentra");
  if (js) await screen(page, "employments-professionals-tab");

  // A second invitation while the first is open.
  await field(page, EMAIL).fill(pro.email);
  await send.click();
  await expect(page.getByText("Deze professional is al gekoppeld aan deze vestiging")).toBeVisible();

  await hydrated(page, js);
  await card(page, pro.name).getByRole("button", { name: "Intrekken" }).click();
  await expect(page.getByText("Uitnodiging ingetrokken.")).toBeVisible();
  await hydrated(page, js);
  await expect(card(page, pro.name)).toHaveCount(0);
  await expect(tab(page).getByLabel("(vraagt aandacht)")).toHaveCount(0);
  expect(await statusOf(enterpriseId, pro.id)).toMatchObject({ status: "invitation_revoked" });
});

test("a manager disconnects a professional after confirming, and hides a declined invitation", async ({ page, js }, testInfo) => {
  const pro = await professional(testInfo, "Olga", "Ontkoppeld");
  const declined = await professional(testInfo, "Dirk", "Afwijzer");
  const enterpriseId = await openOwnEstablishment(page, js, { testInfo, label: "Ontkoppelen", givenName: "Otto", familyName: "Ontkoppelaar" });
  await insertEmployment(enterpriseId, pro.id, "invitation_accepted");
  await insertEmployment(enterpriseId, declined.id, "invitation_declined");
  await page.reload();
  await hydrated(page, js);
  await tab(page).click();
  await expect(card(page, pro.name)).toContainText("Werkzaam sinds 03-02-2026");
  await expect(card(page, declined.name)).toContainText("Uitnodiging afgewezen");
  await expect(tab(page).getByLabel("(vraagt aandacht)")).toBeVisible();

  // Cancelling first changes nothing.
  const disconnect = card(page, pro.name).getByRole("link", { name: "Ontkoppelen" });
  await disconnect.click();
  const confirm = js ? page.getByRole("dialog", { name: "Professional ontkoppelen" }) : panel(page).getByRole("region", { name: "Professional ontkoppelen" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText("Weet u zeker dat u deze professional wilt ontkoppelen van deze vestiging?");
  await expect(confirm).toContainText(pro.name);
  if (js) await confirm.getByRole("button", { name: "Annuleren" }).click();
  else await confirm.getByRole("link", { name: "Annuleren" }).click();
  await expect(confirm).toBeHidden();
  await expect(card(page, pro.name)).toBeVisible();
  expect(await statusOf(enterpriseId, pro.id)).toMatchObject({ status: "invitation_accepted" });

  await hydrated(page, js);
  await disconnect.click();
  await confirm.getByRole("button", { name: "Ontkoppelen" }).click();
  await expect(page.getByText("Professional ontkoppeld.")).toBeVisible();
  await hydrated(page, js);
  await expect(card(page, pro.name)).toHaveCount(0);
  expect(await statusOf(enterpriseId, pro.id)).toMatchObject({ status: "terminated_by_enterprise" });

  await card(page, declined.name).getByRole("button", { name: "Verbergen" }).click();
  await expect(page.getByText("De melding is verborgen.")).toBeVisible();
  await hydrated(page, js);
  await expect(card(page, declined.name)).toHaveCount(0);
  await expect(tab(page).getByLabel("(vraagt aandacht)")).toHaveCount(0);
  expect(await statusOf(enterpriseId, declined.id)).toMatchObject({ status: "invitation_declined", dismissed_by_enterprise: 1 });
});

// ---------------------------------------------------------------------------
// The professional's side: tab Sportcentra of 'Mijn FITNED.NL'
// ---------------------------------------------------------------------------

const sportTab = (page: Page) => page.getByRole("navigation", { name: "Onderdelen van de professional" }).getByRole("link", { name: /^Sportcentra/ });
const sportPanel = (page: Page) => page.getByRole("region", { name: "Sportcentra", exact: true });
const centre = (page: Page, name: string) => sportPanel(page).getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });

/** An establishment of the test's own (in a membership of its own); returns its id and name. */
async function sportCentre(testInfo: TestInfo, label: string) {
  const database = await db();
  const name = `E2E ${label} ${testInfo.project.name} ${Date.now()}`;
  const memberId = await insertMember(database, { name: `${name} lidmaatschap` });
  return { id: await insertEnterprise(database, memberId, { name }), name };
}

/** Opens the confirmation of `link` on a card, checks its question, and confirms with `button`. */
async function confirmOn(page: Page, js: boolean, card: ReturnType<typeof centre>, link: string, title: string, text: string, button: string) {
  await hydrated(page, js);
  await card.getByRole("link", { name: new RegExp(`^${link} `) }).click();
  const confirm = js ? page.getByRole("dialog", { name: title }) : sportPanel(page).getByRole("region", { name: title });
  await expect(confirm).toContainText(text);
  await confirm.getByRole("button", { name: button }).click();
}

test("a professional accepts one invitation and declines another after confirming, detaches, and hides an end by an establishment", async ({ page, js }, testInfo) => {
  const database = await db();
  const email = uniqueEmail(testInfo, "sportcentra");
  const userId = await createUser({ email, givenName: "Sophie", familyName: "Sportcentra" });
  const registrantId = await insertRegistrant(database, { userId, email, givenName: "Sophie", familyName: "Sportcentra" });
  const accepting = await sportCentre(testInfo, "Zwembad");
  const declining = await sportCentre(testInfo, "Sporthal");
  const ending = await sportCentre(testInfo, "Gym");
  await insertEmployment(accepting.id, registrantId, "invitation_sent");
  await insertEmployment(declining.id, registrantId, "invitation_sent");
  await insertEmployment(ending.id, registrantId, "terminated_by_enterprise");
  await signIn(page, js, email);
  await page.goto("/mijn-fitnednl");
  await hydrated(page, js);
  await sportTab(page).click();
  await expect(sportPanel(page)).toBeVisible();
  await expect(sportTab(page).getByLabel("(vraagt aandacht)")).toBeVisible();
  await expect(centre(page, accepting.name)).toContainText("Uitgenodigd");
  await expect(centre(page, ending.name)).toContainText("Ontkoppeld");

  // Cancelling first changes nothing.
  await hydrated(page, js);
  await centre(page, accepting.name).getByRole("link", { name: /^Accepteren / }).click();
  const asking = js ? page.getByRole("dialog", { name: "Uitnodiging accepteren" }) : sportPanel(page).getByRole("region", { name: "Uitnodiging accepteren" });
  await expect(asking).toContainText("Weet u zeker dat u deze uitnodiging wilt accepteren?");
  if (js) await asking.getByRole("button", { name: "Annuleren" }).click();
  else await asking.getByRole("link", { name: "Annuleren" }).click();
  await expect(asking).toBeHidden();
  expect(await statusOf(accepting.id, registrantId)).toMatchObject({ status: "invitation_sent" });

  await confirmOn(page, js, centre(page, accepting.name), "Accepteren", "Uitnodiging accepteren", "Weet u zeker dat u deze uitnodiging wilt accepteren?", "Accepteren");
  await expect(page.getByText("Uitnodiging geaccepteerd.")).toBeVisible();
  await expect(centre(page, accepting.name)).toContainText(/Werkzaam sinds \d{2}-\d{2}-\d{4}/);
  expect(await statusOf(accepting.id, registrantId)).toMatchObject({ status: "invitation_accepted" });

  await confirmOn(page, js, centre(page, declining.name), "Afwijzen", "Uitnodiging afwijzen", "Weet u zeker dat u deze uitnodiging wilt afwijzen?", "Afwijzen");
  await expect(page.getByText("Uitnodiging afgewezen.")).toBeVisible();
  await expect(centre(page, declining.name)).toHaveCount(0);
  expect(await statusOf(declining.id, registrantId)).toMatchObject({ status: "invitation_declined" });

  await hydrated(page, js);
  await centre(page, ending.name).getByRole("button", { name: "Verbergen" }).click();
  await expect(page.getByText("De melding is verborgen.")).toBeVisible();
  await expect(centre(page, ending.name)).toHaveCount(0);
  await expect(sportTab(page).getByLabel("(vraagt aandacht)")).toHaveCount(0);
  if (js) await screen(page, "employments-sportcentra-tab");

  await confirmOn(
    page,
    js,
    centre(page, accepting.name),
    "Ontkoppelen",
    "Loskoppelen van sportcentrum",
    "Weet u zeker dat u zich als professional wilt loskoppelen van dit sportcentrum?",
    "Ontkoppelen",
  );
  await expect(page.getByText("U bent losgekoppeld van dit sportcentrum.")).toBeVisible();
  await expect(centre(page, accepting.name)).toHaveCount(0);
  expect(await statusOf(accepting.id, registrantId)).toMatchObject({ status: "terminated_by_registrant" });
  await expect(sportPanel(page).getByText("Er zijn nog geen sportcentra aan deze professional gekoppeld.")).toBeVisible();
});
