/*
 * test_tls.c — the library loads with dlopen in a process whose static TLS
 * is nearly full (issue 35, SPEC section 7's "never a crash").
 *
 * glibc reserves a little static TLS (about 1.6 KB) for libraries loaded
 * later with dlopen that use the initial-exec model. 1.2's libfeeddate had
 * one initial-exec variable, which made its whole 572-byte TLS block static:
 * after another library took 1,200 bytes, dlopen failed with "cannot
 * allocate memory in static TLS block". Since 1.3 every TLS variable of the
 * library is global-dynamic (tools/check-lib.sh also refuses a library
 * flagged STATIC_TLS).
 *
 * The test dlopens build/tests/libtls_filler.so (1,200 bytes of
 * initial-exec TLS), then ../lib/libfeeddate.so.1, labels from this thread
 * and another, and checks the error message (the library's own TLS) on
 * both. Closes with "N passed, N failed".
 */
#define _GNU_SOURCE

#include <dlfcn.h>
#include <libgen.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "feeddate.h"
#include "testkit.h"

typedef void (*init_fn)(fd_options *, fd_style);
typedef fd_status (*new_fn)(const fd_options *, fd_formatter **);
typedef fd_status (*format_fn)(const fd_formatter *, int64_t, int64_t, char *, size_t, fd_label *);
typedef void (*free_fn)(fd_formatter *);
typedef const char *(*last_error_fn)(void);

static init_fn options_init;
static new_fn formatter_new;
static format_fn format;
static free_fn formatter_free;
static last_error_fn last_error;

static void *label_and_fail(void *arg)
{
    (void)arg;
    fd_options o;
    options_init(&o, FD_STYLE_FEED);
    o.locale = "zh_CN";
    o.time_zone = "Asia/Shanghai";
    fd_formatter *f = NULL;
    CHECK(formatter_new(&o, &f) == FD_OK, "fd_formatter_new after the TLS filler: %s", last_error());
    if (f == NULL)
        return NULL;
    char buf[FD_LABEL_CAPACITY];
    fd_label info;
    /* 2024-03-24 20:00 in Shanghai, seen at 2024-03-25 14:30: "昨天". */
    CHECK(format(f, 1711281600000, 1711348200000, buf, sizeof buf, &info) == FD_OK && strcmp(buf, "昨天") == 0,
          "FEED zh_CN: got \"%s\", expected \"昨天\"", buf);
    o.locale = "no-such-language-xx";
    fd_formatter *bad = NULL;
    CHECK(formatter_new(&o, &bad) == FD_ERR_LOCALE && strstr(last_error(), "no-such-language-xx") != NULL,
          "an unknown locale's message (thread-local): \"%s\"", last_error());
    formatter_free(f);
    return NULL;
}

int main(void)
{
    char self[PATH_MAX], path[PATH_MAX + 64];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        tk_fail("readlink /proc/self/exe");
    self[n > 0 ? n : 0] = 0;
    const char *dir = dirname(self);

    snprintf(path, sizeof path, "%s/libtls_filler.so", dir);
    void *filler = dlopen(path, RTLD_NOW);
    CHECK(filler != NULL, "dlopen %s: %s", path, dlerror());
    if (filler == NULL)
        return tk_finish();
    int (*touch)(void);
    *(void **)(&touch) = dlsym(filler, "tls_filler_touch");
    CHECK(touch != NULL && touch() == 2, "the filler's 1,200 bytes of initial-exec TLS are in use");

    snprintf(path, sizeof path, "%s/../lib/libfeeddate.so.1", dir);
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    CHECK(lib != NULL, "dlopen %s after 1,200 bytes of initial-exec TLS: %s", path, lib ? "" : dlerror());
    if (lib == NULL)
        return tk_finish();
    *(void **)(&options_init) = dlsym(lib, "fd_options_init");
    *(void **)(&formatter_new) = dlsym(lib, "fd_formatter_new");
    *(void **)(&format) = dlsym(lib, "fd_format");
    *(void **)(&formatter_free) = dlsym(lib, "fd_formatter_free");
    *(void **)(&last_error) = dlsym(lib, "fd_last_error");
    if (!options_init || !formatter_new || !format || !formatter_free || !last_error) {
        tk_fail("dlsym: %s", dlerror());
        return tk_finish();
    }
    label_and_fail(NULL);
    pthread_t t;
    CHECK(pthread_create(&t, NULL, label_and_fail, NULL) == 0, "pthread_create");
    pthread_join(t, NULL);
    return tk_finish();
}
