/*
 * test_vectors.c — every golden vector through the C API.
 *
 *   test_vectors Tests/vectors/core.jsonl
 *
 * For each line: options -> fd_formatter_new -> fd_format, then compare the
 * text bytes, next_change_ms (null = FD_NEVER), the bytes covered by the day
 * and time parts, and the expired flag. Then the lines are grouped by
 * identical options and now, and each group goes through fd_format_many,
 * which must equal fd_format label by label and report the earliest next
 * change. One check per vector and one per group; prints a FAIL line per
 * mismatch and closes with "N passed, N failed".
 */
#define _POSIX_C_SOURCE 200809L /* opendir */

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <dirent.h>

#include "feeddate.h"
#include "jsonl.h"
#include "testkit.h"
#include "vector_options.h"

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))
#define HAS_1_1_OPTIONS (FD_VERSION_MAJOR > 1 || FD_VERSION_MINOR >= 1)
#define HAS_UTF16 (FD_VERSION_MAJOR > 1 || FD_VERSION_MINOR >= 2) /* and fd_format_many_nul: 1.2 */

/* ---- one vector ---- */

typedef struct vector {
    size_t line;
    json_value json; /* owns every string below */
    const char *note;
    const char *style_name;
    fd_options options;
    char *options_key; /* identical options <=> identical keys */
    int64_t t_ms, now_ms;
    const char *text;
    size_t text_length;
    int64_t next_change_ms;
    size_t day_part[2], time_part[2];
    int expired;
    /* what fd_format returned */
    fd_formatter *formatter; /* borrowed from the cache */
    int formatted;           /* fd_format returned FD_OK with a consistent length */
    char got[FD_LABEL_CAPACITY];
    fd_label info;
    int grouped;
} vector;

/* Prints the FAIL line prefix naming the vector (the caller counts the check). */
static void fail_prefix(const vector *v)
{
    printf("FAIL line %lu [%s %s %s t=%lld now=%lld] %s: ", (unsigned long)v->line, v->style_name ? v->style_name : "?",
           v->options.locale ? v->options.locale : "?", v->options.time_zone ? v->options.time_zone : "?",
           (long long)v->t_ms, (long long)v->now_ms, v->note ? v->note : "");
}

/* Reports a malformed vector line (counted as one failed check). */
static int bad_line(const vector *v, const char *what)
{
    tk_count(0);
    fail_prefix(v);
    printf("malformed vector: %s\n", what);
    return -1;
}

/* A required member of the given type, or NULL. */
static const json_value *member(const json_value *obj, const char *key, json_type type)
{
    const json_value *m = json_get(obj, key);
    return m != NULL && m->type == type ? m : NULL;
}

/* Reads a [start, end) pair that must lie inside a text of text_length bytes. */
static int read_part(const json_value *obj, const char *key, size_t text_length, size_t part[2])
{
    const json_value *a = member(obj, key, JSON_ARRAY);
    if (a == NULL || a->count != 2 || a->items[0].type != JSON_INT || a->items[1].type != JSON_INT)
        return -1;
    int64_t start = a->items[0].integer, end = a->items[1].integer;
    if (start < 0 || end < start || (uint64_t)end > text_length)
        return -1;
    part[0] = (size_t)start;
    part[1] = (size_t)end;
    return 0;
}

