/*
 * test_stress.c — 8 threads share ONE formatter and label the same instants.
 *
 *   test_stress [count]      (count of instants, default 1000000)
 *
 * For each of 7 configurations (every style, each in another locale, zone and
 * option set) one formatter is made and `count` instants are labelled on one
 * thread: that is the reference (text, length, next change, parts, expired).
 * Then 8 threads share that one formatter and label every instant again, all
 * at the same time, each in its own order (even threads forward from their
 * own starting point, odd threads backward) and through a different call
 * (threads 0-3 fd_format, threads 4-7 fd_format_many in chunks of 1..97
 * labels); every output must equal the reference byte for byte. A thread
 * stops comparing after its first 3 mismatches (they are printed).
 *
 * The instants mix the recent past (seconds to weeks), the future, whole
 * years back, the two ends of the supported range, and random instants over
 * all of it, so the shared zone tables, locale caches and ICU objects are
 * all hit from every thread. One check per thread and configuration; closes
 * with "N passed, N failed". `make stress` runs the full million; the
 * sanitizer suite and CI run a smaller count.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "feeddate.h"
#include "testkit.h"

#define THREADS 8
#define MAX_REPORTS 3
#define MAX_CHUNK 97
#define NOW 1711391400000LL /* 2024-03-25T18:30:00Z */
#define DAY 86400000LL

static const struct config {
    fd_style style;
    const char *locale, *zone;
    int32_t recent_relative, precision, countdown_days;
    fd_hour_cycle hour_cycle;
    fd_width width;
} CONFIGS[] = {
    {FD_STYLE_FEED, "zh_CN", "Asia/Shanghai", 1, 1, 0, FD_HOUR_CYCLE_LOCALE, FD_WIDTH_LONG},
    {FD_STYLE_FEED_DETAIL, "fa_IR", "Asia/Tehran", 0, 1, 0, FD_HOUR_CYCLE_LOCALE, FD_WIDTH_LONG},
    {FD_STYLE_CHAT_LIST, "he_IL", "Asia/Jerusalem", 0, 1, 0, FD_HOUR_CYCLE_H12, FD_WIDTH_LONG},
    {FD_STYLE_CHAT_BUBBLE, "en_US", "America/New_York", 0, 1, 0, FD_HOUR_CYCLE_H12, FD_WIDTH_LONG},
    {FD_STYLE_RELATIVE, "ar_EG", "Africa/Cairo", 0, 1, 0, FD_HOUR_CYCLE_LOCALE, FD_WIDTH_SHORT},
    {FD_STYLE_COMPACT, "ja_JP@calendar=japanese", "Asia/Tokyo", 0, 1, 0, FD_HOUR_CYCLE_LOCALE, FD_WIDTH_NARROW},
    {FD_STYLE_COUNTDOWN, "de_DE", "Australia/Lord_Howe", 0, 3, 1, FD_HOUR_CYCLE_LOCALE, FD_WIDTH_LONG},
};
#define CONFIG_COUNT ((int)(sizeof CONFIGS / sizeof CONFIGS[0]))

/* The reference label of one instant. */
typedef struct reference {
    size_t text_offset; /* into ref_text */
    fd_label info;
} reference;

static size_t count;
static int64_t *instants;
static reference *refs;
static char *ref_text;
static size_t ref_text_cap;
static const fd_formatter *shared; /* the formatter of the configuration being run */

typedef struct worker {
    int index;
    unsigned long compared, mismatched;
    char reports[MAX_REPORTS][220];
} worker;

static uint64_t next_random(uint64_t *x)
{
    *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17; /* xorshift64 */
    return *x;
}

