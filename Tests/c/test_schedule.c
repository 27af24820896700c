/*
 * test_schedule.c — fd_schedule and fd_schedule_json (SPEC section 11).
 *
 *   test_schedule [file.jsonl ...]
 *
 * Every line of the schedule vectors (FEEDDATE_SCHEDULE_VECTORS, ':'-separated,
 * else the arguments, else Tests/vectors/schedule/schedule-1.2.jsonl): the
 * entries ([text, from_ms] pairs), the until and the wire bytes must come out
 * byte for byte, from both functions. Then, for each, the definition holds
 * against fd_format itself: entry i's text is fd_format at its from, and the
 * next entry starts at that label's next change. Bad arguments (horizon < 0
 * or > 366 days, max_entries 0 or > 100,000, NULL pointers) give
 * FD_ERR_ARGUMENT; a small buffer gives FD_ERR_BUFFER with what is needed,
 * and nothing written past it. Then 2,000 random schedules with the 1.1
 * options must equal, byte for byte, the wire form built here from fd_format
 * and its next changes by an escaper of this file's own (an independent
 * implementation of SPEC 11). Closes with "N passed, N failed".
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "feeddate.h"
#include "fd_names.h"
#include "jsonl.h"
#include "testkit.h"
#include "vector_options.h"

#define MAX_ENTRIES 2000

static size_t ends[MAX_ENTRIES];
static int64_t froms[MAX_ENTRIES];
static char texts[MAX_ENTRIES * FD_LABEL_CAPACITY];
static char json[MAX_ENTRIES * FD_LABEL_CAPACITY * 2];

static void check_line(const json_value *v, const char *file, size_t line)
{
    const json_value *style = json_get(v, "style"), *entries = json_get(v, "entries"), *wire = json_get(v, "json");
    const json_value *t = json_get(v, "t_ms"), *now = json_get(v, "now_ms"), *h = json_get(v, "horizon_ms");
    const json_value *m = json_get(v, "max_entries"), *until = json_get(v, "until_ms");
    if (!style || style->type != JSON_STRING || !entries || entries->type != JSON_ARRAY || !wire ||
        wire->type != JSON_STRING || !t || t->type != JSON_INT || !now || now->type != JSON_INT || !h ||
        h->type != JSON_INT || !m || m->type != JSON_INT || !until || m->integer < 1 || m->integer > MAX_ENTRIES) {
        tk_fail("%s:%zu: malformed schedule vector", file, line);
        return;
    }
    fd_options o;
    const char *key = NULL, *why = NULL;
    if (vo_read(&o, style->string, json_get(v, "options"), &key, &why) != 0) {
        tk_fail("%s:%zu: malformed options (%s: %s)", file, line, key ? key : "", why);
        return;
    }
    fd_formatter *f = NULL;
    if (fd_formatter_new(&o, &f) != FD_OK) {
        tk_fail("%s:%zu: fd_formatter_new: %s", file, line, fd_last_error());
        return;
    }
    size_t n = 0, length = 0;
    int64_t until_ms = 0;
    fd_status s = fd_schedule(f, t->integer, now->integer, h->integer, (size_t)m->integer, texts, sizeof texts, ends,
                              froms, &n, &until_ms);
    int ok = s == FD_OK && n == entries->count;
    for (size_t i = 0; ok && i < n; i++) {
        const json_value *e = &entries->items[i];
        size_t start = i ? ends[i - 1] : 0;
        ok = e->type == JSON_ARRAY && e->count == 2 && e->items[0].type == JSON_STRING &&
             e->items[1].type == JSON_INT && ends[i] - start == e->items[0].length &&
             memcmp(texts + start, e->items[0].string, e->items[0].length) == 0 && froms[i] == e->items[1].integer;
        if (!ok)
            tk_fail("%s:%zu: entry %zu differs (from %lld)", file, line, i, (long long)froms[i]);
    }
    int64_t want_until = until->type == JSON_NULL ? FD_NEVER : until->integer;
    if (ok && until_ms != want_until) {
        tk_fail("%s:%zu: until %lld, expected %lld", file, line, (long long)until_ms, (long long)want_until);
        ok = 0;
    }
    if (s != FD_OK)
        tk_fail("%s:%zu: fd_schedule: status %d: %s", file, line, (int)s, fd_last_error());
    else if (n != entries->count)
        tk_fail("%s:%zu: %zu entries, expected %zu", file, line, n, entries->count);
    tk_count(ok);

    s = fd_schedule_json(f, t->integer, now->integer, h->integer, (size_t)m->integer, json, sizeof json, &length);
    if (!tk_count(s == FD_OK && length == wire->length && memcmp(json, wire->string, length) == 0 &&
                  json[length] == 0)) {
        tk_fail("%s:%zu: fd_schedule_json (status %d) gave:", file, line, (int)s);
        tk_print_text(stdout, json, s == FD_OK ? length : 0);
        printf("\n  expected:\n");
        tk_print_text(stdout, wire->string, wire->length);
        printf("\n");
    }

    /* The definition, against fd_format. */
    for (size_t i = 0; s == FD_OK && i < n; i++) {
        char label[FD_LABEL_CAPACITY];
        fd_label info;
        size_t start = i ? ends[i - 1] : 0;
        int same = fd_format(f, t->integer, froms[i], label, sizeof label, &info) == FD_OK &&
                   info.length == ends[i] - start && memcmp(label, texts + start, info.length) == 0 &&
                   info.next_change_ms == (i + 1 < n ? froms[i + 1] : until_ms);
        if (!tk_count(same))
            tk_fail("%s:%zu: entry %zu is not fd_format at its from, or the next does not start at its next change",
                    file, line, i);
    }

    /* Too small a buffer: the size needed, nothing written past it. */
    if (s == FD_OK && length > 1) {
        char small[8];
        memset(small, 'x', sizeof small);
        size_t need = 0;
        s = fd_schedule_json(f, t->integer, now->integer, h->integer, (size_t)m->integer, small, 4, &need);
        tk_count(s == FD_ERR_BUFFER && need == length && small[4] == 'x' && small[7] == 'x');
        size_t n2 = 0;
        int64_t until2 = 0;
        s = fd_schedule(f, t->integer, now->integer, h->integer, (size_t)m->integer, small, 1, ends, froms, &n2,
                        &until2);
        if (!tk_count((s == FD_ERR_BUFFER || ends[n2 - 1] <= 1) && n2 == n && until2 == until_ms && small[1] == 'x'))
            tk_fail("%s:%zu: fd_schedule with cap 1: status %d, n %zu", file, line, (int)s, n2);
    }
    fd_formatter_free(f);
}