/* Applies one vector option to *o. Returns 0, or -1 with a reason in *why. */
/* Writes the options key of o into buf (snprintf semantics: returns the length needed). */
static int write_options_key(char *buf, size_t cap, const fd_options *o)
{
    const char *locale = o->locale ? o->locale : "", *zone = o->time_zone ? o->time_zone : "";
    int n =
        snprintf(buf, cap, "%d|%lu:%s|%lu:%s|%d|%d|%d|%lld|%lld|%d|%d|%d|%d", (int)o->style,
                 (unsigned long)strlen(locale), locale, (unsigned long)strlen(zone), zone, (int)o->hour_cycle,
                 (int)o->width, (int)o->recent_relative, (long long)o->just_now_ms, (long long)o->skew_tolerance_ms,
                 (int)o->cross_year_grace_days, (int)o->weekday_window_days, (int)o->precision, (int)o->countdown_days);
#if HAS_1_1_OPTIONS
    if (n < 0)
        return n;
    const char *words[4] = {o->just_now_text, o->yesterday_text, o->day_before_yesterday_text, o->tomorrow_text};
    size_t used = (size_t)n < cap ? (size_t)n : cap;
    int more = snprintf(buf ? buf + used : NULL, cap - used, "|%d|%d|%d|%d", (int)o->plain_spaces, (int)o->spoken,
                        (int)o->overtime, (int)o->max_unit);
    if (more < 0)
        return more;
    n += more;
    for (int i = 0; i < 4; i++) {
        used = (size_t)n < cap ? (size_t)n : cap;
        more = words[i]
                   ? snprintf(buf ? buf + used : NULL, cap - used, "|%lu:%s", (unsigned long)strlen(words[i]), words[i])
                   : snprintf(buf ? buf + used : NULL, cap - used, "|-");
        if (more < 0)
            return more;
        n += more;
    }
#endif
    return n;
}

/* A string that is equal for two vectors exactly when their options are (malloc'd). */
static char *options_key(const fd_options *o)
{
    int n = write_options_key(NULL, 0, o);
    char *key = n < 0 ? NULL : malloc((size_t)n + 1);
    if (key != NULL)
        write_options_key(key, (size_t)n + 1, o);
    return key;
}

/* Fills v from its parsed JSON line. Returns 0, or -1 after reporting a failure. */
static int load_vector(vector *v)
{
    const json_value *j = &v->json, *m;
    if (j->type != JSON_OBJECT)
        return bad_line(v, "not an object");
    if ((m = member(j, "note", JSON_STRING)) != NULL)
        v->note = m->string;
    if ((m = member(j, "t_ms", JSON_INT)) == NULL)
        return bad_line(v, "t_ms missing or not an integer");
    v->t_ms = m->integer;
    if ((m = member(j, "now_ms", JSON_INT)) == NULL)
        return bad_line(v, "now_ms missing or not an integer");
    v->now_ms = m->integer;
    if ((m = member(j, "style", JSON_STRING)) == NULL)
        return bad_line(v, "style missing or not a string");
    v->style_name = m->string;
    const char *why = NULL, *key = NULL;
    if (vo_read(&v->options, m->string, member(j, "options", JSON_OBJECT), &key, &why) != 0) {
        tk_count(0);
        fail_prefix(v);
        printf("malformed vector: %s%s%s%s\n", key ? "option \"" : "", key ? key : "", key ? "\": " : "", why);
        return -1;
    }
    if (v->options.locale == NULL || v->options.time_zone == NULL)
        return bad_line(v, "options must give locale and tz");
    if ((m = member(j, "text", JSON_STRING)) == NULL)
        return bad_line(v, "text missing or not a string");
    v->text = m->string;
    v->text_length = m->length;
    m = json_get(j, "next_change_ms");
    if (m != NULL && m->type == JSON_NULL)
        v->next_change_ms = FD_NEVER;
    else if (m != NULL && m->type == JSON_INT)
        v->next_change_ms = m->integer;
    else
        return bad_line(v, "next_change_ms missing or neither null nor an integer");
    if (read_part(j, "day_part", v->text_length, v->day_part) != 0)
        return bad_line(v, "day_part is not a [start, end) pair inside the text");
    if (read_part(j, "time_part", v->text_length, v->time_part) != 0)
        return bad_line(v, "time_part is not a [start, end) pair inside the text");
    if ((m = member(j, "expired", JSON_BOOL)) == NULL)
        return bad_line(v, "expired missing or not a boolean");
    v->expired = m->boolean;
    v->options_key = options_key(&v->options);
    if (v->options_key == NULL)
        return bad_line(v, "out of memory");
    return 0;
}

/* ---- formatters, created once per distinct option set ---- */

typedef struct cached_formatter {
    char *key; /* a copy: formatters are kept across files */
    fd_formatter *formatter;
    fd_status status;
} cached_formatter;

static cached_formatter *cache;
static size_t cache_count;

