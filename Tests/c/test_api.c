/*
 * test_api.c — the C API under bad input, and its small promises.
 *
 *   test_api
 *
 * Table-driven: every row of the fd_formatter_new, fd_format and
 * fd_format_many tables names one bad (or boundary) input and the status
 * the contract (SPEC.md, include/feeddate.h) expects, and the buffers are
 * surrounded by canary bytes that must survive. Then: fd_options_init
 * defaults, status messages, versions, resolved ids, the host-default zone,
 * and labels at the ends of the supported range in every style and in
 * calendars and zones that push the local date past year 9999 or before
 * year 1. Closes with "N passed, N failed".
 */
#define _POSIX_C_SOURCE 200809L /* setenv */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "feeddate.h"
#include "fd_names.h"
#include "jsonl.h"
#include "testkit.h"

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* A fixed "now": 2024-03-25T18:30:00Z (Monday 02:30 in Shanghai, 14:30 in New York). */
#define NOW 1711391400000LL
#define MINUTE 60000LL
#define DAY 86400000LL
#define MIN_MS FD_MIN_INSTANT_MS
#define MAX_MS FD_MAX_INSTANT_MS

/* Canary bytes after the part of a buffer the library was told about. */
#define CANARY_SIZE 32
#define CANARY 0x5A

/* 300 'x', filled in by main (a locale id and a zone id far too long). */
static char LONG_ID[301];
/* 1 MiB of "ab/", filled in by main (huge ids must be refused, not copied around). */
static char HUGE_ID[1 << 20];

static const char *status_name(int s)
{
    static char buf[TK_SHORT_TEXT];
    return tk_status_name(s, buf, sizeof buf);
}

/* ---- fd_formatter_new ---------------------------------------------------- */

typedef enum option_field {
    SET_NOTHING,
    NULL_OPTIONS,
    NULL_OUT,
    SET_SIZE,
    SET_STYLE,
    SET_STYLE_PAST_LAST,
    SET_HOUR_CYCLE,
    SET_WIDTH,
    SET_RECENT,
    SET_JUST_NOW,
    SET_SKEW,
    SET_GRACE,
    SET_WEEKDAY,
    SET_PRECISION,
    SET_DAYS,
    SET_LOCALE,
    SET_ZONE,
    SET_PLAIN,
    SET_SPOKEN,
    SET_OVERTIME,
    SET_MAX_UNIT,
    SET_JUST_NOW_TEXT,
    SET_YESTERDAY_TEXT,
    SET_DAY_BEFORE_TEXT,
    SET_TOMORROW_TEXT
} option_field;

typedef struct new_row {
    const char *what;
    option_field field;
    int64_t value;    /* for the numeric fields */
    const char *text; /* for SET_LOCALE, SET_ZONE (NULL = host default) */
    fd_status expect;
} new_row;

#define OPTIONS_SIZE ((int64_t)sizeof(fd_options))

