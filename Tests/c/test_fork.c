/*
 * test_fork.c — a child forked while other threads are inside the library
 * can use it: it creates a formatter and labels, and formatters made before
 * the fork still work in it.
 *
 *   test_fork [forks]      (default 100)
 *
 * Four threads keep the library busy on both kinds of path: labels of recent
 * instants served from the lock-free tables (fd_format and fd_format_many),
 * and paths that take the library's locks and call ICU: dates before 1900
 * (formatted by ICU under a formatter's lock) and a Persian-calendar
 * formatter (ICU calendar arithmetic) on one thread, and on two threads new
 * formatters of ever other locales created, used and freed in a loop (ICU
 * data opened under ICU's own locks). Meanwhile the main thread forks
 * `forks` times. Each child, under alarm(), labels with formatters made
 * before the fork, creates formatters of its own (one of another language
 * each time) and labels with them, and exits 0 only when every label equals
 * the one the parent computed before the threads started. The parent waits for each
 * child with a deadline: a child that hangs, crashes or labels wrongly fails
 * the test with its fork number and what happened. The threads must keep
 * going through the forks, and a watchdog ends the whole run after
 * WATCHDOG_SECONDS. Closes with "N passed, N failed".
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "feeddate.h"
#include "testkit.h"

#define THREADS 4
#define CHILD_SECONDS 5       /* a child's alarm: longer means it hung */
#define MAX_FAILED_CHILDREN 3 /* then stop forking: the verdict is in */
#define WATCHDOG_SECONDS 120  /* the whole run, whatever hangs */
#define NOW 1711391400000LL   /* 2024-03-25T18:30:00Z */
#define DAY 86400000LL
#define OLD (-3786825600000LL) /* 1850-01-01T00:00:00Z: before the tables, so ICU formats it */
#define RECENT (NOW - 3 * 3600000LL)

/* Languages the threads cycle through, more than the library caches
 * (64 locale services), so new formatters keep opening ICU data. */
static const char *const LANGUAGES[] = {
    "af", "am",  "ar", "az", "be", "bg", "bn", "bs", "ca", "cs", "cy", "da", "de", "el", "en", "es", "et", "eu", "fa",
    "fi", "fil", "fr", "ga", "gl", "gu", "he", "hi", "hr", "hu", "hy", "id", "is", "it", "ja", "ka", "kk", "km", "kn",
    "ko", "ky",  "lo", "lt", "lv", "mk", "ml", "mn", "mr", "ms", "my", "nb", "ne", "nl", "pa", "pl", "pt", "ro", "ru",
    "si", "sk",  "sl", "sq", "sr", "sv", "sw", "ta", "te", "th", "tr", "uk", "ur", "uz", "vi", "zh", "zu"};
#define LANGUAGE_COUNT (sizeof LANGUAGES / sizeof LANGUAGES[0])

static fd_formatter *zh;      /* FEED zh_CN Asia/Shanghai */
static fd_formatter *persian; /* FEED fa_IR Asia/Tehran: ICU calendar arithmetic */

/* Labels computed before any thread started, which every child must give. */
static char want_zh_recent[FD_LABEL_CAPACITY], want_zh_old[FD_LABEL_CAPACITY];
static char want_fa_old[FD_LABEL_CAPACITY], want_de_old[FD_LABEL_CAPACITY];
static char want_language[LANGUAGE_COUNT][FD_LABEL_CAPACITY]; /* CHAT_BUBBLE of OLD in Asia/Kolkata */

static int stop;                          /* __atomic: the threads end */
static unsigned long iterations[THREADS]; /* __atomic: rounds done per thread */
static int finished[THREADS];             /* __atomic: thread returned */
static int done;                          /* __atomic: the watchdog may rest */

static fd_status make(fd_style style, const char *locale, const char *zone, fd_formatter **out)
{
    fd_options o;
    fd_options_init(&o, style);
    o.locale = locale;
    o.time_zone = zone;
    return fd_formatter_new(&o, out);
}

static fd_status text(const fd_formatter *f, int64_t t, char *buf)
{
    return fd_format(f, t, NOW, buf, FD_LABEL_CAPACITY, NULL);
}

/* ---- the threads ---- */

