import { errorResponseSchema, listResponseSchema, recordResponseSchema } from '@psb/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TenantConn } from '../db/tenant-db';
import { binaryResponse } from '../lib/binary-response';
import { HttpError, notFound } from '../lib/http-error';
import { JSON_TEXT, sendRaw } from '../lib/raw-reply';
import { assertNotInUse } from '../lib/references';
import { type Row, writeAudit } from './audit';
import { joinsFor } from './compile';
import { streamExport } from './export';
import { ENGINE_MESSAGES, mapPgError } from './pg-errors';
import { countCache, type ListQuery, listSql, Params } from './query';
import {
  blankToUndefined,
  type EngineResource,
  idParamsSchema,
  listQuerySchema,
  statementName,
  type WriteContext,
} from './route-schemas';

export * from './route-schemas';

/**
 * Registers the engine routes of one declared resource:
 * GET /<plural>, GET /<plural>/export, GET /<name>/{id}, POST /<name>, PUT /<name>/{id},
 * DELETE /<name>/{id} (archive) and POST /<name>/restore/{id}.
 */
/** Tables deleted only through their own path (see the generic delete below). */
const OWN_DELETE_ONLY = new Set(['users', 'roles']);

const EXPORT_TYPES = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'];

export function registerResource(root: FastifyInstance, res: EngineResource): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { compiled: c, hooks = {} } = res;
  const d = c.decl;
  const mod = d.module;
  const tags = [d.plural];
  const security = [{ bearerAuth: [] }];
  const listQuery = listQuerySchema(c);
  const exportQuery = listQuery.extend({
    format: z.preprocess(
      blankToUndefined,
      z.enum(['xlsx', 'csv'], { error: 'Format harus xlsx atau csv.' }).default('xlsx'),
    ),
  });
  const record = recordResponseSchema(d.schema);
  const errors = { '4xx': errorResponseSchema };

  /**
   * The stored row the request names (locked for update when asked), or null when it does not exist for the
   * caller: row-level security hides other tenants' rows and, for a school-limited role, other schools' rows
   * (and the resource's row scope, outside its schools' accounts and roles).
   */
  async function loadRow(conn: TenantConn, id: number, lock: boolean) {
    const scope = c.rowScope ? ` AND ${c.rowScope}` : '';
    const { rows } = await conn.client.query<{ row: Row }>(
      `SELECT to_jsonb(t) AS row FROM ${c.table} t WHERE t.tenant_id = $1 AND t.id = $2${scope}${lock ? ' FOR UPDATE OF t' : ''}`,
      [conn.tenantId, id],
    );
    return rows[0]?.row ?? null;
  }

  /** The row as the write left it (the write was checked; a role's row scope may only follow its hooks). */
  async function writtenRow(conn: TenantConn, id: number) {
    const { rows } = await conn.client.query<{ row: Row }>(
      `SELECT to_jsonb(t) AS row FROM ${c.table} t WHERE t.tenant_id = $1 AND t.id = $2`,
      [conn.tenantId, id],
    );
    return rows[0]!.row;
  }

  async function recordJson(conn: TenantConn, id: number): Promise<unknown> {
    const { rows } = await conn.client.query<{ j: unknown }>(
      `SELECT ${c.recordJson} AS j FROM ${c.table} t ${joinsFor(c, c.recordJoins)} WHERE t.tenant_id = $1 AND t.id = $2`,
      [conn.tenantId, id],
    );
    if (!rows[0]) throw notFound();
    return rows[0].j;
  }

  /** Related records named in `values` must exist in the tenant and be live. */
  async function checkRelations(conn: TenantConn, values: Record<string, unknown>) {
    for (const r of c.relations) {
      const v = values[r.column];
      if (v === undefined || v === null) continue;
      const { rows } = await conn.client.query<{ live: boolean }>(
        `SELECT deleted_at IS NULL AS live FROM ${r.target.table} WHERE tenant_id = $1 AND id = $2`,
        [conn.tenantId, v],
      );
      const label = d.fields.find((f) => f.name === r.column)?.label ?? r.label;
      if (!rows[0]) {
        const msg = ENGINE_MESSAGES.pickMissing(label);
        throw new HttpError(400, msg, { [r.column]: msg });
      }
      if (!rows[0].live) {
        const msg = ENGINE_MESSAGES.pickArchived(label);
        throw new HttpError(409, msg, { [r.column]: msg });
      }
    }
  }

  const audit = (
    req: FastifyRequest,
    conn: TenantConn,
    action: string,
    id: number,
    before: Row | null,
    after: Row | null,
  ) =>
    writeAudit(conn, {
      userId: req.auth?.user.id ?? null,
      action,
      resource: d.name,
      recordId: id,
      before,
      after,
    });

  /** Runs a write in one transaction, mapping database errors of the client's making to 400/409. */
  async function write<T>(req: FastifyRequest, fn: (conn: TenantConn) => Promise<T>): Promise<T> {
    try {
      return await req.tx(fn);
    } catch (err) {
      throw mapPgError(d, err);
    } finally {
      countCache.clear();
    }
  }

  const pick = (input: Record<string, unknown>) => {
    const values: Record<string, unknown> = {};
    for (const col of c.writable) if (input[col] !== undefined) values[col] = input[col];
    return values;
  };

  async function update(req: FastifyRequest, conn: TenantConn, id: number, input: Record<string, unknown>) {
    const before = await loadRow(conn, id, true);
    if (!before || before.deleted_at !== null) throw notFound();
    const values = pick(input);
    await checkRelations(
      conn,
      Object.fromEntries(Object.entries(values).filter(([k, v]) => before[k] !== v)),
    );
    const ctx: WriteContext = { req, c: conn, op: 'update', id, before, input, values };
    await hooks.beforeWrite?.(ctx);
    const cols = Object.keys(values);
    const p = new Params(conn.tenantId);
    const sets = cols.map((col) => `${col} = ${p.add(values[col])}`);
    await conn.client.query(
      `UPDATE ${c.table} SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE tenant_id = $1 AND id = ${p.add(id, 'int')}`,
      p.values,
    );
    const after = await writtenRow(conn, id);
    await hooks.afterWrite?.({ ...ctx, id, after });
    await audit(req, conn, 'update', id, before, after);
    return recordJson(conn, id);
  }

  app.get(
    `/${d.plural}`,
    {
      config: { access: { module: mod, action: 'read' } },
      schema: {
        tags,
        summary: `List ${d.label} (filters, search, sort, pages; archived with show_deleted)`,
        security,
        querystring: listQuery,
        response: { 200: listResponseSchema(d.schema), ...errors },
      },
    },
    async (req, reply) => {
      const q = req.query as ListQuery;
      const p = new Params(req.tenant.id);
      const sql = listSql(c, q, p);
      const key = `${req.tenant.id}|${req.auth?.schools ?? ''}|${sql.countKey}`;
      const known = countCache.get(key);
      const { total, data } = await req.db(async ({ client }) => {
        // Named (prepared once per pooled connection and SQL shape): planning costs more than running it.
        const text = known === undefined ? sql.withCount : sql.pageOnly;
        const { rows } = await client.query<{ total?: number; data: string }>({
          name: statementName(text),
          text,
          values: p.values,
        });
        return { total: rows[0]!.total ?? known!, data: rows[0]!.data };
      });
      if (known === undefined) countCache.set(key, total);
      // The rows arrive as JSON text built by PostgreSQL: relayed as is, not parsed and re-serialised.
      const body = `{"success":true,"data":${data},"total":${total},"page":${q.page},"page_size":${q.page_size}}`;
      return sendRaw(reply, { 'content-type': JSON_TEXT }, body);
    },
  );

  app.get(
    `/${d.plural}/export`,
    {
      config: { access: { module: mod, action: 'read' } },
      schema: {
        tags,
        summary: `Export ${d.label} as xlsx (default) or csv, with the list filters`,
        security,
        querystring: exportQuery,
        produces: [...EXPORT_TYPES],
        response: { 200: binaryResponse(`${d.label} as xlsx or csv`, EXPORT_TYPES), ...errors },
      },
    },
    async (req, reply) => {
      const q = req.query as ListQuery & { format: 'xlsx' | 'csv' };
      return streamExport(req, reply, c, q, q.format);
    },
  );

  app.get(
    `/${d.name}/:id`,
    {
      config: { access: { module: mod, action: 'read' } },
      schema: {
        tags,
        summary: `One ${d.label} (archived ones too)`,
        security,
        params: idParamsSchema,
        response: { 200: record, ...errors },
      },
    },
    async (req) => {
      const data = await req.db(async (conn) => {
        if (!(await loadRow(conn, req.params.id, false))) throw notFound();
        return recordJson(conn, req.params.id);
      });
      return { success: true as const, data };
    },
  );

  app.post(
    `/${d.name}`,
    {
      config: { access: { module: mod, action: 'insert' } },
      schema: {
        tags,
        summary: d.upsertKey
          ? `Create ${d.label}, or update the live one with the same ${d.upsertKey.join(' + ')}`
          : `Create ${d.label}`,
        security,
        body: d.createSchema,
        response: { 200: record, 201: record, ...errors },
      },
    },
    async (req, reply) => {
      const input = req.body as Record<string, unknown>;
      const result = await write(req, async (conn) => {
        if (d.upsertKey) {
          const p = new Params(conn.tenantId);
          const cond = d.upsertKey.map((k) => `${k} = ${p.add(input[k])}`).join(' AND ');
          const { rows } = await conn.client.query<{ id: number }>(
            `SELECT id FROM ${c.table} WHERE tenant_id = $1 AND deleted_at IS NULL AND ${cond} FOR UPDATE`,
            p.values,
          );
          if (rows[0]) return { created: false, data: await update(req, conn, rows[0].id, input) };
        }
        const values = pick(input);
        await checkRelations(conn, values);
        const ctx: WriteContext = { req, c: conn, op: 'create', id: null, before: null, input, values };
        await hooks.beforeWrite?.(ctx);
        const cols = Object.keys(values);
        const p = new Params(conn.tenantId);
        const placeholders = cols.map((col) => p.add(values[col]));
        const { rows } = await conn.client.query<{ id: number }>(
          `INSERT INTO ${c.table} (tenant_id${cols.map((col) => `, ${col}`).join('')})
           VALUES ($1${placeholders.map((x) => `, ${x}`).join('')}) RETURNING id`,
          p.values,
        );
        const id = rows[0]!.id;
        const after = await writtenRow(conn, id);
        await hooks.afterWrite?.({ ...ctx, id, after });
        await audit(req, conn, 'create', id, null, after);
        return { created: true, data: await recordJson(conn, id) };
      });
      reply.status(result.created ? 201 : 200);
      return {
        success: true as const,
        message: result.created ? ENGINE_MESSAGES.created : ENGINE_MESSAGES.updated,
        data: result.data,
      };
    },
  );

  app.put(
    `/${d.name}/:id`,
    {
      config: { access: { module: mod, action: 'update' } },
      schema: {
        tags,
        summary: `Edit ${d.label} (only the given fields change)`,
        security,
        params: idParamsSchema,
        body: d.updateSchema,
        response: { 200: record, ...errors },
      },
    },
    async (req) => {
      const input = req.body as Record<string, unknown>;
      const data = await write(req, (conn) => update(req, conn, req.params.id, input));
      return { success: true as const, message: ENGINE_MESSAGES.updated, data };
    },
  );

  // `/config/delete/{table}/{id}`: the client's generic delete, routed only for the tables declared here, and
  // never for accounts and roles, whose deletion has rules of its own beyond the resource's flag.
  const deleteUrls = [`/${d.name}/:id`];
  if (!OWN_DELETE_ONLY.has(c.table)) deleteUrls.push(`/config/delete/${c.table}/:id`);
  for (const url of deleteUrls)
    app.delete(
      url,
      {
        config: { access: { module: mod, action: 'delete' } },
        schema: {
          tags,
          summary: `Archive ${d.label} (soft delete); 409 while live records still use it${url === `/${d.name}/:id` ? '' : ` (the same as DELETE /${d.name}/{id})`}`,
          security,
          params: idParamsSchema,
          response: { 200: record, ...errors },
        },
      },
      async (req) => {
        const id = req.params.id;
        const data = await write(req, async (conn) => {
          const before = await loadRow(conn, id, true);
          if (!before || before.deleted_at !== null) throw notFound();
          const ctx: WriteContext = { req, c: conn, op: 'delete', id, before, input: {}, values: {} };
          await hooks.beforeWrite?.(ctx);
          await assertNotInUse(req.server.ctx.pool, conn, { table: c.table, label: d.label, id });
          await conn.client.query(
            `UPDATE ${c.table} SET deleted_at = now(), updated_at = now() WHERE tenant_id = $1 AND id = $2`,
            [conn.tenantId, id],
          );
          const after = await writtenRow(conn, id);
          await hooks.afterWrite?.({ ...ctx, id, after });
          await audit(req, conn, 'delete', id, before, after);
          return recordJson(conn, id);
        });
        return { success: true as const, message: ENGINE_MESSAGES.deleted, data };
      },
    );

  app.post(
    `/${d.name}/restore/:id`,
    {
      config: { access: { module: mod, action: 'update' } },
      schema: {
        tags,
        summary: `Restore an archived ${d.label}`,
        security,
        params: idParamsSchema,
        response: { 200: record, ...errors },
      },
    },
    async (req) => {
      const id = req.params.id;
      const data = await write(req, async (conn) => {
        const before = await loadRow(conn, id, true);
        if (!before) throw notFound();
        if (before.deleted_at === null) throw new HttpError(409, ENGINE_MESSAGES.stillActive);
        // A record cannot come back under an archived parent.
        for (const r of c.relations) {
          const v = before[r.column];
          if (v === null || v === undefined) continue;
          const { rows } = await conn.client.query<{ live: boolean }>(
            `SELECT deleted_at IS NULL AS live FROM ${r.target.table} WHERE tenant_id = $1 AND id = $2`,
            [conn.tenantId, v],
          );
          if (rows[0] && !rows[0].live) throw new HttpError(409, ENGINE_MESSAGES.parentArchived(r.label));
        }
        const ctx: WriteContext = { req, c: conn, op: 'restore', id, before, input: {}, values: {} };
        await hooks.beforeWrite?.(ctx);
        await conn.client.query(
          `UPDATE ${c.table} SET deleted_at = NULL, updated_at = now() WHERE tenant_id = $1 AND id = $2`,
          [conn.tenantId, id],
        );
        const after = await writtenRow(conn, id);
        await hooks.afterWrite?.({ ...ctx, id, after });
        await audit(req, conn, 'restore', id, before, after);
        return recordJson(conn, id);
      });
      return { success: true as const, message: ENGINE_MESSAGES.restored, data };
    },
  );
}
