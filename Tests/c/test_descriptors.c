/*
 * test_descriptors.c — zones out of descriptors (SPEC section 6, 1.3): a zone
 * file that cannot be opened for want of descriptors is an error naming the
 * cause, never a POSIX reading of the id, and nothing wrong is cached; UTC,
 * Etc/UTC, GMT and POSIX TZ strings need no descriptor.
 *
 *   test_descriptors                 runs the levels below and checks them
 *   test_descriptors child LEVEL     what a child does (LEVEL 0: no limit)
 *
 * Each level of RLIMIT_NOFILE (`ulimit -n`) from 3 (descriptors 0, 1 and 2
 * taken: none free) to 16 runs in a process of its own, started afresh
 * (exec: nothing loaded, nothing cached), which closes every descriptor but
 * 0, 1 and 2 (1 is the pipe to the parent), sets the limit, and creates one
 * formatter of each zone below, printing its status, zone source, two labels
 * and message. Then it lifts the limit and creates them all again. A child
 * with no limit gives the reference. For every zone at every level:
 *   - FD_OK: the reference's labels and source (UTC's names may say "posix":
 *     their rules are the same without the database);
 *   - else FD_ERR_TIME_ZONE or FD_ERR_MEMORY whose message names the cause
 *     (EMFILE); and UTC, Etc/UTC, GMT and the POSIX strings never fail;
 *   - after the limit is lifted, exactly the reference (nothing wrong kept).
 * Level 3 must refuse the named zones (the limit took effect) and level 16
 * must give every zone (the test reaches the files).
 * EST5EDT and CST6CDT are zones of the database whose rules differ from the
 * POSIX reading of their ids: 2006-03-22T04:00Z is "Mar 21, 2006, 11:00 PM"
 * in tzdata's EST5EDT (the US rules before 2007), 12:00 AM in the POSIX rule.
 * Debian 13 moved them to tzdata-legacy (and tzdata 2024b made them New
 * York's and Chicago's rules), so the test runs on a zone folder of its own
 * ($TZDIR): the host's files of these zones, EST5EDT and CST6CDT copied from
 * America/New_York and America/Chicago where the host has none.
 * Closes with "N passed, N failed".
 */
#define _GNU_SOURCE /* close_range */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "testkit.h"

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))
#define MIN_LEVEL 3
#define MAX_LEVEL 16

/* "TZ=..." rows take the host's zone (time_zone NULL) with that $TZ. */
static const char *const ZONES[] = {
    "UTC",           "Etc/UTC",       "GMT",
    "CST-8",         "<+0330>-3:30", /* need no descriptor */
    "EST5EDT",       "CST6CDT",       "America/New_York",
    "Asia/Shanghai", "Europe/London", "TZ=EST5EDT",
};
static int needs_no_descriptor(const char *zone)
{
    return strcmp(zone, "UTC") == 0 || strcmp(zone, "Etc/UTC") == 0 || strcmp(zone, "GMT") == 0 ||
           strcmp(zone, "CST-8") == 0 || strcmp(zone, "<+0330>-3:30") == 0;
}
static int is_utc(const char *zone)
{
    return strcmp(zone, "UTC") == 0 || strcmp(zone, "Etc/UTC") == 0 || strcmp(zone, "GMT") == 0;
}

/* One line: pass, zone, status, source, two labels, message (tabs between; none inside). */
static void print_one(const char *pass, const char *zone)
{
    fd_options o;
    fd_options_init(&o, FD_STYLE_FEED_DETAIL);
    o.locale = "en_US";
    if (strncmp(zone, "TZ=", 3) == 0) {
        setenv("TZ", zone + 3, 1);
        o.time_zone = NULL;
    } else {
        o.time_zone = zone;
    }
    fd_formatter *f = NULL;
    fd_status s = fd_formatter_new(&o, &f);
    char a[FD_LABEL_CAPACITY] = "", b[FD_LABEL_CAPACITY] = "";
    const int64_t now = INT64_C(1893456000000); /* 2030-01-01: full dates */
    if (s == FD_OK) {
        fd_format(f, INT64_C(1143000000000), now, a, sizeof a, NULL); /* 2006-03-22T04:00Z */
        fd_format(f, INT64_C(1719835200000), now, b, sizeof b, NULL); /* 2024-07-01T12:00Z */
    }
    char line[1024];
    int n = snprintf(line, sizeof line, "%s\t%s\t%d\t%s\t%s\t%s\t%s\n", pass, zone, (int)s,
                     s == FD_OK ? fd_formatter_tz_source(f) : "-", a, b, s == FD_OK ? "" : fd_last_error());
    if (n > 0) {
        if ((size_t)n >= sizeof line) {
            n = (int)sizeof line - 1;
            line[n - 1] = '\n';
        }
        ssize_t w = write(1, line, (size_t)n);
        (void)w;
    }
    fd_formatter_free(f);
}

