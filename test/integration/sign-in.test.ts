import { describe, expect, it } from "vitest";
import { Client, DEMO_PASSWORD, errorsIn, getDb, latestMailTo, signIn } from "./support";

describe("sign-in on home", () => {
  it("shows the login form to anonymous visitors", async () => {
    const { html } = await new Client().page("/");
    expect(html).toContain("E-mailadres");
    expect(html).toContain("Wachtwoord");
    expect(html).toContain(">Inloggen</button>");
    expect(html).toContain("Wachtwoord vergeten?");
  });

  it("signs in with the right password and shows the dashboard with the greeting", async () => {
    const client = await signIn("lid@voorbeeld.nl");
    const { html } = await client.page("/");
    expect(html).toContain("Welkom Lotte van der Vaart");
    expect(html).toContain("Via het menu beheert u uw gegevens.");
  });

  it("does not greet admins by name", async () => {
    const client = await signIn("beheer@voorbeeld.nl");
    const { html } = await client.page("/");
    expect(html).not.toContain("Welkom Bart");
    expect(html).toContain("Bart de Beheerder");
  });

  it("refuses a wrong password with the catalogue message and keeps the e-mail", async () => {
    const client = new Client();
    const res = await client.post("/?index", { intent: "login", email: "lid@voorbeeld.nl", password: "verkeerd-wachtwoord" });
    expect(res.status).toBe(401);
    const html = await res.text();
    expect(errorsIn(html)).toContain("Inloggen niet gelukt.");
    expect(html).toContain('value="lid@voorbeeld.nl"');
    expect(html).not.toContain("verkeerd-wachtwoord");
    expect(client.cookies.size).toBe(0);
  });

  it("refuses an unknown e-mail with the same message", async () => {
    const res = await new Client().post("/?index", { intent: "login", email: "onbekend@voorbeeld.nl", password: DEMO_PASSWORD });
    expect(res.status).toBe(401);
    expect(errorsIn(await res.text())).toContain("Inloggen niet gelukt.");
  });

  it("tells a disabled account it is not active", async () => {
    const res = await new Client().post("/?index", { intent: "login", email: "inactief@voorbeeld.nl", password: DEMO_PASSWORD });
    const html = await res.text();
    expect(errorsIn(html)).toContain("Deze gebruiker is niet actief!");
    expect(html).toContain('value="inactief@voorbeeld.nl"');
  });

  it("validates the form fields in Dutch", async () => {
    const res = await new Client().post("/?index", { intent: "login", email: "geen-adres", password: "" });
    expect(res.status).toBe(400);
    const errors = errorsIn(await res.text());
    expect(errors).toContain("U dient een geldig e-mailadres in te voeren");
    expect(errors).toContain("Het wachtwoord veld mag niet leeg zijn.");
  });

  it("rotates the session id at sign-in", async () => {
    const client = new Client();
    await client.post("/?index", { intent: "login", email: "x@voorbeeld.nl", password: "fout-fout-fout" });
    await client.post("/?index", { intent: "cancel" });
    const before = [...client.cookies.values()].join();
    await signIn("lid@voorbeeld.nl", DEMO_PASSWORD, client);
    expect([...client.cookies.values()].join()).not.toBe(before);
  });

  it("returns to the page asked for before signing in", async () => {
    const client = new Client();
    const res = await client.post("/?index", {
      intent: "login",
      email: "lid@voorbeeld.nl",
      password: DEMO_PASSWORD,
      next: "/mijn-gegevens",
    });
    expect(res.headers.get("location")).toBe("/mijn-gegevens");
    const evil = await new Client().post("/?index", {
      intent: "login",
      email: "lid@voorbeeld.nl",
      password: DEMO_PASSWORD,
      next: "//evil.example/",
    });
    expect(evil.headers.get("location")).toBe("/");
  });

  it("refuses posts from another origin", async () => {
    const client = new Client();
    const res = await client.post(
      "/?index",
      { intent: "login", email: "lid@voorbeeld.nl", password: DEMO_PASSWORD },
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    );
    expect(res.status).toBe(403);
  });
});