static const new_row NEW_ROWS[] = {
    {"defaults (en_US, America/New_York)", SET_NOTHING, 0, NULL, FD_OK},
    {"options NULL", NULL_OPTIONS, 0, NULL, FD_ERR_ARGUMENT},
    {"out NULL", NULL_OUT, 0, NULL, FD_ERR_ARGUMENT},
    {"size 0", SET_SIZE, 0, NULL, FD_ERR_ARGUMENT},
    {"size 4", SET_SIZE, 4, NULL, FD_ERR_ARGUMENT},
    {"size sizeof - 8 (too small)", SET_SIZE, OPTIONS_SIZE - 8, NULL, FD_ERR_ARGUMENT},
    {"size sizeof + 8 (too large)", SET_SIZE, OPTIONS_SIZE + 8, NULL, FD_ERR_ARGUMENT},
    {"size UINT32_MAX", SET_SIZE, UINT32_MAX, NULL, FD_ERR_ARGUMENT},
    {"style FEED", SET_STYLE, FD_STYLE_FEED, NULL, FD_OK},
    {"style FEED_DETAIL", SET_STYLE, FD_STYLE_FEED_DETAIL, NULL, FD_OK},
    {"style CHAT_LIST", SET_STYLE, FD_STYLE_CHAT_LIST, NULL, FD_OK},
    {"style CHAT_BUBBLE", SET_STYLE, FD_STYLE_CHAT_BUBBLE, NULL, FD_OK},
    {"style RELATIVE", SET_STYLE, FD_STYLE_RELATIVE, NULL, FD_OK},
    {"style COMPACT", SET_STYLE, FD_STYLE_COMPACT, NULL, FD_OK},
    {"style COUNTDOWN", SET_STYLE, FD_STYLE_COUNTDOWN, NULL, FD_OK},
    {"style -1", SET_STYLE, -1, NULL, FD_ERR_ARGUMENT},
    {"style past the last that fd_names.h names", SET_STYLE_PAST_LAST, 0, NULL, FD_ERR_ARGUMENT},
    {"style 99", SET_STYLE, 99, NULL, FD_ERR_ARGUMENT},
    {"hour_cycle H12", SET_HOUR_CYCLE, FD_HOUR_CYCLE_H12, NULL, FD_OK},
    {"hour_cycle -1", SET_HOUR_CYCLE, -1, NULL, FD_ERR_ARGUMENT},
    {"hour_cycle 3", SET_HOUR_CYCLE, 3, NULL, FD_ERR_ARGUMENT},
    {"hour_cycle 7", SET_HOUR_CYCLE, 7, NULL, FD_ERR_ARGUMENT},
    {"hour_cycle 99", SET_HOUR_CYCLE, 99, NULL, FD_ERR_ARGUMENT},
    {"width NARROW", SET_WIDTH, FD_WIDTH_NARROW, NULL, FD_OK},
    {"width -1", SET_WIDTH, -1, NULL, FD_ERR_ARGUMENT},
    {"width 3", SET_WIDTH, 3, NULL, FD_ERR_ARGUMENT},
    {"width 7", SET_WIDTH, 7, NULL, FD_ERR_ARGUMENT},
    {"width 99", SET_WIDTH, 99, NULL, FD_ERR_ARGUMENT},
    {"recent_relative 1", SET_RECENT, 1, NULL, FD_OK},
    {"recent_relative -1", SET_RECENT, -1, NULL, FD_ERR_ARGUMENT},
    {"recent_relative 2", SET_RECENT, 2, NULL, FD_ERR_ARGUMENT},
    {"countdown_days 1", SET_DAYS, 1, NULL, FD_OK},
    {"countdown_days -1", SET_DAYS, -1, NULL, FD_ERR_ARGUMENT},
    {"countdown_days 2", SET_DAYS, 2, NULL, FD_ERR_ARGUMENT},
    {"just_now_ms 0", SET_JUST_NOW, 0, NULL, FD_OK},
    {"just_now_ms 86400000", SET_JUST_NOW, 86400000, NULL, FD_OK},
    {"just_now_ms -1", SET_JUST_NOW, -1, NULL, FD_ERR_ARGUMENT},
    {"just_now_ms 86400001", SET_JUST_NOW, 86400001, NULL, FD_ERR_ARGUMENT},
    {"just_now_ms INT64_MIN", SET_JUST_NOW, INT64_MIN, NULL, FD_ERR_ARGUMENT},
    {"just_now_ms INT64_MAX", SET_JUST_NOW, INT64_MAX, NULL, FD_ERR_ARGUMENT},
    {"skew_tolerance_ms 0", SET_SKEW, 0, NULL, FD_OK},
    {"skew_tolerance_ms 86400000", SET_SKEW, 86400000, NULL, FD_OK},
    {"skew_tolerance_ms -1", SET_SKEW, -1, NULL, FD_ERR_ARGUMENT},
    {"skew_tolerance_ms 86400001", SET_SKEW, 86400001, NULL, FD_ERR_ARGUMENT},
    {"skew_tolerance_ms INT64_MIN", SET_SKEW, INT64_MIN, NULL, FD_ERR_ARGUMENT},
    {"skew_tolerance_ms INT64_MAX", SET_SKEW, INT64_MAX, NULL, FD_ERR_ARGUMENT},
    {"cross_year_grace_days 0", SET_GRACE, 0, NULL, FD_OK},
    {"cross_year_grace_days 366", SET_GRACE, 366, NULL, FD_OK},
    {"cross_year_grace_days -1", SET_GRACE, -1, NULL, FD_ERR_ARGUMENT},
    {"cross_year_grace_days 367", SET_GRACE, 367, NULL, FD_ERR_ARGUMENT},
    {"cross_year_grace_days INT32_MIN", SET_GRACE, INT32_MIN, NULL, FD_ERR_ARGUMENT},
    {"weekday_window_days 1", SET_WEEKDAY, 1, NULL, FD_OK},
    {"weekday_window_days 6", SET_WEEKDAY, 6, NULL, FD_OK},
    {"weekday_window_days 0", SET_WEEKDAY, 0, NULL, FD_ERR_ARGUMENT},
    {"weekday_window_days 7", SET_WEEKDAY, 7, NULL, FD_ERR_ARGUMENT},
    {"weekday_window_days INT32_MAX", SET_WEEKDAY, INT32_MAX, NULL, FD_ERR_ARGUMENT},
    {"precision 0", SET_PRECISION, 0, NULL, FD_OK},
    {"precision 3", SET_PRECISION, 3, NULL, FD_OK},
    {"precision -1", SET_PRECISION, -1, NULL, FD_ERR_ARGUMENT},
    {"precision 4", SET_PRECISION, 4, NULL, FD_ERR_ARGUMENT},
    {"locale NULL (host default)", SET_LOCALE, 0, NULL, FD_OK},
    {"locale zh_CN", SET_LOCALE, 0, "zh_CN", FD_OK},
    {"locale zh-Hans-CN (BCP 47)", SET_LOCALE, 0, "zh-Hans-CN", FD_OK},
    {"locale en-US-u-hc-h23", SET_LOCALE, 0, "en-US-u-hc-h23", FD_OK},
    {"locale ja_JP@calendar=japanese", SET_LOCALE, 0, "ja_JP@calendar=japanese", FD_OK},
    {"locale xx_YY (well-formed, no data: refused, never the host's)", SET_LOCALE, 0, "xx_YY", FD_ERR_LOCALE},
    {"locale tlh (no data)", SET_LOCALE, 0, "tlh", FD_ERR_LOCALE},
    {"locale en_XX (region without data: English)", SET_LOCALE, 0, "en_XX", FD_OK},
    {"locale list, none with data", SET_LOCALE, 0, "tlh, xx;q=0.5", FD_ERR_LOCALE},
    {"locale list, second wins", SET_LOCALE, 0, "tlh, de-CH;q=0.9, en;q=0.5", FD_OK},
    {"locale en-US-u-hc-h99 (no such hour cycle)", SET_LOCALE, 0, "en-US-u-hc-h99", FD_ERR_LOCALE},
    {"locale en-US-u-ca-xyz (no such calendar)", SET_LOCALE, 0, "en-US-u-ca-xyz", FD_ERR_LOCALE},
    {"locale ja-JP-u-nu-xyz (no such numbering system)", SET_LOCALE, 0, "ja-JP-u-nu-xyz", FD_ERR_LOCALE},
    {"locale ja-JP-u-nu-jpan (FEED writes numbers in it)", SET_LOCALE, 0, "ja-JP-u-nu-jpan", FD_OK},
    {"locale \"\"", SET_LOCALE, 0, "", FD_ERR_LOCALE},
    {"locale \"@@@\"", SET_LOCALE, 0, "@@@", FD_ERR_LOCALE},
    {"locale \"en_US@calendar=\"", SET_LOCALE, 0, "en_US@calendar=", FD_ERR_LOCALE},
    {"locale \"en US\"", SET_LOCALE, 0, "en US", FD_ERR_LOCALE},
    {"locale 300 x", SET_LOCALE, 0, LONG_ID, FD_ERR_LOCALE},
    {"locale 1 MiB", SET_LOCALE, 0, HUGE_ID, FD_ERR_LOCALE},
    {"locale invalid UTF-8 \"en_\\xFF\\xFE\"", SET_LOCALE, 0, "en_\xFF\xFE", FD_ERR_LOCALE},
    {"locale invalid UTF-8 \"\\xC0\\xAF\"", SET_LOCALE, 0, "\xC0\xAF", FD_ERR_LOCALE},
    {"plain_spaces 1", SET_PLAIN, 1, NULL, FD_OK},
    {"plain_spaces 2", SET_PLAIN, 2, NULL, FD_ERR_ARGUMENT},
    {"spoken 1", SET_SPOKEN, 1, NULL, FD_OK},
    {"spoken -1", SET_SPOKEN, -1, NULL, FD_ERR_ARGUMENT},
    {"overtime 1", SET_OVERTIME, 1, NULL, FD_OK},
    {"overtime 7", SET_OVERTIME, 7, NULL, FD_ERR_ARGUMENT},
    {"max_unit FD_UNIT_SECOND", SET_MAX_UNIT, FD_UNIT_SECOND, NULL, FD_OK},
    {"max_unit FD_UNIT_HOUR", SET_MAX_UNIT, FD_UNIT_HOUR, NULL, FD_OK},
    {"max_unit 7", SET_MAX_UNIT, 7, NULL, FD_ERR_ARGUMENT},
    {"max_unit -1", SET_MAX_UNIT, -1, NULL, FD_ERR_ARGUMENT},
    {"just_now_text \"刚才\"", SET_JUST_NOW_TEXT, 0, "\xE5\x88\x9A\xE6\x89\x8D", FD_OK},
    {"just_now_text \"\" (empty)", SET_JUST_NOW_TEXT, 0, "", FD_ERR_ARGUMENT},
    {"yesterday_text 64 bytes", SET_YESTERDAY_TEXT, 0,
     "0123456789012345678901234567890123456789012345678901234567890123", FD_OK},
    {"yesterday_text 65 bytes", SET_YESTERDAY_TEXT, 0,
     "01234567890123456789012345678901234567890123456789012345678901234", FD_ERR_ARGUMENT},
    {"yesterday_text 1 MiB", SET_YESTERDAY_TEXT, 0, HUGE_ID, FD_ERR_ARGUMENT},
    {"day_before_yesterday_text with a tab (Cc)", SET_DAY_BEFORE_TEXT, 0, "two\tdays", FD_ERR_ARGUMENT},
    {"day_before_yesterday_text with U+200F (Cf is fine)", SET_DAY_BEFORE_TEXT, 0,
     "\xE2\x80\x8F"
     "before",
     FD_OK},
    {"tomorrow_text invalid UTF-8", SET_TOMORROW_TEXT, 0, "to\xFF\xFEmorrow", FD_ERR_ARGUMENT},
    {"tomorrow_text with DEL (Cc)", SET_TOMORROW_TEXT, 0, "tomorrow\x7F", FD_ERR_ARGUMENT},
    {"zone NULL (host default)", SET_ZONE, 0, NULL, FD_OK},
    {"zone UTC", SET_ZONE, 0, "UTC", FD_OK},
    {"zone Asia/Shanghai", SET_ZONE, 0, "Asia/Shanghai", FD_OK},
    {"zone America/Argentina/Buenos_Aires", SET_ZONE, 0, "America/Argentina/Buenos_Aires", FD_OK},
    {"zone Etc/GMT+5", SET_ZONE, 0, "Etc/GMT+5", FD_OK},
    {"zone No/Such_Zone", SET_ZONE, 0, "No/Such_Zone", FD_ERR_TIME_ZONE},
    {"zone \"\"", SET_ZONE, 0, "", FD_ERR_TIME_ZONE},
    {"zone ../../etc/passwd", SET_ZONE, 0, "../../etc/passwd", FD_ERR_TIME_ZONE},
    {"zone /etc/passwd", SET_ZONE, 0, "/etc/passwd", FD_ERR_TIME_ZONE},
    {"zone Asia/../UTC", SET_ZONE, 0, "Asia/../UTC", FD_ERR_TIME_ZONE},
    {"zone zone.tab (a file under zoneinfo, not TZif)", SET_ZONE, 0, "zone.tab", FD_ERR_TIME_ZONE},
    {"zone Asia (a folder)", SET_ZONE, 0, "Asia", FD_ERR_TIME_ZONE},
    {"zone \"Asia/Shanghai \"", SET_ZONE, 0, "Asia/Shanghai ", FD_ERR_TIME_ZONE},
    {"zone 300 x", SET_ZONE, 0, LONG_ID, FD_ERR_TIME_ZONE},
    {"zone 1 MiB", SET_ZONE, 0, HUGE_ID, FD_ERR_TIME_ZONE},
    {"zone invalid UTF-8 \"Asia/\\xFF\"", SET_ZONE, 0, "Asia/\xFF", FD_ERR_TIME_ZONE},
};

/* Baseline options of the fd_formatter_new rows; every row changes one field. */
static void base_options(fd_options *o, fd_style style)
{
    fd_options_init(o, style);
    o->locale = "en_US";
    o->time_zone = "America/New_York";
}

