/*
 * test_env.c — creating formatters never reads the environment, so another
 * thread's setenv()/unsetenv() cannot crash it (SPEC section 1, 1.2).
 *
 *   test_env [seconds]      (default 2)
 *
 * glibc's getenv() reads the environment without a lock while setenv() may
 * move it: a getenv() beside a setenv() can read freed memory. 1.1 read
 * $TZDIR on every fd_formatter_new, and 12 of 12 runs of a 16-thread storm
 * crashed. $TZDIR is now read once, on first use (and $TZ only when a
 * formatter takes the host's zone, LANG and friends only for the host's
 * locale, once).
 *
 * 1. Counted: this executable interposes getenv() and secure_getenv()
 *    (linked with -rdynamic). After one first formatter, creating formatters
 *    with an explicit zone and locale (every style, 40 languages, zones and
 *    POSIX TZ strings), including a locale's first, must call neither.
 * 2. Stormed: 8 threads setenv()/unsetenv() variables of growing size (so
 *    the environment array moves) while 8 threads create, use and free such
 *    formatters, for `seconds`; every label must be right and the process
 *    must survive.
 * Closes with "N passed, N failed".
 */
#define _GNU_SOURCE

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "feeddate.h"
#include "fd_names.h"
#include "testkit.h"

static atomic_int counting;
static atomic_long reads;
static char last_read[128];

static void note(const char *name)
{
    if (atomic_load(&counting)) {
        atomic_fetch_add(&reads, 1);
        snprintf(last_read, sizeof last_read, "%s", name);
    }
}

char *getenv(const char *name)
{
    static char *(*real)(const char *);
    if (real == NULL)
        *(void **)(&real) = dlsym(RTLD_NEXT, "getenv");
    note(name);
    return real(name);
}

char *secure_getenv(const char *name)
{
    static char *(*real)(const char *);
    if (real == NULL)
        *(void **)(&real) = dlsym(RTLD_NEXT, "secure_getenv");
    note(name);
    return real(name);
}

static const char *const locales[] = {
    "zh_CN", "en_US", "de", "fr", "ja", "ko", "ar_EG", "ru", "es", "it", "pt_BR", "hi", "th_TH", "fa_IR",
    "he",    "tr",    "pl", "nl", "sv", "fi", "cs",    "el", "uk", "vi", "id",    "ms", "zh_TW", "da",
    "nb",    "hu",    "ro", "bg", "hr", "sk", "sl",    "lt", "lv", "et", "sr",    "ca",
};
static const char *const zones[] = {"Asia/Shanghai", "America/New_York", "Europe/Berlin",       "UTC",
                                    "CST-8",         "<+0330>-3:30",     "Australia/Lord_Howe", "America/Sao_Paulo"};
/* No old names ("US/Eastern"): Debian 13 keeps them in tzdata-legacy, which its roots lack. */
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define NOW 1711348200000LL /* 2024-03-25T06:30:00Z */

/* Creates, labels with and frees formatter i; 0 when the label is not empty and all went well. */
static int one(unsigned i)
{
    fd_options o;
    fd_options_init(&o, (fd_style)(i % (unsigned)fdn_count(fdn_style)));
    o.locale = locales[i % COUNT(locales)];
    o.time_zone = zones[(i / 7) % COUNT(zones)];
    fd_formatter *f = NULL;
    int s = fd_formatter_new(&o, &f);
    if (s != FD_OK)
        return s;
    char buf[FD_LABEL_CAPACITY];
    s = fd_format(f, NOW - 86400000LL, NOW, buf, sizeof buf, NULL);
    fd_formatter_free(f);
    return s != FD_OK ? s : buf[0] == '\0' ? -1 : 0;
}

static atomic_int stop;
static atomic_long failures, made;

static void *creator(void *arg)
{
    unsigned i = (unsigned)(size_t)arg;
    while (!atomic_load(&stop)) {
        if (one(i) != 0)
            atomic_fetch_add(&failures, 1);
        atomic_fetch_add(&made, 1);
        i += 8;
    }
    return NULL;
}

static void *storm(void *arg)
{
    unsigned k = (unsigned)(size_t)arg;
    char name[32], value[512];
    while (!atomic_load(&stop)) {
        snprintf(name, sizeof name, "FEEDDATE_STORM_%u_%u", k, k % 97);
        size_t n = 1 + k % (sizeof value - 1);
        memset(value, 'a' + (int)(k % 26), n);
        value[n] = '\0';
        if (k % 3 == 2)
            unsetenv(name);
        else
            setenv(name, value, 1);
        k += 8;
    }
    return NULL;
}

int main(int argc, char **argv)
{
    size_t seconds = tk_count_arg(argc, argv, 2, 1, 3600);
    /* The first use: the library may read $TZDIR (and ICU its settings) here. */
    if (one(0) != 0)
        tk_fail("the first formatter failed: %s", fd_last_error());

    atomic_store(&counting, 1);
    int bad = 0;
    for (unsigned i = 1; i < 7 * COUNT(locales) * 2; i++)
        if (one(i) != 0 && bad++ < 3)
            tk_fail("formatter %u (%s, %s) failed: %s", i, locales[i % COUNT(locales)], zones[(i / 7) % COUNT(zones)],
                    fd_last_error());
    atomic_store(&counting, 0);
    long n = atomic_load(&reads);
    if (!tk_count(n == 0))
        tk_fail("creating %zu formatters with explicit ids read the environment %ld times (last: %s)",
                7 * COUNT(locales) * 2 - 1, n, last_read);

    pthread_t threads[16];
    for (size_t t = 0; t < 16; t++)
        pthread_create(&threads[t], NULL, t < 8 ? creator : storm, (void *)t);
    struct timespec pause = {(time_t)seconds, 0};
    nanosleep(&pause, NULL);
    atomic_store(&stop, 1);
    for (size_t t = 0; t < 16; t++)
        pthread_join(threads[t], NULL);
    if (!tk_count(atomic_load(&failures) == 0))
        tk_fail("%ld of %ld formatters made during the setenv storm failed", atomic_load(&failures),
                atomic_load(&made));
    printf("  %ld formatters created during %zu s of setenv/unsetenv on 8 threads\n", atomic_load(&made), seconds);
    return tk_finish();
}