/* The formatter for v's options (NULL with *status set when creation failed). */
static fd_formatter *formatter_for(const vector *v, fd_status *status)
{
    for (size_t i = 0; i < cache_count; i++) {
        if (strcmp(cache[i].key, v->options_key) == 0) {
            *status = cache[i].status;
            return cache[i].formatter;
        }
    }
    cached_formatter *grown = realloc(cache, (cache_count + 1) * sizeof *cache);
    if (grown == NULL) {
        *status = FD_ERR_MEMORY;
        return NULL;
    }
    cache = grown;
    /* Its own copy of the key: the cache outlives each file's vectors. */
    char *key = malloc(strlen(v->options_key) + 1);
    if (key == NULL) {
        *status = FD_ERR_MEMORY;
        return NULL;
    }
    strcpy(key, v->options_key);
    cached_formatter *c = &cache[cache_count++];
    c->key = key;
    c->formatter = NULL;
    c->status = fd_formatter_new(&v->options, &c->formatter);
    *status = c->status;
    return c->formatter;
}

/* ---- comparing one vector ---- */

static void print_mismatch_text(const char *what, const char *want, size_t want_len, const char *got, size_t got_len)
{
    printf("%s: expected ", what);
    tk_print_text(stdout, want, want_len);
    printf(", got ");
    tk_print_text(stdout, got, got_len);
    putchar('\n');
}

/* Compares the bytes of an expected part with the part fd_format reported. */
static int part_matches(const vector *v, const char *what, const size_t want[2], size_t offset, size_t length)
{
    size_t want_len = want[1] - want[0];
    int in_text = offset <= v->info.length && length <= v->info.length - offset;
    int ok = in_text && length == want_len && memcmp(v->got + offset, v->text + want[0], want_len) == 0 &&
             (want_len != 0 || offset == 0); /* an empty part is 0, 0 */
    if (!ok) {
        char label[64];
        fail_prefix(v);
        snprintf(label, sizeof label, "%s [%lu,%lu) vs [%lu,%lu)", what, (unsigned long)want[0], (unsigned long)want[1],
                 (unsigned long)offset, (unsigned long)(offset + length));
        if (in_text)
            print_mismatch_text(label, v->text + want[0], want_len, v->got + offset, length);
        else
            printf("%s: reported part lies outside the %lu-byte text\n", label, (unsigned long)v->info.length);
    }
    return ok;
}

/* Runs fd_format for v and compares everything. Counts one check. */
static void check_vector(vector *v)
{
    char name[TK_SHORT_TEXT], a[TK_SHORT_TEXT], b[TK_SHORT_TEXT];
    fd_status s;
    v->formatter = formatter_for(v, &s);
    if (v->formatter == NULL) {
        tk_count(0);
        fail_prefix(v);
        printf("fd_formatter_new: %s (%s)\n", tk_status_name(s, name, sizeof name), fd_status_message(s));
        return;
    }
    memset(v->got, 0, sizeof v->got);
    memset(&v->info, 0xA5, sizeof v->info); /* nothing may be left unset */
    s = fd_format(v->formatter, v->t_ms, v->now_ms, v->got, sizeof v->got, &v->info);
    if (s != FD_OK) {
        tk_count(0);
        fail_prefix(v);
        printf("fd_format: %s (%s)\n", tk_status_name(s, name, sizeof name), fd_status_message(s));
        return;
    }
    const char *nul = memchr(v->got, '\0', sizeof v->got);
    if (nul == NULL || (size_t)(nul - v->got) != v->info.length) {
        tk_count(0);
        fail_prefix(v);
        printf("info.length %lu disagrees with the NUL-terminated text (%s %lu)\n", (unsigned long)v->info.length,
               nul ? "strlen" : "no NUL in", (unsigned long)(nul ? (size_t)(nul - v->got) : sizeof v->got));
        return;
    }
    v->formatted = 1;
    int ok = 1;
    if (v->info.length != v->text_length || memcmp(v->got, v->text, v->text_length) != 0) {
        fail_prefix(v);
        print_mismatch_text("text", v->text, v->text_length, v->got, v->info.length);
        ok = 0;
    }
    if (v->info.next_change_ms != v->next_change_ms) {
        fail_prefix(v);
        printf("next_change: expected %lld (%s), got %lld (%s)\n", (long long)v->next_change_ms,
               tk_instant(v->next_change_ms, a, sizeof a), (long long)v->info.next_change_ms,
               tk_instant(v->info.next_change_ms, b, sizeof b));
        ok = 0;
    }
    ok &= part_matches(v, "day_part", v->day_part, v->info.day_offset, v->info.day_length);
    ok &= part_matches(v, "time_part", v->time_part, v->info.time_offset, v->info.time_length);
    if ((v->info.expired != 0) != (v->expired != 0) || (v->info.expired != 0 && v->info.expired != 1)) {
        fail_prefix(v);
        printf("expired: expected %d, got %d\n", v->expired, (int)v->info.expired);
        ok = 0;
    }
    tk_count(ok);
}

