import {
  classResource,
  gradeResource,
  itemResource,
  schoolPaymentResource,
  schoolResource,
  schoolYearResource,
  setupPaymentResource,
  userResource,
} from '@psb/contracts/resources';
import { listSearchParams } from './api';
import {
  filterWidgets,
  formatValue,
  formFields,
  listColumns,
  optionLabel,
  relationDisplayKey,
} from './describe';
import { initialValues, requestBody } from './formValues';

describe('columns from a declaration', () => {
  it('lists the declared list columns in order, with sortability and alignment', () => {
    expect(listColumns(schoolResource).map((c) => [c.key, c.label, c.sortable])).toEqual([
      ['name', 'Nama Sekolah', true],
      ['npsn', 'NPSN', true],
      ['level', 'Jenjang Pendidikan', true],
      ['school_location_name', 'Lokasi', true],
      ['address', 'Alamat', false],
    ]);
    const item = listColumns(itemResource).find((c) => c.key === 'price');
    expect(item).toMatchObject({ format: 'money', align: 'right' });
  });

  it('leaves export-only columns out of the list', () => {
    expect(listColumns(userResource).map((c) => c.key)).not.toContain('email_verified_at');
  });

  it('formats money, dates, booleans and empty values the product way', () => {
    expect(formatValue(1250000, 'money')).toBe('Rp. 1.250.000');
    expect(formatValue('2027-07-01', 'date')).toBe('1 Juli 2027');
    expect(formatValue('2026-11-21T01:30:00Z', 'datetime')).toBe('21 November 2026 08.30 WIB');
    expect(formatValue(true, 'boolean')).toBe('Ya');
    expect(formatValue(false, 'boolean')).toBe('Tidak');
    expect(formatValue(null, 'text')).toBe('-');
    expect(formatValue(1500, 'number')).toBe('1.500');
  });
});

describe('filters from a declaration', () => {
  it('makes a picker per relation filter, a choice per select and Ya/Tidak per boolean', () => {
    expect(filterWidgets(classResource)).toEqual([
      { kind: 'relation', key: 'mst_grade_id', label: 'Jenjang', resource: 'mst_grade' },
      { kind: 'relation', key: 'school_id', label: 'Sekolah', resource: 'school' },
      {
        kind: 'select',
        key: 'is_active',
        label: 'Aktif',
        options: [
          { value: 'true', label: 'Ya' },
          { value: 'false', label: 'Tidak' },
        ],
      },
    ]);
    expect(filterWidgets(userResource).find((w) => w.key === 'name')?.kind).toBe('text');
    expect(filterWidgets(schoolResource)[0]).toMatchObject({ kind: 'select', key: 'level' });
  });

  it('sends only set filters, the search, the sort and the page in the api names', () => {
    const q = listSearchParams({
      page: 2,
      search: '  harapan ',
      sort: { column: 'name', direction: 'desc' },
      filters: { level: 'SD', school_location_id: undefined, is_active: '' },
      archived: true,
    });
    expect(Object.fromEntries(q)).toEqual({
      level: 'SD',
      search: 'harapan',
      sort_column: 'name',
      sort_value: 'desc',
      page: '2',
      page_size: '25',
      show_deleted: 'true',
    });
  });
});

describe('relations and form values', () => {
  it('finds the display column of a relation and names related records with their context', () => {
    expect(relationDisplayKey(gradeResource, 'school_id')).toBe('school_name');
    expect(relationDisplayKey(schoolResource, 'school_location_id')).toBe('school_location_name');
    expect(
      optionLabel(classResource, { id: 3, name: '1A', mst_grade_name: 'SD', school_name: 'SD Harapan' }),
    ).toBe('1A · SD · SD Harapan');
  });

  it('starts a new record from the declared defaults and leaves create-only fields out of the edit form', () => {
    expect(initialValues(schoolYearResource)).toEqual({
      name: '',
      start_date: '',
      end_date: '',
      is_active: false,
      voucher_price: '',
    });
    expect(formFields(userResource, 'create').map((f) => f.name)).toContain('password');
    expect(formFields(userResource, 'edit').map((f) => f.name)).not.toContain('password');
  });

  it('turns form values into the body the schema describes', () => {
    const values = initialValues(gradeResource);
    expect(requestBody(gradeResource, { ...values, name: ' SD ', school_id: '4' }, 'create')).toEqual({
      name: 'SD',
      school_id: 4,
      description: null,
    });
  });
});

