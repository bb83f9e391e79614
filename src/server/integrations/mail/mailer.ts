import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { Logger } from '../../lib/logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the message is for (magic_link, verification, password_reset, admin_invite…). */
  kind: string;
  /** The action links in the message, listed on the development outbox page. */
  links: string[];
  /** Health information (appointment requests): the recipient is not written to the log either. */
  sensitive?: boolean;
  /** Extra headers (the roster's List-Unsubscribe); the outbox does not keep them. */
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/** Real delivery over SMTP (`SMTP_URL`). */
export function createSmtpMailer(smtpUrl: string, from: string, logger: Logger): Mailer {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.headers ? { headers: message.headers } : {}),
      });
      logger.info({ kind: message.kind, ...(message.sensitive ? {} : { to: message.to }) }, 'mail sent');
    },
  };
}

/** Development and tests: messages land in the mail_outbox table, shown at /dev/outbox. */
export function createOutboxMailer(db: Database, logger: Logger): Mailer {
  return {
    transport: 'outbox',
    async send({ sensitive, headers: _headers, ...message }) {
      await db.insert(mailOutbox).values({ id: randomUUID(), ...message });
      logger.info({ kind: message.kind, ...(sensitive ? {} : { to: message.to }) }, 'mail written to the development outbox');
    },
  };
}
