import { RelationPicker } from '@psb/resource-ui';
import { Button, Group } from '@psb/ui';
import { PICKERS, type PickerReach } from './admissionPickers';
import type { DashboardFilters } from './api/dashboard';

/**
 * The summary's school year, period and school pickers. A chunk of its own, loaded when the visitor reaches
 * for them: the pickers bring zod and every resource declaration, a long evaluation on a phone that the
 * greeting and the figures do not need.
 */
export default function AdmissionFilters({
  filters,
  set,
  clear,
  reached,
}: {
  filters: DashboardFilters;
  set: (changes: DashboardFilters) => void;
  clear: () => void;
  /** The stand-in the visitor focused or pressed, which this picker takes over (focused, and open if pressed). */
  reached?: PickerReach | undefined;
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
          autoFocus={reached?.key === p.key}
          defaultDropdownOpened={reached?.key === p.key && reached.pressed}
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
