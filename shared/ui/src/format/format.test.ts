import { formatRupiah } from '@psb/contracts/core';
import {
  formatClock,
  formatDate,
  formatDateTime,
  formatTime,
  formatTimeRange,
  formatToday,
  parseDateId,
} from './date';

describe('formatRupiah', () => {
  it.each([
    [1250000, 'Rp. 1.250.000'],
    [0, 'Rp. 0'],
    [999, 'Rp. 999'],
    [1000, 'Rp. 1.000'],
    [-1250000, '-Rp. 1.250.000'],
    [1250000.6, 'Rp. 1.250.001'],
    ['350000', 'Rp. 350.000'],
    [12345678901234567890n, 'Rp. 12.345.678.901.234.567.890'],
    [null, 'Rp. 0'],
  ])('%p → %s', (input, expected) => {
    expect(formatRupiah(input)).toBe(expected);
  });
});

describe('Indonesian dates in WIB', () => {
  // 01:30 UTC is 08:30 in Jakarta, whatever time zone the test machine uses.
  const instant = '2026-11-21T01:30:00Z';

  it('formats the date with the Indonesian month name', () => {
    expect(formatDate(instant)).toBe('21 November 2026');
    expect(formatDate('2026-01-05')).toBe('5 Januari 2026');
    expect(formatDate(new Date('2026-08-17T00:00:00+07:00'))).toBe('17 Agustus 2026');
  });

  it('uses the Jakarta calendar day near midnight', () => {
    // 20 Nov 18:00 UTC is already 21 Nov 01:00 WIB.
    expect(formatDate('2026-11-20T18:00:00Z')).toBe('21 November 2026');
  });

  it('formats times as hh.mm WIB', () => {
    expect(formatTime(instant)).toBe('08.30 WIB');
    expect(formatTime('2026-11-21T16:05:00Z')).toBe('23.05 WIB');
    expect(formatDateTime(instant)).toBe('21 November 2026 08.30 WIB');
  });

  it('formats today with the day name', () => {
    expect(formatToday(new Date(instant))).toBe('Sabtu, 21 November 2026');
    expect(formatToday('2026-03-01T05:00:00Z')).toBe('Minggu, 1 Maret 2026');
  });

  it('shows a dash for a missing or invalid date', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatTime('bukan tanggal')).toBe('-');
  });
});

describe('parseDateId (typed dd/mm/yyyy)', () => {
  it('reads day first, with slashes, dashes or dots', () => {
    expect(parseDateId('21/11/2026')).toBe('2026-11-21');
    expect(parseDateId(' 1-2-2027 ')).toBe('2027-02-01');
    expect(parseDateId('05.07.2026')).toBe('2026-07-05');
    expect(parseDateId('2026-11-21')).toBe('2026-11-21');
  });
  it('refuses what is not a calendar day', () => {
    for (const s of ['31/02/2026', '13/13/2026', '11/21', 'besok', '', '2026-02-30'])
      expect(parseDateId(s)).toBeNull();
  });
});

describe('times of day as stored', () => {
  it('writes a session clock time the Indonesian way, with WIB once for a range', () => {
    expect(formatClock('08:00')).toBe('08.00');
    expect(formatClock('8:30:00')).toBe('08.30');
    expect(formatTimeRange('08:00:00', '10:30')).toBe('08.00–10.30 WIB');
    expect(formatTimeRange('13:00', null)).toBe('13.00 WIB');
    expect(formatTimeRange(null, null)).toBe('-');
    expect(formatClock('pagi')).toBe('pagi');
  });
});
