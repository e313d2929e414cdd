// Types only: this module is outside the lazy screens chunk, and the contracts index brings every zod schema.

import { roleDisplayName } from '@psb/contracts/core';
import type {
  ColumnDecl,
  FieldDecl,
  FilterDecl,
  ResourceDecl,
  SelectOption,
  ValueFormat,
} from '@psb/contracts/resources';
import { formatDate, formatDateTime, formatRupiah } from '@psb/ui';

/**
 * Pure reading of a resource declaration: which columns the list shows and how a value looks, which filter
 * widgets it has, which label names a related record. Everything here is derived, never written per resource.
 */

export type ResourceRecord = { id: number; deleted_at?: string | null } & Record<string, unknown>;

const EMPTY = '-';

/**
 * A cell or card value as the product shows it: Rp., Indonesian dates, Ya/Tidak; `list` = one value or an array,
 * each by its label in `options`, joined with ", ".
 */
export function formatValue(
  value: unknown,
  format: ValueFormat = 'text',
  options?: readonly SelectOption[],
): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  switch (format) {
    case 'list': {
      const values = Array.isArray(value) ? value : [value];
      if (values.length === 0) return EMPTY;
      return values.map((v) => options?.find((o) => o.value === String(v))?.label ?? String(v)).join(', ');
    }
    case 'money':
      return formatRupiah(value as number | string);
    case 'date':
      return formatDate(value as string);
    case 'datetime':
      return formatDateTime(value as string);
    case 'boolean':
      return value === true || value === 1 || value === 'true' ? 'Ya' : 'Tidak';
    case 'role':
      return roleDisplayName(String(value));
    case 'number':
      return typeof value === 'number' ? value.toLocaleString('id-ID') : String(value);
    case 'basis_points':
      // Hundredths of a percent, written with a decimal comma and no trailing zeros (250 → 2,5%).
      return `${(Number(value) / 100).toString().replace('.', ',')}%`;
    default:
      return String(value);
  }
}

export interface ListColumn {
  key: string;
  label: string;
  format: ValueFormat;
  /** Labels of stored values (format `list`). */
  options?: readonly SelectOption[];
  /** Text of an empty value when empty has a meaning ("Semua kelas"); else "-". */
  emptyLabel?: string;
  sortable: boolean;
  /** Numbers and money read better right-aligned. */
  align: 'left' | 'right' | 'center';
  /** Dates, amounts and numbers never break over two lines. */
  noWrap: boolean;
  /** Shown until the user hides it under "Kolom"; a wide list starts with its first columns only. */
  shownByDefault: boolean;
  /** The title column always stays. */
  toggleable: boolean;
  copyable: boolean;
}

/** A list starts with this many columns; the rest are one click away under "Kolom" (fits 1280 px). */
export const DEFAULT_VISIBLE_COLUMNS = 6;

/**
 * The record's own on/off flag. On the archived list it is left out: "Aktif: Ya" next to an archived record
 * reads as if it were still in use, and the archived state is what the page is about.
 */
export const ACTIVE_FLAG = 'is_active';

/** Columns of the list page, in declaration order (`list: false` ones only go to the export). */
export function listColumns(decl: ResourceDecl, archived = false): ListColumn[] {
  return decl.columns
    .filter((c: ColumnDecl) => c.list !== false && !(archived && c.key === ACTIVE_FLAG))
    .map((c, i) => {
      const format = c.format ?? 'text';
      return {
        key: c.key,
        label: c.label,
        format,
        sortable: c.sortable === true,
        align:
          format === 'money' || format === 'number' || format === 'basis_points'
            ? 'right'
            : format === 'boolean'
              ? 'center'
              : 'left',
        noWrap: format !== 'text' && format !== 'list',
        shownByDefault: i < DEFAULT_VISIBLE_COLUMNS,
        toggleable: c.key !== decl.titleField,
        copyable: c.copyable === true,
        ...(c.options ? { options: c.options } : {}),
        ...(c.emptyLabel ? { emptyLabel: c.emptyLabel } : {}),
      };
    });
}

export type FilterWidget =
  | { kind: 'select'; key: string; label: string; options: readonly SelectOption[] }
  | { kind: 'relation'; key: string; label: string; resource: string }
  | { kind: 'text'; key: string; label: string }
  | { kind: 'number'; key: string; label: string };

/** Ya/Tidak choices of a boolean filter (the api takes true/false). */
export const BOOLEAN_OPTIONS: readonly SelectOption[] = [
  { value: 'true', label: 'Ya' },
  { value: 'false', label: 'Tidak' },
];

/** The filter bar of a list: one widget per declared filter (no Aktif filter among archived records). */
export function filterWidgets(decl: ResourceDecl, archived = false): FilterWidget[] {
  const filters = archived ? decl.filters.filter((f) => f.key !== ACTIVE_FLAG) : decl.filters;
  return filters.map((f: FilterDecl): FilterWidget => {
    switch (f.input) {
      case 'relation':
        if (!f.resource) throw new Error(`${decl.name}: relation filter ${f.key} names no resource`);
        return { kind: 'relation', key: f.key, label: f.label, resource: f.resource };
      case 'select':
        return { kind: 'select', key: f.key, label: f.label, options: f.options ?? [] };
      case 'boolean':
        return { kind: 'select', key: f.key, label: f.label, options: BOOLEAN_OPTIONS };
      case 'number':
        return { kind: 'number', key: f.key, label: f.label };
      default:
        return { kind: 'text', key: f.key, label: f.label };
    }
  });
}

/** Fields of the create form, or of the edit form (without create-only ones such as an initial password). */
export function formFields(decl: ResourceDecl, mode: 'create' | 'edit'): FieldDecl[] {
  return decl.fields.filter((f) => mode === 'create' || !f.createOnly);
}

/**
 * How a record is named in a picker: its title field, followed by the list values that come from its own
 * relations (a class: `1A · SD · SD Harapan Bangsa`), so equal names of different schools stay apart.
 */
export function optionLabel(decl: ResourceDecl, record: Record<string, unknown>): string {
  const title = record[decl.titleField];
  const titleFormat = decl.columns.find((c) => c.key === decl.titleField)?.format;
  const context = decl.columns
    .filter((c) => c.ref?.includes('.') && c.key !== decl.titleField && c.list !== false)
    .map((c) => record[c.key])
    .filter((v): v is string => typeof v === 'string' && v !== '');
  const titleColumn = decl.columns.find((c) => c.key === decl.titleField);
  const name =
    title === null || title === undefined
      ? `#${record.id}`
      : formatValue(title, titleFormat, titleColumn?.options);
  return [name, ...context].join(' · ');
}

/**
 * The record key that holds a relation field's display value (`school_id` → `school_name`, found through the
 * column whose ref is `school_id.<display>`), so an edit form can name the current choice without a request.
 */
export function relationDisplayKey(decl: ResourceDecl, field: string): string | undefined {
  const display = decl.relations[field]?.display;
  if (!display) return undefined;
  return decl.columns.find((c) => c.ref === `${field}.${display}`)?.key;
}

/** A human name of one record for messages ("Arsipkan SD Harapan Bangsa?"). */
export function recordTitle(decl: ResourceDecl, record: Record<string, unknown>): string {
  const v = record[decl.titleField];
  const format = decl.columns.find((c) => c.key === decl.titleField)?.format;
  return v === null || v === undefined || v === '' ? `${decl.label} #${record.id}` : formatValue(v, format);
}
