import { describe, expect, it } from "vitest";
import type { EnterpriseRecord } from "./enterprise.server";
import { ACTIVATION_REFUSED, enterpriseStatusRefusal, VISIBILITY_REFUSED } from "./status.server";

type Flags = { approved: boolean; inactive: boolean; hidden: boolean };
const on: Flags = { approved: true, inactive: false, hidden: false };

function record(enterprise: Partial<Flags>, member: Partial<Flags>): EnterpriseRecord {
  const e = { ...on, ...enterprise };
  return {
    enterprise: { id: 1, approved: e.approved, inactive: e.inactive, hidden: e.hidden } as EnterpriseRecord["enterprise"],
    member: { id: 2, name: "Lid", associate: false, ...on, ...member },
  };
}

describe("enterpriseStatusRefusal", () => {
  it("refuses nothing while the membership is approved, active and visible", () => {
    for (const inactive of [false, true]) {
      for (const hidden of [false, true]) expect(enterpriseStatusRefusal(record({ inactive, hidden }, {}))).toEqual({});
    }
  });

  it("refuses activating while the membership is not approved or not active", () => {
    expect(enterpriseStatusRefusal(record({ inactive: true }, { inactive: true }))).toEqual({ inactive: ACTIVATION_REFUSED });
    expect(enterpriseStatusRefusal(record({ inactive: true }, { approved: false }))).toEqual({ inactive: ACTIVATION_REFUSED });
    expect(ACTIVATION_REFUSED).toBe("Activeren kan pas als het lidmaatschap goedgekeurd en actief is.");
  });

  it("always allows deactivating and hiding", () => {
    expect(enterpriseStatusRefusal(record({}, { inactive: true, approved: false, hidden: true }))).toEqual({});
  });

  it("refuses making visible while the membership is hidden", () => {
    expect(enterpriseStatusRefusal(record({ hidden: true }, { hidden: true }))).toEqual({ hidden: VISIBILITY_REFUSED });
    expect(VISIBILITY_REFUSED).toBe("Zichtbaar maken kan pas als het lidmaatschap zichtbaar is.");
    expect(enterpriseStatusRefusal(record({ inactive: true, hidden: true }, { inactive: true, hidden: true }))).toEqual({
      inactive: ACTIVATION_REFUSED,
      hidden: VISIBILITY_REFUSED,
    });
  });
});
