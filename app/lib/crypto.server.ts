import crypto from "node:crypto";
import { config } from "./config.server";

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

export function sha256(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}

/** A six-digit code with a uniform distribution. */
export function randomDigits(length = 6): string {
  return crypto.randomInt(0, 10 ** length).toString().padStart(length, "0");
}

function key(): Buffer {
  return crypto.createHash("sha256").update(`enc:${config.sessionSecret}`).digest();
}

/** AES-256-GCM for secrets at rest (authenticator secrets). */
export function encrypt(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

export function decrypt(sealed: string): string {
  const [iv, tag, body] = sealed.split(".").map((p) => Buffer.from(p, "base64url"));
  const decipher = crypto.createDecipheriv("aes-256-gcm", key(), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
}
