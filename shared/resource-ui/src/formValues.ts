import type { FieldDecl, ResourceDecl } from '@psb/contracts/resources';
import { formFields } from './describe';

/**
 * Form values of the create/edit form: strings for text-like inputs and pickers (a relation is its id as a
 * string, '' = none), numbers for number/money, booleans for switches, string arrays for multi-selects. The declaration's zod schema accepts
 * exactly these (it trims, coerces and turns '' into null), so the form validates with it unchanged.
 */
type FormValue = string | number | boolean | null | string[];
export type FormValues = Record<string, FormValue>;

function emptyValue(field: FieldDecl): FormValue {
  switch (field.input) {
    case 'boolean':
      return false;
    case 'number':
    case 'money':
      return '';
    case 'select':
      return null;
    case 'multiselect':
      return [];
    default:
      return '';
  }
}

function fromRecord(field: FieldDecl, value: unknown): FormValue {
  if (value === null || value === undefined) return emptyValue(field);
  switch (field.input) {
    case 'boolean':
      return value === true;
    case 'number':
    case 'money':
      return typeof value === 'number' ? value : Number(value);
    case 'relation':
      return String(value);
    case 'multiselect':
      return (Array.isArray(value) ? value : [value]).map(String);
    case 'date':
      return String(value).slice(0, 10);
    default:
      return String(value);
  }
}

/** Starting values: the declared defaults for a new record, the record's values when editing. */
export function initialValues(decl: ResourceDecl, record?: Record<string, unknown> | null): FormValues {
  const mode = record ? 'edit' : 'create';
  const values: FormValues = {};
  for (const field of formFields(decl, mode)) {
    if (record) values[field.name] = fromRecord(field, record[field.name]);
    else
      values[field.name] =
        field.defaultValue === undefined || field.defaultValue === null
          ? emptyValue(field)
          : fromRecord(field, field.defaultValue);
  }
  return values;
}

/** The request body: the form values as the declaration's schema parses them (trimmed, coerced, '' → null). */
export function requestBody(decl: ResourceDecl, values: FormValues, mode: 'create' | 'edit'): unknown {
  const schema = mode === 'create' ? decl.createSchema : decl.updateSchema;
  const parsed = schema.safeParse(values);
  return parsed.success ? parsed.data : values;
}
