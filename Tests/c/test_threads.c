/*
 * test_threads.c — formatters shared by 8 threads give the single-threaded labels.
 *
 *   test_threads [count]      (count of instants, default 100000)
 *
 * One formatter per style (each in another locale and zone) labels `count`
 * pseudo-random instants around a fixed now, instant i going to formatter
 * i % 7: that single-threaded pass is the reference. Then 8 threads share
 * those formatters and
 *   1. label every instant with fd_format (each thread starting elsewhere),
 *   2. label them again through fd_format_many in chunks per formatter,
 *   3. create formatters of their own at the same time, label a sample and
 *      free them (concurrent creation and ICU data loading),
 * and every text, next change, part and flag must equal the reference.
 * One check per thread and phase; closes with "N passed, N failed".
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "feeddate.h"
#include "testkit.h"

#define THREADS 8
#define CHUNK 64            /* labels per fd_format_many call */
#define SAMPLE_STRIDE 97    /* phase 3 labels every 97th instant */
#define MAX_REPORTS 3       /* mismatches printed per thread and phase */
#define NOW 1711391400000LL /* 2024-03-25T18:30:00Z */

/* The formatters, one per style (index = style). */
static const struct config {
    const char *locale, *zone;
    int32_t recent_relative, precision, countdown_days;
} CONFIGS[] = {
    {"zh_CN", "Asia/Shanghai", 1, 1, 0},    /* FEED with "5分钟前" */
    {"ar_EG", "Africa/Cairo", 0, 1, 0},     /* FEED_DETAIL */
    {"en_US", "America/New_York", 0, 1, 0}, /* CHAT_LIST */
    {"ja_JP", "Asia/Tokyo", 0, 1, 0},       /* CHAT_BUBBLE */
    {"de_DE", "Europe/Berlin", 0, 1, 0},    /* RELATIVE */
    {"en_GB", "Europe/London", 0, 1, 0},    /* COMPACT */
    {"fr_FR", "Europe/Paris", 0, 2, 1},     /* COUNTDOWN "1 j 03:04:05,67" */
};
#define STYLES ((int)(sizeof CONFIGS / sizeof CONFIGS[0]))

static fd_status new_formatter(int style, fd_formatter **out)
{
    fd_options o;
    fd_options_init(&o, (fd_style)style);
    o.locale = CONFIGS[style].locale;
    o.time_zone = CONFIGS[style].zone;
    o.recent_relative = CONFIGS[style].recent_relative;
    o.precision = CONFIGS[style].precision;
    o.countdown_days = CONFIGS[style].countdown_days;
    return fd_formatter_new(&o, out);
}

/* ---- the reference, computed on one thread ---- */

typedef struct reference {
    size_t text_offset; /* into ref_text */
    fd_label info;
} reference;

static size_t count;
static int64_t *instants;
static reference *refs;
static char *ref_text;
static fd_formatter *shared[STYLES];

/* Instants up to ~3 years back and ~3 days ahead, most of them close to now. */
static void make_instants(void)
{
    static const int64_t scales[] = {60000LL, 3600000LL, 86400000LL, 10 * 86400000LL, 1100 * 86400000LL};
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (size_t i = 0; i < count; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17; /* xorshift64 */
        int64_t scale = scales[x % 5];
        int64_t span = scale + scale / 10;
        instants[i] = NOW - scale + (int64_t)((x >> 8) % (uint64_t)span);
    }
}

static int make_reference(void)
{
    size_t used = 0, cap = count * 24 + FD_LABEL_CAPACITY;
    ref_text = malloc(cap);
    if (ref_text == NULL)
        return -1;
    for (size_t i = 0; i < count; i++) {
        if (cap - used < FD_LABEL_CAPACITY) {
            char *grown = realloc(ref_text, cap * 2);
            if (grown == NULL)
                return -1;
            ref_text = grown;
            cap *= 2;
        }
        fd_status s =
            fd_format(shared[i % STYLES], instants[i], NOW, ref_text + used, FD_LABEL_CAPACITY, &refs[i].info);
        if (s != FD_OK || refs[i].info.length >= FD_LABEL_CAPACITY) {
            tk_fail("reference: fd_format(style %d, t=%lld): %s", (int)(i % STYLES), (long long)instants[i],
                    s != FD_OK ? fd_status_message(s) : "length too large");
            return -1;
        }
        refs[i].text_offset = used;
        used += refs[i].info.length + 1;
    }
    return 0;
}

/* ---- the threads ---- */

typedef struct worker {
    int index;
    unsigned long compared[3], mismatched[3];
    char reports[3][MAX_REPORTS][200];
} worker;

/* Records a mismatch of phase p (the first few with their description). */
static void mismatch(worker *w, int p, size_t i, const char *what)
{
    if (w->mismatched[p] < MAX_REPORTS)
        snprintf(w->reports[p][w->mismatched[p]], sizeof w->reports[p][0], "instant %lu (style %d, t=%lld): %s",
                 (unsigned long)i, (int)(i % STYLES), (long long)instants[i], what);
    w->mismatched[p]++;
}

/* Compares one fd_format result with the reference. */
static void compare(worker *w, int p, size_t i, fd_status s, const char *text, const fd_label *info)
{
    const reference *r = &refs[i];
    w->compared[p]++;
    if (s != FD_OK)
        mismatch(w, p, i, fd_status_message(s));
    else if (info->length != r->info.length || memcmp(text, ref_text + r->text_offset, info->length + 1) != 0)
        mismatch(w, p, i, "text differs");
    else if (info->next_change_ms != r->info.next_change_ms)
        mismatch(w, p, i, "next_change differs");
    else if (info->day_offset != r->info.day_offset || info->day_length != r->info.day_length ||
             info->time_offset != r->info.time_offset || info->time_length != r->info.time_length)
        mismatch(w, p, i, "parts differ");
    else if (info->expired != r->info.expired)
        mismatch(w, p, i, "expired differs");
}