/* Thread 0: the hot path, labels of recent instants from the tables. */
static void fast_round(unsigned long r)
{
    int64_t ts[64];
    char buf[64 * FD_LABEL_CAPACITY], one[FD_LABEL_CAPACITY];
    size_t ends[64];
    int64_t next = 0;
    for (int i = 0; i < 64; i++)
        ts[i] = NOW - (int64_t)((r * 64 + (unsigned long)i) % 20000) * 60000;
    fd_format_many(zh, ts, 64, NOW, buf, sizeof buf, ends, &next);
    fd_label info;
    fd_format(zh, ts[r % 64], NOW, one, sizeof one, &info);
}

/* Thread 1: dates before 1900 on a shared formatter (ICU under its lock),
 * and the Persian calendar (ICU's calendar arithmetic behind the library's
 * locks) before 1900 and after 2100. */
static void old_round(unsigned long r)
{
    char buf[FD_LABEL_CAPACITY];
    fd_label info;
    fd_format(zh, OLD - (int64_t)(r % 20000) * 37 * DAY, NOW, buf, sizeof buf, &info);
    if (r % 4 == 0) {
        fd_format(persian, OLD - (int64_t)(r % 20000) * 11 * DAY, NOW, buf, sizeof buf, &info);
        fd_format(persian, 4133980800000LL + (int64_t)(r % 20000) * 13 * DAY, NOW, buf, sizeof buf, &info);
    }
}

/* Threads 2 and 3: a new formatter of another locale each round, two labels, freed. */
static void new_round(unsigned long r)
{
    static const char *const zones[] = {"Europe/Paris", "America/Sao_Paulo", "Asia/Kolkata", "Australia/Sydney"};
    static const fd_style styles[] = {FD_STYLE_FEED, FD_STYLE_CHAT_BUBBLE, FD_STYLE_RELATIVE, FD_STYLE_COMPACT};
    fd_formatter *f = NULL;
    if (make(styles[r % 4], LANGUAGES[r % LANGUAGE_COUNT], zones[(r / 7) % 4], &f) == FD_OK) {
        char buf[FD_LABEL_CAPACITY];
        text(f, OLD - (int64_t)(r % 1000) * DAY, buf);
        text(f, RECENT, buf);
    }
    fd_formatter_free(f);
}

static void *worker(void *arg)
{
    int k = (int)(size_t)arg;
    for (unsigned long r = 0; !__atomic_load_n(&stop, __ATOMIC_RELAXED); r++) {
        switch (k) {
        case 0: fast_round(r); break;
        case 1: old_round(r); break;
        case 2: new_round(r); break;
        default: new_round(r + LANGUAGE_COUNT / 2); break;
        }
        __atomic_store_n(&iterations[k], r + 1, __ATOMIC_RELAXED);
    }
    __atomic_store_n(&finished[k], 1, __ATOMIC_RELEASE);
    return NULL;
}

static void *watchdog(void *arg)
{
    (void)arg;
    for (int s = 0; s < WATCHDOG_SECONDS * 10; s++) {
        struct timespec tenth = {0, 100000000L};
        nanosleep(&tenth, NULL);
        if (__atomic_load_n(&done, __ATOMIC_ACQUIRE))
            return NULL;
    }
    printf("FAIL test_fork did not finish in %d s: a fork or a thread of the parent hung\n", WATCHDOG_SECONDS);
    fflush(stdout);
    _exit(1);
}

/* ---- the child ---- */

static int child_bad;

/* Reports one wrong or failed label of child n on stderr (stdout is the parent's). */
static void child_check(int n, const char *what, fd_status s, const char *got, const char *want)
{
    char line[768];
    int len;
    if (s == FD_OK && strcmp(got, want) == 0)
        return;
    child_bad = 1;
    if (s != FD_OK)
        len = snprintf(line, sizeof line, "  fork %d, child: %s: %s (%s)\n", n, what, fd_status_message(s),
                       fd_last_error());
    else
        len = snprintf(line, sizeof line, "  fork %d, child: %s gave \"%s\", expected \"%s\"\n", n, what, got, want);
    if (len > 0)
        (void)!write(2, line, (size_t)len < sizeof line ? (size_t)len : sizeof line - 1);
}

