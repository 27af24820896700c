/*
 * The cost of a cold start: load libfeeddate.so.1 (dlopen), create a
 * formatter and make the first label, timed from before dlopen. Part of
 * make bench; run in a fresh process each time.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <time.h>

#include "feeddate.h"

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "libfeeddate.so.1";
    double t0 = now_ms();
    void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        fprintf(stderr, "dlopen %s: %s\n", path, dlerror());
        return 1;
    }
    fd_status (*init)(fd_options *, fd_style) = (fd_status(*)(fd_options *, fd_style))dlsym(lib, "fd_options_init");
    fd_status (*make)(const fd_options *, fd_formatter **) =
        (fd_status(*)(const fd_options *, fd_formatter **))dlsym(lib, "fd_formatter_new");
    fd_status (*format)(const fd_formatter *, int64_t, int64_t, char *, size_t, fd_label *) =
        (fd_status(*)(const fd_formatter *, int64_t, int64_t, char *, size_t, fd_label *))dlsym(lib, "fd_format");
    double t1 = now_ms();
    fd_options o;
    init(&o, FD_STYLE_FEED);
    o.locale = "zh_CN";
    o.time_zone = "Asia/Shanghai";
    fd_formatter *f = NULL;
    if (make(&o, &f) != FD_OK)
        return 1;
    double t2 = now_ms();
    char buf[FD_LABEL_CAPACITY];
    if (format(f, 1711281600000LL, 1711348200000LL, buf, sizeof buf, NULL) != FD_OK)
        return 1;
    double t3 = now_ms();
    printf("cold start: load %.1f ms, first formatter %.1f ms, first label %.1f ms: %.1f ms in all (\"%s\")\n", t1 - t0,
           t2 - t1, t3 - t2, t3 - t0, buf);
    if (argc > 2) { /* the figures as JSON, for bench/results.json */
        FILE *out = fopen(argv[2], "w");
        if (!out) {
            perror(argv[2]);
            return 1;
        }
        fprintf(out,
                "{\"load_ms\": %.2f, \"first_formatter_ms\": %.2f, \"first_label_ms\": %.2f, \"total_ms\": %.2f}\n",
                t1 - t0, t2 - t1, t3 - t2, t3 - t0);
        fclose(out);
    }
    return 0;
}