static void apply_field(fd_options *o, const new_row *r)
{
    switch (r->field) {
    case SET_NOTHING:
    case NULL_OPTIONS:
    case NULL_OUT: break;
    case SET_SIZE: o->size = (uint32_t)r->value; break;
    case SET_STYLE: o->style = (fd_style)r->value; break;
    case SET_STYLE_PAST_LAST: o->style = (fd_style)fdn_count(fdn_style); break;
    case SET_HOUR_CYCLE: o->hour_cycle = (fd_hour_cycle)r->value; break;
    case SET_WIDTH: o->width = (fd_width)r->value; break;
    case SET_RECENT: o->recent_relative = (int32_t)r->value; break;
    case SET_JUST_NOW: o->just_now_ms = r->value; break;
    case SET_SKEW: o->skew_tolerance_ms = r->value; break;
    case SET_GRACE: o->cross_year_grace_days = (int32_t)r->value; break;
    case SET_WEEKDAY: o->weekday_window_days = (int32_t)r->value; break;
    case SET_PRECISION: o->precision = (int32_t)r->value; break;
    case SET_DAYS: o->countdown_days = (int32_t)r->value; break;
    case SET_LOCALE: o->locale = r->text; break;
    case SET_ZONE: o->time_zone = r->text; break;
    case SET_PLAIN: o->plain_spaces = (int32_t)r->value; break;
    case SET_SPOKEN: o->spoken = (int32_t)r->value; break;
    case SET_OVERTIME: o->overtime = (int32_t)r->value; break;
    case SET_MAX_UNIT: o->max_unit = (fd_unit)r->value; break;
    case SET_JUST_NOW_TEXT: o->just_now_text = r->text; break;
    case SET_YESTERDAY_TEXT: o->yesterday_text = r->text; break;
    case SET_DAY_BEFORE_TEXT: o->day_before_yesterday_text = r->text; break;
    case SET_TOMORROW_TEXT: o->tomorrow_text = r->text; break;
    }
}

static void run_new_rows(void)
{
    static int sentinel;
    for (size_t i = 0; i < COUNT_OF(NEW_ROWS); i++) {
        const new_row *r = &NEW_ROWS[i];
        fd_options o;
        fd_formatter *f = (fd_formatter *)(void *)&sentinel; /* must be overwritten */
        base_options(&o, FD_STYLE_FEED);
        apply_field(&o, r);
        fd_status s = fd_formatter_new(r->field == NULL_OPTIONS ? NULL : &o, r->field == NULL_OUT ? NULL : &f);
        if (s != r->expect)
            tk_fail("fd_formatter_new, %s: expected %s, got %s", r->what, status_name(r->expect), status_name(s));
        else if (r->field != NULL_OUT && s == FD_OK && (f == NULL || f == (void *)&sentinel))
            tk_fail("fd_formatter_new, %s: FD_OK without a formatter", r->what);
        else if (r->field != NULL_OUT && s != FD_OK && f != NULL)
            tk_fail("fd_formatter_new, %s: *out not set to NULL on error", r->what);
        else
            tk_count(1);
        if (s == FD_OK && f != (void *)&sentinel)
            fd_formatter_free(f);
    }
}

/* ---- fd_format ------------------------------------------------------------ */

typedef enum cap_kind {
    CAP_FULL, /* FD_LABEL_CAPACITY */
    CAP_ZERO,
    CAP_ONE,
    CAP_TEN,
    CAP_NEED_MINUS1, /* fd_format: length; fd_format_many: total bytes - 1 */
    CAP_NEED,        /* fd_format: length (no room for the NUL); fd_format_many: total */
    CAP_NEED_PLUS1,
    CAP_HUGE /* SIZE_MAX: a caller that over-states its buffer */
} cap_kind;

/* The capacity a row asks for, given the bytes the label(s) need without the NUL. */
static size_t cap_of(cap_kind kind, size_t need, size_t full)
{
    switch (kind) {
    case CAP_FULL: return full;
    case CAP_ZERO: return 0;
    case CAP_ONE: return 1;
    case CAP_TEN: return 10;
    case CAP_NEED_MINUS1: return need - 1;
    case CAP_NEED: return need;
    case CAP_NEED_PLUS1: return need + 1;
    case CAP_HUGE: return SIZE_MAX;
    }
    return 0;
}

typedef struct format_row {
    const char *what;
    int null_formatter;
    int64_t t, now;
    int null_buf;
    cap_kind cap;
    int null_info;
    fd_status expect;
} format_row;

static const format_row FORMAT_ROWS[] = {
    {"formatter NULL", 1, NOW - DAY, NOW, 0, CAP_FULL, 0, FD_ERR_ARGUMENT},
    {"buf NULL, cap 10", 0, NOW - DAY, NOW, 1, CAP_TEN, 0, FD_ERR_ARGUMENT},
    {"buf NULL, cap 0 (size query)", 0, NOW - DAY, NOW, 1, CAP_ZERO, 0, FD_ERR_BUFFER},
    {"buf NULL, cap 0, info NULL", 0, NOW - DAY, NOW, 1, CAP_ZERO, 1, FD_ERR_BUFFER},
    {"cap 0", 0, NOW - DAY, NOW, 0, CAP_ZERO, 0, FD_ERR_BUFFER},
    {"cap 1", 0, NOW - DAY, NOW, 0, CAP_ONE, 0, FD_ERR_BUFFER},
    {"cap 1, info NULL", 0, NOW - DAY, NOW, 0, CAP_ONE, 1, FD_ERR_BUFFER},
    {"cap length - 1 (inside a UTF-8 sequence)", 0, NOW - DAY, NOW, 0, CAP_NEED_MINUS1, 0, FD_ERR_BUFFER},
    {"cap length (no room for the NUL)", 0, NOW - DAY, NOW, 0, CAP_NEED, 0, FD_ERR_BUFFER},
    {"cap length + 1", 0, NOW - DAY, NOW, 0, CAP_NEED_PLUS1, 0, FD_OK},
    {"cap FD_LABEL_CAPACITY, info NULL", 0, NOW - DAY, NOW, 0, CAP_FULL, 1, FD_OK},
    {"cap SIZE_MAX (over-stated)", 0, NOW - DAY, NOW, 0, CAP_HUGE, 0, FD_OK},
    {"t = now", 0, NOW, NOW, 0, CAP_FULL, 0, FD_OK},
    {"t two days after now", 0, NOW + 2 * DAY, NOW, 0, CAP_FULL, 0, FD_OK},
    {"t = FD_MIN_INSTANT_MS - 1", 0, MIN_MS - 1, NOW, 0, CAP_FULL, 0, FD_ERR_RANGE},
    {"t = FD_MAX_INSTANT_MS + 1", 0, MAX_MS + 1, NOW, 0, CAP_FULL, 0, FD_ERR_RANGE},
    {"t = INT64_MIN", 0, INT64_MIN, NOW, 0, CAP_FULL, 0, FD_ERR_RANGE},
    {"t = INT64_MAX", 0, INT64_MAX, NOW, 0, CAP_FULL, 0, FD_ERR_RANGE},
    {"now = FD_MIN_INSTANT_MS - 1", 0, NOW, MIN_MS - 1, 0, CAP_FULL, 0, FD_ERR_RANGE},
    {"now = FD_MAX_INSTANT_MS + 1", 0, NOW, MAX_MS + 1, 0, CAP_FULL, 0, FD_ERR_RANGE},
    {"now = INT64_MIN", 0, NOW, INT64_MIN, 0, CAP_FULL, 0, FD_ERR_RANGE},
    {"now = INT64_MAX", 0, NOW, INT64_MAX, 0, CAP_FULL, 0, FD_ERR_RANGE},
    {"t = now = FD_MIN_INSTANT_MS", 0, MIN_MS, MIN_MS, 0, CAP_FULL, 0, FD_OK},
    {"t = now = FD_MAX_INSTANT_MS", 0, MAX_MS, MAX_MS, 0, CAP_FULL, 0, FD_OK},
    {"t = FD_MIN_INSTANT_MS, now = FD_MAX_INSTANT_MS", 0, MIN_MS, MAX_MS, 0, CAP_FULL, 0, FD_OK},
    {"t = FD_MAX_INSTANT_MS, now = FD_MIN_INSTANT_MS", 0, MAX_MS, MIN_MS, 0, CAP_FULL, 0, FD_OK},
};

/* Index of the first byte of area[0..end) that is not the canary, or end. */
static size_t canary_end(const unsigned char *area, size_t from, size_t end)
{
    while (from < end && area[from] == CANARY)
        from++;
    return from;
}

/* Checks that area[from..from+CANARY_SIZE) still holds the canary; reports otherwise. */
static int canary_intact(const char *function, const char *what, const unsigned char *area, size_t from)
{
    size_t bad = canary_end(area, from, from + CANARY_SIZE);
    if (bad == from + CANARY_SIZE)
        return 1;
    tk_fail("%s, %s: byte %lu past the capacity was written", function, what, (unsigned long)(bad - from));
    return 0;
}