describe('console polish', () => {
  it('leaves the Aktif column and filter out of the archived list', () => {
    expect(listColumns(schoolYearResource).map((c) => c.key)).toContain('is_active');
    expect(listColumns(schoolYearResource, true).map((c) => c.key)).not.toContain('is_active');
    expect(filterWidgets(schoolYearResource, true).map((w) => w.key)).not.toContain('is_active');
  });
  it('keeps dates on one line and starts a wide list with its first six columns', () => {
    const cols = listColumns(schoolYearResource);
    expect(cols.find((c) => c.key === 'start_date')?.noWrap).toBe(true);
    expect(cols.find((c) => c.key === 'name')).toMatchObject({ noWrap: false, toggleable: false });
    const users = listColumns(userResource);
    expect(users.filter((c) => c.shownByDefault)).toHaveLength(Math.min(6, users.length));
  });
  it('names built-in roles in Indonesian and leaves other roles as typed', () => {
    expect(formatValue('teacher', 'role')).toBe('Guru');
    expect(formatValue('superadmin', 'role')).toBe('Superadmin');
    expect(formatValue('user', 'role')).toBe('Orang Tua');
    expect(formatValue('Bendahara', 'role')).toBe('Bendahara');
  });
});

describe('list values (text[] columns and coded choices)', () => {
  const options = [
    { value: 'bca', label: 'BCA Virtual Account' },
    { value: 'qris', label: 'QRIS' },
  ];
  it('names each value by its label, in order, and keeps unknown values as they are', () => {
    expect(formatValue(['qris', 'bca'], 'list', options)).toBe('QRIS, BCA Virtual Account');
    expect(formatValue('bca', 'list', options)).toBe('BCA Virtual Account');
    expect(formatValue(['xyz'], 'list', options)).toBe('xyz');
    expect(formatValue([], 'list', options)).toBe('-');
  });
  it('writes basis points as a percentage with a decimal comma', () => {
    expect(formatValue(250, 'basis_points')).toBe('2,5%');
    expect(formatValue(70, 'basis_points')).toBe('0,7%');
    expect(formatValue(10000, 'basis_points')).toBe('100%');
    expect(formatValue(0, 'basis_points')).toBe('0%');
  });

  it('carries the text of an empty value where empty means "every"', () => {
    const cols = listColumns(setupPaymentResource);
    expect(cols.find((c) => c.key === 'mst_class_name')?.emptyLabel).toBe('Semua kelas');
    expect(cols.find((c) => c.key === 'amount')).toMatchObject({ format: 'money', align: 'right' });
    expect(cols.find((c) => c.key === 'amount')?.emptyLabel).toBeUndefined();
  });

  it('lets a list column wrap and carries its labels', () => {
    const col = listColumns(schoolPaymentResource).find((c) => c.key === 'channels')!;
    expect(col).toMatchObject({ format: 'list', noWrap: false });
    expect(col.options?.map((o) => o.value)).toContain('qris');
    expect(listColumns(schoolPaymentResource).find((c) => c.key === 'due_date')?.noWrap).toBe(true);
  });
});

describe('multi-select form values', () => {
  it('start from the declared array, read a stored one, and need at least one choice', () => {
    expect(initialValues(schoolPaymentResource).channels).toEqual([
      'bca',
      'bni',
      'bri',
      'mandiri',
      'permata',
    ]);
    expect(initialValues(schoolPaymentResource, { id: 1, channels: ['qris'] }).channels).toEqual(['qris']);
    const empty = schoolPaymentResource.createSchema.safeParse({
      ...initialValues(schoolPaymentResource),
      school_period_id: '1',
      mst_type_payment_id: '2',
      channels: [],
    });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['channels', 'Pilih kanal pembayaran.'],
    ]);
    // Stored in the declared order, each once.
    const body = requestBody(
      schoolPaymentResource,
      {
        ...initialValues(schoolPaymentResource),
        school_period_id: '1',
        mst_type_payment_id: '2',
        channels: ['qris', 'bca', 'qris'],
      },
      'create',
    ) as { channels: string[] };
    expect(body.channels).toEqual(['bca', 'qris']);
  });
});
