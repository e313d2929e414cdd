import { isTenantSlug, ROLE } from '@psb/contracts';
import { sql } from 'kysely';
import type { Config } from '../config';
import { tenantLinkOrigin } from '../context';
import { kyselyOnPool } from '../db/kysely';
import type { Pool } from '../db/pool';
import { createTenant } from '../db/seed';
import { EVERY_SCHOOL, withTenantTx } from '../db/tenant-db';
import type { MailAdapter } from '../integrations/mail';
import type { PasswordHasher } from '../lib/password';
import { randomToken, sha256 } from '../lib/tokens';

export interface TenantCommandDeps {
  /** Owner connection: creates tenants (a global table) and lists them. */
  ownerPool: Pool;
  /** Runtime pool (row-level security applies): the tenant's own rows. */
  pool: Pool;
  mailer: MailAdapter;
  hasher: PasswordHasher;
  config: Pick<Config, 'publicUrl'> & Partial<Pick<Config, 'port'>>;
  out: (line: string) => void;
}

export class UsageError extends Error {}

export const USAGE = `Usage:
  npm run tenant -- create <slug> --name "Nama Yayasan" --admin-email admin@yayasan.sch.id [--admin-name "…"] [--origin https://slug.psb.example.id] [--theme #055837]
  npm run tenant -- list
  npm run tenant -- disable <slug>
  npm run tenant -- enable <slug>`;

/** How long the superadmin's set-up link stays valid. */
const SETUP_LINK_DAYS = 7;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `--key value` pairs and positional words. */
function parseArgs(args: string[]): { words: string[]; flags: Map<string, string> } {
  const words: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--')) {
      words.push(a);
      continue;
    }
    const [key, inline] = a.slice(2).split(/=(.*)/s);
    const value = inline ?? args[++i];
    if (!key || value === undefined) throw new UsageError(`--${key} needs a value.`);
    flags.set(key, value);
  }
  return { words, flags };
}

function required(flags: Map<string, string>, key: string): string {
  const v = flags.get(key)?.trim();
  if (!v) throw new UsageError(`--${key} is required.`);
  return v;
}

/**
 * Creates the tenant (roles and module flags as every new tenant gets them) and its superadmin, whose password
 * is unusable until set through the one-time link mailed to them — the same link and page as a password reset.
 */
async function create(deps: TenantCommandDeps, slug: string | undefined, flags: Map<string, string>) {
  if (!slug || !isTenantSlug(slug))
    throw new UsageError('The slug must be lower-case letters, digits and -.');
  const name = required(flags, 'name');
  const email = required(flags, 'admin-email').toLowerCase();
  if (!EMAIL.test(email)) throw new UsageError('--admin-email is not an e-mail address.');
  const origin = flags.get('origin')?.replace(/\/+$/, '') ?? null;
  if (origin !== null && !/^https?:\/\/[^\s/]+$/.test(origin))
    throw new UsageError('--origin must look like https://host (no path).');
  const theme = flags.get('theme') ?? '#055837';
  if (!/^#[0-9a-fA-F]{6}$/.test(theme)) throw new UsageError('--theme must look like #055837.');

  const owner = kyselyOnPool(deps.ownerPool);
  const exists = await owner.selectFrom('tenants').select('id').where('slug', '=', slug).executeTakeFirst();
  if (exists) throw new UsageError(`Tenant "${slug}" exists already.`);
  const tenantId = await createTenant(deps.ownerPool, { slug, name, themeColor: theme });
  await owner.updateTable('tenants').set({ public_origin: origin }).where('id', '=', tenantId).execute();

  // A hash of random bytes nobody knows: the account cannot sign in before the link is used.
  const unusable = await deps.hasher.hash(randomToken());
  const token = randomToken();
  await withTenantTx(
    deps.pool,
    tenantId,
    async ({ db }) => {
      const admin = await db
        .insertInto('users')
        .columns(['tenant_id', 'name', 'email', 'password_hash', 'role_id'])
        .expression((eb) =>
          eb
            .selectFrom('roles as r')
            .select([
              eb.val(tenantId).as('tenant_id'),
              eb.val(flags.get('admin-name') ?? `Admin ${name}`).as('name'),
              eb.val(email).as('email'),
              eb.val(unusable).as('password_hash'),
              'r.id',
            ])
            .where('r.tenant_id', '=', tenantId)
            .where('r.name', '=', ROLE.superadmin),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('password_resets')
        .values({
          tenant_id: tenantId,
          user_id: admin.id,
          token_hash: sha256(token),
          expires_at: sql<Date>`now() + make_interval(days => ${SETUP_LINK_DAYS})`,
        })
        .execute();
    },
    EVERY_SCHOOL,
  );
  const link = `${tenantLinkOrigin(deps.config, { slug, publicOrigin: origin })}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    tenantId,
    to: email,
    subject: `Akun admin PSB ${name}`,
    text: `Halo,\n\nAkun superadmin PSB ${name} telah dibuat untuk ${email}. Buat kata sandi Anda dengan membuka tautan berikut dalam ${SETUP_LINK_DAYS} hari (hanya dapat dipakai sekali):\n${link}\n\nSetelah itu masuk melalui halaman admin.\n\n${name}`,
  });
  deps.out(`Created tenant "${slug}" (${name}), id ${tenantId}; running servers serve it within 30 s.`);
  deps.out(
    `Superadmin ${email}: a one-time set-up link was sent ${deps.mailer.kind === 'smtp' ? 'by e-mail' : 'to the mail_outbox table'}.`,
  );
}

async function list(deps: TenantCommandDeps) {
  const rows = await kyselyOnPool(deps.ownerPool)
    .selectFrom('tenants')
    .select(['slug', 'name', 'public_origin', 'disabled_at'])
    .orderBy('slug')
    .execute();
  if (rows.length === 0) deps.out('No tenants.');
  for (const r of rows)
    deps.out(
      [r.slug.padEnd(20), r.disabled_at ? 'disabled' : 'active  ', r.name, r.public_origin ?? '']
        .join('  ')
        .trimEnd(),
    );
}

async function setDisabled(deps: TenantCommandDeps, slug: string | undefined, disabled: boolean) {
  if (!slug) throw new UsageError('Name the tenant: its slug.');
  const res = await kyselyOnPool(deps.ownerPool)
    .updateTable('tenants')
    .set((eb) => ({ disabled_at: disabled ? eb.fn.coalesce('disabled_at', sql<Date>`now()`) : null }))
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!res.numUpdatedRows) throw new UsageError(`No tenant "${slug}".`);
  deps.out(`Tenant "${slug}" ${disabled ? 'disabled' : 'enabled'} (running servers notice within 30 s).`);
}

/** Runs one `npm run tenant -- …` command; throws UsageError for bad input. */
export async function runTenantCommand(args: string[], deps: TenantCommandDeps): Promise<void> {
  const { words, flags } = parseArgs(args);
  const [command, slug] = words;
  if (command === 'create') return create(deps, slug, flags);
  if (command === 'list') return list(deps);
  if (command === 'disable') return setDisabled(deps, slug, true);
  if (command === 'enable') return setDisabled(deps, slug, false);
  throw new UsageError(command ? `Unknown command "${command}".` : 'No command given.');
}
