/*
 * test_memory.c — running out of memory is FD_ERR_MEMORY, never a crash.
 *
 *   test_memory [formatters]      (default 2000000)
 *
 * For each address-space limit (RLIMIT_AS: 50, 100 and 200 MB), a child
 * process keeps creating formatters (every style, 50 languages in turn, one
 * label each) and keeps them all alive, up to `formatters` of them, until
 * creation fails. The creation that fails must return FD_ERR_MEMORY (7) with
 * a message saying so; then, with memory still exhausted, formatters made
 * before label instants across two centuries and at other viewer days
 * (their tables fill on first use and ask for memory): each label is FD_OK
 * or FD_ERR_MEMORY, never a crash. After all are freed, a new formatter
 * works again (when any had been made). The child exits 0 when all of that held; the parent reports
 * a child that died by a signal (Swift's runtime trap is SIGILL or SIGTRAP,
 * a failed ICU path SIGSEGV, C++'s bad_alloc SIGABRT) or exited otherwise.
 * Before the fix every limit from 100 MB up ended in such a crash
 * (docs/RELIABILITY.md, finding 17). Closes with "N passed, N failed".
 */
#define _GNU_SOURCE

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "feeddate.h"
#include "fd_names.h"
#include "testkit.h"

static const char *const locales[] = {
    "zh_CN", "en_US", "de", "fr", "ja", "ko", "ar_EG", "ru", "es", "it", "pt_BR", "hi", "th_TH",
    "fa_IR", "he",    "tr", "pl", "nl", "sv", "fi",    "cs", "el", "uk", "vi",    "id", "ms",
    "zh_TW", "da",    "nb", "hu", "ro", "bg", "hr",    "sk", "sl", "lt", "lv",    "et", "sr",
    "ca",    "eu",    "gl", "is", "ga", "cy", "sq",    "mk", "hy", "ka", "az",
};
#define LOCALES (sizeof locales / sizeof locales[0])
#define NOW 1711348200000LL /* 2024-03-25T06:30:00Z */
#define DAY 86400000LL

/* The child: exit 0 when every check held, else a code naming the first that did not. */
static int child(long limit_mb, size_t cap, fd_formatter **all)
{
    struct rlimit r = {(rlim_t)limit_mb << 20, (rlim_t)limit_mb << 20};
    if (setrlimit(RLIMIT_AS, &r) != 0)
        return 10;
    size_t n = 0;
    int status = FD_OK;
    char buf[FD_LABEL_CAPACITY];
    for (; n < cap; n++) {
        fd_options o;
        fd_options_init(&o, (fd_style)(n % (size_t)fdn_count(fdn_style)));
        o.locale = locales[n % LOCALES];
        o.time_zone = "Asia/Shanghai";
        status = fd_formatter_new(&o, &all[n]);
        if (status != FD_OK)
            break;
        if (fd_format(all[n], NOW - (int64_t)(n % 1000) * 3600000, NOW, buf, sizeof buf, NULL) != FD_OK)
            return 11;
    }
    printf("  %ld MB: %zu formatters, then %d (%s)\n", limit_mb, n, status, fd_last_error());
    if (n == cap)
        return 0; /* the limit was never reached: nothing to check */
    if (status != FD_ERR_MEMORY)
        return 12;
    if (strstr(fd_last_error(), "out of memory") == NULL)
        return 13;
    /* Memory still exhausted: labels that fill tables or call ICU. */
    size_t ok = 0, memory = 0;
    for (size_t i = 0; i < n; i += 1 + n / 400) {
        for (int year = 0; year < 200; year += 7) {
            int64_t t = -2208988800000LL + (int64_t)year * 365 * DAY + (int64_t)i * 3600000;
            int64_t now = NOW + (int64_t)(year % 30) * DAY;
            int s = fd_format(all[i], t, now, buf, sizeof buf, NULL);
            if (s == FD_OK)
                ok++;
            else if (s == FD_ERR_MEMORY)
                memory++;
            else
                return 14;
        }
    }
    printf("  %ld MB, memory exhausted: %zu labels FD_OK, %zu FD_ERR_MEMORY\n", limit_mb, ok, memory);
    if (n == 0)
        return 0; /* nothing to free: the limit is below what one formatter needs */
    for (size_t i = 0; i < n; i++)
        fd_formatter_free(all[i]);
    fd_options o;
    fd_options_init(&o, FD_STYLE_FEED);
    o.locale = "zh_CN";
    o.time_zone = "Asia/Shanghai";
    fd_formatter *f = NULL;
    int again = fd_formatter_new(&o, &f);
    if (again != FD_OK) {
        printf("  %ld MB, all freed: %s\n", limit_mb, fd_last_error());
        /* What stays after the frees (the 64 most recent locale services and
         * ICU's caches, by design) must leave the reserve at 100 MB and up;
         * at 50 MB it may not, and then the answer is still a status. */
        if (limit_mb >= 100 || again != FD_ERR_MEMORY)
            return 15;
        return 0;
    }
    if (fd_format(f, NOW - DAY, NOW, buf, sizeof buf, NULL) != FD_OK || strcmp(buf, "昨天") != 0)
        return 16;
    fd_formatter_free(f);
    return 0;
}

int main(int argc, char **argv)
{
    size_t cap = tk_count_arg(argc, argv, 2000000, 1, 100000000);
    static const long limits[] = {50, 100, 200};
    /* The array of handles is allocated before the limit is set. */
    fd_formatter **all = calloc(cap, sizeof *all);
    if (all == NULL) {
        fprintf(stderr, "test_memory: no memory for %zu handles\n", cap);
        return 2;
    }
    static const char *const why[] = {
        [10] = "setrlimit failed",
        [11] = "a label of a new formatter failed",
        [12] = "the failed creation did not return FD_ERR_MEMORY",
        [13] = "fd_last_error does not say \"out of memory\"",
        [14] = "a label under exhausted memory gave a status other than FD_OK or FD_ERR_MEMORY",
        [15] = "no formatter could be created after all were freed",
        [16] = "the formatter created after all were freed labels wrongly",
    };
    for (size_t i = 0; i < sizeof limits / sizeof limits[0]; i++) {
        fflush(stdout);
        pid_t pid = fork();
        if (pid == 0) {
            int code = child(limits[i], cap, all);
            fflush(stdout);
            _exit(code);
        }
        int st = 0;
        if (pid < 0 || waitpid(pid, &st, 0) != pid) {
            tk_fail("%ld MB: could not run the child", limits[i]);
            continue;
        }
        if (WIFSIGNALED(st))
            tk_fail("%ld MB: the child died of signal %d (%s)", limits[i], WTERMSIG(st), strsignal(WTERMSIG(st)));
        else if (WEXITSTATUS(st) != 0)
            tk_fail("%ld MB: %s (exit %d)", limits[i],
                    WEXITSTATUS(st) < 17 && why[WEXITSTATUS(st)] ? why[WEXITSTATUS(st)] : "the child failed",
                    WEXITSTATUS(st));
        else
            tk_count(1);
    }
    free(all);
    return tk_finish();
}
