/*
 * test_host.c — host defaults (SPEC 1.1 sections 1 and 2), each case in a
 * child process with its own environment, since the library reads $TZ and
 * the locale variables of the process it runs in.
 *
 *   test_host            runs every case in a child and checks what it prints
 *   test_host child      what a child does: one formatter with the locale and
 *                        zone of argv[2] and argv[3] ("-" = NULL), printing
 *                        "<status> <locale> <zone> <label>"
 * Closes with "N passed, N failed".
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testkit.h"

static int child(const char *locale, const char *zone)
{
    fd_options o;
    fd_options_init(&o, FD_STYLE_FEED_DETAIL);
    o.locale = strcmp(locale, "-") == 0 ? NULL : locale;
    o.time_zone = strcmp(zone, "-") == 0 ? NULL : zone;
    fd_formatter *f = NULL;
    fd_status s = fd_formatter_new(&o, &f);
    if (s != FD_OK) {
        printf("%d %s\n", (int)s, fd_last_error());
        return 0;
    }
    char buf[FD_LABEL_CAPACITY];
    /* 2024-03-25T06:30:00Z */
    s = fd_format(f, 1711348200000, 1711348200000, buf, sizeof buf, NULL);
    printf("%d %s %s %s\n", (int)s, fd_formatter_locale(f), fd_formatter_time_zone(f), buf);
    fd_formatter_free(f);
    return 0;
}

/* Runs `self child locale zone` with the given environment (NAME=VALUE
 * entries; the variables it names are cleared first) and returns its line. */
