import { idList } from '../ids';
import { roleModuleSchema } from '../role-modules';
import { voucherResource } from '../vouchers';
import { z } from '../zod';
import { acceptedStatusResource } from './accepted-status';
import { classResource } from './class';
import { classPeriodResource } from './class-period';
import { convenienceFeeResource } from './convenience-fee';
import { coaResource, jurnalResource, respResource } from './finance';
import { gradeResource } from './grade';
import { itemResource } from './item';
import { jalurResource } from './jalur';
import { schoolPaymentResource, setupPaymentResource } from './payment-period';
import { additionalPaymentResource, paymentResource, typePaymentResource } from './payment-types';
import { questionResource } from './question';
import { roleResource } from './role';
import { schoolResource } from './school';
import { schoolLocationResource } from './school-location';
import { schoolPeriodResource } from './school-period';
import { schoolYearResource } from './school-year';
import { subjectResource } from './subject';
import { roomResource, scheduleTestResource, testDetailResource, testResource } from './tests';
import type { ResourceDecl } from './types';
import { userResource } from './user';

export * from './accepted-status';
export * from './catalog';
export * from './class';
export * from './class-period';
export * from './convenience-fee';
export * from './fields';
export * from './finance';
export * from './grade';
export * from './item';
export * from './jalur';
export * from './payment-period';
export * from './payment-types';
export * from './question';
export * from './role';
export * from './school';
export * from './school-location';
export * from './school-period';
export * from './school-year';
export * from './subject';
export * from './tests';
export * from './types';
export * from './user';

/**
 * Every declared resource. The api registers the engine routes of each; the admin remote builds its pages
 * from them. Order = parents before children (the dashboard shows them in this order).
 */
export const RESOURCES = [
  schoolLocationResource,
  schoolResource,
  schoolYearResource,
  schoolPeriodResource,
  gradeResource,
  classResource,
  classPeriodResource,
  subjectResource,
  acceptedStatusResource,
  jalurResource,
  questionResource,
  itemResource,
  roleResource,
  userResource,
  jurnalResource,
  coaResource,
  respResource,
  typePaymentResource,
  paymentResource,
  additionalPaymentResource,
  schoolPaymentResource,
  setupPaymentResource,
  convenienceFeeResource,
  testResource,
  roomResource,
  scheduleTestResource,
  testDetailResource,
] as const satisfies readonly ResourceDecl[];

export type ResourceName = (typeof RESOURCES)[number]['name'];

const byName = new Map<string, ResourceDecl>(RESOURCES.map((r) => [r.name, r]));
/** A declaration by its singular name. */
export const resourceByName = (name: string): ResourceDecl | undefined => byName.get(name);
/** A declaration by its admin page path (`/admin/school`, also `/admin/school/nonactive`). */
/**
 * Every declaration the staff console shows as a list page: the master data plus resources whose extra
 * endpoints live in their own module (vouchers).
 */
export const CONSOLE_RESOURCES: readonly ResourceDecl[] = [...RESOURCES, voucherResource];

export const resourceByAdminPath = (path: string): ResourceDecl | undefined =>
  CONSOLE_RESOURCES.find((r) => path === r.adminPath || path === `${r.adminPath}/nonactive`);

// --- the engine's http contract ------------------------------------------------------------------------------

export { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants';

/**
 * Query of `GET /<plural>` and `GET /<plural>/export`, besides the declaration's filter keys:
 * - `search` (alias `filter`): substring over the declaration's `search` refs;
 * - `sort_column` (a sortable column key), `sort_value` asc|desc (default: the declaration's defaultSort);
 * - `page` (1-based), `page_size` (default 25, at most 100) — the export ignores both;
 * - archived rows: `show_deleted=true` (or `deleted_at=only`) lists ONLY archived rows (the /nonactive page);
 *   `deleted_at=all` lists both; default live rows only.
 */
export const LIST_QUERY_KEYS = [
  'search',
  'filter',
  'sort_column',
  'sort_value',
  'page',
  'page_size',
  'show_deleted',
  'deleted_at',
  'format',
] as const;

/** Body of `GET /<plural>`. */
export const listResponseSchema = <T extends z.ZodType>(record: T) =>
  z.object({
    success: z.literal(true),
    data: z.array(record),
    /** Rows matching the filters (all pages). */
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
export type ListResponse<T> = { success: true; data: T[]; total: number; page: number; page_size: number };

/** Body of GET/POST/PUT /<name>[/{id}] and of DELETE/restore (the record after the change). */
export const recordResponseSchema = <T extends z.ZodType>(record: T) =>
  z.object({ success: z.literal(true), message: z.string().optional(), data: record });
/** The same for a screen that hands the record to the engine's form as it came (fields per declaration). */
const anyRecordSchema = z
  .object({ id: z.number().int(), deleted_at: z.string().nullable().optional() })
  .catchall(z.unknown());
export const anyRecordResponseSchema = recordResponseSchema(anyRecordSchema);
/** A list page of any resource: its rows keep every column the engine sent (joined names included). */
export const anyListResponseSchema = listResponseSchema(anyRecordSchema);

// --- extra endpoints next to the engine ------------------------------------------------------------------------

/** POST /role_module/{role}: the flags to store (modules left out keep theirs). */
export const saveRoleModulesSchema = z.union([
  z.array(roleModuleSchema).max(200),
  z.object({ data: z.array(roleModuleSchema).max(200) }),
]);
export type SaveRoleModules = z.input<typeof saveRoleModulesSchema>;

/** POST /role_school/{role}: the schools a staff role is limited to (empty = every school). */
export const saveRoleSchoolsSchema = z.union([
  idList().max(1000),
  z.object({ school_ids: idList().max(1000) }),
]);
export const roleSchoolsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(z.object({ school_id: z.number().int(), school_name: z.string() })),
});

/** Options for pickers and lookups: id + name and a few descriptive columns. */
export const optionSchema = z.object({ id: z.number().int(), name: z.string() }).catchall(z.unknown());
export const optionsResponseSchema = z.object({ success: z.literal(true), data: z.array(optionSchema) });

/** GET /dashboard/counts: live records per resource the caller may read. */
export const dashboardCountsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(
    z.object({
      resource: z.string(),
      label: z.string(),
      module: z.string(),
      admin_path: z.string(),
      count: z.number().int(),
      /** Narrowed by the school year / period / school asked for (the resource's list filters by one). */
      filtered: z.boolean(),
    }),
  ),
});
