import { DEMO_PASSWORD } from "./fixtures";
import { codesSince, newestMailFile } from "./mail";

/**
 * Signing in over HTTP without a browser, for scripts that drive a running portal (benchmark,
 * crash test): plain fetch, the session cookie as a Cookie header.
 */

/** Posts a form of home as a same-origin browser; the status and the session cookie it answers with (else the one sent). */
export async function postHome(baseUrl: string, fields: Record<string, string>, cookie = "") {
  const res = await fetch(`${baseUrl}/?index`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: baseUrl, ...(cookie ? { Cookie: cookie } : {}) },
    redirect: "manual",
  });
  const next = res.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
  return { status: res.status, cookie: next || cookie };
}

/**
 * Signs in with password and the code mailed to the portal's outbox (the demo admins' second
 * factor); returns the Cookie header of the session.
 */
export async function signInWithMailedCode(baseUrl: string, dataDir: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const before = newestMailFile(dataDir);
  const login = await postHome(baseUrl, { intent: "login", email, password });
  if (login.status !== 302 || !login.cookie) throw new Error(`inloggen als ${email} mislukt (${login.status})`);
  const [code] = await codesSince(dataDir, email, before);
  const second = await postHome(baseUrl, { intent: "code", code: code ?? "" }, login.cookie);
  if (second.status !== 302) throw new Error(`tweede stap van ${email} mislukt (${second.status})`);
  return second.cookie;
}