#if HAS_UTF16
/* ---- the same labels as UTF-16, and with a NUL after each (1.2) ---- */

/* The UTF-16 of the UTF-8 s[0..n) into out (NULL: only counted), decoded by
 * jsonl.c's decoder, not the library's; returns the code units. */
static size_t to_utf16(const char *s, size_t n, uint16_t *out)
{
    size_t units = 0;
    for (size_t i = 0; i < n;) {
        uint32_t cp = 0;
        size_t len = json_utf8_decode((const unsigned char *)s + i, n - i, &cp);
        if (len == 0)
            return (size_t)-1;
        if (cp >= 0x10000) {
            if (out) {
                out[units] = (uint16_t)(0xD800 + ((cp - 0x10000) >> 10));
                out[units + 1] = (uint16_t)(0xDC00 + ((cp - 0x10000) & 0x3FF));
            }
            units += 2;
        } else {
            if (out)
                out[units] = (uint16_t)cp;
            units += 1;
        }
        i += len;
    }
    return units;
}

/* fd_format_utf16 gives the UTF-16 of the label fd_format gave, its parts
 * and length in code units, the same next change and expired flag, and a
 * code unit 0 after it. Counts one check. */
static void check_vector_utf16(const vector *v)
{
    uint16_t want[FD_LABEL_CAPACITY], got[FD_LABEL_CAPACITY];
    fd_label info;
    memset(got, 0xA5, sizeof got);
    memset(&info, 0xA5, sizeof info);
    size_t units = to_utf16(v->got, v->info.length, want);
    fd_status s = fd_format_utf16(v->formatter, v->t_ms, v->now_ms, got, FD_LABEL_CAPACITY, &info);
    int ok = s == FD_OK && units != (size_t)-1 && info.length == units && got[units] == 0 &&
             memcmp(got, want, units * sizeof *got) == 0 && info.next_change_ms == v->info.next_change_ms &&
             info.expired == v->info.expired && info.day_offset == to_utf16(v->got, v->info.day_offset, NULL) &&
             info.day_length == to_utf16(v->got + v->info.day_offset, v->info.day_length, NULL) &&
             info.time_offset == to_utf16(v->got, v->info.time_offset, NULL) &&
             info.time_length == to_utf16(v->got + v->info.time_offset, v->info.time_length, NULL);
    if (!ok) {
        fail_prefix(v);
        printf("fd_format_utf16: status %d, %lu code units (fd_format's text has %lu), day %lu+%lu, time %lu+%lu, "
               "next change %lld\n",
               (int)s, (unsigned long)info.length, (unsigned long)units, (unsigned long)info.day_offset,
               (unsigned long)info.day_length, (unsigned long)info.time_offset, (unsigned long)info.time_length,
               (long long)info.next_change_ms);
    }
    tk_count(ok);
}

/* fd_format_many_utf16 over a group: the labels of fd_format as UTF-16, ends
 * in code units, the same earliest change; then too small a buffer by one
 * code unit: FD_ERR_BUFFER with the code units needed and nothing written
 * past it. Counts one check. */
