import { formatWib, formatWibWithOffset, parseWib, wibDate } from './wib';

describe('WIB times', () => {
  it('reads Midtrans wall-clock text as GMT+7, not UTC or local time', () => {
    expect(parseWib('2026-11-23 22:49:56')?.toISOString()).toBe('2026-11-23T15:49:56.000Z');
    // Just after midnight WIB is still the previous day in UTC.
    expect(parseWib('2026-01-01 00:30:00')?.toISOString()).toBe('2025-12-31T17:30:00.000Z');
  });

  it('accepts the explicit +0700 form of custom_expiry', () => {
    expect(parseWib('2016-12-07 11:54:12 +0700')?.toISOString()).toBe('2016-12-07T04:54:12.000Z');
  });

  it('refuses text that is not a WIB time', () => {
    for (const bad of [
      '',
      '2026-02-31 10:00:00',
      '2026-11-23',
      '23-11-2026 10:00:00',
      '2026-11-23 10:00:00 +0000',
    ])
      expect(parseWib(bad)).toBeUndefined();
    expect(parseWib(undefined)).toBeUndefined();
  });

  it('writes an instant as WIB text and reads it back to the same second', () => {
    const at = new Date('2026-06-30T18:05:07.000Z');
    expect(formatWib(at)).toBe('2026-07-01 01:05:07');
    expect(formatWibWithOffset(at)).toBe('2026-07-01 01:05:07 +0700');
    expect(wibDate(at)).toBe('2026-07-01');
    expect(parseWib(formatWib(at))?.getTime()).toBe(at.getTime());
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    expect(parseWib(formatWib(now))?.getTime()).toBe(now.getTime());
  });
});
