/** What the engine's routes take and give: hook contracts, prepared-statement names, request schemas. */
import crypto from 'node:crypto';
import { LIST_QUERY_KEYS, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, strictId } from '@psb/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TenantConn } from '../db/tenant-db';
import type { Row } from './audit';
import type { CompiledResource } from './compile';

export type WriteOp = 'create' | 'update' | 'delete' | 'restore';

export interface WriteContext {
  req: FastifyRequest;
  c: TenantConn;
  op: WriteOp;
  /** null while creating. */
  id: number | null;
  /** The stored row (all columns) before the change; null on create. */
  before: Row | null;
  /** The validated body (create/update), `{}` for delete/restore. */
  input: Record<string, unknown>;
  /** Columns to write (create/update); a hook may add or change entries. */
  values: Record<string, unknown>;
}

/** Server-side additions of one resource (password hashing, protected rows, follow-up writes). */
export interface ResourceHooks {
  /** After validation, relation and scope checks, before the write; may edit `values` or throw HttpError. */
  beforeWrite?(ctx: WriteContext): Promise<void> | void;
  /** After the write on the same transaction (then the audit row is written). */
  afterWrite?(ctx: WriteContext & { id: number; after: Row }): Promise<void> | void;
}

export interface EngineResource {
  compiled: CompiledResource;
  hooks?: ResourceHooks;
}

const names = new Map<string, string>();
/** A stable statement name per SQL text (the filters used change the text; values never do). */
export function statementName(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    name = `e_${crypto.createHash('sha1').update(sql).digest('base64url').slice(0, 20)}`;
    if (names.size > 5000) names.clear();
    names.set(sql, name);
  }
  return name;
}
export const idParamsSchema = z.object({ id: strictId() });

export const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** Query schema of the list and export: base keys plus the declared filters, each validated. */
export function listQuerySchema(c: CompiledResource) {
  const sortKeys = [...c.sortable.keys()] as [string, ...string[]];
  const shape: Record<string, z.ZodType> = {
    search: z.string().max(200, 'Kata kunci maksimal 200 karakter.').optional(),
    filter: z.string().max(200, 'Kata kunci maksimal 200 karakter.').optional(),
    sort_column: z.preprocess(
      blankToUndefined,
      z.enum(sortKeys, { error: 'Kolom urutan tidak dikenal.' }).optional(),
    ),
    sort_value: z.preprocess(
      (v) => (typeof v === 'string' && v !== '' ? v.toLowerCase() : undefined),
      z.enum(['asc', 'desc'], { error: 'Urutan harus asc atau desc.' }).optional(),
    ),
    page: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'Halaman harus berupa angka.' })
        .int('Halaman harus berupa bilangan bulat.')
        .min(1, 'Halaman dimulai dari 1.')
        .max(10_000_000, 'Halaman terlalu besar.')
        .default(1),
    ),
    page_size: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'Jumlah per halaman harus berupa angka.' })
        .int('Jumlah per halaman harus berupa bilangan bulat.')
        .min(1, `Jumlah per halaman antara 1 dan ${PAGE_SIZE_MAX}.`)
        .max(PAGE_SIZE_MAX, `Jumlah per halaman antara 1 dan ${PAGE_SIZE_MAX}.`)
        .default(PAGE_SIZE_DEFAULT),
    ),
    show_deleted: z.string().max(10).optional(),
    deleted_at: z.string().max(20).optional(),
  };
  for (const f of c.filters.values()) {
    if ((LIST_QUERY_KEYS as readonly string[]).includes(f.key))
      throw new Error(`${c.decl.name}: filter ${f.key} shadows a list parameter`);
    const message = `Filter ${f.decl.label} tidak valid.`;
    const value =
      f.type === 'int'
        ? z.string().regex(/^\d{1,9}$/, message)
        : f.type === 'bool'
          ? z.enum(['true', 'false', '1', '0'], { error: message })
          : z.string().max(200, message);
    shape[f.key] = z.preprocess(blankToUndefined, value.optional());
  }
  return z.object(shape);
}
