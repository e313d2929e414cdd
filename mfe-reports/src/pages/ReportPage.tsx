import { errorMessage } from '@psb/api-client/http';
import { REPORTS, type ReportName } from '@psb/contracts/reports';
import { DataTable, useModuleActions, useUrlFilters } from '@psb/resource-ui';
import { Button, Card, EmptyState, Group, NoAccess, PageError, Skeleton, Stack, Text, Title } from '@psb/ui';
import { lazy, Suspense } from 'react';
import { type ReportFilterValues, useReport, useReportDownload } from '../report/api/report';
import { formatCell } from '../report/format';
import { ReportFilters } from '../report/ReportFilters';

const ReportChart = lazy(() => import('../report/ReportChart'));
type Row = Record<string, string | number | null>;

/**
 * The one page of every report, built from its declaration: filters (kept in the URL), a chart where one is
 * declared, the table with a total row over all matching rows, and the download with the report's fixed file
 * name (every row, streamed by the server).
 */
export function ReportPage({ name }: { name: ReportName }) {
  const decl = REPORTS[name];
  const can = useModuleActions('Laporan');
  const { filters, set, clear } = useUrlFilters<ReportFilterValues>(decl.filters);
  const query = useReport(name, filters, can.read);
  const download = useReportDownload(name, filters, decl.fileName);
  if (!can.read) return <NoAccess modules={['Laporan']} />;
  const data = query.data;
  const totalsRow: Row = Object.fromEntries(
    decl.columns.map((c, i) => [c.key, c.total ? (data?.totals[c.key] ?? 0) : i === 0 ? 'Total' : null]),
  );
  return (
    <Stack gap="md" data-testid={`report-${name}`}>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {decl.title}
          </Title>
          <Text size="sm" c="gray.7">
            {decl.description}
          </Text>
        </div>
        <Group gap="xs">
          {decl.formats.map((format) => (
            <Button
              key={format}
              variant={format === 'xlsx' ? 'filled' : 'default'}
              onClick={() => download.mutate(format)}
              loading={download.isPending && download.variables === format}
              data-testid={`report-export-${format}`}
            >
              {format === 'xlsx' ? 'Ekspor Excel' : 'Ekspor TXT'}
            </Button>
          ))}
        </Group>
      </Group>
      <Card withBorder padding="md">
        <Suspense fallback={<Skeleton height={60} radius="sm" />}>
          <ReportFilters decl={decl} values={filters} onChange={(k, v) => set({ [k]: v })} onReset={clear} />
        </Suspense>
      </Card>
      {query.isError ? (
        <PageError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Stack gap="sm" data-testid="report-loading">
          {decl.chart && <Skeleton height={280} radius="md" />}
          <Skeleton height={320} radius="md" />
        </Stack>
      ) : (
        <>
          {decl.chart && data.rows.length > 0 && (
            <Suspense fallback={<Skeleton height={280} radius="md" />}>
              <ReportChart decl={decl} rows={data.rows} />
            </Suspense>
          )}
          <Text size="sm" c="gray.7" data-testid="report-summary">
            {data.row_count.toLocaleString('id-ID')} baris
            {data.truncated
              ? `; tabel menampilkan ${data.rows.length.toLocaleString('id-ID')} baris pertama, unduhan berisi semuanya`
              : ''}
            .
          </Text>
          <DataTable<Row>
            withTableBorder
            borderRadius="md"
            striped
            minHeight={data.rows.length ? undefined : 200}
            fetching={query.isFetching}
            records={data.rows.map((r, i) => ({ ...r, __key: i }))}
            idAccessor="__key"
            noRecordsText=""
            emptyState={<EmptyState title="Belum ada data" description="Tidak ada data untuk filter ini." />}
            columns={decl.columns.map((c) => ({
              accessor: c.key,
              title: c.label,
              textAlign: c.format === 'text' || c.format === 'date' ? 'left' : 'right',
              noWrap: c.format !== 'text',
              render: (r: Row) => formatCell(r[c.key], c.format),
              footer:
                data.rows.length > 0 && (c.total || c === decl.columns[0]) ? (
                  <Text fw={700} size="sm" data-testid={c.total ? `report-total-${c.key}` : undefined}>
                    {formatCell(totalsRow[c.key], c.total ? c.format : 'text')}
                  </Text>
                ) : undefined,
            }))}
          />
        </>
      )}
    </Stack>
  );
}
