import { describe, expect, it } from "vitest";
import { Client, baseUrl, getDb, signIn } from "./support";

describe("security defaults", () => {
  it("sends a nonce-based CSP whose nonce the page's scripts carry", async () => {
    const res = await new Client().get("/");
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    const html = await res.text();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
  });

  it("marks pages as not to be stored and content types as not to be sniffed", async () => {
    const res = await new Client().get("/");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
  });

  it("sets an httpOnly SameSite=Lax session cookie and keeps only the id's hash in the database", async () => {
    const client = new Client();
    const res = await client.post("/?index", { intent: "login", email: "lid@voorbeeld.nl", password: "demo-wachtwoord-2026" });
    const cookie = res.headers.getSetCookie().join("\n");
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    const value = decodeURIComponent([...client.cookies.values()][0]);
    const rows = await getDb().selectFrom("sessions").select("id").execute();
    expect(rows.some((r) => value.includes(r.id))).toBe(false);
  });

  it("ignores a tampered session cookie", async () => {
    const client = await signIn("lid@voorbeeld.nl");
    const [name, value] = [...client.cookies.entries()][0];
    // The first character carries six full bits of the signed payload (the last may be padding).
    client.cookies.set(name, value.replace(/^./, (c) => (c === "e" ? "f" : "e")));
    const { url } = await client.page("/mijn-gegevens");
    expect(url).toBe("/?next=%2Fmijn-gegevens");
  });

  it("refuses cross-site posts to any route, resource routes included", async () => {
    for (const path of ["/?index", "/uitloggen", "/imitate", "/online"]) {
      const res = await fetch(baseUrl() + path, {
        method: "POST",
        body: new URLSearchParams({ a: "b" }),
        headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
        redirect: "manual",
      });
      expect(res.status, path).toBe(403);
    }
  });
});
