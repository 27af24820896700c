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
 * Strings reach the library as they are (UTF-16 as generalized UTF-8): a lone surrogate (an
 * unpaired \uD800-\uDFFF) is never replaced by U+FFFD, and the library refuses it in its own words
 * (timeZone: FD_ERR_TIME_ZONE, locale: FD_ERR_LOCALE, a word: FD_ERR_ARGUMENT), quoting it as its
 * three bytes ("\xed\xa0\x80"). A NUL is an FD_ERR_ARGUMENT error naming the option.
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

/** schedule's options (SPEC 11, 1.2); each undefined (or absent) for its default. */
export interface ScheduleOptions {
  /**
   * How far ahead, in milliseconds (default 86400000, one day; 0..31622400000, 366 days): the
   * schedule stops at the first entry whose next change is at or after now + horizon. 0 gives one
   * entry and its until. A fraction is taken by SPEC 11's rule, as every number of milliseconds
   * is: rounded to the microsecond, then floored (1000.4 is 1000, 999.9996 is 1000, -0.4 is -1,
   * refused). NaN, or a value out of range (Infinity included), is an FD_ERR_ARGUMENT error;
   * anything but a number is a TypeError with status FD_ERR_ARGUMENT.
   */
  horizon?: number;
  /**
   * The most entries (default 1000; 1..100000). Not an integer (1.5, NaN, Infinity), or out of
   * range: an FD_ERR_ARGUMENT error; anything but a number: a TypeError with status FD_ERR_ARGUMENT.
   */
  maxEntries?: number;
}

/** html's options (SPEC 11, 1.3): schedule's, and spoken. */
export interface HtmlOptions extends ScheduleOptions {
  /**
   * true: the markup carries data-spoken-schedule, the schedule of the same options plus spoken,
   * for the web client's hidden spoken label (FD_HTML_SPOKEN). Default false; anything but a
   * boolean is a TypeError with status FD_ERR_ARGUMENT.
   */
  spoken?: boolean;
}

export interface ScheduleEntry {
  /** The label, as format(t, start) gives it. */
  text: string;
  /** The instant from which this text is right: now for the first entry, else the previous entry's next change. */
  start: Date;
}

export interface Schedule {
  /** Never empty; consecutive texts differ. */
  entries: ScheduleEntry[];
  /**
   * The next change of the last entry: from then on the client holds no right text and needs a new
   * schedule. null when the schedule is complete (the last label never changes).
   */
  until: Date | null;
  /**
   * The wire form, as the library writes it (fd_schedule_json), byte for byte what every binding
   * gives for the same schedule: {"v":1,"now":N,"labels":[[text,d0],[text,d1],...],"until":U|null},
   * N now in ms, each d the start's difference from the previous start (d0 = 0). Send it as it is to
   * the web client (clients/web: FeedDate.attach, or a <feed-date data-schedule> attribute).
   */
  json: string;
}

/**
 * An error of the library: status is its fd_status, message its fd_last_error() (values of the
 * caller's quoted safely for a log by the library's one rule, fd_quote: cut within 64 bytes with "…",
 * controls as \n, \t, \xNN).
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
  /**
   * The labels t shows from now on, each with the instant it starts (SPEC 11, 1.2), and their wire
   * form for a client that only swaps text at those instants. entries[0] starts at now (default:
   * Date.now()); entry i+1 at entry i's next change. The list stops at the first of: an entry whose
   * label never changes (until: null), maxEntries entries, an entry whose next change is at or after
   * now + horizon (until: that next change). t and now as format() takes them; the formatter's
   * options apply as to format(). Costs one label and one next change per entry, twice (entries
   * from fd_schedule, json from fd_schedule_json). A call whose own arguments close the formatter
   * (a Date's getTime, a getter of options) throws code 'ERR_FEEDDATE_CLOSED'.
   * @throws FeedDateError FD_ERR_ARGUMENT (options out of range, not integers, NaN), FD_ERR_RANGE
   *   (an instant outside years 1..9999: a RangeError)
   */
  schedule(t: Instant, now?: Instant, options?: ScheduleOptions): Schedule;
  /**
   * The markup of a live label (SPEC 11, 1.3), the library's bytes (fd_schedule_html), the same from
   * every binding: <time datetime="D" title="T"><feed-date data-schedule="WIRE">text</feed-date></time>,
   * D t in UTC (YYYY-MM-DDTHH:MM:SS.sssZ), T the FEED_DETAIL label of t, WIRE schedule(t, now,
   * options).json, text its first entry, every value escaped (& < > " ' as &amp; &lt; &gt; &quot;
   * &#39;); with spoken, data-spoken-schedule="WIRE2" after data-schedule. t, now, horizon,
   * maxEntries and errors as schedule's; an unknown option name is an FD_ERR_ARGUMENT error.
   */
  html(t: Instant, now?: Instant, options?: HtmlOptions): string;
  /**
   * schedule(t, now, options).json safe inside <script> (SPEC 11, 1.3), the library's bytes
   * (fd_schedule_script_json): < > & U+2028 U+2029 as \u003c \u003e \u0026 \u2028 \u2029, valid
   * JSON that parses to the same object. Arguments and errors as schedule's.
   */
  scriptJson(t: Instant, now?: Instant, options?: ScheduleOptions): string;
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
   * an element getter of formatMany's ts, a getter of schedule's options); it never crashes.
   * Closing again does nothing.
   */
  close(): void;
}

/**
 * The loaded library's version (fd_version_string: "MAJOR.MINOR.PATCH"), as a number (fd_version:
 * MAJOR * 10000 + MINOR * 100 + PATCH), and ICU's (fd_icu_version).
 */
export const version: string;
export const versionNumber: number;
export const icuVersion: string;
/**
 * What the labels are made from besides feeddate itself (SPEC 13, 1.3), as the library's
 * fd_data_version writes it: "ICU 78.3; CLDR 48.0; tzdata 2025b" ("tzdata unknown" when the
 * zone database names no version).
 */
export function dataVersion(): string;
/** Where the addon was loaded from. */
export const addonPath: string;
/**
 * The absolute path of the web client's folder (SPEC 11, 1.3), for a server to serve: feed-date.js,
 * feed-date.mjs, react.js and their declarations (also `require("feeddate/web/feed-date.js")`,
 * `import "feeddate/web/feed-date.mjs"`, `require("feeddate/web/react")`).
 */
export const webClientDir: string;
export const STATUS: Readonly<Record<'FD_ERR_ARGUMENT' | 'FD_ERR_LOCALE' | 'FD_ERR_TIME_ZONE' | 'FD_ERR_RANGE' |
  'FD_ERR_BUFFER' | 'FD_ERR_ICU' | 'FD_ERR_MEMORY' | 'FD_ERR_INTERNAL', number>>;
export const STYLES: readonly Style[];
/** The names of maxUnit, largest first. */
export const UNITS: readonly Unit[];
/** schedule's default horizon: 86400000 ms, one day. (1.2) */
export const DEFAULT_HORIZON_MS: number;
/** schedule's default maxEntries: 1000. (1.2) */
export const DEFAULT_MAX_ENTRIES: number;
/** The longest horizon the library takes: 31622400000 ms, 366 days (FD_SCHEDULE_MAX_HORIZON_MS). (1.2) */
export const MAX_SCHEDULE_HORIZON_MS: number;
/** The most entries the library takes: 100000 (FD_SCHEDULE_MAX_ENTRIES). (1.2) */
export const MAX_SCHEDULE_ENTRIES: number;
