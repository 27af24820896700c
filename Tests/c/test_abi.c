/*
 * test_abi.c — how the ABI grows (feeddate.h, "How the struct grows"; SPEC
 * section 7), and the messages behind fd_last_error.
 *
 * - fd_options_init_sized writes exactly the size asked for, and nothing at
 *   all for a size that is no published layout;
 * - the exported symbol fd_options_init fills the 1.0 layout;
 * - a struct from a future header (a larger size) is refused cleanly;
 * - fd_last_error names what was wrong and what is valid, is "" after a
 *   success and is kept per thread;
 * - fd_icu_version and the version numbers agree with the header.
 * Closes with "N passed, N failed".
 */
#define _POSIX_C_SOURCE 200809L /* pthread_barrier_t */

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "testkit.h"

#define TAIL 64

/* An fd_options with canary bytes after it. */
typedef struct guarded {
    fd_options o;
    unsigned char tail[TAIL];
} guarded;

/* A struct as a later header might declare it: more fields after 1.1's. */
typedef struct future_options {
    fd_options base;
    int64_t later_fields[4];
} future_options;

static size_t alignment_of_options(void)
{
    struct probe {
        char c;
        fd_options o;
    };
    return offsetof(struct probe, o);
}

/* 1.0's layout ends with countdown_days, padded to the struct's alignment. */
static size_t size_1_0(void)
{
    size_t end = offsetof(fd_options, countdown_days) + sizeof(int32_t);
    size_t a = alignment_of_options();
    return (end + a - 1) / a * a;
}

static int all_bytes(const void *p, size_t n, unsigned char v)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i] != v)
            return 0;
    return 1;
}

static void expect_status(const char *what, fd_status got, fd_status want)
{
    char a[32], b[32];
    if (got != want)
        tk_fail("%s: expected %s, got %s", what, tk_status_name(want, a, sizeof a), tk_status_name(got, b, sizeof b));
    else
        tk_count(1);
}

/* fd_last_error holds `needle` (and is not empty). */
static void expect_message(const char *what, const char *needle)
{
    const char *m = fd_last_error();
    if (m == NULL) {
        tk_fail("%s: fd_last_error() is NULL", what);
        return;
    }
    if (m[0] == '\0' || strstr(m, needle) == NULL)
        tk_fail("%s: fd_last_error() = \"%s\", expected it to contain \"%s\"", what, m, needle);
    else
        tk_count(1);
}

static void expect_no_message(const char *what)
{
    const char *m = fd_last_error();
    if (m == NULL || m[0] != '\0')
        tk_fail("%s: fd_last_error() = \"%s\" after a success, expected \"\"", what, m ? m : "(NULL)");
    else
        tk_count(1);
}

static void check_init_sized(void)
{
    guarded g;
    memset(&g, 0xA5, sizeof g);
    expect_status("fd_options_init_sized(sizeof)", fd_options_init_sized(&g.o, sizeof g.o, FD_STYLE_COUNTDOWN), FD_OK);
    CHECK(g.o.size == sizeof g.o, "fd_options_init_sized: size field %u, expected %zu", g.o.size, sizeof g.o);
    CHECK(g.o.style == FD_STYLE_COUNTDOWN && g.o.precision == 1 && g.o.weekday_window_days == 6 && g.o.locale == NULL &&
              g.o.time_zone == NULL,
          "fd_options_init_sized: defaults not filled");
    CHECK(all_bytes(g.tail, TAIL, 0xA5), "fd_options_init_sized(sizeof): wrote past the struct");

    /* Sizes that are no published layout: refused, and not one byte written. */
    const size_t bad[] = {
        0, 1, 4, size_1_0() - 1, size_1_0() + 1, sizeof(fd_options) + 8, sizeof(future_options), 4096, SIZE_MAX};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char what[80];
        snprintf(what, sizeof what, "fd_options_init_sized(size %zu)", bad[i]);
        memset(&g, 0xA5, sizeof g);
        expect_status(what, fd_options_init_sized(&g.o, bad[i], FD_STYLE_FEED), FD_ERR_ARGUMENT);
        expect_message(what, "not a published fd_options layout");
        CHECK(all_bytes(&g, sizeof g, 0xA5), "%s: wrote into the struct", what);
    }
    expect_status("fd_options_init_sized(NULL)", fd_options_init_sized(NULL, sizeof(fd_options), FD_STYLE_FEED),
                  FD_ERR_ARGUMENT);
    expect_message("fd_options_init_sized(NULL)", "opts is NULL");
    memset(&g, 0xA5, sizeof g);
    expect_status("fd_options_init_sized(style 42)", fd_options_init_sized(&g.o, sizeof g.o, (fd_style)42),
                  FD_ERR_ARGUMENT);
    expect_message("fd_options_init_sized(style 42)", "style 42 is not a style");
    CHECK(g.o.style == FD_STYLE_FEED && all_bytes(g.tail, TAIL, 0xA5),
          "fd_options_init_sized(style 42): not filled with FEED defaults, or wrote past the struct");

    /* The macro is the sized call with this header's size. */
    memset(&g, 0xA5, sizeof g);
    expect_status("fd_options_init macro", fd_options_init(&g.o, FD_STYLE_FEED), FD_OK);
    CHECK(g.o.size == sizeof g.o && all_bytes(g.tail, TAIL, 0xA5),
          "fd_options_init macro: size %u (expected %zu) or wrote past the struct", g.o.size, sizeof g.o);

    /* The exported symbol keeps 1.0's layout: exactly 1.0's bytes. */
    memset(&g, 0xA5, sizeof g);
    expect_status("(fd_options_init) symbol", (fd_options_init)(&g.o, FD_STYLE_FEED), FD_OK);
    CHECK(g.o.size == size_1_0(), "(fd_options_init): size %u, expected 1.0's %zu", g.o.size, size_1_0());
    CHECK(all_bytes((unsigned char *)&g + size_1_0(), sizeof g - size_1_0(), 0xA5),
          "(fd_options_init): wrote past 1.0's layout (%zu bytes)", size_1_0());
}

