/*
 * make bench: nanoseconds per label through fd_format, next to ICU's own
 * udat_format with a cached formatter on the same instants, in the same run
 * (alternating rounds, the median round). Two sets of instants: a realistic
 * feed mix (70% within the last week, the rest spread over five years), and
 * an even spread over the 400 days before now, where most labels are counts
 * of weeks and months. make bench-peers uses the same two sets, and this
 * table alone (a third argument --styles). Results also go to
 * bench/results.json.
 */
#define _GNU_SOURCE
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <unicode/udat.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>

#include "feeddate.h"
#include "fd_names.h"

#define N 200000

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static uint64_t rng = 88172645463325252ULL;
static uint64_t next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static volatile size_t sink;

/* ICU's udat_format with one cached formatter: the floor a user would reach for. */
static UDateFormat *icu_open(const char *locale, const char *zone)
{
    UErrorCode e = U_ZERO_ERROR;
    UChar tz[64];
    u_uastrcpy(tz, zone);
    UDateFormat *f = udat_open(UDAT_SHORT, UDAT_NONE, locale, tz, -1, NULL, 0, &e);
    if (U_FAILURE(e)) {
        fprintf(stderr, "udat_open: %s\n", u_errorName(e));
        exit(1);
    }
    return f;
}

static double icu_ns(UDateFormat *f, const int64_t *ts, size_t n)
{
    UErrorCode e = U_ZERO_ERROR;
    UChar out[256];
    double t0 = now_ns();
    for (size_t i = 0; i < n; i++)
        sink += (size_t)udat_format(f, (UDate)ts[i], out, 256, NULL, &e);
    return (now_ns() - t0) / n;
}

static double fd_ns(fd_formatter *f, const int64_t *ts, size_t n, int64_t now)
{
    char buf[FD_LABEL_CAPACITY];
    fd_label info;
    double t0 = now_ns();
    for (size_t i = 0; i < n; i++) {
        if (fd_format(f, ts[i], now, buf, sizeof buf, &info) != FD_OK) {
            fprintf(stderr, "fd_format failed\n");
            exit(1);
        }
        sink += info.length;
    }
    return (now_ns() - t0) / n;
}

/* fd_format against udat_format on the same instants, in ROUNDS alternating
 * rounds (a twentieth of the instants each, the two sides back to back),
 * reported by the round with the median ratio: the speed of a shared machine
 * drifts over seconds, so only neighbouring measurements compare fairly. */
enum { ROUNDS = 21 };
static void versus(fd_formatter *f, UDateFormat *icu, const int64_t *ts, size_t n, int64_t now, double *fd_out,
                   double *icu_out)
{
    size_t m = n / ROUNDS;
    double fd[ROUNDS], base[ROUNDS], ratio[ROUNDS];
    *fd_out = *icu_out = 0;
    fd_ns(f, ts, n / 10, now); /* warm */
    icu_ns(icu, ts, n / 10);
    for (int r = 0; r < ROUNDS; r++) {
        base[r] = icu_ns(icu, ts + r * m, m);
        fd[r] = fd_ns(f, ts + r * m, m, now);
        ratio[r] = fd[r] / base[r];
    }
    for (int r = 0; r < ROUNDS; r++) {
        int below = 0;
        for (int k = 0; k < ROUNDS; k++)
            below += ratio[k] < ratio[r] || (ratio[k] == ratio[r] && k < r);
        if (below == ROUNDS / 2) {
            *fd_out = fd[r];
            *icu_out = base[r];
        }
    }
}

/* Two formatters on the same instants, alternating as `versus` does: the
 * label with an option against the same style without it. */
static void pair_ns(fd_formatter *plain, fd_formatter *opt, const int64_t *ts, size_t n, int64_t now, double *plain_out,
                    double *opt_out)
{
    size_t m = n / ROUNDS;
    double a[ROUNDS], b[ROUNDS], ratio[ROUNDS];
    *plain_out = *opt_out = 0;
    fd_ns(plain, ts, n / 10, now); /* warm */
    fd_ns(opt, ts, n / 10, now);
    for (int r = 0; r < ROUNDS; r++) {
        a[r] = fd_ns(plain, ts + r * m, m, now);
        b[r] = fd_ns(opt, ts + r * m, m, now);
        ratio[r] = b[r] / a[r];
    }
    for (int r = 0; r < ROUNDS; r++) {
        int below = 0;
        for (int k = 0; k < ROUNDS; k++)
            below += ratio[k] < ratio[r] || (ratio[k] == ratio[r] && k < r);
        if (below == ROUNDS / 2) {
            *plain_out = a[r];
            *opt_out = b[r];
        }
    }
}

