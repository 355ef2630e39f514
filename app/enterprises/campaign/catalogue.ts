// The course catalogue of the training campaign Nederland Leert Door (browser-safe: the form
// builds its choice lists from it on both sides). The data lives in db/campaign-catalogue.json.
import data from "../../../db/campaign-catalogue.json";

export interface CatalogueOption {
  /** Stable value, stored in campaign_applications. */
  value: string;
  /** What a person reads. */
  label: string;
}

type DateOption = CatalogueOption;
interface Trainer extends CatalogueOption {
  dates: DateOption[];
}
interface Course extends CatalogueOption {
  trainers: Trainer[];
}

const COURSES: Course[] = data.courses;

const option = ({ value, label }: CatalogueOption): CatalogueOption => ({ value, label });

/** The courses (Fitnesstrainer A and B). */
export function courses(): CatalogueOption[] {
  return COURSES.map(option);
}

/** The training providers that give `course`; none for an unknown or empty course. */
export function trainersFor(course: string | null | undefined): CatalogueOption[] {
  return (COURSES.find((c) => c.value === course)?.trainers ?? []).map(option);
}

/** The dates and locations of `trainer` for `course`; none when either is unknown. */
export function datesFor(course: string | null | undefined, trainer: string | null | undefined): CatalogueOption[] {
  const found = COURSES.find((c) => c.value === course)?.trainers.find((t) => t.value === trainer);
  return (found?.dates ?? []).map(option);
}

export function isCourse(course: string | null | undefined): boolean {
  return COURSES.some((c) => c.value === course);
}

export function isTrainerOf(course: string | null | undefined, trainer: string | null | undefined): boolean {
  return trainersFor(course).some((t) => t.value === trainer);
}

export function isDateOf(
  course: string | null | undefined,
  trainer: string | null | undefined,
  date: string | null | undefined,
): boolean {
  return datesFor(course, trainer).some((d) => d.value === date);
}

// Label lookups. A value that is no longer in the catalogue shows as it was stored, so an old
// sign-up stays readable.
export function courseLabel(course: string): string {
  return COURSES.find((c) => c.value === course)?.label ?? course;
}

export function trainerLabel(course: string, trainer: string): string {
  const inCourse = COURSES.find((c) => c.value === course)?.trainers.find((t) => t.value === trainer);
  const anywhere = COURSES.flatMap((c) => c.trainers).find((t) => t.value === trainer);
  return (inCourse ?? anywhere)?.label ?? trainer;
}

export function dateLabel(course: string, trainer: string, date: string): string {
  return datesFor(course, trainer).find((d) => d.value === date)?.label ?? date;
}
