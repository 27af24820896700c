<?php

/**
 * The API of the feeddate extension (SPEC section 14), as PHP would declare it. The arginfo of
 * feeddate.c is written by hand (PHP's gen_stub.php needs a parser that is not packaged here);
 * tests/stub.phpt checks, through Reflection, that the extension declares exactly this.
 *
 * @generate-class-entries (not generated: see above)
 */

namespace FeedDate;

/** The horizon of schedule() and html() when none is given: one day (FD_SCHEDULE_DEFAULT_HORIZON_MS). */
const DEFAULT_HORIZON_MS = 86400000;
/** The most entries of schedule() and html() when none is given (FD_SCHEDULE_DEFAULT_MAX_ENTRIES). */
const DEFAULT_MAX_ENTRIES = 1000;
/** The longest horizon: 366 days (FD_SCHEDULE_MAX_HORIZON_MS). */
const MAX_HORIZON_MS = 31622400000;
/** The most entries a schedule may ask for (FD_SCHEDULE_MAX_ENTRIES). */
const MAX_ENTRIES = 100000;

/** "ICU 78.3; CLDR 48.0; tzdata 2025b": what the labels are made from. */
function data_version(): string {}

/** The version of libfeeddate.so.1 loaded ("1.2.0"). */
function version(): string {}

/** A value quoted as the library's messages quote what callers pass (fd_quote). */
function quote(string $value): string {}

/**
 * Labels of one style, locale, zone and options. Immutable: safe to keep in a static.
 * Instants are int or float seconds since 1970 (time(), microtime(true), Carbon's timestamp)
 * or a DateTimeInterface; $now = null is the clock.
 */
final class Formatter
{
    public readonly string $style;
    /** The locale id the data came from ("zh_CN"). */
    public readonly string $locale;
    /** The zone id used ("Asia/Shanghai"). */
    public readonly string $tz;
    /** Where the zone came from ("tzdata 2025b", "posix"). */
    public readonly string $tzSource;

    /**
     * @param string $style feed, feed_detail, chat_list, chat_bubble, relative, compact, countdown
     * @param array $options locale, tz, hour_cycle, width, recent_relative, just_now_ms,
     *   skew_tolerance_ms, cross_year_grace_days, weekday_window_days, precision, countdown_days,
     *   plain_spaces, spoken, overtime, max_unit, just_now_text, yesterday_text,
     *   day_before_yesterday_text, tomorrow_text
     */
    public function __construct(string $style, array $options = []) {}

    public function format(\DateTimeInterface|int|float $t, \DateTimeInterface|int|float|null $now = null): string {}

    public function label(\DateTimeInterface|int|float $t, \DateTimeInterface|int|float|null $now = null): Label {}

    /** The labels of every instant of $ts, under the same keys, in one library call per 4,096. */
    public function formatMany(array $ts, \DateTimeInterface|int|float|null $now = null): array {}

    public function schedule(\DateTimeInterface|int|float $t, \DateTimeInterface|int|float|null $now = null, ?int $horizonMs = null, ?int $maxEntries = null): Schedule {}

    /** <time datetime title><feed-date data-schedule>text</feed-date></time>, the library's (fd_schedule_html). */
    public function html(\DateTimeInterface|int|float $t, \DateTimeInterface|int|float|null $now = null, bool $spoken = false, ?int $horizonMs = null, ?int $maxEntries = null): string {}
}

final class Label
{
    public readonly string $text;
    /** When the text changes next (UTC), null for never. */
    public readonly ?\DateTimeImmutable $nextChange;
    public readonly ?int $nextChangeMs;
    public readonly string $dayPart;
    public readonly string $timePart;
    /** COUNTDOWN: the deadline has been reached. */
    public readonly bool $expired;
}

final class ScheduleEntry
{
    public readonly string $text;
    public readonly \DateTimeImmutable $start;
    public readonly int $startMs;
}

final class Schedule
{
    /** @var list<ScheduleEntry> */
    public readonly array $entries;
    public readonly \DateTimeImmutable $now;
    public readonly int $nowMs;
    /** From when the client holds no right text; null when complete. */
    public readonly ?\DateTimeImmutable $until;
    public readonly ?int $untilMs;

    /** The wire form (fd_schedule_json), for an escaped HTML attribute or a response body. */
    public function toJson(): string {}

    /** The wire form safe inside <script> (fd_schedule_script_json). */
    public function scriptJson(): string {}
}

final class Exception extends \Exception
{
    public const ARGUMENT = 1;
    public const LOCALE = 2;
    public const TIME_ZONE = 3;
    public const RANGE = 4;
    public const BUFFER = 5;
    public const ICU = 6;
    public const MEMORY = 7;
    public const INTERNAL = 8;

    /** The library's status (also getCode()). */
    public function getStatus(): int {}
}
