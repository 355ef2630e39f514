// Loaded into the portal's process by `npm run profile` (scripts/profile.ts), through
// NODE_OPTIONS=--import, and active only there (PROFILE_DIR set, the start script running). Each
// SIGUSR2 starts a measurement (PROFILE_DIR/running appears once it runs) or stops it, writing it
// into PROFILE_DIR as measurement-N.json:
// V8's CPU profile, or with PROFILE_SQL the time of every SQL statement run meanwhile (better-sqlite3
// and pg, the drivers the portal's bundle loads from node_modules).
import fs from "node:fs";
import inspector from "node:inspector";
import { createRequire } from "node:module";
import path from "node:path";

const dir = process.env.PROFILE_DIR;
if (dir && process.argv.at(-1)?.endsWith(path.join("scripts", "start.ts"))) {
  const require = createRequire(path.join(process.cwd(), "package.json"));
  const session = new inspector.Session();
  session.connect();
  /** Statement text → each run's milliseconds, while SQL is being timed. */
  let timing = null;
  let running = false;
  let written = 0;
  const record = (times, sql, started) => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const list = times.get(sql);
    if (list) list.push(ms);
    else times.set(sql, [ms]);
  };
  if (process.env.PROFILE_SQL) {
    const SQLite = require("better-sqlite3");
    const probe = new SQLite(":memory:");
    const statement = Object.getPrototypeOf(probe.prepare("select 1"));
    probe.close();
    for (const method of ["all", "get", "run", "iterate"]) {
      const original = statement[method];
      statement[method] = function (...args) {
        const times = timing;
        if (!times) return original.apply(this, args);
        const started = process.hrtime.bigint();
        try {
          return original.apply(this, args);
        } finally {
          record(times, this.source, started);
        }
      };
    }
    const pg = require("pg");
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (...args) {
      const times = timing;
      const result = query.apply(this, args);
      if (!times || !result || typeof result.then !== "function") return result;
      const sql = typeof args[0] === "string" ? args[0] : args[0]?.text;
      const started = process.hrtime.bigint();
      const done = () => record(times, sql, started);
      result.then(done, done);
      return result;
    };
  }
  // The measurement's file appears whole: written aside, then renamed.
  const write = (content) => {
    const file = path.join(dir, `measurement-${++written}.json`);
    fs.writeFileSync(`${file}.part`, JSON.stringify(content));
    fs.renameSync(`${file}.part`, file);
  };
  // Tells the caller that the measurement runs, so that no request is left out of it.
  const started = () => fs.writeFileSync(path.join(dir, "running"), "");
  const post = (method, params) => new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
  process.on("SIGUSR2", () => {
    running = !running;
    if (process.env.PROFILE_SQL) {
      if (running) {
        timing = new Map();
        started();
      } else {
        write([...timing].map(([sql, ms]) => ({ sql, ms })));
        timing = null;
      }
      return;
    }
    if (running) void post("Profiler.enable").then(() => post("Profiler.setSamplingInterval", { interval: 200 })).then(() => post("Profiler.start")).then(started);
    else void post("Profiler.stop").then(({ profile }) => write(profile));
  });
}
