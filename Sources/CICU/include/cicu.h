/*
 * CICU — the only code in feeddate that includes ICU headers.
 *
 * ICU renames every C symbol per major version (udat_open_78, ...), so Swift
 * never calls ICU directly: it calls these stable wrappers. Each wrapper is a
 * thin layer over one ICU service; text comes back as UTF-8.
 *
 * Conventions: `err` is an ICU UErrorCode (0 = success, < 0 = warning,
 * > 0 = failure); a wrapper sets it and returns 0/NULL on failure. Functions
 * that write text return the UTF-8 length needed (without NUL); when that is
 * >= cap the output is truncated and must be asked for again. Objects are not
 * thread-safe: the caller serialises access to each one. Every wrapper but
 * cicu_error_name and cicu_icu_version runs inside the fork gate
 * (forkgate.h), so a fork never finds a thread inside ICU.
 */
#ifndef FEEDDATE_CICU_H
#define FEEDDATE_CICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Handles: one opaque pointer type per kind of ICU object, so that a
 * calendar cannot be passed where a date format is expected. Swift imports
 * each as a distinct wrapper type (swift_wrapper), not as one interchangeable
 * OpaquePointer. */
#if defined(__has_attribute)
#if __has_attribute(swift_wrapper)
#define CICU_HANDLE __attribute__((swift_wrapper(struct)))
#endif
#if __has_attribute(enum_extensibility)
#define CICU_ENUM __attribute__((enum_extensibility(closed)))
#endif
#if __has_attribute(swift_name)
#define CICU_SWIFT_NAME(name) __attribute__((swift_name(name)))
#endif
#endif
#ifndef CICU_HANDLE
#define CICU_HANDLE
#endif
#ifndef CICU_ENUM
#define CICU_ENUM
#endif
#ifndef CICU_SWIFT_NAME
#define CICU_SWIFT_NAME(name)
#endif

typedef struct cicu_datefmt *cicu_datefmt_ref CICU_HANDLE;   /* UDateFormat */
typedef struct cicu_reldate *cicu_reldate_ref CICU_HANDLE;   /* URelativeDateTimeFormatter */
typedef struct cicu_numfmt *cicu_numfmt_ref CICU_HANDLE;     /* UNumberFormatter */
typedef struct cicu_calendar *cicu_calendar_ref CICU_HANDLE; /* UCalendar */
typedef struct cicu_listfmt *cicu_listfmt_ref CICU_HANDLE;   /* UListFormatter */

/* Width of relative words (ICU's UDateRelativeDateTimeFormatterStyle). */
typedef enum CICU_ENUM cicu_width {
    CICU_WIDTH_LONG CICU_SWIFT_NAME("long") = 0,     /* "in 3 minutes" */
    CICU_WIDTH_SHORT CICU_SWIFT_NAME("short") = 1,   /* "in 3 min." */
    CICU_WIDTH_NARROW CICU_SWIFT_NAME("narrow") = 2, /* "in 3m" */
} cicu_width;

/* Unit of relative words (ICU's URelativeDateTimeUnit, same values). */
typedef enum CICU_ENUM cicu_unit {
    CICU_UNIT_YEAR CICU_SWIFT_NAME("year") = 0,
    CICU_UNIT_QUARTER CICU_SWIFT_NAME("quarter") = 1,
    CICU_UNIT_MONTH CICU_SWIFT_NAME("month") = 2,
    CICU_UNIT_WEEK CICU_SWIFT_NAME("week") = 3,
    CICU_UNIT_DAY CICU_SWIFT_NAME("day") = 4,
    CICU_UNIT_HOUR CICU_SWIFT_NAME("hour") = 5,
    CICU_UNIT_MINUTE CICU_SWIFT_NAME("minute") = 6,
    CICU_UNIT_SECOND CICU_SWIFT_NAME("second") = 7,
} cicu_unit;

/* Names and versions. */
const char *cicu_error_name(int32_t err);
int32_t cicu_default_locale(char *out, int32_t cap);
/* BCP 47 tag -> ICU id; *parsed gets how many bytes of the tag were understood. */
int32_t cicu_locale_for_tag(const char *tag, char *out, int32_t cap, int32_t *parsed, int32_t *err);
int32_t cicu_locale_canonicalize(const char *id, char *out, int32_t cap, int32_t *err);
int32_t cicu_locale_keyword(const char *id, const char *key, char *out, int32_t cap, int32_t *err);
int32_t cicu_locale_language(const char *id, char *out, int32_t cap, int32_t *err);
int32_t cicu_locale_script(const char *id, char *out, int32_t cap, int32_t *err);
/* uloc_addLikelySubtags: "zh_TW" -> "zh_Hant_TW". */
int32_t cicu_locale_likely(const char *id, char *out, int32_t cap, int32_t *err);
/* The locale ICU finds data for when asked for `id` (ULOC_VALID_LOCALE of
 * its resource bundle): "de" for "de_XX", the default locale for "xx_YY". */
int32_t cicu_locale_valid(const char *id, char *out, int32_t cap, int32_t *err);
/* `id` with keyword `key` set to `value`, or removed when `value` is NULL. */
int32_t cicu_locale_set_keyword(const char *id, const char *key, const char *value, char *out, int32_t cap,
                                int32_t *err);
/* Every calendar type ICU knows ("gregorian,japanese,buddhist,..."), comma-separated. */
int32_t cicu_calendar_types(char *out, int32_t cap, int32_t *err);
/* The numbering system a locale id resolves to ("latn", "arab", "jpan"),
 * and whether it is algorithmic (no digits 0-9: "jpan", "roman", "hebr").
 * An unknown "numbers" keyword fails (U_UNSUPPORTED_ERROR). */
