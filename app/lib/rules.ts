// Validation rules and Dutch messages shared by browser and server: plain functions, no zod, so a
// page can check a form without loading a validation library (form-checks.ts).

export const messages = {
  required: "Dit is een verplicht veld",
  numeric: "U dient hier alleen cijfers in te voeren",
  email: "U dient een geldig e-mailadres in te voeren",
  url: "U dient een geldige URL in te voeren",
  urlSchemeHint: ', beginnend met "https://" of "http://"',
  postcode: 'U dient een postcode van de vorm "1234AB" in te voeren',
  phone: "Het telefoonnummer dient uit 10 cijfers te bestaan",
  iban: "U dient een geldig IBAN in te voeren",
  bsn: "U dient een geldig BSN in te voeren (8 of 9 cijfers)",
  minLength: (n: number) => `U moet minimaal ${n} tekens invoeren`,
  sameAs: "De ingevoerde waarden komen niet overeen",
  passwordRequired: "Het wachtwoord veld mag niet leeg zijn.",
  passwordHint: "Minimaal 8 tekens",
  passwordBreached:
    "Dit wachtwoord komt voor in lijsten van uitgelekte wachtwoorden. Kies een ander wachtwoord.",
  mustTick: "U dient dit aan te vinken",
  pickFromList: "Kies een waarde uit de lijst",
  date: "U dient een geldige datum in te voeren (DD-MM-JJJJ)",
} as const;

export const PASSWORD_MIN_LENGTH = 8;

type Input = string | null | undefined;

const clean = (value: Input): string => (value ?? "").trim();

// ---------------------------------------------------------------------------
// Pure checks. Empty input passes every format check; "required" is separate.
// ---------------------------------------------------------------------------

// WHATWG-style local part, but the domain must have a dot and a real TLD.
const EMAIL_RE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

export function isEmail(value: Input): boolean {
  const v = clean(value);
  return v === "" || (v.length <= 254 && EMAIL_RE.test(v));
}
