import { formatRupiah, type ReportDeclaration } from '@psb/contracts/reports';
import { BarChart, DonutChart } from '@psb/resource-ui/charts';
import { Card, Text } from '@psb/ui';

const COLORS = ['brand.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.6', 'red.6'];
type Row = Record<string, string | number | null>;

/**
 * The report's chart, drawn from the rows on screen: rows with the same label are added up (e.g. internal /
 * external over every school), in order of first appearance.
 */
export default function ReportChart({ decl, rows }: { decl: ReportDeclaration; rows: Row[] }) {
  const chart = decl.chart;
  if (!chart || rows.length === 0) return null;
  const columns = new Map(decl.columns.map((c) => [c.key, c]));
  const byLabel = new Map<string, Record<string, number | string>>();
  for (const r of rows) {
    const label = String(r[chart.label] ?? '-');
    const point = byLabel.get(label) ?? { label };
    for (const s of chart.series) point[s] = Number(point[s] ?? 0) + Number(r[s] ?? 0);
    byLabel.set(label, point);
  }
  const data = [...byLabel.values()];
  const money = chart.series.some((s) => columns.get(s)?.format === 'money');
  // A no-break space keeps "Rp. 2.400.000" on one line on the axis (the chart breaks tick labels at spaces).
  const valueFormatter = (v: number) =>
    money ? formatRupiah(v).replace(' ', '\u00a0') : v.toLocaleString('id-ID');
  return (
    <Card withBorder padding="md" data-testid="report-chart">
      {chart.kind === 'donut' ? (
        <DonutChart
          data={data.map((d, i) => ({
            name: String(d.label),
            value: Number(d[chart.series[0]!]),
            color: COLORS[i % COLORS.length]!,
          }))}
          withLabelsLine
          withLabels
          withTooltip
          withLegend
          valueFormatter={valueFormatter}
          size={220}
          thickness={32}
          mx="auto"
        />
      ) : (
        <BarChart
          h={280}
          data={data}
          dataKey="label"
          series={chart.series.map((s, i) => ({
            name: s,
            label: columns.get(s)?.label ?? s,
            color: COLORS[i % COLORS.length]!,
          }))}
          valueFormatter={valueFormatter}
          // Room for the longest amount on the axis; counts never show fractions.
          yAxisProps={{ width: money ? 120 : 60, allowDecimals: false }}
          withLegend
          tickLine="y"
        />
      )}
      <Text size="xs" c="gray.7" mt="xs">
        Grafik dari baris yang tampil pada tabel.
      </Text>
    </Card>
  );
}
