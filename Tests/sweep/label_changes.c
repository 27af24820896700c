/*
 * label_changes.c — what an upgrade changes: the same sweep of labels through
 * two libfeeddate.so.1 files, loaded side by side (dlopen, RTLD_LOCAL), and
 * every difference, for the release notes (make label-changes BASE=<rev>;
 * SPEC section 13).
 *
 *   label_changes BASE_LIB NEW_LIB LOCALES_FILE OUT_TSV
 *
 * The sweep: every locale of LOCALES_FILE (Tests/sweep/icu-available.txt's
 * "locale" lines, plus root), every style with its default options and the
 * options of 1.1 that change text (hour cycles, widths, recent_relative,
 * plain_spaces, spoken), three zones (UTC, America/New_York, Asia/Shanghai),
 * and instants from 3 years before now to 1 year after it, with the
 * boundaries the rules turn on (just now, minutes, hours, midnight,
 * yesterday, the weekday window, month and year ends). Only functions of
 * 1.1 and 1.2 are called, so any library from 1.1 on can be either side.
 * Writes one line per difference to OUT_TSV (locale, style, options, zone,
 * t, now, base text, new text, base next change, new next change) and
 * prints the totals. Exit 0 whatever the differences; 2 on a usage or
 * loading error.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "feeddate.h"

typedef struct {
    void *handle;
    fd_status (*init)(fd_options *, size_t, fd_style);
    fd_status (*make)(const fd_options *, fd_formatter **);
    fd_status (*format)(const fd_formatter *, int64_t, int64_t, char *, size_t, fd_label *);
    void (*release)(fd_formatter *);
    const char *(*version)(void);
    const char *(*icu)(void);
} lib;

static int open_lib(lib *l, const char *path)
{
    l->handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (l->handle == NULL) {
        fprintf(stderr, "label_changes: %s\n", dlerror());
        return -1;
    }
    *(void **)(&l->init) = dlsym(l->handle, "fd_options_init_sized");
    *(void **)(&l->make) = dlsym(l->handle, "fd_formatter_new");
    *(void **)(&l->format) = dlsym(l->handle, "fd_format");
    *(void **)(&l->release) = dlsym(l->handle, "fd_formatter_free");
    *(void **)(&l->version) = dlsym(l->handle, "fd_version_string");
    *(void **)(&l->icu) = dlsym(l->handle, "fd_icu_version");
    if (!l->init || !l->make || !l->format || !l->release || !l->version || !l->icu) {
        fprintf(stderr, "label_changes: %s lacks a function of 1.1\n", path);
        return -1;
    }
    return 0;
}

typedef struct {
    const char *name;
    int hour_cycle, width, recent, plain, spoken;
} option_set;

static const option_set option_sets[] = {
    {"default", 0, 0, 0, 0, 0},       {"hour_cycle=h12", FD_HOUR_CYCLE_H12, 0, 0, 0, 0},
    {"hour_cycle=h23", FD_HOUR_CYCLE_H23, 0, 0, 0, 0}, {"width=short", 0, FD_WIDTH_SHORT, 0, 0, 0},
    {"width=narrow", 0, FD_WIDTH_NARROW, 0, 0, 0}, {"recent_relative", 0, 0, 1, 0, 0},
    {"plain_spaces", 0, 0, 0, 1, 0},  {"spoken", 0, 0, 0, 0, 1},
};
static const char *const style_names[] = {"feed", "feed_detail", "chat_list", "chat_bubble", "relative", "compact", "countdown"};
static const char *const zones[] = {"UTC", "America/New_York", "Asia/Shanghai"};

/* Which option sets change a style's text (the others are left out). */
static int applies(int style, const option_set *o)
{
    if (o->width) return style == FD_STYLE_RELATIVE || style == FD_STYLE_COMPACT || style == FD_STYLE_FEED;
    if (o->recent) return style == FD_STYLE_FEED;
    if (o->spoken) return style == FD_STYLE_COMPACT || style == FD_STYLE_COUNTDOWN;
    if (o->hour_cycle) return style <= FD_STYLE_CHAT_BUBBLE;
    return 1;
}

