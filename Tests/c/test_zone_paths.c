/*
 * test_zone_paths.c — zone ids are names, not paths.
 *
 *   test_zone_paths
 *
 * A zone id must never make the library open (or even look at) a file
 * outside the zone database folder ($TZDIR). This program builds its own
 * database in a temporary folder and points TZDIR at it:
 *
 *   TMP/db/Good/Zone          a real TZif file (Asia/Shanghai)
 *   TMP/db/Link/Inside        -> ../Good/Zone      (links inside the database:
 *   TMP/db/posixrules         -> Good/Zone          legitimate, as in Debian's)
 *   TMP/db/Link/Outside       -> TMP/outside/Secret (a link leaving the folder)
 *   TMP/db/Link/Relative_Out  -> ../../outside/Secret
 *   TMP/db/Link/Dir           -> TMP/outside        (a folder link leaving it)
 *   TMP/db/Link/Loop          -> Loop
 *   TMP/db/Link/Dev           -> /dev/zero
 *   TMP/db/Fifo               a FIFO (must not block, never opened for reading)
 *   TMP/db/Null               a character device (1,3), when mknod is allowed
 *   TMP/db/Folder/            a folder
 *   TMP/db/tzdata.zi          "# version 2099z"
 *   TMP/outside/Secret, TMP/Secret   real TZif files (America/New_York) OUTSIDE
 *
 * and asks fd_formatter_new for ids such as "../Secret", "Link/Outside",
 * "Link/Dir/Secret" or the absolute path of TMP/Secret. The path functions
 * the library imports (open, openat, fopen, stat, readlink) are interposed by
 * this executable (linked with -rdynamic): during each fd_formatter_new every
 * path the library passes is recorded, with the file actually opened (read
 * back from /proc/self/fd), and each must lie inside TZDIR, by name and after
 * resolving links. Expected:
 *   - ids naming files inside the database, through links inside it too: FD_OK;
 *   - every other id: FD_ERR_TIME_ZONE, and no file outside TZDIR looked at.
 * An alarm turns a hang (a FIFO opened for reading) into a failure.
 * Nothing but a regular file (or the database folder) may be opened for
 * anything but O_PATH: every open the library makes, openat2 included (the
 * raw system call, through syscall(), is interposed too), is judged by fstat
 * on what it returned; and a writer blocked on the FIFO must still be
 * blocked after the library was asked for it (an open for reading, even a
 * non-blocking one, would wake it). The library reopens a judged file
 * through /proc/self/fd/N: such a path is judged by the file it reached.
 * Not for sanitizer builds: ASan's own interceptors of these functions would
 * clash with the ones here. Closes with "N passed, N failed".
 */
#define _GNU_SOURCE /* RTLD_NEXT, mkdtemp */

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <pthread.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/types.h>
#include <unistd.h>

#include "feeddate.h"
#include "testkit.h"

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* ---- the interposed path functions ---- */

#define MAX_SEEN 64
static int recording;
static int seen_count;
static char seen_what[MAX_SEEN][16];
static char seen_path[MAX_SEEN][PATH_MAX];
static char seen_real[MAX_SEEN][PATH_MAX]; /* the file an open returned, "" otherwise */
static mode_t seen_mode[MAX_SEEN];         /* its type, for opens other than O_PATH; 0 otherwise */

static void *next_symbol(const char *name)
{
    void *p = dlsym(RTLD_NEXT, name);
    if (p == NULL) {
        fprintf(stderr, "test_zone_paths: dlsym(%s) failed\n", name);
        abort();
    }
    return p;
}

static ssize_t real_readlink(const char *path, char *buf, size_t cap)
{
    static ssize_t (*fn)(const char *, char *, size_t);
    if (fn == NULL)
        *(void **)(&fn) = next_symbol("readlink"); /* POSIX: dlsym for functions */
    return fn(path, buf, cap);
}

/* Records a call; `flags` are the open flags (-1 for calls that open nothing). */
static void record_open(const char *what, const char *path, int fd, long flags)
{
    if (!recording || seen_count >= MAX_SEEN)
        return;
    int saved = errno; /* the library reads errno after a failed call */
    int i = seen_count++;
    snprintf(seen_what[i], sizeof seen_what[i], "%s", what);
    snprintf(seen_path[i], sizeof seen_path[i], "%s", path ? path : "(null)");
    seen_real[i][0] = '\0';
    seen_mode[i] = 0;
    if (fd >= 0) {
        char proc[64];
        snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
        ssize_t n = real_readlink(proc, seen_real[i], sizeof seen_real[i] - 1);
        seen_real[i][n > 0 ? n : 0] = '\0';
        struct stat st;
        if (flags >= 0 && !(flags & O_PATH) && fstat(fd, &st) == 0)
            seen_mode[i] = st.st_mode;
    }
    errno = saved;
}

