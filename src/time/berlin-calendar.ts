// Calendar arithmetic in the Europe/Berlin time zone, where the service's days are counted.
// Dates are plain 'YYYY-MM-DD' strings; instants are Date objects passed in by the caller.

export const SERVICE_TIME_ZONE = 'Europe/Berlin';
/** The daily content (daily action, refresh) changes at this Berlin local hour. */
export const CONTENT_DAY_START_HOUR = 2;

const partsFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SERVICE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

// formatToParts is slow (microseconds a call) and the ranking asks it twice per cause for the same few
// instants (now, the import's time): the answers of recent instants are kept.
const partsCache = new Map<number, { date: string; hour: number }>();
const PARTS_CACHE_SIZE = 1024;

function berlinParts(instant: Date): { date: string; hour: number } {
  const ms = instant.getTime();
  const cached = partsCache.get(ms);
  if (cached) return cached;
  const parts = Object.fromEntries(partsFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  const result = { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
  if (partsCache.size >= PARTS_CACHE_SIZE) partsCache.clear();
  partsCache.set(ms, result);
  return result;
}

/** The Berlin calendar date of an instant. */
export function berlinDate(instant: Date): string {
  return berlinParts(instant).date;
}

const minuteFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: SERVICE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as Berlin wall time to the minute: "2026-12-21 14:05". */
export function berlinDateTime(instant: Date): string {
  const parts = Object.fromEntries(minuteFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/**
 * What something that ends at `end` lasts through, in Berlin: the day before, when `end` is a Berlin
 * midnight ("2026-12-04": the whole day, as a key given `--expires 2026-12-04`), else the date and minute
 * it ends ("2026-12-21 14:05").
 */
export function lastsThrough(end: Date): string {
  const lastDay = berlinDate(new Date(end.getTime() - 1));
  return berlinStartOfDay(addDays(lastDay, 1)).getTime() === end.getTime() ? lastDay : berlinDateTime(end);
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  // By arithmetic: a Date per call was a measurable part of the refresh. Years 0–99 stay invalid (as
  // when this round-tripped through Date.UTC, which reads them as 1900–1999).
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 100 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 ? (leap ? 29 : 28) : DAYS_IN_MONTH[month - 1]);
}
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function dateToUtcMs(date: string): number {
  if (!isCalendarDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  return Date.parse(`${date}T00:00:00Z`);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dateToUtcMs(to) - dateToUtcMs(from)) / DAY_MS);
}

export function addDays(date: string, days: number): string {
  return new Date(dateToUtcMs(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The content day an instant belongs to: it starts at 02:00 Berlin local time, so 01:59 still belongs
 * to the previous calendar day. Holds across daylight-saving changes because it reads local wall time.
 */
export function contentDay(instant: Date): string {
  const { date, hour } = berlinParts(instant);
  return hour < CONTENT_DAY_START_HOUR ? addDays(date, -1) : date;
}

/** A date as the UTC-midnight Date Prisma uses for `@db.Date` columns, and back. */
export function dateToDb(date: string): Date {
  return new Date(dateToUtcMs(date));
}

export function dateFromDb(value: Date): string {
  return value.toISOString().slice(0, 10);
}

/** The instant a Berlin calendar day begins (00:00 local time, CET or CEST). */
export function berlinStartOfDay(date: string): Date {
  const utcMidnight = dateToUtcMs(date);
  // Berlin is UTC+1 or UTC+2, so local midnight is one or two hours before UTC midnight.
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(utcMidnight - offsetHours * 3_600_000);
    if (berlinDate(candidate) === date && berlinDate(new Date(candidate.getTime() - 1)) !== date) return candidate;
  }
  throw new RangeError(`No Berlin midnight found for ${date}`);
}

/** The instant a run "as of" a date stands for: noon in Berlin, well inside that content day. */
export function asOfInstant(date: string): Date {
  return new Date(berlinStartOfDay(date).getTime() + 12 * 3_600_000);
}

/**
 * The Berlin date and the content day of an instant, computed once per minute: both change only on
 * whole minutes (Berlin's offsets are whole hours), and the serving path asks for them on every request.
 */
let servingDaysMemo: { minute: number; date: string; contentDay: string } | undefined;
export function servingDays(instant: Date): { date: string; contentDay: string } {
  const minute = Math.floor(instant.getTime() / 60_000);
  if (servingDaysMemo?.minute !== minute) {
    servingDaysMemo = { minute, date: berlinDate(instant), contentDay: contentDay(instant) };
  }
  return servingDaysMemo;
}

/**
 * The next instant after `instant` at which the Berlin date or the content day changes (Berlin midnight
 * or 02:00, whichever comes first): until then, served content changes only with its version.
 */
export function nextServingChange(instant: Date): Date {
  // Changes fall on whole minutes, so every instant of a minute has the same next change: the serving
  // path asks on every request (Cache-Control), and the Intl formatting costs more than the request.
  const minute = Math.floor(instant.getTime() / 60_000);
  if (servingChangeMemo?.minute !== minute) servingChangeMemo = { minute, change: computeNextServingChange(new Date(minute * 60_000)) };
  return servingChangeMemo.change;
}
let servingChangeMemo: { minute: number; change: Date } | undefined;

function computeNextServingChange(instant: Date): Date {
  const date = berlinDate(instant);
  const midnight = berlinStartOfDay(addDays(date, 1));
  // 02:00 local on this calendar day; on the night the clocks go forward 02:00 does not exist and the
  // content day starts at 03:00 CEST, one hour after local midnight + 2 h of CET.
  const today = contentDay(instant) === date ? undefined : firstContentDayInstant(date);
  return today && today.getTime() > instant.getTime() && today.getTime() < midnight.getTime() ? today : midnight;
}

/** The first instant of the content day `date` (02:00 Berlin local time, or 03:00 when 02:00 is skipped). */
function firstContentDayInstant(date: string): Date {
  let candidate = new Date(berlinStartOfDay(date).getTime() + CONTENT_DAY_START_HOUR * 3_600_000);
  // 2 h after local midnight is 02:00 in winter and summer alike, except on the two change nights:
  // step back or forward by hours until the instant is the content day's first hour.
  while (contentDay(new Date(candidate.getTime() - 1)) === date) candidate = new Date(candidate.getTime() - 3_600_000);
  while (contentDay(candidate) !== date) candidate = new Date(candidate.getTime() + 3_600_000);
  return candidate;
}
