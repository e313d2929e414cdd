import { useSession } from '@psb/api-client/session';
import { ADMIN_NAV, roleDisplayName } from '@psb/contracts/core';
import { useUrlFilters } from '@psb/resource-ui/url-filters';
import { Link } from '@psb/router';
import {
  Badge,
  Card,
  EmptyState,
  formatToday,
  Group,
  PageError,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@psb/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memo, useDeferredValue } from 'react';
import { AdmissionSummary } from '../dashboard/AdmissionSummary';
import {
  countsQuery,
  DASHBOARD_FILTER_KEYS,
  type DashboardFilters,
  mayReadReports,
  type RecordCount,
} from '../dashboard/api/dashboard';

/** Sidebar label of a page (Manajemen Data › Kelas), so a card reads like the menu it leads to. */
const groupOf = new Map(ADMIN_NAV.flatMap((g) => g.items.map((i) => [i.path, g.label] as const)));

/**
 * The staff landing page: a greeting, the admission season in figures (for roles that may read Laporan) and
 * live record counts of the master data the role may read.
 */
export default function DashboardPage() {
  const name = useSession((s) => s.admin_name);
  const role = useSession((s) => s.admin_role);
  const mayReport = useSession((s) => mayReadReports(s.admin_role, s.admin_role_modules));
  return (
    <Stack gap="lg" data-testid="admin-dashboard">
      <Stack gap={4}>
        <Title order={2}>Selamat datang, {name}</Title>
        <Group gap="xs">
          <Text c="gray.7" size="sm">
            {formatToday()}
          </Text>
          {role && (
            <Badge variant="light" size="sm">
              {roleDisplayName(role)}
            </Badge>
          )}
        </Group>
      </Stack>

      {mayReport && <AdmissionSummary />}

      <Stack gap="sm">
        <Title order={3} size="h4">
          Ringkasan Data
        </Title>
        <RecordCounts />
      </Stack>
    </Stack>
  );
}

/** Live record counts of the master data the role may read, each card opening its list. */
function RecordCounts() {
  const { filters } = useUrlFilters<DashboardFilters>(DASHBOARD_FILTER_KEYS);
  const counts = useQuery({ ...countsQuery(filters), placeholderData: keepPreviousData });
  const narrowed = Object.values(filters).some(Boolean);
  // Drawn as a deferred render, in slices, like the admission figures (see AdmissionSummary).
  const rows = useDeferredValue(counts.data?.data);
  if (counts.isError)
    return <PageError message="Ringkasan data gagal dimuat." onRetry={() => void counts.refetch()} />;
  if (!rows)
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={92} radius="md" />
        ))}
      </SimpleGrid>
    );
  if (rows.length === 0)
    return (
      <Card withBorder>
        <EmptyState
          title="Belum ada data yang dapat ditampilkan"
          description="Peran Anda belum memiliki hak baca untuk data master."
        />
      </Card>
    );
  return <CountCards rows={rows} narrowed={narrowed} />;
}

const CountCards = memo(function CountCards({
  rows,
  narrowed,
}: {
  rows: readonly RecordCount[];
  /** A filter is chosen: cards it does not narrow (foundation-wide data) say so. */
  narrowed: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} data-testid="dashboard-counts">
      {rows.map((c) => (
        <UnstyledButton key={c.resource} component={Link} to={c.admin_path}>
          <Card withBorder padding="md" radius="md" h="100%" data-resource={c.resource}>
            <Text size="xs" c="gray.7" tt="uppercase" fw={700}>
              {groupOf.get(c.admin_path) ?? 'Data Master'}
            </Text>
            <Group justify="space-between" align="flex-end" mt={6} wrap="nowrap">
              <Text fw={600}>{c.label}</Text>
              <Text fz={28} fw={700} c="brand" lh={1} data-testid={`count-${c.resource}`}>
                {c.count.toLocaleString('id-ID')}
              </Text>
            </Group>
            {narrowed && !c.filtered && (
              <Text size="xs" c="gray.7" mt={4}>
                Seluruh yayasan
              </Text>
            )}
          </Card>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
});
