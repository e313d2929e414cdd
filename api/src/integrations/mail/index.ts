import type { Pool } from '../../db/pool';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';

export interface MailMessage {
  tenantId: number;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Where e-mail goes. The default (no SMTP_URL) stores messages in the mail_outbox table, visible to staff. */
export interface MailAdapter {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}

export function createMailer(opts: { pool: Pool; smtpUrl?: string | undefined; from: string }): MailAdapter {
  return opts.smtpUrl ? createSmtpMailer(opts.smtpUrl, opts.from) : createOutboxMailer(opts.pool);
}
