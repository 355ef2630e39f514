import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pendingCallCount, setQueueAccount } from "./offline-state";
import { QUEUE_VERSION } from "./queue-limits";
import { sendQueue } from "./queue";

// The queue in a browser without IndexedDB, Web Locks or other tabs: it keeps its posts in local
// storage, which is a plain map here.
const STORAGE_KEY = "ledenportaal-wachtrij";
let storage: Map<string, string>;

function stored(): { version: number; posts: { key: string }[] } {
  return JSON.parse(storage.get(STORAGE_KEY) ?? "null");
}

beforeEach(() => {
  storage = new Map();
  vi.stubGlobal("indexedDB", undefined);
  vi.stubGlobal("BroadcastChannel", undefined);
  vi.stubGlobal("navigator", {});
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  });
  setQueueAccount("gebruiker-7");
});

afterEach(() => {
  vi.unstubAllGlobals();
  setQueueAccount("anoniem");
});

describe("a run of the offline queue and the loading overlay", () => {
  it("shows no overlay when nothing is queued: reading the queue is no call", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const run = sendQueue(() => undefined);
    expect(pendingCallCount()).toBe(0);
    await run;
    expect(pendingCallCount()).toBe(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("counts the post of the waiting changes until the server answers, then applies the answer", async () => {
    storage.set(
      STORAGE_KEY,
      JSON.stringify({
        version: QUEUE_VERSION,
        posts: [
          {
            key: "a1",
            account: "gebruiker-7",
            action: "/beheer/faciliteiten/toevoegen",
            page: "/beheer/faciliteiten/toevoegen",
            title: "Faciliteit toevoegen",
            fields: [["name", "Sauna"]],
            queuedAt: "2026-11-27T10:00:00.000Z",
          },
        ],
      }),
    );
    let answer!: (response: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", fetch);
    const applied = vi.fn();

    const run = sendQueue(applied);
    expect(pendingCallCount()).toBe(0);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    expect(pendingCallCount()).toBe(1);
    const body = JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(body).toEqual({
      version: QUEUE_VERSION,
      entries: [{ key: "a1", account: "gebruiker-7", action: "/beheer/faciliteiten/toevoegen", fields: [["name", "Sauna"]] }],
    });

    answer(Response.json({ results: [{ key: "a1", outcome: "applied" }] }));
    await run;
    expect(pendingCallCount()).toBe(0);
    expect(stored().posts).toEqual([]);
    expect(applied).toHaveBeenCalledOnce();
  });

  it("stops counting when the post fails for want of a connection, and keeps the change", async () => {
    storage.set(
      STORAGE_KEY,
      JSON.stringify({
        version: QUEUE_VERSION,
        posts: [{ key: "b2", account: "gebruiker-7", action: "/x", page: "/x", title: "X", fields: [], queuedAt: "2026-11-27T10:00:00.000Z" }],
      }),
    );
    vi.stubGlobal("fetch", vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))));
    await sendQueue(() => undefined);
    expect(pendingCallCount()).toBe(0);
    expect(stored().posts.map((post) => post.key)).toEqual(["b2"]);
  });
});
