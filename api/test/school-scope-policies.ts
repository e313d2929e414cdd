import type { Pool } from '../src/db/pool';

/** The school_scope policies, from the pg_policies catalog view (outside the generated table types). */
export const schoolScopePolicies = async (ownerPool: Pool) =>
  (
    await ownerPool.query<{ table: string; permissive: string; qual: string; with_check: string }>(
      "SELECT tablename AS table, permissive, qual, with_check FROM pg_policies WHERE policyname = 'school_scope'",
    )
  ).rows;

/** Each table with a school_scope policy and whether that policy is PERMISSIVE or RESTRICTIVE. */
export const policyTables = async (ownerPool: Pool) =>
  new Map((await schoolScopePolicies(ownerPool)).map((r) => [r.table, r.permissive]));