/* Checks a successful fd_format result: text, NUL, length and parts inside the text. */
static int label_consistent(const char *what, const char *buf, const fd_label *info, int64_t now)
{
    const char *nul = memchr(buf, '\0', FD_LABEL_CAPACITY);
    size_t len = nul ? (size_t)(nul - buf) : FD_LABEL_CAPACITY;
    if (nul == NULL || len != info->length) {
        tk_fail("%s: info.length %lu, text length %lu", what, (unsigned long)info->length, (unsigned long)len);
        return 0;
    }
    if (len == 0) {
        tk_fail("%s: empty label", what);
        return 0;
    }
    if (info->day_offset > len || info->day_length > len - info->day_offset || info->time_offset > len ||
        info->time_length > len - info->time_offset || (info->day_length == 0 && info->day_offset != 0) ||
        (info->time_length == 0 && info->time_offset != 0)) {
        tk_fail("%s: parts day [%lu,+%lu) time [%lu,+%lu) not inside the %lu-byte text", what,
                (unsigned long)info->day_offset, (unsigned long)info->day_length, (unsigned long)info->time_offset,
                (unsigned long)info->time_length, (unsigned long)len);
        return 0;
    }
    if (info->next_change_ms != FD_NEVER && (info->next_change_ms <= now || info->next_change_ms > MAX_MS)) {
        char a[TK_SHORT_TEXT];
        tk_fail("%s: next_change %lld (%s) is neither after now inside the range nor FD_NEVER", what,
                (long long)info->next_change_ms, tk_instant(info->next_change_ms, a, sizeof a));
        return 0;
    }
    if (info->expired != 0 && info->expired != 1) {
        tk_fail("%s: expired is %d", what, (int)info->expired);
        return 0;
    }
    return 1;
}

/* The label of (t, now) with a full buffer, for rows that compare against it. */
static int reference_label(const fd_formatter *f, int64_t t, int64_t now, char *buf, fd_label *info)
{
    fd_status s = fd_format(f, t, now, buf, FD_LABEL_CAPACITY, info);
    if (s != FD_OK) {
        tk_fail("reference fd_format(t=%lld, now=%lld): %s", (long long)t, (long long)now, status_name(s));
        return -1;
    }
    return 0;
}

static void run_format_row(const fd_formatter *f, const format_row *r)
{
    unsigned char area[FD_LABEL_CAPACITY + CANARY_SIZE];
    char ref[FD_LABEL_CAPACITY];
    fd_label ref_info, info;
    size_t need = 0;
    if (r->expect == FD_OK || r->expect == FD_ERR_BUFFER) {
        if (reference_label(f, r->t, r->now, ref, &ref_info) != 0)
            return;
        need = ref_info.length;
    }
    size_t cap = cap_of(r->cap, need, FD_LABEL_CAPACITY);
    size_t guarded = cap < FD_LABEL_CAPACITY ? cap : FD_LABEL_CAPACITY; /* canary starts here */
    memset(area, CANARY, sizeof area);
    memset(&info, 0xA5, sizeof info);
    fd_status s = fd_format(r->null_formatter ? NULL : f, r->t, r->now, r->null_buf ? NULL : (char *)area, cap,
                            r->null_info ? NULL : &info);
    if (s != r->expect) {
        tk_fail("fd_format, %s: expected %s, got %s", r->what, status_name(r->expect), status_name(s));
        return;
    }
    if (!r->null_buf && !canary_intact("fd_format", r->what, area, guarded))
        return;
    if (s == FD_OK) {
        if (memcmp(area, ref, need + 1) != 0) {
            tk_fail("fd_format, %s: text differs from the full-buffer label", r->what);
            return;
        }
        if (!r->null_info && (!label_consistent(r->what, (const char *)area, &info, r->now) ||
                              info.next_change_ms != ref_info.next_change_ms)) {
            return;
        }
    } else if (s == FD_ERR_BUFFER) {
        if (!r->null_info && info.length != need) {
            tk_fail("fd_format, %s: FD_ERR_BUFFER reports length %lu, the label needs %lu", r->what,
                    (unsigned long)info.length, (unsigned long)need);
            return;
        }
        if (!r->null_buf && cap >= 1 && memchr(area, '\0', cap) == NULL) {
            tk_fail("fd_format, %s: FD_ERR_BUFFER left the buffer without a NUL", r->what);
            return;
        }
    }
    tk_count(1);
}

/* ---- fd_format_many -------------------------------------------------------- */

static const int64_t TS_GOOD[3] = {NOW - 30000, NOW - DAY, NOW - 3 * DAY};
static const int64_t TS_ONE_TOO_LATE[3] = {NOW - 30000, MAX_MS + 1, NOW - DAY};
static const int64_t TS_ONE_INT64_MIN[3] = {NOW - 30000, NOW - DAY, INT64_MIN};

typedef struct many_row {
    const char *what;
    int null_formatter;
    const int64_t *ts;
    size_t n;
    int64_t now;
    int null_buf;
    cap_kind cap;
    int null_ends, null_next;
    fd_status expect;
} many_row;

static const many_row MANY_ROWS[] = {
    {"n 0", 0, TS_GOOD, 0, NOW, 0, CAP_FULL, 0, 0, FD_OK},
    {"n 0, t_ms NULL, ends NULL", 0, NULL, 0, NOW, 0, CAP_FULL, 1, 0, FD_OK},
    {"formatter NULL", 1, TS_GOOD, 3, NOW, 0, CAP_FULL, 0, 0, FD_ERR_ARGUMENT},
    {"t_ms NULL, n 3", 0, NULL, 3, NOW, 0, CAP_FULL, 0, 0, FD_ERR_ARGUMENT},
    {"ends NULL, n 3", 0, TS_GOOD, 3, NOW, 0, CAP_FULL, 1, 0, FD_ERR_ARGUMENT},
    {"buf NULL, cap 10", 0, TS_GOOD, 3, NOW, 1, CAP_TEN, 0, 0, FD_ERR_ARGUMENT},
    {"buf NULL, cap 0 (size query)", 0, TS_GOOD, 3, NOW, 1, CAP_ZERO, 0, 0, FD_ERR_BUFFER},
    {"cap 0", 0, TS_GOOD, 3, NOW, 0, CAP_ZERO, 0, 0, FD_ERR_BUFFER},
    {"cap 1", 0, TS_GOOD, 3, NOW, 0, CAP_ONE, 0, 0, FD_ERR_BUFFER},
    {"cap total - 1", 0, TS_GOOD, 3, NOW, 0, CAP_NEED_MINUS1, 0, 0, FD_ERR_BUFFER},
    {"cap total (no room for a NUL)", 0, TS_GOOD, 3, NOW, 0, CAP_NEED, 0, 0, FD_OK},
    {"cap total + 1", 0, TS_GOOD, 3, NOW, 0, CAP_NEED_PLUS1, 0, 0, FD_OK},
    {"cap 3 * FD_LABEL_CAPACITY", 0, TS_GOOD, 3, NOW, 0, CAP_FULL, 0, 0, FD_OK},
    {"cap SIZE_MAX (over-stated)", 0, TS_GOOD, 3, NOW, 0, CAP_HUGE, 0, 0, FD_OK},
    {"next_change_min NULL", 0, TS_GOOD, 3, NOW, 0, CAP_FULL, 0, 1, FD_OK},
    {"one t = FD_MAX_INSTANT_MS + 1", 0, TS_ONE_TOO_LATE, 3, NOW, 0, CAP_FULL, 0, 0, FD_ERR_RANGE},
    {"one t = INT64_MIN", 0, TS_ONE_INT64_MIN, 3, NOW, 0, CAP_FULL, 0, 0, FD_ERR_RANGE},
    {"now = FD_MAX_INSTANT_MS + 1", 0, TS_GOOD, 3, MAX_MS + 1, 0, CAP_FULL, 0, 0, FD_ERR_RANGE},
    {"now = FD_MIN_INSTANT_MS - 1", 0, TS_GOOD, 3, MIN_MS - 1, 0, CAP_FULL, 0, 0, FD_ERR_RANGE},
    /* Huge n: no array of that many instants can exist; refused without reading. */
    {"n SIZE_MAX, t_ms NULL", 0, NULL, SIZE_MAX, NOW, 0, CAP_FULL, 0, 0, FD_ERR_ARGUMENT},
    {"n SIZE_MAX, ends NULL", 0, TS_GOOD, SIZE_MAX, NOW, 0, CAP_FULL, 1, 0, FD_ERR_ARGUMENT},
    {"n SIZE_MAX", 0, TS_GOOD, SIZE_MAX, NOW, 0, CAP_FULL, 0, 0, FD_ERR_ARGUMENT},
    {"n SIZE_MAX / 8 + 1 (n * 8 bytes overflows)", 0, TS_GOOD, SIZE_MAX / 8 + 1, NOW, 0, CAP_FULL, 0, 0,
     FD_ERR_ARGUMENT},
};

#define MANY_MAX 3
#define MANY_CAP (MANY_MAX * FD_LABEL_CAPACITY)

/* A row through fd_format_many, and (nul) through fd_format_many_nul, whose labels each end in a
 * NUL that total and ends count, and which writes nothing past the last one. */