static void record(const char *what, const char *path, int fd)
{
    record_open(what, path, fd, -1);
}

int open(const char *path, int flags, ...)
{
    static int (*fn)(const char *, int, ...);
    if (fn == NULL)
        *(void **)(&fn) = next_symbol("open"); /* POSIX: dlsym for functions */
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) {
        va_list ap;
        va_start(ap, flags);
        mode = (mode_t)va_arg(ap, int);
        va_end(ap);
    }
    int fd = fn(path, flags, mode);
    record_open("open", path, fd, flags);
    return fd;
}

int openat(int dirfd, const char *path, int flags, ...)
{
    static int (*fn)(int, const char *, int, ...);
    if (fn == NULL)
        *(void **)(&fn) = next_symbol("openat"); /* POSIX: dlsym for functions */
    mode_t mode = 0;
    if (flags & (O_CREAT | O_TMPFILE)) {
        va_list ap;
        va_start(ap, flags);
        mode = (mode_t)va_arg(ap, int);
        va_end(ap);
    }
    int fd = fn(dirfd, path, flags, mode);
    /* A relative path with a dirfd other than AT_FDCWD: recorded as "openat" and judged by the result. */
    record_open(path[0] != '/' && dirfd != AT_FDCWD ? "openat-rel" : "openat", path, fd, flags);
    return fd;
}

/* The library calls openat2 through syscall() (glibc 2.36 has no wrapper). */
long syscall(long number, ...)
{
    static long (*fn)(long, ...);
    if (fn == NULL)
        *(void **)(&fn) = next_symbol("syscall"); /* POSIX: dlsym for functions */
    va_list ap;
    va_start(ap, number);
    long a1 = va_arg(ap, long), a2 = va_arg(ap, long), a3 = va_arg(ap, long);
    long a4 = va_arg(ap, long), a5 = va_arg(ap, long), a6 = va_arg(ap, long);
    va_end(ap);
    long r = fn(number, a1, a2, a3, a4, a5, a6);
    if (number == SYS_openat2) {
        const struct open_how *how = (const struct open_how *)a3;
        record_open("openat2", (const char *)a2, r >= 0 ? (int)r : -1, how ? (long)how->flags : 0);
    }
    return r;
}

FILE *fopen(const char *path, const char *mode)
{
    static FILE *(*fn)(const char *, const char *);
    if (fn == NULL)
        *(void **)(&fn) = next_symbol("fopen"); /* POSIX: dlsym for functions */
    FILE *f = fn(path, mode);
    record("fopen", path, f ? fileno(f) : -1);
    return f;
}

int stat(const char *restrict path, struct stat *restrict st)
{
    static int (*fn)(const char *restrict, struct stat *restrict);
    if (fn == NULL)
        *(void **)(&fn) = next_symbol("stat"); /* POSIX: dlsym for functions */
    record("stat", path, -1);
    return fn(path, st);
}

ssize_t readlink(const char *restrict path, char *restrict buf, size_t cap)
{
    record("readlink", path, -1);
    return real_readlink(path, buf, cap);
}

/* ---- the temporary database ---- */

static char tmp[PATH_MAX], db[PATH_MAX], db_real[PATH_MAX];
static int have_device;

static int copy_file(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
    char buf[8192];
    size_t n;
    int ok = in != NULL && out != NULL;
    while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
        ok = fwrite(buf, 1, n, out) == n;
    if (in)
        fclose(in);
    if (out && fclose(out) != 0)
        ok = 0;
    return ok ? 0 : -1;
}

static int make_path(char *out, const char *a, const char *b)
{
    int n = snprintf(out, PATH_MAX, "%s/%s", a, b);
    return n > 0 && n < PATH_MAX ? 0 : -1;
}

