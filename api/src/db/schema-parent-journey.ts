/**
 * Drizzle definitions of the parent-journey tables (migration 0004_parent_journey.sql is the source of truth;
 * keep both in step). The modules query them with hand-written SQL; these serve typed queries and tools.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const mstTokens = pgTable(
  'mst_tokens',
  {
    tenantId: integer('tenant_id').notNull(),
    id: integer('id').generatedByDefaultAsIdentity(),
    token: text('token').notNull(),
    method: text('method').notNull().default('offline'),
    schoolYearId: integer('school_year_id').notNull(),
    schoolId: integer('school_id'),
    note: text('note'),
    ownerUserId: integer('owner_user_id'),
    usedAt: tz('used_at'),
    usedByUserId: integer('used_by_user_id'),
    registrantId: integer('registrant_id'),
    status: text('status').generatedAlwaysAs(sql`CASE WHEN used_at IS NULL THEN 'unused' ELSE 'used' END`),
    statusLabel: text('status_label').generatedAlwaysAs(
      sql`CASE WHEN used_at IS NULL THEN 'Belum digunakan' ELSE 'Sudah digunakan' END`,
    ),
    createdBy: integer('created_by'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    deletedAt: tz('deleted_at'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), unique().on(t.tenantId, t.token)],
);

export const registrants = pgTable(
  'registrants',
  {
    tenantId: integer('tenant_id').notNull(),
    id: integer('id').generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull(),
    schoolId: integer('school_id').notNull(),
    schoolPeriodId: integer('school_period_id').notNull(),
    mstClassId: integer('mst_class_id').notNull(),
    schoolYearId: integer('school_year_id').notNull(),
    tokenId: integer('token_id'),
    registrationNumber: text('registration_number').notNull(),
    name: text('name'),
    questionAnswer: jsonb('question_answer').$type<Record<string, unknown>>().notNull().default({}),
    documents: jsonb('documents').$type<Record<string, unknown>>().notNull().default({}),
    isSubmit: boolean('is_submit').notNull().default(false),
    isVerified: boolean('is_verified').notNull().default(false),
    isTest: boolean('is_test').notNull().default(false),
    isAccepted: boolean('is_accepted'),
    isInternal: boolean('is_internal').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    surveyCompletedAt: tz('survey_completed_at'),
    submittedAt: tz('submitted_at'),
    createdAt: tz('created_at').notNull().defaultNow(),
    updatedAt: tz('updated_at').notNull().defaultNow(),
    deletedAt: tz('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    unique().on(t.tenantId, t.registrationNumber),
    uniqueIndex('registrants_token_key')
      .on(t.tenantId, t.tokenId)
      .where(sql`token_id IS NOT NULL AND deleted_at IS NULL`),
  ],
);

export const registrationCounters = pgTable(
  'registration_counters',
  {
    tenantId: integer('tenant_id').notNull(),
    prefix: text('prefix').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.prefix] })],
);
