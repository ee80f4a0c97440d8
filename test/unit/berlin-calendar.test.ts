import { describe, expect, it } from 'vitest';
import { addDays, berlinDate, berlinStartOfDay, contentDay, daysBetween, isCalendarDate, nextServingChange } from '../../src/time/berlin-calendar.js';

describe('contentDay: the day that starts at 02:00 Europe/Berlin', () => {
  it.each([
    ['2026-11-21T00:59:00Z', '2026-11-20'], // 01:59 CET
    ['2026-11-21T01:00:00Z', '2026-11-21'], // 02:00 CET
    ['2026-07-15T23:59:00Z', '2026-07-15'], // 01:59 CEST on 07-16
    ['2026-07-16T00:00:00Z', '2026-07-16'], // 02:00 CEST
    ['2026-03-29T00:59:00Z', '2026-03-28'], // 01:59 CET, the night clocks go forward
    ['2026-03-29T01:00:00Z', '2026-03-29'], // 03:00 CEST, 02:00 does not exist that night
    ['2026-10-25T00:00:00Z', '2026-10-25'], // 02:00 CEST, the first 02:00 of the night clocks go back
    ['2026-10-24T23:59:00Z', '2026-10-24'], // 01:59 CEST
  ])('%s belongs to content day %s', (instant, day) => {
    expect(contentDay(new Date(instant))).toBe(day);
  });
});

describe('calendar helpers', () => {
  it('berlinDate reads the Berlin wall date', () => {
    expect(berlinDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });
  it('daysBetween counts calendar days, negative backwards', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
    expect(daysBetween('2026-03-02', '2026-02-27')).toBe(-3);
  });
  it('addDays crosses months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });
  it('isCalendarDate accepts only real dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
  });
});

describe('berlinStartOfDay', () => {
  it.each([
    ['2026-11-21', '2026-11-20T23:00:00.000Z'],
    ['2026-07-16', '2026-07-15T22:00:00.000Z'],
    ['2026-03-29', '2026-03-28T23:00:00.000Z'], // clocks go forward at 02:00 that night
    ['2026-10-25', '2026-10-24T22:00:00.000Z'], // clocks go back at 03:00 that night
  ])('%s begins at %s', (date, instant) => {
    expect(berlinStartOfDay(date).toISOString()).toBe(instant);
  });
});

describe('nextServingChange: Berlin midnight or 02:00, whichever comes first', () => {
  it('gives every instant of a minute the same change, also in the minute of a change and across DST nights', () => {
    const cases: [string, string][] = [
      ['2026-11-21T22:58:20.000Z', '2026-11-21T23:00:00.000Z'], // 23:58:20 CET → midnight
      ['2026-11-21T22:58:59.999Z', '2026-11-21T23:00:00.000Z'],
      ['2026-11-21T23:00:00.000Z', '2026-11-22T01:00:00.000Z'], // at midnight → 02:00 CET
      ['2026-11-21T23:00:30.000Z', '2026-11-22T01:00:00.000Z'],
      ['2026-11-22T01:00:00.000Z', '2026-11-22T23:00:00.000Z'], // at 02:00 → next midnight
      ['2026-11-22T00:59:59.999Z', '2026-11-22T01:00:00.000Z'],
      ['2027-03-28T00:58:00.000Z', '2027-03-28T01:00:00.000Z'], // clocks go forward: the day starts at 03:00 CEST
      ['2027-10-30T23:30:00.000Z', '2027-10-31T00:00:00.000Z'], // clocks go back: 01:30 CEST → the first 02:00 (CEST)
    ];
    for (const [instant, change] of cases) expect(nextServingChange(new Date(instant)).toISOString(), instant).toBe(change);
  });
});
