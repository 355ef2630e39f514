// The format checks of the public forms that ask for more than an e-mail address and a password
// (the registrations, the campaign application), as form-checks.ts's builders. A module apart, so
// the sign-in page does not load them (see rules-formats.ts).
import { text, valid, type FieldCheck, type Options } from "./form-checks";
import { messages } from "./rules";
import { isBsn, isIsoDate, isPhone, isPostcode, normalizePhone, normalizePostcode } from "./rules-formats";

export const phone = (options?: Options): FieldCheck =>
  text(!!options?.required, { test: isPhone, message: messages.phone, normalize: normalizePhone });

export const postcode = (options?: Options): FieldCheck =>
  text(!!options?.required, { test: isPostcode, message: messages.postcode, normalize: normalizePostcode });

export const bsn = (options?: Options): FieldCheck => text(!!options?.required, { test: isBsn, message: messages.bsn });

export const isoDate = (options?: Options): FieldCheck => text(!!options?.required, { test: isIsoDate, message: messages.date });

/** One of a list's values, or empty. */
export const oneOf = (options: readonly { value: string }[], required = false): FieldCheck =>
  text(required, { test: (v) => options.some((o) => o.value === v), message: messages.pickFromList });

/** A checkbox: 'on' when ticked. */
export const checkbox =
  (): FieldCheck =>
  (input) =>
    valid(input === "on" || input === true);

/** A checkbox that must be ticked (terms, privacy). */
export const mustTick =
  (): FieldCheck =>
  (input) =>
    input === "on" || input === true ? valid(true) : { value: false, errors: [messages.mustTick] };
