/*
 * testkit.h — what the C test programs share: the pass/fail tally with its
 * closing "N passed, N failed" line, and readable printing of labels,
 * statuses and instants in failure messages.
 */
#ifndef FEEDDATE_TESTS_TESTKIT_H
#define FEEDDATE_TESTS_TESTKIT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "feeddate.h"

/* Whether two fd_labels say the same, field by field (their padding is not compared: the library
 * may leave it as it was). Inline, so that the fuzzers can use it without testkit.c. */
static inline int tk_label_same(const fd_label *a, const fd_label *b)
{
    return a->length == b->length && a->next_change_ms == b->next_change_ms && a->day_offset == b->day_offset &&
           a->day_length == b->day_length && a->time_offset == b->time_offset && a->time_length == b->time_length &&
           a->expired == b->expired;
}

/* Counts one check as passed (ok != 0) or failed. Returns ok. */
int tk_count(int ok);

/* One check: counted as passed when cond holds, else a failure printed with the message. */
#define CHECK(cond, ...)          \
    do {                          \
        if (cond)                 \
            tk_count(1);          \
        else                      \
            tk_fail(__VA_ARGS__); \
    } while (0)

/* Counts a failed check and prints "FAIL " + the formatted message + newline. */
void tk_fail(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Prints "N passed, N failed" on its own line; returns the exit code (0 when nothing failed). */
int tk_finish(void);

/*
 * Prints s[0..n) in double quotes as UTF-8 text. Made visible instead:
 * '"' and '\' (backslash-escaped), ASCII controls and malformed bytes
 * (\xNN), and invisible or space-like characters such as U+202F, U+00A0 and
 * U+200F ({U+202F}), so that "2:30 PM" and "2:30{U+202F}PM" differ on screen.
 */
void tk_print_text(FILE *out, const char *s, size_t n);

/* "FD_ERR_RANGE" for FD_ERR_RANGE, "status 12345" for unknown values (static or buf). */
const char *tk_status_name(int status, char *buf, size_t cap);

/*
 * Writes ms as "2024-03-25T18:30:00.000Z" (proleptic Gregorian, any int64),
 * or "never" for FD_NEVER. Returns buf.
 */
char *tk_instant(int64_t ms, char *buf, size_t cap);

/*
 * The count in argv[1] when there is one (else `fallback`), which must lie in
 * [min, max]; otherwise prints a usage line and exits with status 2.
 */
size_t tk_count_arg(int argc, char **argv, size_t fallback, long long min, long long max);

/* A buffer large enough for tk_instant and tk_status_name. */
#define TK_SHORT_TEXT 48

#endif /* FEEDDATE_TESTS_TESTKIT_H */
