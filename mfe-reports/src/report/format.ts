import { formatRupiah, type ReportColumnFormat } from '@psb/contracts/reports';
import { formatDate } from '@psb/ui';

/** A report cell as the screen shows it (the file keeps plain numbers, so it can be summed). */
export function formatCell(value: string | number | null | undefined, format: ReportColumnFormat): string {
  if (value === null || value === undefined || value === '') return '-';
  switch (format) {
    case 'money':
      return formatRupiah(value);
    case 'number':
      return Number(value).toLocaleString('id-ID');
    case 'percent':
      return `${Number(value).toLocaleString('id-ID', { maximumFractionDigits: 1 })}%`;
    case 'date':
      return formatDate(String(value));
    default:
      return String(value);
  }
}
