import { describe, expect, it } from "vitest";
import { hashPassword, isBreachedPassword, validatePasswordPair, verifyPassword } from "./passwords.server";
import { messages } from "./validation";

describe("hashPassword / verifyPassword", () => {
  it("round-trips with argon2id and the agreed parameters", async () => {
    const hash = await hashPassword("Correct paard batterij 42");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, "Correct paard batterij 42")).toBe(true);
    expect(await verifyPassword(hash, "Correct paard batterij 43")).toBe(false);
  });

  it("is false for a malformed stored hash", async () => {
    expect(await verifyPassword("", "x")).toBe(false);
    expect(await verifyPassword("not-a-hash", "x")).toBe(false);
  });
});

describe("isBreachedPassword", () => {
  it("finds common leaked passwords, case-insensitively", () => {
    for (const pw of ["123456789", "password", "qwertyuiop", "password1", "qwerty123", "wachtwoord"]) {
      expect(isBreachedPassword(pw), pw).toBe(true);
    }
    expect(isBreachedPassword("PassWord")).toBe(true);
  });

  it("passes a long random phrase", () => {
    expect(isBreachedPassword("Vlinder-Kachel-7-Orgelpijp")).toBe(false);
  });
});

describe("validatePasswordPair", () => {
  it("accepts a good, matching pair", () => {
    expect(validatePasswordPair("Vlinder-Kachel-7", "Vlinder-Kachel-7")).toEqual({});
  });

  it("requires both", () => {
    expect(validatePasswordPair("", null)).toEqual({
      password: [messages.passwordRequired],
      repeatPassword: [messages.passwordRequired],
    });
    expect(validatePasswordPair("   ", "Vlinder-Kachel-7")).toEqual({
      password: [messages.passwordRequired],
    });
  });

  it("needs at least 8 characters", () => {
    expect(validatePasswordPair("kort", "kort")).toEqual({
      password: [messages.minLength(8)],
      repeatPassword: [messages.minLength(8)],
    });
  });

  it("puts a mismatch on the repeat field", () => {
    expect(validatePasswordPair("Vlinder-Kachel-7", "Vlinder-Kachel-8")).toEqual({
      repeatPassword: [messages.sameAs],
    });
  });

  it("rejects a breached password", () => {
    expect(validatePasswordPair("qwerty123", "qwerty123")).toEqual({
      password: [messages.passwordBreached],
    });
  });
});
