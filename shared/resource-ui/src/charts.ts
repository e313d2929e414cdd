/**
 * `@psb/resource-ui/charts`: the charts of the staff area (dashboard, reports), from @mantine/charts. Like the
 * screens, a remote takes the shell's copy of this entry (host-provided, see shared/build), because the charts
 * render Mantine components that must see the shell's MantineProvider. Recharts and the CSS layer load with
 * this chunk only.
 */
import '@mantine/charts/styles.layer.css';

export type { BarChartSeries, DonutChartCell } from '@mantine/charts';
export { AreaChart, BarChart, DonutChart, LineChart } from '@mantine/charts';
