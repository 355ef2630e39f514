import { insertEnterprise, insertMember } from "../fixtures";
import { db, expect, expectFieldError, field, hydrated, signIn, test, uniqueEmail } from "./support";

test("admin adds an account to a membership, gives it roles, and deactivates and activates it", async ({ page, js }, testInfo) => {
  const database = await db();
  const memberName = `E2E Accountsclub ${testInfo.project.name} ${Date.now()}`;
  const memberId = await insertMember(database, { name: memberName });
  const establishments = [
    await insertEnterprise(database, memberId, { name: "Vestiging Oost" }),
    await insertEnterprise(database, memberId, { name: "Vestiging West" }),
  ];
  const email = uniqueEmail(testInfo, "lidaccount");

  await signIn(page, js, "beheer@voorbeeld.nl");
  await page.goto(`/lidmaatschappen/bewerken/${memberId}/account-toevoegen`);
  await hydrated(page, js);
  await expect(page.getByRole("heading", { name: "Account toevoegen", level: 1 })).toBeVisible();
  await expect(page.getByText(memberName)).toBeVisible();
  await expect(page.getByRole("link", { name: "Annuleren" })).toHaveAttribute("href", `/lidmaatschappen/bewerken/${memberId}?tab=accounts#accounts`);

  // A wrong address and a missing name first.
  await field(page, "E-mailadres").fill("geen-adres");
  await field(page, "Achternaam").fill("Accounttest");
  await page.getByRole("button", { name: "Opslaan" }).click();
  const main = page.getByRole("main");
  await expectFieldError(field(page, "E-mailadres"), "U dient een geldig e-mailadres in te voeren");
  await expectFieldError(field(page, "Voornaam"), "Dit is een verplicht veld");
  await expect(main.getByText("Dit is een verplicht veld", { exact: true }).first()).toBeVisible();
  // With JavaScript focus moves to the first invalid field.
  if (js) await expect(field(page, "E-mailadres")).toBeFocused();
  await expect(field(page, "Achternaam")).toHaveValue("Accounttest");

  await field(page, "E-mailadres").fill(email);
  await field(page, "Voornaam").fill("Anouk");
  await field(page, "Telefoonnummer").fill("06-12345678");
  await expect(field(page, "Activatiemail verzenden")).toBeChecked();
  await field(page, "Activatiemail verzenden").uncheck();
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page).toHaveURL(/\/account-bewerken\/\d+$/);
  await expect(page.getByText("Account aangemaakt.", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Anouk Accounttest", level: 1 })).toBeVisible();
  const userId = Number(page.url().match(/account-bewerken\/(\d+)/)![1]);

  // Rollen: 'Alles selecteren' ticks every establishment of the manager list.
  await hydrated(page, js);
  await page.getByRole("link", { name: "Rollen" }).click();
  await expect(page).toHaveURL(/\?tab=rollen#rollen$/);
  const managers = page.getByRole("group", { name: "Beheerder van vestigingen" });
  await expect(managers.getByRole("checkbox", { name: "Vestiging Oost" })).not.toBeChecked();
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posts += 1;
  });
  await managers.getByRole("button", { name: "Alles selecteren" }).click();
  await expect(managers).toBeVisible();
  await expect(managers.getByRole("checkbox", { name: "Vestiging Oost" })).toBeChecked();
  await expect(managers.getByRole("checkbox", { name: "Vestiging West" })).toBeChecked();
  // With JavaScript the boxes are ticked in the page; without it the server showed the form again.
  expect(posts).toBe(js ? 0 : 1);
  await managers.getByRole("button", { name: "Niets selecteren" }).click();
  await expect(managers.getByRole("checkbox", { name: "Vestiging Oost" })).not.toBeChecked();
  await hydrated(page, js);
  await managers.getByRole("button", { name: "Alles selecteren" }).click();
  await expect(managers.getByRole("checkbox", { name: "Vestiging West" })).toBeChecked();
  await hydrated(page, js);
  await page.getByRole("checkbox", { name: "Beheerder lidmaatschap" }).check();
  const contacts = page.getByRole("group", { name: "Contactpersoon van vestigingen" });
  await contacts.getByRole("checkbox", { name: "Vestiging West" }).check();
  await page.getByRole("region", { name: "Rollen" }).getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText("Rollen opgeslagen.")).toBeVisible();
  await expect(page).toHaveURL(/\?tab=rollen#rollen$/);
  await expect(managers.getByRole("checkbox", { name: "Vestiging West" })).toBeChecked();
  await expect(contacts.getByRole("checkbox", { name: "Vestiging West" })).toBeChecked();
  await expect(contacts.getByRole("checkbox", { name: "Vestiging Oost" })).not.toBeChecked();

  const managed = await database.selectFrom("enterprise_managers").select("enterprise_id").where("user_id", "=", userId).execute();
  expect(managed.map((r) => r.enterprise_id).sort()).toEqual([...establishments].sort());
  const user = await database.selectFrom("users").select(["manager_member", "enabled"]).where("id", "=", userId).executeTakeFirstOrThrow();
  expect(user).toEqual({ manager_member: 1, enabled: 0 });

  // A new account is not active yet: activate it, then deactivate it.
  await hydrated(page, js);
  await expect(page.getByRole("button", { name: "Activatiemail verzenden" })).toBeVisible();
  await page.getByRole("button", { name: "Activeren" }).click();
  await expect(page.getByText("Account geactiveerd.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Activatiemail verzenden" })).toHaveCount(0);
  await hydrated(page, js);
  await page.getByRole("button", { name: "Deactiveren" }).click();
  await expect(page.getByText("Account gedeactiveerd.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Activeren" })).toBeVisible();
  const after = await database.selectFrom("users").select("enabled").where("id", "=", userId).executeTakeFirstOrThrow();
  expect(after.enabled).toBe(0);
});
