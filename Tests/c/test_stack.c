/*
 * test_stack.c — the library works on a thread with the stack the header
 * promises (FD_MIN_STACK_BYTES, 64 KiB: half of musl's default thread stack).
 *
 *   test_stack
 *
 * In a child process, so that a stack overflow is a reported failure: a
 * thread with a stack of exactly FD_MIN_STACK_BYTES makes the process's first
 * formatters (every style, in locales with their own calendars, so ICU loads
 * its data on that thread), labels instants on fast and slow (ICU) paths with
 * fd_format and fd_format_many, and frees them. The main thread then makes
 * the same labels, which must be equal. Threads with 16–20 KiB stacks used to
 * die in here with SIGSEGV; the header did not say what a thread needs.
 */
#define _POSIX_C_SOURCE 200809L

#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "feeddate.h"
#include "testkit.h"

#define NOW 1711348200000LL /* 2024-03-25T06:30:00Z */
#define STYLES 7

static const char *const LOCALES[] = {
    "zh_CN", "en_US", "ar_SA", "fa_IR", "ja_JP@calendar=japanese", "he_IL@calendar=hebrew", "th_TH", "hi_IN",
};
#define NLOCALES (sizeof LOCALES / sizeof LOCALES[0])

static const int64_t INSTANTS[] = {
    NOW - 1000,
    NOW - 3600000LL,
    NOW - 86400000LL * 3,
    NOW - 86400000LL * 400,
    -2208988800000LL - 86400000LL * 365 * 50, /* 1850: ICU's calendar, not the tables */
    NOW + 86400000LL * 365 * 3000,            /* year 5024 */
    -62135596800000LL,
    253402300799000LL, /* the ends of the range */
};
#define NINSTANTS (sizeof INSTANTS / sizeof INSTANTS[0])
#define LABELS (NLOCALES * STYLES * NINSTANTS * 2)

/* Every label as text + next change; one run of all. */
typedef struct {
    char text[FD_LABEL_CAPACITY];
    int64_t next;
    fd_status status;
} result;

static int run_all(result *out)
{
    size_t k = 0;
    for (size_t l = 0; l < NLOCALES; l++) {
        for (int st = 0; st < STYLES; st++) {
            fd_options o;
            fd_options_init(&o, (fd_style)st);
            o.locale = LOCALES[l];
            o.time_zone = "America/St_Johns";
            fd_formatter *f = NULL;
            if (fd_formatter_new(&o, &f) != FD_OK)
                return -1;
            for (size_t i = 0; i < NINSTANTS; i++, k++) {
                fd_label info;
                out[k].status = fd_format(f, INSTANTS[i], NOW, out[k].text, sizeof out[k].text, &info);
                out[k].next = info.next_change_ms;
            }
            char buf[NINSTANTS * FD_LABEL_CAPACITY];
            size_t ends[NINSTANTS];
            int64_t earliest = 0;
            fd_status s = fd_format_many(f, INSTANTS, NINSTANTS, NOW, buf, sizeof buf, ends, &earliest);
            for (size_t i = 0; i < NINSTANTS; i++, k++) {
                size_t start = i ? ends[i - 1] : 0;
                out[k].status = s;
                out[k].next = earliest;
                memset(out[k].text, 0, sizeof out[k].text);
                if (s == FD_OK)
                    memcpy(out[k].text, buf + start, ends[i] - start);
            }
            fd_formatter_free(f);
        }
    }
    return 0;
}

static result small[LABELS], big[LABELS];
static int small_rc = 1;

static void *small_thread(void *arg)
{
    (void)arg;
    small_rc = run_all(small);
    return NULL;
}

/* The child: the small-stack run, then the reference; exit 0 when equal. */
static int child(void)
{
    pthread_attr_t attr;
    pthread_t t;
    pthread_attr_init(&attr);
    if (pthread_attr_setstacksize(&attr, FD_MIN_STACK_BYTES) != 0) {
        printf("pthread_attr_setstacksize(%d) refused\n", FD_MIN_STACK_BYTES);
        return 3;
    }
    if (pthread_create(&t, &attr, small_thread, NULL) != 0)
        return 3;
    pthread_join(t, NULL);
    if (small_rc != 0) {
        printf("fd_formatter_new failed on the small stack\n");
        return 4;
    }
    if (run_all(big) != 0) {
        printf("fd_formatter_new failed on the main thread\n");
        return 4;
    }
    int bad = 0;
    for (size_t k = 0; k < LABELS; k++) {
        if (small[k].status != big[k].status || small[k].next != big[k].next ||
            strcmp(small[k].text, big[k].text) != 0) {
            if (bad++ < 5)
                printf("label %zu: \"%s\" (status %d, next %lld) on the small stack, \"%s\" (status %d, next %lld) on "
                       "the main one\n",
                       k, small[k].text, small[k].status, (long long)small[k].next, big[k].text, big[k].status,
                       (long long)big[k].next);
        }
    }
    return bad ? 5 : 0;
}

int main(void)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0)
        tk_fail("fork failed");
    if (pid == 0) {
        alarm(60);
        _exit(child());
    }
    int status = 0;
    if (waitpid(pid, &status, 0) != pid)
        tk_fail("waitpid failed");
    if (WIFSIGNALED(status))
        tk_fail("%zu labels on a thread with a %d-byte stack: the child died of signal %d%s", (size_t)LABELS,
                FD_MIN_STACK_BYTES, WTERMSIG(status), WTERMSIG(status) == SIGSEGV ? " (stack overflow?)" : "");
    else if (WEXITSTATUS(status) != 0)
        tk_fail("%zu labels on a thread with a %d-byte stack: the child exited %d", (size_t)LABELS, FD_MIN_STACK_BYTES,
                WEXITSTATUS(status));
    else
        tk_count(1);
    return tk_finish();
}
