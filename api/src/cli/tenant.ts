/**
 * `npm run tenant -- create|list|disable|enable …`: provisions foundations on the configured database
 * (DATABASE_URL, else the embedded one under DATA_DIR — the running server's cluster when it is up).
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config';
import { cliDatabase } from '../db/cli-database';
import { migrate } from '../db/migrate';
import { createPool } from '../db/pool';
import { syncModules } from '../db/seed';
import { createMailer } from '../integrations/mail';
import { createHasher } from '../lib/password';
import { runTenantCommand, USAGE, UsageError } from './tenant-commands';

const say = (m: string) => process.stdout.write(`${m}\n`);

async function main(args: string[]): Promise<number> {
  const config = loadConfig();
  const { databaseUrl, stop } = await cliDatabase(config);
  const ownerPool = createPool(databaseUrl, { as: 'owner', max: 2 });
  const pool = createPool(databaseUrl, { max: 2 });
  try {
    // A fresh database gets its schema first, exactly as a server start would.
    await migrate(databaseUrl, path.join(config.rootDir, 'api/src/db/migrations'));
    await syncModules(ownerPool);
    await runTenantCommand(args, {
      ownerPool,
      pool,
      mailer: createMailer({ pool, smtpUrl: config.smtpUrl, from: config.mailFrom }),
      hasher: createHasher(),
      config,
      out: say,
    });
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`${err.message}\n\n${USAGE}\n`);
      return 2;
    }
    throw err;
  } finally {
    await pool.end();
    await ownerPool.end();
    await stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${err instanceof ConfigError ? err.message : (err?.stack ?? String(err))}\n`);
    process.exit(1);
  },
);
