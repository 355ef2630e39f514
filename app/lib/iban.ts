// The IBAN rule (part 1 §5): shared by browser and server, in a module of its own so that only the
// forms that ask for an IBAN load it (rules.ts re-exports it).

type Input = string | null | undefined;

/** Without spaces or hyphens, in capitals: how an IBAN is sent and stored. */
export function normalizeIban(value: Input): string {
  return (value ?? "").trim().replace(/[\s-]/g, "").toUpperCase();
}

// ISO 13616: move the first four characters to the end, letters become 10..35.
function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const digits = code >= 65 && code <= 90 ? String(code - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder;
}

/** A Dutch IBAN with a valid check number; empty passes (required is separate). */
export function isIban(value: Input): boolean {
  const v = normalizeIban(value);
  if (v === "") return true;
  return /^NL\d{2}[A-Z]{4}\d{10}$/.test(v) && ibanMod97(v) === 1;
}
