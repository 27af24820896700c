/*
 * bench_compare — this tree's library against another revision's, in one
 * process, in alternating rounds (make bench-compare BASE=<rev>).
 *
 *   bench_compare BASE_LIBRARY NEW_LIBRARY [ROUNDS]
 *
 * Both libraries are dlopened by path (RTLD_LOCAL: their fd_* never mix) and
 * fed the same work. For every style in zh_CN (Asia/Shanghai) and en_US
 * (America/New_York), on two sets of 10,000 instants (the 400 days before
 * now, spread evenly; and a mix weighted to the last week, as make bench
 * draws), it times fd_format with its next change, then fd_format_many for
 * FEED and RELATIVE, then fd_schedule_json of a fresh post where both
 * libraries have it (1.2). Each measurement runs ROUNDS times (default 21),
 * base and new back to back, the order swapped every round; a row reports
 * the median of each side and the median of the per-round ratios new/base.
 * These machines are noisy (ICU's own call swings 2x between runs): only
 * neighbouring measurements compare fairly, so a speed claim comes from this.
 * Compiled against the frozen 1.0 header: the 1.0 layout that the symbol
 * fd_options_init writes runs on every 1.x library.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "feeddate-1.0.h"
#include "fd_names.h"

typedef struct lib {
    const char *path;
    fd_status (*options_init)(fd_options *, fd_style);
    fd_status (*formatter_new)(const fd_options *, fd_formatter **);
    void (*formatter_free)(fd_formatter *);
    fd_status (*format)(const fd_formatter *, int64_t, int64_t, char *, size_t, fd_label *);
    fd_status (*format_many)(const fd_formatter *, const int64_t *, size_t, int64_t, char *, size_t, size_t *,
                             int64_t *);
    fd_status (*schedule_json)(const fd_formatter *, int64_t, int64_t, int64_t, size_t, char *, size_t, size_t *);
    const char *(*version)(void);
} lib;

static void *need(void *h, const char *path, const char *name)
{
    void *p = dlsym(h, name);
    if (!p) {
        fprintf(stderr, "bench_compare: %s has no %s\n", path, name);
        exit(2);
    }
    return p;
}

static void open_lib(lib *l, const char *path)
{
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        fprintf(stderr, "bench_compare: %s\n", dlerror());
        exit(2);
    }
    l->path = path;
    *(void **)&l->options_init = need(h, path, "fd_options_init");
    *(void **)&l->formatter_new = need(h, path, "fd_formatter_new");
    *(void **)&l->formatter_free = need(h, path, "fd_formatter_free");
    *(void **)&l->format = need(h, path, "fd_format");
    *(void **)&l->format_many = need(h, path, "fd_format_many");
    *(void **)&l->version = need(h, path, "fd_version_string");
    *(void **)&l->schedule_json = dlsym(h, "fd_schedule_json"); /* 1.2 */
}

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static volatile size_t sink;
#define N 10000
#define NOW 1711348200000LL /* 2024-03-25T06:30:00Z */
static int64_t spread[N], mix[N];
static char many_buf[N * FD_LABEL_CAPACITY], json[1 << 20];
static size_t ends[N];

static fd_formatter *make(const lib *l, fd_style style, const char *locale, const char *zone)
{
    fd_options o;
    l->options_init(&o, style);
    o.locale = locale;
    o.time_zone = zone;
    fd_formatter *f = NULL;
    if (l->formatter_new(&o, &f) != FD_OK) {
        fprintf(stderr, "bench_compare: fd_formatter_new failed in %s\n", l->path);
        exit(2);
    }
    return f;
}

typedef enum { SINGLE, MANY, SCHEDULE } work;

