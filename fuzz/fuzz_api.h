/*
 * fuzz_api.h — the byte format that fuzz_api.c reads and seed_api.c writes.
 *
 * One place defines how input bytes become API calls, so that the seed
 * corpus (built from Tests/vectors/core.jsonl and options-1.1.jsonl) and the fuzzer agree. Every
 * byte string is a valid input: a reader past the end yields zeros.
 *
 *   input   := flags:u8  options  op*            (at most FZ_MAX_OPS ops)
 *   options := size style hour_cycle width recent_relative just_now_ms
 *              skew_tolerance_ms cross_year_grace_days weekday_window_days
 *              precision countdown_days            (each an `int`)
 *              locale zone                          (each a `str`)
 *              plain_spaces spoken overtime max_unit  (1.1, each an `int`)
 *              just_now_text yesterday_text day_before_yesterday_text
 *              tomorrow_text                        (1.1, each a `str`)
 *   int     := tag:u8     0x00        the fd_options_init default
 *                         0x01..0x7F  tag - 1           (0 .. 126)
 *                         0x80..0xEF  -(tag - 0x7F)     (-1 .. -112)
 *                         0xF0..0xFE  FZ_EDGES[tag - 0xF0]
 *                         0xFF        8 raw bytes, little-endian (truncated
 *                                     to the field: arbitrary enum values)
 *   str     := tag:u8     0x00        NULL (host default)
 *                         0x01..0x3F  FZ_LOCALES / FZ_ZONES / FZ_WORDS[(tag - 1) % count]
 *                         0x40..0xFE  tag - 0x40 raw bytes (0 .. 190)
 *                         0xFF        len:u16le, then len raw bytes (huge ids)
 *                         (raw bytes are arbitrary: invalid UTF-8, '/', "..")
 *   op      := code:u8 ...   code % 4 == 0  FORMAT: now:instant t:instant cap:u8
 *                            code % 4 == 1  MANY:   now:instant n:u8 t:instant*n cap:u8
 *                            code % 4 == 2  MISC:   status:i32le style:i32le
 *                            code % 4 == 3  SCHEDULE (1.3): now:instant t:instant
 *                                           horizon:u8 entries:u8 kind:u8 cap:u8
 *   instant := tag:u8    tag & 3 == 0  8 raw bytes (mostly out of range)
 *                        tag & 3 == 1  u64le mapped into [MIN, MAX]
 *                        tag & 3 == 2  base + i32le * FZ_UNITS[(tag >> 2) & 7]
 *                                      (base: FZ_NOW for now, now for t)
 *                        tag & 3 == 3  FZ_INSTANT_EDGES[(tag >> 2) % count],
 *                                      relative to now for t when marked
 *   cap (FORMAT, for one label; MANY scales FULL to n labels):
 *            0x00..0xDF  that many bytes       0xE0  FD_LABEL_CAPACITY (FULL)
 *            0xE1        needed - 1            0xE2  needed (no room for NUL)
 *            0xE3        needed + 1            0xE4  SIZE_MAX (over-stated)
 *            0xE5        buf NULL, cap 0       0xE6  buf NULL, cap 10
 *            0xE7..0xFF  1 + u16le bytes (up to 65536)
 *   n (MANY): 0x00..0xEF  n = tag % 17;  0xF0.. special (see fuzz_api.c):
 *             huge n with NULL t_ms/ends, n = 0 with NULL pointers.
 */
#ifndef FEEDDATE_FUZZ_API_H
#define FEEDDATE_FUZZ_API_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "feeddate.h"

#define FZ_MAX_OPS 12
#define FZ_MAX_MANY 16

/* flags */
#define FZ_FRESH 0x01       /* create a new formatter even when one is cached */
#define FZ_EXACT_ALLOC 0x02 /* malloc(cap) exactly (ASan red zone right at cap) */
#define FZ_NULL_INFO 0x04   /* fd_format with info NULL */
#define FZ_NULL_NEXT 0x08   /* fd_format_many with next_change_min NULL */

