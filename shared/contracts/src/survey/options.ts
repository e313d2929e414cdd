/** Answer options. "or other" lists allow free text in addition. */
export const YA_TIDAK = ['Ya', 'Tidak'] as const;
export const SEX = ['Laki-Laki', 'Perempuan'] as const;
export const RELIGIONS = ['Kristen Protestan', 'Katolik', 'Islam', 'Buddha', 'Hindu', 'Kong Hu Chu'] as const;
export const BLOOD_TYPES = ['A', 'B', 'AB', 'O'] as const;
export const COUNTRIES = ['Indonesia'] as const;
export const SPECIAL_NEEDS = [
  'Motorik',
  'Penglihatan',
  'Pernafasan',
  'Pendengaran',
  'Komunikasi',
  'Autisme',
  'AD/HD',
  'Down Syndrome',
  'Pembelajaran',
  'Makanan',
  'Alergi',
] as const;
/**
 * Whether the father or the mother is part of the family's data: a parent who has died or is not there (a
 * single-parent family) is marked so, and that parent's answers are then not required.
 */
export const PARENT_PRESENCE = ['Ada', 'Sudah Meninggal', 'Tidak Ada'] as const;
export const PARENT_ABSENT: readonly string[] = PARENT_PRESENCE.slice(1);
export const PREVIOUS_SCHOOL_LEVELS = ['KB', 'TK', 'SD', 'SMP', 'SMA'] as const;
export const EDUCATION = ['SMP Sederajat', 'SMA Sederajat', 'D1', 'D2', 'D3', 'D4/S1', 'S2', 'S3'] as const;
export const OCCUPATIONS = [
  'Tidak Bekerja',
  'Karyawan Swasta',
  'Wiraswasta',
  'Pensiunan',
  'Hamba Tuhan',
  'Pegawai Tetap Yayasan',
  'Sudah Meninggal',
] as const;
export const INCOME_BRACKETS = [
  'Tidak Ada',
  'Kurang dari Rp. 500.000',
  'Rp. 500.000 - Rp. 999.999',
  'Rp. 1.000.000 - Rp. 1.999.999',
  'Rp. 2.000.000 - Rp. 4.999.999',
  'Rp. 5.000.000 - Rp. 20.000.000',
  'Lebih dari Rp. 20.000.000',
] as const;
