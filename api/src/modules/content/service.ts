import {
  CONFIG_ENTRIES,
  CONFIG_NAMES,
  CONFIG_VALUE_SCHEMAS,
  CONTENT_MESSAGES,
  type ConfigListTable,
  type ConfigName,
  type ConfigValue,
} from '@psb/contracts';
import type { TenantConn } from '../../db/tenant-db';
import { writeAudit } from '../../lib/audit';
import { HttpError } from '../../lib/http-error';
import { safeMarkdownDeep } from '../../lib/safe-markdown';
import { configRows, upsertConfigRows } from './repository';
import { decodeConfig, encodeConfig } from './values';

const rowNames = (names: readonly ConfigName[]) =>
  names.flatMap((n) => {
    const rows = CONFIG_ENTRIES[n].rows;
    return typeof rows === 'string' ? [rows] : Object.values(rows);
  });

export async function readConfig<N extends ConfigName>(c: TenantConn, name: N): Promise<ConfigValue<N>> {
  return decodeConfig(name, await configRows(c, rowNames([name])));
}

/** Every named config among `names`, in the catalogue's order. */
export async function readConfigs(c: TenantConn, names: readonly ConfigName[]) {
  const rows = await configRows(c, rowNames(names));
  return names.map((name) => ({
    name,
    label: CONFIG_ENTRIES[name].label,
    module: CONFIG_ENTRIES[name].module,
    data: decodeConfig(name, rows),
  }));
}

/** Validation errors as `{ path: message }`, the first message as the answer's message. */
function invalid(name: ConfigName, issues: readonly { path: PropertyKey[]; message: string }[]): HttpError {
  const fields = Object.fromEntries(
    issues.map((i) => [[name, ...i.path.map(String)].join('.'), i.message] as const),
  );
  return new HttpError(400, issues[0]?.message ?? 'Data tidak valid.', fields);
}

/** Lists of lines (schedules, steps, bullet items) are edited one line each: blank lines are not kept. */
function dropBlankLines<T>(value: T): T {
  if (Array.isArray(value)) {
    const kept = value.every((v) => typeof v === 'string') ? value.filter((v) => v.trim() !== '') : value;
    return kept.map((v) => dropBlankLines(v)) as T;
  }
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, dropBlankLines(v)])) as T;
  return value;
}

/** Checked against the config's schema, then stripped of any HTML. */
export function cleanValue<N extends ConfigName>(name: N, value: unknown): ConfigValue<N> {
  const parsed = CONFIG_VALUE_SCHEMAS[name].safeParse(value);
  if (!parsed.success) throw invalid(name, parsed.error.issues);
  const clean = dropBlankLines(safeMarkdownDeep(parsed.data));
  // A guide step without a key is never shown: it is not kept either.
  if (name === 'guide') return (clean as ConfigValue<'guide'>).filter((g) => g.key !== '') as ConfigValue<N>;
  return clean as ConfigValue<N>;
}

/** Saves checked values (several configs in one transaction), audited; returns them as stored. */
export async function saveConfigs(
  c: TenantConn,
  userId: number,
  values: Partial<Record<ConfigName, unknown>>,
) {
  const names = CONFIG_NAMES.filter((n) => n in values);
  const before = await readConfigs(c, names);
  const rows = new Map<string, string>();
  for (const name of names)
    for (const [k, v] of encodeConfig(name, cleanValue(name, values[name]))) rows.set(k, v);
  await upsertConfigRows(c, rows);
  const after = await readConfigs(c, names);
  for (const [i, name] of names.entries())
    await writeAudit(c, {
      userId,
      action: 'update',
      resource: `config:${name}`,
      recordId: null,
      before: { value: before[i]!.data },
      after: { value: after[i]!.data },
    });
  return after;
}

export async function saveConfig<N extends ConfigName>(
  c: TenantConn,
  userId: number,
  name: N,
  value: unknown,
) {
  const [saved] = await saveConfigs(c, userId, { [name]: value });
  return saved!.data as ConfigValue<N>;
}

/** Removes one item of a list config by its id (404 when no item has it). */
export async function deleteConfigItem(c: TenantConn, userId: number, table: ConfigListTable, id: number) {
  const items = (await readConfig(c, table)) as { id?: number }[];
  const rest = items.filter((i) => i.id !== id);
  if (rest.length === items.length) throw new HttpError(404, CONTENT_MESSAGES.itemNotFound);
  return saveConfig(c, userId, table, rest);
}
