import { z } from '../zod';
import { RESOURCE_CATALOG } from './catalog';
import { f, inputSchemas, recordBase } from './fields';
import { defineResource } from './types';

/**
 * Peran: staff roles. A new role has no permissions (set them on Hak Akses); the built-in roles superadmin,
 * teacher and user cannot be renamed or archived.
 */
export const roleResource = defineResource({
  ...RESOURCE_CATALOG.role,
  plural: 'roles',
  table: 'roles',
  titleField: 'name',
  fields: [{ name: 'name', label: 'Nama Peran', input: 'text', required: true, maxLength: 100 }],
  columns: [
    { key: 'name', label: 'Nama Peran', format: 'role', sortable: true },
    { key: 'created_at', label: 'Dibuat', format: 'datetime', sortable: true },
  ],
  filters: [],
  search: ['name'],
  defaultSort: { column: 'name', direction: 'asc' },
  uniques: [{ columns: ['name'], message: 'Nama peran sudah digunakan (periksa juga data non-aktif).' }],
  relations: {},
  exportFileName: 'Data Peran',
  schema: z.object({ ...recordBase, name: z.string() }),
  ...inputSchemas({
    name: f
      .text('Nama peran', 100)
      .regex(/^[\p{L}\p{N}_ .-]+$/u, 'Nama peran hanya boleh berisi huruf, angka, spasi, titik, - dan _.'),
  }),
});