static int setup(void)
{
    const char *zoneinfo = getenv("TZDIR");
    char src_good[PATH_MAX], src_secret[PATH_MAX], p[PATH_MAX], q[PATH_MAX];
    if (zoneinfo == NULL || zoneinfo[0] == '\0')
        zoneinfo = "/usr/share/zoneinfo";
    make_path(src_good, zoneinfo, "Asia/Shanghai");
    make_path(src_secret, zoneinfo, "America/New_York");
    const char *base = getenv("TMPDIR");
    snprintf(tmp, sizeof tmp, "%s/feeddate-zone-paths-XXXXXX", base && base[0] ? base : "/tmp");
    if (mkdtemp(tmp) == NULL)
        return -1;
    int bad = 0;
    make_path(db, tmp, "db");
    bad |= mkdir(db, 0755);
    make_path(p, db, "Good");
    bad |= mkdir(p, 0755);
    make_path(p, db, "Good/Zone");
    bad |= copy_file(src_good, p);
    make_path(p, db, "Link");
    bad |= mkdir(p, 0755);
    make_path(p, db, "Folder");
    bad |= mkdir(p, 0755);
    make_path(p, tmp, "outside");
    bad |= mkdir(p, 0755);
    make_path(p, tmp, "outside/Secret");
    bad |= copy_file(src_secret, p);
    make_path(p, tmp, "Secret");
    bad |= copy_file(src_secret, p);

    make_path(p, db, "Link/Inside");
    bad |= symlink("../Good/Zone", p);
    make_path(p, db, "posixrules");
    bad |= symlink("Good/Zone", p);
    make_path(q, tmp, "outside/Secret");
    make_path(p, db, "Link/Outside");
    bad |= symlink(q, p);
    make_path(p, db, "Link/Relative_Out");
    bad |= symlink("../../outside/Secret", p);
    make_path(q, tmp, "outside");
    make_path(p, db, "Link/Dir");
    bad |= symlink(q, p);
    make_path(p, db, "Link/Loop");
    bad |= symlink("Loop", p);
    make_path(p, db, "Link/Dev");
    bad |= symlink("/dev/zero", p);
    make_path(p, db, "Fifo");
    bad |= mkfifo(p, 0644);
    make_path(p, db, "Null");
    have_device = mknod(p, S_IFCHR | 0644, makedev(1, 3)) == 0; /* root only, and not in every container */
    make_path(p, db, "tzdata.zi");
    FILE *f = fopen(p, "w");
    bad |= f == NULL || fputs("# version 2099z\n", f) < 0 || fclose(f) != 0;
    if (bad || realpath(db, db_real) == NULL)
        return -1;
    return setenv("TZDIR", db, 1);
}

static void remove_tree(void)
{
    char cmd[PATH_MAX + 32];
    if (tmp[0] == '\0' || strncmp(tmp, "/", 1) != 0 || strstr(tmp, "feeddate-zone-paths-") == NULL)
        return;
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    if (system(cmd) != 0)
        fprintf(stderr, "test_zone_paths: could not remove %s\n", tmp);
}

/* ---- the checks ---- */

/* Whether path is dir itself or inside it, by name (no ".." component after dir). */
static int inside(const char *path, const char *dir)
{
    size_t n = strlen(dir), len = strlen(path);
    if (strncmp(path, dir, n) != 0 || (path[n] != '\0' && path[n] != '/'))
        return 0;
    return strstr(path + n, "/../") == NULL && !(len - n >= 3 && strcmp(path + len - 3, "/..") == 0);
}

static void on_alarm(int sig)
{
    (void)sig;
    static const char msg[] = "FAIL test_zone_paths: a zone id made fd_formatter_new hang (FIFO opened?)\n";
    ssize_t w = write(1, msg, sizeof msg - 1);
    (void)w;
    _exit(1);
}

