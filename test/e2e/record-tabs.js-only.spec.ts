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