static void run_many_row(const fd_formatter *f, const many_row *r, int nul)
{
    static unsigned char area[MANY_CAP + CANARY_SIZE];
    const char *fn = nul ? "fd_format_many_nul" : "fd_format_many";
    char expected[MANY_CAP];
    size_t ends[MANY_MAX], total = 0;
    int64_t earliest = FD_NEVER, next_min = 0;
    if (r->expect == FD_OK || r->expect == FD_ERR_BUFFER) {
        for (size_t i = 0; i < r->n; i++) {
            fd_label info;
            if (reference_label(f, r->ts[i], r->now, expected + total, &info) != 0)
                return;
            total += info.length + (nul ? 1 : 0); /* reference_label wrote the NUL too */
            if (info.next_change_ms < earliest)
                earliest = info.next_change_ms;
        }
    }
    size_t cap = cap_of(r->cap, total, MANY_CAP);
    size_t guarded = cap < MANY_CAP ? cap : MANY_CAP;
    memset(area, CANARY, sizeof area);
    memset(ends, 0xA5, sizeof ends);
    fd_status (*many)(const fd_formatter *, const int64_t *, size_t, int64_t, char *, size_t, size_t *, int64_t *) =
        nul ? fd_format_many_nul : fd_format_many;
    fd_status s = many(r->null_formatter ? NULL : f, r->ts, r->n, r->now, r->null_buf ? NULL : (char *)area, cap,
                       r->null_ends ? NULL : ends, r->null_next ? NULL : &next_min);
    if (s != r->expect) {
        tk_fail("%s, %s: expected %s, got %s", fn, r->what, status_name(r->expect), status_name(s));
        return;
    }
    if (!r->null_buf && !canary_intact(fn, r->what, area, guarded))
        return;
    if (s == FD_OK) {
        if (r->n > 0 && (ends[r->n - 1] != total || memcmp(area, expected, total) != 0)) {
            tk_fail("%s, %s: labels differ from fd_format one by one", fn, r->what);
            return;
        }
        for (size_t i = 0; i < r->n; i++) {
            size_t start = i ? ends[i - 1] : 0;
            if (ends[i] <= start || (nul && area[ends[i] - 1] != '\0')) {
                tk_fail("%s, %s: ends not increasing, or no NUL at ends[%lu] - 1", fn, r->what, (unsigned long)i);
                return;
            }
        }
        if (r->n > 0 && cap > total && guarded > total && area[total] != (nul ? CANARY : '\0')) {
            tk_fail(nul ? "%s, %s: a byte written past the last label's NUL" : "%s, %s: no NUL after the last label",
                    fn, r->what);
            return;
        }
        if (!r->null_next && next_min != earliest) {
            tk_fail("%s, %s: next_change_min %lld, expected %lld", fn, r->what, (long long)next_min,
                    (long long)earliest);
            return;
        }
    } else if (s == FD_ERR_BUFFER && ends[r->n - 1] != total) {
        tk_fail("%s, %s: FD_ERR_BUFFER reports %lu bytes needed, expected %lu", fn, r->what,
                (unsigned long)ends[r->n - 1], (unsigned long)total);
        return;
    }
    tk_count(1);
}

/* ---- fd_options_init, messages, versions, resolved ids ---------------------- */

/* Compares *o with the SPEC section 6 defaults for style. */
static void check_defaults(const fd_options *o, fd_style style, const char *what)
{
    int ok = o->size == sizeof(fd_options) && o->style == style && o->locale == NULL && o->time_zone == NULL &&
             o->hour_cycle == FD_HOUR_CYCLE_LOCALE && o->width == FD_WIDTH_LONG && o->recent_relative == 0 &&
             o->just_now_ms == 60000 && o->skew_tolerance_ms == 60000 && o->cross_year_grace_days == 0 &&
             o->weekday_window_days == 6 && o->precision == 1 && o->countdown_days == 0;
    if (!ok)
        tk_fail("fd_options_init, %s: the struct does not hold the SPEC section 6 defaults", what);
    else
        tk_count(1);
}

static void check_options_init(void)
{
    fd_options o;
    fd_status s;
    for (int style = FD_STYLE_FEED; fdn_style(style).name != NULL; style++) {
        char what[32];
        snprintf(what, sizeof what, "style %d", style);
        memset(&o, 0xA5, sizeof o);
        s = fd_options_init(&o, (fd_style)style);
        if (s != FD_OK)
            tk_fail("fd_options_init, %s: %s", what, status_name(s));
        else
            check_defaults(&o, (fd_style)style, what);
    }
    s = (fd_options_init)(NULL, FD_STYLE_FEED);
    if (s != FD_ERR_ARGUMENT)
        tk_fail("fd_options_init(NULL): expected FD_ERR_ARGUMENT, got %s", status_name(s));
    else
        tk_count(1);
    /* Past the last style fd_names.h names: a style the library has and that
     * file does not (so neither do the tests and tools that use it) fails here. */
    const int bad_styles[] = {-1, fdn_count(fdn_style), 99};
    for (size_t i = 0; i < COUNT_OF(bad_styles); i++) {
        char what[48];
        snprintf(what, sizeof what, "unknown style %d", bad_styles[i]);
        memset(&o, 0xA5, sizeof o);
        s = fd_options_init(&o, (fd_style)bad_styles[i]);
        if (s != FD_ERR_ARGUMENT)
            tk_fail("fd_options_init, %s: expected FD_ERR_ARGUMENT, got %s", what, status_name(s));
        else
            check_defaults(&o, FD_STYLE_FEED, what);
    }
}

static void check_status_messages(void)
{
    const char *seen[FD_ERR_MEMORY + 1];
    for (int s = FD_OK; s <= FD_ERR_MEMORY; s++) {
        const char *m = fd_status_message((fd_status)s);
        int distinct = 1;
        for (int k = 0; m != NULL && k < s; k++)
            distinct &= strcmp(seen[k], m) != 0;
        seen[s] = m;
        if (m == NULL || m[0] == '\0' || !distinct)
            tk_fail("fd_status_message(%s): %s", status_name(s),
                    m == NULL      ? "NULL"
                    : m[0] == '\0' ? "empty"
                                   : "same text as another status");
        else
            tk_count(1);
    }
    static const int unknown[] = {12345, -1, 8};
    for (size_t i = 0; i < COUNT_OF(unknown); i++) {
        const char *m = fd_status_message((fd_status)unknown[i]);
        if (m == NULL || m[0] == '\0')
            tk_fail("fd_status_message(%d): NULL or empty", unknown[i]);
        else
            tk_count(1);
    }
}

/* An option out of range is FD_ERR_ARGUMENT even when an id is also not
 * UTF-8 (the fuzzer found status 3 there): options are checked first. */
static void check_argument_before_ids(void)
{
    static const struct {
        const char *what, *locale, *zone;
    } rows[] = {
        {"zone \\xff", "en_US", "\xff"},
        {"locale \\xff", "\xff", "UTC"},
        {"both \\xff", "\xff", "\xfe"},
    };
    for (size_t i = 0; i < COUNT_OF(rows); i++) {
        fd_options o;
        fd_options_init(&o, FD_STYLE_COUNTDOWN);
        o.locale = rows[i].locale;
        o.time_zone = rows[i].zone;
        o.precision = 9;
        fd_formatter *f = NULL;
        fd_status s = fd_formatter_new(&o, &f);
        if (s != FD_ERR_ARGUMENT || f != NULL)
            tk_fail("%s and precision 9: %s, want FD_ERR_ARGUMENT", rows[i].what, status_name(s));
        else if (strstr(fd_last_error(), "precision") == NULL)
            tk_fail("%s and precision 9: the message does not name precision: %s", rows[i].what, fd_last_error());
        else
            tk_count(1);
        o.precision = 1;
        s = fd_formatter_new(&o, &f);
        fd_status want = rows[i].locale[0] == '\xff' ? FD_ERR_LOCALE : FD_ERR_TIME_ZONE;
        if (s != want)
            tk_fail("%s, options in range: %s, want %s", rows[i].what, status_name(s), status_name(want));
        else
            tk_count(1);
        fd_formatter_free(f);
    }
}

static void check_versions(void)
{
    if (fd_version() != FD_VERSION_NUMBER)
        tk_fail("fd_version() = %u, header says %u", (unsigned)fd_version(), (unsigned)FD_VERSION_NUMBER);
    else
        tk_count(1);
    const char *v = fd_version_string();
    if (v == NULL || strcmp(v, FD_VERSION_STRING) != 0)
        tk_fail("fd_version_string() = \"%s\", header says \"%s\"", v ? v : "(NULL)", FD_VERSION_STRING);
    else
        tk_count(1);
    /* The library reads CLOCK_REALTIME; so do we. time() is not that
     * clock: glibc serves it from the coarse clock, a tick behind, so a
     * correct fd_now_ms() read just after a second began (14.005 s) was
     * once refused against time()'s 13 s under ASan. */
    struct timespec t0, t1;
    clock_gettime(CLOCK_REALTIME, &t0);
    int64_t now = fd_now_ms();
    clock_gettime(CLOCK_REALTIME, &t1);
    int64_t before = (int64_t)t0.tv_sec * 1000 + t0.tv_nsec / 1000000;
    int64_t after = (int64_t)t1.tv_sec * 1000 + t1.tv_nsec / 1000000;
    if (now < before || now > after)
        tk_fail("fd_now_ms() = %lld, not between CLOCK_REALTIME read before and after it [%lld, %lld]", (long long)now,
                (long long)before, (long long)after);
    else
        tk_count(1);
}