/* fd_data_version() as a line of the same form (zone "fd_data_version", its text as the first label). */
static void print_data_version(const char *pass)
{
    char line[512];
    int n = snprintf(line, sizeof line, "%s\tfd_data_version\t0\t-\t%s\t-\t\n", pass, fd_data_version());
    if (n > 0 && (size_t)n < sizeof line) {
        ssize_t w = write(1, line, (size_t)n);
        (void)w;
    }
}

static int child(long level)
{
    alarm(60);
    if (level > 0) {
        /* Only 0, 1 (the pipe) and 2 stay open: the level counts them. */
        close_range(3, ~0U, 0);
        struct rlimit lim;
        getrlimit(RLIMIT_NOFILE, &lim);
        struct rlimit low = {(rlim_t)level, lim.rlim_max};
        if (setrlimit(RLIMIT_NOFILE, &low) != 0)
            return 3;
        print_data_version("limited"); /* asked first with no descriptor free */
        for (size_t i = 0; i < COUNT_OF(ZONES); i++)
            print_one("limited", ZONES[i]);
        if (setrlimit(RLIMIT_NOFILE, &lim) != 0)
            return 4;
    }
    print_data_version("again");
    for (size_t i = 0; i < COUNT_OF(ZONES); i++)
        print_one("again", ZONES[i]);
    return 0;
}

/* ---- the parent ---- */

typedef struct result {
    char pass[16], zone[64], source[64], a[FD_LABEL_CAPACITY], b[FD_LABEL_CAPACITY], message[600];
    int status;
} result;

#define MAX_RESULTS (2 * COUNT_OF(ZONES) + 2)

/* Splits a child's line into r; 0 when malformed. */
static int parse(char *line, result *r)
{
    char *field[7];
    int n = 0;
    for (char *p = line; n < 7; n++) {
        field[n] = p;
        char *tab = strchr(p, '\t');
        if (tab == NULL) {
            n++;
            break;
        }
        *tab = '\0';
        p = tab + 1;
    }
    if (n != 7)
        return 0;
    snprintf(r->pass, sizeof r->pass, "%s", field[0]);
    snprintf(r->zone, sizeof r->zone, "%s", field[1]);
    r->status = atoi(field[2]);
    snprintf(r->source, sizeof r->source, "%s", field[3]);
    snprintf(r->a, sizeof r->a, "%s", field[4]);
    snprintf(r->b, sizeof r->b, "%s", field[5]);
    snprintf(r->message, sizeof r->message, "%s", field[6]);
    return 1;
}

/* Runs `self child level`; fills out[] and returns how many lines it gave. */
static size_t run(long level, result *out)
{
    int fds[2];
    if (pipe(fds) != 0) {
        tk_fail("pipe: %s", strerror(errno));
        return 0;
    }
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 1);
        unsetenv("TZ");
        char arg[16];
        snprintf(arg, sizeof arg, "%ld", level);
        execl("/proc/self/exe", "test_descriptors", "child", arg, (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    static char text[MAX_RESULTS * 2048];
    size_t len = 0;
    ssize_t r;
    while (len + 1 < sizeof text && (r = read(fds[0], text + len, sizeof text - 1 - len)) > 0)
        len += (size_t)r;
    text[len] = '\0';
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "level %ld: the child ended with status 0x%x", level, status);
    size_t count = 0;
    for (char *line = strtok(text, "\n"); line != NULL && count < MAX_RESULTS; line = strtok(NULL, "\n")) {
        if (!parse(line, &out[count])) {
            tk_fail("level %ld: a malformed line \"%s\"", level, line);
            continue;
        }
        count++;
    }
    return count;
}

static const result *find(const result *rs, size_t n, const char *pass, const char *zone)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(rs[i].pass, pass) == 0 && strcmp(rs[i].zone, zone) == 0)
            return &rs[i];
    return NULL;
}

