/** The database engines the portal runs on, and which one a DATABASE_URL names. */
export type Engine = "sqlite" | "postgres";

/** A postgres:// or postgresql:// URL is PostgreSQL; anything else (empty too) is the embedded SQLite. */
export function engineOf(databaseUrl: string): Engine {
  return /^postgres(ql)?:\/\//.test(databaseUrl) ? "postgres" : "sqlite";
}

export const ENGINE_NAMES: Record<Engine, string> = { sqlite: "SQLite", postgres: "PostgreSQL" };
