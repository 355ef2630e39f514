import { describe, expect, it } from "vitest";
import { startScript as start } from "../start-server";

const GOOD_SECRET = "Zx8kQ2vN7rT5yU1wP4sL9mB3cF6hJ0gD2aE5iK8oR1u=";
const PERSONAL_DATA_KEY = `2026:${Buffer.alloc(32, 7).toString("base64")}`;
const DEMO_PERSONAL_DATA_KEY = `oud:${Buffer.from("ledenportaal-demo-persoonsgegevens").subarray(0, 32).toString("base64")}`;

describe("production refuses unsafe defaults", () => {
  const production = { NODE_ENV: "production", SESSION_SECRET: GOOD_SECRET, PUBLIC_URL: "https://portaal.example.nl", PERSONAL_DATA_KEYS: PERSONAL_DATA_KEY, DEMO: "1" };

  it.each([
    ["without SESSION_SECRET", { SESSION_SECRET: "" }, "SESSION_SECRET ontbreekt"],
    ["with a short SESSION_SECRET", { SESSION_SECRET: "kort-geheim" }, "SESSION_SECRET is te kort of te eenvoudig"],
    ["with the published demo secret", { SESSION_SECRET: "ledenportaal-demo-secret-change-me" }, "SESSION_SECRET is het openbare demogeheim"],
    ["without PUBLIC_URL", { PUBLIC_URL: "" }, "PUBLIC_URL ontbreekt"],
    ["without PERSONAL_DATA_KEYS", { PERSONAL_DATA_KEYS: "" }, "PERSONAL_DATA_KEYS ontbreekt"],
    ["with a personal-data key that is no 32 bytes", { PERSONAL_DATA_KEYS: "2026:a29ydA==" }, "PERSONAL_DATA_KEYS is ongeldig"],
    ["with the published demo personal-data key", { PERSONAL_DATA_KEYS: `${PERSONAL_DATA_KEY},${DEMO_PERSONAL_DATA_KEY}` }, "PERSONAL_DATA_KEYS bevat de openbare demosleutel"],
  ])("does not start %s", async (_, change, message) => {
    const run = await start({ ...production, ...change });
    try {
      expect(await run.exited).toBe(1);
      expect(run.log()).toContain(message);
      expect(run.log()).not.toContain("luistert op");
    } finally {
      await run.stop();
    }
  }, 60_000);

  it("starts when configured, but never seeds the demo accounts", async () => {
    const run = await start(production, true);
    try {
      expect(run.log()).toContain("luistert op");
      const res = await fetch(`http://127.0.0.1:${run.port}/?index`, {
        method: "POST",
        body: new URLSearchParams({ intent: "login", email: "superbeheer@voorbeeld.nl", password: "demo-wachtwoord-2026" }),
        headers: { Origin: "https://portaal.example.nl" },
        redirect: "manual",
      });
      expect(res.status).toBe(401);
      // Production headers: HSTS and the secure cookie name.
      const home = await fetch(`http://127.0.0.1:${run.port}/`);
      expect(home.headers.get("strict-transport-security")).toContain("max-age=");
    } finally {
      await run.stop();
    }
  }, 90_000);

  it("still starts as before without NODE_ENV: demo data and the demo secret", async () => {
    const run = await start({ NODE_ENV: "", SESSION_SECRET: "", PUBLIC_URL: "", PERSONAL_DATA_KEYS: "", DEMO: "1" }, true);
    try {
      expect(run.log()).toContain("luistert op");
      const res = await fetch(`http://127.0.0.1:${run.port}/?index`, {
        method: "POST",
        body: new URLSearchParams({ intent: "login", email: "lid@voorbeeld.nl", password: "demo-wachtwoord-2026" }),
        headers: { Origin: `http://127.0.0.1:${run.port}` },
        redirect: "manual",
      });
      expect(res.status).toBe(302);
    } finally {
      await run.stop();
    }
  }, 90_000);
});