/* What a child does; its exit status is the verdict. */
static void child(int n)
{
    char buf[FD_LABEL_CAPACITY];
    fd_formatter *f = NULL;
    fd_status s;
    alarm(CHILD_SECONDS);

    s = text(zh, RECENT, buf);
    child_check(n, "formatter made before fork, recent instant", s, buf, want_zh_recent);
    s = text(zh, OLD, buf);
    child_check(n, "formatter made before fork, 1850", s, buf, want_zh_old);
    s = text(persian, OLD, buf);
    child_check(n, "Persian formatter made before fork, 1850", s, buf, want_fa_old);

    s = make(FD_STYLE_FEED, "zh_CN", "Asia/Shanghai", &f);
    child_check(n, "fd_formatter_new(FEED, zh_CN)", s, "", "");
    if (s == FD_OK) {
        s = text(f, RECENT, buf);
        child_check(n, "new zh_CN formatter, recent instant", s, buf, want_zh_recent);
        s = text(f, OLD, buf);
        child_check(n, "new zh_CN formatter, 1850", s, buf, want_zh_old);
        fd_formatter_free(f);
    }
    f = NULL;
    s = make(FD_STYLE_CHAT_BUBBLE, "de_DE", "Europe/Berlin", &f);
    child_check(n, "fd_formatter_new(CHAT_BUBBLE, de_DE)", s, "", "");
    if (s == FD_OK) {
        s = text(f, OLD, buf);
        child_check(n, "new de_DE formatter, 1850", s, buf, want_de_old);
        fd_formatter_free(f);
    }
    /* A language of its own per child, whatever the threads have cached. */
    const char *language = LANGUAGES[(size_t)n % LANGUAGE_COUNT];
    char what[96];
    f = NULL;
    s = make(FD_STYLE_CHAT_BUBBLE, language, "Asia/Kolkata", &f);
    snprintf(what, sizeof what, "fd_formatter_new(CHAT_BUBBLE, %s)", language);
    child_check(n, what, s, "", "");
    if (s == FD_OK) {
        s = text(f, OLD, buf);
        snprintf(what, sizeof what, "new %s formatter, 1850", language);
        child_check(n, what, s, buf, want_language[(size_t)n % LANGUAGE_COUNT]);
        fd_formatter_free(f);
    }
    _exit(child_bad ? 1 : 0);
}

/* ---- the parent ---- */

static double seconds_since(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

/* Waits for child n with a deadline; returns 1 when it exited 0. */
static int reap(int n, pid_t pid)
{
    struct timespec start;
    int status = 0;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid)
            break;
        if (r < 0 && errno != EINTR) {
            tk_fail("fork %d: waitpid: %s", n, strerror(errno));
            return 0;
        }
        if (seconds_since(&start) > CHILD_SECONDS + 3) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            tk_fail("fork %d: the child hung (still running after %d s, killed)", n, CHILD_SECONDS + 3);
            return 0;
        }
        struct timespec ms = {0, 1000000L};
        nanosleep(&ms, NULL);
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 1;
    if (WIFEXITED(status))
        tk_fail("fork %d: the child labelled wrongly or could not create a formatter (exit %d)", n,
                WEXITSTATUS(status));
    else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
        tk_fail("fork %d: the child hung (its %d s alarm fired)", n, CHILD_SECONDS);
    else if (WIFSIGNALED(status))
        tk_fail("fork %d: the child died of signal %d (%s)", n, WTERMSIG(status), strsignal(WTERMSIG(status)));
    else
        tk_fail("fork %d: the child ended with status %d", n, status);
    return 0;
}

