// TypeScript declarations of the feeddate Node binding (index.js).

/** The SPEC's style names; case, "-" and "_" do not matter ("chatList" is "chat_list"). */
export type Style = 'feed' | 'feed_detail' | 'chat_list' | 'chat_bubble' | 'relative' | 'compact' | 'countdown';
export type HourCycle = 'locale' | 'h23' | 'h12';
export type Width = 'long' | 'short' | 'narrow';
/** The units of maxUnit, largest first (any case). */
export type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second';

/** An instant: a Date, or milliseconds since the epoch (a number or a bigint). */
export type Instant = Date | number | bigint;

/**
 * SPEC section 6. Unset options keep the library's defaults; the library checks every value.
 * Strings must be well-formed Unicode: a lone surrogate (an unpaired \uD800-\uDFFF) in any of
 * them is an FD_ERR_ARGUMENT error naming the option, never replaced by U+FFFD.
 */
export interface Options {
  style: Style;
  /** ICU ("zh_CN") or BCP 47 ("zh-Hans-CN") id; null or absent: the host default. */
  locale?: string | null;
  /** IANA id ("Asia/Shanghai"); null or absent: the host default (TZ, /etc/localtime). */
  timeZone?: string | null;
  hourCycle?: HourCycle;
  width?: Width;
  /** FEED: "just now / 5 min ago / 3 h ago" before the day rules. */
  recentRelative?: boolean;
  /** Below this, "just now" (default 60000; 0..86400000). */
  justNowMs?: number;
  /** τ (default 60000; 0..86400000). */
  skewToleranceMs?: number;
  /** FEED: days back within which last year's dates drop the year (default 0; 0..366). */
  crossYearGraceDays?: number;
  /** CHAT_LIST, CHAT_BUBBLE: up to this many days back, a weekday (default 6; 1..6). */
  weekdayWindowDays?: number;
  /** COUNTDOWN fraction digits (default 1; 0..3). */
  precision?: number;
  /** COUNTDOWN: days split out from 24 h left. */
  countdownDays?: boolean;
  /** Every space character (U+202F before "PM", U+00A0, ...) written as U+0020. (1.1) */
  plainSpaces?: boolean;
  /** Text for a screen reader: "2 hours ago" for "2h", countdowns in words, full month names. (1.1) */
  spoken?: boolean;
  /** COUNTDOWN: after the deadline, count up after the locale's minus sign ("-0:00:05.3"). (1.1) */
  overtime?: boolean;
  /** RELATIVE, COMPACT, FEED's recent labels: the largest unit counted, beyond it t's date (default 'year'). (1.1) */
  maxUnit?: Unit;
  /**
   * Your own word for just now; null or absent: the locale's. This and the three below: 1..64 bytes
   * of UTF-8 without control characters, used as given. (1.1)
   */
  justNowText?: string | null;
  yesterdayText?: string | null;
  dayBeforeYesterdayText?: string | null;
  tomorrowText?: string | null;
}

export interface Label {
  text: string;
  /** The earliest instant after now at which the text changes; null: never. */
  nextChange: Date | null;
  nextChangeMs: number | null;
  /** Relative word, weekday or date ("" when none). */
  dayPart: string;
  /** Time of day ("" when none). */
  timePart: string;
  /** [start, end) of dayPart as UTF-16 indices into text (text.slice(...)); [0, 0] when empty. */
  dayRange: [number, number];
  timeRange: [number, number];
  /** COUNTDOWN: the deadline has been reached. */
  expired: boolean;
}

export interface Batch {
  texts: string[];
  /** The earliest next change of all the labels; null: none changes again. */
  nextChange: Date | null;
  nextChangeMs: number | null;
}

/**
 * An error of the library: status is its fd_status, message its fd_last_error() (values of the
 * caller's quoted safely for a log: cut within 64 bytes with "…", controls as \n, \t, \xNN).
 * RangeError for FD_ERR_RANGE and FD_ERR_MEMORY. A closed formatter's error has code
 * 'ERR_FEEDDATE_CLOSED' and no status.
 */
export interface FeedDateError extends Error {
  status: number;
  code: 'FD_ERR_ARGUMENT' | 'FD_ERR_LOCALE' | 'FD_ERR_TIME_ZONE' | 'FD_ERR_RANGE' | 'FD_ERR_BUFFER' |
    'FD_ERR_ICU' | 'FD_ERR_MEMORY' | 'FD_ERR_INTERNAL' | string;
}

export class Formatter {
  /** @throws FeedDateError (bad locale, zone, option out of range, ...) */
  constructor(options: Options);
  /** The label of t as seen at now (default: Date.now()). */
  format(t: Instant, now?: Instant): string;
  label(t: Instant, now?: Instant): Label;
  /**
   * All labels with their earliest next change, worked in chunks of 4096 labels (one library
   * call and one native buffer of that size at a time), so memory beyond the result is bounded.
   * An error names the first bad element of the whole batch ("ts[1234]: ..."). A batch that the
   * JavaScript heap cannot hold is a RangeError with status FD_ERR_MEMORY, never an abort.
   */
  formatMany(ts: ArrayLike<Instant> | Float64Array, now?: Instant): Batch;
  /** The resolved locale id ("zh_CN"). */
  readonly locale: string;
  /** The resolved IANA zone id. */
  readonly timeZone: string;
  /**
   * Where the zone rules come from: "tzdata 2025b" (the system's zone database, or $TZDIR's), or
   * "posix" for a POSIX TZ string or UTC read from no file. Never ICU's built-in rules: a named
   * zone with no zone database is an FD_ERR_TIME_ZONE error naming the folders searched.
   */
  readonly tzSource: string;
  readonly options: Readonly<Options>;
  /**
   * Frees the native formatter now (else the garbage collector does). Later calls throw an Error
   * with code 'ERR_FEEDDATE_CLOSED', also a call whose own arguments close it (a Date's getTime,
   * an element getter of formatMany's ts); it never crashes. Closing again does nothing.
   */
  close(): void;
}

/** The loaded library's version ("1.1.0"), as a number (10100), and ICU's ("72.1"). */
export const version: string;
export const versionNumber: number;
export const icuVersion: string;
/** Where the addon was loaded from. */
export const addonPath: string;
export const STATUS: Readonly<Record<'FD_ERR_ARGUMENT' | 'FD_ERR_LOCALE' | 'FD_ERR_TIME_ZONE' | 'FD_ERR_RANGE' |
  'FD_ERR_BUFFER' | 'FD_ERR_ICU' | 'FD_ERR_MEMORY' | 'FD_ERR_INTERNAL', number>>;
export const STYLES: readonly Style[];
/** The names of maxUnit, largest first. */
export const UNITS: readonly Unit[];
