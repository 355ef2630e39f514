import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { insertUser, uniqueEmail } from "../fixtures";
import { codesSince, newestMailFile } from "../mail";
import { inject } from "vitest";
import { Client, DEMO_PASSWORD, baseUrl, errorsIn, getDb, serverLogEntries, signIn } from "./support";

const dataDir = () => inject("dataDir");

async function passwordStep(email: string, client = new Client()) {
  const before = newestMailFile(dataDir());
  const res = await client.post("/?index", { intent: "login", email, password: DEMO_PASSWORD });
  expect(res.status).toBe(302);
  return { client, before };
}

describe("sign-in limit under a parallel burst", () => {
  it("counts every attempt of a burst, so the right password after it is refused too", async () => {
    const user = await insertUser(getDb(), {});
    // One address per request: only the account's own limit (10 per window) stands in the way.
    const burst = await Promise.all(
      Array.from({ length: 40 }, () =>
        new Client().post("/?index", { intent: "login", email: user.email, password: "verkeerd-wachtwoord-1" }),
      ),
    );
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
    const right = await new Client().post("/?index", { intent: "login", email: user.email, password: DEMO_PASSWORD });
    expect(right.status).toBe(429);
    expect(await right.text()).toContain("Teveel verkeer");
  });

  it("counts a burst of wrong second-factor codes before checking them", async () => {
    const user = await insertUser(getDb(), { mfa: "email" });
    // Ten sign-ins, each its own attempt with its own code: a burst over all of them.
    const clients = await Promise.all(Array.from({ length: 4 }, async () => (await passwordStep(user.email)).client));
    const burst = await Promise.all(
      Array.from({ length: 24 }, (_, i) => clients[i % clients.length].post("/?index", { intent: "code", code: "000000" })),
    );
    expect(burst.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(14);
  });

  it("clears the account's count after a successful sign-in", async () => {
    const user = await insertUser(getDb(), {});
    for (let i = 0; i < 9; i++) {
      await new Client().post("/?index", { intent: "login", email: user.email, password: "verkeerd-wachtwoord-1" });
    }
    await signIn(user.email);
    for (let i = 0; i < 9; i++) {
      const res = await new Client().post("/?index", { intent: "login", email: user.email, password: "verkeerd-wachtwoord-1" });
      expect(res.status).toBe(401);
    }
  });
});

describe("redirect targets stay inside the portal", () => {
  for (const next of ["/\t/evil.example", "//evil.example", "/\\evil.example", "https://evil.example/", "/\n/evil.example"]) {
    it(`after sign-in, next=${JSON.stringify(next)} goes home`, async () => {
      const client = new Client();
      const res = await client.post("/?index", { intent: "login", email: "lid@voorbeeld.nl", password: DEMO_PASSWORD, next });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    });
  }

  it("keeps a real path with its query and hash", async () => {
    const res = await new Client().post("/?index", {
      intent: "login",
      email: "lid@voorbeeld.nl",
      password: DEMO_PASSWORD,
      next: "/mijn-gegevens?x=1#a",
    });
    expect(res.headers.get("location")).toBe("/mijn-gegevens?x=1#a");
  });

  it("ignores a 'terug' that leaves the portal on a delete confirmation", async () => {
    const admin = await signIn("beheer@voorbeeld.nl");
    const res = await admin.post("/lidmaatschappen/verwijderen/999999999", { terug: "/\t/evil.example" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/lidmaatschappen");
  });
});

describe("second factor required for admins", () => {
  it("asks the demo admin for the mailed code", async () => {
    const { client, before } = await passwordStep("beheer@voorbeeld.nl");
    const { html } = await client.page("/");
    expect(html).toContain("2factor code invoeren");
    expect((await codesSince(dataDir(), "beheer@voorbeeld.nl", before)).length).toBeGreaterThan(0);
  });

  it("makes an admin without a second factor set one up before any other page", async () => {
    const admin = await insertUser(getDb(), { role: "admin", mfa: "" });
    const { client, before } = await passwordStep(admin.email);
    const { html } = await client.page("/");
    expect(html).toContain("Tweestapsverificatie instellen");
    // Not signed in: every other page sends to the login.
    expect((await client.page("/lidmaatschappen")).url).toMatch(/^\/\?next=/);
    expect((await client.page("/mijn-gegevens")).url).toMatch(/^\/\?next=/);
    // 'Uit' is no choice for an admin.
    const off = await client.post("/?index", { intent: "setup", mfaType: "off" });
    expect(off.status).toBe(400);

    const choose = await client.post("/?index", { intent: "setup", mfaType: "email" });
    expect(choose.status).toBe(302);
    const [code] = await codesSince(dataDir(), admin.email, before);
    const wrong = await client.post("/?index", { intent: "code", code: code === "000000" ? "111111" : "000000" });
    expect(wrong.status).toBe(401);
    const row = () => getDb().selectFrom("users").select(["mfa_type"]).where("id", "=", admin.id).executeTakeFirstOrThrow();
    expect((await row()).mfa_type).toBe("");
    const ok = await client.post("/?index", { intent: "code", code });
    expect(ok.status).toBe(302);
    expect((await row()).mfa_type).toBe("email");
    expect((await client.page("/lidmaatschappen")).res.status).toBe(200);
  });

  it("sets up the authenticator app for an admin with its first code", async () => {
    const admin = await insertUser(getDb(), { role: "super-admin", mfa: "" });
    const { client } = await passwordStep(admin.email);
    await client.post("/?index", { intent: "setup", mfaType: "app" });
    const { html } = await client.page("/");
    const secret = html.match(/<code class="secret">([A-Z2-7]+)<\/code>/)?.[1];
    expect(secret).toBeTruthy();
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret!), digits: 6, period: 30 });
    const ok = await client.post("/?index", { intent: "code", code: totp.generate() });
    expect(ok.status).toBe(302);
    const row = await getDb().selectFrom("users").select(["mfa_type", "totp_secret"]).where("id", "=", admin.id).executeTakeFirstOrThrow();
    expect(row.mfa_type).toBe("app");
    expect(row.totp_secret).toBeTruthy();
    expect((await client.page("/lidmaatschappen")).res.status).toBe(200);
  });
});