/* Schedules (SPEC 11): fd_schedule_json of one post against the same
 * labels and next changes from fd_format (its entries replayed), in
 * alternating rounds; per entry, and the wire bytes per post. */
typedef struct schedule_case {
    const char *name;
    fd_style style;
    const char *locale;
    int64_t age_ms, horizon_ms;
    int max_unit;
} schedule_case;
static void schedule_rows(FILE *out, int64_t now)
{
    static const schedule_case cases[] = {
        {"RELATIVE, a fresh post, 1 h", FD_STYLE_RELATIVE, "en_US", 10000, 3600000LL, -1},
        {"FEED, a fresh post, 1 day", FD_STYLE_FEED, "zh_CN", 10000, 86400000LL, -1},
        {"COMPACT max_unit HOUR, 1 day", FD_STYLE_COMPACT, "en_US", 10000, 86400000LL, FD_UNIT_HOUR},
        {"COUNTDOWN, 10 min", FD_STYLE_COUNTDOWN, "zh_CN", -600000, 600000LL, -1},
    };
    enum { ENTRIES = 10000 };
    static char json[ENTRIES * 64], text[FD_LABEL_CAPACITY];
    static int64_t froms[ENTRIES];
    static size_t ends[ENTRIES];
    printf("\n%-30s %8s %14s %14s %8s %10s\n", "schedule", "entries", "fd_schedule", "fd_format+next", "ratio",
           "wire bytes");
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        fd_options o;
        fd_options_init(&o, cases[c].style);
        o.locale = cases[c].locale;
        o.time_zone = "Asia/Shanghai";
        if (cases[c].max_unit >= 0)
            o.max_unit = (fd_unit)cases[c].max_unit;
        fd_formatter *f = NULL;
        if (fd_formatter_new(&o, &f) != FD_OK) {
            fprintf(stderr, "fd_formatter_new failed\n");
            exit(1);
        }
        int64_t t = now - cases[c].age_ms;
        size_t n = 0, length = 0;
        int64_t until;
        if (fd_schedule(f, t, now, cases[c].horizon_ms, ENTRIES, json, sizeof json, ends, froms, &n, &until) != FD_OK ||
            fd_schedule_json(f, t, now, cases[c].horizon_ms, ENTRIES, json, sizeof json, &length) != FD_OK) {
            fprintf(stderr, "fd_schedule failed: %s\n", fd_last_error());
            exit(1);
        }
        int reps = (int)(200000 / n) + 1;
        double a[ROUNDS], b[ROUNDS], ratio[ROUNDS];
        for (int r = 0; r < ROUNDS; r++) {
            double t0 = now_ns();
            for (int k = 0; k < reps; k++)
                fd_schedule_json(f, t, now, cases[c].horizon_ms, ENTRIES, json, sizeof json, &length);
            a[r] = (now_ns() - t0) / ((double)reps * n);
            fd_label info;
            t0 = now_ns();
            for (int k = 0; k < reps; k++)
                for (size_t i = 0; i < n; i++) {
                    fd_format(f, t, froms[i], text, sizeof text, &info);
                    sink += info.length;
                }
            b[r] = (now_ns() - t0) / ((double)reps * n);
            ratio[r] = a[r] / b[r];
        }
        double sa = 0, sb = 0;
        for (int r = 0; r < ROUNDS; r++) {
            int below = 0;
            for (int k = 0; k < ROUNDS; k++)
                below += ratio[k] < ratio[r] || (ratio[k] == ratio[r] && k < r);
            if (below == ROUNDS / 2) {
                sa = a[r];
                sb = b[r];
            }
        }
        printf("%-30s %8zu %11.0f ns %11.0f ns %7.2fx %10zu\n", cases[c].name, n, sa, sb, sa / sb, length);
        if (out)
            fprintf(out,
                    ",\n  {\"schedule\": \"%s\", \"entries\": %zu, \"schedule_ns_per_entry\": %.1f, "
                    "\"format_ns_per_entry\": %.1f, \"wire_bytes\": %zu}",
                    cases[c].name, n, sa, sb, length);
        fd_formatter_free(f);
    }
}

