import { formatRupiah } from '@psb/contracts/core';
import { STATUS_LABELS } from '@psb/contracts/registrant-status';
import type { DashboardData } from '@psb/contracts/reports';
import { AreaChart, BarChart } from '@psb/resource-ui/charts';
import { Card, SimpleGrid, Text } from '@psb/ui';
import { reached } from './funnel';

/** The funnel stages drawn, in order: how many registrants reached at least that stage. */
const STAGES = [
  ['Terdaftar', reached('draft')],
  ['Formulir lengkap', reached('form_complete')],
  ['Dikirim', reached('submitted')],
  ['Terverifikasi', reached('verified')],
  ['Sudah tes', reached('tested')],
  [STATUS_LABELS.accepted, ['accepted', 're_registered']],
  [STATUS_LABELS.re_registered, ['re_registered']],
] as const;

/** Charts of the dashboard (lazy: recharts loads with them, after the numbers). */
export default function DashboardCharts({ data }: { data: DashboardData }) {
  const funnel = STAGES.map(([stage, statuses]) => ({
    stage,
    Calon: data.funnel.reduce((a, f) => a + statuses.reduce((b, s) => b + (f.statuses[s] ?? 0), 0), 0),
  }));
  const paid = data.funnel.reduce((a, f) => a + f.paid, 0);
  funnel.splice(6, 0, { stage: 'Lunas (≥ 1 tagihan)', Calon: paid });
  const daily = data.daily.map((d) => ({
    date: d.date.slice(5).split('-').reverse().join('/'),
    Pendaftaran: d.registrations,
    Pembayaran: d.payments,
    Nilai: d.paid_amount,
  }));
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} data-testid="dashboard-charts">
      <Card withBorder padding="md">
        <Text fw={600} mb="sm">
          Alur Penerimaan
        </Text>
        <BarChart
          h={260}
          data={funnel}
          dataKey="stage"
          orientation="vertical"
          yAxisProps={{ width: 130 }}
          // Counts of children: the axis never shows "0,25".
          xAxisProps={{ allowDecimals: false }}
          series={[{ name: 'Calon', label: 'Calon murid', color: 'brand.6' }]}
          valueFormatter={(v) => v.toLocaleString('id-ID')}
        />
      </Card>
      <Card withBorder padding="md">
        <Text fw={600} mb="sm">
          Pendaftaran dan Pembayaran Harian (90 hari)
        </Text>
        <AreaChart
          h={260}
          data={daily}
          dataKey="date"
          series={[
            { name: 'Pendaftaran', color: 'brand.6' },
            { name: 'Pembayaran', color: 'teal.6' },
          ]}
          withLegend
          yAxisProps={{ allowDecimals: false }}
          curveType="monotone"
          valueFormatter={(v) => v.toLocaleString('id-ID')}
        />
        <Text size="xs" c="gray.7" mt="xs">
          Total diterima 90 hari: {formatRupiah(data.daily.reduce((a, d) => a + d.paid_amount, 0))}
        </Text>
      </Card>
    </SimpleGrid>
  );
}
