import { describe, expect, it } from "vitest";
import { retryWhenNumberTaken } from "./unique-number.server";

const failure = (code: string) => Object.assign(new Error(code), { code });

describe("retryWhenNumberTaken", () => {
  it("runs the write again when a concurrent one took the number first", async () => {
    for (const code of ["23505", "SQLITE_CONSTRAINT_UNIQUE", "SQLITE_BUSY_SNAPSHOT", "SQLITE_BUSY"]) {
      let attempts = 0;
      const result = await retryWhenNumberTaken(async () => {
        attempts += 1;
        if (attempts < 3) throw failure(code);
        return 1002;
      });
      expect(result, code).toBe(1002);
      expect(attempts, code).toBe(3);
    }
  });

  it("gives up after ten attempts, and at once on any other error", async () => {
    let attempts = 0;
    await expect(
      retryWhenNumberTaken(
        async () => {
          attempts += 1;
          throw failure("23505");
        },
        10,
        1,
      ),
    ).rejects.toThrow("23505");
    expect(attempts).toBe(10);

    attempts = 0;
    await expect(
      retryWhenNumberTaken(async () => {
        attempts += 1;
        throw failure("SQLITE_CONSTRAINT_FOREIGNKEY");
      }),
    ).rejects.toThrow("FOREIGNKEY");
    expect(attempts).toBe(1);
  });
});