/* fd_formatter_new with zone id and the expected status; checks the paths it touched. */
static void expect_zone(const char *what, const char *id, fd_status expect)
{
    fd_options o;
    fd_formatter *f = NULL;
    fd_options_init(&o, FD_STYLE_CHAT_LIST);
    o.locale = "en_US";
    o.time_zone = id;
    seen_count = 0;
    recording = 1;
    alarm(10);
    fd_status s = fd_formatter_new(&o, &f);
    alarm(0);
    recording = 0;
    int ok = 1;
    char name[TK_SHORT_TEXT];
    if (s != expect) {
        tk_fail("zone %s (\"%s\"): expected %s, got %s", what, id ? id : "(NULL)",
                tk_status_name(expect, name, sizeof name), tk_status_name(s, name, sizeof name));
        ok = 0;
    }
    for (int i = 0; i < seen_count; i++) {
        /* openat2 and openat-rel name a path below a descriptor: judged by what they reached;
           /proc/self/fd/N reopens a descriptor: judged by the file it reached. */
        int relative = strcmp(seen_what[i], "openat-rel") == 0 || strcmp(seen_what[i], "openat2") == 0;
        int reopen = strncmp(seen_path[i], "/proc/self/fd/", 14) == 0 && seen_real[i][0] != '\0';
        int by_name = relative || reopen || inside(seen_path[i], db);
        int resolved = seen_real[i][0] == '\0' || inside(seen_real[i], db_real);
        if (!by_name || !resolved) {
            tk_fail("zone %s (\"%s\"): the library called %s(\"%s\")%s%s outside TZDIR %s", what, id, seen_what[i],
                    seen_path[i], seen_real[i][0] ? ", which opened " : "", seen_real[i], db);
            ok = 0;
        }
        if (seen_mode[i] != 0 && !S_ISREG(seen_mode[i]) && !S_ISDIR(seen_mode[i])) {
            tk_fail("zone %s (\"%s\"): the library opened %s (%s(\"%s\")), of type 0%o, for reading", what, id,
                    seen_real[i], seen_what[i], seen_path[i], (unsigned)(seen_mode[i] & S_IFMT));
            ok = 0;
        }
    }
    if (s == FD_OK && strcmp(fd_formatter_time_zone(f), id) != 0) {
        tk_fail("zone %s: fd_formatter_time_zone = \"%s\"", what, fd_formatter_time_zone(f));
        ok = 0;
    }
    if (ok)
        tk_count(1);
    fd_formatter_free(f);
}

/* ---- a FIFO never opened for reading ---- */

static int writer_opened;

/* Blocks in open(O_WRONLY) until some reader opens the FIFO (libc's open, not the recorder). */
static void *fifo_writer(void *path)
{
    int (*real_open)(const char *, int, ...);
    *(void **)(&real_open) = next_symbol("open");
    int fd = real_open((const char *)path, O_WRONLY | O_CLOEXEC);
    __atomic_store_n(&writer_opened, 1, __ATOMIC_SEQ_CST);
    if (fd >= 0)
        close(fd);
    return NULL;
}

/* A writer waits on TMP/db/Fifo; asking for the zone "Fifo" must not wake it. */
static void expect_fifo_never_opened(void)
{
    char fifo[PATH_MAX];
    make_path(fifo, db, "Fifo");
    pthread_t writer;
    if (pthread_create(&writer, NULL, fifo_writer, fifo) != 0) {
        tk_fail("pthread_create");
        return;
    }
    usleep(200 * 1000); /* the writer is in open() by now */
    int early = __atomic_load_n(&writer_opened, __ATOMIC_SEQ_CST);
    expect_zone("a FIFO with a writer waiting", "Fifo", FD_ERR_TIME_ZONE);
    usleep(200 * 1000); /* time for a woken writer to say so */
    int opened = __atomic_load_n(&writer_opened, __ATOMIC_SEQ_CST);
    CHECK(!early && !opened, "zone \"Fifo\": the library opened the FIFO for reading (the waiting writer woke)");
    /* Let the writer go: open the FIFO for reading here. */
    int (*real_open)(const char *, int, ...);
    *(void **)(&real_open) = next_symbol("open");
    int r = real_open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    pthread_join(writer, NULL);
    if (r >= 0)
        close(r);
}