static void make_instants(void)
{
    static const int64_t scales[] = {1000LL, 60000LL, 3600000LL, DAY, 10 * DAY, 400 * DAY, 30 * 365 * DAY};
    uint64_t x = 0x2545F4914F6CDD1Dull;
    for (size_t i = 0; i < count; i++) {
        uint64_t r = next_random(&x);
        /* One in 128 far from now: such labels take ICU's slower paths (up to
           3 ms each for a far future date in the Japanese calendar), and this
           test is about sharing a formatter, not about them. */
        switch (r % 256) {
        case 0: /* anywhere in the range */
            instants[i] =
                FD_MIN_INSTANT_MS + (int64_t)((r >> 8) % (uint64_t)(FD_MAX_INSTANT_MS - FD_MIN_INSTANT_MS + 1));
            break;
        case 1: /* the ends of the range */
            instants[i] = (r >> 8) & 1 ? FD_MAX_INSTANT_MS - (int64_t)((r >> 9) % DAY)
                                       : FD_MIN_INSTANT_MS + (int64_t)((r >> 9) % DAY);
            break;
        case 2:
        case 3:
        case 4:
        case 5:
        case 6:
        case 7:
        case 8:
        case 9:
        case 10:
        case 11:
        case 12:
        case 13:
        case 14:
        case 15:
        case 16:
        case 17: /* the future, up to ~10 days */ instants[i] = NOW + (int64_t)((r >> 8) % (10 * DAY)); break;
        default: { /* the past, most of it close to now */
            int64_t scale = scales[(r >> 4) % 7];
            instants[i] = NOW - (int64_t)((r >> 8) % (uint64_t)(scale + scale / 4));
        }
        }
    }
}

static fd_status new_formatter(const struct config *c, fd_formatter **out)
{
    fd_options o;
    fd_options_init(&o, c->style);
    o.locale = c->locale;
    o.time_zone = c->zone;
    o.recent_relative = c->recent_relative;
    o.precision = c->precision;
    o.countdown_days = c->countdown_days;
    o.hour_cycle = c->hour_cycle;
    o.width = c->width;
    return fd_formatter_new(&o, out);
}

static int make_reference(void)
{
    size_t used = 0;
    for (size_t i = 0; i < count; i++) {
        if (ref_text_cap - used < FD_LABEL_CAPACITY) {
            size_t cap = ref_text_cap ? ref_text_cap * 2 : count * 24 + FD_LABEL_CAPACITY;
            char *grown = realloc(ref_text, cap);
            if (grown == NULL)
                return -1;
            ref_text = grown;
            ref_text_cap = cap;
        }
        fd_status s = fd_format(shared, instants[i], NOW, ref_text + used, FD_LABEL_CAPACITY, &refs[i].info);
        if (s != FD_OK) {
            tk_fail("reference: fd_format(t=%lld): %s", (long long)instants[i], fd_status_message(s));
            return -1;
        }
        refs[i].text_offset = used;
        used += refs[i].info.length + 1;
    }
    return 0;
}

static void mismatch(worker *w, size_t i, const char *what)
{
    if (w->mismatched < MAX_REPORTS)
        snprintf(w->reports[w->mismatched], sizeof w->reports[0], "instant %lu (t=%lld): %s", (unsigned long)i,
                 (long long)instants[i], what);
    w->mismatched++;
}

static void compare(worker *w, size_t i, fd_status s, const char *text, const fd_label *info)
{
    const reference *r = &refs[i];
    w->compared++;
    if (s != FD_OK)
        mismatch(w, i, fd_status_message(s));
    else if (info->length != r->info.length || memcmp(text, ref_text + r->text_offset, info->length + 1) != 0)
        mismatch(w, i, "text differs");
    else if (info->next_change_ms != r->info.next_change_ms)
        mismatch(w, i, "next_change differs");
    else if (info->day_offset != r->info.day_offset || info->day_length != r->info.day_length ||
             info->time_offset != r->info.time_offset || info->time_length != r->info.time_length ||
             info->expired != r->info.expired)
        mismatch(w, i, "parts or expired differ");
}

/* The k-th instant this thread visits: its own start, forward or backward. */
static size_t visit(const worker *w, size_t k)
{
    size_t start = count / THREADS * (size_t)w->index;
    return w->index % 2 == 0 ? (start + k) % count : (start + count - k % count) % count;
}

static void run_format(worker *w)
{
    for (size_t k = 0; k < count && w->mismatched < MAX_REPORTS; k++) {
        size_t i = visit(w, k);
        char buf[FD_LABEL_CAPACITY];
        fd_label info;
        fd_status s = fd_format(shared, instants[i], NOW, buf, sizeof buf, &info);
        compare(w, i, s, buf, &info);
    }
}

