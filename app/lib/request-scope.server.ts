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

/** Runs `fn` (one HTTP request's handling) with a scope that its loaders share. */
export function withRequestScope<T>(fn: () => T): T {
  return storage().run(new Map(), fn);
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