/* ns per label (per entry for a schedule) of one pass over ts. */
static double run(const lib *l, fd_formatter *f, work w, const int64_t *ts)
{
    char buf[FD_LABEL_CAPACITY];
    fd_label info;
    double t0 = now_ns();
    size_t count = N;
    if (w == SINGLE) {
        for (size_t i = 0; i < N; i++) {
            l->format(f, ts[i], NOW, buf, sizeof buf, &info);
            sink += info.length;
        }
    } else if (w == MANY) {
        int64_t next;
        l->format_many(f, ts, N, NOW, many_buf, sizeof many_buf, ends, &next);
        sink += ends[N - 1];
    } else {
        size_t length = 0;
        count = 0;
        for (int k = 0; k < 50; k++) {
            l->schedule_json(f, NOW - 10000, NOW, 86400000, 1000, json, sizeof json, &length);
            sink += length;
            count += 1;
        }
        /* per entry: the entries of one schedule are its labels; count them by the commas of "]," */
        size_t entries = 1;
        for (size_t i = 0; i + 1 < length; i++)
            entries += json[i] == ']' && json[i + 1] == ',';
        count *= entries;
    }
    return (now_ns() - t0) / (double)count;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp);
    return v[n / 2];
}

static void row(const lib *base, const lib *next, const char *name, fd_style style, const char *locale,
                const char *zone, work w, const int64_t *ts, const char *set, int rounds)
{
    fd_formatter *fb = make(base, style, locale, zone), *fn = make(next, style, locale, zone);
    double b[64], n[64], r[64];
    run(base, fb, w, ts); /* warm both */
    run(next, fn, w, ts);
    for (int i = 0; i < rounds; i++) {
        if (i % 2) {
            n[i] = run(next, fn, w, ts);
            b[i] = run(base, fb, w, ts);
        } else {
            b[i] = run(base, fb, w, ts);
            n[i] = run(next, fn, w, ts);
        }
        r[i] = n[i] / b[i];
    }
    printf("%-22s %-6s %-7s %9.1f ns %9.1f ns %8.3fx\n", name, locale, set, median(b, rounds), median(n, rounds),
           median(r, rounds));
    base->formatter_free(fb);
    next->formatter_free(fn);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: bench_compare BASE_LIBRARY NEW_LIBRARY [ROUNDS]\n");
        return 2;
    }
    int rounds = argc > 3 ? atoi(argv[3]) : 21;
    if (rounds < 3 || rounds > 63) {
        fprintf(stderr, "bench_compare: ROUNDS must be 3..63\n");
        return 2;
    }
    lib base, next;
    open_lib(&base, argv[1]);
    open_lib(&next, argv[2]);
    uint64_t x = 88172645463325252ULL;
    for (size_t i = 0; i < N; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        spread[i] = NOW - (int64_t)(x % (400ULL * 86400000ULL));
        /* the mix: half within a day, a quarter within a week, a quarter within 400 days */
        uint64_t span = i % 4 < 2 ? 86400000ULL : i % 4 == 2 ? 7ULL * 86400000ULL : 400ULL * 86400000ULL;
        mix[i] = NOW - (int64_t)(x % span);
    }
    printf("base %s (%s)\nnew  %s (%s)\n%d alternating rounds; medians; ratio = median of new/base per round\n\n",
           argv[1], base.version(), argv[2], next.version(), rounds);
    printf("%-22s %-6s %-7s %12s %12s %9s\n", "work", "locale", "set", "base", "new", "new/base");
    static const struct {
        const char *locale, *zone;
    } where[] = {{"zh_CN", "Asia/Shanghai"}, {"en_US", "America/New_York"}};
    for (int s = 0; fdn_style(s).name != NULL; s++) {
        const char *style = fdn_style(s).c_name;
        for (int w = 0; w < 2; w++) {
            row(&base, &next, style, (fd_style)s, where[w].locale, where[w].zone, SINGLE, spread, "400days", rounds);
            row(&base, &next, style, (fd_style)s, where[w].locale, where[w].zone, SINGLE, mix, "mix", rounds);
        }
    }
    row(&base, &next, "fd_format_many FEED", FD_STYLE_FEED, "zh_CN", "Asia/Shanghai", MANY, spread, "400days", rounds);
    row(&base, &next, "fd_format_many RELATIVE", FD_STYLE_RELATIVE, "zh_CN", "Asia/Shanghai", MANY, spread, "400days",
        rounds);
    if (base.schedule_json && next.schedule_json)
        row(&base, &next, "fd_schedule_json RELATIVE", FD_STYLE_RELATIVE, "en_US", "America/New_York", SCHEDULE, spread,
            "1 day", rounds);
    else
        printf("%-22s (not in both libraries: 1.2)\n", "fd_schedule_json");
    return 0;
}