/* Phase 1: every instant through fd_format on the shared formatters. */
static void phase_format(worker *w)
{
    size_t start = count / THREADS * (size_t)w->index;
    for (size_t k = 0; k < count; k++) {
        size_t i = (start + k) % count;
        char buf[FD_LABEL_CAPACITY];
        fd_label info;
        fd_status s = fd_format(shared[i % STYLES], instants[i], NOW, buf, sizeof buf, &info);
        compare(w, 0, i, s, buf, &info);
    }
}

/* Phase 2: the instants of each formatter in chunks through fd_format_many. */
static void phase_many(worker *w)
{
    static char buf[THREADS][CHUNK * FD_LABEL_CAPACITY];
    char *out = buf[w->index];
    for (int style = 0; style < STYLES; style++) {
        int st = (style + w->index) % STYLES;
        for (size_t first = (size_t)st; first < count; first += (size_t)STYLES * CHUNK) {
            int64_t ts[CHUNK];
            size_t idx[CHUNK], ends[CHUNK], n = 0;
            int64_t earliest = FD_NEVER, next_min = 0;
            for (size_t i = first; i < count && n < CHUNK; i += STYLES) {
                idx[n] = i;
                ts[n++] = instants[i];
                if (refs[i].info.next_change_ms < earliest)
                    earliest = refs[i].info.next_change_ms;
            }
            fd_status s = fd_format_many(shared[st], ts, n, NOW, out, CHUNK * FD_LABEL_CAPACITY, ends, &next_min);
            for (size_t k = 0; k < n; k++) {
                size_t i = idx[k], begin = k ? ends[k - 1] : 0;
                const reference *r = &refs[i];
                w->compared[1]++;
                if (s != FD_OK)
                    mismatch(w, 1, i, fd_status_message(s));
                else if (ends[k] < begin || ends[k] - begin != r->info.length ||
                         memcmp(out + begin, ref_text + r->text_offset, r->info.length) != 0)
                    mismatch(w, 1, i, "fd_format_many label differs");
            }
            w->compared[1]++;
            if (s == FD_OK && next_min != earliest)
                mismatch(w, 1, idx[0], "fd_format_many next_change_min differs");
        }
    }
}

/* Phase 3: formatters of the thread's own, created while the others do the same. */
static void phase_own(worker *w)
{
    fd_formatter *own[STYLES] = {NULL};
    for (int style = 0; style < STYLES; style++) {
        fd_status s = new_formatter(style, &own[style]);
        w->compared[2]++;
        if (s != FD_OK)
            mismatch(w, 2, (size_t)style, fd_status_message(s));
    }
    for (size_t i = (size_t)w->index; i < count; i += SAMPLE_STRIDE) {
        char buf[FD_LABEL_CAPACITY];
        fd_label info;
        if (own[i % STYLES] == NULL)
            continue;
        fd_status s = fd_format(own[i % STYLES], instants[i], NOW, buf, sizeof buf, &info);
        compare(w, 2, i, s, buf, &info);
    }
    for (int style = 0; style < STYLES; style++)
        fd_formatter_free(own[style]);
}

static void *run_worker(void *arg)
{
    worker *w = arg;
    phase_format(w);
    phase_many(w);
    phase_own(w);
    return NULL;
}

int main(int argc, char **argv)
{
    static const char *const phase_names[3] = {"fd_format on shared formatters", "fd_format_many on shared formatters",
                                               "own formatters created concurrently"};
    static worker workers[THREADS];
    pthread_t threads[THREADS];
    count = tk_count_arg(argc, argv, 100000, STYLES, 10000000);
    instants = malloc(count * sizeof *instants);
    refs = malloc(count * sizeof *refs);
    if (instants == NULL || refs == NULL) {
        tk_fail("out of memory for %lu instants", (unsigned long)count);
        return tk_finish();
    }
    make_instants();
    for (int style = 0; style < STYLES; style++) {
        fd_status s = new_formatter(style, &shared[style]);
        if (s != FD_OK) {
            tk_fail("fd_formatter_new(style %d, %s, %s): %s", style, CONFIGS[style].locale, CONFIGS[style].zone,
                    fd_status_message(s));
            return tk_finish();
        }
    }
    if (make_reference() != 0) {
        tk_fail("no single-threaded reference; threads not run");
        return tk_finish();
    }
    printf("%lu instants, %d styles, %d threads\n", (unsigned long)count, STYLES, THREADS);

    int started = 0;
    for (int t = 0; t < THREADS; t++) {
        workers[t].index = t;
        if (pthread_create(&threads[t], NULL, run_worker, &workers[t]) != 0) {
            tk_fail("pthread_create failed for thread %d", t);
            break;
        }
        started++;
    }
    for (int t = 0; t < started; t++)
        pthread_join(threads[t], NULL);

    for (int t = 0; t < started; t++) {
        for (int p = 0; p < 3; p++) {
            const worker *w = &workers[t];
            if (w->mismatched[p] == 0 && w->compared[p] > 0) {
                tk_count(1);
                continue;
            }
            tk_fail("thread %d, %s: %lu of %lu differ from the single-threaded labels", t, phase_names[p],
                    w->mismatched[p], w->compared[p]);
            for (unsigned long k = 0; k < w->mismatched[p] && k < MAX_REPORTS; k++)
                printf("  %s\n", w->reports[p][k]);
        }
    }
    for (int style = 0; style < STYLES; style++)
        fd_formatter_free(shared[style]);
    free(instants);
    free(refs);
    free(ref_text);
    return tk_finish();
}
