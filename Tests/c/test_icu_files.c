/*
 * test_icu_files.c — the library's ICU reads no file of the host (SPEC
 * section 13): its data is only what the library carries.
 *
 * ICU looks for data files under $ICU_DATA (and the folder it was built
 * for), and for its zone tables under $ICU_TIMEZONE_FILES_DIR, which
 * udata.cpp follows whatever the file access. Before the first call this
 * test points both variables at a folder of junk files named as ICU's own
 * (icudt78l.dat, zoneinfo64.res, timezoneTypes.res, metaZones.res), then
 * labels every style in 12 locales, asks for unknown zones and locales (the
 * error hints look names up in ICU), and checks that no path under that
 * folder was opened or looked at (open, openat, fopen, stat and access are
 * interposed: -rdynamic) and that the labels are ICU 78.3's.
 * A build on the system's ICU (make ICU=system) opens
 * $ICU_TIMEZONE_FILES_DIR/zoneinfo64.res here, so the check can fail; it is
 * not run there. Closes with "N passed, N failed".
 */
#define _GNU_SOURCE

#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "feeddate.h"
#include "testkit.h"

static char junk[64];
static int touched;
static char touched_path[512];

static void *next_symbol(const char *name)
{
    void *p = dlsym(RTLD_NEXT, name);
    if (p == NULL)
        abort();
    return p;
}

static void note(const char *path)
{
    if (junk[0] && path && strncmp(path, junk, strlen(junk)) == 0) {
        if (touched++ == 0)
            snprintf(touched_path, sizeof touched_path, "%s", path);
    }
}

static mode_t mode_of(int flags, va_list ap)
{
    return (flags & (O_CREAT | O_TMPFILE)) ? (mode_t)va_arg(ap, int) : 0;
}

int open(const char *path, int flags, ...)
{
    static int (*fn)(const char *, int, ...);
    if (fn == NULL)
        *(void **)(&fn) = next_symbol("open");
    va_list ap;
    va_start(ap, flags);
    mode_t mode = mode_of(flags, ap);
    va_end(ap);
    note(path);
    return fn(path, flags, mode);
}

int openat(int dirfd, const char *path, int flags, ...)
{
    static int (*fn)(int, const char *, int, ...);
    if (fn == NULL)
        *(void **)(&fn) = next_symbol("openat");
    va_list ap;
    va_start(ap, flags);
    mode_t mode = mode_of(flags, ap);
    va_end(ap);
    note(path);
    return fn(dirfd, path, flags, mode);
}

FILE *fopen(const char *path, const char *mode)
{
    static FILE *(*fn)(const char *, const char *);
    if (fn == NULL)
        *(void **)(&fn) = next_symbol("fopen");
    note(path);
    return fn(path, mode);
}

int stat(const char *restrict path, struct stat *restrict st)
{
    static int (*fn)(const char *restrict, struct stat *restrict);
    if (fn == NULL)
        *(void **)(&fn) = next_symbol("stat");
    note(path);
    return fn(path, st);
}

int access(const char *path, int how)
{
    static int (*fn)(const char *, int);
    if (fn == NULL)
        *(void **)(&fn) = next_symbol("access");
    note(path);
    return fn(path, how);
}

static void write_junk(const char *name)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", junk, name);
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        tk_fail("cannot write %s", path);
        return;
    }
    for (int i = 0; i < 4096; i++)
        fputc((i * 131 + 7) & 0xFF, f);
    fclose(f);
}

int main(void)
{
    snprintf(junk, sizeof junk, "/tmp/feeddate-icu-junk-XXXXXX");
    if (mkdtemp(junk) == NULL) {
        tk_fail("mkdtemp");
        return tk_finish();
    }
    const char *names[] = {"icudt78l.dat", "zoneinfo64.res", "timezoneTypes.res", "metaZones.res"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        write_junk(names[i]);
    setenv("ICU_DATA", junk, 1);
    setenv("ICU_TIMEZONE_FILES_DIR", junk, 1);
    touched = 0;

    static const char *const locales[] = {"zh_CN", "en_US", "ar_EG", "ja_JP@calendar=japanese",
                                          "th_TH", "fa_IR", "de",    "ru",
                                          "hi_IN", "he_IL", "ko",    "es_MX"};
    char buf[FD_LABEL_CAPACITY];
    size_t labels = 0;
    for (size_t l = 0; l < sizeof locales / sizeof locales[0]; l++) {
        for (int style = 0; style < 7; style++) {
            fd_options o;
            fd_options_init(&o, (fd_style)style);
            o.locale = locales[l];
            o.time_zone = "America/Mexico_City";
            fd_formatter *f = NULL;
            if (fd_formatter_new(&o, &f) != FD_OK) {
                tk_fail("%s style %d: %s", locales[l], style, fd_last_error());
                continue;
            }
            for (int64_t back = 0; back < 800; back += 37) {
                if (fd_format(f, 1719813600000LL - back * 3600000LL * 11, 1719813600000LL, buf, sizeof buf, NULL) ==
                    FD_OK)
                    labels++;
            }
            fd_formatter_free(f);
        }
    }
    CHECK(labels == 12 * 7 * 22, "%zu labels of %d", labels, 12 * 7 * 22);
    /* Names ICU is asked about for the hints of errors. */
    fd_options o;
    fd_options_init(&o, FD_STYLE_FEED);
    fd_formatter *f = NULL;
    o.time_zone = "US/Pacific-New-Nowhere";
    CHECK(fd_formatter_new(&o, &f) != FD_OK, "an unknown zone is an error");
    o.time_zone = "UTC";
    o.locale = "xx_YY";
    CHECK(fd_formatter_new(&o, &f) == FD_ERR_LOCALE, "an unknown locale is FD_ERR_LOCALE");
    /* ICU 78.3's words: es_MX 11:30 p.m. (ICU 72 wrote 23:30), from Tests/vectors/core.jsonl. */
    fd_options_init(&o, FD_STYLE_CHAT_LIST);
    o.locale = "es_MX";
    o.time_zone = "America/Mexico_City";
    CHECK(fd_formatter_new(&o, &f) == FD_OK, "es_MX: %s", fd_last_error());
    if (f) {
        fd_format(f, 1719811800000LL, 1719813540000LL, buf, sizeof buf, NULL);
        CHECK(strcmp(buf, "11:30\xE2\x80\xAFp.m.") == 0, "es_MX CHAT_LIST: got \"%s\", expected 11:30 p.m. (ICU 78.3)",
              buf);
        fd_formatter_free(f);
    }
    CHECK(touched == 0, "ICU looked at %d path(s) under $ICU_DATA / $ICU_TIMEZONE_FILES_DIR, the first %s", touched,
          touched_path);
    printf("test_icu_files: %zu labels with ICU_DATA and ICU_TIMEZONE_FILES_DIR at %s; paths there looked at: %d\n",
           labels, junk, touched);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char path[128];
        snprintf(path, sizeof path, "%s/%s", junk, names[i]);
        unlink(path);
    }
    rmdir(junk);
    return tk_finish();
}
