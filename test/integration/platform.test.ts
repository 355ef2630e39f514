import http from "node:http";
import { describe, expect, it } from "vitest";
import { insertUser } from "../fixtures";
import { Client, baseUrl, getDb, latestMailTo, linkIn } from "./support";

/** A raw HTTP request, with any method and headers (fetch refuses TRACE and a foreign Host). */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  const url = new URL(baseUrl());
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    if (body) req.write(body);
    req.end();
  });
}

const STACK = /at .*\(|node_modules|\/work\/|\.ts:\d+|Error:/;

describe("methods and errors", () => {
  it.each([
    ["TRACE", "/"],
    ["PUT", "/"],
    ["DELETE", "/lidmaatschappen"],
    ["PATCH", "/mijn-gegevens"],
  ])("answers %s %s with 405 and no stack trace", async (method, path) => {
    const res = await raw(method, path);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD, POST");
    expect(res.body).not.toMatch(STACK);
  });

  it("answers a malformed path with a Dutch page and no stack trace", async () => {
    const res = await raw("GET", "/%E0%A4%A");
    expect([400, 404]).toContain(res.status);
    expect(res.body).not.toMatch(STACK);
  });
});

describe("client addresses behind the proxy", () => {
  it("counts the limit against the address the proxy saw, not one the client wrote", async () => {
    const client = new Client();
    let last: Response | undefined;
    for (let i = 0; i < 101; i++) {
      // A client writes its own X-Forwarded-For; the proxy (one hop) appends the address it saw.
      client.ip = `203.0.113.${i % 250}, ${client.ip.split(", ").at(-1)}`;
      last = await client.post("/?index", { intent: "login", email: `proxy-${i}@voorbeeld.nl`, password: "verkeerd-wachtwoord" });
    }
    expect(last!.status).toBe(429);
  });
});

describe("mailed links", () => {
  it("point at the configured address, whatever Host or X-Forwarded-Host the request claims", async () => {
    const user = await insertUser(getDb(), {});
    const res = await raw(
      "POST",
      "/wachtwoord-vergeten",
      {
        Host: "portaal-login.evil.example",
        "X-Forwarded-Host": "portaal-login.evil.example",
        Origin: baseUrl(),
        "Sec-Fetch-Site": "same-origin",
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": "198.51.100.7",
      },
      new URLSearchParams({ email: user.email }).toString(),
    );
    expect(res.status).toBe(302);
    const mail = (await latestMailTo(user.email))!;
    expect(mail).not.toContain("evil.example");
    expect(mail).toContain(`${baseUrl()}/resetting/reset/`);
    expect((await new Client().page(linkIn(mail, "/resetting/reset/"))).res.status).toBe(200);
  });

  it("refuses a post whose Origin is the forged host", async () => {
    const user = await insertUser(getDb(), {});
    const res = await raw(
      "POST",
      "/wachtwoord-vergeten",
      {
        Host: "portaal-login.evil.example",
        Origin: "http://portaal-login.evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": "198.51.100.8",
      },
      new URLSearchParams({ email: user.email }).toString(),
    );
    expect(res.status).toBe(403);
    const rows = await getDb().selectFrom("mail_outbox").select("id").where("recipient", "=", user.email).execute();
    expect(rows).toEqual([]);
  });

  it("keeps a path that starts with two slashes on the portal", async () => {
    const res = await raw("GET", "//evil.example/");
    expect(res.status).toBe(404);
  });

  it("are sent after the answer: the reset request leaves its mail in the outbox for the worker", async () => {
    const user = await insertUser(getDb(), {});
    const res = await new Client().post("/wachtwoord-vergeten", { email: user.email });
    expect(res.status).toBe(302);
    const rows = await getDb().selectFrom("mail_outbox").selectAll().where("recipient", "=", user.email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].ref).toBe("resetting_password");
    // The worker sends it shortly after.
    expect(await latestMailTo(user.email)).toContain("/resetting/reset/");
    const sent = await getDb().selectFrom("mail_outbox").selectAll().where("id", "=", rows[0].id).executeTakeFirstOrThrow();
    expect(sent.sent).not.toBeNull();
    expect(sent.attempts).toBe(1);
    // Once sent, the body with its link is no longer kept.
    expect(sent.html).toBe("");
    expect(sent.body_text).toBe("");
  });
});
