/**
 * `npm run demo:season -- [--tenant demo] [--registrants 3000] [--seed 2027]`: fills a tenant with a realistic
 * admission season (see index.ts) on the configured database (DATABASE_URL, else the embedded one under
 * DATA_DIR — the running server's cluster when it is up).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config';
import { cliDatabase } from '../cli-database';
import { migrate } from '../migrate';
import { createPool } from '../pool';
import { analyzeSeason, generateSeason, SeasonRefused } from './index';

const USAGE = 'usage: npm run demo:season -- [--tenant demo] [--registrants 3000] [--seed 2027] [--json]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      tenant: { type: 'string', default: 'demo' },
      registrants: { type: 'string', default: '3000' },
      seed: { type: 'string', default: '2027' },
      json: { type: 'boolean', default: false },
    },
  });
  const registrants = Number(values.registrants);
  const seed = Number(values.seed);
  if (!Number.isInteger(registrants) || !Number.isInteger(seed)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const { databaseUrl, stop } = await cliDatabase(config);
  const ownerPool = createPool(databaseUrl, { as: 'owner', max: 2 });
  try {
    await migrate(databaseUrl, path.join(config.rootDir, 'api/src/db/migrations'));
    const summary = await generateSeason(ownerPool, { tenant: values.tenant, registrants, seed });
    await analyzeSeason(ownerPool);
    if (values.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
    else {
      const b = summary.bills;
      process.stdout.write(
        `Musim ${summary.schoolYear} untuk yayasan "${summary.tenant}": ${summary.registrants} calon murid ` +
          `dalam ${(summary.ms / 1000).toFixed(1)} s.\n` +
          `  status: ${Object.entries(summary.byStatus)
            .map(([s, n]) => `${s} ${n}`)
            .join(', ')}\n` +
          `  tagihan: ${Object.entries(b.plans)
            .map(([s, n]) => `${s} ${n}`)
            .join(', ')}; ` +
          `ditagihkan Rp ${b.billed.toLocaleString('id-ID')}, terbayar Rp ${b.paid.toLocaleString('id-ID')}\n` +
          `  tes: ${summary.sessions} sesi, ${summary.seats} kursi, ${summary.scored} dinilai\n` +
          `  wawancara: ${summary.appointments.slots} slot, ${summary.appointments.bookings} dipesan orang tua\n`,
      );
    }
    return 0;
  } catch (err) {
    if (err instanceof SeasonRefused) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    throw err;
  } finally {
    await ownerPool.end();
    await stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${err instanceof ConfigError ? err.message : (err?.stack ?? String(err))}\n`);
    process.exit(1);
  },
);
