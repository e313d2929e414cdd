import { type Config, loadSecrets } from '../config';
import type { EmbeddedDatabase } from './embedded';

/**
 * The database a console command works on: DATABASE_URL, else the embedded one under DATA_DIR — the running
 * server's cluster when it is up, otherwise started for the command (stopped again by `stop`).
 */
export async function cliDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>) {
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const { runningEmbeddedUrl, startEmbeddedPostgres } = await import('./embedded');
    const password = loadSecrets(config.dataDir).pgPassword;
    databaseUrl = runningEmbeddedUrl(config.dataDir, password) ?? undefined;
    if (!databaseUrl) {
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, password });
      databaseUrl = embedded.url;
    }
  }
  return { databaseUrl, stop: async () => embedded?.stop() };
}