static void check_arguments(void)
{
    fd_options o;
    fd_options_init(&o, FD_STYLE_RELATIVE);
    o.locale = "en_US";
    o.time_zone = "UTC";
    fd_formatter *f = NULL;
    if (fd_formatter_new(&o, &f) != FD_OK) {
        tk_fail("fd_formatter_new failed");
        return;
    }
    const int64_t now = 1711348200000LL, t = now - 30000;
    size_t n, length;
    int64_t until;
    static const struct {
        int64_t horizon;
        size_t max;
    } bad[] = {{-1, 10}, {FD_SCHEDULE_MAX_HORIZON_MS + 1, 10}, {INT64_MIN, 10},
               {0, 0},   {0, FD_SCHEDULE_MAX_ENTRIES + 1},     {0, (size_t)-1}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tk_count(fd_schedule(f, t, now, bad[i].horizon, bad[i].max, texts, sizeof texts, ends, froms, &n, &until) ==
                     FD_ERR_ARGUMENT &&
                 strstr(fd_last_error(), bad[i].max == 10 ? "horizon" : "max_entries") != NULL);
        tk_count(fd_schedule_json(f, t, now, bad[i].horizon, bad[i].max, json, sizeof json, &length) ==
                 FD_ERR_ARGUMENT);
    }
    tk_count(fd_schedule(NULL, t, now, 0, 1, texts, sizeof texts, ends, froms, &n, &until) == FD_ERR_ARGUMENT);
    tk_count(fd_schedule(f, t, now, 0, 1, texts, sizeof texts, NULL, froms, &n, &until) == FD_ERR_ARGUMENT);
    tk_count(fd_schedule(f, t, now, 0, 1, NULL, 10, ends, froms, &n, &until) == FD_ERR_ARGUMENT);
    tk_count(fd_schedule_json(f, t, now, 0, 1, json, sizeof json, NULL) == FD_ERR_ARGUMENT);
    tk_count(fd_schedule_json(f, t, now, 0, 1, NULL, 0, &length) == FD_ERR_BUFFER && length > 0);
    tk_count(fd_schedule_json(f, t, FD_MAX_INSTANT_MS + 1, 0, 1, json, sizeof json, &length) == FD_ERR_RANGE);
    tk_count(fd_schedule_json(f, FD_MIN_INSTANT_MS - 1, now, 0, 1, json, sizeof json, &length) == FD_ERR_RANGE);
    /* H = 0: one entry and its until. */
    tk_count(fd_schedule(f, t, now, 0, 5, texts, sizeof texts, ends, froms, &n, &until) == FD_OK && n == 1 &&
             froms[0] == now && until == now + 30000);
    /* A relative label of one second ago over the longest horizon: it stops at the entry that changes after a year. */
    tk_count(fd_schedule(f, now - 1000, now, FD_SCHEDULE_MAX_HORIZON_MS, MAX_ENTRIES, texts, sizeof texts, ends, froms,
                         &n, &until) == FD_OK &&
             n < MAX_ENTRIES && until >= now + FD_SCHEDULE_MAX_HORIZON_MS &&
             froms[n - 1] < now + FD_SCHEDULE_MAX_HORIZON_MS);
    fd_formatter_free(f);
    /* A countdown in tenths stops at max_entries: 2,000 ticks. */
    fd_options_init(&o, FD_STYLE_COUNTDOWN);
    o.locale = "en_US";
    o.time_zone = "UTC";
    if (fd_formatter_new(&o, &f) != FD_OK) {
        tk_fail("fd_formatter_new (countdown) failed");
        return;
    }
    fd_status s = fd_schedule(f, now + 600000, now, FD_SCHEDULE_MAX_HORIZON_MS, MAX_ENTRIES, texts, sizeof texts, ends,
                              froms, &n, &until);
    if (!tk_count(s == FD_OK && n == MAX_ENTRIES && froms[1] == now + 100 && until == froms[n - 1] + 100))
        tk_fail("countdown: status %d, n %zu, until %lld", (int)s, n, (long long)until);
    fd_formatter_free(f);
}

