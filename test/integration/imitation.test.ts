import { beforeAll, describe, expect, it } from "vitest";
import { insertUser } from "../fixtures";
import { Client, decodeEntities, getDb, notificationIn, signIn } from "./support";

const SUPER = "superbeheer@voorbeeld.nl";
const ADMIN = "beheer@voorbeeld.nl";
const MEMBER = "lid@voorbeeld.nl";
const DISABLED = "inactief@voorbeeld.nl";
const tag = `${process.pid}${Date.now().toString(36)}`;
const OTHER_SUPER = `imitatie-super-${tag}@voorbeeld.nl`;
const OTHER_SUPER_NAME = `Zuperbeheer${tag}`;

/** Page text without React's separators between adjacent text parts. */
const text = (html: string) => decodeEntities(html.replace(/<!-- -->/g, ""));
const cookieOf = (client: Client) => [...client.cookies.values()].join(";");

async function idOf(email: string): Promise<number> {
  const row = await getDb().selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  await insertUser(getDb(), { email: OTHER_SUPER, givenName: "Zoë", familyName: OTHER_SUPER_NAME, password: null, role: "super-admin" });
});

describe("imitation page access", () => {
  it("sends anonymous visitors to the login", async () => {
    const res = await new Client().get("/imitate");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/?next=%2Fimitate");
  });

  it("sends admins that are no super admin and plain users home", async () => {
    for (const email of [ADMIN, MEMBER]) {
      const res = await (await signIn(email)).get("/imitate");
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
    }
  });

  it("shows a super admin the heading, breadcrumbs and search form", async () => {
    const { res, html } = await (await signIn(SUPER)).page("/imitate");
    expect(res.status).toBe(200);
    expect(html).toContain("<h1>Imiteer gebruiker</h1>");
    expect(html).toMatch(/<span>Beheer<\/span>.*<span>Imiteer gebruiker<\/span>/s);
    expect(html).toContain("Zoek gebruiker");
    expect(html).not.toContain("Stop imiteren</button>");
  });
});

describe("searching for a user", () => {
  it("finds by name regardless of case and excludes super admins and disabled accounts", async () => {
    const client = await signIn(SUPER);
    for (const q of ["vaart", "VAART", "lotte vaart"]) {
      const { html } = await client.page(`/imitate?q=${encodeURIComponent(q)}`);
      expect(html).toContain(MEMBER);
      expect(text(html)).toContain("Lotte van der Vaart");
      expect(html).toContain(">Imiteren</button>");
    }
    const supers = await client.page("/imitate?q=superbeheer");
    expect(supers.html).toContain("Geen resultaten gevonden");
    const other = await client.page(`/imitate?q=${OTHER_SUPER_NAME}`);
    expect(other.html).toContain("Geen resultaten gevonden");
    const disabled = await client.page("/imitate?q=inactief");
    expect(disabled.html).toContain("Geen resultaten gevonden");
  });

  it("asks for at least 3 characters and keeps what was typed", async () => {
    const { html } = await (await signIn(SUPER)).page("/imitate?q=va");
    expect(text(html)).toContain("U moet minimaal 3 tekens invoeren");
    expect(html).toContain('value="va"');
    expect(html).not.toContain(MEMBER);
  });

  it("answers the autocomplete with JSON for those who may choose", async () => {
    const client = await signIn(SUPER);
    const res = await client.get("/imitate/gebruikers?q=Vaart");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const users = (await res.json()) as { id: number; fullName: string; email: string }[];
    expect(users).toContainEqual({ id: await idOf(MEMBER), fullName: "Lotte van der Vaart", email: MEMBER });

    const short = await client.get("/imitate/gebruikers?q=va");
    expect(await short.json()).toEqual([]);
    const supers = (await (await client.get("/imitate/gebruikers?q=beheer")).json()) as { email: string }[];
    expect(supers.map((u) => u.email)).toContain(ADMIN);
    expect(supers.map((u) => u.email)).not.toContain(SUPER);
  });

  it("refuses the autocomplete to others", async () => {
    const anonymous = await new Client().get("/imitate/gebruikers?q=Vaart");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/\?next=/);
    for (const client of [await signIn(ADMIN), await signIn(MEMBER)]) {
      const res = await client.get("/imitate/gebruikers?q=Vaart");
      expect(res.status).toBe(403);
      expect(JSON.stringify(await res.json())).not.toContain(MEMBER);
    }
  });
});

