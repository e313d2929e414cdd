import type { Pool } from '../../db/pool';
import { EVERY_SCHOOL, withTenant } from '../../db/tenant-db';
import type { MailAdapter } from './index';

/** Stores each message in mail_outbox (tenant-scoped, so staff of one tenant only see their own). */
export function createOutboxMailer(pool: Pool): MailAdapter {
  return {
    kind: 'outbox',
    send: (m) =>
      withTenant(
        pool,
        m.tenantId,
        async ({ client }) => {
          await client.query(
            'INSERT INTO mail_outbox (tenant_id, "to", subject, text, html) VALUES ($1, $2, $3, $4, $5)',
            [m.tenantId, m.to, m.subject, m.text, m.html ?? null],
          );
        },
        EVERY_SCHOOL,
      ),
  };
}
