/*
 * fd_names.h — the names of the header's enum values, written once for every
 * C test and tool: the vector readers (vector_options.c, fuzz/seed_api.c),
 * the loops over every style (test_api.c, fuzz/fuzz_api.c, bench/bench.c,
 * bench/bench_compare.c) and the reports (Tests/diff/diff_check.c).
 *
 * Each list is a switch over the enum with no default, compiled with
 * -Werror=switch: a value the header gains stops every build that includes
 * this file until it is named here. So a new style is named in this file
 * alone, and fdn_count(fdn_style) (the first value past the last) moves with
 * it; Tests/c/test_api.c checks that the library refuses that value, so the
 * library cannot have a style this file does not name either.
 *
 * Include it after a feeddate header: include/feeddate.h, or the frozen
 * Tests/c/abi/feeddate-1.0.h (which has no fd_unit, so no fdn_unit).
 */
#ifndef FEEDDATE_TESTS_FD_NAMES_H
#define FEEDDATE_TESTS_FD_NAMES_H

#ifndef FD_VERSION_MAJOR
#error "fd_names.h: include feeddate.h (or feeddate-1.0.h) first"
#endif

#include <stddef.h>
#include <string.h>

/* A value's two names: as the vectors spell it ("chat_bubble") and as C does
 * ("CHAT_BUBBLE", the FD_STYLE_ name without its prefix). NULL, NULL past the
 * last value. */
typedef struct fdn_name {
    const char *name, *c_name;
} fdn_name;

/* One of the lists below. */
typedef fdn_name (*fdn_list)(int value);

#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wswitch"

static inline fdn_name fdn_style(int value)
{
    switch ((fd_style)value) {
    case FD_STYLE_FEED: return (fdn_name){"feed", "FEED"};
    case FD_STYLE_FEED_DETAIL: return (fdn_name){"feed_detail", "FEED_DETAIL"};
    case FD_STYLE_CHAT_LIST: return (fdn_name){"chat_list", "CHAT_LIST"};
    case FD_STYLE_CHAT_BUBBLE: return (fdn_name){"chat_bubble", "CHAT_BUBBLE"};
    case FD_STYLE_RELATIVE: return (fdn_name){"relative", "RELATIVE"};
    case FD_STYLE_COMPACT: return (fdn_name){"compact", "COMPACT"};
    case FD_STYLE_COUNTDOWN: return (fdn_name){"countdown", "COUNTDOWN"};
    }
    return (fdn_name){NULL, NULL};
}

static inline fdn_name fdn_hour_cycle(int value)
{
    switch ((fd_hour_cycle)value) {
    case FD_HOUR_CYCLE_LOCALE: return (fdn_name){"locale", "LOCALE"};
    case FD_HOUR_CYCLE_H23: return (fdn_name){"h23", "H23"};
    case FD_HOUR_CYCLE_H12: return (fdn_name){"h12", "H12"};
    }
    return (fdn_name){NULL, NULL};
}

static inline fdn_name fdn_width(int value)
{
    switch ((fd_width)value) {
    case FD_WIDTH_LONG: return (fdn_name){"long", "LONG"};
    case FD_WIDTH_SHORT: return (fdn_name){"short", "SHORT"};
    case FD_WIDTH_NARROW: return (fdn_name){"narrow", "NARROW"};
    }
    return (fdn_name){NULL, NULL};
}

#if FD_VERSION_MAJOR > 1 || FD_VERSION_MINOR >= 1
static inline fdn_name fdn_unit(int value)
{
    switch ((fd_unit)value) {
    case FD_UNIT_YEAR: return (fdn_name){"year", "YEAR"};
    case FD_UNIT_MONTH: return (fdn_name){"month", "MONTH"};
    case FD_UNIT_WEEK: return (fdn_name){"week", "WEEK"};
    case FD_UNIT_DAY: return (fdn_name){"day", "DAY"};
    case FD_UNIT_HOUR: return (fdn_name){"hour", "HOUR"};
    case FD_UNIT_MINUTE: return (fdn_name){"minute", "MINUTE"};
    case FD_UNIT_SECOND: return (fdn_name){"second", "SECOND"};
    }
    return (fdn_name){NULL, NULL};
}
#endif

#pragma GCC diagnostic pop

/* How many values `list` names: the first value past the last. */
static inline int fdn_count(fdn_list list)
{
    int n = 0;
    while (list(n).name != NULL)
        n++;
    return n;
}

/* The value `list` names `name` (the vectors' spelling), or -1 (name NULL too). */
static inline int fdn_value(fdn_list list, const char *name)
{
    for (int i = 0; name != NULL && list(i).name != NULL; i++)
        if (strcmp(list(i).name, name) == 0)
            return i;
    return -1;
}

/* The C name of `value` in `list`, or `otherwise` when it names none. */
static inline const char *fdn_c_name(fdn_list list, int value, const char *otherwise)
{
    const char *name = list(value).c_name;
    return name != NULL ? name : otherwise;
}

#endif /* FEEDDATE_TESTS_FD_NAMES_H */