/* ---- an independent implementation of SPEC 11, from fd_format alone ---- */

/* Appends the wire escape of s[0..n) to out (SPEC 11: only \" \\ \b \f \n \r \t
   and other U+0000..U+001F as \u00xx). Returns the new length. */
static size_t escape(char *out, size_t at, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        const char *e = c == '"'    ? "\\\""
                        : c == '\\' ? "\\\\"
                        : c == '\b' ? "\\b"
                        : c == '\f' ? "\\f"
                        : c == '\n' ? "\\n"
                        : c == '\r' ? "\\r"
                        : c == '\t' ? "\\t"
                                    : NULL;
        if (e)
            at += (size_t)sprintf(out + at, "%s", e);
        else if (c < 0x20)
            at += (size_t)sprintf(out + at, "\\u%04x", c);
        else
            out[at++] = (char)c;
    }
    return at;
}

static uint64_t rng = 0x5EED5EEDULL;
static uint64_t next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* Random formatters with the 1.1 options, random t, now, horizon and max_entries:
   the wire bytes must equal the ones built here from fd_format and its next changes. */
static void check_random(size_t cases)
{
    static const char *const locales[] = {"zh_CN", "en_US", "de", "ar_EG", "ja_JP", "fr", "ru", "hi"};
    static const char *const zones[] = {"Asia/Shanghai", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe",
                                        "UTC"};
    static char want[1 << 20];
    size_t bad = 0;
    for (size_t k = 0; k < cases; k++) {
        fd_options o;
        fd_options_init(&o, (fd_style)(next_rand() % (unsigned)fdn_count(fdn_style)));
        o.locale = locales[next_rand() % 8];
        o.time_zone = zones[next_rand() % 5];
        o.recent_relative = (int32_t)(next_rand() % 2);
        o.plain_spaces = (int32_t)(next_rand() % 2);
        o.spoken = next_rand() % 4 == 0;
        o.overtime = (int32_t)(next_rand() % 2);
        o.max_unit = (fd_unit)(next_rand() % (unsigned)fdn_count(fdn_unit));
        o.precision = (int32_t)(next_rand() % 4);
        o.countdown_days = (int32_t)(next_rand() % 2);
        if (next_rand() % 4 == 0)
            o.just_now_text = "a \"quoted\\ word\"";
        fd_formatter *f = NULL;
        if (fd_formatter_new(&o, &f) != FD_OK) {
            tk_fail("random %zu: fd_formatter_new: %s", k, fd_last_error());
            bad++;
            continue;
        }
        int64_t now = 1711348200000LL + (int64_t)(next_rand() % 800000000000ULL) - 400000000000LL;
        int64_t span = (int64_t[]){120000LL, 86400000LL, 40LL * 86400000LL, 800LL * 86400000LL}[next_rand() % 4];
        int64_t t = now + (int64_t)(next_rand() % (uint64_t)(2 * span)) - span;
        int64_t horizon = (int64_t[]){0, 60000, 3600000, 86400000, 30LL * 86400000LL}[next_rand() % 5];
        size_t max = (size_t[]){1, 2, 5, 50, 500}[next_rand() % 5];
        size_t length = 0;
        fd_status s = fd_schedule_json(f, t, now, horizon, max, json, sizeof json, &length);
        /* The independent walk. */
        size_t at = (size_t)sprintf(want, "{\"v\":1,\"now\":%lld,\"labels\":[", (long long)now);
        int64_t from = now, previous = now, until = FD_NEVER;
        for (size_t i = 0; i < max; i++) {
            char label[FD_LABEL_CAPACITY];
            fd_label info;
            if (fd_format(f, t, from, label, sizeof label, &info) != FD_OK) {
                until = -1;
                break;
            }
            at += (size_t)sprintf(want + at, "%s[\"", i ? "," : "");
            at = escape(want, at, label, info.length);
            at += (size_t)sprintf(want + at, "\",%lld]", (long long)(from - previous));
            previous = from;
            until = info.next_change_ms;
            if (until == FD_NEVER || until >= now + horizon)
                break;
            from = until;
        }
        if (until == FD_NEVER)
            at += (size_t)sprintf(want + at, "],\"until\":null}");
        else
            at += (size_t)sprintf(want + at, "],\"until\":%lld}", (long long)until);
        if (until == -1) {
            if (s == FD_OK) {
                tk_fail("random %zu: fd_format failed where fd_schedule_json did not", k);
                bad++;
            }
        } else if (s != FD_OK || length != at || memcmp(json, want, at) != 0) {
            if (bad++ < 5) {
                tk_fail("random %zu: style %d %s %s t=%lld now=%lld horizon=%lld max=%zu: status %d", k, (int)o.style,
                        o.locale, o.time_zone, (long long)t, (long long)now, (long long)horizon, max, (int)s);
                printf("  got:  %.*s\n  want: %.*s\n", (int)(length < 300 ? length : 300), json,
                       (int)(at < 300 ? at : 300), want);
            }
        }
        fd_formatter_free(f);
    }
    tk_count(bad == 0);
    printf("  %zu random schedules with the 1.1 options against an independent walk: %zu differ\n", cases, bad);
}

