import { db, expect, field, hydrated, screen, signIn, submit, test } from "./support";

const PDF = (title: string) => ({ name: `${title}.pdf`, mimeType: "application/pdf", buffer: Buffer.from(`%PDF-1.4\n% ${title}\n%%EOF\n`) });

test("admin adds a download with a description and two files, then puts the second file first", async ({ page, js }, testInfo) => {
  const name = `E2E Huisregels ${testInfo.project.name} ${Date.now()}`;
  // A category of the test's own: the downloads page other tests read shows the demo documents.
  const category = `E2E categorie ${testInfo.project.name} ${Date.now()}`;
  await (await db()).insertInto("document_categories").values({ name: category, allow_non_members: 0, sequence: 1000 }).execute();
  await signIn(page, js, "beheer@voorbeeld.nl");
  await page.goto("/beheer/downloads/toevoegen");
  await hydrated(page, js);
  await expect(page.getByRole("heading", { level: 1, name: "Download toevoegen" })).toBeVisible();
  await field(page, "Categorie").selectOption({ label: category });
  await field(page, "Naam").fill(name);
  if (js) {
    // The editor takes the textarea's place; its table button makes a table of 3 by 3.
    await expect(field(page, "Omschrijving")).toBeHidden();
    const editor = page.getByRole("textbox", { name: "Omschrijving" });
    await editor.click();
    await page.keyboard.type("Openingstijden:");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Tabel invoegen" }).click();
    await page.keyboard.type("Maandag");
    await expect(editor.locator("table td")).toHaveCount(9);
  } else {
    await field(page, "Omschrijving").fill("<p>Openingstijden:</p><table><tbody><tr><td>Maandag</td></tr></tbody></table>");
  }
  await page.getByLabel("Bestanden toevoegen").setInputFiles([PDF("Huisregels"), PDF("Ontruimingsplan")]);
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText("Download opgeslagen.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  const files = page.locator(".document-files__item");
  await expect(files).toHaveCount(2);
  await expect(files.nth(0)).toContainText("Huisregels.pdf");
  await hydrated(page, js);
  await page.getByRole("button", { name: "Ontruimingsplan.pdf omhoog" }).click();
  await expect(files.nth(0)).toContainText("Ontruimingsplan.pdf");
  await screen(page, `download-edit-${testInfo.project.name}`);
  // The notification of the first save may still be on screen: wait for this save's answer.
  await submit(page.getByRole("button", { name: "Opslaan" }));
  await expect(page.getByText("Download opgeslagen.")).toBeVisible();
  await expect(files.nth(0)).toContainText("Ontruimingsplan.pdf");

  const database = await db();
  const document = await database.selectFrom("documents").select(["id", "description"]).where("name", "=", name).executeTakeFirstOrThrow();
  expect(document.description).toContain("<table>");
  expect(document.description).toContain("Maandag");
  const stored = await database
    .selectFrom("document_files")
    .innerJoin("files", "files.id", "document_files.file_id")
    .select("files.original_name")
    .where("document_id", "=", document.id)
    .orderBy("document_files.sequence")
    .execute();
  expect(stored.map((f) => f.original_name)).toEqual(["Ontruimingsplan.pdf", "Huisregels.pdf"]);
});

test("admin edits a text; its ref stays read-only", async ({ page, js }, testInfo) => {
  await signIn(page, js, "beheer@voorbeeld.nl");
  const database = await db();
  // A text of the test's own: the portal's texts are shown on pages other tests read.
  const ref = `e2e_${testInfo.project.name.replace(/\W/g, "_")}_${Date.now()}`;
  const { id } = await database.insertInto("texts").values({ ref, name: "E2E tekst", content: "<p>Oud</p>" }).returning("id").executeTakeFirstOrThrow();
  await page.goto(`/beheer/teksten/bewerken/${id}`);
  await hydrated(page, js);
  await expect(field(page, "Referentie")).toHaveValue(ref);
  await expect(field(page, "Referentie")).toHaveAttribute("readonly", "");
  if (js) {
    await expect(field(page, "Inhoud")).toBeHidden();
    const editor = page.getByRole("textbox", { name: "Inhoud" });
    await editor.click();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("Bel de helpdesk.");
  } else {
    await field(page, "Inhoud").fill("<p>Bel de helpdesk.</p>");
  }
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText("Tekst opgeslagen.")).toBeVisible();
  const stored = await database.selectFrom("texts").select(["ref", "content"]).where("id", "=", id).executeTakeFirstOrThrow();
  expect(stored).toEqual({ ref, content: "<p>Bel de helpdesk.</p>" });
});