enum { FZ_OP_FORMAT = 0, FZ_OP_MANY = 1, FZ_OP_MISC = 2, FZ_OP_SCHEDULE = 3 };

/* SCHEDULE: horizon tag % 8 picks FZ_HORIZONS (7: i32le * 1000 read after),
 * entries tag: 0..0xEF -> tag % 17 (0 is refused), 0xF0.. -> FZ_ENTRY_EDGES;
 * kind % 5: fd_schedule_json, fd_schedule_html, html with FD_HTML_SPOKEN,
 * fd_schedule_script_json, html with an unknown flag (refused); cap as FORMAT's
 * but FULL is the form's whole length + 1. */
static const int64_t FZ_HORIZONS[7] = {0, 1000, 60000, 3600000, 86400000, -1, 31622400001LL};
static const uint64_t FZ_ENTRY_EDGES[4] = {100000, 100001, (uint64_t)-1, (uint64_t)1 << 63};

/* "now" of the seeds and the base of relative instants: 2024-03-25T18:30:00Z. */
#define FZ_NOW 1711391400000LL

#define FZ_INT_DEFAULT 0x00
#define FZ_INT_RAW 0xFF
#define FZ_STR_NULL 0x00
#define FZ_STR_LONG 0xFF
#define FZ_INSTANT_RAW 0
#define FZ_INSTANT_MAPPED 1
#define FZ_INSTANT_RELATIVE 2
#define FZ_INSTANT_EDGE 3

#define FZ_CAP_FULL 0xE0
#define FZ_CAP_NEED_MINUS1 0xE1
#define FZ_CAP_NEED 0xE2
#define FZ_CAP_NEED_PLUS1 0xE3
#define FZ_CAP_HUGE 0xE4
#define FZ_CAP_NULL_ZERO 0xE5
#define FZ_CAP_NULL_TEN 0xE6

static const int64_t FZ_EDGES[15] = {
    INT32_MIN,
    INT32_MAX,
    INT64_MIN,
    INT64_MAX,
    86400000,
    86400001,
    366,
    367,
    (int64_t)UINT32_MAX,
    (int64_t)sizeof(fd_options) - 8,
    (int64_t)sizeof(fd_options) + 8,
    60000,
    7,
    6,
    255,
};

static const int64_t FZ_UNITS[8] = {
    1, 1000, 60000, 3600000, 86400000, 7 * 86400000LL, 30 * 86400000LL, 365 * 86400000LL,
};

static const char *const FZ_LOCALES[] = {
    "en_US",
    "zh_CN",
    "zh_TW",
    "ja_JP",
    "ja_JP@calendar=japanese",
    "ar_EG",
    "fa_IR",
    "th_TH",
    "he_IL",
    "de_DE",
    "fr_FR",
    "ru_RU",
    "ko_KR",
    "hi_IN",
    "en-US-u-hc-h23",
    "zh-Hans-CN",
    "en_GB",
    "es_419",
    "pt_BR",
    "en_US_POSIX",
    "sr_Latn_RS",
    "my_MM",
    "am_ET@calendar=ethiopic",
    "zh_CN@calendar=chinese",
    "ar_SA@calendar=islamic-umalqura",
    "bn_BD",
    "tr_TR",
    "el_GR",
    "vi_VN",
    /* From here on: ids whose creation status is not asserted: "xx_YY", a
       language ICU has no data for, is FD_ERR_LOCALE (1.1 refuses rather
       than guesses); "i-klingon" is malformed; "und" and "root" resolve to
       ICU's root locale (docs/RELIABILITY.md, finding 2). */
    "xx_YY",
    "und",
    "root",
    "i-klingon",
    "en-US-x-private",
    "und-u-hc-h23",
};
#define FZ_LOCALE_COUNT (sizeof FZ_LOCALES / sizeof FZ_LOCALES[0])
#define FZ_LOCALE_GOOD (FZ_LOCALE_COUNT - 6)

