import type { RegionLevel } from '@psb/contracts/survey';
import { Select } from '@psb/ui';
import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, useEffect } from 'react';
import { regionQuery } from '../api';
import { asText, COMBOBOX_PROPS, FIELD_STYLES, type FieldProps, inputId } from './types';

type SelectFilter = NonNullable<ComponentProps<typeof Select>['filter']>;

const PARENT_HINT: Record<RegionLevel, string> = {
  provinsi: '',
  kabupaten: 'Pilih provinsi terlebih dahulu',
  kecamatan: 'Pilih kabupaten/kota terlebih dahulu',
  kelurahan: 'Pilih kecamatan terlebih dahulu',
  kode_pos: 'Pilih kelurahan/desa terlebih dahulu',
};

/**
 * One level of the address cascade, a searchable select fed by GET /public/{level} with the names chosen
 * above it. Changing it clears the levels below (setAnswer in the form). A postal code that is the only one
 * of its kelurahan is filled in; a name with two postal codes offers both.
 */
export function RegionField({ q, value, answers, onChange, error, required, readOnly }: FieldProps) {
  const level = q.region?.level ?? 'provinsi';
  const parents = (q.region?.parents ?? []).map((no) => asText(answers[String(no)]).trim());
  const ready = parents.every((p) => p !== '');
  const { data, isFetching, isError, fetchStatus } = useQuery({
    ...regionQuery(level, parents),
    enabled: ready && !readOnly,
  });
  const current = asText(value);
  const options = (data ?? []).map((o) => o.name);
  const names = current && !options.includes(current) ? [current, ...options] : options;
  const aliases = new Map((data ?? []).map((o) => [o.name, o.alias]));
  // Found by any part of the name, or by a short form parents type ("DKI", "Jogja", "Jaksel").
  const filter: SelectFilter = ({ options: items, search }) => {
    const q = search.trim().toLowerCase();
    if (!q) return items;
    return (items as { value: string; label: string }[]).filter(
      (o) => o.label.toLowerCase().includes(q) || aliases.get(o.value)?.some((a) => a.startsWith(q)),
    );
  };

  useEffect(() => {
    if (!readOnly && level === 'kode_pos' && ready && current === '' && data?.length === 1)
      onChange(data[0]!.name);
  }, [data, current, ready, level, readOnly]);

  const waiting = fetchStatus === 'paused';
  return (
    <Select
      id={inputId(q)}
      label={q.label}
      styles={FIELD_STYLES}
      withAsterisk={required}
      aria-required={required || undefined}
      placeholder={
        ready ? (isFetching && !data ? 'Memuat…' : 'Pilih atau ketik untuk mencari') : PARENT_HINT[level]
      }
      description={
        waiting
          ? 'Daftar wilayah dimuat saat koneksi kembali.'
          : isError
            ? 'Daftar wilayah gagal dimuat. Coba lagi nanti.'
            : undefined
      }
      data={names}
      value={current || null}
      onChange={(v) => onChange(v ?? '')}
      searchable
      filter={filter}
      nothingFoundMessage="Tidak ditemukan"
      disabled={!ready && !current}
      readOnly={readOnly}
      error={error}
      maw={420}
      checkIconPosition="right"
      limit={200}
      comboboxProps={COMBOBOX_PROPS}
      inputMode={level === 'kode_pos' ? 'numeric' : undefined}
    />
  );
}
