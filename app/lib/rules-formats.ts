// The format checks of phone numbers, postcodes, BSNs and dates, shared by browser and server. A
// module apart from rules.ts: the sign-in page checks only an e-mail address and a password, and a
// bundler puts a module's code in one piece, so these stay off the pages that do not use them (the
// public registration forms do use them; numbers and URLs, which only signed-in forms check, are in
// rules-web.ts).

type Input = string | null | undefined;

const clean = (value: Input): string => (value ?? "").trim();

export function normalizePhone(value: Input): string {
  return clean(value).replace(/[\s-]/g, "");
}

export function isPhone(value: Input): boolean {
  const v = normalizePhone(value);
  return v === "" || /^\d{10}$/.test(v);
}

export function normalizePostcode(value: Input): string {
  return clean(value).replace(/\s+/g, "").toUpperCase();
}

export function isPostcode(value: Input): boolean {
  const v = clean(value);
  // Dutch postcodes run from 1000 to 9999.
  return v === "" || /^[1-9]\d{3} ?[A-Za-z]{2}$/.test(v);
}

export function isBsn(value: Input): boolean {
  const v = clean(value);
  if (v === "") return true;
  if (!/^\d{8,9}$/.test(v)) return false;
  const digits = v.padStart(9, "0");
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(digits[i]) * (9 - i);
  sum -= Number(digits[8]);
  return sum !== 0 && sum % 11 === 0;
}

/** A real calendar date as a date field posts it: 'YYYY-MM-DD'. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCFullYear() === Number(match[1]) && date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}
