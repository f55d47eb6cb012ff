import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on the notice e-mails). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mail goes, for the start-up log. */
  destination: string;
}

/**
 * SMTP over SMTP_URL; without it every mail is written to DATA_DIR/mail as an .eml file, and the log says
 * to whom, about what and where the file is (never the text: it holds codes and links).
 */
export function createMailer(config: AppConfig, log: FastifyBaseLogger): Mailer {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    const safeUrl = new URL(config.SMTP_URL);
    safeUrl.password = '';
    safeUrl.username = '';
    return {
      destination: `SMTP ${safeUrl.host}`,
      async send(message) {
        await transport.sendMail({ from: config.MAIL_FROM, ...message });
        log.info({ to: message.to, subject: message.subject }, 'e-mail enviado');
      },
    };
  }
  const outbox = path.join(config.DATA_DIR, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: `arquivos .eml em ${outbox}`,
    async send(message) {
      const info = await transport.sendMail({ from: config.MAIL_FROM, ...message });
      await mkdir(outbox, { recursive: true });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      // Recipient, subject and file only: the text holds codes and links that must not reach the log.
      log.info(
        { to: message.to, subject: message.subject, file },
        'e-mail gravado em arquivo .eml (sem SMTP)',
      );
    },
  };
}
