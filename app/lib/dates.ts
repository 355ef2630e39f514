// The date field's check, shared by the browser and the server. A module of its own: the sign-in
// page loads the shared validation and has no date field.
import { messages } from "./rules";
import { isIsoDate } from "./rules-formats";
import { optionalText, refine, requiredText } from "./validation";

export { isIsoDate };

export const INVALID_DATE = messages.date;

/** An optional date field's value, 'YYYY-MM-DD'. */
export const isoDate = () => refine(optionalText(), (v) => v === undefined || isIsoDate(v), INVALID_DATE);

/** A required date field's value, 'YYYY-MM-DD'. */
export const requiredIsoDate = () => refine(requiredText(), isIsoDate, INVALID_DATE);