/*
 * The conversion vectors (Tests/vectors/conversion/conversion-1.3.jsonl, SPEC 11's rule, 1.3): C takes
 * int64 milliseconds only, so it runs the lines that hold no float (the reader takes integers only):
 * each schedule and label line through its t_ms, now_ms and horizon_ms, the milliseconds every
 * binding must pass for it, giving the same wire bytes and text; and each horizon line whose
 * milliseconds are below 0 is FD_ERR_ARGUMENT with the library's message, which bindings pass on.
 */
static void check_conversion(const char *path)
{
    FILE *in = fopen(path, "r");
    if (in == NULL) {
        tk_fail("%s: cannot be read", path);
        return;
    }
    char *text = NULL;
    size_t cap = 0, line = 0, ran = 0;
    ssize_t got;
    while ((got = getline(&text, &cap, in)) > 0) {
        line++;
        if (strstr(text, "\"seconds\":") || strstr(text, "\"millis\":") || strstr(text, "\"since_2001\":"))
            continue;
        json_value v;
        char err[256];
        if (json_parse(text, (size_t)got, &v, err, sizeof err) != 0) {
            tk_fail("%s:%zu: %s", path, line, err);
            continue;
        }
        const json_value *kind = json_get(&v, "case"), *t = json_get(&v, "t_ms"), *now = json_get(&v, "now_ms");
        const json_value *h = json_get(&v, "horizon_ms"), *m = json_get(&v, "max_entries");
        const json_value *want = json_get(&v, "json"), *label = json_get(&v, "text"), *ms = json_get(&v, "expect_ms");
        if (kind && kind->type == JSON_STRING && strcmp(kind->string, "horizon") == 0 && ms && ms->type == JSON_INT) {
            if (ms->integer < 0) {
                fd_options o;
                fd_options_init(&o, FD_STYLE_RELATIVE);
                o.locale = "en_US";
                o.time_zone = "UTC";
                fd_formatter *f = NULL;
                size_t length = 0;
                char expected[128];
                snprintf(expected, sizeof expected, "horizon %lld ms is out of range 0...%lld (366 days)",
                         (long long)ms->integer, (long long)FD_SCHEDULE_MAX_HORIZON_MS);
                CHECK(fd_formatter_new(&o, &f) == FD_OK &&
                          fd_schedule_json(f, 0, 0, ms->integer, 1, json, sizeof json, &length) == FD_ERR_ARGUMENT &&
                          strcmp(fd_last_error(), expected) == 0,
                      "%s:%zu: horizon %lld ms: %s", path, line, (long long)ms->integer, fd_last_error());
                fd_formatter_free(f);
                ran++;
            }
        } else if (kind && kind->type == JSON_STRING &&
                   (strcmp(kind->string, "schedule") == 0 || strcmp(kind->string, "label") == 0)) {
            fd_options o;
            const char *key = NULL, *why = NULL;
            fd_formatter *f = NULL;
            if (!t || t->type != JSON_INT || !now || now->type != JSON_INT ||
                vo_read(&o, json_get(&v, "style")->string, json_get(&v, "options"), &key, &why) != 0 ||
                fd_formatter_new(&o, &f) != FD_OK) {
                tk_fail("%s:%zu: malformed conversion vector", path, line);
            } else if (strcmp(kind->string, "schedule") == 0) {
                size_t length = 0;
                fd_status s = fd_schedule_json(f, t->integer, now->integer, h->integer, (size_t)m->integer, json,
                                               sizeof json, &length);
                CHECK(s == FD_OK && want && length == want->length && memcmp(json, want->string, length) == 0,
                      "%s:%zu: fd_schedule_json (status %d): %s", path, line, (int)s,
                      s == FD_OK ? json : fd_last_error());
            } else {
                char out[FD_LABEL_CAPACITY];
                fd_status s = fd_format(f, t->integer, now->integer, out, sizeof out, NULL);
                CHECK(s == FD_OK && label && strcmp(out, label->string) == 0, "%s:%zu: fd_format (status %d): %s", path,
                      line, (int)s, s == FD_OK ? out : fd_last_error());
            }
            fd_formatter_free(f);
            ran++;
        }
        json_free(&v);
    }
    free(text);
    fclose(in);
    if (!tk_count(ran > 0))
        tk_fail("%s: no conversion vector ran", path);
    printf("  %zu conversion vectors (the integer lines)\n", ran);
    /* The defaults every binding takes from the header (1.3). */
    CHECK(FD_SCHEDULE_DEFAULT_HORIZON_MS == 86400000 && FD_SCHEDULE_DEFAULT_MAX_ENTRIES == 1000,
          "the header's schedule defaults");
}

