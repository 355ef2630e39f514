// Personal data with legal weight (a BSN, an ID document): sealed with AES-256-GCM under a key of
// its own (PERSONAL_DATA_KEYS, not the session secret). Every sealed value names its key id, so a
// new key can be put first while the old one still opens what it sealed (rotation; see
// resealPersonalData in app/registration/campaign-application.server.ts).
import crypto from "node:crypto";
import { config, type PersonalDataKey } from "./config.server";

const TEXT_PREFIX = "pd1";
/** The start of a sealed file: magic, then the key id's length and the key id. */
const FILE_MAGIC = Buffer.from("LPPD1");
const IV_BYTES = 12;
const TAG_BYTES = 16;

function currentKey(): PersonalDataKey {
  return config.personalDataKeys[0];
}

function keyById(id: string): PersonalDataKey {
  const key = config.personalDataKeys.find((k) => k.id === id);
  if (!key) throw new Error(`personal-data key '${id}' is not configured`);
  return key;
}

function seal(plain: Buffer, key: PersonalDataKey): { iv: Buffer; tag: Buffer; body: Buffer } {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", key.key, iv);
  // The key id is authenticated with the data: a value cannot be passed off under another key.
  cipher.setAAD(Buffer.from(key.id));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), body };
}

function open(parts: { keyId: string; iv: Buffer; tag: Buffer; body: Buffer }): Buffer {
  const key = keyById(parts.keyId);
  const decipher = crypto.createDecipheriv("aes-256-gcm", key.key, parts.iv);
  decipher.setAAD(Buffer.from(key.id));
  decipher.setAuthTag(parts.tag);
  return Buffer.concat([decipher.update(parts.body), decipher.final()]);
}

/** A text sealed with the current key: `pd1.<key id>.<iv>.<tag>.<ciphertext>` (base64url). */
export function sealText(plain: string): string {
  const key = currentKey();
  const { iv, tag, body } = seal(Buffer.from(plain, "utf8"), key);
  return [TEXT_PREFIX, key.id, ...[iv, tag, body].map((b) => b.toString("base64url"))].join(".");
}

export function openText(sealed: string): string {
  const [prefix, keyId, iv, tag, body] = sealed.split(".");
  if (prefix !== TEXT_PREFIX || !keyId || body === undefined) throw new Error("not a sealed text");
  return open({ keyId, iv: Buffer.from(iv, "base64url"), tag: Buffer.from(tag, "base64url"), body: Buffer.from(body, "base64url") }).toString("utf8");
}

/** Bytes sealed with the current key, as they are written to disk. */
export function sealBytes(plain: Buffer): Buffer {
  const key = currentKey();
  const { iv, tag, body } = seal(plain, key);
  const id = Buffer.from(key.id);
  return Buffer.concat([FILE_MAGIC, Buffer.from([id.length]), id, iv, tag, body]);
}

export function openBytes(sealed: Buffer): Buffer {
  const keyId = sealedKeyIdOfBytes(sealed);
  let at = FILE_MAGIC.length + 1 + Buffer.byteLength(keyId);
  const iv = sealed.subarray(at, (at += IV_BYTES));
  const tag = sealed.subarray(at, (at += TAG_BYTES));
  return open({ keyId, iv, tag, body: sealed.subarray(at) });
}

/** The id of the key a text was sealed with. */
export function sealedKeyIdOfText(sealed: string): string {
  return sealed.split(".")[1] ?? "";
}

/** The id of the key sealed bytes were sealed with. */
export function sealedKeyIdOfBytes(sealed: Buffer): string {
  if (!sealed.subarray(0, FILE_MAGIC.length).equals(FILE_MAGIC)) throw new Error("not a sealed file");
  const length = sealed[FILE_MAGIC.length];
  return sealed.subarray(FILE_MAGIC.length + 1, FILE_MAGIC.length + 1 + length).toString();
}

/** Whether a sealed value is under a key other than the current one (to be sealed anew). */
export function isUnderOldKey(keyId: string): boolean {
  return keyId !== currentKey().id;
}

/** A BSN as screens show it: only its last four digits. */
export function maskBsn(bsn: string): string {
  return `*****${bsn.slice(-4)}`;
}
