import { insertEnterprise, insertMember } from "../fixtures";
import { db, expect, field, hydrated, screen, signIn, test } from "./support";

/** An establishment's Logboek: filter on a tab (on change with JavaScript, 'Filteren' without), page two. */
test("establishment log: filter on a tab and page, keeping the Logboek open", async ({ page, js }, testInfo) => {
  const database = await db();
  const memberId = await insertMember(database);
  const id = await insertEnterprise(database, memberId, { name: `Logboek ${testInfo.project.name} ${Date.now()}` });
  const admin = await database.selectFrom("users").select("id").where("email", "=", "beheer@voorbeeld.nl").executeTakeFirstOrThrow();
  // Eleven Algemeen entries and one Aanbod entry (passed on), a minute apart, Aanbod the newest.
  await database
    .insertInto("enterprise_log")
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        enterprise_id: id,
        form: i === 11 ? "options" : "main",
        finalize: i === 11 ? 1 : 0,
        user_id: admin.id,
        imitating: 0,
        content: "",
        created: new Date(Date.UTC(2025, 4, 1, 8, i)).toISOString(),
      })),
    )
    .execute();

  await signIn(page, js, "beheer@voorbeeld.nl");
  await page.goto(`/vestigingen/bewerken/${id}?tab=logboek#logboek`);
  await hydrated(page, js);
  const panel = page.getByRole("region", { name: "Logboek", exact: true });
  await expect(panel).toBeVisible();
  // The body's rows (the last row group; the first holds the column headers).
  const rows = panel.getByRole("rowgroup").last().getByRole("row");
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toContainText("Tab Aanbod gewijzigd en doorgegeven");
  await expect(rows.first()).toContainText("Bart de Beheerder");

  await field(page, "Tab").selectOption({ label: "Algemeen" });
  if (js) await expect(panel.getByRole("button", { name: "Filteren" })).toHaveCount(0);
  else await panel.getByRole("button", { name: "Filteren" }).click();
  await expect(page).toHaveURL(/\?tab=logboek&logboek-tab=algemeen#logboek$/);
  await expect(panel).toBeVisible();
  await expect(rows.first()).toContainText("Tab Algemeen gewijzigd");
  await expect(panel).not.toContainText("Tab Aanbod");
  await expect(rows).toHaveCount(10);
  if (js) await screen(page, "21-enterprise-log");

  await panel.getByRole("navigation", { name: "Paginering" }).getByRole("link", { name: "Pagina 2" }).click();
  await expect(page).toHaveURL(/\?tab=logboek&logboek-tab=algemeen&logboek=2#logboek$/);
  await expect(panel).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(field(page, "Tab")).toHaveValue("algemeen");
  await expect(rows.first()).toContainText("01-05-2025 10:00");
});