static void run(const char *self, const char *const *env, const char *locale, const char *zone, char *out, size_t cap)
{
    int fds[2];
    out[0] = 0;
    if (pipe(fds) != 0) {
        tk_fail("pipe");
        return;
    }
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        unsetenv("TZ"), unsetenv("LANG"), unsetenv("LC_ALL"), unsetenv("LC_MESSAGES"), unsetenv("LANGUAGE");
        for (size_t i = 0; env[i] != NULL; i++) {
            char name[64];
            const char *eq = strchr(env[i], '=');
            size_t len = eq ? (size_t)(eq - env[i]) : 0;
            if (len == 0 || len >= sizeof name)
                _exit(126);
            memcpy(name, env[i], len);
            name[len] = 0;
            setenv(name, eq + 1, 1);
        }
        execl(self, self, "child", locale, zone, (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    size_t n = 0;
    ssize_t r;
    while (n + 1 < cap && (r = read(fds[0], out + n, cap - 1 - n)) > 0)
        n += (size_t)r;
    out[n] = 0;
    if (n > 0 && out[n - 1] == '\n')
        out[n - 1] = 0;
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child (%s, %s) ended with status %d", locale, zone, status);
}

typedef struct host_case {
    const char *what;
    const char *env[3];
    const char *locale, *zone;
    const char *expect; /* the child's line starts with this */
} host_case;

/* Expected labels come from the same library with explicit options (below):
 * a host default must give what naming it would give. */
static const host_case CASES[] = {
    {"TZ=CST-8 (POSIX)",
     {"TZ=CST-8", "LANG=C.UTF-8"},
     "en_US",
     "-",
     "0 en_US CST-8 Mar 25, 2024, 2:30\xe2\x80\xaf"
     "PM"},
    {"TZ=<+0330>-3:30",
     {"TZ=<+0330>-3:30"},
     "en_US",
     "-",
     "0 en_US <+0330>-3:30 Mar 25, 2024, 10:00\xe2\x80\xaf"
     "AM"},
    {"TZ=:Asia/Tokyo",
     {"TZ=:Asia/Tokyo"},
     "en_US",
     "-",
     "0 en_US Asia/Tokyo Mar 25, 2024, 3:30\xe2\x80\xaf"
     "PM"},
    {"TZ=Asia/Shanghai", {"TZ=Asia/Shanghai"}, "zh_CN", "-", "0 zh_CN Asia/Shanghai 2024年3月25日 14:30"},
    {"TZ empty is UTC",
     {"TZ="},
     "en_US",
     "-",
     "0 en_US UTC Mar 25, 2024, 6:30\xe2\x80\xaf"
     "AM"},
    {"TZ=Bogus/Zone refused", {"TZ=Bogus/Zone"}, "en_US", "-", "3 TZ=Bogus/Zone is not a zone"},
    {"TZ=/etc/passwd refused", {"TZ=/etc/passwd"}, "en_US", "-", "3 TZ=/etc/passwd is not a zone"},
    {"TZ ignored when the zone is given", {"TZ=Bogus/Zone"}, "en_US", "Europe/Paris", "0 en_US Europe/Paris"},
    {"LANG=de_DE: tlh refused, never German",
     {"LANG=de_DE.UTF-8", "TZ=UTC"},
     "tlh",
     "-",
     "2 no locale data for \"tlh\""},
    {"LANG=C: xx refused, never en_US_POSIX", {"LANG=C", "TZ=UTC"}, "xx", "-", "2 no locale data for \"xx\""},
    {"LANG=de_DE: a list falls to its entry with data",
     {"LANG=de_DE.UTF-8", "TZ=UTC"},
     "tlh, fr;q=0.5",
     "-",
     "0 fr UTC 25 mars 2024, 06:30"},
    {"LANG=de_DE: NULL locale is the host's",
     {"LANG=de_DE.UTF-8", "TZ=UTC"},
     "-",
     "-",
     "0 de_DE UTC 25. März 2024, 06:30"},
    {"LC_ALL wins over LANG",
     {"LC_ALL=fr_FR.UTF-8", "LANG=de_DE.UTF-8"},
     "-",
     "UTC",
     "0 fr_FR UTC 25 mars 2024, 06:30"},
    /* 1.2: a host locale ICU has no data for is an error naming the variable, never ICU's root in silence. */
    {"LANG=klingon refused, naming LANG",
     {"LANG=klingon", "TZ=UTC"},
     "-",
     "-",
     "2 LANG=klingon names no locale ICU has data for"},
    {"LC_ALL=klingon refused, naming LC_ALL",
     {"LC_ALL=klingon", "LANG=de_DE.UTF-8"},
     "-",
     "UTC",
     "2 LC_ALL=klingon names no locale"},
    /* 1.2: never ICU's built-in zone rules; a missing database names the folder searched. */
    {"TZDIR missing: a named zone refused, naming $TZDIR",
     {"TZDIR=/nonexistent-zoneinfo"},
     "en_US",
     "America/Mexico_City",
     "3 time zone \"America/Mexico_City\": no zone database in $TZDIR (/nonexistent-zoneinfo): install tzdata"},
    {"TZDIR missing: UTC needs no database",
     {"TZDIR=/nonexistent-zoneinfo"},
     "en_US",
     "UTC",
     "0 en_US UTC Mar 25, 2024, 6:30\xe2\x80\xaf"
     "AM"},
    {"TZDIR missing: POSIX TZ strings need none",
     {"TZDIR=/nonexistent-zoneinfo"},
     "en_US",
     "CST-8",
     "0 en_US CST-8 Mar 25, 2024, 2:30\xe2\x80\xaf"
     "PM"},
    {"TZDIR missing: TZ=Asia/Tokyo refused",
     {"TZDIR=/nonexistent-zoneinfo", "TZ=Asia/Tokyo"},
     "en_US",
     "-",
     "3 TZ=Asia/Tokyo: no zone database in $TZDIR (/nonexistent-zoneinfo)"},
    /* 1.2: messages quote what the caller passed safely for a log line. */
    {"TZ with a newline and ESC is quoted safely",
     {"TZ=Bad\nZone\x1b[31m"},
     "en_US",
     "-",
     "3 TZ=Bad\\nZone\\x1b[31m is not a zone"},
    {"a locale id with a newline and ESC is quoted safely",
     {"TZ=UTC"},
     "zz\n\x1b[2J",
     "-",
     "2 malformed locale id \"zz\\n\\x1b[2J\""},
    /* 1.3: $TZDIR is quoted like every other value. */
    {"TZDIR with ESC and BEL is quoted safely",
     {"TZDIR=/nonexistent\x1b[31m\azone"},
     "en_US",
     "America/Mexico_City",
     "3 time zone \"America/Mexico_City\": no zone database in $TZDIR (/nonexistent\\x1b[31m\\x07zone): install "
     "tzdata"},
    {"TZDIR with ESC: TZ=Asia/Tokyo quoted safely",
     {"TZDIR=/no\x1bzone", "TZ=Asia/Tokyo"},
     "en_US",
     "-",
     "3 TZ=Asia/Tokyo: no zone database in $TZDIR (/no\\x1bzone)"},
    /* 1.3: a host locale variable with control bytes is refused, naming it, quoted; never returned raw. */
    {"LANG with ESC and BEL refused, naming LANG",
     {"LANG=en_US\x1b[31m\a", "TZ=UTC"},
     "-",
     "-",
     "2 LANG=en_US\\x1b[31m\\x07 holds control characters"},
    {"LC_ALL with a newline refused, naming LC_ALL",
     {"LC_ALL=de_DE\n.UTF-8", "LANG=en_US.UTF-8"},
     "-",
     "UTC",
     "2 LC_ALL=de_DE\\n.UTF-8 holds control characters"},
    {"LANG with a byte that is not UTF-8 refused",
     {"LANG=fr_FR.\xff", "TZ=UTC"},
     "-",
     "-",
     "2 LANG=fr_FR.\\xff holds control characters or bytes that are not UTF-8"},
    {"33 locale entries refused",
     {"TZ=UTC"},
     "a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,a,en",
     "-",
     "2 the locale list has 33 entries"},
};

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "child") == 0)
        return child(argv[2], argv[3]);
    (void)argc;
    char line[512];
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        const host_case *c = &CASES[i];
        run("/proc/self/exe", c->env, c->locale, c->zone, line, sizeof line);
        CHECK(strncmp(line, c->expect, strlen(c->expect)) == 0, "%s: child printed \"%s\", expected \"%s...\"", c->what,
              line, c->expect);
    }
    return tk_finish();
}
