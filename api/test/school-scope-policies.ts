import { z } from 'zod';
import type { Pool } from '../src/db/pool';

/** A row of the pg_policies catalog view (outside the generated table types, so checked as it is read). */
const policyRow = z.object({
  table: z.string(),
  permissive: z.string(),
  qual: z.string().nullable(),
  with_check: z.string().nullable(),
});

/** The school_scope policies, from the pg_policies catalog view. */
export const schoolScopePolicies = async (ownerPool: Pool) =>
  z
    .array(policyRow)
    .parse(
      (
        await ownerPool.query(
          "SELECT tablename AS table, permissive, qual, with_check FROM pg_policies WHERE policyname = 'school_scope'",
        )
      ).rows,
    );

/** Each table with a school_scope policy and whether that policy is PERMISSIVE or RESTRICTIVE. */
export const policyTables = async (ownerPool: Pool) =>
  new Map((await schoolScopePolicies(ownerPool)).map((r) => [r.table, r.permissive]));

/** Tables of the app's schema that have a column of one of these names. */
export const tablesWithColumn = async (ownerPool: Pool, columns: string[]) =>
  z
    .array(z.object({ table: z.string() }))
    .parse(
      (
        await ownerPool.query(
          `SELECT DISTINCT table_name AS table FROM information_schema.columns
           WHERE table_schema = current_schema() AND column_name = ANY($1) ORDER BY 1`,
          [columns],
        )
      ).rows,
    )
    .map((r) => r.table);
