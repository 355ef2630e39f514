import { describe, expect, it } from "vitest";
import { pendingCallCount, trackCall } from "./offline-state";

describe("the loading overlay's count of calls under way", () => {
  it("counts a call until it settles, whether it succeeds or fails, so the overlay never sticks", async () => {
    expect(pendingCallCount()).toBe(0);
    let finish!: () => void;
    let fail!: (error: Error) => void;
    const ok = trackCall(new Promise<void>((resolve) => (finish = resolve)));
    const failing = trackCall(new Promise<void>((_, reject) => (fail = reject)));
    expect(pendingCallCount()).toBe(2);
    finish();
    await ok;
    expect(pendingCallCount()).toBe(1);
    fail(new Error("geen verbinding"));
    await expect(failing).rejects.toThrow("geen verbinding");
    expect(pendingCallCount()).toBe(0);
  });
});
