export {};
process.env.DATA_DIR = "/tmp/regbench";
const { getDb } = await import("../app/lib/db.server");
const { sql } = await import("kysely");
const db = getDb();
async function time(name: string, q: ReturnType<typeof sql>) {
  for (let i = 0; i < 10; i++) await q.execute(db);
  const c = process.cpuUsage();
  for (let i = 0; i < 200; i++) await q.execute(db);
  const u = process.cpuUsage(c);
  console.log(name.padEnd(40), ((u.user + u.system) / 200 / 1000).toFixed(3), "ms cpu");
}
const order = sql`order by case when r.full_name = '' then 1 else 0 end, lower(r.full_name), r.id limit 10`;
const fts = sql`select rowid from registrant_search where registrant_search match '"bakker"'`;
await time("walk page", sql`select r.id from registrants r where +r.id in (${fts}) ${order}`);
await time("count fts", sql`select count(*) from (${fts}) f`);
await time("cte both", sql`with found as materialized (${fts}) select r.id, (select count(*) from found) as total from registrants r where +r.id in (select rowid from found) ${order}`);
console.log((await sql`with found as materialized (${fts}) select r.id, (select count(*) from found) as total from registrants r where +r.id in (select rowid from found) ${order}`.execute(db)).rows.slice(0, 2));
process.exit(0);
