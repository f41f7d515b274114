import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { createMailHandler } from './mailer.ts';

describe('the mailer', () => {
  it('delivers a message with its attachment (the weekly TMF health PDF, issue 27 part 6)', async () => {
    const outboxDir = await fs.mkdtemp(path.join(os.tmpdir(), 'edoc-mailer-'));
    const send = createMailHandler({ from: 'edoc@example.test', outboxDir, log: () => {} });
    const pdf = Buffer.from('%PDF-1.7 just bytes');
    await send({
      to: 'reader@example.test',
      subject: 'With a file',
      text: 'See the attachment.',
      attachments: [{ filename: 'TMF健康度.pdf', contentType: 'application/pdf', base64: pdf.toString('base64') }],
    });
    const [file] = await fs.readdir(outboxDir);
    const mail = await simpleParser(await fs.readFile(path.join(outboxDir, file!)));
    expect(mail.text?.trim()).toBe('See the attachment.');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: 'TMF健康度.pdf', contentType: 'application/pdf' });
    expect(Buffer.compare(mail.attachments[0]!.content, pdf)).toBe(0);
    await fs.rm(outboxDir, { recursive: true });
  });
});