#define SEC 1000LL
#define MIN (60 * SEC)
#define HOUR (60 * MIN)
#define DAY (24 * HOUR)

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: label_changes BASE_LIB NEW_LIB LOCALES_FILE OUT_TSV\n");
        return 2;
    }
    lib base, cur;
    if (open_lib(&base, argv[1]) || open_lib(&cur, argv[2])) return 2;
    FILE *in = fopen(argv[3], "r"), *out = fopen(argv[4], "w");
    if (!in || !out) {
        fprintf(stderr, "label_changes: cannot open %s or %s\n", argv[3], argv[4]);
        return 2;
    }
    static char locales[2048][96];
    size_t nloc = 0;
    strcpy(locales[nloc++], "root");
    char line[256];
    while (fgets(line, sizeof line, in) && nloc < 2048) {
        if (strncmp(line, "locale ", 7) != 0) continue;
        line[strcspn(line, "\n")] = 0;
        if (strlen(line + 7) >= sizeof locales[0]) continue;
        memcpy(locales[nloc++], line + 7, strlen(line + 7) + 1);
    }
    fclose(in);
    /* now: 2024-03-25T06:30:00Z, a Monday; t from 3 years before to 1 year after. */
    const int64_t now = 1711348200000LL;
    int64_t offsets[64];
    size_t nt = 0;
    const int64_t back[] = {0, 30 * SEC, 59 * SEC, 61 * SEC, 5 * MIN, 59 * MIN, 61 * MIN, 3 * HOUR, 6 * HOUR, 7 * HOUR, 20 * HOUR,
                            DAY, DAY + 7 * HOUR, 2 * DAY, 3 * DAY, 5 * DAY, 6 * DAY, 7 * DAY, 8 * DAY, 13 * DAY, 25 * DAY,
                            40 * DAY, 84 * DAY, 200 * DAY, 365 * DAY, 400 * DAY, 800 * DAY, 3 * 365 * DAY};
    for (size_t i = 0; i < sizeof back / sizeof back[0]; i++) offsets[nt++] = -back[i];
    const int64_t ahead[] = {30 * SEC, 299250, 3 * HOUR, DAY + 3723600, 3 * DAY, 40 * DAY, 300 * DAY, 365 * DAY};
    for (size_t i = 0; i < sizeof ahead / sizeof ahead[0]; i++) offsets[nt++] = ahead[i];

    fprintf(out, "locale\tstyle\toptions\tzone\tt_ms\tnow_ms\tbase\tnew\tbase_next\tnew_next\n");
    size_t labels = 0, differ = 0, next_differ = 0, errors_differ = 0, formatters = 0;
    char a[FD_LABEL_CAPACITY], b[FD_LABEL_CAPACITY];
    for (size_t l = 0; l < nloc; l++) {
        for (int style = 0; style < 7; style++) {
            for (size_t s = 0; s < sizeof option_sets / sizeof option_sets[0]; s++) {
                const option_set *os = &option_sets[s];
                if (!applies(style, os)) continue;
                for (size_t z = 0; z < 3; z++) {
                    fd_options oa, ob;
                    fd_formatter *fa = NULL, *fb = NULL;
                    base.init(&oa, sizeof oa, (fd_style)style);
                    cur.init(&ob, sizeof ob, (fd_style)style);
                    oa.locale = ob.locale = locales[l];
                    oa.time_zone = ob.time_zone = zones[z];
                    oa.hour_cycle = ob.hour_cycle = (fd_hour_cycle)os->hour_cycle;
                    oa.width = ob.width = (fd_width)os->width;
                    oa.recent_relative = ob.recent_relative = os->recent;
                    oa.plain_spaces = ob.plain_spaces = os->plain;
                    oa.spoken = ob.spoken = os->spoken;
                    fd_status sa = base.make(&oa, &fa), sb = cur.make(&ob, &fb);
                    formatters++;
                    if (sa != FD_OK || sb != FD_OK) {
                        if ((sa == FD_OK) != (sb == FD_OK)) {
                            errors_differ++;
                            fprintf(out, "%s\t%s\t%s\t%s\t\t\tstatus %d\tstatus %d\t\t\n", locales[l], style_names[style],
                                    os->name, zones[z], (int)sa, (int)sb);
                        }
                        if (fa) base.release(fa);
                        if (fb) cur.release(fb);
                        continue;
                    }
                    for (size_t i = 0; i < nt; i++) {
                        fd_label ia, ib;
                        int64_t t = now + offsets[i];
                        fd_status ra = base.format(fa, t, now, a, sizeof a, &ia);
                        fd_status rb = cur.format(fb, t, now, b, sizeof b, &ib);
                        labels++;
                        if (ra != FD_OK) snprintf(a, sizeof a, "status %d", (int)ra);
                        if (rb != FD_OK) snprintf(b, sizeof b, "status %d", (int)rb);
                        int text = strcmp(a, b) != 0;
                        int next = ra == FD_OK && rb == FD_OK && ia.next_change_ms != ib.next_change_ms;
                        if (text) differ++;
                        if (next) next_differ++;
                        if (text || next)
                            fprintf(out, "%s\t%s\t%s\t%s\t%lld\t%lld\t%s\t%s\t%lld\t%lld\n", locales[l], style_names[style],
                                    os->name, zones[z], (long long)t, (long long)now, a, b,
                                    (long long)(ra == FD_OK ? ia.next_change_ms : 0),
                                    (long long)(rb == FD_OK ? ib.next_change_ms : 0));
                    }
                    base.release(fa);
                    cur.release(fb);
                }
            }
        }
    }
    fclose(out);
    printf("label_changes: base %s (ICU %s), new %s (ICU %s): %zu locales, %zu formatters, %zu labels; "
           "%zu texts differ (%.2f %%), %zu next changes differ, %zu formatters created on one side only\n",
           base.version(), base.icu(), cur.version(), cur.icu(), nloc, formatters, labels, differ,
           labels ? 100.0 * (double)differ / (double)labels : 0.0, next_differ, errors_differ);
    return 0;
}
