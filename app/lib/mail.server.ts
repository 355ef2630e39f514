import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "./config.server";
import { getDb } from "./db.server";

let transporter: Transporter | undefined;

function transport(): Transporter {
  transporter ??= config.mailUrl
    ? nodemailer.createTransport(config.mailUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return transporter;
}

export function outboxDir(): string {
  return path.join(config.dataDir, "mail");
}

function fill(template: string, vars: Record<string, string>, escape: boolean): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = vars[name] ?? "";
    return escape ? escapeHtml(value) : value;
  });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function htmlToText(html: string): string {
  return html
    .replace(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, "$2 ($1)")
    .replace(/<\/(p|div|h\d|li)>|<br\s*\/?>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, "&")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * Sends the notification text `ref` (subject and rich-text body from the alerts table, with
 * {{placeholders}}). Without MAIL_URL the message is written to DATA_DIR/mail as an .eml file.
 */
export async function sendAlertMail(ref: string, to: string, vars: Record<string, string>): Promise<void> {
  const alert = await getDb().selectFrom("alerts").select(["subject", "body"]).where("ref", "=", ref).executeTakeFirst();
  if (!alert) throw new Error(`Notificatietekst ${ref} ontbreekt`);
  const html = fill(alert.body, vars, true);
  const message = { from: config.mailFrom, to, subject: fill(alert.subject, vars, false), html, text: htmlToText(html) };
  const info = await transport().sendMail(message);
  if (config.mailUrl) {
    console.log(`mail verstuurd: ${ref}`);
    return;
  }
  fs.mkdirSync(outboxDir(), { recursive: true });
  // Names sort by time; the random tail keeps two mails in one millisecond apart.
  const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${Math.random().toString(36).slice(2, 8)}-${ref}.eml`;
  fs.writeFileSync(path.join(outboxDir(), name), (info as unknown as { message: Buffer }).message);
  console.log(`mail in postvak: ${name}`);
}
