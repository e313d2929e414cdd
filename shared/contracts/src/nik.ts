/**
 * The NIK (Nomor Induk Kependudukan, 16 digits) read as its parts: the district that issued it (province,
 * regency, district: 2 digits each), the birth date (day + 40 for girls, month, two-digit year) and a serial.
 * Everything here is a warning for the reader, never a refusal: some real numbers break the rules (old codes of
 * districts since split, corrected birth dates), so the form saves any answer and staff decide.
 */

export const NIK_QUESTION = 103;

export const NIK_WARNING = {
  length: 'NIK harus 16 digit angka.',
  region: 'Kode wilayah pada NIK tidak dikenal.',
  date: 'Tanggal lahir pada NIK tidak sah.',
  serial: 'Nomor urut pada NIK tidak boleh 0000.',
  birthDate: (nik: string, answer: string) =>
    `Tanggal lahir pada NIK (${nik}) berbeda dengan tanggal lahir yang diisi (${answer}).`,
  sex: (nik: string, answer: string) =>
    `Jenis kelamin pada NIK (${nik}) berbeda dengan yang diisi (${answer}).`,
} as const;

export type NikSex = 'Laki-Laki' | 'Perempuan';

export interface NikParts {
  /** `PP.KK.CC`, the form of the region data's district codes. */
  region_code: string;
  /** `YYYY-MM-DD`, or null when the digits name no day. */
  birth_date: string | null;
  sex: NikSex;
  serial: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The century of a two-digit year: the latest one that does not put the birth after `today` (`YYYY-MM-DD`).
 */
function fullYear(yy: number, day: number, month: number, today: string): number {
  const thisCentury = Number(today.slice(0, 2)) * 100;
  const candidate = thisCentury + yy;
  const date = `${candidate}-${pad(month)}-${pad(day)}`;
  return date > today ? candidate - 100 : candidate;
}

function isDay(year: number, month: number, day: number) {
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The parts of a 16-digit NIK; null when it is not 16 digits. `today` decides the century of the year. */
export function parseNik(value: string, today: string): NikParts | null {
  const nik = value.trim();
  if (!/^\d{16}$/.test(nik)) return null;
  const dd = Number(nik.slice(6, 8));
  const month = Number(nik.slice(8, 10));
  const yy = Number(nik.slice(10, 12));
  const female = dd > 40;
  const day = female ? dd - 40 : dd;
  const year = fullYear(yy, day, month, today);
  return {
    region_code: `${nik.slice(0, 2)}.${nik.slice(2, 4)}.${nik.slice(4, 6)}`,
    birth_date: isDay(year, month, day) ? `${year}-${pad(month)}-${pad(day)}` : null,
    sex: female ? 'Perempuan' : 'Laki-Laki',
    serial: nik.slice(12),
  };
}

export interface NikCheck {
  nik: string;
  /** When the registrant's birth date and sex were answered, they are compared with the NIK's. */
  birthDate?: string | null;
  sex?: string | null;
  /** Whether a district code is in the region data; left out, the region is not checked (the form). */
  isDistrict?: (code: string) => boolean;
  today: string;
}

const showDate = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

/** What looks wrong in a NIK, in the words the form and the staff see; empty when nothing does. */
export function nikWarnings({ nik, birthDate, sex, isDistrict, today }: NikCheck): string[] {
  const parts = parseNik(nik, today);
  if (!parts) return [NIK_WARNING.length];
  const out: string[] = [];
  if (isDistrict && !isDistrict(parts.region_code)) out.push(NIK_WARNING.region);
  if (!parts.birth_date) out.push(NIK_WARNING.date);
  else if (birthDate && birthDate !== parts.birth_date)
    out.push(NIK_WARNING.birthDate(showDate(parts.birth_date), showDate(birthDate)));
  if (sex && sex !== parts.sex) out.push(NIK_WARNING.sex(parts.sex, sex));
  if (parts.serial === '0000') out.push(NIK_WARNING.serial);
  return out;
}

/** Today's date in WIB (`YYYY-MM-DD`), the `today` of the checks above on any machine. */
export const todayWibText = (now = Date.now()) => new Date(now + 7 * 3600_000).toISOString().slice(0, 10);