static fd_formatter *make(fd_style style, const char *locale, const char *zone)
{
    fd_options o;
    fd_options_init(&o, style);
    o.locale = locale;
    o.time_zone = zone;
    fd_formatter *f = NULL;
    if (fd_formatter_new(&o, &f) != FD_OK) {
        fprintf(stderr, "fd_formatter_new failed\n");
        exit(1);
    }
    return f;
}

/* fd_format interleaved with fd_schedule_json, as a page that renders a
 * label and a schedule per post calls them: the label of each post of the
 * feed (the mix) at now, then the schedule of a post of the last day, whose
 * 1-day FEED schedule has 2 entries (the second from the next midnight on)
 * and whose horizon-0 schedule has 1 (nothing past now: it can disturb no
 * cache of the formatter). Each call is timed alone, the cost of reading
 * the clock (measured in the same round) taken off. The two horizons run in
 * alternating rounds of 1,000 posts each, their order swapped every round,
 * 63 rounds (short rounds: on a shared machine a long one is rarely left
 * alone); each figure is the median over the rounds, each ratio the median
 * of the per-round ratios 1 day / horizon 0. "alone": fd_format with no
 * schedule between, in the same rounds. */
enum { IROUNDS = 63, IPOSTS = 1000 };
static double median_of(double *v, int n)
{
    for (int i = 1; i < n; i++)
        for (int k = i; k > 0 && v[k - 1] > v[k]; k--) {
            double x = v[k];
            v[k] = v[k - 1];
            v[k - 1] = x;
        }
    return v[n / 2];
}
static double clock_cost(void)
{
    enum { K = 1000 };
    double sum = 0;
    for (int i = 0; i < K; i++) {
        double a = now_ns();
        sum += now_ns() - a;
    }
    return sum / K;
}
/* ns per fd_format and per fd_schedule_json over posts[0..m) (horizon < 0: no schedule). */
static void interleave(fd_formatter *f, const int64_t *ts, const int64_t *posts, size_t m, int64_t now, int64_t horizon,
                       double *format_ns, double *schedule_ns)
{
    static char json[1 << 16];
    char text[FD_LABEL_CAPACITY];
    fd_label info;
    size_t length = 0;
    double fmt = 0, sched = 0, clock = clock_cost();
    for (size_t i = 0; i < m; i++) {
        double t0 = now_ns();
        if (fd_format(f, ts[i], now, text, sizeof text, &info) != FD_OK) {
            fprintf(stderr, "fd_format failed\n");
            exit(1);
        }
        fmt += now_ns() - t0;
        sink += info.length;
        if (horizon < 0)
            continue;
        t0 = now_ns();
        if (fd_schedule_json(f, posts[i], now, horizon, 1000, json, sizeof json, &length) != FD_OK) {
            fprintf(stderr, "fd_schedule_json failed: %s\n", fd_last_error());
            exit(1);
        }
        sched += now_ns() - t0;
        sink += length;
    }
    *format_ns = fmt / m - clock;
    *schedule_ns = horizon < 0 ? 0 : sched / m - clock;
}
static void interleaved_rows(const int64_t *ts, size_t n, int64_t now)
{
    static const struct {
        const char *locale, *zone;
    } where[] = {{"zh_CN", "Asia/Shanghai"}, {"en_US", "America/New_York"}};
    size_t m = n < IPOSTS ? n : IPOSTS;
    int64_t posts[IPOSTS];
    for (size_t i = 0; i < m; i++)
        posts[i] = now - 1 - (int64_t)((uint64_t)ts[i] * 2654435761u % 86400000);
    printf("\n%-44s %-6s %10s %10s %10s %8s %6s\n", "fd_format interleaved with fd_schedule_json", "locale", "alone",
           "horizon 0", "1 day", "ratio", "limit");
    for (size_t w = 0; w < 2; w++) {
        fd_formatter *f = make(FD_STYLE_FEED, where[w].locale, where[w].zone);
        double alone[IROUNDS], f0[IROUNDS], f1[IROUNDS], s0[IROUNDS], s1[IROUNDS], rf[IROUNDS], rs[IROUNDS], unused;
        interleave(f, ts, posts, m, now, 86400000, &unused, &unused); /* warm */
        interleave(f, ts, posts, m, now, 0, &unused, &unused);
        for (int r = 0; r < IROUNDS; r++) {
            interleave(f, ts, posts, m, now, -1, &alone[r], &unused);
            if (r % 2) {
                interleave(f, ts, posts, m, now, 86400000, &f1[r], &s1[r]);
                interleave(f, ts, posts, m, now, 0, &f0[r], &s0[r]);
            } else {
                interleave(f, ts, posts, m, now, 0, &f0[r], &s0[r]);
                interleave(f, ts, posts, m, now, 86400000, &f1[r], &s1[r]);
            }
            rf[r] = f1[r] / f0[r];
            rs[r] = s1[r] / s0[r];
        }
        printf("%-44s %-6s %7.0f ns %7.0f ns %7.0f ns %7.2fx %5.1fx\n", "fd_format, FEED, between the schedules",
               where[w].locale, median_of(alone, IROUNDS), median_of(f0, IROUNDS), median_of(f1, IROUNDS),
               median_of(rf, IROUNDS), 1.1);
        printf("%-44s %-6s %10s %7.0f ns %7.0f ns %7.2fx %5.1fx\n", "fd_schedule_json, FEED, a post of the last day",
               where[w].locale, "", median_of(s0, IROUNDS), median_of(s1, IROUNDS), median_of(rs, IROUNDS), 2.0);
        fd_formatter_free(f);
    }
}

