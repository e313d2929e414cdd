import { RelationPicker } from '@psb/resource-ui';
import { Button, Group } from '@psb/ui';
import { PICKERS } from './admissionPickers';
import type { DashboardFilters } from './dashboardApi';

/**
 * The summary's school year, period and school pickers. A chunk of its own: the pickers come with the
 * resource engine (and its schemas), which the greeting and the figures do not wait for.
 */
export default function AdmissionFilters({
  filters,
  set,
  clear,
}: {
  filters: DashboardFilters;
  set: (changes: DashboardFilters) => void;
  clear: () => void;
}) {
  return (
    <Group gap="sm" align="flex-end">
      {PICKERS.map((p) => (
        <RelationPicker
          key={p.key}
          resource={p.resource}
          label={p.label}
          placeholder={p.placeholder}
          value={filters[p.key] ?? null}
          onChange={(v) => set({ [p.key]: v ?? undefined })}
          w={p.width}
        />
      ))}
      {Object.values(filters).some(Boolean) && (
        <Button variant="subtle" onClick={clear}>
          Hapus filter
        </Button>
      )}
    </Group>
  );
}
