import { insertEnterprise, insertMember } from "../fixtures";
import { PERSONAS } from "../route-table";
import { db, expect, field, hydrated, signIn, test } from "./support";

/**
 * Another tab replaces the open panel (only the open tab is on the page), so with JavaScript a tab
 * asks before it drops what was typed in the panel; a panel left untouched, or saved, opens
 * another tab at once. (Without JavaScript a tab is a page load, as any link.)
 */
test("a tab asks before it drops what was typed in the open one", async ({ page, js }, testInfo) => {
  const name = `Tabwissel ${testInfo.project.name} ${Date.now()}`;
  const id = await insertMember(await db(), { name });
  await insertEnterprise(await db(), id, { name: `${name} Centrum`, town: "Delft", street: "Markt", houseNr: "1" });
  await signIn(page, js, PERSONAS.admin);
  await page.goto(`/lidmaatschappen/bewerken/${id}`);
  await hydrated(page, js);
  const tabs = page.getByRole("navigation", { name: "Onderdelen van het lidmaatschap" });
  const panel = (label: string) => page.locator("section.tab-panel").and(page.getByRole("region", { name: label, exact: true }));
  const asked: string[] = [];

  // Nothing typed: the tab opens without a question.
  page.on("dialog", (dialog) => {
    asked.push(dialog.message());
    // The first question is answered 'cancel', the second 'OK'.
    void (asked.length === 1 ? dialog.dismiss() : dialog.accept());
  });
  await tabs.getByRole("link", { name: "Vestigingen" }).click();
  await expect(panel("Vestigingen").getByRole("link", { name: `${name} Centrum` })).toBeVisible();
  expect(asked).toEqual([]);

  // Typed in Algemeen: cancelling the question keeps the tab and what was typed.
  await tabs.getByRole("link", { name: "Algemeen" }).click();
  await expect(field(page, "Naam")).toHaveValue(name);
  await field(page, "Naam").fill(`${name} gewijzigd`);
  await tabs.getByRole("link", { name: "Vestigingen" }).click();
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toBe("U heeft op dit tabblad wijzigingen die nog niet zijn opgeslagen. Als u een ander tabblad opent, gaan deze verloren. Wilt u doorgaan?");
  await expect(page).toHaveURL(/\?tab=algemeen#algemeen$/);
  await expect(field(page, "Naam")).toHaveValue(`${name} gewijzigd`);

  // Confirming opens the other tab; the change was not saved.
  await tabs.getByRole("link", { name: "Vestigingen" }).click();
  await expect.poll(() => asked.length).toBe(2);
  await expect(page).toHaveURL(/\?tab=vestigingen#vestigingen$/);
  await expect(panel("Vestigingen")).toBeVisible();
  const stored = await (await db()).selectFrom("members").select("name").where("id", "=", id).executeTakeFirstOrThrow();
  expect(stored.name).toBe(name);
});

test("after a refused save the panel still holds what was typed, and a tab asks before it drops it", async ({ page, js }, testInfo) => {
  const database = await db();
  const stamp = `${testInfo.project.name} ${Date.now()}`;
  const memberId = await insertMember(database, { name: `Geweigerd ${stamp}` });
  const taken = 700_000 + (Date.now() % 100_000);
  await insertEnterprise(database, memberId, { name: `Geweigerd ${stamp} Noord`, lidnummer: taken });
  const id = await insertEnterprise(database, memberId, { name: `Geweigerd ${stamp} Zuid`, lidnummer: null, town: "Delft" });
  await signIn(page, js, PERSONAS.admin);
  await page.goto(`/vestigingen/bewerken/${id}`);
  await hydrated(page, js);
  const tabs = page.getByRole("navigation", { name: "Onderdelen van de vestiging" });
  const asked: string[] = [];
  page.on("dialog", (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });

  // A number another establishment has: only the server knows, and refuses the save.
  await field(page, "Lidnummer").fill(String(taken));
  await field(page, "Telefoonnummer").fill("015-123 45 67");
  await page.getByLabel("Pand").selectOption({ label: "Huurpand" });
  await page.getByLabel("Via e-mail").check();
  await field(page, "E-mailadres voor facturen").fill("facturen@voorbeeld.nl");
  await page.getByRole("region", { name: "Algemeen", exact: true }).getByRole("button", { name: "Opslaan", exact: true }).last().click();
  await expect(page.getByText("Dit lidnummer is al in gebruik.").first()).toBeVisible();

  // The form shows what was typed, unsaved: another tab asks first, and cancelling keeps it.
  await tabs.getByRole("link", { name: "Logboek" }).click();
  await expect.poll(() => asked.length).toBe(1);
  await expect(field(page, "Lidnummer")).toHaveValue(String(taken));
  await expect(field(page, "Telefoonnummer")).toHaveValue("015-123 45 67");
});