/* Labels per second through fd_format_many, batches of 1000. */
static double many_per_second(fd_formatter *f, const int64_t *ts, size_t n, int64_t now)
{
    enum { BATCH = 1000 };
    static char buf[BATCH * 64];
    static size_t ends[BATCH];
    int64_t next;
    double t0 = now_ns();
    for (size_t i = 0; i + BATCH <= n; i += BATCH) {
        if (fd_format_many(f, ts + i, BATCH, now, buf, sizeof buf, ends, &next) != FD_OK) {
            fprintf(stderr, "fd_format_many failed\n");
            exit(1);
        }
        sink += ends[BATCH - 1];
    }
    return (double)(n / BATCH * BATCH) / ((now_ns() - t0) / 1e9);
}

struct job {
    fd_formatter *f;
    const int64_t *ts;
    size_t n;
    int64_t now;
};
static void *run_job(void *arg)
{
    struct job *j = arg;
    char buf[FD_LABEL_CAPACITY];
    fd_label info;
    size_t total = 0; /* summed here: a shared sink written per label would be contention of the bench's own */
    for (size_t i = 0; i < j->n; i++) {
        fd_format(j->f, j->ts[i], j->now, buf, sizeof buf, &info);
        total += info.length;
    }
    __atomic_add_fetch(&sink, total, __ATOMIC_RELAXED);
    return NULL;
}

/* Labels per second with `threads` threads, thread i using fs[i] (the same
 * formatter in every slot to measure sharing). */
static double threads_per_second(fd_formatter **fs, const int64_t *ts, size_t n, int64_t now, int threads)
{
    pthread_t tid[8];
    struct job jobs[8];
    double t0 = now_ns();
    for (int i = 0; i < threads; i++) {
        jobs[i] = (struct job){fs[i], ts, n, now};
        pthread_create(&tid[i], NULL, run_job, &jobs[i]);
    }
    for (int i = 0; i < threads; i++)
        pthread_join(tid[i], NULL);
    return (double)n * threads / ((now_ns() - t0) / 1e9);
}

