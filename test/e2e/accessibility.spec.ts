import { ids, loadDemoIds, pathOf, PERSONAS, TABLE, type Persona } from "../route-table";
import { db, expect, field, hydrated, signIn, test } from "./support";

/**
 * Every page of the route table, for anonymous and every demo persona that may open it, checked
 * with axe-core against WCAG 2.1 A and AA: no serious or critical violation. A route added to
 * app/routes.ts (and so to the route table) is checked without a new test. With JavaScript on,
 * as most people use the portal; the pages without JavaScript are the same documents.
 */
test.describe("accessibility", () => {
  test.beforeAll(async () => {
    if (!ids.vaart) await loadDemoIds(await db());
  });

  const personas: Persona[] = ["anonymous", ...(Object.keys(PERSONAS) as Persona[])];
  // A persona's pages in parts, so that the two workers share the walk and each part has the
  // time of one test; the parts follow the route table, so a new route is walked without a new test.
  const PART = 15;
  for (const persona of personas) {
    const routes = TABLE.filter((route) => route.expect[persona] === "page");
    for (let start = 0; start < routes.length; start += PART) {
      const part = routes.slice(start, start + PART);
      test(`every page ${persona} may open has no serious or critical violation (${start + 1}–${start + part.length} of ${routes.length})`, async ({ page, js, violations }) => {
        test.setTimeout(240_000);
        if (persona !== "anonymous") await signIn(page, js, PERSONAS[persona as Exclude<Persona, "anonymous">]);
        const found: Record<string, string[]> = {};
        for (const route of part) {
          const path = pathOf(route);
          // Downloads and other resource routes are no pages.
          const head = await page.request.get(path, { maxRedirects: 0 });
          if (!(head.headers()["content-type"] ?? "").includes("text/html")) continue;
          // The logout confirmation would end the session only when confirmed; opening it is safe.
          await page.goto(path);
          await hydrated(page, js);
          const own = await violations();
          if (own.length) found[route.id] = own;
        }
        expect(found).toEqual({});
      });
    }
  }

  // A record page draws only its open tab; the walk above opens each on its first tab. The other
  // tabs, as the page's own tab bar lists them (so a new tab is walked without a new test).
  test("every other tab of the record pages has no serious or critical violation", async ({ page, js, violations }) => {
    test.setTimeout(240_000);
    await signIn(page, js, PERSONAS.admin);
    const found: Record<string, string[]> = {};
    for (const id of ["member_edit", "enterprise_edit", "registrant_edit", "user_edit"]) {
      const route = TABLE.find((r) => r.id === id);
      if (!route) throw new Error(`no route ${id}`);
      await page.goto(pathOf(route));
      const others = await page.locator(".tabs__bar a:not([aria-current])").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
      expect(others.length).toBeGreaterThan(0);
      for (const href of others) {
        await page.goto(href);
        await hydrated(page, js);
        const own = await violations();
        if (own.length) found[href] = own;
      }
    }
    expect(found).toEqual({});
  });

  test("a form with errors and an open confirmation dialog have no serious or critical violation", async ({ page, js, violations }) => {
    await signIn(page, js, PERSONAS.admin);
    await page.goto("/lidmaatschappen/toevoegen");
    await hydrated(page, js);
    await field(page, "Naam eigenaar").fill("Piet");
    await page.getByRole("button", { name: "Opslaan" }).click();
    await expect(page.getByRole("alert")).toContainText("Controleer de volgende velden");
    expect(await violations()).toEqual([]);

    await page.goto("/lidmaatschappen");
    await hydrated(page, js);
    await page.getByRole("link", { name: /^Verwijderen / }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test("the rich-text editor, loaded, with an error and maximised, has no serious or critical violation", async ({ page, js, violations }) => {
    await signIn(page, js, PERSONAS.admin);
    await page.goto(`/notificaties/bewerken/${ids.alert}`);
    await hydrated(page, js);
    // With JavaScript, once the editor has taken the textarea's place.
    if (js) await expect(field(page, "Tekst")).toBeHidden();
    const editor = js ? page.getByRole("textbox", { name: "Tekst" }) : field(page, "Tekst");
    await expect(editor).toBeVisible();
    expect(await violations()).toEqual([]);
    await field(page, "Onderwerp").fill("");
    await page.getByRole("button", { name: "Opslaan" }).click();
    await expect(page.getByRole("alert")).toContainText("Controleer de volgende velden");
    expect(await violations()).toEqual([]);
    if (js) {
      await page.getByRole("button", { name: "Maximaliseren" }).click();
      expect(await violations()).toEqual([]);
      await page.keyboard.press("Escape");
    }
  });
});