static void run_many(worker *w)
{
    static char bufs[THREADS][MAX_CHUNK * FD_LABEL_CAPACITY];
    char *out = bufs[w->index];
    uint64_t x = 0x9E3779B97F4A7C15ull + (uint64_t)w->index;
    size_t k = 0;
    while (k < count && w->mismatched < MAX_REPORTS) {
        size_t n = 1 + (size_t)(next_random(&x) % MAX_CHUNK);
        int64_t ts[MAX_CHUNK], earliest = FD_NEVER, next_min = 0;
        size_t idx[MAX_CHUNK], ends[MAX_CHUNK];
        if (n > count - k)
            n = count - k;
        for (size_t j = 0; j < n; j++) {
            idx[j] = visit(w, k + j);
            ts[j] = instants[idx[j]];
            if (refs[idx[j]].info.next_change_ms < earliest)
                earliest = refs[idx[j]].info.next_change_ms;
        }
        k += n;
        fd_status s = fd_format_many(shared, ts, n, NOW, out, sizeof bufs[0], ends, &next_min);
        for (size_t j = 0; j < n; j++) {
            size_t i = idx[j], begin = j ? ends[j - 1] : 0;
            const reference *r = &refs[i];
            w->compared++;
            if (s != FD_OK)
                mismatch(w, i, fd_status_message(s));
            else if (ends[j] < begin || ends[j] - begin != r->info.length ||
                     memcmp(out + begin, ref_text + r->text_offset, r->info.length) != 0)
                mismatch(w, i, "fd_format_many label differs");
        }
        if (s == FD_OK && next_min != earliest)
            mismatch(w, idx[0], "fd_format_many next_change_min differs");
    }
}

static void *run_worker(void *arg)
{
    worker *w = arg;
    if (w->index < THREADS / 2)
        run_format(w);
    else
        run_many(w);
    return NULL;
}

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    count = tk_count_arg(argc, argv, 1000000, THREADS, 100000000);
    instants = malloc(count * sizeof *instants);
    refs = malloc(count * sizeof *refs);
    if (instants == NULL || refs == NULL) {
        tk_fail("out of memory for %lu instants", (unsigned long)count);
        return tk_finish();
    }
    make_instants();
    printf("%lu instants, %d configurations, %d threads sharing one formatter each\n", (unsigned long)count,
           CONFIG_COUNT, THREADS);

    for (int c = 0; c < CONFIG_COUNT; c++) {
        fd_formatter *f = NULL;
        fd_status s = new_formatter(&CONFIGS[c], &f);
        if (s != FD_OK) {
            tk_fail("fd_formatter_new(style %d, %s, %s): %s", (int)CONFIGS[c].style, CONFIGS[c].locale, CONFIGS[c].zone,
                    fd_status_message(s));
            continue;
        }
        shared = f;
        double t0 = seconds();
        if (make_reference() != 0) {
            tk_fail("style %d: no single-threaded reference; threads not run", (int)CONFIGS[c].style);
            fd_formatter_free(f);
            continue;
        }
        double t1 = seconds();
        static worker workers[THREADS];
        pthread_t threads[THREADS];
        int started = 0;
        for (int t = 0; t < THREADS; t++) {
            memset(&workers[t], 0, sizeof workers[t]);
            workers[t].index = t;
            if (pthread_create(&threads[t], NULL, run_worker, &workers[t]) != 0) {
                tk_fail("pthread_create failed for thread %d", t);
                break;
            }
            started++;
        }
        for (int t = 0; t < started; t++)
            pthread_join(threads[t], NULL);
        double t2 = seconds();
        unsigned long labels = 0;
        for (int t = 0; t < started; t++) {
            const worker *w = &workers[t];
            labels += w->compared;
            if (w->mismatched == 0 && w->compared == count) {
                tk_count(1);
                continue;
            }
            tk_fail("style %d (%s, %s), thread %d (%s): %lu mismatches in %lu labels of %lu", (int)CONFIGS[c].style,
                    CONFIGS[c].locale, CONFIGS[c].zone, t, t < THREADS / 2 ? "fd_format" : "fd_format_many",
                    w->mismatched, w->compared, (unsigned long)count);
            for (unsigned long k = 0; k < w->mismatched && k < MAX_REPORTS; k++)
                printf("  %s\n", w->reports[k]);
        }
        printf("style %d %-24s %-20s reference %.2f s, %lu labels on %d threads %.2f s\n", (int)CONFIGS[c].style,
               CONFIGS[c].locale, CONFIGS[c].zone, t1 - t0, labels, started, t2 - t1);
        fflush(stdout);
        fd_formatter_free(f);
    }
    free(instants);
    free(refs);
    free(ref_text);
    return tk_finish();
}