int main(int argc, char **argv)
{
    int forks = (int)tk_count_arg(argc, argv, 100, 1, 10000);
    pthread_t threads[THREADS], dog;
    fd_formatter *de = NULL;
    fd_status s;

    if (pthread_create(&dog, NULL, watchdog, NULL) != 0) {
        tk_fail("pthread_create failed for the watchdog");
        return tk_finish();
    }
    pthread_detach(dog);
    if ((s = make(FD_STYLE_FEED, "zh_CN", "Asia/Shanghai", &zh)) != FD_OK ||
        (s = make(FD_STYLE_FEED, "fa_IR", "Asia/Tehran", &persian)) != FD_OK ||
        (s = make(FD_STYLE_CHAT_BUBBLE, "de_DE", "Europe/Berlin", &de)) != FD_OK) {
        tk_fail("fd_formatter_new: %s (%s)", fd_status_message(s), fd_last_error());
        return tk_finish();
    }
    if (text(zh, RECENT, want_zh_recent) != FD_OK || text(zh, OLD, want_zh_old) != FD_OK ||
        text(persian, OLD, want_fa_old) != FD_OK || text(de, OLD, want_de_old) != FD_OK) {
        tk_fail("the expected labels could not be made: %s", fd_last_error());
        return tk_finish();
    }
    fd_formatter_free(de);
    for (size_t i = 0; i < LANGUAGE_COUNT; i++) {
        fd_formatter *f = NULL;
        if ((s = make(FD_STYLE_CHAT_BUBBLE, LANGUAGES[i], "Asia/Kolkata", &f)) != FD_OK ||
            (s = text(f, OLD, want_language[i])) != FD_OK) {
            tk_fail("the expected label of %s could not be made: %s (%s)", LANGUAGES[i], fd_status_message(s),
                    fd_last_error());
            return tk_finish();
        }
        fd_formatter_free(f);
    }
    printf("expected in every child: \"%s\", \"%s\", \"%s\", \"%s\"\n", want_zh_recent, want_zh_old, want_fa_old,
           want_de_old);

    int started = 0;
    for (int k = 0; k < THREADS; k++) {
        if (pthread_create(&threads[k], NULL, worker, (void *)(size_t)k) != 0) {
            tk_fail("pthread_create failed for thread %d", k);
            break;
        }
        started++;
    }
    /* Every thread under way before the first fork. */
    for (int k = 0; k < started; k++)
        while (__atomic_load_n(&iterations[k], __ATOMIC_RELAXED) == 0) {
            struct timespec ms = {0, 1000000L};
            nanosleep(&ms, NULL);
        }
    unsigned long before[THREADS];
    for (int k = 0; k < started; k++)
        before[k] = __atomic_load_n(&iterations[k], __ATOMIC_RELAXED);

    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    int failed = 0, ran = 0, good = 0;
    double slowest_fork = 0;
    unsigned int seed = 12345;
    for (int n = 1; n <= forks && failed < MAX_FAILED_CHILDREN; n++) {
        /* 0-2 ms apart, so the forks land anywhere in the threads' rounds. */
        seed = seed * 1103515245u + 12345u;
        struct timespec gap = {0, (long)((seed >> 8) % 2000) * 1000L};
        nanosleep(&gap, NULL);
        fflush(stdout);
        struct timespec fork_start;
        clock_gettime(CLOCK_MONOTONIC, &fork_start);
        pid_t pid = fork();
        if (pid == 0)
            child(n);
        double took = seconds_since(&fork_start);
        if (took > slowest_fork)
            slowest_fork = took;
        if (pid < 0) {
            tk_fail("fork %d: fork() failed: %s", n, strerror(errno));
            failed++;
            continue;
        }
        ran++;
        if (reap(n, pid))
            good++;
        else
            failed++;
    }
    if (failed >= MAX_FAILED_CHILDREN && ran < forks)
        printf("stopped after %d failed children of %d forks\n", failed, ran);
    printf("%d forks in %.1f s, %d children labelled correctly; slowest fork() %.1f ms\n", ran, seconds_since(&start),
           good, slowest_fork * 1000);
    if (good == ran && ran == forks)
        tk_count(1);
    else
        tk_fail("%d of %d children failed", ran - good, ran);
    /* fork() waits for the threads to leave the library's locks: briefly. */
    if (slowest_fork < 2.0)
        tk_count(1);
    else
        tk_fail("the slowest fork() took %.1f s", slowest_fork);

    /* The threads went on through the forks and still do. */
    for (int k = 0; k < started; k++) {
        unsigned long now = __atomic_load_n(&iterations[k], __ATOMIC_RELAXED);
        if (now > before[k])
            tk_count(1);
        else
            tk_fail("thread %d made no progress while the parent forked (%lu rounds)", k, now);
    }
    __atomic_store_n(&stop, 1, __ATOMIC_RELAXED);
    for (int k = 0; k < started; k++) {
        struct timespec deadline;
        clock_gettime(CLOCK_MONOTONIC, &deadline);
        while (!__atomic_load_n(&finished[k], __ATOMIC_ACQUIRE) && seconds_since(&deadline) < 10) {
            struct timespec ms = {0, 1000000L};
            nanosleep(&ms, NULL);
        }
        if (!__atomic_load_n(&finished[k], __ATOMIC_ACQUIRE)) {
            tk_fail("thread %d did not finish its round within 10 s of being stopped", k);
            return tk_finish(); /* not joined: it hangs */
        }
        pthread_join(threads[k], NULL);
    }
    printf("rounds per thread: fast %lu, before 1900 %lu, new formatters %lu and %lu\n", iterations[0], iterations[1],
           iterations[2], iterations[3]);
    fd_formatter_free(zh);
    fd_formatter_free(persian);
    __atomic_store_n(&done, 1, __ATOMIC_RELEASE);
    return tk_finish();
}
