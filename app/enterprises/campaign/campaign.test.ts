import { parseWithZod } from "../../lib/parse-form";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { messages } from "../../lib/validation";
import catalogueData from "../../../db/campaign-catalogue.json";
import { cascadeSlot, campaignShape, dependentsOf, isCompleteSlot, refineCampaign, type SlotChoices } from "./campaign";
import { courseLabel, courses, dateLabel, datesFor, isDateOf, isTrainerOf, trainerLabel, trainersFor } from "./catalogue";

const A = "fitnesstrainer-a";
const B = "fitnesstrainer-b";
const ACADEMIE = "fit-academie-nederland";
const VITAAL = "vitaal-vakopleidingen";
const A_DATE = "2021-11-15-amsterdam";

describe("campaign catalogue", () => {
  it("offers the two courses of the spec", () => {
    expect(courses()).toEqual([
      { value: A, label: "Fitnesstrainer A" },
      { value: B, label: "Fitnesstrainer B" },
    ]);
  });

  it("gives each course three to five trainers, each with dates from November 2021 to March 2022", () => {
    for (const course of courses()) {
      const trainers = trainersFor(course.value);
      expect(trainers.length).toBeGreaterThanOrEqual(3);
      expect(trainers.length).toBeLessThanOrEqual(5);
      for (const trainer of trainers) {
        const dates = datesFor(course.value, trainer.value);
        expect(dates.length).toBeGreaterThan(0);
        for (const date of dates) {
          const [day, month, year] = date.label.slice(0, 10).split("-").map(Number);
          const ym = year * 100 + month;
          expect(ym).toBeGreaterThanOrEqual(202111);
          expect(ym).toBeLessThanOrEqual(202203);
          expect(day).toBeGreaterThan(0);
          expect(date.label).toMatch(/^\d{2}-\d{2}-\d{4} \S/);
        }
      }
    }
  });

  it("has unique values per level", () => {
    for (const course of catalogueData.courses) {
      const trainerValues = course.trainers.map((t) => t.value);
      expect(new Set(trainerValues).size).toBe(trainerValues.length);
      for (const trainer of course.trainers) {
        const dateValues = trainer.dates.map((d) => d.value);
        expect(new Set(dateValues).size).toBe(dateValues.length);
      }
    }
  });

  it("lists trainers of a course and dates of a trainer, nothing for unknown choices", () => {
    expect(trainersFor(B).map((t) => t.value)).toContain(VITAAL);
    expect(trainersFor(A).map((t) => t.value)).not.toContain(VITAAL);
    expect(trainersFor("")).toEqual([]);
    expect(trainersFor("onbekend")).toEqual([]);
    expect(datesFor(A, VITAAL)).toEqual([]);
    expect(datesFor(A, ACADEMIE)[0]).toEqual({ value: A_DATE, label: "15-11-2021 Amsterdam" });
    expect(isTrainerOf(B, VITAAL)).toBe(true);
    expect(isTrainerOf(A, VITAAL)).toBe(false);
    expect(isDateOf(A, ACADEMIE, A_DATE)).toBe(true);
    expect(isDateOf(B, ACADEMIE, A_DATE)).toBe(false);
  });

  it("looks labels up, showing an unknown value as stored", () => {
    expect(courseLabel(A)).toBe("Fitnesstrainer A");
    expect(trainerLabel(A, ACADEMIE)).toBe("Fit Academie Nederland");
    expect(dateLabel(A, ACADEMIE, A_DATE)).toBe("15-11-2021 Amsterdam");
    expect(courseLabel("oud")).toBe("oud");
    expect(dateLabel(A, ACADEMIE, "oud")).toBe("oud");
  });
});

describe("campaign cascade (posts without JavaScript)", () => {
  const full: SlotChoices = { email: "a@voorbeeld.nl", course: A, trainer: ACADEMIE, dateLocation: A_DATE };

  it("names what depends on each field", () => {
    expect(dependentsOf("email")).toEqual(["course", "trainer", "dateLocation"]);
    expect(dependentsOf("course")).toEqual(["trainer", "dateLocation"]);
    expect(dependentsOf("trainer")).toEqual(["dateLocation"]);
    expect(dependentsOf("dateLocation")).toEqual([]);
  });

  it("keeps an unchanged slot", () => {
    expect(cascadeSlot(full, full)).toEqual(full);
  });

  it("clears course, trainer and date when only the e-mail changed", () => {
    expect(cascadeSlot({ ...full, email: "b@voorbeeld.nl" }, full)).toEqual({
      email: "b@voorbeeld.nl",
      course: "",
      trainer: "",
      dateLocation: "",
    });
  });

  it("clears trainer and date when the course changed", () => {
    expect(cascadeSlot({ ...full, course: B }, full)).toEqual({ ...full, course: B, trainer: "", dateLocation: "" });
  });

  it("clears the date when the trainer changed", () => {
    const other = trainersFor(A)[1].value;
    expect(cascadeSlot({ ...full, trainer: other }, full)).toEqual({ ...full, trainer: other, dateLocation: "" });
  });

  it("keeps a choice made in the same post as the change it depends on", () => {
    const empty: SlotChoices = { email: "", course: "", trainer: "", dateLocation: "" };
    expect(cascadeSlot({ ...empty, email: "a@voorbeeld.nl", course: A }, empty)).toEqual({
      ...empty,
      email: "a@voorbeeld.nl",
      course: A,
    });
  });

  it("drops a trainer or date that does not belong to the chosen course and trainer", () => {
    expect(cascadeSlot({ ...full, trainer: VITAAL }, null)).toEqual({ ...full, trainer: "", dateLocation: "" });
    expect(cascadeSlot({ ...full, dateLocation: "2099-01-01-nergens" }, null)).toEqual({ ...full, dateLocation: "" });
    expect(cascadeSlot({ ...full, course: "vervalst" }, null)).toEqual({
      email: full.email,
      course: "",
      trainer: "",
      dateLocation: "",
    });
  });

  it("knows a complete slot", () => {
    expect(isCompleteSlot(full)).toBe(true);
    expect(isCompleteSlot({ ...full, dateLocation: "" })).toBe(false);
    expect(isCompleteSlot({ ...full, email: "geen-adres" })).toBe(false);
  });
});

