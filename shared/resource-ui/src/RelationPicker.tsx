import { Loader, MultiSelect, type OptionsFilter, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { errorMessage } from '@psb/api-client/http';
import { noAccessMessage } from '@psb/contracts/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { fetchOptions, fetchRecord, resourceKeys } from './api';
import { optionLabel } from './describe';
import { useModuleActions } from './permissions';
import { relatedResource } from './relatedResource';

interface CommonProps {
  /** Singular name of the resource whose records are offered. */
  resource: string;
  label?: ReactNode;
  placeholder?: string;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Id → label of choices already known (e.g. the edited record's `school_name`): no request needed. */
  knownLabels?: Record<string, string>;
  /** The list's own filters (e.g. `{ school_id: '3' }`): only records that pass them are offered. */
  filters?: Record<string, string>;
  w?: number | string;
  'data-testid'?: string;
  /** Passed through by @mantine/form's getInputProps. */
  onBlur?: () => void;
  onFocus?: () => void;
  /** For a picker that replaces a stand-in the visitor just focused or pressed. */
  autoFocus?: boolean;
  defaultDropdownOpened?: boolean;
}

const SEARCH_DEBOUNCE_MS = 300;
/** The server's search pages through everything; the dropdown shows the first matches. */
const noClientFilter: OptionsFilter = ({ options }) => options;

/** Options of the current search plus labels of chosen values the search did not return. */
function useRelationOptions(
  resource: string,
  search: string,
  chosen: string[],
  known?: Record<string, string>,
  filters: Record<string, string> = {},
  openAtStart = false,
) {
  const decl = relatedResource(resource);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // A picker that mounts with its list open (it replaces a stand-in the visitor pressed) gets no
  // onDropdownOpen: the options must load at once, or the first click shows an empty list.
  const [opened, setOpened] = useState(openAtStart);
  // Without read on the offered resource the server refuses the list: say so instead of "nothing found".
  const readable = useModuleActions(decl.module).read;
  const list = useQuery({
    queryKey: resourceKeys.options(decl.name, debounced, filters),
    queryFn: () => fetchOptions(decl, debounced, filters),
    enabled: readable && (opened || debounced !== ''),
    staleTime: 30_000,
  });
  const labels = new Map<string, string>(Object.entries(known ?? {}));
  for (const r of list.data?.data ?? []) labels.set(String(r.id), optionLabel(decl, r));
  const missing = chosen.filter((id) => id && !labels.has(id) && /^\d+$/.test(id));
  const singles = useQueries({
    queries: missing.map((id) => ({
      queryKey: resourceKeys.one(decl.name, Number(id)),
      queryFn: () => fetchRecord(decl, Number(id)),
      enabled: readable,
      staleTime: 60_000,
    })),
  });
  for (const q of singles) if (q.data) labels.set(String(q.data.data.id), optionLabel(decl, q.data.data));
  const ids = new Set([...chosen.filter(Boolean), ...(list.data?.data ?? []).map((r) => String(r.id))]);
  const data = [...ids].map((id) => ({ value: id, label: labels.get(id) ?? `#${id}` }));
  return {
    data,
    labels,
    loading: list.isFetching,
    setOpened,
    decl,
    nothingFound: !readable
      ? noAccessMessage([decl.module])
      : list.isError
        ? errorMessage(list.error)
        : list.isFetching
          ? 'Memuat…'
          : 'Tidak ditemukan',
  };
}

export interface RelationPickerProps extends CommonProps {
  /** Id of the chosen record as a string; null or '' = none. */
  value: string | null;
  onChange: (value: string | null) => void;
  clearable?: boolean;
}

/** Picks one record of a resource, searching its list on the server (`?search=`) as the user types. */
export function RelationPicker({
  resource,
  value,
  onChange,
  knownLabels,
  filters,
  clearable = true,
  placeholder,
  ...rest
}: RelationPickerProps) {
  const [search, setSearch] = useState('');
  const chosen = value ? [value] : [];
  // While the input shows the chosen record's name, offer everything rather than search for that name.
  const labelsSeen = useRef(new Map<string, string>());
  const query = value && labelsSeen.current.get(value) === search ? '' : search;
  const o = useRelationOptions(resource, query, chosen, knownLabels, filters, rest.defaultDropdownOpened);
  labelsSeen.current = o.labels;
  return (
    <Select
      {...rest}
      data={o.data}
      value={value || null}
      onChange={(v) => onChange(v)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={noClientFilter}
      clearable={clearable}
      placeholder={placeholder ?? `Cari ${o.decl.label.toLowerCase()}…`}
      nothingFoundMessage={o.nothingFound}
      onDropdownOpen={() => o.setOpened(true)}
      rightSection={o.loading ? <Loader size={14} /> : undefined}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
    />
  );
}

export interface RelationMultiPickerProps extends CommonProps {
  value: string[];
  onChange: (value: string[]) => void;
}

/** Picks several records of a resource, searching on the server as the user types. */
export function RelationMultiPicker({
  resource,
  value,
  onChange,
  knownLabels,
  filters,
  placeholder,
  ...rest
}: RelationMultiPickerProps) {
  const [search, setSearch] = useState('');
  const o = useRelationOptions(resource, search, value, knownLabels, filters);
  return (
    <MultiSelect
      {...rest}
      data={o.data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={noClientFilter}
      clearable
      hidePickedOptions={false}
      placeholder={value.length === 0 ? (placeholder ?? `Cari ${o.decl.label.toLowerCase()}…`) : undefined}
      nothingFoundMessage={o.nothingFound}
      onDropdownOpen={() => o.setOpened(true)}
      rightSection={o.loading ? <Loader size={14} /> : undefined}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
    />
  );
}
