import { beforeAll, describe, expect, it } from "vitest";
import { sendAlertMail } from "../../app/lib/mail.server";
import { uniqueEmail } from "../fixtures";
import {
  breadcrumbs,
  control,
  errorSummary,
  fieldError,
  getDb,
  heading,
  notificationIn,
  parsePage,
  signIn,
  tableRows,
  textOf,
  type Client,
} from "./support";

const REQUIRED = "Dit is een verplicht veld";

/** An alert of this test's own, so that editing it changes no mail another test reads. */
async function ownAlert(): Promise<{ id: number; ref: string }> {
  const ref = `test_alert_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const row = await getDb()
    .insertInto("alerts")
    .values({ ref, title: `Testmelding ${ref.slice(-6)}`, description: "Beschikbaar: {{name}}.", subject: "Oud onderwerp", body: "<p>Oude tekst</p>" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, ref };
}

const stored = (id: number) =>
  getDb().selectFrom("alerts").select(["subject", "body", "title", "description"]).where("id", "=", id).executeTakeFirstOrThrow();

let admin: Client;
beforeAll(async () => {
  admin = await signIn("beheer@voorbeeld.nl");
});

describe("Notificaties", () => {
  it("/notificaties opens the list: title, description and an edit action per text, under Beheer", async () => {
    const { id } = await ownAlert();
    const res = await admin.get("/notificaties");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/notificaties/lijst");
    const { html } = await admin.page("/notificaties/lijst");
    expect(heading(html)).toBe("Notificaties");
    expect(breadcrumbs(html)).toEqual(["Beheer", "Notificaties"]);
    const rows = tableRows(html);
    expect(rows.some((r) => r[0] === "Wachtwoord vergeten")).toBe(true);
    expect(rows.every((r) => r.length === 3)).toBe(true);
    expect(rows.length).toBeLessThanOrEqual(10);
    // Every text is reachable over the pages, each with its edit link.
    const pages = [html];
    for (let page = 2; page <= 10 && !pages.join("").includes(`/notificaties/bewerken/${id}"`); page++) {
      pages.push((await admin.page(`/notificaties/lijst?sort=titel&dir=asc&page=${page}`)).html);
    }
    expect(pages.join("")).toContain(`href="/notificaties/bewerken/${id}"`);
  });

  it("shows title and description to read and subject and body to change, with the required note", async () => {
    const { id } = await ownAlert();
    const { html } = await admin.page(`/notificaties/bewerken/${id}`);
    const page = parsePage(html);
    expect(breadcrumbs(page)).toEqual(["Beheer", "Notificaties → /notificaties/lijst", "Notificatie bewerken"]);
    expect(textOf(page.querySelector("dl.details"))).toContain("Beschikbaar: {{name}}.");
    expect(html).toContain("* Verplicht veld.");
    expect(control(page, "Onderwerp").getAttribute("value")).toBe("Oud onderwerp");
    const body = control(page, "Tekst");
    expect(body.tagName).toBe("TEXTAREA");
    expect(body.text).toBe("<p>Oude tekst</p>");
  });

  it("saves the subject and the sanitised body, returns to the list, and the next mail uses them", async () => {
    const { id, ref } = await ownAlert();
    const { status, html, url } = await admin.submit(`/notificaties/bewerken/${id}`, {
      subject: "  Nieuw onderwerp voor {{name}} ",
      body:
        '<p onclick="steal()">Beste&nbsp;{{name}},</p><script>alert(1)</script><img src=x onerror="alert(2)">' +
        '<p><a href="javascript:alert(3)">klik</a> <a href="https://fitned.nl">FITNED</a></p>',
    });
    expect(status).toBe(302);
    expect(url).toBe("/notificaties/lijst");
    expect(notificationIn(html)).toBe("De notificatie is opgeslagen.");
    const row = await stored(id);
    expect(row.subject).toBe("Nieuw onderwerp voor {{name}}");
    expect(row.body).toBe(
      '<p>Beste {{name}},</p><p><a>klik</a> <a href="https://fitned.nl" target="_blank" rel="noopener noreferrer">FITNED</a></p>',
    );

    const to = uniqueEmail("alert");
    await sendAlertMail(ref, to, { name: "Sanne" });
    const mail = await getDb().selectFrom("mail_outbox").select(["subject", "html", "body_text"]).where("recipient", "=", to).executeTakeFirstOrThrow();
    expect(mail.subject).toBe("Nieuw onderwerp voor Sanne");
    expect(mail.html).toContain("<p>Beste Sanne,</p>");
    expect(mail.body_text).toContain("Beste Sanne,");
    expect(mail.html).not.toMatch(/script|onerror|onclick|javascript:/);
  });

  it("refuses an empty subject and a body without text, keeping what was typed", async () => {
    const { id } = await ownAlert();
    const res = await admin.post(`/notificaties/bewerken/${id}`, { subject: "   ", body: "<p><br></p>" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(fieldError(html, "Onderwerp")).toBe(REQUIRED);
    expect(fieldError(html, "Tekst")).toBe(REQUIRED);
    expect(errorSummary(html)?.fields.map((f) => f.text)).toEqual([`Onderwerp: ${REQUIRED}`, `Tekst: ${REQUIRED}`]);
    expect((await stored(id)).subject).toBe("Oud onderwerp");

    // Only a script is no text once it is cleaned: refused, and the subject typed stays.
    const scripted = await admin.post(`/notificaties/bewerken/${id}`, { subject: "Getypt onderwerp", body: "<script>alert(1)</script>" });
    expect(scripted.status).toBe(400);
    const again = await scripted.text();
    expect(fieldError(again, "Tekst")).toBe(REQUIRED);
    expect(control(again, "Onderwerp").getAttribute("value")).toBe("Getypt onderwerp");
    expect(await stored(id)).toMatchObject({ subject: "Oud onderwerp", body: "<p>Oude tekst</p>" });
  });

  it("takes only subject and body: title and description stay as they are", async () => {
    const { id } = await ownAlert();
    const before = await stored(id);
    await admin.post(`/notificaties/bewerken/${id}`, { subject: "Ander onderwerp", body: "<p>Tekst</p>", title: "Vervalst", description: "Vervalst" });
    expect(await stored(id)).toMatchObject({ title: before.title, description: before.description, subject: "Ander onderwerp" });
  });

  it("returns to the list with 'Deze notificatie bestaat niet!' for an unknown or malformed id, on open and on save", async () => {
    for (const id of ["999999", "abc", "0"]) {
      const { url, html } = await admin.page(`/notificaties/bewerken/${id}`);
      expect(url).toBe("/notificaties/lijst");
      expect(notificationIn(html)).toBe("Deze notificatie bestaat niet!");
    }
    const { url, html } = await admin.submit("/notificaties/bewerken/999999", { subject: "x", body: "<p>y</p>" });
    expect(url).toBe("/notificaties/lijst");
    expect(notificationIn(html)).toBe("Deze notificatie bestaat niet!");
  });
});
