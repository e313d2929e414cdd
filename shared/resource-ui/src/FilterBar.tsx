import { Button, Group, Select, TextInput } from '@mantine/core';
import type { ResourceDecl } from '@psb/contracts/resources';
import { IconSearch, IconX } from '@tabler/icons-react';
import { filterWidgets } from './describe';
import { RelationPicker } from './RelationPicker';

export interface FilterBarProps {
  decl: ResourceDecl;
  /** The archived list: its records are all off, so no Aktif filter. */
  archived?: boolean;
  search: string;
  onSearch: (value: string) => void;
  filters: Record<string, string | undefined>;
  onFilter: (key: string, value: string | undefined) => void;
  onReset: () => void;
}

const FILTER_WIDTH = 200;

/** The search box and one input per declared filter. */
export function FilterBar({
  decl,
  archived = false,
  search,
  onSearch,
  filters,
  onFilter,
  onReset,
}: FilterBarProps) {
  const active = search !== '' || Object.values(filters).some((v) => v !== undefined && v !== '');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        aria-label="Cari"
        placeholder="Cari…"
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        leftSection={<IconSearch size={16} stroke={1.6} />}
        w={260}
        data-testid="resource-search"
      />
      {filterWidgets(decl, archived).map((w) => {
        const value = filters[w.key] ?? '';
        switch (w.kind) {
          case 'relation':
            return (
              <RelationPicker
                key={w.key}
                resource={w.resource}
                aria-label={w.label}
                placeholder={w.label}
                value={value || null}
                onChange={(v) => onFilter(w.key, v ?? undefined)}
                w={FILTER_WIDTH}
              />
            );
          case 'select':
            return (
              <Select
                key={w.key}
                aria-label={w.label}
                placeholder={w.label}
                data={w.options.map((o) => ({ value: o.value, label: o.label }))}
                value={value || null}
                onChange={(v) => onFilter(w.key, v ?? undefined)}
                clearable
                w={FILTER_WIDTH}
                comboboxProps={{ withinPortal: true }}
              />
            );
          default:
            return (
              <TextInput
                key={w.key}
                aria-label={w.label}
                placeholder={w.label}
                value={value}
                inputMode={w.kind === 'number' ? 'numeric' : undefined}
                onChange={(e) => onFilter(w.key, e.currentTarget.value || undefined)}
                w={FILTER_WIDTH}
              />
            );
        }
      })}
      {active && (
        <Button variant="subtle" color="gray" onClick={onReset} leftSection={<IconX size={14} />}>
          Reset
        </Button>
      )}
    </Group>
  );
}