static const char *const FZ_ZONES[] = {
    "UTC",
    "Asia/Shanghai",
    "America/New_York",
    "Europe/London",
    "Europe/Dublin",
    "Australia/Lord_Howe",
    "America/St_Johns",
    "Pacific/Kiritimati",
    "Pacific/Apia",
    "Africa/Casablanca",
    "Asia/Tehran",
    "America/Sao_Paulo",
    "Etc/GMT+12",
    "Etc/GMT-14",
    "Antarctica/Troll",
    "Asia/Kolkata",
    "Asia/Kathmandu",
    "Europe/Moscow",
    "America/Havana",
    "Pacific/Chatham",
    "America/Goose_Bay",
    "posixrules",
    "EST5EDT",
    "Asia/Gaza",
};
#define FZ_ZONE_COUNT (sizeof FZ_ZONES / sizeof FZ_ZONES[0])

/* The caller's words (1.1): good ones first, then ones the library must refuse. */
static const char *const FZ_WORDS[] = {
    "\xE5\x88\x9A\xE6\x89\x8D",
    "Yday",
    "Tomorrow",
    "\xE2\x80\x8F"
    "before",
    "a\xE2\x80\xAF"
    "b",
    "0123456789012345678901234567890123456789012345678901234567890123", /* 64 bytes */
    /* From here on: refused (empty, 65 bytes, a control character, invalid UTF-8). */
    "",
    "01234567890123456789012345678901234567890123456789012345678901234",
    "tab\there",
    "del\x7F",
    "c1\xC2\x85",
    "bad\xFF",
    "\xC0\xAF",
    "\xED\xA0\x80",
};
#define FZ_WORD_COUNT (sizeof FZ_WORDS / sizeof FZ_WORDS[0])
#define FZ_WORD_GOOD 6

/* The order of the int fields in the input. */
enum {
    FZ_F_SIZE,
    FZ_F_STYLE,
    FZ_F_HOUR_CYCLE,
    FZ_F_WIDTH,
    FZ_F_RECENT,
    FZ_F_JUST_NOW,
    FZ_F_SKEW,
    FZ_F_GRACE,
    FZ_F_WEEKDAY,
    FZ_F_PRECISION,
    FZ_F_DAYS,
    FZ_F_COUNT
};

/* ---- a writer (for the seed generator) ---- */

typedef struct fz_writer {
    uint8_t *p;
    size_t n, cap;
} fz_writer;

static inline void fz_put(fz_writer *w, const void *bytes, size_t n)
{
    if (w->n + n <= w->cap) {
        memcpy(w->p + w->n, bytes, n);
        w->n += n;
    }
}

static inline void fz_put_u8(fz_writer *w, uint8_t v)
{
    fz_put(w, &v, 1);
}

static inline void fz_put_le(fz_writer *w, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++)
        fz_put_u8(w, (uint8_t)(v >> (8 * i)));
}

/* An int field holding exactly v. */
static inline void fz_put_int(fz_writer *w, int64_t v)
{
    if (v >= 0 && v <= 126) {
        fz_put_u8(w, (uint8_t)(v + 1));
    } else {
        fz_put_u8(w, FZ_INT_RAW);
        fz_put_le(w, (uint64_t)v, 8);
    }
}

/* A str field holding s (NULL: host default). */
static inline void fz_put_str(fz_writer *w, const char *s)
{
    if (s == NULL) {
        fz_put_u8(w, FZ_STR_NULL);
        return;
    }
    size_t n = strlen(s);
    if (n <= 190) {
        fz_put_u8(w, (uint8_t)(0x40 + n));
    } else {
        fz_put_u8(w, FZ_STR_LONG);
        fz_put_le(w, n > 65535 ? 65535 : n, 2);
        n = n > 65535 ? 65535 : n;
    }
    fz_put(w, s, n);
}

static inline void fz_put_instant(fz_writer *w, int64_t v)
{
    fz_put_u8(w, FZ_INSTANT_RAW);
    fz_put_le(w, (uint64_t)v, 8);
}

#endif /* FEEDDATE_FUZZ_API_H */
