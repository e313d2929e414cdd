import { NIK_WARNING, nikWarnings, parseNik } from './nik';

/** A small seeded generator (mulberry32), so a failing case is the same on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TODAY = '2026-11-28';
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const DISTRICTS = new Set(['31.71.01', '32.73.02', '11.01.01']);
const isDistrict = (code: string) => DISTRICTS.has(code);

/** A NIK built from chosen parts, with the parts it was built from. */
function generated(rand: () => number) {
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const region = [...DISTRICTS][int(0, DISTRICTS.size - 1)]!;
  const year = int(1927, 2026);
  const month = int(1, 12);
  const day = int(1, new Date(Date.UTC(year, month, 0)).getUTCDate());
  const female = rand() < 0.5;
  const serial = int(1, 9999);
  const nik = `${region.replaceAll('.', '')}${pad(female ? day + 40 : day)}${pad(month)}${pad(year % 100)}${pad(serial, 4)}`;
  return { nik, region, birth: `${year}-${pad(month)}-${pad(day)}`, female, serial };
}

describe('NIK parser', () => {
  it('reads back the parts of any well-formed number (birth dates up to today)', () => {
    const rand = seeded(20261128);
    for (let i = 0; i < 5000; i++) {
      const g = generated(rand);
      if (g.birth > TODAY) continue;
      const p = parseNik(g.nik, TODAY);
      expect(p).toEqual({
        region_code: g.region,
        birth_date: g.birth,
        sex: g.female ? 'Perempuan' : 'Laki-Laki',
        serial: pad(g.serial, 4),
      });
      expect(
        nikWarnings({
          nik: g.nik,
          birthDate: g.birth,
          sex: g.female ? 'Perempuan' : 'Laki-Laki',
          isDistrict,
          today: TODAY,
        }),
      ).toEqual([]);
    }
  });

  it('warns, never throws, on every 16-digit string, and names each broken part', () => {
    const rand = seeded(7);
    for (let i = 0; i < 5000; i++) {
      const nik = Array.from({ length: 16 }, () => Math.floor(rand() * 10)).join('');
      const w = nikWarnings({ nik, isDistrict, today: TODAY });
      const p = parseNik(nik, TODAY)!;
      expect(w.includes(NIK_WARNING.region)).toBe(!DISTRICTS.has(p.region_code));
      expect(w.includes(NIK_WARNING.date)).toBe(p.birth_date === null);
      expect(w.includes(NIK_WARNING.serial)).toBe(p.serial === '0000');
    }
  });

  it('a girl’s day is the day + 40; a boy’s is the day itself', () => {
    expect(parseNik('3171015501100001', TODAY)).toMatchObject({ birth_date: '2010-01-15', sex: 'Perempuan' });
    expect(parseNik('3171011501100001', TODAY)).toMatchObject({ birth_date: '2010-01-15', sex: 'Laki-Laki' });
  });

  it('takes the latest century that keeps the birth date not after today', () => {
    expect(parseNik('3171012811260001', TODAY)?.birth_date).toBe('2026-11-28');
    expect(parseNik('3171012911260001', TODAY)?.birth_date).toBe('1926-11-29');
  });

  it('flags a day that does not exist, a wrong length, and answers that disagree', () => {
    expect(nikWarnings({ nik: '3171013002100001', today: TODAY })).toEqual([NIK_WARNING.date]);
    expect(nikWarnings({ nik: '31710115011000', today: TODAY })).toEqual([NIK_WARNING.length]);
    expect(nikWarnings({ nik: '317101150110000a', today: TODAY })).toEqual([NIK_WARNING.length]);
    expect(
      nikWarnings({ nik: '3171011501100001', birthDate: '2010-01-16', sex: 'Perempuan', today: TODAY }),
    ).toEqual([NIK_WARNING.birthDate('15-01-2010', '16-01-2010'), NIK_WARNING.sex('Laki-Laki', 'Perempuan')]);
  });
});