int main(int argc, char **argv)
{
    char *paths[64];
    size_t files = 0;
    const char *env = getenv("FEEDDATE_SCHEDULE_VECTORS");
    static char list[8192];
    if (env != NULL && env[0] != '\0') {
        snprintf(list, sizeof list, "%s", env);
        for (char *p = strtok(list, ":"); p != NULL && files < 64; p = strtok(NULL, ":"))
            paths[files++] = p;
    } else if (argc > 1) {
        for (int i = 1; i < argc && files < 64; i++)
            paths[files++] = argv[i];
    } else {
        paths[files++] = "Tests/vectors/schedule/schedule-1.2.jsonl";
    }
    size_t lines = 0;
    for (size_t i = 0; i < files; i++) {
        jsonl_file file;
        char err[256];
        if (jsonl_open(&file, paths[i], err, sizeof err) != 0) {
            tk_fail("%s", err);
            continue;
        }
        json_value v;
        int r;
        while ((r = jsonl_next(&file, &v, err, sizeof err)) != 0) {
            if (r < 0) {
                tk_fail("%s:%zu: %s", paths[i], file.line, err);
                continue;
            }
            check_line(&v, paths[i], file.line);
            lines++;
            json_free(&v);
        }
        jsonl_close(&file);
    }
    if (!tk_count(lines > 0))
        tk_fail("no schedule vector was read");
    printf("  %zu schedule vectors\n", lines);
    check_arguments();
    check_conversion("Tests/vectors/conversion/conversion-1.3.jsonl");
    check_random(2000);
    return tk_finish();
}
