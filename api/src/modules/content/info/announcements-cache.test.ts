import pg from 'pg';
import { appPerFile } from '../../../../test/app-per-file';
import { api, call } from '../../../../test/helpers';

const t = appPerFile();

const announcement = (title: string) => ({ title, body: 'Hasil seleksi diumumkan hari ini.', schedule: [] });
const read = () => call(t.app, { method: 'GET', url: api('/public/content/interview_announcement') });
const publish = (title: string) =>
  call(t.app, {
    method: 'PUT',
    url: api('/config/interview_announcement'),
    token: t.admin,
    payload: { data: announcement(title) },
  });

/** Runs `fn` while no new connection to the test database is allowed and the open ones are cut. */
async function withDatabaseDown(fn: () => Promise<void>) {
  const db = new URL(t.databaseUrl).pathname.slice(1);
  // From the server's maintenance database: a database cannot close itself to connections.
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`ALTER DATABASE ${db} ALLOW_CONNECTIONS false`);
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [db],
    );
    await fn();
  } finally {
    await admin.query(`ALTER DATABASE ${db} ALLOW_CONNECTIONS true`);
    await admin.end();
  }
}

describe('public announcements on results day', () => {
  it('are kept per version: an edit shows on the very next read', async () => {
    expect((await publish('Pengumuman Kelulusan')).status).toBe(200);
    expect((await read()).body.data).toMatchObject({ title: 'Pengumuman Kelulusan' });
    expect((await read()).body.data).toMatchObject({ title: 'Pengumuman Kelulusan' });
    expect((await publish('Pengumuman Kelulusan (ralat)')).status).toBe(200);
    expect((await read()).body.data).toMatchObject({ title: 'Pengumuman Kelulusan (ralat)' });
  });

  it('keep answering from the last snapshot while PostgreSQL cannot be reached', async () => {
    expect((await read()).status).toBe(200);
    await withDatabaseDown(async () => {
      const down = await read();
      expect(down.status).toBe(200);
      expect(down.headers['x-snapshot']).toBe('1');
      expect(down.body.data).toMatchObject({ title: 'Pengumuman Kelulusan (ralat)' });
    });
  });
});
