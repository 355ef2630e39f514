import { describe, expect, it } from "vitest";
import { parseWithZod } from "../lib/parse-form";
import { infoSchema, isQuarterTime } from "./info";

const parse = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return parseWithZod(form, { schema: infoSchema() });
};
const errors = (fields: Record<string, string>) => parse(fields).reply().error ?? {};

describe("the Info & Media form's checks (part 1 §5 'Info form')", () => {
  it("takes an empty form, with every list empty and every day open", () => {
    const submission = parse({});
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.socialMediaLinks).toEqual([]);
    expect(submission.value.videoLinks).toEqual([]);
    expect(submission.value.openHours.mo).toEqual({ closed: false });
  });

  it("wants each social and video link a valid URL, with the scheme hint when only that is missing", () => {
    const found = errors({ "socialMediaLinks[0].platform": "facebook", "socialMediaLinks[0].link": "facebook.com/club", "videoLinks[0]": "geen link", "videoLinks[1]": "https://youtu.be/x" });
    expect(found["socialMediaLinks[0].link"]).toEqual(['U dient een geldige URL in te voeren, beginnend met "https://" of "http://"']);
    expect(found["videoLinks[0]"]).toEqual(["U dient een geldige URL in te voeren"]);
    expect(found["videoLinks[1]"]).toBeUndefined();
  });

  it("wants a platform for a link, and one of the five", () => {
    expect(errors({ "socialMediaLinks[0].link": "https://x.nl" })["socialMediaLinks[0].platform"]).toEqual(["Dit is een verplicht veld"]);
    expect(errors({ "socialMediaLinks[0].platform": "myspace", "socialMediaLinks[0].link": "https://x.nl" })["socialMediaLinks[0].platform"]).toHaveLength(1);
  });

  it("wants the second slot's end when its start is set, except on a closed day", () => {
    expect(errors({ "openHours.mo.from2": "18:00" })["openHours.mo.till2"]).toEqual(["Dit is een verplicht veld"]);
    expect(errors({ "openHours.mo.from2": "18:00", "openHours.mo.till2": "21:00" })).toEqual({});
    expect(errors({ "openHours.mo.from2": "18:00", "openHours.mo.closed": "on" })).toEqual({});
  });

  it("takes times on the quarter of an hour only", () => {
    expect(["00:00", "08:15", "12:30", "23:45"].every(isQuarterTime)).toBe(true);
    expect(["8:15", "08:10", "24:00", "08:15:00", "acht"].some(isQuarterTime)).toBe(false);
    expect(errors({ "openHours.fr.till1": "17:05" })["openHours.fr.till1"]).toEqual(["U dient een tijd in stappen van 15 minuten in te voeren, zoals 08:30"]);
  });

  it("takes prices the Dutch way and wants the text of a period 'anders'", () => {
    expect(errors({ "subscriptionPlans.unlimited_price": "1.234,50", "subscriptionPlans.cheapest_price": "€ 9,95" })).toEqual({});
    expect(errors({ "subscriptionPlans.unlimited_price": "veel" })["subscriptionPlans.unlimited_price"]).toEqual(["U dient een bedrag in te voeren, zoals 1.234,50"]);
    expect(errors({ "subscriptionPlans.cheapest_per": "other" })["subscriptionPlans.cheapest_per_other"]).toEqual(["Dit is een verplicht veld"]);
    expect(errors({ "subscriptionPlans.cheapest_per": "year" })["subscriptionPlans.cheapest_per"]).toHaveLength(1);
  });
});