describe("two-factor by e-mail code", () => {
  const email = "tweefactor@voorbeeld.nl";

  async function passwordStep() {
    const client = new Client();
    const res = await client.post("/?index", { intent: "login", email, password: DEMO_PASSWORD });
    expect(res.status).toBe(302);
    const { html } = await client.page("/");
    expect(html).toContain("2factor code invoeren");
    expect(html).toContain(">Versturen</button>");
    return client;
  }

  async function mailedCode(): Promise<string> {
    const mail = await latestMailTo(email);
    const code = mail?.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error("no code mailed");
    return code;
  }

  it("asks for the mailed code and signs in with it", async () => {
    const client = await passwordStep();
    const code = await mailedCode();
    const res = await client.post("/?index", { intent: "code", code });
    expect(res.status).toBe(302);
    const { html } = await client.page("/");
    expect(html).toContain("Welkom Tessa Tweefactor");
  });

  it("refuses a wrong code and accepts the right one afterwards", async () => {
    const client = await passwordStep();
    const code = await mailedCode();
    const wrong = code === "000000" ? "111111" : "000000";
    const res = await client.post("/?index", { intent: "code", code: wrong });
    expect(res.status).toBe(401);
    expect(errorsIn(await res.text())).toContain("Verkeerde 2factor code!");
    const ok = await client.post("/?index", { intent: "code", code });
    expect(ok.status).toBe(302);
  });

  it("kills the code after five wrong tries", async () => {
    const client = await passwordStep();
    const code = await mailedCode();
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) await client.post("/?index", { intent: "code", code: wrong });
    const res = await client.post("/?index", { intent: "code", code });
    expect(res.status).toBe(401);
  });

  it("does not sign in before the code is given", async () => {
    const client = await passwordStep();
    const { url } = await client.page("/mijn-gegevens");
    expect(url).toMatch(/^\/(\?next=.*)?$/);
  });

  it("refuses a code that has expired", async () => {
    const client = await passwordStep();
    const code = await mailedCode();
    const user = await getDb().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    await getDb()
      .updateTable("tokens")
      .set({ expires: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", user.id)
      .where("purpose", "=", "mfa_email")
      .execute();
    const res = await client.post("/?index", { intent: "code", code });
    expect(res.status).toBe(401);
    expect(errorsIn(await res.text())).toContain("Verkeerde 2factor code!");
  });
});

describe("logout", () => {
  it("asks for confirmation on a page of its own and ends the session on the server", async () => {
    const client = await signIn("lid@voorbeeld.nl");
    const { html } = await client.page("/uitloggen");
    expect(html).toContain("Weet u zeker dat u wilt uitloggen?");
    expect(html).toContain(">Uitloggen</button>");
    expect(html).toContain(">Annuleren</a>");
    const stolen = new Map(client.cookies);
    const res = await client.post("/uitloggen", {});
    expect(res.status).toBe(302);
    const again = new Client();
    again.cookies = stolen;
    const page = await again.page("/mijn-gegevens");
    expect(page.url).toMatch(/^\/\?next=/);
  });
});

describe("rate limits", () => {
  it("answers 'Teveel verkeer' after too many failures for one account", async () => {
    const email = `ratelimit-${Date.now()}@voorbeeld.nl`;
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) {
      last = await new Client().post("/?index", { intent: "login", email, password: "verkeerd-wachtwoord" });
    }
    expect(last!.status).toBe(429);
    expect(await last!.text()).toContain("Teveel verkeer");
  });

  it("answers 'Teveel verkeer' after too many failures from one address", async () => {
    const client = new Client();
    let last: Response | undefined;
    for (let i = 0; i < 101; i++) {
      last = await client.post("/?index", { intent: "login", email: `ip-${i}@voorbeeld.nl`, password: "verkeerd-wachtwoord" });
    }
    expect(last!.status).toBe(429);
    // The correct password does not get through either while the address is blocked.
    const blocked = await client.post("/?index", { intent: "login", email: "lid@voorbeeld.nl", password: DEMO_PASSWORD });
    expect(blocked.status).toBe(429);
  });
});
