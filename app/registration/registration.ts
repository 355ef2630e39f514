// What the public registration forms share in the browser.
import { requiredText } from "../lib/form-checks";
import { postcode } from "../lib/form-checks-formats";
import type { PublicField } from "./PublicFields";

type AddressName<P extends string> = `${P}Street` | `${P}HouseNr` | `${P}PostalCode` | `${P}Town`;

/** Street, house number, postcode and town, all required, under names that start with `prefix`. */
export const addressFields = <P extends string>(prefix: P) =>
  ({
    [`${prefix}Street`]: { label: "Straat", check: requiredText(), autoComplete: "address-line1" },
    [`${prefix}HouseNr`]: { label: "Huisnummer", check: requiredText() },
    [`${prefix}PostalCode`]: { label: "Postcode", check: postcode({ required: true }), autoComplete: "postal-code", hint: "Bijvoorbeeld 1234AB." },
    [`${prefix}Town`]: { label: "Plaats", check: requiredText(), autoComplete: "address-level2" },
  }) as Record<AddressName<P>, PublicField>;

/** The names of addressFields(prefix), in the form's order. */
export const addressNames = <P extends string>(prefix: P): AddressName<P>[] => [`${prefix}Street`, `${prefix}HouseNr`, `${prefix}PostalCode`, `${prefix}Town`];
