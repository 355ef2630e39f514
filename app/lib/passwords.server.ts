// Password hashing and checks (server only).
import { hash, verify, type Options } from "@node-rs/argon2";
// A package import (not a file read) so the list also resolves from the SSR bundle.
import { dictionary } from "@zxcvbn-ts/language-common";
import { messages, PASSWORD_MIN_LENGTH } from "./validation";

// OWASP's argon2id baseline. Algorithm is an ambient const enum, which
// isolatedModules cannot read, so its value (Argon2id = 2) is written out.
const ARGON2_OPTIONS: Options = {
  algorithm: 2 as NonNullable<Options["algorithm"]>,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed or empty stored hash means "no valid password", not a server error.
    return false;
  }
}

let breached: Set<string> | undefined;

/** True when the password is in the bundled list of ~49,000 common leaked passwords. */
export function isBreachedPassword(password: string): boolean {
  // The list is all lower case; build the Set on first use only.
  breached ??= new Set(dictionary["passwords-common"]);
  return breached.has(password.toLowerCase());
}

export interface PasswordPairErrors {
  password?: string[];
  repeatPassword?: string[];
}

const isBlank = (value: string) => value.trim() === "";

/** Errors per field for a new password and its repeat; {} when acceptable. */
export function validatePasswordPair(
  password: string | null | undefined,
  repeat: string | null | undefined,
): PasswordPairErrors {
  const pw = password ?? "";
  const rep = repeat ?? "";
  const errors: PasswordPairErrors = {};

  if (isBlank(pw)) errors.password = [messages.passwordRequired];
  else if (pw.length < PASSWORD_MIN_LENGTH) errors.password = [messages.minLength(PASSWORD_MIN_LENGTH)];
  else if (isBreachedPassword(pw)) errors.password = [messages.passwordBreached];

  if (isBlank(rep)) errors.repeatPassword = [messages.passwordRequired];
  else if (rep.length < PASSWORD_MIN_LENGTH) errors.repeatPassword = [messages.minLength(PASSWORD_MIN_LENGTH)];
  else if (!isBlank(pw) && pw !== rep) errors.repeatPassword = [messages.sameAs];

  return errors;
}