static size_t heap_in_use(void)
{
    return mallinfo2().uordblks;
}

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? (size_t)atol(argv[1]) : N;
    const char *json = argc > 2 ? argv[2] : "bench/results.json";
    const int64_t now = 1711348200000LL; /* 2024-03-25T06:30Z */
    /* The direct ICU rows must time the ICU the library carries (SPEC 13):
     * this program links ICU 78.3 of the same cache, statically. */
    {
        UVersionInfo v;
        char icu[U_MAX_VERSION_STRING_LENGTH];
        u_getVersion(v);
        u_versionToString(v, icu);
        printf("udat_format: ICU %s (linked here); feeddate: %s\n", icu, fd_data_version());
        if (strcmp(icu, fd_icu_version()) != 0) {
            fprintf(stderr,
                    "bench: udat_format would be ICU %s, the library's ICU is %s: link the same ICU (make bench)\n",
                    icu, fd_icu_version());
            exit(1);
        }
    }
    int64_t *ts = malloc(n * sizeof *ts), *spread = malloc(n * sizeof *spread);
    for (size_t i = 0; i < n; i++) {
        uint64_t r = next_rand();
        int64_t back =
            (r % 10 < 7) ? (int64_t)(next_rand() % (7LL * 86400000)) : (int64_t)(next_rand() % (5LL * 365 * 86400000));
        ts[i] = now - back;
    }
    rng = 88172645463325252ULL;
    for (size_t i = 0; i < n; i++)
        spread[i] = now - (int64_t)(next_rand() % (400LL * 86400000));
    static const char *const set_names[2] = {"mix", "400d"};
    const int64_t *set_ts[2] = {ts, spread};
    static const struct {
        const char *locale, *zone;
    } where[] = {{"zh_CN", "Asia/Shanghai"}, {"en_US", "America/New_York"}};
    FILE *out = fopen(json, "w");
    if (out)
        fprintf(out, "{\"labels_per_run\": %zu, \"styles\": [\n", n);
    printf("%-12s %-7s %-17s %-5s %12s %12s %8s\n", "style", "locale", "zone", "set", "fd_format", "udat_format",
           "ratio");
    int first = 1;
    for (size_t set = 0; set < 2; set++)
        for (size_t w = 0; w < 2; w++) {
            UDateFormat *icu = icu_open(where[w].locale, where[w].zone);
            for (int s = 0; fdn_style(s).name != NULL; s++) {
                const char *style = fdn_style(s).c_name;
                fd_options o;
                fd_options_init(&o, (fd_style)s);
                o.locale = where[w].locale;
                o.time_zone = where[w].zone;
                fd_formatter *f = NULL;
                if (fd_formatter_new(&o, &f) != FD_OK) {
                    fprintf(stderr, "fd_formatter_new failed\n");
                    return 1;
                }
                double ns = 0, base = 0;
                versus(f, icu, set_ts[set], n, now, &ns, &base);
                printf("%-12s %-7s %-17s %-5s %9.0f ns %9.0f ns %7.2fx\n", style, where[w].locale, where[w].zone,
                       set_names[set], ns, base, ns / base);
                if (out)
                    fprintf(out,
                            "%s  {\"style\": \"%s\", \"locale\": \"%s\", \"zone\": \"%s\", \"set\": \"%s\", "
                            "\"fd_format_ns\": %.1f, \"udat_format_ns\": %.1f}",
                            first ? "" : ",\n", style, where[w].locale, where[w].zone, set_names[set], ns, base);
                first = 0;
                fd_formatter_free(f);
            }
            udat_close(icu);
        }

    if (argc > 3 && strcmp(argv[3], "--styles") == 0) { /* make bench-peers: this table alone */
        if (out) {
            fprintf(out, "\n]}\n");
            fclose(out);
        }
        free(ts);
        free(spread);
        return 0;
    }

    /* The options of 1.1, each against the same style without it. */
    static const struct {
        const char *name;
        fd_style style;
        int plain_spaces, spoken, overtime;
        fd_unit max_unit;
        const char *yesterday;
    } variants[] = {
        {"plain_spaces", FD_STYLE_FEED, 1, 0, 0, FD_UNIT_YEAR, NULL},
        {"plain_spaces", FD_STYLE_CHAT_BUBBLE, 1, 0, 0, FD_UNIT_YEAR, NULL},
        {"yesterday_text", FD_STYLE_FEED, 0, 0, 0, FD_UNIT_YEAR, "Yday"},
        {"max_unit HOUR", FD_STYLE_COMPACT, 0, 0, 0, FD_UNIT_HOUR, NULL},
        {"max_unit DAY", FD_STYLE_RELATIVE, 0, 0, 0, FD_UNIT_DAY, NULL},
        {"spoken", FD_STYLE_COMPACT, 0, 1, 0, FD_UNIT_YEAR, NULL},
        {"spoken", FD_STYLE_CHAT_LIST, 0, 1, 0, FD_UNIT_YEAR, NULL},
        {"overtime", FD_STYLE_COUNTDOWN, 0, 0, 1, FD_UNIT_YEAR, NULL},
        {"spoken (read out by ICU)", FD_STYLE_COUNTDOWN, 0, 1, 0, FD_UNIT_YEAR, NULL},
    };
    /* Countdowns to deadlines ahead (the mix above is in the past: all expired). */
    int64_t *ahead = malloc(n * sizeof *ahead);
    for (size_t i = 0; i < n; i++)
        ahead[i] = 2 * now - ts[i];
    if (out)
        fprintf(out, "\n], \"options\": [\n");
    printf("\n%-26s %-12s %-7s %12s %12s %8s\n", "option", "style", "locale", "without", "with", "ratio");
    first = 1;
    for (size_t w = 0; w < 2; w++) {
        for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
            fd_formatter *plain = make(variants[v].style, where[w].locale, where[w].zone);
            fd_options o;
            fd_options_init(&o, variants[v].style);
            o.locale = where[w].locale;
            o.time_zone = where[w].zone;
            o.plain_spaces = variants[v].plain_spaces;
            o.spoken = variants[v].spoken;
            o.overtime = variants[v].overtime;
            o.max_unit = variants[v].max_unit;
            o.yesterday_text = variants[v].yesterday;
            fd_formatter *opt = NULL;
            if (fd_formatter_new(&o, &opt) != FD_OK) {
                fprintf(stderr, "fd_formatter_new failed: %s\n", fd_last_error());
                return 1;
            }
            /* overtime counts up past deadlines (the mix); spoken counts down to deadlines ahead. */
            const int64_t *xs = variants[v].style == FD_STYLE_COUNTDOWN && !variants[v].overtime ? ahead : ts;
            double a = 0, b = 0;
            pair_ns(plain, opt, xs, n, now, &a, &b);
            const char *style = fdn_style(variants[v].style).c_name;
            printf("%-26s %-12s %-7s %9.0f ns %9.0f ns %7.2fx\n", variants[v].name, style, where[w].locale, a, b,
                   b / a);
            if (out)
                fprintf(out,
                        "%s  {\"option\": \"%s\", \"style\": \"%s\", \"locale\": \"%s\", \"without_ns\": %.1f, "
                        "\"with_ns\": %.1f}",
                        first ? "" : ",\n", variants[v].name, style, where[w].locale, a, b);
            first = 0;
            fd_formatter_free(opt);
            fd_formatter_free(plain);
        }
    }
    free(ahead);
    schedule_rows(NULL, now);     /* printed only: results.json keeps its 1.1 shape */
    interleaved_rows(ts, n, now); /* printed only, as the schedule rows */

    /* Batches, threads, creation, memory: FEED, zh_CN in Asia/Shanghai. */
    fd_formatter *feed = make(FD_STYLE_FEED, "zh_CN", "Asia/Shanghai");
    fd_ns(feed, ts, n, now); /* warm */
    double many = many_per_second(feed, ts, n, now);
    /* Five rounds of one thread, two threads sharing the formatter and two
     * threads with a formatter each (the baseline: nothing shared), reported by
     * the round with the median sharing ratio: on a shared machine a run can
     * lose a core for a while. */
    enum { PAIRS = 5 };
    fd_formatter *own = make(FD_STYLE_FEED, "zh_CN", "Asia/Shanghai");
    fd_ns(own, ts, n, now);
    fd_formatter *shared[2] = {feed, feed}, *apart[2] = {feed, own};
    double pair_one[PAIRS], pair_two[PAIRS], pair_apart[PAIRS], ratio[PAIRS];
    for (int i = 0; i < PAIRS; i++) {
        pair_one[i] = threads_per_second(shared, ts, n, now, 1);
        pair_two[i] = threads_per_second(shared, ts, n, now, 2);
        pair_apart[i] = threads_per_second(apart, ts, n, now, 2);
        ratio[i] = pair_two[i] / pair_one[i];
    }
    fd_formatter_free(own);
    int median = 0; /* the pair whose ratio has as many pairs above as below */
    for (int i = 0; i < PAIRS; i++) {
        int below = 0;
        for (int k = 0; k < PAIRS; k++)
            below += ratio[k] < ratio[i] || (ratio[k] == ratio[i] && k < i);
        if (below == PAIRS / 2)
            median = i;
    }
    double one = pair_one[median], two = pair_two[median], two_apart = pair_apart[median];
    double low = ratio[0], high = ratio[0];
    for (int i = 1; i < PAIRS; i++) {
        if (ratio[i] < low)
            low = ratio[i];
        if (ratio[i] > high)
            high = ratio[i];
    }
    printf("\nfd_format_many FEED zh_CN: %.1f million labels/s on one core\n", many / 1e6);
    printf("one formatter, 1 thread: %.1f M labels/s; 2 threads: %.1f M labels/s (%.2fx; median of %d rounds, "
           "%.2f-%.2fx); "
           "2 threads with a formatter each: %.1f M labels/s (%.2fx)\n",
           one / 1e6, two / 1e6, two / one, PAIRS, low, high, two_apart / 1e6, two_apart / one);

    enum { CREATE = 200 };
    double t0 = now_ns();
    for (int i = 0; i < CREATE; i++)
        fd_formatter_free(make(FD_STYLE_FEED, "zh_CN", "Asia/Shanghai"));
    double create_us = (now_ns() - t0) / CREATE / 1e3;
    printf("fd_formatter_new + free: %.1f us\n", create_us);

    /* A locale no formatter has used yet: its first formatter brings the ICU
     * objects and text tables that later formatters of the locale share. */
    size_t before = heap_in_use();
    fd_formatter *fresh = make(FD_STYLE_FEED, "fr_FR", "Europe/Paris");
    fd_ns(fresh, ts, n, now);
    size_t warm = heap_in_use() - before;
    before = heap_in_use();
    fd_formatter *second = make(FD_STYLE_FEED, "fr_FR", "Europe/Paris");
    fd_ns(second, ts, n, now);
    size_t marginal = heap_in_use() - before;
    fd_formatter_free(second);
    char buf[FD_LABEL_CAPACITY];
    fd_label info;
    size_t after_one = heap_in_use();
    for (int round = 0; round < 10000000 / (int)n; round++)
        for (size_t i = 0; i < n; i++)
            fd_format(fresh, ts[i], now + (int64_t)round * 1000, buf, sizeof buf, &info);
    size_t after_ten = heap_in_use();
    printf("heap of the first warm FEED formatter of a locale: %zu KiB; of each further one: %zu bytes; "
           "growth over 10 million more labels: %ld bytes\n",
           warm / 1024, marginal, (long)after_ten - (long)after_one);
    fd_formatter_free(fresh);
    fd_formatter_free(feed);

    if (out) {
        fprintf(out,
                "\n], \"cores\": %ld, \"format_many_labels_per_s\": %.0f, \"one_thread_labels_per_s\": %.0f, "
                "\"two_threads_labels_per_s\": %.0f, \"two_threads_own_formatters_labels_per_s\": %.0f, "
                "\"formatter_new_us\": %.1f, \"first_warm_formatter_heap_bytes\": %zu, "
                "\"further_formatter_heap_bytes\": %zu, "
                "\"heap_growth_10m_labels_bytes\": %ld}\n",
                sysconf(_SC_NPROCESSORS_ONLN), many, one, two, two_apart, create_us, warm, marginal,
                (long)after_ten - (long)after_one);
        fclose(out);
    }
    free(ts);
    free(spread);
    return 0;
}