describe("imitating", () => {
  it("starts with a new session id, shows the imitated dashboard, and stops back as super admin", async () => {
    const client = await signIn(SUPER);
    const before = cookieOf(client);
    const started = await client.submit("/imitate", { intent: "start", userId: String(await idOf(MEMBER)) });
    expect(started.url).toBe("/");
    expect(cookieOf(client)).not.toBe(before);
    expect(notificationIn(started.html)).toBe("U imiteert nu Lotte van der Vaart.");
    expect(text(started.html)).toContain("U imiteert Lotte van der Vaart (ingelogd als Sanne Superbeheer)");
    expect(started.html).toContain("Welkom Lotte van der Vaart");

    // Imitating a non-admin: only the stop button, no user list, no suggestions.
    const page = await client.page("/imitate");
    expect(page.html).toContain("Stop imiteren</button>");
    expect(page.html).not.toContain("Zoek gebruiker");
    expect((await client.get("/imitate/gebruikers?q=beheer")).status).toBe(403);
    const forged = await client.submit("/imitate", { intent: "start", userId: String(await idOf(ADMIN)) });
    expect(text(forged.html)).toContain("U imiteert Lotte van der Vaart");

    const during = cookieOf(client);
    const stopped = await client.submit("/imitate", { intent: "stop" });
    expect(stopped.url).toBe("/imitate");
    expect(cookieOf(client)).not.toBe(during);
    expect(notificationIn(stopped.html)).toBe("Imiteren gestopt.");
    expect(stopped.html).not.toContain("U imiteert");
    expect(text(stopped.html)).toContain("Sanne Superbeheer");
    expect(stopped.html).toContain("Zoek gebruiker");
  });

  it("keeps the original admin when choosing another user while imitating an admin", async () => {
    const client = await signIn(SUPER);
    await client.submit("/imitate", { intent: "start", userId: String(await idOf(ADMIN)) });
    const page = await client.page("/imitate?q=vaart");
    expect(text(page.html)).toContain("U imiteert Bart de Beheerder");
    expect(page.html).toContain(MEMBER);
    const next = await client.submit("/imitate", { intent: "start", userId: String(await idOf(MEMBER)) });
    expect(text(next.html)).toContain("U imiteert Lotte van der Vaart (ingelogd als Sanne Superbeheer)");
    const stopped = await client.submit("/imitate", { intent: "stop" });
    expect(stopped.html).not.toContain("U imiteert");
    expect(text(stopped.html)).toContain("Sanne Superbeheer");
  });

  it("refuses super admins, disabled accounts, oneself and nonsense", async () => {
    const client = await signIn(SUPER);
    for (const userId of [await idOf(OTHER_SUPER), await idOf(DISABLED), await idOf(SUPER), "abc", "999999"]) {
      const result = await client.submit("/imitate", { intent: "start", userId: String(userId) });
      expect(result.url).toBe("/imitate");
      expect(notificationIn(result.html)).toBe("Deze gebruiker kan niet worden geïmiteerd.");
      expect(result.html).not.toContain("U imiteert");
    }
  });

  it("ignores a forged start by an admin that is no imitator", async () => {
    const client = await signIn(ADMIN);
    const before = cookieOf(client);
    const res = await client.post("/imitate", { intent: "start", userId: String(await idOf(MEMBER)) });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(cookieOf(client)).toBe(before);
    const { html } = await client.page("/");
    expect(html).not.toContain("U imiteert");
    expect(html).not.toContain("Welkom Lotte");
  });

  it("ignores a stop when not imitating", async () => {
    const client = await signIn(SUPER);
    const res = await client.post("/imitate", { intent: "stop" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/imitate");
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});
