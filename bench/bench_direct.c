/*
 * bench_direct.c — the C side of the binding benchmarks (make bench-java,
 * make bench-node): the per-label cost of direct calls, FEED zh_CN in
 * Asia/Shanghai, over the instants every binding bench makes the same way
 * (below). Writes a flat JSON object that the binding bench reads, so the
 * binding's figures and these come from the same run.
 *
 *   bench_direct N OUT.json
 *
 * Instant i of N: r = (i * 2654435761) mod 2^32; back = r mod 7 days for
 * i mod 10 < 7, else (r * 1000) mod 5 * 365 days; t = now - back.
 * Each figure is the fastest of 7 timed rounds after a warm-up round: the
 * machine may be shared, and the fastest round is the one least disturbed.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "feeddate.h"

#define NOW 1711348200000LL /* 2024-03-25T06:30Z */
#define ROUNDS 7

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static fd_formatter *f;
static int64_t *ts;
static size_t n;
static volatile size_t sink;

/* ns per label of one round: kind 0 fd_format without info, 1 with info, else fd_format_many in batches of kind. */
static double round_ns(size_t kind)
{
    char buf[FD_LABEL_CAPACITY];
    fd_label info;
    double t0 = seconds();
    size_t total = 0;
    if (kind <= 1) {
        for (size_t i = 0; i < n; i++) {
            if (fd_format(f, ts[i], NOW, buf, sizeof buf, kind ? &info : NULL) != FD_OK) {
                fprintf(stderr, "fd_format failed\n");
                exit(1);
            }
            total += (size_t)buf[0];
        }
    } else {
        size_t cap = kind * FD_LABEL_CAPACITY;
        char *many = malloc(cap);
        size_t *ends = malloc(kind * sizeof *ends);
        int64_t next;
        for (size_t i = 0; i < n; i += kind) {
            size_t m = n - i < kind ? n - i : kind;
            if (fd_format_many(f, ts + i, m, NOW, many, cap, ends, &next) != FD_OK) {
                fprintf(stderr, "fd_format_many failed\n");
                exit(1);
            }
            total += ends[m - 1];
        }
        free(many);
        free(ends);
    }
    sink = total;
    return (seconds() - t0) * 1e9 / (double)n;
}

static double best_ns(size_t kind)
{
    double r[ROUNDS];
    round_ns(kind); /* warm */
    for (int i = 0; i < ROUNDS; i++)
        r[i] = round_ns(kind);
    qsort(r, ROUNDS, sizeof r[0], cmp);
    return r[0];
}

int main(int argc, char **argv)
{
    n = argc > 1 ? (size_t)atol(argv[1]) : 200000;
    const char *out_path = argc > 2 ? argv[2] : "bench_direct.json";
    if (n < 1000)
        n = 1000;
    ts = malloc(n * sizeof *ts);
    for (size_t i = 0; i < n; i++) {
        uint64_t r = ((uint64_t)i * 2654435761u) % 4294967296u;
        int64_t back = i % 10 < 7 ? (int64_t)(r % (7ULL * 86400000)) : (int64_t)((r * 1000) % (5ULL * 365 * 86400000));
        ts[i] = NOW - back;
    }
    fd_options o;
    fd_options_init(&o, FD_STYLE_FEED);
    o.locale = "zh_CN";
    o.time_zone = "Asia/Shanghai";
    if (fd_formatter_new(&o, &f) != FD_OK) {
        fprintf(stderr, "fd_formatter_new: %s\n", fd_last_error());
        return 1;
    }
    double format_ns = best_ns(0), label_ns = best_ns(1), many50 = best_ns(50), many1000 = best_ns(1000);
    printf("C direct, FEED zh_CN, %zu labels: fd_format %.0f ns, with fd_label %.0f ns, "
           "fd_format_many x50 %.0f ns/label, x1000 %.0f ns/label\n",
           n, format_ns, label_ns, many50, many1000);
    FILE *out = fopen(out_path, "w");
    if (out == NULL) {
        perror(out_path);
        return 1;
    }
    fprintf(
        out,
        "{\"labels\": %zu, \"format_ns\": %.1f, \"label_ns\": %.1f, \"many_50_ns\": %.1f, \"many_1000_ns\": %.1f}\n", n,
        format_ns, label_ns, many50, many1000);
    fclose(out);
    fd_formatter_free(f);
    free(ts);
    return 0;
}
