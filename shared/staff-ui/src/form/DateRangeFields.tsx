import { DateField } from '@psb/resource-ui';

export type DateRange = { date_from: string; date_to: string };

/** Today to today in WIB (UTC+7), the day the payment provider and the staff count in. */
export function todayWib(): DateRange {
  const day = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
  return { date_from: day, date_to: day };
}

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
