import { codesSince, newestMailFile } from "./mail";

/**
 * Signing in over plain HTTP, for the command-line scripts that measure a running portal (no
 * browser, no test runner): the password form of home, then the code the portal mailed into its
 * outbox (DATA_DIR/mail).
 */

/** Posts a form of home; the session cookie it answers with, if any. */
async function postHome(baseUrl: string, fields: Record<string, string>, cookie = "") {
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
 * Signs in as `email` (a demo admin by default, whose second factor is the mailed code): password,
 * then the code from the portal's outbox in `dataDir`. Returns the `Cookie` header of the session.
 */
export async function signInOverHttp(
  baseUrl: string,
  dataDir: string,
  email = "beheer@voorbeeld.nl",
  password = "demo-wachtwoord-2026",
): Promise<string> {
  const before = newestMailFile(dataDir);
  const login = await postHome(baseUrl, { intent: "login", email, password });
  if (login.status !== 302 || !login.cookie) throw new Error(`inloggen als ${email} mislukt (${login.status})`);
  const [code] = await codesSince(dataDir, email, before);
  const second = await postHome(baseUrl, { intent: "code", code: code ?? "" }, login.cookie);
  if (second.status !== 302) throw new Error(`tweede stap van ${email} mislukt (${second.status})`);
  return second.cookie;
}