describe("campaign rules (part 1 §5 Campaign part)", () => {
  function parse(fields: Record<string, string>, readOnlySlots = [false, false]) {
    const formData = new FormData();
    for (const [name, value] of Object.entries(fields)) formData.set(name, value);
    const schema = z.object(campaignShape).check(z.superRefine((value, ctx) => refineCampaign(value, ctx, readOnlySlots)));
    return parseWithZod(formData, { schema });
  }
  const errorsOf = (fields: Record<string, string>, readOnlySlots?: boolean[]) => {
    const submission = parse(fields, readOnlySlots);
    return submission.status === "success" ? {} : submission.error;
  };
  const contact = {
    campaignNldInterest: "on",
    "campaignNldInfo.email": "contact@voorbeeld.nl",
    "campaignNldInfo.firstName": "Sanne",
    "campaignNldInfo.lastName": "Bakker",
  };
  const participant = (index: number) => ({
    [`campaignNldApplications[${index}].email`]: `deelnemer${index}@voorbeeld.nl`,
    [`campaignNldApplications[${index}].course`]: A,
    [`campaignNldApplications[${index}].trainer`]: ACADEMIE,
    [`campaignNldApplications[${index}].dateLocation`]: A_DATE,
  });

  it("checks nothing without interest", () => {
    const submission = parse({ "campaignNldInfo.email": "geen-adres" });
    expect(submission.status).toBe("success");
    const value = submission.status === "success" ? submission.value : undefined;
    expect(value?.campaignNldInterest).toBe(false);
    expect(value?.campaignNldApplications).toHaveLength(2);
  });

  it("requires the contact and participant 1 with interest", () => {
    expect(errorsOf({ campaignNldInterest: "on" })).toEqual({
      "campaignNldInfo.email": [messages.required],
      "campaignNldInfo.firstName": [messages.required],
      "campaignNldInfo.lastName": [messages.required],
      "campaignNldApplications[0].email": [messages.required],
      "campaignNldApplications[0].course": [messages.required],
      "campaignNldApplications[0].trainer": [messages.required],
      "campaignNldApplications[0].dateLocation": [messages.required],
    });
  });

  it("checks the e-mail addresses", () => {
    expect(
      errorsOf({ ...contact, ...participant(0), "campaignNldInfo.email": "fout", "campaignNldApplications[0].email": "ook fout" }),
    ).toEqual({
      "campaignNldInfo.email": [messages.email],
      "campaignNldApplications[0].email": [messages.email],
    });
  });

  it("accepts a complete first participant and an empty second one", () => {
    const submission = parse({ ...contact, ...participant(0) });
    expect(submission.status).toBe("success");
  });

  it("requires each field of participant 2 only when the one before is filled", () => {
    expect(errorsOf({ ...contact, ...participant(0), "campaignNldApplications[1].email": "twee@voorbeeld.nl" })).toEqual({
      "campaignNldApplications[1].course": [messages.required],
    });
    expect(
      errorsOf({
        ...contact,
        ...participant(0),
        "campaignNldApplications[1].email": "twee@voorbeeld.nl",
        "campaignNldApplications[1].course": B,
      }),
    ).toEqual({ "campaignNldApplications[1].trainer": [messages.required] });
    expect(
      errorsOf({
        ...contact,
        ...participant(0),
        "campaignNldApplications[1].email": "twee@voorbeeld.nl",
        "campaignNldApplications[1].course": B,
        "campaignNldApplications[1].trainer": VITAAL,
      }),
    ).toEqual({ "campaignNldApplications[1].dateLocation": [messages.required] });
  });

  it("does not validate submitted (read-only) slots, which post nothing", () => {
    expect(errorsOf({ ...contact }, [true, false])).toEqual({});
    const submission = parse({ ...contact, ...participant(1) }, [true, false]);
    expect(submission.status).toBe("success");
    const slots = submission.status === "success" ? submission.value.campaignNldApplications : [];
    expect(slots[0]).toEqual({});
    expect(slots[1].course).toBe(A);
  });

  it("treats a choice outside the catalogue as not chosen", () => {
    expect(errorsOf({ ...contact, ...participant(0), "campaignNldApplications[0].trainer": VITAAL })).toEqual({
      "campaignNldApplications[0].trainer": [messages.required],
      "campaignNldApplications[0].dateLocation": [messages.required],
    });
  });
});