/* fd_formatter_new with opts->size = size; the rest as fd_options_init filled it. */
static fd_status new_with_size(fd_options *o, uint32_t size, fd_formatter **f)
{
    o->size = size;
    return fd_formatter_new(o, f);
}

static void check_formatter_sizes(void)
{
    future_options fut;
    fd_formatter *f = (fd_formatter *)&fut; /* must come back NULL */

    /* A struct from a future header: refused, not half-read. */
    memset(&fut, 0x5A, sizeof fut);
    expect_status("fd_options_init_sized(future size)", fd_options_init_sized(&fut.base, sizeof fut, FD_STYLE_FEED),
                  FD_ERR_ARGUMENT);
    CHECK(all_bytes(&fut, sizeof fut, 0x5A), "fd_options_init_sized(future size): wrote into it");
    fd_options_init(&fut.base, FD_STYLE_FEED);
    fut.base.locale = "en_US";
    fut.base.time_zone = "UTC";
    expect_status("fd_formatter_new(future size)", new_with_size(&fut.base, (uint32_t)sizeof fut, &f), FD_ERR_ARGUMENT);
    expect_message("fd_formatter_new(future size)", "newer");
    CHECK(f == NULL, "fd_formatter_new(future size): *out not set to NULL");

    const uint32_t bad[] = {0, 4, (uint32_t)size_1_0() - 8, (uint32_t)sizeof(fd_options) + 4, 0xFFFFFFFFu};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char what[64];
        snprintf(what, sizeof what, "fd_formatter_new(size %u)", bad[i]);
        f = (fd_formatter *)&fut;
        expect_status(what, new_with_size(&fut.base, bad[i], &f), FD_ERR_ARGUMENT);
        expect_message(what, "opts->size");
        CHECK(f == NULL, "%s: *out not set to NULL", what);
    }

    /* Every published size is read: 1.0's and this header's. */
    const uint32_t good[] = {(uint32_t)size_1_0(), (uint32_t)sizeof(fd_options)};
    for (size_t i = 0; i < 2; i++) {
        char what[64];
        snprintf(what, sizeof what, "fd_formatter_new(size %u)", good[i]);
        f = NULL;
        expect_status(what, new_with_size(&fut.base, good[i], &f), FD_OK);
        expect_no_message(what);
        fd_formatter_free(f);
    }
}

