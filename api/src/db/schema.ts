/**
 * Drizzle table definitions mirroring the SQL migrations (the migrations are the source of truth; keep both
 * in step). Every tenant-owned table leads its keys with tenant_id; row-level security does the filtering,
 * but queries still name tenant_id so the planner can use the keys.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });

export const tenants = pgTable('tenants', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  themeColor: text('theme_color').notNull().default('#055837'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

export const modules = pgTable('modules', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: tz('reset_at').notNull(),
});

export const roles = pgTable(
  'roles',
  {
    tenantId: integer('tenant_id').notNull(),
    id: integer('id').generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    deletedAt: tz('deleted_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique().on(t.tenantId, t.name)],
);

export const roleModules = pgTable(
  'role_modules',
  {
    tenantId: integer('tenant_id').notNull(),
    roleId: integer('role_id').notNull(),
    moduleId: integer('module_id').notNull(),
    readAction: smallint('read_action').notNull().default(0),
    insertAction: smallint('insert_action').notNull().default(0),
    updateAction: smallint('update_action').notNull().default(0),
    deleteAction: smallint('delete_action').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId, t.moduleId] }),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }),
  ],
);

export const users = pgTable(
  'users',
  {
    tenantId: integer('tenant_id').notNull(),
    id: integer('id').generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    email: text('email'),
    phoneNumber: text('phone_number'),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id').notNull(),
    tokenVersion: integer('token_version').notNull().default(0),
    emailVerifiedAt: tz('email_verified_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    deletedAt: tz('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }),
    uniqueIndex('users_email_key').on(t.tenantId, sql`lower(${t.email})`).where(sql`deleted_at IS NULL`),
    uniqueIndex('users_phone_key').on(t.tenantId, t.phoneNumber).where(sql`deleted_at IS NULL`),
  ],
);

export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    tenantId: integer('tenant_id').notNull(),
    jti: text('jti').notNull(),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.jti] })],
);

const oneTimeToken = {
  tenantId: integer('tenant_id').notNull(),
  id: integer('id').generatedByDefaultAsIdentity(),
  userId: integer('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: tz('expires_at').notNull(),
  usedAt: tz('used_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
};

export const passwordResets = pgTable('password_resets', { ...oneTimeToken }, (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  unique().on(t.tenantId, t.tokenHash),
]);

export const emailVerifications = pgTable(
  'email_verifications',
  { ...oneTimeToken, email: text('email').notNull() },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique().on(t.tenantId, t.tokenHash)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    tenantId: integer('tenant_id').notNull(),
    id: integer('id').generatedByDefaultAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const configs = pgTable(
  'configs',
  {
    tenantId: integer('tenant_id').notNull(),
    name: text('name').notNull(),
    value: text('value').notNull(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.name] })],
);

export const schoolYears = pgTable(
  'school_years',
  {
    tenantId: integer('tenant_id').notNull(),
    id: integer('id').generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    startDate: day('start_date').notNull(),
    endDate: day('end_date').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    deletedAt: tz('deleted_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique().on(t.tenantId, t.name)],
);

export const schools = pgTable(
  'schools',
  {
    tenantId: integer('tenant_id').notNull(),
    id: integer('id').generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    npsn: text('npsn'),
    level: text('level').notNull(),
    address: text('address'),
    schoolLocationId: integer('school_location_id'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    deletedAt: tz('deleted_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique().on(t.tenantId, t.name)],
);

export const schoolPeriods = pgTable(
  'school_periods',
  {
    tenantId: integer('tenant_id').notNull(),
    id: integer('id').generatedByDefaultAsIdentity(),
    schoolId: integer('school_id').notNull(),
    schoolYearId: integer('school_year_id').notNull(),
    name: text('name').notNull(),
    startDate: day('start_date').notNull(),
    endDate: day('end_date').notNull(),
    quota: integer('quota').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    deletedAt: tz('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique().on(t.tenantId, t.schoolId, t.schoolYearId, t.name),
    foreignKey({ columns: [t.tenantId, t.schoolId], foreignColumns: [schools.tenantId, schools.id] }),
    foreignKey({
      columns: [t.tenantId, t.schoolYearId],
      foreignColumns: [schoolYears.tenantId, schoolYears.id],
    }),
  ],
);

// --- master data of the resource engine (migration 0003) ----------------------------------------------------

/** Columns every engine table ends with (soft delete: deleted_at). */
const stamps = () => ({
  createdAt: tz('created_at').notNull().defaultNow(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
  deletedAt: tz('deleted_at'),
});
const key = { tenantId: integer('tenant_id').notNull(), id: integer('id').generatedByDefaultAsIdentity() };

export const schoolLocations = pgTable(
  'school_locations',
  { ...key, name: text('name').notNull(), city: text('city'), address: text('address'), ...stamps() },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique().on(t.tenantId, t.name)],
);