static void check_group_utf16(vector *vs, const size_t *idx, size_t n, const int64_t *ts, int64_t earliest)
{
    size_t cap = n * FD_LABEL_CAPACITY, *ends = malloc(n * sizeof *ends);
    uint16_t *buf = malloc((cap + 1) * sizeof *buf), want[FD_LABEL_CAPACITY];
    int64_t next_min = 0;
    int ok = ends != NULL && buf != NULL;
    if (ok && fd_format_many_utf16(vs[idx[0]].formatter, ts, n, vs[idx[0]].now_ms, buf, cap, ends, &next_min) != FD_OK)
        ok = 0;
    for (size_t i = 0, start = 0; ok && i < n; start = ends[i++]) {
        const vector *v = &vs[idx[i]];
        size_t units = to_utf16(v->got, v->info.length, want);
        ok = ends[i] >= start && ends[i] - start == units && memcmp(buf + start, want, units * sizeof *want) == 0;
    }
    ok = ok && next_min == earliest && (ends[n - 1] >= cap || buf[ends[n - 1]] == 0);
    if (ok && ends[n - 1] > 0) {
        size_t need = ends[n - 1], small = need - 1;
        buf[small] = 0x5A5A;
        ok = fd_format_many_utf16(vs[idx[0]].formatter, ts, n, vs[idx[0]].now_ms, buf, small, ends, NULL) ==
                 FD_ERR_BUFFER &&
             ends[n - 1] == need && buf[small] == 0x5A5A;
    }
    if (!ok) {
        fail_prefix(&vs[idx[0]]);
        printf("fd_format_many_utf16 group of %lu: not fd_format's labels as UTF-16 (or its ends, earliest change, "
               "or buffer rules)\n",
               (unsigned long)n);
    }
    tk_count(ok);
    free(ends);
    free(buf);
}

/* fd_format_many_nul over a group: fd_format's labels, each followed by a NUL that ends[i] counts,
 * the same earliest change; then a buffer one byte short: FD_ERR_BUFFER with the bytes needed and
 * nothing written at or past cap. Counts one check. */
static void check_group_nul(vector *vs, const size_t *idx, size_t n, const int64_t *ts, int64_t earliest)
{
    size_t cap = n * FD_LABEL_CAPACITY, *ends = malloc(n * sizeof *ends);
    char *buf = malloc(cap);
    int64_t next_min = 0;
    int ok = ends != NULL && buf != NULL;
    if (ok && fd_format_many_nul(vs[idx[0]].formatter, ts, n, vs[idx[0]].now_ms, buf, cap, ends, &next_min) != FD_OK)
        ok = 0;
    for (size_t i = 0, start = 0; ok && i < n; start = ends[i++]) {
        const vector *v = &vs[idx[i]];
        ok = ends[i] > start && ends[i] - start == v->info.length + 1 &&
             memcmp(buf + start, v->got, v->info.length) == 0 && buf[ends[i] - 1] == '\0';
    }
    ok = ok && next_min == earliest;
    if (ok) {
        size_t need = ends[n - 1], small = need - 1;
        buf[small] = 'Z';
        ok = fd_format_many_nul(vs[idx[0]].formatter, ts, n, vs[idx[0]].now_ms, buf, small, ends, NULL) ==
                 FD_ERR_BUFFER &&
             ends[n - 1] == need && buf[small] == 'Z';
    }
    if (!ok) {
        fail_prefix(&vs[idx[0]]);
        printf("fd_format_many_nul group of %lu: not fd_format's labels each with a NUL (or its ends, earliest "
               "change, or buffer rules)\n",
               (unsigned long)n);
    }
    tk_count(ok);
    free(ends);
    free(buf);
}
#endif

/* ---- fd_format_many over groups of identical options and now ---- */

