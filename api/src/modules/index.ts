import type { FastifyInstance } from 'fastify';
import type { SchoolDirectory } from '../integrations/school-directory';
import type { StorageAdapter } from '../integrations/storage';
import jobRoutes from '../jobs/routes';
import { authRoutes, consentRoutes, dataExportRoutes, meRoutes, privacyRequestRoutes } from './auth';
import { contentRoutes, documentFormatRoutes, infoRoutes, notificationRoutes } from './content';
import {
  consentTextRoutes,
  masterDataRoutes,
  roleModuleRoutes,
  roleRoutes,
  schoolRoutes,
  userRoutes,
} from './master-data';
import { paymentRoutes, paymentSetupRoutes, voucherRoutes } from './payments';
import { publicLookupRoutes, publicRoutes, regionRoutes } from './public';
import {
  offerRoutes,
  registrantRoutes,
  registrantStaffToolRoutes,
  staffRegistrantRoutes,
  uploadRoutes,
} from './registrants';
import { dashboardRoutes, reportRoutes } from './reports';
import {
  appointmentRoutes,
  leggerRoutes,
  testAssignmentRoutes,
  testCardRoutes,
  testResultRoutes,
  testScoringRoutes,
  testSessionSubjectRoutes,
} from './tests';

/** What the domains' routes are given by the app (one of each, made once). */
export interface RouteDeps {
  storage: StorageAdapter;
  directory: SchoolDirectory;
  /** How long the parent's payment long poll waits (tests shorten it). */
  paymentWaitMs?: number;
}

type Registration = (api: FastifyInstance, deps: RouteDeps) => PromiseLike<unknown>;

/**
 * Every route plugin under /api/v1 — the one list. Its order is the order of the paths in the OpenAPI
 * document, so a new plugin goes where its readers expect it, not necessarily beside its domain.
 */
const ROUTES: readonly Registration[] = [
  (api) => api.register(publicRoutes),
  (api) => api.register(authRoutes),
  (api) => api.register(meRoutes),
  (api) => api.register(consentRoutes),
  (api) => api.register(privacyRequestRoutes),
  (api, { storage }) => api.register(dataExportRoutes, { storage }),
  (api) => api.register(roleModuleRoutes),
  (api) => api.register(publicLookupRoutes),
  (api) => api.register(masterDataRoutes),
  (api) => api.register(userRoutes),
  (api) => api.register(roleRoutes),
  (api) => api.register(schoolRoutes),
  (api) => api.register(consentTextRoutes),
  (api) => api.register(dashboardRoutes),
  (api) => api.register(reportRoutes),
  (api) => api.register(jobRoutes),
  (api) => api.register(notificationRoutes),
  (api) => api.register(regionRoutes),
  (api) => api.register(voucherRoutes),
  (api) => api.register(registrantRoutes),
  (api) => api.register(staffRegistrantRoutes),
  (api, { storage }) => api.register(registrantStaffToolRoutes, { storage }),
  (api, { storage }) => api.register(uploadRoutes, { storage }),
  (api, { directory }) => api.register(infoRoutes, { directory }),
  (api) => api.register(leggerRoutes),
  (api) => api.register(testScoringRoutes),
  (api) => api.register(testSessionSubjectRoutes),
  (api, { storage }) => api.register(testCardRoutes, { storage }),
  (api) => api.register(paymentSetupRoutes),
  (api, { storage }) => api.register(contentRoutes, { storage }),
  (api, { storage }) => api.register(documentFormatRoutes, { storage }),
  (api) => api.register(testAssignmentRoutes),
  (api) => api.register(appointmentRoutes),
  (api, { storage }) => api.register(testResultRoutes, { storage }),
  (api) => api.register(offerRoutes),
  (api, { paymentWaitMs }) => api.register(paymentRoutes, paymentWaitMs ? { waitMs: paymentWaitMs } : {}),
];

/** Registers every domain's routes on `api` (the /api/v1 scope), in the list's order. */
export async function registerRoutes(api: FastifyInstance, deps: RouteDeps): Promise<void> {
  for (const register of ROUTES) await register(api, deps);
}