static void check_messages(void)
{
    fd_options o;
    fd_formatter *f = NULL;
    struct {
        const char *what;
        int field;
        int64_t value;
        const char *needle;
    } rows[] = {
        {"precision 4", 0, 4, "precision 4 is out of range 0..3"},
        {"just_now_ms -1", 1, -1, "just_now_ms -1 is out of range 0..86400000"},
        {"weekday_window_days 7", 2, 7, "weekday_window_days 7 is out of range 1..6"},
        {"hour_cycle 9", 3, 9, "hour_cycle 9 is not an hour cycle"},
        {"recent_relative 2", 4, 2, "recent_relative 2 must be 0 or 1"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        fd_options_init(&o, FD_STYLE_FEED);
        o.locale = "en_US";
        o.time_zone = "UTC";
        switch (rows[i].field) {
        case 0: o.precision = (int32_t)rows[i].value; break;
        case 1: o.just_now_ms = rows[i].value; break;
        case 2: o.weekday_window_days = (int32_t)rows[i].value; break;
        case 3: o.hour_cycle = (fd_hour_cycle)rows[i].value; break;
        default: o.recent_relative = (int32_t)rows[i].value; break;
        }
        expect_status(rows[i].what, fd_formatter_new(&o, &f), FD_ERR_ARGUMENT);
        expect_message(rows[i].what, rows[i].needle);
    }
    fd_options_init(&o, FD_STYLE_FEED);
    o.locale = "zh_CN!";
    o.time_zone = "UTC";
    expect_status("locale zh_CN!", fd_formatter_new(&o, &f), FD_ERR_LOCALE);
    expect_message("locale zh_CN!", "\"zh_CN!\"");
    o.locale = "en_US";
    o.time_zone = "Asia/Shangai";
    expect_status("zone Asia/Shangai", fd_formatter_new(&o, &f), FD_ERR_TIME_ZONE);
    expect_message("zone Asia/Shangai", "\"Asia/Shangai\"");
    expect_status("fd_formatter_new(NULL)", fd_formatter_new(NULL, &f), FD_ERR_ARGUMENT);
    expect_message("fd_formatter_new(NULL)", "opts is NULL");

    o.time_zone = "UTC";
    expect_status("fd_formatter_new", fd_formatter_new(&o, &f), FD_OK);
    expect_no_message("after fd_formatter_new");
    char buf[FD_LABEL_CAPACITY];
    fd_label info;
    expect_status("fd_format(t out of range)", fd_format(f, FD_MAX_INSTANT_MS + 1, 0, buf, sizeof buf, &info),
                  FD_ERR_RANGE);
    expect_message("fd_format(t out of range)", "outside the supported range");
    expect_status("fd_format", fd_format(f, 0, 0, buf, sizeof buf, &info), FD_OK);
    expect_no_message("after fd_format");
    expect_status("fd_format(cap 2)", fd_format(f, 0, 0, buf, 2, &info), FD_ERR_BUFFER);
    expect_message("fd_format(cap 2)", "cap is 2");
    int64_t ts[2] = {0, 1};
    size_t ends[2];
    expect_status("fd_format_many(NULL ends)", fd_format_many(f, ts, 2, 0, buf, sizeof buf, NULL, NULL),
                  FD_ERR_ARGUMENT);
    expect_message("fd_format_many(NULL ends)", "ends is NULL");
    expect_status("fd_format_many", fd_format_many(f, ts, 2, 0, buf, sizeof buf, ends, NULL), FD_OK);
    expect_no_message("after fd_format_many");
    fd_formatter_free(f);

    const char *m = fd_status_message(FD_ERR_INTERNAL);
    CHECK(m != NULL && strstr(m, "internal") != NULL, "fd_status_message(FD_ERR_INTERNAL) = \"%s\"", m ? m : "(NULL)");
}

/* fd_last_error is per thread: a success on one thread does not clear another's. */
static pthread_barrier_t barrier;
static char seen_in_thread[256];

static void *erring_thread(void *arg)
{
    (void)arg;
    fd_options o;
    fd_formatter *f = NULL;
    fd_options_init(&o, FD_STYLE_COUNTDOWN);
    o.locale = "en_US";
    o.time_zone = "UTC";
    o.precision = 9;
    fd_formatter_new(&o, &f);
    pthread_barrier_wait(&barrier); /* the main thread succeeds now */
    pthread_barrier_wait(&barrier);
    snprintf(seen_in_thread, sizeof seen_in_thread, "%s", fd_last_error());
    return NULL;
}

static void check_per_thread(void)
{
    pthread_t t;
    pthread_barrier_init(&barrier, NULL, 2);
    if (pthread_create(&t, NULL, erring_thread, NULL) != 0) {
        tk_fail("pthread_create");
        return;
    }
    pthread_barrier_wait(&barrier);
    fd_options o;
    fd_formatter *f = NULL;
    fd_options_init(&o, FD_STYLE_FEED);
    o.locale = "en_US";
    o.time_zone = "UTC";
    expect_status("main thread fd_formatter_new", fd_formatter_new(&o, &f), FD_OK);
    expect_no_message("main thread after success");
    fd_formatter_free(f);
    pthread_barrier_wait(&barrier);
    pthread_join(t, NULL);
    pthread_barrier_destroy(&barrier);
    CHECK(strstr(seen_in_thread, "precision 9 is out of range 0..3") != NULL,
          "the other thread's fd_last_error became \"%s\"", seen_in_thread);
}

static void check_versions(void)
{
    const char *icu = fd_icu_version();
    unsigned major = 0, minor = 0;
    char rest = 0;
    int n = icu ? sscanf(icu, "%u.%u%c", &major, &minor, &rest) : 0;
    CHECK(n >= 2 && major >= 50 && (n == 2 || rest == '.'), "fd_icu_version() = \"%s\", expected MAJOR.MINOR[.PATCH]",
          icu ? icu : "(NULL)");
    CHECK(icu == fd_icu_version(), "fd_icu_version(): not one static string");
    char want[32];
    snprintf(want, sizeof want, "%d.%d.%d", FD_VERSION_MAJOR, FD_VERSION_MINOR, FD_VERSION_PATCH);
    CHECK(strcmp(want, FD_VERSION_STRING) == 0 && strcmp(want, fd_version_string()) == 0 &&
              fd_version() == FD_VERSION_NUMBER,
          "versions disagree: numbers %s, FD_VERSION_STRING %s, library %s (%u)", want, FD_VERSION_STRING,
          fd_version_string(), fd_version());
}

int main(void)
{
    check_init_sized();
    check_formatter_sizes();
    check_messages();
    check_per_thread();
    check_versions();
    return tk_finish();
}
