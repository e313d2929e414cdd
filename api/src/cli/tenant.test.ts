import { appPerFile } from '../../test/app-per-file';
import { call, loginAs, testHasher } from '../../test/helpers';
import { createMailer } from '../integrations/mail';
import { runTenantCommand, type TenantCommandDeps, UsageError } from './tenant-commands';

let lines: string[];
let deps: TenantCommandDeps;
const t = appPerFile({ signIn: false });
beforeAll(async () => {
  lines = [];
  deps = {
    ownerPool: t.ownerPool,
    pool: t.pool,
    mailer: createMailer({ pool: t.pool, from: 'PSB <test@psb.local>' }),
    hasher: testHasher,
    config: { publicUrl: undefined, port: 4420 },
    out: (l) => lines.push(l),
  };
});

const host = { host: 'nusantara.psb.example.id' };

describe('npm run tenant -- create', () => {
  it('creates a working tenant whose superadmin sets a password through the mailed link and signs in', async () => {
    const before = await t.ownerPool.query("SELECT 1 FROM tenants WHERE slug = 'nusantara'");
    expect(before.rowCount).toBe(0);
    await runTenantCommand(
      [
        'create',
        'nusantara',
        '--name',
        'Yayasan Nusantara',
        '--admin-email',
        'Admin@Nusantara.sch.id',
        '--origin',
        'https://nusantara.psb.example.id/',
      ],
      deps,
    );
    expect(lines.join('\n')).toContain('Created tenant "nusantara"');

    // The account exists but no password works yet.
    expect((await loginAs(t.app, 'admin@nusantara.sch.id', 'apa-saja-1', 'admin', host)).status).toBe(401);

    const mail = await t.ownerPool.query<{ text: string }>(
      `SELECT text FROM mail_outbox WHERE "to" = 'admin@nusantara.sch.id'`,
    );
    expect(mail.rows).toHaveLength(1);
    const match = /(https:\/\/nusantara\.psb\.example\.id)\/reset-password\?token=([\w-]+)/.exec(
      mail.rows[0]!.text,
    );
    expect(match).not.toBeNull();

    const set = {
      method: 'PUT' as const,
      url: '/api/v1/public/change_password',
      headers: host,
      payload: { reset_token: match![2], password: 'yayasan-baru-1' },
    };
    expect((await call(t.app, set)).status).toBe(200);
    expect((await call(t.app, set)).status).toBe(400); // one-time

    const login = await loginAs(t.app, 'admin@nusantara.sch.id', 'yayasan-baru-1', 'admin', host);
    expect(login.status).toBe(200);
    const me = await call(t.app, {
      method: 'GET',
      url: '/api/v1/me',
      headers: host,
      token: login.body.token,
    });
    expect(me.status).toBe(200);
    // Its own tenant with the module flags of a new tenant: the superadmin may manage users.
    const users = await call(t.app, {
      method: 'GET',
      url: '/api/v1/users',
      headers: host,
      token: login.body.token,
    });
    expect(users.status).toBe(200);
    // The demo tenant does not know this account.
    expect((await loginAs(t.app, 'admin@nusantara.sch.id', 'yayasan-baru-1', 'admin')).status).toBe(401);
  });

  it('lists, disables and enables tenants', async () => {
    lines.length = 0;
    await runTenantCommand(['list'], deps);
    expect(lines.some((l) => /^nusantara\s+active\s+Yayasan Nusantara\s+https:\/\/nusantara/.test(l))).toBe(
      true,
    );
    expect(lines.some((l) => l.startsWith('demo'))).toBe(true);

    await runTenantCommand(['disable', 'nusantara'], deps);
    lines.length = 0;
    await runTenantCommand(['list'], deps);
    expect(lines.some((l) => /^nusantara\s+disabled/.test(l))).toBe(true);
    await runTenantCommand(['enable', 'nusantara'], deps);
  });

  it('refuses bad input with a usage error', async () => {
    const bad = [
      ['create', 'Bukan Slug', '--name', 'X', '--admin-email', 'a@b.id'],
      ['create', 'baru', '--name', 'X'],
      ['create', 'baru', '--name', 'X', '--admin-email', 'bukan-email'],
      ['create', 'nusantara', '--name', 'X', '--admin-email', 'a@b.id'],
      ['disable', 'tidakada'],
      ['hapus'],
    ];
    for (const args of bad) await expect(runTenantCommand(args, deps)).rejects.toBeInstanceOf(UsageError);
  });
});
