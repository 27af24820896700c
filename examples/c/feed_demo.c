/*
 * feed_demo.c — what feeddate prints for a feed, a chat list and a countdown.
 *
 *   feed_demo                      labels as seen now (the system clock)
 *   feed_demo --now 1711391400000  labels as seen at a fixed instant (epoch ms)
 *
 * For two viewers (zh_CN in Asia/Shanghai, en_US in America/New_York) it
 * labels a ladder of instants before "now" in five styles, and shows for
 * each row the one instant a UI timer should fire: the earliest moment at
 * which any label of the row changes. Then a countdown to a deadline a
 * little more than a day ahead.
 */
#define _POSIX_C_SOURCE 200809L /* setenv, tzset, localtime_r */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "feeddate.h"

#define SECOND 1000LL
#define MINUTE (60 * SECOND)
#define HOUR (60 * MINUTE)
#define DAY (24 * HOUR)

static const struct place {
    const char *locale, *zone;
} PLACES[] = {
    {"zh_CN", "Asia/Shanghai"},
    {"en_US", "America/New_York"},
};

static const struct column {
    const char *title;
    fd_style style;
} COLUMNS[] = {
    {"FEED", FD_STYLE_FEED},         {"CHAT_LIST", FD_STYLE_CHAT_LIST}, {"CHAT_BUBBLE", FD_STYLE_CHAT_BUBBLE},
    {"RELATIVE", FD_STYLE_RELATIVE}, {"COMPACT", FD_STYLE_COMPACT},
};

static const struct step {
    const char *name;
    int64_t before_now;
} LADDER[] = {
    {"-30 s", 30 * SECOND}, {"-5 min", 5 * MINUTE}, {"-3 h", 3 * HOUR},     {"-1 day", DAY},
    {"-2 days", 2 * DAY},   {"-5 days", 5 * DAY},   {"-35 days", 35 * DAY}, {"-400 days", 400 * DAY},
};

/* The countdown's deadline: 1 day 03:04:05.6 after now. */
#define COUNTDOWN_LEFT (DAY + 3 * HOUR + 4 * MINUTE + 5 * SECOND + 600)

#define N_COLUMNS (sizeof COLUMNS / sizeof COLUMNS[0])
#define N_STEPS (sizeof LADDER / sizeof LADDER[0])

/* ---- display width: CJK counts double, marks and invisible format characters nothing ---- */

static int code_point_width(unsigned long c)
{
    if ((c >= 0x0300 && c <= 0x036F) || (c >= 0x200B && c <= 0x200F) || (c >= 0x202A && c <= 0x202E) ||
        (c >= 0x2060 && c <= 0x2064) || c == 0xFEFF)
        return 0;
    if ((c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) || (c >= 0x3041 && c <= 0xA4CF) ||
        (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) ||
        (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD))
        return 2;
    return 1;
}

/* Columns a UTF-8 string takes on a terminal (roughly: no full East Asian Width table). */
static int display_width(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    int width = 0;
    while (*u) {
        unsigned long c = *u;
        int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
        if (extra)
            c &= 0x3Fu >> extra;
        u++;
        for (; extra > 0 && (*u & 0xC0) == 0x80; extra--)
            c = (c << 6) | (*u++ & 0x3Fu);
        width += code_point_width(c);
    }
    return width;
}

/* Prints s followed by spaces up to `width` columns, and two spaces of gap. */
static void print_cell(const char *s, int width)
{
    fputs(s, stdout);
    for (int w = display_width(s); w < width + 2; w++)
        putchar(' ');
}

/* ---- times ---- */

/* "2024-03-26 00:00:00" (".100" when there are milliseconds) in the zone of TZ, or "never". */
static void local_time(int64_t ms, char *buf, size_t cap)
{
    if (ms == FD_NEVER) {
        snprintf(buf, cap, "never");
        return;
    }
    int64_t millis = ((ms % 1000) + 1000) % 1000;
    time_t seconds = (time_t)((ms - millis) / 1000);
    struct tm tm;
    size_t n = localtime_r(&seconds, &tm) ? strftime(buf, cap, "%Y-%m-%d %H:%M:%S", &tm) : 0;
    if (n == 0)
        snprintf(buf, cap, "%lld ms", (long long)ms);
    else if (millis != 0)
        snprintf(buf + n, cap - n, ".%03d", (int)millis);
}

/* ---- formatting ---- */

