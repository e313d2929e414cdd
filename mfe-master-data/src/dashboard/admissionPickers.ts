import type { DashboardFilters } from './api/dashboard';

/** The summary's pickers: the filter each one sets, its resource, label, empty text and width. */
export const PICKERS = [
  {
    key: 'school_year_id',
    resource: 'school_year',
    label: 'Tahun Ajaran',
    placeholder: 'Tahun aktif',
    width: 180,
  },
  { key: 'school_period_id', resource: 'school_period', label: 'Periode', placeholder: 'Semua', width: 200 },
  { key: 'school_id', resource: 'school', label: 'Sekolah', placeholder: 'Semua', width: 200 },
] as const satisfies readonly {
  key: keyof DashboardFilters;
  resource: string;
  label: string;
  placeholder: string;
  width: number;
}[];

/** Which stand-in the visitor reached for, and whether by pressing it (then its list opens). */
export interface PickerReach {
  key: (typeof PICKERS)[number]['key'];
  pressed: boolean;
}