int32_t cicu_numbering_system(const char *locale, char *out, int32_t cap, int32_t *algorithmic, int32_t *err);
/* The canonical id ICU's own zone table gives zone name `id`
 * ("America/New_York" for "US/Eastern"), as UTF-8; U_ILLEGAL_ARGUMENT_ERROR
 * when ICU does not know it. Only a NAME for an error's hint: ICU's zone
 * RULES are never used (ICU's built-in tzdata is as old as its release). */
int32_t cicu_zone_canonical_id(const char *id, char *out, int32_t cap, int32_t *err);
/* The version of ICU in use ("78.3"), written NUL-terminated into out[cap]. */
void cicu_icu_version(char *out, int32_t cap);
/* The CLDR version of ICU's data ("48.0"), NUL-terminated; "unknown" when
 * the data does not say. Returns the length. */
int32_t cicu_cldr_version(char *out, int32_t cap);
/* 1 when built against the system's ICU (make ICU=system), 0 for the ICU the
 * library carries. */
int cicu_is_system(void);

/* Date formats. The formatter's zone is UTC: callers pass wall-clock time
 * (local milliseconds since 1970-01-01T00:00) computed from the system's zone
 * rules, so ICU's own zone data never shifts a label. The Gregorian calendar
 * is made proleptic. Capitalization: beginning of sentence. */
cicu_datefmt_ref cicu_datefmt_open(const char *locale, const char *skeleton, int32_t *err);
/* The same for a pattern (UTF-8) that cicu_datefmt_pattern gave: no pattern generator. */
cicu_datefmt_ref cicu_datefmt_open_pattern(const char *locale, const char *pattern, int32_t *err);
int32_t cicu_datefmt_pattern(cicu_datefmt_ref fmt, char *out, int32_t cap, int32_t *err);
int32_t cicu_datefmt_format(cicu_datefmt_ref fmt, double wall_ms, char *out, int32_t cap, int32_t *err);
void cicu_datefmt_close(cicu_datefmt_ref fmt);

/* Relative date/time words. Capitalization: beginning of sentence. */
cicu_reldate_ref cicu_reldate_open(const char *locale, cicu_width width, int32_t *err);
/* The word for an offset ("Yesterday") where the locale has one, else the numeric form. */
int32_t cicu_reldate_format(cicu_reldate_ref rel, double offset, cicu_unit unit, char *out, int32_t cap, int32_t *err);
/* Always numeric: "N units ago" (offset < 0 or -0.0) or "in N units". */
int32_t cicu_reldate_format_numeric(cicu_reldate_ref rel, double offset, cicu_unit unit, char *out, int32_t cap,
                                    int32_t *err);
/* The combining pattern filled with "\x01" for the date and "\x02" for the time,
 * exactly as ureldatefmt_combineDateAndTime produces it (quotes unresolved). */
int32_t cicu_reldate_combine_template(cicu_reldate_ref rel, char *out, int32_t cap, int32_t *err);
void cicu_reldate_close(cicu_reldate_ref rel);

/* Number formatting with an ICU number skeleton ("measure-unit/duration-day
 * unit-width-narrow", "" for a plain number). */
cicu_numfmt_ref cicu_numfmt_open(const char *locale, const char *skeleton, int32_t *err);
int32_t cicu_numfmt_format(cicu_numfmt_ref num, int64_t value, char *out, int32_t cap, int32_t *err);
void cicu_numfmt_close(cicu_numfmt_ref num);
/* A list of measures ("1 day, 3 hours, 4 minutes"): ICU's list format of
 * type UNITS, width WIDE, as MeasureFormat::formatMeasures joins them. */
cicu_listfmt_ref cicu_listfmt_open_units(const char *locale, int32_t *err);
/* Joins `count` UTF-8 items (NUL-terminated; count <= 8). */
int32_t cicu_listfmt_format(cicu_listfmt_ref list, const char *const *items, int32_t count, char *out, int32_t cap,
                            int32_t *err);
void cicu_listfmt_close(cicu_listfmt_ref list);
/* The digits 0..9, the decimal separator and the minus sign of the locale's
 * numbering system, each a NUL-terminated UTF-8 string of at most 7 bytes,
 * in out[0..11]. */
int32_t cicu_number_symbols(const char *locale, char out[12][8], int32_t *err);

/* Calendars in UTC holding wall-clock time, in the locale's calendar system. */
cicu_calendar_ref cicu_cal_open(const char *locale, int32_t *err);
/* ICU's name of the calendar system: "gregorian", "persian", ... */
int32_t cicu_cal_type(cicu_calendar_ref cal, char *out, int32_t cap, int32_t *err);
void cicu_cal_era_year(cicu_calendar_ref cal, double wall_ms, int32_t *era, int32_t *year, int32_t *err);
/* The day of month of wall_ms and the number of days in its month. */
void cicu_cal_month(cicu_calendar_ref cal, double wall_ms, int32_t *day_of_month, int32_t *days_in_month, int32_t *err);
/* wall_ms + years, then + months (ICU's add, day of month pinned at each), as wall ms. */
double cicu_cal_add(cicu_calendar_ref cal, double wall_ms, int32_t years, int32_t months, int32_t *err);
void cicu_cal_close(cicu_calendar_ref cal);

#ifdef __cplusplus
}
#endif
#endif