describe("mailed codes belong to their sign-in attempt", () => {
  it("gives two simultaneous sign-ins a code each, valid only for its own attempt", async () => {
    const user = await insertUser(getDb(), { mfa: "email" });
    const first = await passwordStep(user.email);
    const [codeA] = await codesSince(dataDir(), user.email, first.before);
    const second = await passwordStep(user.email);
    const [codeB] = await codesSince(dataDir(), user.email, second.before);
    expect(codeA).not.toBe(codeB);
    // The second attempt neither kills the first one's code nor accepts it.
    const crossed = await second.client.post("/?index", { intent: "code", code: codeA });
    expect(crossed.status).toBe(401);
    expect(errorsIn(await crossed.text())).toContain("Verkeerde 2factor code!");
    expect((await first.client.post("/?index", { intent: "code", code: codeA })).status).toBe(302);
    expect((await second.client.post("/?index", { intent: "code", code: codeB })).status).toBe(302);
  });
});

describe("request bodies are limited by the bytes that arrive", () => {
  /** Posts `total` bytes as a chunked stream (no Content-Length); how many the server let through. */
  async function streamingPost(path: string, total: number, contentType: string, cookie = "") {
    let produced = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x61);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (produced >= total) return controller.close();
        produced += chunk.length;
        controller.enqueue(chunk);
      },
    });
    let status = 0;
    try {
      const res = await fetch(baseUrl() + path, {
        method: "POST",
        body,
        duplex: "half",
        headers: {
          "Content-Type": contentType,
          Origin: baseUrl(),
          "X-Forwarded-For": "10.250.0.1",
          ...(cookie ? { Cookie: cookie } : {}),
        },
      } as RequestInit);
      status = res.status;
      await res.text();
    } catch {
      // The server closes the connection once it has refused the body.
    }
    return { status, produced };
  }

  it("stops reading an endless chunked post to the sign-in form and answers 413", async () => {
    const total = 300 * 1024 * 1024;
    const { status, produced } = await streamingPost("/?index", total, "application/x-www-form-urlencoded");
    expect([0, 413]).toContain(status);
    expect(produced).toBeLessThan(total / 10);
    // The server still answers.
    expect((await new Client().get("/")).status).toBe(200);
  });

  it("stops reading a chunked multipart post past the multipart limit (100 MB)", async () => {
    const user = await insertUser(getDb(), {});
    const client = await signIn(user.email);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const total = 400 * 1024 * 1024;
    const { status, produced } = await streamingPost("/mijn-gegevens", total, "multipart/form-data; boundary=x", cookie);
    expect([0, 413]).toContain(status);
    // The limit, and what was under way when the server stopped reading.
    expect(produced).toBeLessThan(total / 3);
  });

  it("refuses a form without files above 64 KB, whatever Content-Length claims", async () => {
    const client = new Client();
    const res = await client.post("/?index", { intent: "login", email: "lid@voorbeeld.nl", password: "x".repeat(70 * 1024) });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("Het verzoek is te groot.");
  });
});

describe("security log", () => {
  it("writes one JSON line per sign-in failure and success, with the address and without the password", async () => {
    const client = new Client();
    const email = uniqueEmail("log");
    await client.post("/?index", { intent: "login", email, password: "geheim-wachtwoord-123" });
    const user = await insertUser(getDb(), {});
    await signIn(user.email, DEMO_PASSWORD, client);
    await expect
      .poll(() => serverLogEntries().filter((e) => e.event === "login" && e.ip === client.ip).map((e) => e.outcome))
      .toEqual(["failure", "success"]);
    const lines = serverLogEntries().filter((e) => e.ip === client.ip);
    const success = lines.find((e) => e.outcome === "success")!;
    expect(success.account).toBe(user.id);
    expect(success.log).toBe("security");
    expect(String(success.time)).toMatch(/Z$/);
    expect(JSON.stringify(lines)).not.toContain("geheim-wachtwoord-123");
    expect(JSON.stringify(lines)).not.toContain(DEMO_PASSWORD);
  });

  it("records a limit that is hit", async () => {
    const client = new Client();
    for (let i = 0; i < 101; i++) {
      await client.post("/?index", { intent: "login", email: `limit-${i}@voorbeeld.nl`, password: "verkeerd-wachtwoord" });
    }
    await expect
      .poll(() => serverLogEntries().some((e) => e.event === "rate_limited" && e.ip === client.ip && e.limit === "loginIp"))
      .toBe(true);
  });
});