/* Checks one group (vectors at idx[0..n)) through fd_format_many. Counts one check. */
static void check_group(vector *vs, const size_t *idx, size_t n)
{
    const vector *first = &vs[idx[0]];
    char name[TK_SHORT_TEXT], a[TK_SHORT_TEXT], b[TK_SHORT_TEXT];
    int64_t *ts = malloc(n * sizeof *ts);
    size_t *ends = malloc(n * sizeof *ends);
    size_t cap = n * FD_LABEL_CAPACITY;
    char *buf = malloc(cap);
    int ok = 1;
    int64_t earliest = FD_NEVER, next_min = 0;
    if (ts == NULL || ends == NULL || buf == NULL) {
        fail_prefix(first);
        printf("fd_format_many group of %lu: out of memory\n", (unsigned long)n);
        ok = 0;
        goto done;
    }
    for (size_t i = 0; i < n; i++) {
        const vector *v = &vs[idx[i]];
        ts[i] = v->t_ms;
        if (v->info.next_change_ms < earliest)
            earliest = v->info.next_change_ms;
    }
    fd_status s = fd_format_many(first->formatter, ts, n, first->now_ms, buf, cap, ends, &next_min);
    if (s != FD_OK) {
        fail_prefix(first);
        printf("fd_format_many group of %lu: %s (%s)\n", (unsigned long)n, tk_status_name(s, name, sizeof name),
               fd_status_message(s));
        ok = 0;
        goto done;
    }
    size_t start = 0;
    for (size_t i = 0; i < n; i++) {
        const vector *v = &vs[idx[i]];
        if (ends[i] < start || ends[i] > cap) {
            fail_prefix(v);
            printf("fd_format_many: ends[%lu] = %lu does not follow %lu\n", (unsigned long)i, (unsigned long)ends[i],
                   (unsigned long)start);
            ok = 0;
            goto done;
        }
        if (ends[i] - start != v->info.length || memcmp(buf + start, v->got, v->info.length) != 0) {
            fail_prefix(v);
            print_mismatch_text("fd_format_many label vs fd_format", v->got, v->info.length, buf + start,
                                ends[i] - start);
            ok = 0;
        }
        start = ends[i];
    }
    if (start >= cap || buf[start] != '\0') {
        fail_prefix(first);
        printf("fd_format_many: no NUL after the last label although room was left\n");
        ok = 0;
    }
    if (next_min != earliest) {
        fail_prefix(first);
        printf("fd_format_many next_change_min: expected %lld (%s), got %lld (%s)\n", (long long)earliest,
               tk_instant(earliest, a, sizeof a), (long long)next_min, tk_instant(next_min, b, sizeof b));
        ok = 0;
    }
#if HAS_UTF16
    check_group_utf16(vs, idx, n, ts, earliest);
    check_group_nul(vs, idx, n, ts, earliest);
#endif
done:
    tk_count(ok);
    free(ts);
    free(ends);
    free(buf);
}

/*
 * Groups the vectors that fd_format labelled by options and now, and checks
 * every group (vectors fd_format failed on have failed already).
 */
static void check_groups(vector *vs, size_t count)
{
    size_t *idx = malloc((count ? count : 1) * sizeof *idx);
    if (idx == NULL) {
        tk_fail("fd_format_many groups: out of memory");
        return;
    }
    for (size_t i = 0; i < count; i++) {
        if (vs[i].grouped || !vs[i].formatted)
            continue;
        size_t n = 0;
        for (size_t j = i; j < count; j++) {
            if (!vs[j].grouped && vs[j].formatted && vs[j].now_ms == vs[i].now_ms &&
                strcmp(vs[j].options_key, vs[i].options_key) == 0) {
                vs[j].grouped = 1;
                idx[n++] = j;
            }
        }
        check_group(vs, idx, n);
    }
    free(idx);
}

/* ---- which files ---- */

#ifndef FD_VECTORS_DIR
#define FD_VECTORS_DIR "Tests/vectors" /* from the repository's top */
#endif
#define MAX_FILES 64

/*
 * The vector files to run (SPEC section 10): the arguments; else
 * FEEDDATE_VECTORS (paths separated by ':'); else every .jsonl file of
 * FD_VECTORS_DIR, sorted by name: one set for every host since 1.3 (SPEC
 * section 13), never a choice by ICU version. No file at all is a failure.
 * `test_vectors --list` prints the choice, one path a line, and runs nothing
 * (the Makefile gives test_vectors_abi10 the files without the 1.1 options).
 */
static int compare_names(const void *a, const void *b)
{
    return strcmp(a, b);
}