/*
 * The quoting vectors (Tests/vectors/quote/quote-1.3.jsonl; FEEDDATE_QUOTE_VECTORS
 * names another file): fd_quote gives each case's text, and a formatter made
 * with the value as its zone fails with a message holding it. Then fd_quote's
 * own contract: the size query, FD_ERR_BUFFER with nothing written, NULLs.
 */
static size_t unhex(const char *h, char *out, size_t cap)
{
    size_t n = 0;
    for (; h[0] && h[1] && n < cap; h += 2) {
        unsigned b;
        if (sscanf(h, "%2x", &b) != 1)
            break;
        out[n++] = (char)b;
    }
    return n;
}

static void check_quote_vectors(void)
{
    const char *path = getenv("FEEDDATE_QUOTE_VECTORS");
    if (path == NULL || *path == '\0')
        path = "Tests/vectors/quote/quote-1.3.jsonl";
    jsonl_file file;
    char err[256];
    if (jsonl_open(&file, path, err, sizeof err) != 0) {
        tk_fail("quote vectors: %s", err);
        return;
    }
    json_value v;
    size_t ran = 0;
    int got;
    while ((got = jsonl_next(&file, &v, err, sizeof err)) != 0) {
        if (got < 0) {
            tk_fail("%s:%zu: %s", path, file.line, err);
            continue;
        }
        const json_value *name = json_get(&v, "case"), *hex = json_get(&v, "bytes"), *want = json_get(&v, "quoted");
        const json_value *nul = json_get(&v, "nul");
        if (!name || name->type != JSON_STRING || !hex || hex->type != JSON_STRING || !want ||
            want->type != JSON_STRING || !nul || nul->type != JSON_BOOL) {
            tk_fail("%s:%zu: a case needs case, bytes, nul and quoted", path, file.line);
            json_free(&v);
            continue;
        }
        char value[512], quoted[FD_QUOTE_CAPACITY];
        size_t n = unhex(hex->string, value, sizeof value - 1), length = 0;
        value[n] = '\0';
        fd_status s = fd_quote(value, n, quoted, sizeof quoted, &length);
        CHECK(s == FD_OK && length == want->length && strcmp(quoted, want->string) == 0,
              "%s:%zu %s: fd_quote gave %s %s, want %s", path, file.line, name->string, status_name(s), quoted,
              want->string);
        if (!nul->boolean) { /* the library words the zone's message itself, quoting the value */
            fd_options o;
            fd_options_init(&o, FD_STYLE_FEED);
            o.locale = "en_US";
            o.time_zone = value;
            fd_formatter *f = NULL;
            s = fd_formatter_new(&o, &f);
            CHECK(s == FD_ERR_TIME_ZONE && strstr(fd_last_error(), want->string) != NULL,
                  "%s:%zu %s: zone gave %s \"%s\", want FD_ERR_TIME_ZONE quoting %s", path, file.line, name->string,
                  status_name(s), fd_last_error(), want->string);
            fd_formatter_free(f);
        }
        ran++;
        json_free(&v);
    }
    jsonl_close(&file);
    CHECK(ran > 0, "%s: no quote vector", path);
    printf("  %zu quote vectors\n", ran);

    size_t length = 99;
    char small[8];
    memset(small, '#', sizeof small);
    CHECK(fd_quote("Asia/Tokyo", 10, NULL, 0, &length) == FD_ERR_BUFFER && length == 12,
          "fd_quote size query: length %zu, want 12", length);
    CHECK(fd_quote("Asia/Tokyo", 10, small, sizeof small, &length) == FD_ERR_BUFFER && length == 12 &&
              small[0] == '#' && strstr(fd_last_error(), "FD_QUOTE_CAPACITY") != NULL,
          "fd_quote into 8 bytes: must be FD_ERR_BUFFER with nothing written (%s)", fd_last_error());
    char exact[13];
    CHECK(fd_quote("Asia/Tokyo", 10, exact, sizeof exact, NULL) == FD_OK && strcmp(exact, "\"Asia/Tokyo\"") == 0 &&
              fd_last_error()[0] == '\0',
          "fd_quote into exactly 13 bytes with quoted_length NULL: %s", exact);
    CHECK(fd_quote(NULL, 0, exact, sizeof exact, &length) == FD_OK && strcmp(exact, "\"\"") == 0 && length == 2,
          "fd_quote(NULL, 0): \"\"");
    CHECK(fd_quote(NULL, 3, exact, sizeof exact, &length) == FD_ERR_ARGUMENT &&
              strstr(fd_last_error(), "value is NULL but length is 3") != NULL,
          "fd_quote(NULL, 3): %s", fd_last_error());
    CHECK(fd_quote("x", 1, NULL, 5, &length) == FD_ERR_ARGUMENT && strstr(fd_last_error(), "buf is NULL") != NULL,
          "fd_quote(buf NULL, cap 5): %s", fd_last_error());
    /* A length far past the value's end reads no more than 68 bytes of it. */
    char big[FD_QUOTE_CAPACITY];
    static const char sixty_eight[69] = "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
    CHECK(fd_quote(sixty_eight, 68, big, sizeof big, &length) == FD_OK && length == 2 + 64 + 3,
          "fd_quote of 68 bytes: %s", big);
}

/* The caller's words are quoted in their messages as ids are (a binding passes
 * a lone surrogate through as WTF-8 and raises this message). */
static void check_words_quoted(void)
{
    static const struct {
        const char *value, *said;
    } rows[] = {
        {"a\xed\xa0\x80"
         "b",
         "just_now_text is not valid UTF-8 (\"a\\xed\\xa0\\x80b\"): pass 1..64 bytes of UTF-8 (or NULL)"},
        {"\x1b[2J\xff", "just_now_text is not valid UTF-8 (\"\\x1b[2J\\xff\"): pass 1..64 bytes of UTF-8 (or NULL)"},
        {"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
         "just_now_text is longer than 64 bytes "
         "(\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\xe2\x80\xa6\"): "
         "pass 1..64 bytes of UTF-8 (or NULL)"},
    };
    for (size_t i = 0; i < COUNT_OF(rows); i++) {
        fd_options o;
        fd_options_init(&o, FD_STYLE_RELATIVE);
        o.locale = "en_US";
        o.time_zone = "UTC";
        o.just_now_text = rows[i].value;
        fd_formatter *f = NULL;
        fd_status s = fd_formatter_new(&o, &f);
        CHECK(s == FD_ERR_ARGUMENT && strcmp(fd_last_error(), rows[i].said) == 0, "just_now_text row %zu: %d \"%s\"", i,
              (int)s, fd_last_error());
        fd_formatter_free(f);
    }
}

/* A negative max_entries from a signed caller is named as that number. */
static void check_negative_max_entries(void)
{
    fd_options o;
    fd_options_init(&o, FD_STYLE_RELATIVE);
    o.locale = "en_US";
    o.time_zone = "UTC";
    fd_formatter *f = NULL;
    if (fd_formatter_new(&o, &f) != FD_OK) {
        tk_fail("fd_formatter_new(RELATIVE, en_US, UTC): %s", fd_last_error());
        return;
    }
    size_t length = 0;
    static const struct {
        int64_t meant;
        const char *said;
    } rows[] = {
        {-1, "max_entries -1 is out of range 1...100000"},
        {-5, "max_entries -5 is out of range 1...100000"},
        {INT64_MIN, "max_entries -9223372036854775808 is out of range 1...100000"},
        {INT64_MAX, "max_entries 9223372036854775807 is out of range 1...100000"},
        {0, "max_entries 0 is out of range 1...100000"},
    };
    for (size_t i = 0; i < COUNT_OF(rows); i++) {
        fd_status s = fd_schedule_json(f, 0, 0, 0, (size_t)rows[i].meant, NULL, 0, &length);
        CHECK(s == FD_ERR_ARGUMENT && strcmp(fd_last_error(), rows[i].said) == 0, "max_entries %lld: %s \"%s\"",
              (long long)rows[i].meant, status_name(s), fd_last_error());
    }
    fd_formatter_free(f);
}

/* Checks that got equals want (what names the accessor). */
static void expect_string(const char *what, const char *got, const char *want)
{
    if (got == NULL || strcmp(got, want) != 0)
        tk_fail("%s = \"%s\", expected \"%s\"", what, got ? got : "(NULL)", want);
    else
        tk_count(1);
}

/* "2025b" from the "# version 2025b" line of tzdata.zi, or "" when there is none. */
static void system_tzdata_version(char *out, size_t cap)
{
    const char *dir = getenv("TZDIR");
    char path[512], line[128];
    snprintf(path, sizeof path, "%s/tzdata.zi", dir && dir[0] ? dir : "/usr/share/zoneinfo");
    out[0] = '\0';
    FILE *fp = fopen(path, "r");
    if (fp == NULL)
        return;
    if (fgets(line, sizeof line, fp) != NULL && strncmp(line, "# version ", 10) == 0) {
        line[strcspn(line, "\r\n")] = '\0';
        snprintf(out, cap, "%s", line + 10);
    }
    fclose(fp);
}

