import type { z } from 'zod';
import type { ModuleName } from '../modules';
import type { RemoteName } from '../navigation';

/**
 * Resource declarations: ONE object per master entity drives both the api (routes, SQL, permissions, export)
 * and the admin screens (list page, form, archived list, export button). Nothing about a master entity is
 * written twice; a new simple entity = one declaration + a migration creating its table.
 *
 * References to data ("refs") are column names of the resource's table (`name`), or paths through declared
 * relations: `mst_grade_id.school_id.name` = the `name` of the school of the grade of this class. Every segment
 * but the last must be a foreign-key column that the resource at that point declares in `relations`.
 */

/** How a form field is edited. */
export type InputKind =
  | 'text'
  | 'textarea'
  | 'number'
  /** Integer rupiah, shown as `Rp. 1.250.000`. */
  | 'money'
  /** `YYYY-MM-DD`. */
  | 'date'
  | 'boolean'
  /** One of `options`. */
  | 'select'
  /** Several of `options` (a text[] column; at least one). */
  | 'multiselect'
  /** Id of a record of `resource`, picked with a search over that resource's list (`?search=`). */
  | 'relation'
  | 'email'
  | 'phone'
  | 'password';

/** How a value is displayed in a list cell and written to an export. */
/** `role`: a role key shown by its display name (teacher → Guru); `list`: an array, each value by its label
 * in the column's `options`, joined with ", "; `basis_points`: an integer of hundredths of a percent shown as
 * a percentage (250 → 2,5%). */
export type ValueFormat =
  | 'text'
  | 'number'
  | 'money'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'role'
  | 'list'
  | 'basis_points';

export interface SelectOption {
  value: string;
  label: string;
}

/** One input of the create/edit form; `name` is the table column and the key in record and input. */
export interface FieldDecl {
  name: string;
  label: string;
  input: InputKind;
  /** Required on create (the zod input schema is the authority; this drives the asterisk). */
  required?: boolean;
  /** input 'select' / 'multiselect': the choices. */
  options?: readonly SelectOption[];
  /** input 'relation': the resource whose records are offered (shows its `titleField`). */
  resource?: string;
  /** Only on the create form (e.g. an initial password); never in the record nor on the edit form. */
  createOnly?: boolean;
  /** Value the create form starts with. */
  defaultValue?: string | number | boolean | null | readonly string[];
  maxLength?: number;
  placeholder?: string;
  /** A line of help under the input. */
  description?: string;
}

/** A column of the list page and of the export, in this order. */
export interface ColumnDecl {
  /** Key of the value in the record. */
  key: string;
  label: string;
  /** Where the value comes from (see refs above); default `key`. */
  ref?: string;
  format?: ValueFormat;
  /** May be used as `sort_column`. */
  sortable?: boolean;
  /** Shown on the list page (default true). */
  list?: boolean;
  /** Written to the export (default true). */
  export?: boolean;
  /** The list shows a copy button next to the value (a code staff hand on, e.g. a voucher). */
  copyable?: boolean;
  /** format 'list': the label shown (screen and export) for each stored value. */
  options?: readonly SelectOption[];
  /** Shown (screen and export) when the value is empty, where empty means something ("Semua kelas"). */
  emptyLabel?: string;
}

/** A query parameter of the list (and export) that filters rows. */
export interface FilterDecl {
  /** Query parameter name. */
  key: string;
  label: string;
  /** Compared value (see refs above); default `key`. */
  ref?: string;
  /** eq: equal (ids, codes, choices); contains: case-insensitive substring; bool: true/false/1/0. */
  match: 'eq' | 'contains' | 'bool';
  /** Filter widget: relation (picker over `resource`), select (`options`), text, boolean, number. */
  input: 'relation' | 'select' | 'text' | 'boolean' | 'number';
  resource?: string;
  options?: readonly SelectOption[];
}

/** A foreign-key column of the table: which resource it points to and which column of it names a record. */
export interface RelationDecl {
  resource: string;
  display: string;
  /** Label of the relation, for messages ("masih digunakan oleh …"); default the target resource's label. */
  label?: string;
}

/** A unique key of the table (among all its rows of the tenant, archived ones included). */
export interface UniqueDecl {
  columns: readonly string[];
  /** The 409 message. */
  message: string;
  /** Form field that gets the message (default the last column). */
  field?: string;
}

export interface ResourceDecl<
  TRecord extends z.ZodType = z.ZodType,
  TCreate extends z.ZodType = z.ZodType,
  TUpdate extends z.ZodType = z.ZodType,
> {
  /** Singular api name: `GET/PUT/DELETE /<name>/{id}`, `POST /<name>`, `POST /<name>/restore/{id}`. */
  name: string;
  /** Plural api name: `GET /<plural>` (list) and `GET /<plural>/export`. */
  plural: string;
  /** Database table (tenant-owned, with id, created_at, updated_at, deleted_at). */
  table: string;
  /** Permission module: list/get/export = read, create = insert, edit/restore = update, delete = delete. */
  module: ModuleName;
  /** Admin page; the archived list is `<adminPath>/nonactive`. */
  adminPath: string;
  /** The remote that serves the admin pages (default mfe_master_data). */
  remote?: RemoteName;
  /** Indonesian name of one record ("Sekolah") and of the page ("Data Sekolah"). */
  label: string;
  pageTitle: string;
  /** Field that names a record in pickers and messages. */
  titleField: string;
  fields: readonly FieldDecl[];
  columns: readonly ColumnDecl[];
  filters: readonly FilterDecl[];
  /** Refs searched by `?search=` (case-insensitive substring, any of them). */
  search: readonly string[];
  defaultSort: { column: string; direction: 'asc' | 'desc' };
  uniques: readonly UniqueDecl[];
  /** Foreign-key columns of the table, keyed by column. */
  relations: Readonly<Record<string, RelationDecl>>;
  /**
   * Columns of a natural key: POST with the values of an existing live record updates that record instead
   * of failing (class_period: one quota per class per period).
   */
  upsertKey?: readonly string[];
  /** Export file name without extension (fixed, Indonesian). */
  exportFileName: string;
  /** The record as the api returns it (list rows and single records). */
  schema: TRecord;
  /** Body of POST /<name>. */
  createSchema: TCreate;
  /** Body of PUT /<name>/{id} (every key optional; only given keys change). */
  updateSchema: TUpdate;
}

/** Keeps the literal types of a declaration (so `z.infer<typeof decl.schema>` is the record type). */
export const defineResource = <
  TRecord extends z.ZodType,
  TCreate extends z.ZodType,
  TUpdate extends z.ZodType,
  D extends ResourceDecl<TRecord, TCreate, TUpdate>,
>(
  decl: D & ResourceDecl<TRecord, TCreate, TUpdate>,
): D => decl;

export type RecordOf<D extends ResourceDecl> = z.infer<D['schema']>;
export type CreateInputOf<D extends ResourceDecl> = z.input<D['createSchema']>;
export type UpdateInputOf<D extends ResourceDecl> = z.input<D['updateSchema']>;
