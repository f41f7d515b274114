import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { JobHandler, JobPayload, Jobs } from '../jobs/jobs.ts';

export const MAIL_QUEUE = 'mail.send';

export type Mail = JobPayload<typeof MAIL_QUEUE>;

/**
 * Delivers over SMTP_URL; without one, each message is written to DATA_DIR/outbox as an .eml file and logged,
 * so a fresh install can still show what it would have sent.
 */
export function createMailHandler(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: (msg: string) => void;
}): JobHandler<typeof MAIL_QUEUE> {
  const smtp = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const file = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return async (mail) => {
    const attachments = mail.attachments?.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: Buffer.from(a.base64, 'base64'),
    }));
    const message = { from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, attachments };
    if (smtp) {
      await smtp.sendMail(message);
      return;
    }
    const info = await file.sendMail(message);
    await fs.mkdir(opts.outboxDir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`;
    await fs.writeFile(path.join(opts.outboxDir, name), info.message as Buffer);
    opts.log(`mail to ${mail.to} written to outbox/${name}: ${mail.subject}`);
  };
}

export const sendMail = (jobs: Jobs, mail: Mail) => jobs.send(MAIL_QUEUE, mail);
