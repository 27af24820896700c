/*
 * test_abi10.c — a program compiled against the 1.0 header keeps working
 * with this library, unrebuilt (SPEC section 7, "Growth").
 *
 * Built with -ITests/c/abi/1.0 first, so "feeddate.h" is the frozen header
 * of 1.0 (Tests/c/abi/feeddate-1.0.h) and fd_options has 1.0's layout. The
 * struct is followed by canary bytes: fd_options_init must not write them,
 * and fd_formatter_new must not read them as fields of a later layout. The
 * labels themselves are checked by test_vectors built against the same
 * header (build/tests/test_vectors_abi10). Closes with "N passed, N failed".
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "testkit.h"

#ifdef fd_options_init
#error "test_abi10.c must be compiled against the 1.0 header (-ITests/c/abi/1.0 before -Iinclude)"
#endif

#define TAIL 256

typedef struct guarded {
    fd_options o;
    unsigned char tail[TAIL];
} guarded;

static int tail_intact(const guarded *g, unsigned char v)
{
    for (size_t i = 0; i < TAIL; i++)
        if (g->tail[i] != v)
            return 0;
    return 1;
}

int main(void)
{
    static const unsigned char fills[] = {0x00, 0xA5, 0xFF};
    char buf[FD_LABEL_CAPACITY];
    for (size_t fi = 0; fi < sizeof fills; fi++) {
        for (int style = FD_STYLE_FEED; style <= FD_STYLE_COUNTDOWN; style++) {
            guarded g;
            memset(&g, fills[fi], sizeof g);
            fd_status s = fd_options_init(&g.o, (fd_style)style);
            CHECK(s == FD_OK, "style %d, fill %02x: fd_options_init returned %d", style, fills[fi], (int)s);
            CHECK(g.o.size == sizeof(fd_options), "style %d: size %u, expected 1.0's %zu", style, g.o.size,
                  sizeof(fd_options));
            CHECK(tail_intact(&g, fills[fi]), "style %d, fill %02x: fd_options_init wrote past 1.0's fd_options", style,
                  fills[fi]);
            CHECK(g.o.style == (fd_style)style && g.o.precision == 1 && g.o.just_now_ms == 60000 &&
                      g.o.weekday_window_days == 6 && g.o.locale == NULL && g.o.time_zone == NULL,
                  "style %d: the 1.0 defaults are not there", style);

            /* Whatever lies past the struct, the formatter is the one the
             * 1.0 fields describe. */
            g.o.locale = "zh_CN";
            g.o.time_zone = "Asia/Shanghai";
            g.o.precision = 2;
            g.o.recent_relative = 1;
            fd_formatter *f = NULL;
            s = fd_formatter_new(&g.o, &f);
            CHECK(s == FD_OK && f != NULL, "style %d, fill %02x: fd_formatter_new returned %d", style, fills[fi],
                  (int)s);
            CHECK(tail_intact(&g, fills[fi]), "style %d: fd_formatter_new wrote past the struct", style);
            if (f == NULL)
                continue;
            CHECK(strcmp(fd_formatter_locale(f), "zh_CN") == 0 &&
                      strcmp(fd_formatter_time_zone(f), "Asia/Shanghai") == 0,
                  "style %d: resolved %s / %s", style, fd_formatter_locale(f), fd_formatter_time_zone(f));
            fd_label info;
            /* 2024-03-25 14:30 Shanghai; t five minutes earlier. */
            s = fd_format(f, 1711348200000 - 300000, 1711348200000, buf, sizeof buf, &info);
            CHECK(s == FD_OK && info.length > 0 && info.length == strlen(buf) && info.next_change_ms > 1711348200000,
                  "style %d: fd_format returned %d, \"%s\"", style, (int)s, buf);
            if (style == FD_STYLE_FEED) /* recent_relative read from 1.0's field */
                CHECK(strcmp(buf, "5分钟前") == 0, "FEED with recent_relative: \"%s\", expected 5分钟前", buf);
            if (style == FD_STYLE_COUNTDOWN) /* precision read from 1.0's field; t is past: expired */
                CHECK(strcmp(buf, "0:00:00.00") == 0 && info.expired == 1, "COUNTDOWN precision 2: \"%s\"", buf);
            fd_formatter_free(f);
        }
    }
    return tk_finish();
}
