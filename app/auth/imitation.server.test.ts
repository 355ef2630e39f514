import { createSession } from "react-router";
import { describe, expect, it } from "vitest";
import type { Account } from "./account";
import { actor, searchWords } from "./imitation.server";
import type { SessionData } from "./session.server";

describe("searchWords", () => {
  it("needs at least 3 characters in the whole search", () => {
    expect(searchWords("va")).toEqual([]);
    expect(searchWords("  va  ")).toEqual([]);
    expect(searchWords(null)).toEqual([]);
    expect(searchWords("vaa")).toEqual(["vaa"]);
  });

  it("lowercases, splits on whitespace and drops repeats", () => {
    expect(searchWords("  Lotte   VAART lotte ")).toEqual(["lotte", "vaart"]);
    expect(searchWords("a b")).toEqual(["a", "b"]);
  });

  it("keeps at most five words", () => {
    expect(searchWords("een twee drie vier vijf zes")).toHaveLength(5);
  });
});

describe("actor", () => {
  const account = { id: 7, imitatedBy: null } as Account;

  it("names the account and no imitation for a plain session", () => {
    expect(actor(account)).toEqual({ userId: 7, imitating: false });
    expect(actor(createSession<SessionData>({ userId: 7 }))).toEqual({ userId: 7, imitating: false });
  });

  it("names the imitated account and flags the imitation", () => {
    expect(actor({ ...account, imitatedBy: "Sanne Superbeheer" })).toEqual({ userId: 7, imitating: true });
    expect(actor(createSession<SessionData>({ userId: 7, imitatorId: 1 }))).toEqual({ userId: 7, imitating: true });
  });

  it("refuses a session without a signed-in user", () => {
    expect(() => actor(createSession<SessionData>({}))).toThrow();
  });
});
