// The date field's check, shared by the browser and the server. A module of its own: the sign-in
// page loads the shared validation and has no date field.
import { optionalText, refine } from "./validation";

export const INVALID_DATE = "U dient een geldige datum in te voeren (DD-MM-JJJJ)";

/** A real calendar date as a date field posts it: 'YYYY-MM-DD'. */
export const isIsoDate = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCFullYear() === Number(match[1]) && date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
};

/** An optional date field's value, 'YYYY-MM-DD'. */
export const isoDate = () => refine(optionalText(), (v) => v === undefined || isIsoDate(v), INVALID_DATE);