static size_t vector_files(int argc, char **argv, char *paths[MAX_FILES], char *names_buf, size_t buf_cap)
{
    size_t n = 0;
    if (argc > 1) {
        for (int i = 1; i < argc && n < MAX_FILES; i++)
            paths[n++] = argv[i];
        return n;
    }
    const char *env = getenv("FEEDDATE_VECTORS");
    if (env != NULL && env[0] != '\0') {
        snprintf(names_buf, buf_cap, "%s", env);
        for (char *p = strtok(names_buf, ":"); p != NULL && n < MAX_FILES; p = strtok(NULL, ":"))
            paths[n++] = p;
        return n;
    }
    static char names[MAX_FILES][256];
    size_t count = 0;
    DIR *d = opendir(FD_VECTORS_DIR);
    if (d == NULL) {
        tk_fail("%s does not exist (run from the repository's top, or set FEEDDATE_VECTORS)", FD_VECTORS_DIR);
        return 0;
    }
    for (struct dirent *e; (e = readdir(d)) != NULL && count < MAX_FILES;) {
        size_t len = strlen(e->d_name);
        if (len < 7 || len >= 256 || strcmp(e->d_name + len - 6, ".jsonl") != 0)
            continue;
        memcpy(names[count++], e->d_name, len + 1);
    }
    closedir(d);
    qsort(names, count, sizeof names[0], compare_names);
    size_t used = 0;
    for (size_t i = 0; i < count; i++) {
        int w = snprintf(names_buf + used, buf_cap - used, "%s/%s", FD_VECTORS_DIR, names[i]);
        if (w < 0 || (size_t)w >= buf_cap - used)
            break;
        paths[n++] = names_buf + used;
        used += (size_t)w + 1;
    }
    if (n == 0)
        tk_fail("no .jsonl files in %s", FD_VECTORS_DIR);
    return n;
}

/* ---- main ---- */

/* Checks every vector of one file; returns how many it held. */
static size_t run_file(const char *path)
{
    char err[256];
    jsonl_file file;
    vector *vs = NULL;
    size_t count = 0, cap = 0;
    if (jsonl_open(&file, path, err, sizeof err) != 0) {
        tk_fail("%s", err);
        return 0;
    }
    for (;;) {
        if (count == cap) {
            size_t new_cap = cap ? cap * 2 : 1024;
            vector *grown = realloc(vs, new_cap * sizeof *vs);
            if (grown == NULL) {
                tk_fail("out of memory reading %s", path);
                break;
            }
            vs = grown;
            cap = new_cap;
        }
        vector *v = &vs[count];
        memset(v, 0, sizeof *v);
        int rc = jsonl_next(&file, &v->json, err, sizeof err);
        if (rc == 0)
            break;
        v->line = file.line;
        if (rc < 0) {
            tk_fail("%s line %lu: JSON: %s", path, (unsigned long)file.line, err);
            continue;
        }
        count++;
        if (load_vector(v) == 0)
            check_vector(v);
#if HAS_UTF16
        if (v->formatted)
            check_vector_utf16(v);
#endif
    }
    jsonl_close(&file);
    if (count == 0)
        tk_fail("%s holds no vectors", path);
    check_groups(vs, count);
    for (size_t i = 0; i < count; i++) {
        free(vs[i].options_key);
        json_free(&vs[i].json);
    }
    free(vs);
    return count;
}

int main(int argc, char **argv)
{
    char *paths[MAX_FILES];
    static char names[16384];
    int list = argc > 1 && strcmp(argv[1], "--list") == 0;
    size_t n = vector_files(list ? 1 : argc, argv, paths, names, sizeof names);
    if (list) {
        for (size_t i = 0; i < n; i++)
            printf("%s\n", paths[i]);
        return n > 0 ? 0 : 1; /* a failure printed "FAIL ...", which is no path */
    }
#if FD_VERSION_NUMBER >= 10300
    printf("vectors: %s, %zu file(s)\n", fd_data_version(), n);
#elif FD_VERSION_NUMBER >= 10100
    printf("vectors: ICU %s, %zu file(s)\n", fd_icu_version(), n);
#endif
    for (size_t i = 0; i < n; i++)
        printf("vectors: %s: %zu\n", paths[i], run_file(paths[i]));
    for (size_t i = 0; i < cache_count; i++) {
        fd_formatter_free(cache[i].formatter);
        free(cache[i].key);
    }
    free(cache);
    return tk_finish();
}