/* Copies the host's zone file `from` (below `host`) to `name` below `dir`. */
static int copy_zone(const char *host, const char *from, const char *dir, const char *name)
{
    char src[4096], dst[4096], buf[1 << 16];
    snprintf(src, sizeof src, "%s/%s", host, from);
    snprintf(dst, sizeof dst, "%s/%s", dir, name);
    char *slash = strrchr(dst, '/');
    *slash = 0;
    mkdir(dst, 0755);
    *slash = '/';
    int in = open(src, O_RDONLY | O_CLOEXEC),
        out = in < 0 ? -1 : open(dst, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    ssize_t n = 0;
    while (out >= 0 && (n = read(in, buf, sizeof buf)) > 0)
        if (write(out, buf, (size_t)n) != n)
            n = -1;
    if (in >= 0)
        close(in);
    if (out >= 0)
        close(out);
    return in >= 0 && out >= 0 && n == 0 ? 0 : -1;
}

/* A zone folder of the test's own, set as $TZDIR for the children: the
   host's files of ZONES' names, EST5EDT and CST6CDT from New York and
   Chicago when the host has none (Debian 13 without tzdata-legacy). */
static int make_zone_folder(char *dir, size_t cap)
{
    const char *host = getenv("TZDIR") && *getenv("TZDIR") ? getenv("TZDIR") : "/usr/share/zoneinfo";
    snprintf(dir, cap, "/tmp/feeddate-descriptors-XXXXXX");
    if (mkdtemp(dir) == NULL)
        return -1;
    static const char *const FILES[][2] = {
        {"UTC", "UTC"},
        {"Etc/UTC", "Etc/UTC"},
        {"GMT", "GMT"},
        {"America/New_York", "America/New_York"},
        {"Asia/Shanghai", "Asia/Shanghai"},
        {"Europe/London", "Europe/London"},
    };
    for (size_t i = 0; i < COUNT_OF(FILES); i++)
        if (copy_zone(host, FILES[i][0], dir, FILES[i][1]) != 0)
            return -1;
    if (copy_zone(host, "EST5EDT", dir, "EST5EDT") != 0 && copy_zone(host, "America/New_York", dir, "EST5EDT") != 0)
        return -1;
    if (copy_zone(host, "CST6CDT", dir, "CST6CDT") != 0 && copy_zone(host, "America/Chicago", dir, "CST6CDT") != 0)
        return -1;
    /* A version of its own, which fd_data_version must name (tzdata.zi's first line). */
    char zi[4096];
    snprintf(zi, sizeof zi, "%s/tzdata.zi", dir);
    FILE *f = fopen(zi, "w");
    if (f == NULL || fputs("# version 2099t\n", f) < 0 || fclose(f) != 0)
        return -1;
    return setenv("TZDIR", dir, 1);
}

static void remove_zone_folder(const char *dir)
{
    static const char *const NAMES[] = {
        "UTC",     "Etc/UTC",   "GMT", "America/New_York", "Asia/Shanghai", "Europe/London", "EST5EDT",
        "CST6CDT", "tzdata.zi", "Etc", "America",          "Asia",          "Europe",        ""};
    char path[4096];
    for (size_t i = 0; i < COUNT_OF(NAMES); i++) {
        snprintf(path, sizeof path, "%s/%s", dir, NAMES[i]);
        if (unlink(path) != 0)
            rmdir(path);
    }
}

static int run_all(void);

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "child") == 0)
        return child(strtol(argv[2], NULL, 10));
    char dir[64];
    if (make_zone_folder(dir, sizeof dir) != 0) {
        tk_fail("cannot make the test's zone folder from the host's (%s): %s", dir, strerror(errno));
        return tk_finish();
    }
    int rc = run_all();
    remove_zone_folder(dir);
    return rc;
}

