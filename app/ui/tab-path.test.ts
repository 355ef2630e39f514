import { describe, expect, it } from "vitest";
import { openTabId, tabPath } from "./tab-path";

describe("tabPath", () => {
  it("opens the page on the tab, with the tab's panel as the hash", () => {
    expect(tabPath("/vestigingen/bewerken/7", "aanbod")).toBe("/vestigingen/bewerken/7?tab=aanbod#aanbod");
  });

  it("keeps the page's own query after the tab and replaces a tab and hash it had", () => {
    expect(tabPath("/x?bevestigen=ontkoppelen&koppeling=3", "professionals")).toBe("/x?tab=professionals&bevestigen=ontkoppelen&koppeling=3#professionals");
    expect(tabPath("/x?tab=algemeen&logboek=2#algemeen", "logboek")).toBe("/x?tab=logboek&logboek=2#logboek");
  });
});

describe("openTabId", () => {
  const tabs = [{ id: "algemeen" }, { id: "aanbod" }, { id: "logboek", disabled: true }];

  it("is the tab the URL names when it is there and enabled", () => {
    expect(openTabId("aanbod", tabs)).toBe("aanbod");
  });

  it("is the first enabled tab when the URL names none, an unknown or a disabled one", () => {
    expect(openTabId(null, tabs)).toBe("algemeen");
    expect(openTabId("onbekend", tabs)).toBe("algemeen");
    expect(openTabId("logboek", tabs)).toBe("algemeen");
    expect(openTabId(null, [{ id: "a", disabled: true }, { id: "b" }])).toBe("b");
  });
});
