import type { FastifyPluginAsync } from 'fastify';
import { createStorage, type StorageAdapter } from './integrations/storage';
import documentRoutes from './modules/content/formats/routes';
import contentRoutes from './modules/content/routes';

export interface SettingsOptions {
  /** Default: from the environment (STORAGE_DRIVER, STORAGE_DIR, DATA_DIR), like the registrant uploads. */
  storage?: StorageAdapter;
}

/** Pengaturan: staff-edited content and configs, and the per-school document formats (with their pictures). */
const settingsRoutes: FastifyPluginAsync<SettingsOptions> = async (app, opts) => {
  const storage = opts.storage ?? createStorage();
  await app.register(contentRoutes, { storage });
  await app.register(documentRoutes, { storage });
};

export default settingsRoutes;