static void check_resolved(void)
{
    fd_options o;
    fd_formatter *f = NULL;
    fd_options_init(&o, FD_STYLE_CHAT_LIST);
    o.locale = "zh_CN";
    o.time_zone = "Asia/Shanghai";
    fd_status s = fd_formatter_new(&o, &f);
    if (s != FD_OK) {
        tk_fail("fd_formatter_new(zh_CN, Asia/Shanghai): %s", status_name(s));
    } else {
        char version[128], want[160];
        expect_string("fd_formatter_locale(zh_CN)", fd_formatter_locale(f), "zh_CN");
        expect_string("fd_formatter_time_zone(Asia/Shanghai)", fd_formatter_time_zone(f), "Asia/Shanghai");
        system_tzdata_version(version, sizeof version);
        const char *source = fd_formatter_tz_source(f);
        if (version[0] != '\0') {
            snprintf(want, sizeof want, "tzdata %s", version);
            expect_string("fd_formatter_tz_source (system tzdata.zi)", source, want);
        } else if (source == NULL || strncmp(source, "tzdata ", 7) != 0 || source[7] == '\0') {
            tk_fail("fd_formatter_tz_source = \"%s\", expected \"tzdata <version>\"", source ? source : "(NULL)");
        } else {
            tk_count(1);
        }
        fd_formatter_free(f);
    }
    /* The host default zone: main set TZ before the library was first used. */
    fd_options_init(&o, FD_STYLE_FEED);
    o.locale = "en_US";
    f = NULL;
    s = fd_formatter_new(&o, &f);
    if (s != FD_OK) {
        tk_fail("fd_formatter_new(time_zone NULL, TZ=Europe/Paris): %s", status_name(s));
    } else {
        expect_string("fd_formatter_time_zone with time_zone NULL and TZ=Europe/Paris", fd_formatter_time_zone(f),
                      "Europe/Paris");
        fd_formatter_free(f);
    }
    expect_string("fd_formatter_locale(NULL)", fd_formatter_locale(NULL), "");
    expect_string("fd_formatter_time_zone(NULL)", fd_formatter_time_zone(NULL), "");
    expect_string("fd_formatter_tz_source(NULL)", fd_formatter_tz_source(NULL), "");
    fd_formatter_free(NULL);
    tk_count(1); /* fd_formatter_free(NULL) returned */
}

/* ---- keywords of a locale id ------------------------------------------------- */

/* One FEED label at 00:05 UTC seen at 00:10, and the resolved locale. */
static void expect_time(const char *locale, fd_hour_cycle cycle, const char *text, const char *resolved)
{
    fd_options o;
    fd_formatter *f = NULL;
    fd_options_init(&o, FD_STYLE_FEED);
    o.locale = locale;
    o.time_zone = "UTC";
    o.hour_cycle = cycle;
    fd_status s = fd_formatter_new(&o, &f);
    if (s != FD_OK) {
        tk_fail("fd_formatter_new(%s, hour cycle %d): %s (%s)", locale, (int)cycle, status_name(s), fd_last_error());
        return;
    }
    char buf[FD_LABEL_CAPACITY], what[160];
    s = fd_format(f, 1711325100000, 1711325400000, buf, sizeof buf, NULL);
    snprintf(what, sizeof what, "FEED %s hour cycle %d", locale, (int)cycle);
    if (s != FD_OK)
        tk_fail("%s: %s", what, status_name(s));
    else
        expect_string(what, buf, text);
    snprintf(what, sizeof what, "fd_formatter_locale(%s)", locale);
    expect_string(what, fd_formatter_locale(f), resolved);
    fd_formatter_free(f);
}

/* Hours stay 1..12 / 0..23 whatever the id says (h11 reads as h12, h24 as
 * h23); COUNTDOWN refuses a numbering system without digits 0-9. */
static void check_locale_keywords(void)
{
    expect_time("en-US-u-hc-h11", FD_HOUR_CYCLE_LOCALE,
                "12:05\xE2\x80\xAF"
                "AM",
                "en_US@hours=h12");
    expect_time("en-US-u-hc-h11", FD_HOUR_CYCLE_H12,
                "12:05\xE2\x80\xAF"
                "AM",
                "en_US@hours=h12");
    expect_time("en-US-u-hc-h24", FD_HOUR_CYCLE_LOCALE, "00:05", "en_US@hours=h23");
    expect_time("en-US-u-hc-h24", FD_HOUR_CYCLE_H23, "00:05", "en_US@hours=h23");
    expect_time("en-US-u-hc-h24", FD_HOUR_CYCLE_H12,
                "12:05\xE2\x80\xAF"
                "AM",
                "en_US@hours=h23");

    static const char *const no_digits[] = {"ja-JP-u-nu-jpan", "zh-CN-u-nu-hans", "en-US-u-nu-roman",
                                            "he-IL-u-nu-hebr"};
    for (size_t i = 0; i < COUNT_OF(no_digits); i++) {
        fd_options o;
        fd_formatter *f = NULL;
        fd_options_init(&o, FD_STYLE_COUNTDOWN);
        o.locale = no_digits[i];
        o.time_zone = "UTC";
        fd_status s = fd_formatter_new(&o, &f);
        const char *msg = fd_last_error();
        if (s != FD_ERR_LOCALE || f != NULL)
            tk_fail("COUNTDOWN %s: %s, expected FD_ERR_LOCALE", no_digits[i], status_name(s));
        else if (strstr(msg, "numbering system") == NULL || strstr(msg, "latn") == NULL)
            tk_fail("COUNTDOWN %s: the message does not name the numbering system and latn: %s", no_digits[i], msg);
        else
            tk_count(1);
        fd_formatter_free(f);
    }
}

/* ---- the ends of the range, in every style, calendar and extreme zone -------- */

static void check_extremes(void)
{
    static const struct {
        const char *locale, *zone;
    } places[] = {
        {"en_US", "UTC"},
        {"zh_CN", "Pacific/Kiritimati"}, /* UTC+14: 9999-12-31 is already year 10000 */
        {"th_TH", "Etc/GMT+12"},         /* Buddhist years; year 1 is 0000-12-31 local */
        {"fa_IR", "Asia/Tehran"},        /* Persian calendar */
        {"ja_JP@calendar=japanese", "Asia/Tokyo"},
        {"ar_EG", "America/New_York"}, /* Arabic digits, RTL marks; LMT before 1883 */
    };
    static const int64_t pairs[][2] = {
        {MIN_MS, MIN_MS},       {MAX_MS, MAX_MS},       {MIN_MS, MAX_MS},          {MAX_MS, MIN_MS},
        {MIN_MS, MIN_MS + DAY}, {MAX_MS - DAY, MAX_MS}, {MAX_MS, MAX_MS - MINUTE},
    };
    for (size_t p = 0; p < COUNT_OF(places); p++) {
        for (int style = FD_STYLE_FEED; fdn_style(style).name != NULL; style++) {
            fd_options o;
            fd_formatter *f = NULL;
            char what[160];
            fd_options_init(&o, (fd_style)style);
            o.locale = places[p].locale;
            o.time_zone = places[p].zone;
            o.countdown_days = style == FD_STYLE_COUNTDOWN && p % 2 == 1;
            fd_status s = fd_formatter_new(&o, &f);
            if (s != FD_OK) {
                tk_fail("extremes: fd_formatter_new(style %d, %s, %s): %s", style, places[p].locale, places[p].zone,
                        status_name(s));
                continue;
            }
            for (size_t i = 0; i < COUNT_OF(pairs); i++) {
                char buf[FD_LABEL_CAPACITY];
                fd_label info;
                snprintf(what, sizeof what, "extremes: style %d, %s, %s, t=%lld, now=%lld", style, places[p].locale,
                         places[p].zone, (long long)pairs[i][0], (long long)pairs[i][1]);
                s = fd_format(f, pairs[i][0], pairs[i][1], buf, sizeof buf, &info);
                if (s != FD_OK)
                    tk_fail("%s: %s", what, status_name(s));
                else if (label_consistent(what, buf, &info, pairs[i][1]))
                    tk_count(1);
            }
            fd_formatter_free(f);
        }
    }
}

/* ---- main ------------------------------------------------------------------ */

/* ---- UTF-16 (1.2): the arguments and buffer rules of fd_format and fd_format_many ---- */

static void utf16_check(int ok, const char *what)
{
    if (ok)
        tk_count(1);
    else
        tk_fail("%s", what);
}

/* Each case names what it checks; one check each. The labels are Chinese
 * ("昨天 02:30"): fewer code units than bytes. */