int main(void)
{
    /* $TZDIR first: the library reads it once, on first use. Then ICU's
       one-time start (its data, the host zone it reads from /etc/localtime)
       happens before anything is recorded: none of it depends on a zone id. */
    if (setup() != 0) {
        tk_fail("cannot build the temporary zone database under %s", tmp);
        remove_tree();
        return tk_finish();
    }
    {
        fd_options o;
        fd_formatter *f = NULL;
        fd_options_init(&o, FD_STYLE_CHAT_LIST);
        o.locale = "en_US";
        o.time_zone = "UTC";
        if (fd_formatter_new(&o, &f) != FD_OK)
            tk_fail("warm-up: fd_formatter_new(en_US, UTC) failed: %s", fd_last_error());
        fd_formatter_free(f);
    }
    signal(SIGALRM, on_alarm);

    char abs_secret[PATH_MAX], abs_good[PATH_MAX], dotdot[PATH_MAX + 8];
    make_path(abs_secret, tmp, "Secret");
    make_path(abs_good, db, "Good/Zone");
    snprintf(dotdot, sizeof dotdot, "Good/../../Secret");
    static const struct {
        const char *what, *id;
        fd_status expect;
    } rows[] = {
        {"a file of the database", "Good/Zone", FD_OK},
        {"a link inside the database", "Link/Inside", FD_OK},
        {"posixrules, a link inside the database", "posixrules", FD_OK},
        {"../ out of the folder", "../Secret", FD_ERR_TIME_ZONE},
        {"../../ out of the folder", "../../Secret", FD_ERR_TIME_ZONE},
        {"a component .. inside the id", "Good/../../Secret", FD_ERR_TIME_ZONE},
        {"a component .. that stays inside", "Link/../Good/Zone", FD_ERR_TIME_ZONE},
        {"a component .", "./Good/Zone", FD_ERR_TIME_ZONE},
        {"an empty component", "Good//Zone", FD_ERR_TIME_ZONE},
        {"a trailing /", "Good/Zone/", FD_ERR_TIME_ZONE},
        {"a backslash", "..\\Secret", FD_ERR_TIME_ZONE},
        {"/etc/passwd", "/etc/passwd", FD_ERR_TIME_ZONE},
        {"../../etc/passwd", "../../etc/passwd", FD_ERR_TIME_ZONE},
        {"a link to a file outside (absolute)", "Link/Outside", FD_ERR_TIME_ZONE},
        {"a link to a file outside (relative)", "Link/Relative_Out", FD_ERR_TIME_ZONE},
        {"a file behind a folder link to outside", "Link/Dir/Secret", FD_ERR_TIME_ZONE},
        {"a link loop", "Link/Loop", FD_ERR_TIME_ZONE},
        {"a link to /dev/zero", "Link/Dev", FD_ERR_TIME_ZONE},
        {"a FIFO", "Fifo", FD_ERR_TIME_ZONE},
        {"a folder", "Folder", FD_ERR_TIME_ZONE},
        {"tzdata.zi (not TZif)", "tzdata.zi", FD_ERR_TIME_ZONE},
        {"a missing file", "Good/Missing", FD_ERR_TIME_ZONE},
    };
    for (size_t i = 0; i < COUNT_OF(rows); i++)
        expect_zone(rows[i].what, rows[i].id, rows[i].expect);
    if (have_device)
        expect_zone("a character device", "Null", FD_ERR_TIME_ZONE);
    else
        printf("test_zone_paths: mknod is not allowed here: no device node inside the database\n");
    expect_fifo_never_opened();
    expect_zone("the absolute path of a zone file outside", abs_secret, FD_ERR_TIME_ZONE);
    expect_zone("the absolute path of a zone file inside", abs_good, FD_ERR_TIME_ZONE);

    /* The host default (time_zone NULL) from TZ: a TZ naming a path outside is not followed either. */
    char tz[PATH_MAX + 2];
    snprintf(tz, sizeof tz, ":%s", abs_secret);
    setenv("TZ", tz, 1);
    {
        fd_options o;
        fd_formatter *f = NULL;
        fd_options_init(&o, FD_STYLE_FEED);
        o.locale = "en_US";
        seen_count = 0;
        recording = 1;
        fd_status s = fd_formatter_new(&o, &f);
        recording = 0;
        int ok = 1;
        for (int i = 0; i < seen_count; i++) {
            /* The host's own /etc/localtime and /etc/timezone are where the default comes from. */
            if (strcmp(seen_path[i], "/etc/localtime") == 0 || strcmp(seen_path[i], "/etc/timezone") == 0)
                continue;
            if (!inside(seen_path[i], db) || (seen_real[i][0] && !inside(seen_real[i], db_real))) {
                tk_fail("TZ=%s: the library called %s(\"%s\") outside TZDIR", tz, seen_what[i], seen_path[i]);
                ok = 0;
            }
        }
        if (s == FD_OK && strcmp(fd_formatter_time_zone(f), abs_secret) == 0) {
            tk_fail("TZ=%s: the formatter uses the file outside TZDIR", tz);
            ok = 0;
        }
        if (ok)
            tk_count(1);
        fd_formatter_free(f);
    }
    unsetenv("TZ");
    remove_tree();
    return tk_finish();
}
