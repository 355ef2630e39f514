import { db, expect, expectFieldError, field, hydrated, screen, signIn, test } from "./support";

test("admin adds, edits, finds and deletes a facility", async ({ page, js }, testInfo) => {
  const name = `E2E Zwembad ${testInfo.project.name} ${Date.now()}`;
  await signIn(page, js, "beheer@voorbeeld.nl");
  await page.goto("/beheer/faciliteiten");
  await hydrated(page, js);
  await expect(page.getByRole("heading", { level: 1, name: /^Faciliteiten \(\d+\)$/ })).toBeVisible();
  await page.getByRole("link", { name: "Toevoegen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Faciliteit toevoegen" })).toBeVisible();
  await expect(page.getByText("* Verplicht veld.")).toBeVisible();
  await hydrated(page, js);

  // Without a name: the message beside the field, what was typed stays.
  await field(page, "Omschrijving").fill("Binnenbad van 25 meter.");
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expectFieldError(field(page, "Naam"), "Dit is een verplicht veld");
  await expect(field(page, "Omschrijving")).toHaveValue("Binnenbad van 25 meter.");

  await field(page, "Naam").fill(name);
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText("Faciliteit opgeslagen.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(field(page, "Omschrijving")).toHaveValue("Binnenbad van 25 meter.");
  await screen(page, `catalogue-edit-${testInfo.project.name}`);

  // Annuleren opens the form again as stored.
  await hydrated(page, js);
  await field(page, "Omschrijving").fill("Niet bewaard");
  await page.getByRole("link", { name: "Annuleren" }).click();
  await expect(field(page, "Omschrijving")).toHaveValue("Binnenbad van 25 meter.");

  // Search with Enter, then delete after the confirmation.
  await page.goto("/beheer/faciliteiten");
  await hydrated(page, js);
  await page.getByRole("searchbox").fill(name);
  await page.getByRole("searchbox").press("Enter");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible();
  await row.getByRole("link", { name: `Verwijderen ${name}` }).click();
  const confirm = js ? page.getByRole("dialog", { name: "Item verwijderen" }) : page.getByRole("main");
  await expect(confirm).toContainText("Weet u zeker dat u dit item wilt verwijderen?");
  await confirm.getByRole("button", { name: "Definitief verwijderen" }).click();
  await expect(page.getByText("Faciliteit verwijderd.")).toBeVisible();
  await expect(page.getByText("Geen resultaten gevonden")).toBeVisible();
  const database = await db();
  expect(await database.selectFrom("facilities").select("id").where("name", "=", name).executeTakeFirst()).toBeUndefined();
});

test("a qualification needs its level and a numeric level value", async ({ page, js }) => {
  await signIn(page, js, "beheer@voorbeeld.nl");
  await page.goto("/beheer/diplomas/toevoegen");
  await hydrated(page, js);
  await field(page, "Naam").fill("Groepsfitnessinstructeur");
  await field(page, "Niveauwaarde").fill("drie");
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expectFieldError(field(page, "Niveau"), "Dit is een verplicht veld");
  await expectFieldError(field(page, "Niveauwaarde"), "U dient hier alleen cijfers in te voeren");
  await expect(field(page, "Naam")).toHaveValue("Groepsfitnessinstructeur");
});