static int run_all(void)
{
    static result reference[MAX_RESULTS], got[MAX_RESULTS];
    size_t nref = run(0, reference);
    for (size_t i = 0; i < COUNT_OF(ZONES); i++) {
        const result *r = find(reference, nref, "again", ZONES[i]);
        if (r == NULL || r->status != FD_OK) {
            tk_fail("no limit: %s gave %s (%s): a zone database is needed ($TZDIR or /usr/share/zoneinfo)", ZONES[i],
                    r ? "an error" : "nothing", r ? r->message : "");
            return tk_finish();
        }
    }
    /* What the test is about: the database's EST5EDT is not the POSIX rule. */
    const result *est = find(reference, nref, "again", "EST5EDT");
    CHECK(strcmp(est->a, "Mar 21, 2006, 11:00\xe2\x80\xaf"
                         "PM") == 0 &&
              strncmp(est->source, "tzdata", 6) == 0,
          "no limit: EST5EDT gave \"%s\" from %s, expected \"Mar 21, 2006, 11:00 PM\" from tzdata", est->a,
          est->source);

    /* fd_data_version names the database's tzdata; asked first with no
     * descriptor free it says so and keeps nothing: asked again later, it
     * names the version (1.3: it once kept "tzdata unknown" for good). */
    const result *data = find(reference, nref, "again", "fd_data_version");
    CHECK(data != NULL && strncmp(data->a, "ICU ", 4) == 0 && strstr(data->a, "; tzdata 2099t") != NULL,
          "no limit: fd_data_version \"%s\" does not name the folder's tzdata 2099t", data ? data->a : "(none)");

    size_t refused_at_3 = 0, given_at_16 = 0;
    for (long level = MIN_LEVEL; level <= MAX_LEVEL; level++) {
        size_t n = run(level, got);
        const result *dl = find(got, n, "limited", "fd_data_version"), *da = find(got, n, "again", "fd_data_version");
        if (data != NULL && dl != NULL && da != NULL) {
            int unknown = strstr(dl->a, "no file descriptor or memory free") != NULL;
            CHECK(
                (level == MIN_LEVEL ? unknown : unknown || strcmp(dl->a, data->a) == 0) && strcmp(da->a, data->a) == 0,
                "ulimit -n %ld: fd_data_version gave \"%s\", then \"%s\" with the limit lifted; expected %s, then "
                "\"%s\"",
                level, dl->a, da->a, level == MIN_LEVEL ? "that no descriptor was free" : "that or the same", data->a);
        } else {
            tk_fail("ulimit -n %ld: no fd_data_version line", level);
        }
        for (size_t i = 0; i < COUNT_OF(ZONES); i++) {
            const char *zone = ZONES[i];
            const result *ref = find(reference, nref, "again", zone);
            const result *lim = find(got, n, "limited", zone), *again = find(got, n, "again", zone);
            if (lim == NULL || again == NULL) {
                tk_fail("ulimit -n %ld: no result for %s", level, zone);
                continue;
            }
            if (lim->status == FD_OK) {
                int same_source =
                    strcmp(lim->source, ref->source) == 0 || (is_utc(zone) && strcmp(lim->source, "posix") == 0);
                CHECK(strcmp(lim->a, ref->a) == 0 && strcmp(lim->b, ref->b) == 0 && same_source,
                      "ulimit -n %ld: %s gave \"%s\" / \"%s\" from %s; its zone file gives \"%s\" / \"%s\" from %s",
                      level, zone, lim->a, lim->b, lim->source, ref->a, ref->b, ref->source);
                if (level == MAX_LEVEL)
                    given_at_16++;
            } else {
                CHECK(!needs_no_descriptor(zone), "ulimit -n %ld: %s needs no descriptor, yet failed: %s", level, zone,
                      lim->message);
                CHECK((lim->status == FD_ERR_TIME_ZONE &&
                       strstr(lim->message, "no file descriptor free (EMFILE") != NULL) ||
                          (lim->status == FD_ERR_MEMORY && strstr(lim->message, "ENOMEM") != NULL),
                      "ulimit -n %ld: %s gave status %d \"%s\", expected FD_ERR_TIME_ZONE naming EMFILE", level, zone,
                      lim->status, lim->message);
                if (level == MIN_LEVEL)
                    refused_at_3++;
            }
            CHECK(again->status == FD_OK && strcmp(again->a, ref->a) == 0 && strcmp(again->b, ref->b) == 0 &&
                      strcmp(again->source, ref->source) == 0,
                  "ulimit -n %ld, then lifted: %s gave status %d \"%s\" / \"%s\" from %s; its zone file gives \"%s\" / "
                  "\"%s\" "
                  "from %s",
                  level, zone, again->status, again->a, again->b, again->source, ref->a, ref->b, ref->source);
        }
    }
    size_t named = 0;
    for (size_t i = 0; i < COUNT_OF(ZONES); i++)
        named += !needs_no_descriptor(ZONES[i]);
    CHECK(refused_at_3 == named, "ulimit -n 3: %zu of %zu named zones refused (none can be opened)", refused_at_3,
          named);
    CHECK(given_at_16 == COUNT_OF(ZONES), "ulimit -n 16: %zu of %zu zones given", given_at_16, COUNT_OF(ZONES));
    return tk_finish();
}
