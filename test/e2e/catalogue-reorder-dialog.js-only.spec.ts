import { expect, hydrated, screen, signIn, test } from "./support";
import { ADMIN, insertEntries, shownOrder, storedOrder, tagFor } from "./catalogue-reorder-support";

// The list's reorder dialog (part 2 §2.4 "List behaviour"), with JavaScript only: the project
// without it ignores this file (there the list's link opens the reorder page, tested in
// catalogue-reorder.spec.ts).

test.describe("the reorder dialog (with JavaScript)", () => {
  test("by keyboard: Space picks up, the arrows move, Space puts down, Escape puts back; announced in Dutch", async ({ page, js, violations }, testInfo) => {
    const tag = tagFor(testInfo);
    const names = [`${tag} Aerobics`, `${tag} Bodyflow`, `${tag} Cycling`];
    const ids = await insertEntries("group_lesson", names, "les_mills");
    await signIn(page, js, ADMIN);
    await page.goto("/beheer/groepslessen");
    await hydrated(page, js);
    const opener = page.getByRole("link", { name: "Volgorde wijzigen" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Volgorde wijzigen: Groepslessen" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Categorie").selectOption({ label: "Les Mills" });
    const handle = (name: string) => dialog.getByRole("button", { name, exact: true });
    await expect(handle(names[2])).toBeVisible();
    const count = await dialog.locator(".reorder-list__item").count();
    const live = dialog.locator("[aria-live=assertive]");

    await handle(names[2]).focus();
    await page.keyboard.press("Space");
    await expect(live).toHaveText(`${names[2]} opgepakt. Positie ${count} van ${count}.`);
    await page.keyboard.press("ArrowUp");
    await expect(live).toHaveText(`${names[2]} verplaatst naar positie ${count - 1} van ${count}.`);
    await expect(handle(names[2])).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Space");
    await expect(live).toHaveText(`${names[2]} neergezet op positie ${count - 2}.`);
    expect(await shownOrder(dialog, tag)).toEqual([names[2], names[0], names[1]]);

    // Escape while picked up puts the entry back and keeps the dialog open.
    await handle(names[0]).focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowDown");
    expect(await shownOrder(dialog, tag)).toEqual([names[2], names[1], names[0]]);
    await page.keyboard.press("Escape");
    await expect(live).toHaveText(`Verplaatsen geannuleerd. ${names[0]} staat weer op positie ${count - 1}.`);
    await expect(dialog).toBeVisible();
    expect(await shownOrder(dialog, tag)).toEqual([names[2], names[0], names[1]]);
    await screen(page, "catalogue-reorder-dialog");
    expect(await violations()).toEqual([]);

    // The 'Omhoog' and 'Omlaag' buttons do the same.
    await dialog.getByRole("button", { name: `${names[1]} omhoog` }).click();
    expect(await shownOrder(dialog, tag)).toEqual([names[2], names[1], names[0]]);
    await expect(dialog.getByRole("button", { name: `${names[1]} omhoog` })).toBeFocused();

    await dialog.getByRole("button", { name: "Opslaan" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Volgorde opgeslagen.")).toBeVisible();
    await expect(opener).toBeFocused();
    expect(await storedOrder("group_lesson", ids)).toEqual([ids[2], ids[1], ids[0]]);

    // Escape closes the dialog without saving; focus returns to the button.
    await opener.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("by mouse: drag an entry onto another's place; a list changed meanwhile is refused in the dialog", async ({ page, js }, testInfo) => {
    const tag = tagFor(testInfo);
    const names = [`${tag} Kinderen`, `${tag} Ouderen`, `${tag} Sporters`];
    const ids = await insertEntries("target_group", names);
    await signIn(page, js, ADMIN);
    await page.goto("/beheer/doelgroepen");
    await hydrated(page, js);
    await page.getByRole("link", { name: "Volgorde wijzigen" }).click();
    const dialog = page.getByRole("dialog", { name: "Volgorde wijzigen: Doelgroepen" });
    const handle = (name: string) => dialog.getByRole("button", { name, exact: true });
    await expect(handle(names[2])).toBeVisible();

    const from = (await handle(names[2]).boundingBox())!;
    const to = (await handle(names[0]).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 - 4, { steps: 12 });
    await page.mouse.up();
    await expect.poll(() => shownOrder(dialog, tag)).toEqual([names[2], names[0], names[1]]);
    await expect(dialog.locator("[aria-live=assertive]")).toContainText(`${names[2]} neergezet op positie`);

    // Someone else adds an entry before 'Opslaan': refused, with the stored order shown.
    const [late] = await insertEntries("target_group", [`${tag} Zwemmers`]);
    await dialog.getByRole("button", { name: "Opslaan" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("De lijst is intussen gewijzigd. Bekijk de nieuwe volgorde en probeer het opnieuw.");
    await expect.poll(() => shownOrder(dialog, tag)).toEqual([...names, `${tag} Zwemmers`]);
    expect(await storedOrder("target_group", [...ids, late])).toEqual([...ids, late]);

    // Again, now on the fresh order.
    await dialog.getByRole("button", { name: `${tag} Zwemmers omhoog` }).click();
    await dialog.getByRole("button", { name: "Opslaan" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Volgorde opgeslagen.")).toBeVisible();
    expect(await storedOrder("target_group", [...ids, late])).toEqual([ids[0], ids[1], late, ids[2]]);
  });
});

