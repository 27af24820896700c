/*
 * CICU — the only code in feeddate that includes ICU headers.
 *
 * ICU renames every C symbol per major version (udat_open_72, ...), so Swift
 * never calls ICU directly: it calls these stable wrappers. Each wrapper is a
 * thin layer over one ICU service; text comes back as UTF-8.
 *
 * Conventions: `err` is an ICU UErrorCode (0 = success, < 0 = warning,
 * > 0 = failure); a wrapper sets it and returns 0/NULL on failure. Functions
 * that write text return the UTF-8 length needed (without NUL); when that is
 * >= cap the output is truncated and must be asked for again. Objects are not
 * thread-safe: the caller serialises access to each one.
 */
#ifndef FEEDDATE_CICU_H
#define FEEDDATE_CICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Names and versions. */
const char *cicu_error_name(int32_t err);
int32_t cicu_default_locale(char *out, int32_t cap);
/* BCP 47 tag -> ICU id; *parsed gets how many bytes of the tag were understood. */
int32_t cicu_locale_for_tag(const char *tag, char *out, int32_t cap, int32_t *parsed, int32_t *err);
int32_t cicu_locale_canonicalize(const char *id, char *out, int32_t cap, int32_t *err);
int32_t cicu_locale_keyword(const char *id, const char *key, char *out, int32_t cap, int32_t *err);
int32_t cicu_locale_set_keyword(const char *key, const char *value, char *id, int32_t cap, int32_t *err);
int32_t cicu_locale_language(const char *id, char *out, int32_t cap, int32_t *err);
int32_t cicu_locale_script(const char *id, char *out, int32_t cap, int32_t *err);
/* uloc_addLikelySubtags: "zh_TW" -> "zh_Hant_TW". */
int32_t cicu_locale_likely(const char *id, char *out, int32_t cap, int32_t *err);
/* The locale ICU finds data for when asked for `id` (ULOC_VALID_LOCALE of
 * its resource bundle): "de" for "de_XX", the default locale for "xx_YY". */
int32_t cicu_locale_valid(const char *id, char *out, int32_t cap, int32_t *err);
const char *cicu_tzdata_version(int32_t *err);
/* The version of ICU in use ("72.1"), written NUL-terminated into out[cap]. */
void cicu_icu_version(char *out, int32_t cap);

/* Date formats. The formatter's zone is UTC: callers pass wall-clock time
 * (local milliseconds since 1970-01-01T00:00) computed from the system's zone
 * rules, so ICU's own zone data never shifts a label. The Gregorian calendar
 * is made proleptic. Capitalization: beginning of sentence. */
void *cicu_datefmt_open(const char *locale, const char *skeleton, int32_t *err);
/* The same for a pattern (UTF-8) that cicu_datefmt_pattern gave: no pattern generator. */
void *cicu_datefmt_open_pattern(const char *locale, const char *pattern, int32_t *err);
int32_t cicu_datefmt_pattern(void *fmt, char *out, int32_t cap, int32_t *err);
int32_t cicu_datefmt_format(void *fmt, double wall_ms, char *out, int32_t cap, int32_t *err);
void cicu_datefmt_close(void *fmt);

/* Relative date/time words. width: 0 long, 1 short, 2 narrow. unit: ICU's
 * URelativeDateTimeUnit (0 year, 1 quarter, 2 month, 3 week, 4 day, 5 hour,
 * 6 minute, 7 second). numeric != 0: "N units ago" even where a word exists. */
void *cicu_reldate_open(const char *locale, int32_t width, int32_t *err);
int32_t cicu_reldate_format(void *rel, double offset, int32_t unit, int32_t numeric,
                            char *out, int32_t cap, int32_t *err);
/* The combining pattern filled with "\x01" for the date and "\x02" for the time,
 * exactly as ureldatefmt_combineDateAndTime produces it (quotes unresolved). */
int32_t cicu_reldate_combine_template(void *rel, char *out, int32_t cap, int32_t *err);
void cicu_reldate_close(void *rel);

/* Number formatting with an ICU number skeleton ("measure-unit/duration-day
 * unit-width-narrow", "" for a plain number). */
void *cicu_numfmt_open(const char *locale, const char *skeleton, int32_t *err);
int32_t cicu_numfmt_format(void *num, int64_t value, char *out, int32_t cap, int32_t *err);
void cicu_numfmt_close(void *num);
/* The locale's default-numbering-system digits 0..9 and decimal separator,
 * each a NUL-terminated UTF-8 string of at most 7 bytes, in out[0..10]. */
int32_t cicu_number_symbols(const char *locale, char out[11][8], int32_t *err);

/* Calendars in UTC holding wall-clock time, in the locale's calendar system. */
void *cicu_cal_open(const char *locale, int32_t *err);
int32_t cicu_cal_type(void *cal, char *out, int32_t cap, int32_t *err);
void cicu_cal_era_year(void *cal, double wall_ms, int32_t *era, int32_t *year, int32_t *err);
/* wall_ms + years + months (ICU add, day of month pinned), as wall ms. */
/* The day of month of wall_ms and the number of days in its month. */
void cicu_cal_month(void *cal, double wall_ms, int32_t *day_of_month, int32_t *days_in_month, int32_t *err);
double cicu_cal_add(void *cal, double wall_ms, int32_t years, int32_t months, int32_t *err);
void cicu_cal_close(void *cal);

/* Fallback zone rules (only when the system has no zone database). */
void *cicu_zone_open(const char *zone_id, int32_t *err);
int32_t cicu_zone_offset_ms(void *zone, double ms, int32_t *err);
/* The next transition strictly after ms; 0 = none. */
int32_t cicu_zone_next_transition(void *zone, double ms, double *next, int32_t *err);
void cicu_zone_close(void *zone);

#ifdef __cplusplus
}
#endif
#endif
