import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer.js';

describe('the mailer without SMTP', () => {
  it('writes each mail to the outbox folder and logs where, never the text (links carry secrets)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'crm-mail-'));
    const lines: Record<string, unknown>[] = [];
    const log = {
      info: (details: object) => void lines.push(details as Record<string, unknown>),
      warn: (details: object) => void lines.push(details as Record<string, unknown>),
    };
    try {
      const mailer = createMailer({ MAIL_FROM: 'CRM <no-reply@localhost>', NODE_ENV: 'production', STORAGE_DIR: dir }, log);
      expect(mailer.transport).toBe('outbox');
      await mailer.send({
        to: 'ann@example.com',
        subject: 'Reset your password',
        text: 'https://crm/reset?token=s3cr3t-token',
        about: { kind: 'passwordReset', companyId: null },
      });
      const files = await readdir(join(dir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(await readFile(join(dir, 'outbox', files[0] ?? ''), 'utf8')).toContain('token=s3cr3t-token');
      const logged = JSON.stringify(lines);
      expect(logged).not.toContain('s3cr3t-token');
      expect(logged).not.toContain('ann@example.com');
      expect(lines).toEqual([expect.objectContaining({ event: 'mail.transport' }), expect.objectContaining({ event: 'mail.outbox' })]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
