import type { Locator, Page } from "@playwright/test";
import { insertEnterprise, insertMember } from "../fixtures";
import { db, expect, expectFieldError, hydrated, latestMailTo, signIn, test, uniqueEmail } from "./support";

// The training-campaign part of the establishment form: the cascade e-mail → course → trainer →
// date and location, by JavaScript at once, without it by 'Keuzes bijwerken'.
const INTEREST = "Wij hebben interesse in de scholingscampagne Nederland Leert Door";

/** The control labelled `label` inside `scope` (labels may end in the required marker). */
function control(scope: Locator, label: string) {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return scope.getByLabel(new RegExp(`^${escaped}\\s*\\*?$`)).and(scope.page().locator("input, select"));
}

const group = (page: Page, name: string) => page.getByRole("group", { name, exact: true });
const participant = (page: Page, n: number) => group(page, `Deelnemer ${n}`);

async function newEnterprise(label: string): Promise<number> {
  const database = await db();
  const memberId = await insertMember(database, { name: `E2E Campagne ${label} ${Date.now()}` });
  return insertEnterprise(database, memberId, { name: `E2E Campagnevestiging ${label}` });
}

async function optionValues(select: Locator): Promise<string[]> {
  return select.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
}

test("admin signs two participants up for the campaign", async ({ page, js }, testInfo) => {
  const id = await newEnterprise(testInfo.project.name);
  await signIn(page, js, "beheer@voorbeeld.nl");
  await page.goto(`/vestigingen/bewerken/${id}`);
  await hydrated(page, js);

  const interest = page.getByLabel(INTEREST);
  const contact = group(page, "Contactpersoon voor de campagne");
  const first = participant(page, 1);
  const refresh = page.getByRole("button", { name: "Keuzes bijwerken" });

  if (js) {
    // With JavaScript the details follow the box, and no refresh button is needed.
    await expect(contact).toBeHidden();
    await expect(refresh).toHaveCount(0);
    await interest.check();
    await expect(contact).toBeVisible();
  } else {
    // Without JavaScript everything is there from the start.
    await expect(contact).toBeVisible();
    await expect(refresh).toBeVisible();
    await interest.check();
  }

  await control(contact, "E-mailadres").fill("campagne@voorbeeld.nl");
  await control(contact, "Voornaam").fill("Sanne");
  await control(contact, "Achternaam").fill("Vries");
  const participantEmail = uniqueEmail(testInfo, "deelnemer");
  await control(first, "E-mailadres deelnemer").fill(participantEmail);

  // Course → trainer → date, each list built from the choice before it.
  await control(first, "Opleiding").selectOption({ label: "Fitnesstrainer B" });
  if (!js) await refresh.click();
  await expect(control(first, "Opleider").locator("option", { hasText: "Vitaal Vakopleidingen" })).toHaveCount(1);
  await expect(control(first, "Opleider").locator("option", { hasText: "Sportopleidingen Holland" })).toHaveCount(0);
  await control(first, "Opleider").selectOption({ label: "Vitaal Vakopleidingen" });
  if (!js) await refresh.click();
  await control(first, "Datum en locatie").selectOption({ label: "20-01-2022 Nijmegen" });
  if (!js) await refresh.click();
  await expect(control(first, "Datum en locatie")).toHaveValue("2022-01-20-nijmegen");

  // Changing the course clears trainer and date.
  await control(first, "Opleiding").selectOption({ label: "Fitnesstrainer A" });
  if (!js) await refresh.click();
  await expect(control(first, "Opleiding")).toHaveValue("fitnesstrainer-a");
  await expect(control(first, "Opleider")).toHaveValue("");
  await expect(control(first, "Datum en locatie")).toHaveValue("");
  expect(await optionValues(control(first, "Datum en locatie"))).toEqual([""]);

  // Choose again; then changing the trainer clears the date.
  await control(first, "Opleider").selectOption({ label: "Fit Academie Nederland" });
  if (!js) await refresh.click();
  await control(first, "Datum en locatie").selectOption({ label: "15-11-2021 Amsterdam" });
  await control(first, "Opleider").selectOption({ label: "BeweegCollege" });
  if (!js) await refresh.click();
  await expect(control(first, "Opleider")).toHaveValue("beweegcollege");
  await expect(control(first, "Datum en locatie")).toHaveValue("");

  // Changing the e-mail clears course, trainer and date.
  await control(first, "Datum en locatie").selectOption({ label: "29-11-2021 Eindhoven" });
  await control(first, "E-mailadres deelnemer").fill(`ander-${participantEmail}`);
  if (!js) await refresh.click();
  await expect(control(first, "Opleiding")).toHaveValue("");
  await expect(control(first, "Opleider")).toHaveValue("");
  await expect(control(first, "Datum en locatie")).toHaveValue("");

  // Participant 2 started but not finished: its next field is required.
  const second = participant(page, 2);
  await control(second, "E-mailadres deelnemer").fill(uniqueEmail(testInfo, "tweede"));
  await control(first, "Opleiding").selectOption({ label: "Fitnesstrainer A" });
  if (!js) await refresh.click();
  await control(first, "Opleider").selectOption({ label: "Fit Academie Nederland" });
  if (!js) await refresh.click();
  await control(first, "Datum en locatie").selectOption({ label: "15-11-2021 Amsterdam" });
  await page.getByRole("button", { name: "Opslaan", exact: true }).click();
  await expectFieldError(control(second, "Opleiding"), "Dit is een verplicht veld");
  if (js) await page.locator("#scholingscampagne").screenshot({ path: "test-results/screens/h2-campaign-errors.png" });

  // Participant 2 emptied again: saved, participant 1 submitted and read-only, mail sent.
  await control(second, "E-mailadres deelnemer").fill("");
  await page.getByRole("button", { name: "Opslaan", exact: true }).click();
  await expect(page.getByText("Vestiging opgeslagen.")).toBeVisible();
  await hydrated(page, js);
  await expect(first.getByText("Deze aanmelding is verstuurd en kan niet meer worden gewijzigd.")).toBeVisible();
  await expect(first.getByText(`ander-${participantEmail}`)).toBeVisible();
  await expect(first.getByText("15-11-2021 Amsterdam")).toBeVisible();
  await expect(control(first, "E-mailadres deelnemer")).toHaveCount(0);
  await expect(control(participant(page, 2), "Opleiding")).toBeVisible();
  await expect.poll(() => latestMailTo(`ander-${participantEmail}`) ?? "").toContain("/aanmelding-nederland-leert-door/");
  if (js) await page.locator("#scholingscampagne").screenshot({ path: "test-results/screens/h2-campaign-submitted.png" });
});
