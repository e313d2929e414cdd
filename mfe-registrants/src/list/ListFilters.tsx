import {
  DOCUMENT_STATE_FILTER_LABELS,
  DOCUMENT_STATE_FILTERS,
  PAYMENT_STATUS_FILTERS,
  PAYMENT_STATUS_LABELS,
  REGISTRANT_STATUSES,
  STATUS_LABELS,
} from '@psb/contracts/registrants-admin';
import { DateField, RelationPicker, useTypedSearch } from '@psb/resource-ui';
import { Button, Group, Select, SimpleGrid, TextInput } from '@psb/ui';
import { IconSearch } from '@tabler/icons-react';
import type { ListFilters as Filters } from '../common/api/registrants';

const YES_NO = [
  { value: 'true', label: 'Ya' },
  { value: 'false', label: 'Tidak' },
];
const RESULT = [
  { value: 'true', label: 'Diterima' },
  { value: 'false', label: 'Tidak diterima' },
  { value: 'null', label: 'Belum ada hasil' },
];

interface Props {
  filters: Filters;
  onChange: (changes: Filters) => void;
  onClear: () => void;
}

/** Every filter of the staff list; each change lands in the URL at once (search after a short pause). */
export function ListFilters({ filters, onChange, onClear }: Props) {
  const [search, setSearch] = useTypedSearch(filters.search ?? '', (v) => onChange({ search: v }));
  const pick = (key: keyof Filters) => ({
    value: filters[key] ?? null,
    onChange: (v: string | null) => onChange({ [key]: v ?? undefined }),
  });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
      <TextInput
        label="Cari"
        placeholder="Nama, no. pendaftaran, email/HP orang tua"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-testid="registrant-search"
      />
      <RelationPicker resource="school" label="Sekolah" placeholder="Semua sekolah" {...pick('school_id')} />
      <RelationPicker
        resource="school_year"
        label="Tahun ajaran"
        placeholder="Semua"
        {...pick('school_year_id')}
      />
      <RelationPicker
        resource="school_period"
        label="Periode"
        placeholder="Semua periode"
        {...pick('school_period_id')}
      />
      <RelationPicker
        resource="mst_class"
        label="Kelas"
        placeholder="Semua kelas"
        {...pick('mst_class_id')}
      />
      <Select
        label="Status"
        placeholder="Semua status"
        clearable
        data={REGISTRANT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
        {...pick('status')}
      />
      <Select label="Sudah dikirim" placeholder="Semua" clearable data={YES_NO} {...pick('is_submit')} />
      <Select label="Ikut tes" placeholder="Semua" clearable data={YES_NO} {...pick('is_test')} />
      <Select label="Hasil" placeholder="Semua" clearable data={RESULT} {...pick('is_accepted')} />
      <Select label="Murid internal" placeholder="Semua" clearable data={YES_NO} {...pick('is_internal')} />
      <Select
        label="Status pembayaran"
        placeholder="Semua"
        clearable
        data={PAYMENT_STATUS_FILTERS.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] }))}
        {...pick('payment_status')}
      />
      <Select
        label="Status dokumen"
        placeholder="Semua"
        clearable
        data={DOCUMENT_STATE_FILTERS.map((s) => ({ value: s, label: DOCUMENT_STATE_FILTER_LABELS[s] }))}
        {...pick('document_state')}
      />
      <DateField
        label="Didaftarkan dari"
        value={filters.date_from ?? ''}
        onChange={(v) => onChange({ date_from: v })}
      />
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <DateField
          label="sampai"
          value={filters.date_to ?? ''}
          onChange={(v) => onChange({ date_to: v })}
          style={{ flex: 1 }}
        />
        <Button variant="default" onClick={onClear}>
          Reset
        </Button>
      </Group>
    </SimpleGrid>
  );
}
