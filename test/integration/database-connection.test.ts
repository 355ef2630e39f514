import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engineOf } from "../../app/lib/engine";
import { signInWithMailedCode } from "../sign-in";
import { startPortal, type RunningPortal } from "../start-server";

const postgres = engineOf(process.env.DATABASE_URL ?? "") === "postgres";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * PostgreSQL may end the portal's connections at any moment: a restart, an administrator, a network
 * failure. The portal stays up: a request whose query ran on such a connection fails, the next ones
 * are served on new connections. (SQLite is a file in the portal's own process: there is no
 * connection to lose.) A portal of its own, one process, as its connections are ended on purpose.
 */
describe.runIf(postgres)("connections that PostgreSQL ends", () => {
  let portal: RunningPortal;
  let admin: pg.Client;
  beforeAll(async () => {
    portal = await startPortal({ prefix: "dbverlies" });
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  }, 120_000);
  afterAll(async () => {
    await admin?.end();
    await portal?.stop();
  });

  const endConnections = () =>
    admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [
      new URL(portal.databaseUrl).pathname.slice(1),
    ]);

  it("keep the portal serving, whether they wait in the pool or are in use", async () => {
    const cookie = await signInWithMailedCode(portal.baseUrl, portal.dataDir, "beheer@voorbeeld.nl");
    // 0: no answer at all, as when the process has ended.
    const memberList = () =>
      fetch(`${portal.baseUrl}/lidmaatschappen`, { headers: { cookie } }).then(
        async (res) => (await res.text(), res.status),
        () => 0,
      );
    expect(await memberList()).toBe(200);

    // Waiting in the pool: every connection at once, between two requests.
    await endConnections();
    await sleep(200);
    expect(await memberList()).toBe(200);

    // In use: ended again and again while ten requests at a time are served.
    let ending = true;
    const ender = (async () => {
      while (ending) {
        await endConnections();
        await sleep(5);
      }
    })();
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let i = 0; i < 20; i++) statuses.push(await memberList());
      }),
    );
    ending = false;
    await ender;

    // Each request was answered: the page, or the error page when its query's connection was ended.
    expect(statuses).toHaveLength(200);
    expect(statuses.filter((status) => status !== 200 && status !== 500)).toEqual([]);
    // Once the database lets its connections be (the last ends have reached the portal), the pages are served again.
    await sleep(200);
    expect(await memberList()).toBe(200);
    expect(portal.log()).toContain('"event":"database_connection_lost"');
    expect(portal.log()).not.toContain("Unhandled 'error' event");
  }, 120_000);
});
