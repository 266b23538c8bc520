import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
// How the server sends mail (invitations, reset links, notifications). With SMTP_URL set, mail goes out over SMTP;
// without it (development) each mail is a file in the outbox folder (STORAGE_DIR/outbox), never a log line. Every
// mail the app sends goes through the logged mailer (modules/auth/mail-log.ts), which writes its notification log row.

/** Whom and what a mail is about, for its notification log row (never sent to the transport's recipient). */
export interface MailAbout {
  /** ACCOUNT_MAIL_KINDS or a staff notification kind. */
  kind: string;
  companyId: string | null;
  assetId?: string | null;
  userId?: string | null;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is about; its `assetId` sends it through that asset's own mail provider when it has one. */
  about: MailAbout;
}

/** The part of the app logger the mailer writes to. */
export interface MailLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface Mailer {
  /** Which transport this is, for the start-up log line. */
  readonly transport: string;
  send(message: MailMessage): Promise<void>;
}

/**
 * Without SMTP (development), mails go to an outbox folder on the server's disk, one file each, where a developer
 * opens the reset link. The log says that a mail was written and where, never its text: links carry secrets.
 */
export function createOutboxMailer(dir: string, log: Pick<MailLog, 'info'>, from: string): Mailer {
  return {
    transport: 'outbox',
    async send(message) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = join(dir, `${new Date().toISOString().replaceAll(':', '-')}-${randomBytes(4).toString('hex')}.eml`);
      const text = [`From: ${from}`, `To: ${message.to}`, `Subject: ${message.subject}`, '', message.text, ''].join('\n');
      await writeFile(file, text, { mode: 0o600 });
      log.info({ event: 'mail.outbox', subject: message.subject, file }, 'mail written to the outbox folder');
    },
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // nodemailer is loaded only where SMTP is configured.
  const transporter = import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
  return {
    transport: 'smtp',
    async send(message) {
      await (await transporter).sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    },
  };
}

export function createMailer(
  env: { SMTP_URL?: string | undefined; MAIL_FROM: string; NODE_ENV: string; STORAGE_DIR: string },
  log: MailLog,
): Mailer {
  if (env.SMTP_URL) return createSmtpMailer(env.SMTP_URL, env.MAIL_FROM);
  const outbox = resolve(env.STORAGE_DIR, 'outbox');
  // A production without SMTP still starts (the demo runs that way) but says loudly where reset links go.
  if (env.NODE_ENV === 'production')
    log.warn({ event: 'mail.transport', outbox }, 'SMTP_URL is not set: mails are written to the outbox folder');
  return createOutboxMailer(outbox, log, env.MAIL_FROM);
}

/** An asset's own mail transport (SendGrid when configured and enabled), or null for the server's. */
export type AssetMailTransport = (assetId: string) => Promise<Mailer | null>;

/**
 * The one place a mail's transport is chosen: a mail sent for an asset goes through that asset's own provider when it
 * has one, every other mail (and every mail of an asset without one) through the server's transport. A provider that
 * fails is reported to the caller, never replaced by another transport behind its back.
 */
export function withAssetTransport(server: Mailer, assetTransport: AssetMailTransport): Mailer {
  return {
    transport: server.transport,
    async send(message) {
      const own = message.about.assetId ? await assetTransport(message.about.assetId) : null;
      await (own ?? server).send(message);
    },
  };
}

/** A mailer that keeps what it sends in memory: tests read reset links from it. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[]; last: (to?: string) => MailMessage | undefined } {
  const sent: MailMessage[] = [];
  return {
    transport: 'memory',
    sent,
    last: (to) => [...sent].reverse().find((message) => to === undefined || message.to === to),
    async send(message) {
      sent.push(message);
    },
  };
}
