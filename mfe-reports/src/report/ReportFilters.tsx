import { BILL_STATE_LABELS, REPORT_FILTER_INPUTS, type ReportDeclaration } from '@psb/contracts/reports';
import { DateField, RelationPicker } from '@psb/resource-ui';
import { Button, Group, Select } from '@psb/ui';
import type { ReportFilterValues } from './api/report';

/** The resource whose records a relation filter offers. */
const RELATION = {
  school: 'school',
  school_year: 'school_year',
  school_period: 'school_period',
  payment_type: 'mst_type_payment',
  item: 'mst_item',
} as const;

const WIDTH = 210;
const STATES = (['published', 'partially_paid', 'paid'] as const).map((s) => ({
  value: s,
  label: BILL_STATE_LABELS[s],
}));

/** One input per filter the report declares; every change lands in the URL (a copied link shows the same). */
export function ReportFilters({
  decl,
  values,
  onChange,
  onReset,
}: {
  decl: ReportDeclaration;
  values: ReportFilterValues;
  onChange: (key: string, value: string | undefined) => void;
  onReset: () => void;
}) {
  const active = Object.values(values).some(Boolean);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="report-filters">
      {decl.filters.map((key) => {
        const { label, input } = REPORT_FILTER_INPUTS[key];
        const value = values[key] ?? '';
        if (input === 'date')
          return (
            <DateField
              key={key}
              label={label}
              value={value}
              onChange={(v) => onChange(key, v || undefined)}
              w={170}
              data-testid={`filter-${key}`}
            />
          );
        if (input === 'state')
          return (
            <Select
              key={key}
              label={label}
              placeholder="Semua"
              data={STATES}
              value={value || null}
              onChange={(v) => onChange(key, v ?? undefined)}
              clearable
              w={WIDTH}
              data-testid={`filter-${key}`}
            />
          );
        return (
          <RelationPicker
            key={key}
            resource={RELATION[input]}
            label={label}
            placeholder="Semua"
            value={value || null}
            onChange={(v) => onChange(key, v ?? undefined)}
            w={WIDTH}
            data-testid={`filter-${key}`}
          />
        );
      })}
      {active && (
        <Button variant="subtle" onClick={onReset}>
          Hapus filter
        </Button>
      )}
    </Group>
  );
}
