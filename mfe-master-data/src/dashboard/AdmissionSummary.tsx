import { errorMessage } from '@psb/api-client/http';
import type { DashboardQuery } from '@psb/contracts/reports';
import { useUrlFilters } from '@psb/resource-ui/url-filters';
import { Button, Group, PageError, SimpleGrid, Skeleton, Stack, TextInput, Title } from '@psb/ui';
import { IconChevronDown } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { AdmissionFigures } from './AdmissionFigures';
import { PICKERS, type PickerReach } from './admissionPickers';
import { admissionQuery, DASHBOARD_FILTER_KEYS, type DashboardFilters } from './api/dashboard';

const AdmissionFilters = lazy(() => import('./AdmissionFilters'));

/**
 * Stand-ins for the pickers until the visitor reaches for them (hover, focus or press): read-only fields of
 * the same labels, empty texts and sizes, so nothing moves when the pickers take their place.
 */
function FiltersStandIn({
  filtered,
  onReach,
}: {
  filtered: boolean;
  onReach: (r: PickerReach | null) => void;
}) {
  return (
    <Group gap="sm" align="flex-end" onPointerEnter={() => onReach(null)}>
      {PICKERS.map((p) => (
        <TextInput
          key={p.key}
          label={p.label}
          placeholder={p.placeholder}
          w={p.width}
          readOnly
          rightSection={<IconChevronDown size={16} stroke={1.5} aria-hidden />}
          rightSectionPointerEvents="none"
          // The press is noted after the browser has finished it (its focus included). Noted at once, a
          // picker chunk that arrived a moment before would be drawn inside the press, and the press's own focus
          // step would then take the focus off the new picker and close the list it had just opened.
          onPointerDown={() => setTimeout(() => onReach({ key: p.key, pressed: true }), 0)}
          onFocus={() => onReach({ key: p.key, pressed: false })}
        />
      ))}
      {filtered && (
        <Button variant="subtle" disabled>
          Hapus filter
        </Button>
      )}
    </Group>
  );
}

/** Where the figures will stand while their answer is on its way (the same heights: nothing jumps). */
function FiguresSkeleton() {
  return (
    <Stack gap="sm" data-testid="admission-loading">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={92} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton height={260} radius="md" />
      <Skeleton height={200} radius="md" />
    </Stack>
  );
}

/**
 * Penerimaan: the admission season of a school year (the active one unless chosen) — money, funnel per school
 * and period, daily activity and places left, for the caller's schools only (the server's row-level security).
 * Every number links to the list that makes it up.
 */
export function AdmissionSummary() {
  const { filters, set, clear } = useUrlFilters<DashboardFilters>(DASHBOARD_FILTER_KEYS);
  const filtered = Object.values(filters).some(Boolean);
  // A filtered view loads its pickers at once: only they can name the chosen year, period or school.
  const [wanted, setWanted] = useState(filtered);
  const [reach, setReach] = useState<PickerReach | null>(null);
  const onReach = (next: PickerReach | null) => {
    setWanted(true);
    // A press is followed by the field's focus: the press (open the list) is what the visitor asked for.
    if (next) setReach((r) => (r?.key === next.key && r.pressed ? r : next));
  };
  const standIn = <FiltersStandIn filtered={filtered} onReach={onReach} />;
  const query = useQuery({ ...admissionQuery(filters), placeholderData: keepPreviousData });
  // The answer arrives as an urgent store update; the tables it fills are drawn as a deferred render, which
  // React cuts into slices instead of one long task that would hold a slow phone's input.
  const data = useDeferredValue(query.data?.data);
  const scope = useMemo(
    (): DashboardQuery => ({
      // The year the figures cover: the chosen one, else the active one the server picked.
      school_year_id: data?.school_year_id ?? undefined,
      school_period_id: filters.school_period_id ? Number(filters.school_period_id) : undefined,
      school_id: filters.school_id ? Number(filters.school_id) : undefined,
    }),
    [filters.school_period_id, filters.school_id, data?.school_year_id],
  );
  return (
    <Stack gap="sm" data-testid="admission-summary">
      <Group justify="space-between" align="flex-end">
        <Title order={3} size="h4">
          Penerimaan
        </Title>
        {wanted ? (
          <Suspense fallback={standIn}>
            <AdmissionFilters filters={filters} set={set} clear={clear} reached={reach ?? undefined} />
          </Suspense>
        ) : (
          standIn
        )}
      </Group>
      {query.isError ? (
        <PageError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <FiguresSkeleton />
      ) : (
        <AdmissionFigures data={data} scope={scope} />
      )}
    </Stack>
  );
}
