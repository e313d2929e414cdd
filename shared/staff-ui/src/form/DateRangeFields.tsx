import { DateField } from '@psb/resource-ui';

export type DateRange = { date_from: string; date_to: string };

/** The "from – to" day pair the payout and reconciliation pages ask for (dd/mm/yyyy, as every console date). */
export function DateRangeFields({
  value,
  onChange,
}: {
  value: DateRange;
  onChange: (range: DateRange) => void;
}) {
  return (
    <>
      <DateField
        label="Dari tanggal"
        value={value.date_from}
        onChange={(v) => onChange({ ...value, date_from: v })}
      />
      <DateField
        label="Sampai tanggal"
        value={value.date_to}
        onChange={(v) => onChange({ ...value, date_to: v })}
      />
    </>
  );
}
