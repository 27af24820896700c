/* Test program of the feeddate packages (autopkgtest c-pkg-config and the
 * build-time check of debian/rules): a C99 program built with
 * `pkg-config --cflags --libs feeddate` that must print the right label.
 *
 * The library carries ICU 78.3 inside it (SPEC section 13): fd_icu_version()
 * must say so, and no libicu* may be mapped in the process (none is needed).
 *
 * A chat list in Shanghai, on Monday 2024-03-25 12:00 (+08:00), shows a message
 * of Sunday 09:00 as "昨天" (yesterday); that label changes at the coming local
 * midnight, 2024-03-26 00:00 +08:00, when it becomes a weekday name. */
#include <feeddate.h>
#include <stdio.h>
#include <string.h>

#define NOW_MS 1711339200000LL         /* 2024-03-25T12:00:00+08:00 */
#define T_MS 1711242000000LL           /* 2024-03-24T09:00:00+08:00 */
#define NEXT_CHANGE_MS 1711382400000LL /* 2024-03-26T00:00:00+08:00 */

static int fail(const char *what)
{
    fprintf(stderr, "label: FAIL: %s\n", what);
    return 1;
}

int main(void)
{
    fd_options o;
    fd_formatter *f = NULL;
    char buf[FD_LABEL_CAPACITY];
    fd_label info;
    fd_status s;

    if (strcmp(fd_version_string(), FD_VERSION_STRING) != 0 || fd_version() != FD_VERSION_NUMBER) {
        fprintf(stderr, "label: FAIL: library version %s (%u), header %s (%u)\n", fd_version_string(),
                (unsigned)fd_version(), FD_VERSION_STRING, (unsigned)FD_VERSION_NUMBER);
        return 1;
    }
    if (strcmp(fd_icu_version(), "78.3") != 0) {
        fprintf(stderr, "label: FAIL: ICU %s, expected 78.3 (the ICU inside libfeeddate.so.1)\n", fd_icu_version());
        return 1;
    }
    if (fd_options_init(&o, FD_STYLE_CHAT_LIST) != FD_OK)
        return fail("fd_options_init");
    o.locale = "zh_CN";
    o.time_zone = "Asia/Shanghai";
    s = fd_formatter_new(&o, &f);
    if (s != FD_OK) {
        fprintf(stderr, "label: FAIL: fd_formatter_new: %s\n", fd_status_message(s));
        return 1;
    }
    s = fd_format(f, T_MS, NOW_MS, buf, sizeof buf, &info);
    if (s != FD_OK) {
        fprintf(stderr, "label: FAIL: fd_format: %s\n", fd_status_message(s));
        fd_formatter_free(f);
        return 1;
    }
    printf("label: \"%s\" next change %lld (zone %s, %s)\n", buf, (long long)info.next_change_ms,
           fd_formatter_time_zone(f), fd_formatter_tz_source(f));
    fd_formatter_free(f);
    if (strcmp(buf, "\xe6\x98\xa8\xe5\xa4\xa9") != 0)
        return fail("label is not \"昨天\"");
    if (info.length != 6 || info.day_offset != 0 || info.day_length != 6 || info.time_length != 0)
        return fail("length or parts of \"昨天\" are wrong");
    if (info.next_change_ms != NEXT_CHANGE_MS)
        return fail("next change is not 2024-03-26T00:00+08:00");
    {
        /* Every library is mapped by now: none may be a libicu. */
        char line[4096];
        FILE *maps = fopen("/proc/self/maps", "r");
        if (!maps)
            return fail("cannot read /proc/self/maps");
        while (fgets(line, sizeof line, maps)) {
            const char *path = strchr(line, '/');
            if (path && strstr(path, "/libicu")) {
                fclose(maps);
                fprintf(stderr, "label: FAIL: a system ICU is mapped: %s", path);
                return 1;
            }
        }
        fclose(maps);
    }
    printf("label: ok (feeddate %s, ICU %s inside it, no libicu mapped)\n", fd_version_string(), fd_icu_version());
    return 0;
}