static void check_utf16(const fd_formatter *f)
{
    uint16_t area[FD_LABEL_CAPACITY * 3 + 8];
    char ref[FD_LABEL_CAPACITY];
    fd_label info, ref_info;
    if (fd_format(f, NOW - DAY, NOW, ref, sizeof ref, &ref_info) != FD_OK) {
        tk_fail("utf16: reference fd_format failed");
        return;
    }
    memset(&info, 0, sizeof info);
    tk_count(fd_format_utf16(f, NOW - DAY, NOW, area, FD_LABEL_CAPACITY, &info) == FD_OK &&
             info.length < ref_info.length);
    size_t units = info.length;
    utf16_check(fd_format_utf16(NULL, NOW - DAY, NOW, area, 10, &info) == FD_ERR_ARGUMENT, "utf16: formatter NULL");
    utf16_check(fd_format_utf16(f, NOW - DAY, NOW, NULL, 10, &info) == FD_ERR_ARGUMENT, "utf16: buf NULL, cap 10");
    info.length = 0;
    utf16_check(fd_format_utf16(f, NOW - DAY, NOW, NULL, 0, &info) == FD_ERR_BUFFER && info.length == units,
                "utf16: size query gives the code units");
    for (size_t i = 0; i < COUNT_OF(area); i++)
        area[i] = 0x5A5A;
    utf16_check(fd_format_utf16(f, NOW - DAY, NOW, area, units, &info) == FD_ERR_BUFFER && area[0] == 0 &&
                    area[units] == 0x5A5A,
                "utf16: cap = length (no room for the 0): nothing past cap, a 0 at buf[0]");
    utf16_check(fd_format_utf16(f, NOW - DAY, NOW, area, units + 1, NULL) == FD_OK && area[units] == 0 &&
                    area[units + 1] == 0x5A5A,
                "utf16: cap = length + 1");
    utf16_check(fd_format_utf16(f, MAX_MS + 1, NOW, area, FD_LABEL_CAPACITY, &info) == FD_ERR_RANGE,
                "utf16: t out of range");

    int64_t next = 0;
    size_t ends[3];
    utf16_check(fd_format_many_utf16(f, NULL, 0, NOW, area, 4, NULL, &next) == FD_OK && area[0] == 0 &&
                    next == FD_NEVER,
                "many_utf16: n 0");
    utf16_check(fd_format_many_utf16(NULL, TS_GOOD, 3, NOW, area, 4, ends, NULL) == FD_ERR_ARGUMENT,
                "many_utf16: formatter NULL");
    utf16_check(fd_format_many_utf16(f, NULL, 3, NOW, area, 4, ends, NULL) == FD_ERR_ARGUMENT, "many_utf16: t_ms NULL");
    utf16_check(fd_format_many_utf16(f, TS_GOOD, 3, NOW, area, 4, NULL, NULL) == FD_ERR_ARGUMENT,
                "many_utf16: ends NULL");
    utf16_check(fd_format_many_utf16(f, TS_GOOD, 3, NOW, NULL, 4, ends, NULL) == FD_ERR_ARGUMENT,
                "many_utf16: buf NULL, cap 4");
    utf16_check(fd_format_many_utf16(f, TS_ONE_TOO_LATE, 3, NOW, area, COUNT_OF(area), ends, NULL) == FD_ERR_RANGE,
                "many_utf16: one instant out of range");
    utf16_check(fd_format_many_utf16(f, TS_GOOD, 3, NOW, area, COUNT_OF(area), ends, &next) == FD_OK &&
                    ends[0] < ends[1] && ends[1] < ends[2] && area[ends[2]] == 0 && next > NOW,
                "many_utf16: three labels");
    size_t total = ends[2];
    for (size_t i = 0; i < COUNT_OF(area); i++)
        area[i] = 0x5A5A;
    utf16_check(fd_format_many_utf16(f, TS_GOOD, 3, NOW, area, total - 1, ends, NULL) == FD_ERR_BUFFER &&
                    ends[2] == total && area[total - 1] == 0x5A5A,
                "many_utf16: cap total - 1: the units needed, nothing past cap");
    utf16_check(fd_format_many_utf16(f, TS_GOOD, 3, NOW, NULL, 0, ends, NULL) == FD_ERR_BUFFER && ends[2] == total,
                "many_utf16: size query");
    utf16_check(fd_format_many_utf16(f, TS_GOOD, 3, NOW, area, SIZE_MAX, ends, NULL) == FD_OK && ends[2] == total,
                "many_utf16: cap SIZE_MAX (over-stated)");
}

/* fd_format_utf16_call: fd_format_utf16 of the struct's fields, whatever they are, with one struct
 * reused across calls as a binding keeps it (buf, cap and info set once). */
static void check_utf16_call(const fd_formatter *f)
{
    uint16_t direct[FD_LABEL_CAPACITY], area[FD_LABEL_CAPACITY + 8];
    fd_label want, got;
    fd_utf16_call call = {.formatter = f, .buf = area, .cap = FD_LABEL_CAPACITY, .info = &got};
    static const int64_t back[] = {0, 30 * 1000, 3 * 3600 * 1000LL, DAY, 3 * DAY, 40 * DAY, 800 * DAY, -DAY};
    int same = 1;
    for (size_t i = 0; i < COUNT_OF(back); i++) {
        call.t_ms = NOW - back[i];
        call.now_ms = NOW;
        call.info = i % 2 ? NULL : &got; /* info NULL, as format() passes it */
        memset(&want, 0, sizeof want);
        memset(&got, 0, sizeof got);
        fd_status a = fd_format_utf16(f, NOW - back[i], NOW, direct, FD_LABEL_CAPACITY, i % 2 ? NULL : &want);
        fd_status b = fd_format_utf16_call(&call);
        size_t n = 0;
        while (n < FD_LABEL_CAPACITY && direct[n] != 0)
            n++;
        if (a != FD_OK || b != FD_OK || memcmp(direct, area, (n + 1) * sizeof *area) != 0 ||
            !tk_label_same(&want, &got)) {
            same = 0;
            tk_fail("utf16_call: t = now - %lld: %s / %s, or the label or its fd_label differ", (long long)back[i],
                    status_name(a), status_name(b));
        }
    }
    if (same)
        tk_count(1);
    utf16_check(fd_format_utf16_call(NULL) == FD_ERR_ARGUMENT && strstr(fd_last_error(), "NULL") != NULL,
                "utf16_call: call NULL");
    call.formatter = NULL;
    utf16_check(fd_format_utf16_call(&call) == FD_ERR_ARGUMENT, "utf16_call: formatter NULL");
    call.formatter = f;
    call.t_ms = MAX_MS + 1;
    utf16_check(fd_format_utf16_call(&call) == FD_ERR_RANGE, "utf16_call: t out of range");
    call.t_ms = NOW - DAY;
    call.info = &got;
    call.cap = 0;
    call.buf = NULL;
    utf16_check(fd_format_utf16_call(&call) == FD_ERR_BUFFER && got.length > 0, "utf16_call: size query");
    size_t units = got.length;
    for (size_t i = 0; i < COUNT_OF(area); i++)
        area[i] = 0x5A5A;
    call.buf = area;
    call.cap = units;
    utf16_check(fd_format_utf16_call(&call) == FD_ERR_BUFFER && area[0] == 0 && area[units] == 0x5A5A,
                "utf16_call: cap = length: nothing past cap");
}

int main(void)
{
    /* Before any library call: the host default zone of check_resolved. */
    setenv("TZ", "Europe/Paris", 1);
    memset(LONG_ID, 'x', sizeof LONG_ID - 1);
    for (size_t i = 0; i + 1 < sizeof HUGE_ID; i++)
        HUGE_ID[i] = "ab/"[i % 3];

    check_options_init();
    run_new_rows();

    fd_options o;
    fd_formatter *f = NULL;
    base_options(&o, FD_STYLE_CHAT_BUBBLE);
    o.locale = "zh_CN"; /* multi-byte labels: "昨天 02:30" */
    o.time_zone = "Asia/Shanghai";
    fd_status s = fd_formatter_new(&o, &f);
    if (s != FD_OK) {
        tk_fail("fd_formatter_new(CHAT_BUBBLE, zh_CN, Asia/Shanghai): %s; fd_format rows not run", status_name(s));
    } else {
        for (size_t i = 0; i < COUNT_OF(FORMAT_ROWS); i++)
            run_format_row(f, &FORMAT_ROWS[i]);
        for (size_t i = 0; i < COUNT_OF(MANY_ROWS); i++) {
            run_many_row(f, &MANY_ROWS[i], 0);
            run_many_row(f, &MANY_ROWS[i], 1);
        }
        check_utf16(f);
        check_utf16_call(f);
        fd_formatter_free(f);
    }
    check_status_messages();
    check_argument_before_ids();
    check_versions();
    check_resolved();
    check_locale_keywords();
    check_extremes();
    check_quote_vectors();
    check_words_quoted();
    check_negative_max_entries();
    return tk_finish();
}
