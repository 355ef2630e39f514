import type { ReactPromise } from "react";
import type AccountBar from "./AccountBar";

type AccountBarModule = { default: typeof AccountBar };

let loading: ReactPromise<AccountBarModule> | undefined;

/**
 * The header's signed-in part, a chunk of its own: the public pages do without it (their budget,
 * DESIGN.md §8). A signed-in page starts loading it before it hydrates (entry.client.tsx), so the
 * header hydrates its server HTML in place. Suspended instead, React dropped that HTML as soon as
 * the router's first update reached it, and the name and 'Uitloggen' vanished for a moment,
 * shifting the page up and down again.
 */
export function loadAccountBar(): ReactPromise<AccountBarModule> {
  if (!loading) {
    const promise: Promise<AccountBarModule> = import("./AccountBar");
    // The fields React's `use` reads: once settled, the module is read without suspending.
    promise.then(
      (value) => Object.assign(promise, { status: "fulfilled", value }),
      (reason: unknown) => Object.assign(promise, { status: "rejected", reason }),
    );
    loading = promise;
  }
  return loading;
}