static fd_formatter *new_formatter(fd_style style, const struct place *p)
{
    fd_options o;
    fd_formatter *f = NULL;
    fd_options_init(&o, style);
    o.locale = p->locale;
    o.time_zone = p->zone;
    o.recent_relative = style == FD_STYLE_FEED;     /* "5分钟前" before "14:30" */
    o.countdown_days = style == FD_STYLE_COUNTDOWN; /* "1天 03:04:05.6" */
    fd_status s = fd_formatter_new(&o, &f);
    if (s != FD_OK) {
        fprintf(stderr, "feed_demo: %s / %s: %s\n", p->locale, p->zone, fd_status_message(s));
        exit(1);
    }
    return f;
}

/* Labels t at now into buf (exits on error) and returns its next change. */
static int64_t label(const fd_formatter *f, int64_t t, int64_t now, char *buf, size_t cap)
{
    fd_label info;
    fd_status s = fd_format(f, t, now, buf, cap, &info);
    if (s != FD_OK) {
        fprintf(stderr, "feed_demo: fd_format: %s\n", fd_status_message(s));
        exit(1);
    }
    return info.next_change_ms;
}

static void print_place(const struct place *p, int64_t now)
{
    static char cells[N_STEPS][N_COLUMNS][FD_LABEL_CAPACITY];
    int64_t next[N_STEPS];
    int widths[N_COLUMNS], name_width = 0;
    char when[64], now_text[64];

    setenv("TZ", p->zone, 1); /* for local_time() */
    tzset();
    for (size_t c = 0; c < N_COLUMNS; c++) {
        fd_formatter *f = new_formatter(COLUMNS[c].style, p);
        if (c == 0) {
            local_time(now, now_text, sizeof now_text);
            printf("%s in %s, now %s (zone rules: %s)\n", fd_formatter_locale(f), fd_formatter_time_zone(f), now_text,
                   fd_formatter_tz_source(f));
        }
        widths[c] = display_width(COLUMNS[c].title);
        for (size_t r = 0; r < N_STEPS; r++) {
            int64_t change = label(f, now - LADDER[r].before_now, now, cells[r][c], FD_LABEL_CAPACITY);
            if (c == 0 || change < next[r])
                next[r] = change;
            if (display_width(cells[r][c]) > widths[c])
                widths[c] = display_width(cells[r][c]);
        }
        fd_formatter_free(f);
    }
    for (size_t r = 0; r < N_STEPS; r++)
        if (display_width(LADDER[r].name) > name_width)
            name_width = display_width(LADDER[r].name);

    print_cell("", name_width);
    for (size_t c = 0; c < N_COLUMNS; c++)
        print_cell(COLUMNS[c].title, widths[c]);
    puts("NEXT CHANGE");
    for (size_t r = 0; r < N_STEPS; r++) {
        print_cell(LADDER[r].name, name_width);
        for (size_t c = 0; c < N_COLUMNS; c++)
            print_cell(cells[r][c], widths[c]);
        local_time(next[r], when, sizeof when);
        puts(when);
    }

    char countdown[FD_LABEL_CAPACITY];
    fd_formatter *f = new_formatter(FD_STYLE_COUNTDOWN, p);
    local_time(label(f, now + COUNTDOWN_LEFT, now, countdown, sizeof countdown), when, sizeof when);
    fd_formatter_free(f);
    print_cell("COUNTDOWN", name_width);
    printf("%s   (next change %s)\n\n", countdown, when);
}

int main(int argc, char **argv)
{
    int64_t now = fd_now_ms();
    if (argc == 3 && strcmp(argv[1], "--now") == 0) {
        char *end = NULL;
        long long v = strtoll(argv[2], &end, 10);
        /* The ladder reaches 400 days back and the deadline lies ahead: both must stay in range. */
        const long long lowest = FD_MIN_INSTANT_MS + LADDER[N_STEPS - 1].before_now;
        const long long highest = FD_MAX_INSTANT_MS - COUNTDOWN_LEFT;
        if (end == argv[2] || *end != '\0' || v < lowest || v > highest) {
            fprintf(stderr, "feed_demo: --now wants epoch milliseconds in [%lld, %lld]\n", lowest, highest);
            return 2;
        }
        now = v;
    } else if (argc != 1) {
        fprintf(stderr, "usage: %s [--now <epoch ms>]\n", argv[0]);
        return 2;
    }
    printf("feeddate %s: labels of instants before now = %lld (pass --now %lld to see this again)\n\n",
           fd_version_string(), (long long)now, (long long)now);
    for (size_t i = 0; i < sizeof PLACES / sizeof PLACES[0]; i++)
        print_place(&PLACES[i], now);
    return 0;
}
