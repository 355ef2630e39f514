import fs from "node:fs";
import path from "node:path";

/** Reading the mail outbox (DATA_DIR/mail, one .eml per message) in integration and e2e tests. */

function decodeMail(raw: string): string {
  // Bodies are quoted-printable; undo soft line breaks and =XX escapes.
  const unfolded = raw.replace(/=\r?\n/g, "");
  const bytes = unfolded.replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The mail files of an outbox folder, oldest first (a file being written is named *.eml.part). */
function mailFiles(outbox: string): string[] {
  return fs.readdirSync(outbox).filter((name) => name.endsWith(".eml")).sort();
}

/** The mails to `to` in the outbox of `dataDir`, newest first, each with its file name (names sort by time). */
function mailsIn(dataDir: string, to: string): { file: string; mail: string }[] {
  const outbox = path.join(dataDir, "mail");
  if (!fs.existsSync(outbox)) return [];
  const pattern = new RegExp(`^To: .*${to.replace(/[.+]/g, "\\$&")}`, "mi");
  const found: { file: string; mail: string }[] = [];
  for (const file of mailFiles(outbox).reverse()) {
    const raw = fs.readFileSync(path.join(outbox, file), "utf8");
    if (pattern.test(raw)) found.push({ file, mail: decodeMail(raw) });
  }
  return found;
}

/** The newest mail to `to` in the outbox of `dataDir`, decoded; undefined when there is none. */
export function latestMailIn(dataDir: string, to: string): string | undefined {
  return mailsIn(dataDir, to)[0]?.mail;
}

/** The name of the newest file in the outbox (to wait for mails written after it). */
export function newestMailFile(dataDir: string): string {
  const outbox = path.join(dataDir, "mail");
  if (!fs.existsSync(outbox)) return "";
  return mailFiles(outbox).at(-1) ?? "";
}

/**
 * The sign-in codes mailed to `to` after the outbox file `after`, newest first; waits up to
 * `timeoutMs` for the first. Parallel sign-ins of one account each get a code of their own, so a
 * caller tries them in turn.
 */
export async function codesSince(dataDir: string, to: string, after: string, timeoutMs = 10_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const codes = mailsIn(dataDir, to)
      .filter((m) => m.file > after && /\b\d{6}\b/.test(m.mail.split(/\r?\n\r?\n/).slice(1).join("\n")))
      .map((m) => codeIn(m.mail));
    if (codes.length || Date.now() > deadline) return codes;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The six-digit sign-in code of a mail (looked for in the body, not the headers). */
export function codeIn(mail: string): string {
  const body = mail.split(/\r?\n\r?\n/).slice(1).join("\n");
  const match = body.match(/\b(\d{6})\b/);
  if (!match) throw new Error("no code in mail");
  return match[1];
}

/** The first portal path in a mail that starts with `prefix` (e.g. /resetting/reset/). */
export function linkIn(mail: string, prefix: string): string {
  const match = mail.match(new RegExp(`${prefix.replace(/\//g, "\\/")}[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`no link ${prefix} in mail`);
  return match[0];
}
