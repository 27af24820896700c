/*
 * make bench: nanoseconds per label through fd_format, next to ICU's own
 * udat_format with a cached formatter on the same instants, in the same run.
 * The instants are a realistic feed mix: 70% within the last week, the rest
 * spread over five years. Results also go to bench/results.json.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unicode/udat.h>
#include <unicode/ustring.h>

#include "feeddate.h"

#define N 200000

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static uint64_t rng = 88172645463325252ULL;
static uint64_t next_rand(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static volatile size_t sink;

/* ICU's udat_format with one cached formatter: the floor a user would reach for. */
static double icu_ns(const char *locale, const char *zone, const int64_t *ts, size_t n) {
    UErrorCode e = U_ZERO_ERROR;
    UChar tz[64], out[256];
    u_uastrcpy(tz, zone);
    UDateFormat *f = udat_open(UDAT_SHORT, UDAT_NONE, locale, tz, -1, NULL, 0, &e);
    if (U_FAILURE(e)) { fprintf(stderr, "udat_open: %s\n", u_errorName(e)); exit(1); }
    for (size_t i = 0; i < n / 10; i++) sink += (size_t)udat_format(f, (UDate)ts[i], out, 256, NULL, &e);
    double t0 = now_ns();
    for (size_t i = 0; i < n; i++) sink += (size_t)udat_format(f, (UDate)ts[i], out, 256, NULL, &e);
    double t1 = now_ns();
    udat_close(f);
    return (t1 - t0) / n;
}

static double fd_ns(fd_formatter *f, const int64_t *ts, size_t n, int64_t now) {
    char buf[FD_LABEL_CAPACITY];
    fd_label info;
    for (size_t i = 0; i < n / 10; i++) fd_format(f, ts[i], now, buf, sizeof buf, &info);
    double t0 = now_ns();
    for (size_t i = 0; i < n; i++) {
        if (fd_format(f, ts[i], now, buf, sizeof buf, &info) != FD_OK) { fprintf(stderr, "fd_format failed\n"); exit(1); }
        sink += info.length;
    }
    return (now_ns() - t0) / n;
}

int main(int argc, char **argv) {
    size_t n = argc > 1 ? (size_t)atol(argv[1]) : N;
    const char *json = argc > 2 ? argv[2] : "bench/results.json";
    const int64_t now = 1711348200000LL; /* 2024-03-25T06:30Z */
    int64_t *ts = malloc(n * sizeof *ts);
    for (size_t i = 0; i < n; i++) {
        uint64_t r = next_rand();
        int64_t back = (r % 10 < 7) ? (int64_t)(next_rand() % (7LL * 86400000)) : (int64_t)(next_rand() % (5LL * 365 * 86400000));
        ts[i] = now - back;
    }
    static const char *styles[] = {"FEED", "FEED_DETAIL", "CHAT_LIST", "CHAT_BUBBLE", "RELATIVE", "COMPACT", "COUNTDOWN"};
    static const struct { const char *locale, *zone; } where[] = {
        {"zh_CN", "Asia/Shanghai"}, {"en_US", "America/New_York"}};
    FILE *out = fopen(json, "w");
    if (out) fprintf(out, "{\"labels_per_run\": %zu, \"results\": [\n", n);
    printf("%-12s %-7s %-17s %12s %12s %8s\n", "style", "locale", "zone", "fd_format", "udat_format", "ratio");
    int first = 1;
    for (size_t w = 0; w < 2; w++) {
        double base = icu_ns(where[w].locale, where[w].zone, ts, n);
        for (int s = 0; s <= FD_STYLE_COUNTDOWN; s++) {
            fd_options o;
            fd_options_init(&o, (fd_style)s);
            o.locale = where[w].locale;
            o.time_zone = where[w].zone;
            fd_formatter *f = NULL;
            if (fd_formatter_new(&o, &f) != FD_OK) { fprintf(stderr, "fd_formatter_new failed\n"); return 1; }
            double ns = fd_ns(f, ts, n, now);
            printf("%-12s %-7s %-17s %9.0f ns %9.0f ns %7.2fx\n", styles[s], where[w].locale, where[w].zone, ns, base, ns / base);
            if (out) fprintf(out, "%s  {\"style\": \"%s\", \"locale\": \"%s\", \"zone\": \"%s\", \"fd_format_ns\": %.1f, \"udat_format_ns\": %.1f}",
                             first ? "" : ",\n", styles[s], where[w].locale, where[w].zone, ns, base);
            first = 0;
            fd_formatter_free(f);
        }
    }
    if (out) { fprintf(out, "\n]}\n"); fclose(out); }
    free(ts);
    return 0;
}
