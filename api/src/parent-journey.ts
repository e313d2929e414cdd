import type { FastifyPluginAsync } from 'fastify';
import { createSchoolDirectory, type SchoolDirectory } from './integrations/school-directory';
import { createStorage, type StorageAdapter } from './integrations/storage';
import infoRoutes from './modules/content/info/routes';
import voucherRoutes from './modules/payments/vouchers/routes';
import regionRoutes from './modules/public/regions/routes';
import uploadRoutes from './modules/registrants/documents/routes';
import registrantRoutes from './modules/registrants/parent/routes';
import registrantAdminRoutes from './modules/registrants/staff/routes';
import registrantStaffToolRoutes from './modules/registrants/staff/staff-tools-routes';

export interface ParentJourneyOptions {
  /** Default: from the environment (STORAGE_DRIVER, STORAGE_DIR, DATA_DIR) — local disk. */
  storage?: StorageAdapter;
  /** Default: SCHOOL_DIRECTORY_URL, else the offline fixture. */
  directory?: SchoolDirectory;
}

/**
 * The parent journey: regions, vouchers, registrants and their answers, uploads, public
 * information content and the NPSN lookup — registered under /api/v1 by app.ts.
 */
const parentJourneyRoutes: FastifyPluginAsync<ParentJourneyOptions> = async (app, opts) => {
  const storage = opts.storage ?? createStorage();
  const directory =
    opts.directory ??
    createSchoolDirectory(process.env, (err) => app.log.warn({ err }, 'NPSN lookup failed'));
  await app.register(regionRoutes);
  await app.register(voucherRoutes);
  await app.register(registrantRoutes);
  await app.register(registrantAdminRoutes);
  await app.register(registrantStaffToolRoutes, { storage });
  await app.register(uploadRoutes, { storage });
  await app.register(infoRoutes, { directory });
};

export default parentJourneyRoutes;