export const mstGrades = pgTable(
  'mst_grades',
  {
    ...key,
    name: text('name').notNull(),
    schoolId: integer('school_id'),
    description: text('description'),
    ...stamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique().on(t.tenantId, t.name)],
);

export const mstClasses = pgTable(
  'mst_classes',
  {
    ...key,
    name: text('name').notNull(),
    mstGradeId: integer('mst_grade_id').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...stamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique().on(t.tenantId, t.mstGradeId, t.name)],
);

export const classPeriods = pgTable(
  'class_periods',
  {
    ...key,
    schoolPeriodId: integer('school_period_id').notNull(),
    mstClassId: integer('mst_class_id').notNull(),
    quota: integer('quota').notNull().default(0),
    usedQuota: integer('used_quota').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...stamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique().on(t.tenantId, t.schoolPeriodId, t.mstClassId),
  ],
);

export const mstSubjects = pgTable(
  'mst_subjects',
  { ...key, name: text('name').notNull(), code: text('code'), description: text('description'), ...stamps() },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique().on(t.tenantId, t.name)],
);

export const mstAcceptedStatuses = pgTable(
  'mst_accepted_statuses',
  {
    ...key,
    name: text('name').notNull(),
    isAccepted: boolean('is_accepted').notNull().default(false),
    description: text('description'),
    ...stamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique().on(t.tenantId, t.name)],
);

export const mstJalurs = pgTable(
  'mst_jalurs',
  {
    ...key,
    name: text('name').notNull(),
    isInternal: boolean('is_internal').notNull().default(false),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    ...stamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique().on(t.tenantId, t.name)],
);

export const mstQuestions = pgTable(
  'mst_questions',
  {
    ...key,
    question: text('question').notNull(),
    answerType: text('answer_type').notNull().default('text'),
    options: text('options'),
    schoolId: integer('school_id'),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...stamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique().on(t.tenantId, t.question)],
);

export const mstItems = pgTable(
  'mst_items',
  {
    ...key,
    name: text('name').notNull(),
    schoolId: integer('school_id'),
    price: bigint('price', { mode: 'number' }).notNull().default(0),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    ...stamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique().on(t.tenantId, t.name)],
);

export const mstJurnals = pgTable(
  'mst_jurnals',
  {
    ...key,
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    ...stamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique().on(t.tenantId, t.code)],
);

export const mstCoas = pgTable(
  'mst_coas',
  {
    ...key,
    code: text('code').notNull(),
    name: text('name').notNull(),
    accountType: text('account_type').notNull(),
    mstJurnalId: integer('mst_jurnal_id'),
    ...stamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique().on(t.tenantId, t.code)],
);

export const mstResps = pgTable(
  'mst_resps',
  {
    ...key,
    code: text('code').notNull(),
    name: text('name').notNull(),
    schoolId: integer('school_id'),
    ...stamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique().on(t.tenantId, t.code)],
);

export const roleSchools = pgTable(
  'role_schools',
  {
    tenantId: integer('tenant_id').notNull(),
    roleId: integer('role_id').notNull(),
    schoolId: integer('school_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.roleId, t.schoolId] })],
);

export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: integer('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedByDefaultAsIdentity(),
    userId: integer('user_id'),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    recordId: integer('record_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    at: tz('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Tables of the parent journey (vouchers, registrants) live in their own file. */
export * from './schema-parent-journey';
