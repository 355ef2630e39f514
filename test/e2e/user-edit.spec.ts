import { insertMember, insertUser } from "../fixtures";
import { db, expect, field, hydrated, linkIn, nextMailTo, signIn, test, uniqueEmail } from "./support";

const NEW_PASSWORD = "Herfst-Kade-Lantaarn-73";

test("admin adds an account with a membership and the activation mail, and the person activates it", async ({ page, browser, js }, testInfo) => {
  const database = await db();
  const memberName = `E2E Registerclub ${testInfo.project.name} ${Date.now()}`;
  const memberId = await insertMember(database, { name: memberName });
  const email = uniqueEmail(testInfo, "register");

  await signIn(page, js, "beheer@voorbeeld.nl");
  await page.goto("/accounts");
  await page.getByRole("link", { name: "Toevoegen" }).click();
  await expect(page.getByRole("heading", { name: "Account toevoegen", level: 1 })).toBeVisible();
  await hydrated(page, js);
  await field(page, "E-mailadres").fill(email);
  await field(page, "Voornaam").fill("Roos");
  await field(page, "Achternaam").fill("Register");
  await field(page, "Lidmaatschap zoeken").fill(memberName);
  if (js) {
    await page.getByRole("option", { name: memberName }).click();
  } else {
    // Without JavaScript the search shows the form again with the matches to choose from.
    await page.getByRole("button", { name: "Zoeken" }).click();
    await field(page, "Lidmaatschap").selectOption({ label: memberName });
    await expect(field(page, "Voornaam")).toHaveValue("Roos");
  }
  await expect(field(page, "Rechten")).toHaveValue("user");
  await expect(field(page, "Activatiemail verzenden")).toBeChecked();
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText("Account aangemaakt. Er is een activatiemail verstuurd.")).toBeVisible();
  await expect(page).toHaveURL(/\/accounts\/bewerken\/\d+$/);
  await expect(page.getByRole("heading", { name: "Roos Register", level: 1 })).toBeVisible();
  await expect(page.getByText(`Lidmaatschap: ${memberName}`)).toBeVisible();
  await expect(page.getByText("Niet actief")).toBeVisible();
  const stored = await database.selectFrom("users").select(["member_id", "role", "enabled"]).where("email", "=", email).executeTakeFirstOrThrow();
  expect(stored).toEqual({ member_id: memberId, role: "user", enabled: 0 });

  // The person follows the mailed link in a browser of their own.
  const link = linkIn(await nextMailTo(email), "/register/confirm/");
  const visitor = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, javaScriptEnabled: js });
  const own = await visitor.newPage();
  await own.goto(link);
  await hydrated(own, js);
  await expect(own.getByRole("heading", { name: "Account activeren" })).toBeVisible();
  await field(own, "Wachtwoord").fill(NEW_PASSWORD);
  await field(own, "Herhaal wachtwoord").fill(NEW_PASSWORD);
  await own.getByRole("button", { name: "Account activeren" }).click();
  await expect(own.getByText("Uw account is geactiveerd. U kunt nu inloggen.")).toBeVisible();
  await visitor.close();
  expect((await database.selectFrom("users").select("enabled").where("email", "=", email).executeTakeFirstOrThrow()).enabled).toBe(1);

  // The admin's page shows the account active now, with Deactiveren.
  await page.reload();
  await expect(page.getByRole("button", { name: "Deactiveren" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Activatiemail verzenden" })).toHaveCount(0);
});

test("a membership's manager adds and changes the membership's own accounts", async ({ page, js }, testInfo) => {
  const database = await db();
  const email = uniqueEmail(testInfo, "eigen");
  const familyName = `Eigen ${testInfo.project.name} ${Date.now()}`;

  await signIn(page, js, "lid@voorbeeld.nl");
  await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Accounts" }).click();
  await expect(page.getByRole("heading", { name: "Accounts", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Account toevoegen" }).click();
  await expect(page.getByRole("link", { name: "Annuleren" })).toHaveAttribute("href", "/mijn-accounts");
  // A manager sets no rights and no membership: the account joins the own membership.
  await expect(page.getByText("Rechten")).toHaveCount(0);
  await hydrated(page, js);
  await field(page, "E-mailadres").fill(email);
  await field(page, "Voornaam").fill("Eva");
  await field(page, "Achternaam").fill(familyName);
  await field(page, "Activatiemail verzenden").uncheck();
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText("Account aangemaakt.", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/mijn-accounts\/account-bewerken\/\d+$/);

  await hydrated(page, js);
  await page.getByRole("link", { name: "Rollen" }).click();
  await page.getByRole("checkbox", { name: "Contactpersoon lidmaatschap" }).check();
  await page.getByRole("region", { name: "Rollen" }).getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText("Rollen opgeslagen.")).toBeVisible();

  await hydrated(page, js);
  await page.getByRole("button", { name: "Activeren" }).click();
  await expect(page.getByText("Account geactiveerd.")).toBeVisible();
  const stored = await database.selectFrom("users").select(["contact_member", "enabled", "role"]).where("email", "=", email).executeTakeFirstOrThrow();
  expect(stored).toEqual({ contact_member: 1, enabled: 1, role: "user" });

  // The card on the list shows the new role.
  await page.goto("/mijn-accounts");
  const card = page.locator("article.user-card").filter({ has: page.getByRole("link", { name: `Eva ${familyName}`, exact: true }) });
  await expect(card).toBeVisible();
  await expect(card.getByText("LC", { exact: true })).toBeVisible();
});

test("an admin clears an account's membership, dropping its roles there", async ({ page, js }, testInfo) => {
  const database = await db();
  const memberName = `E2E Loslaatclub ${testInfo.project.name} ${Date.now()}`;
  const memberId = await insertMember(database, { name: memberName });
  const user = await insertUser(database, { memberId, managerMember: true, givenName: "Loes", familyName: "Los" });

  await signIn(page, js, "beheer@voorbeeld.nl");
  await page.goto(`/accounts/bewerken/${user.id}`);
  await hydrated(page, js);
  await expect(page.getByText(`Lidmaatschap: ${memberName}`)).toBeVisible();
  if (js) {
    await page.getByRole("button", { name: "Geen lidmaatschap" }).click();
    await expect(page.getByText("Bij een ander lidmaatschap vervallen de rollen")).toBeVisible();
  } else {
    await page.getByRole("button", { name: "Zoeken" }).click();
    await field(page, "Lidmaatschap").selectOption({ label: "Geen lidmaatschap" });
  }
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText("Account opgeslagen.")).toBeVisible();
  await expect(page.getByText("Lidmaatschap: Geen lidmaatschap")).toBeVisible();
  await expect(page.getByRole("link", { name: "Rollen" })).toHaveCount(0);
  const stored = await database.selectFrom("users").select(["member_id", "manager_member"]).where("id", "=", user.id).executeTakeFirstOrThrow();
  expect(stored).toEqual({ member_id: null, manager_member: 0 });
});

test("the register's add form works with the keyboard alone: Tab between fields, Enter saves", async ({ page, js }, testInfo) => {
  const database = await db();
  const email = uniqueEmail(testInfo, "toetsenbord");

  await signIn(page, js, "beheer@voorbeeld.nl");
  await page.goto("/accounts/toevoegen");
  await hydrated(page, js);
  await field(page, "E-mailadres").focus();
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await expect(field(page, "Voornaam")).toBeFocused();
  await page.keyboard.type("Tim");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(field(page, "Achternaam")).toBeFocused();
  await page.keyboard.type("Toets");
  // Enter in a field saves (not the membership search, whose button is in the same form).
  await page.keyboard.press("Enter");
  await expect(page.getByText("Account aangemaakt. Er is een activatiemail verstuurd.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Tim Toets", level: 1 })).toBeVisible();
  const stored = await database.selectFrom("users").select(["member_id", "role"]).where("email", "=", email).executeTakeFirstOrThrow();
  expect(stored).toEqual({ member_id: null, role: "user" });
});
