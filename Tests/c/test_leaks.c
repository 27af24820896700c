/*
 * test_leaks.c — the workload for valgrind memcheck (make valgrind).
 *
 *   test_leaks [cycles [labels]]      (defaults 10000 and 1000000)
 *
 *   1. `cycles` fd_formatter_new / fd_formatter_free cycles over every style
 *      and a rotation of locales, zones and options (enough combinations to
 *      evict entries of the library's locale cache), one in eight of them
 *      with a bad locale, zone or option (the failure paths must not leak
 *      either), and a few labels on each formatter made;
 *   2. `labels` labels on 7 long-lived formatters (one per style), half
 *      through fd_format (with full, too-small and size-query buffers) and
 *      half through fd_format_many in batches of 100, with instants from the
 *      recent past to both ends of the supported range;
 *   3. everything freed. Run under valgrind, the program must end with no
 *      memory "definitely" or "indirectly" lost and no memcheck error; the
 *      one-time allocations that ICU and the Swift runtime keep for the life
 *      of the process are reachable from globals ("still reachable") and are
 *      not leaks (tools/hardening-valgrind.supp explains the suppressions).
 * Also a plain test: checks every status and closes with "N passed, N failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "feeddate.h"
#include "testkit.h"

#define NOW 1711391400000LL
#define DAY 86400000LL
#define BATCH 100

static const char *const LOCALES[] = {"en_US", "zh_CN",          "ja_JP@calendar=japanese", "ar_EG", "de_DE", "fa_IR",
                                      "he_IL", "en-US-u-hc-h23", "tlh, en_XX;q=0.5",        "th_TH"};
static const char *const ZONES[] = {
    "UTC",         "Asia/Shanghai",     "America/New_York", "Europe/London", "Australia/Lord_Howe",
    "Asia/Tehran", "Pacific/Kiritimati"};
/* The long-lived formatters of part 2, by style. */
static const char *const LONG_LIVED[7][2] = {
    {"zh_CN", "Asia/Shanghai"},       {"fa_IR", "Asia/Tehran"},   {"ar_EG", "Africa/Cairo"},
    {"en_US", "America/New_York"},    {"de_DE", "Europe/Berlin"}, {"ja_JP@calendar=japanese", "Asia/Tokyo"},
    {"he_IL", "Australia/Lord_Howe"},
};
#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

static uint64_t rng = 0x853C49E6748FEA9Bull;
static uint64_t next_random(void)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return rng;
}

/* Mostly the recent past and near future; one in 64 anywhere in the range
   (far dates go through slower ICU paths, up to milliseconds a label). */
static int64_t some_instant(void)
{
    uint64_t r = next_random();
    switch (r % 64) {
    case 0: return FD_MIN_INSTANT_MS + (int64_t)((r >> 8) % (uint64_t)(FD_MAX_INSTANT_MS - FD_MIN_INSTANT_MS));
    case 1:
    case 2:
    case 3:
    case 4: return NOW + (int64_t)((r >> 8) % (3 * DAY));
    default: return NOW - (int64_t)((r >> 8) % (400 * DAY));
    }
}

static unsigned long failures;
static void expect(int ok, const char *what, unsigned long i)
{
    if (!ok && failures++ < 10)
        tk_fail("%s (iteration %lu)", what, i);
}

int main(int argc, char **argv)
{
    unsigned long cycles = argc > 1 ? strtoul(argv[1], NULL, 10) : 10000;
    unsigned long labels = argc > 2 ? strtoul(argv[2], NULL, 10) : 1000000;
    char buf[FD_LABEL_CAPACITY];
    fd_label info;

    /* 1. create / free cycles */
    for (unsigned long i = 0; i < cycles; i++) {
        fd_options o;
        fd_formatter *f = NULL;
        fd_options_init(&o, (fd_style)(i % 7));
        o.locale = LOCALES[i % COUNT_OF(LOCALES)];
        o.time_zone = ZONES[(i / 3) % COUNT_OF(ZONES)];
        o.recent_relative = (int32_t)(i / 7 % 2);
        /* ~70 (locale, hour cycle, width) combinations over the run: more
           than the library's cache of 64 locale services, so some are
           evicted and freed too, without making every creation a miss. */
        o.hour_cycle = (fd_hour_cycle)(i / 1000 % 3);
        o.width = (fd_width)(i / 3000 % 3);
        fd_status want = FD_OK;
        switch (i % 8 == 7 ? i / 8 % 4 : 4) {
        case 0:
            o.locale = "@@@";
            want = FD_ERR_LOCALE;
            break;
        case 1:
            o.time_zone = "../../etc/passwd";
            want = FD_ERR_TIME_ZONE;
            break;
        case 2:
            o.time_zone = "No/Such_Zone";
            want = FD_ERR_TIME_ZONE;
            break;
        case 3:
            o.precision = 9;
            want = FD_ERR_ARGUMENT;
            break;
        default: break;
        }
        fd_status s = fd_formatter_new(&o, &f);
        expect(s == want, "fd_formatter_new: unexpected status", i);
        if (s == FD_OK) {
            for (int k = 0; k < 3; k++)
                expect(fd_format(f, some_instant(), NOW, buf, sizeof buf, &info) == FD_OK, "fd_format", i);
        }
        fd_formatter_free(f);
    }
    tk_count(failures == 0);
    printf("%lu formatter create/free cycles\n", cycles);

    /* 2. labels on long-lived formatters */
    fd_formatter *fs[7] = {NULL};
    for (int style = 0; style < 7; style++) {
        fd_options o;
        fd_options_init(&o, (fd_style)style);
        o.locale = LONG_LIVED[style][0];
        o.time_zone = LONG_LIVED[style][1];
        if (fd_formatter_new(&o, &fs[style]) != FD_OK)
            tk_fail("fd_formatter_new(style %d, %s, %s)", style, o.locale, o.time_zone);
    }
    unsigned long done = 0, before = failures;
    static char many[BATCH * FD_LABEL_CAPACITY];
    int64_t ts[BATCH];
    size_t ends[BATCH];
    while (done < labels) {
        fd_formatter *f = fs[done / BATCH % 7];
        if (f == NULL)
            break;
        if (done / BATCH % 2 == 0) {
            for (int k = 0; k < BATCH && done < labels; k++, done++) {
                int64_t t = some_instant();
                switch (k % 10) {
                case 0: /* a size query, then a buffer one byte short */
                    expect(fd_format(f, t, NOW, NULL, 0, &info) == FD_ERR_BUFFER, "size query", done);
                    expect(fd_format(f, t, NOW, buf, info.length, &info) == FD_ERR_BUFFER, "short buffer", done);
                    break;
                default: expect(fd_format(f, t, NOW, buf, sizeof buf, &info) == FD_OK, "fd_format", done);
                }
            }
        } else {
            size_t n = labels - done < BATCH ? (size_t)(labels - done) : BATCH;
            int64_t next;
            for (size_t k = 0; k < n; k++)
                ts[k] = some_instant();
            expect(fd_format_many(f, ts, n, NOW, many, sizeof many, ends, &next) == FD_OK, "fd_format_many", done);
            done += n;
        }
    }
    tk_count(failures == before && done == labels);
    printf("%lu labels\n", done);

    /* 3. everything freed */
    for (int style = 0; style < 7; style++)
        fd_formatter_free(fs[style]);
    return tk_finish();
}
