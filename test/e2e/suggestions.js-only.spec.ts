import { PERSONAS } from "../route-table";
import { expect, field, hydrated, signIn, test } from "./support";

/**
 * A field's suggestions are fetched in the background. When the server answers that fetch with a
 * redirect (the session ended, or an imitation that began meanwhile no longer allows the list),
 * the browser must not follow it: the page it leads to would be drawn unseen and take the
 * session's notification (such as 'U imiteert nu …') before the page the person goes to shows it.
 */
test("a suggestion fetch that is redirected is not followed", async ({ page, js }) => {
  await signIn(page, js, PERSONAS.superAdmin);
  await page.goto("/imitate");
  await hydrated(page, js);
  const followed: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).searchParams.get("next") === "/imitate/gebruikers") followed.push(request.url());
  });
  const redirected: string[] = [];
  await page.route("**/imitate/gebruikers?*", (route) => {
    redirected.push(route.request().url());
    return route.fulfill({ status: 302, headers: { Location: "/?next=%2Fimitate%2Fgebruikers" } });
  });

  await field(page, "Zoek gebruiker").pressSequentially("vaa");
  // The field shows that it has nothing to suggest (a followed redirect ended in a page, which is
  // no list of suggestions, and showed nothing), and the page the redirect names was not asked for.
  await expect(page.getByText("Geen resultaten gevonden", { exact: true })).toBeVisible();
  expect(redirected).toHaveLength(1);
  expect(followed).toEqual([]);
});
