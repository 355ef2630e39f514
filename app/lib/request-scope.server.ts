import { AsyncLocalStorage } from "node:async_hooks";

type Scope = Map<string, unknown>;

// One store per process, shared by the server (which opens a scope per request) and the bundled
// app (which reads it): both load this module, so the instance lives on globalThis.
const key = Symbol.for("ledenportaal.requestScope");
type GlobalWithScope = typeof globalThis & { [key]?: AsyncLocalStorage<Scope> };

function storage(): AsyncLocalStorage<Scope> {
  const g = globalThis as GlobalWithScope;
  g[key] ??= new AsyncLocalStorage<Scope>();
  return g[key];
}

/**
 * Runs `fn` (one HTTP request's handling) with a scope that its loaders share; `ip` is the client's
 * address. A caller that hands in `scope` can read what the request left in it afterwards (the
 * offline queue's replay of a post does).
 */
export function withRequestScope<T>(fn: () => T, ip = "", scope: Scope = new Map<string, unknown>()): T {
  scope.set("ip", ip);
  return storage().run(scope, fn);
}

/** A value the request's handling keeps for later steps of the same request (undefined outside one). */
export function scopeValue<T>(name: string): T | undefined {
  return storage().getStore()?.get(name) as T | undefined;
}

export function setScopeValue(name: string, value: unknown): void {
  storage().getStore()?.set(name, value);
}

/** The client's address of the request being handled ("" outside a request). */
export function requestIp(): string {
  return (storage().getStore()?.get("ip") as string | undefined) ?? "";
}

/** Who the request acts as, once the session is read: the security log names them without being told. */
export function setRequestActor(account: number | null, imitator: number | null): void {
  storage().getStore()?.set("actor", { account, imitator });
}

export function requestActor(): { account: number | null; imitator: number | null } {
  return (storage().getStore()?.get("actor") as { account: number | null; imitator: number | null } | undefined) ?? {
    account: null,
    imitator: null,
  };
}

/**
 * The value of `compute` once per request scope: the root loader and the page's loader run for
 * the same request with different Request objects, and both need the signed-in account.
 * Outside a scope (development server, scripts) it simply computes.
 */
export function oncePerRequest<T>(name: string, compute: () => T): T {
  const scope = storage().getStore();
  if (!scope) return compute();
  if (!scope.has(name)) scope.set(name, compute());
  return scope.get(name) as T;
}
