/*
 * test_html.c — fd_schedule_html and fd_schedule_script_json (SPEC 11,
 * "Semantics and screen readers" and "Script context", 1.3): every part of
 * the markup against the calls it is made of (fd_format of a FEED_DETAIL
 * formatter for the title, fd_schedule_json for each wire, fd_format at now
 * for the text), the escapes of every attribute and of the text, datetime at
 * both ends of the range and in zones whose offsets have seconds, the spoken
 * flag, the script form's escapes, and the buffer contract.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "feeddate.h"
#include "jsonl.h"
#include "testkit.h"
#include "vector_options.h"

#define BIG 65536
static char got[BIG], want[BIG], part[BIG];

/* s escaped as the markup escapes attribute values and text. */
static void escape(const char *s, char *out, size_t cap)
{
    size_t n = 0;
    for (; *s && n + 7 < cap; s++) {
        const char *r = NULL;
        switch (*s) {
        case '&': r = "&amp;"; break;
        case '<': r = "&lt;"; break;
        case '>': r = "&gt;"; break;
        case '"': r = "&quot;"; break;
        case '\'': r = "&#39;"; break;
        }
        if (r) {
            memcpy(out + n, r, strlen(r));
            n += strlen(r);
        } else
            out[n++] = *s;
    }
    out[n] = '\0';
}

static fd_formatter *make(fd_style style, const char *locale, const char *zone, int spoken, const char *just_now)
{
    fd_options o;
    fd_options_init(&o, style);
    o.locale = locale;
    o.time_zone = zone;
    o.spoken = spoken;
    o.just_now_text = just_now;
    fd_formatter *f = NULL;
    if (fd_formatter_new(&o, &f) != FD_OK) {
        tk_fail("fd_formatter_new(%d, %s, %s): %s", (int)style, locale, zone, fd_last_error());
        return NULL;
    }
    return f;
}

/* The markup as SPEC 11 builds it from the other calls. */
static int expected(fd_style style, const char *locale, const char *zone, const char *just_now, int64_t t, int64_t now,
                    int64_t horizon, size_t max_entries, unsigned flags, const char *stamp, char *out, size_t cap)
{
    fd_formatter *f = make(style, locale, zone, 0, just_now),
                 *detail = make(FD_STYLE_FEED_DETAIL, locale, zone, 0, just_now);
    fd_formatter *spoken = make(style, locale, zone, 1, just_now);
    int ok = f && detail && spoken;
    char text[FD_LABEL_CAPACITY], title[FD_LABEL_CAPACITY];
    static char wire[BIG], spoken_wire[BIG], e_title[4096], e_text[4096], e_wire[BIG], e_spoken[BIG];
    size_t length;
    ok = ok && fd_format(detail, t, now, title, sizeof title, NULL) == FD_OK;
    ok = ok && fd_format(f, t, now, text, sizeof text, NULL) == FD_OK;
    ok = ok && fd_schedule_json(f, t, now, horizon, max_entries, wire, sizeof wire, &length) == FD_OK;
    ok =
        ok && fd_schedule_json(spoken, t, now, horizon, max_entries, spoken_wire, sizeof spoken_wire, &length) == FD_OK;
    if (ok) {
        escape(title, e_title, sizeof e_title);
        escape(text, e_text, sizeof e_text);
        escape(wire, e_wire, sizeof e_wire);
        escape(spoken_wire, e_spoken, sizeof e_spoken);
        const char *pieces[] = {"<time datetime=\"",
                                stamp,
                                "\" title=\"",
                                e_title,
                                "\"><feed-date data-schedule=\"",
                                e_wire,
                                (flags & FD_HTML_SPOKEN) ? "\" data-spoken-schedule=\"" : "",
                                (flags & FD_HTML_SPOKEN) ? e_spoken : "",
                                "\">",
                                e_text,
                                "</feed-date></time>"};
        size_t n = 0;
        for (size_t i = 0; i < sizeof pieces / sizeof pieces[0]; i++) {
            size_t k = strlen(pieces[i]);
            if (n + k >= cap) {
                ok = 0;
                break;
            }
            memcpy(out + n, pieces[i], k);
            n += k;
        }
        out[n] = '\0';
    } else {
        tk_fail("the parts of the expected markup could not be made: %s", fd_last_error());
    }
    fd_formatter_free(f);
    fd_formatter_free(detail);
    fd_formatter_free(spoken);
    return ok;
}

static void check_case(const char *what, fd_style style, const char *locale, const char *zone, const char *just_now,
                       int64_t t, int64_t now, int64_t horizon, size_t max_entries, unsigned flags, const char *stamp)
{
    if (!expected(style, locale, zone, just_now, t, now, horizon, max_entries, flags, stamp, want, sizeof want))
        return;
    fd_formatter *f = make(style, locale, zone, 0, just_now);
    if (f == NULL)
        return;
    size_t length = 0;
    fd_status s = fd_schedule_html(f, t, now, horizon, max_entries, flags, got, sizeof got, &length);
    CHECK(s == FD_OK && length == strlen(want) && strcmp(got, want) == 0,
          "%s: fd_schedule_html (%d)\n  got  %s\n  want %s", what, (int)s, got, want);
    /* Twice: the companions made by the first call give the same. */
    s = fd_schedule_html(f, t, now, horizon, max_entries, flags, got, sizeof got, &length);
    CHECK(s == FD_OK && strcmp(got, want) == 0, "%s: fd_schedule_html again", what);
    fd_formatter_free(f);
}

static void check_markup(void)
{
    const int64_t t = 1711348200000; /* 2024-03-25T06:30:00Z */
    check_case("zh_CN chat list", FD_STYLE_CHAT_LIST, "zh_CN", "Asia/Shanghai", NULL, t, t + 86400000, 86400000, 1000,
               0, "2024-03-25T06:30:00.000Z");
    check_case("en_US relative, spoken", FD_STYLE_RELATIVE, "en_US", "America/New_York", NULL, t, t + 59000, 86400000,
               1000, FD_HTML_SPOKEN, "2024-03-25T06:30:00.000Z");
    check_case("ar relative, spoken, horizon 0", FD_STYLE_RELATIVE, "ar_EG", "Africa/Cairo", NULL, t - 1, t + 3600000,
               0, 1, FD_HTML_SPOKEN, "2024-03-25T06:29:59.999Z");
    check_case("escapes in every value", FD_STYLE_RELATIVE, "en_US", "UTC", "<b>\"T's\" & co</b>", t, t, 86400000, 1000,
               FD_HTML_SPOKEN, "2024-03-25T06:30:00.000Z");
    check_case("the first instant", FD_STYLE_FEED, "en_US", "UTC", NULL, INT64_C(-62135596800000), t, 86400000, 1000, 0,
               "0001-01-01T00:00:00.000Z");
    check_case("the last instant", FD_STYLE_FEED, "de_DE", "Europe/Berlin", NULL, INT64_C(253402300799999), t, 86400000,
               1000, 0, "9999-12-31T23:59:59.999Z");
    check_case("a zone 44 min 30 s behind UTC", FD_STYLE_CHAT_BUBBLE, "en_US", "Africa/Monrovia", NULL, 0, 3600000,
               86400000, 1000, 0, "1970-01-01T00:00:00.000Z");
    check_case("a zone 25 min 21 s behind UTC", FD_STYLE_FEED, "en_IE", "Europe/Dublin", NULL,
               INT64_C(-2208988800000) + 7, INT64_C(-2208988800000) + 86400000, 86400000, 1000, 0,
               "1900-01-01T00:00:00.007Z");
    check_case("before 1970", FD_STYLE_COUNTDOWN, "ja_JP", "Asia/Tokyo", NULL, INT64_C(-1), INT64_C(-60001), 86400000,
               5, FD_HTML_SPOKEN, "1969-12-31T23:59:59.999Z");

    /* The text at now is escaped as the attributes are. */
    fd_formatter *f = make(FD_STYLE_RELATIVE, "en_US", "UTC", 0, "<i>now</i>");
    size_t length = 0;
    if (f) {
        CHECK(fd_schedule_html(f, t, t, 0, 1, 0, got, sizeof got, &length) == FD_OK &&
                  strstr(got, ">&lt;i&gt;now&lt;/i&gt;</feed-date></time>") != NULL && strchr(got, '\'') == NULL,
              "the label at now escaped in the text: %s", got);
        fd_formatter_free(f);
    }
}

static void check_script_json(void)
{
    /* Words with every character the script form escapes: < > & U+2028 U+2029. */
    const char *words = "</script><img src=x onerror=alert(1)>&\xe2\x80\xa8\xe2\x80\xa9";
    fd_formatter *f = make(FD_STYLE_RELATIVE, "en_US", "UTC", 0, words);
    if (f == NULL)
        return;
    const int64_t t = 1711348200000;
    size_t length = 0, plain_length = 0;
    static char plain[BIG];
    CHECK(fd_schedule_json(f, t, t, 86400000, 1000, plain, sizeof plain, &plain_length) == FD_OK, "fd_schedule_json");
    fd_status s = fd_schedule_script_json(f, t, t, 86400000, 1000, got, sizeof got, &length);
    /* The expected text: the plain wire with each of the five replaced. */
    size_t n = 0;
    for (const char *p = plain; *p; p++) {
        const char *r = NULL;
        if (*p == '<')
            r = "\\u003c";
        else if (*p == '>')
            r = "\\u003e";
        else if (*p == '&')
            r = "\\u0026";
        else if (strncmp(p, "\xe2\x80\xa8", 3) == 0) {
            r = "\\u2028";
            p += 2;
        } else if (strncmp(p, "\xe2\x80\xa9", 3) == 0) {
            r = "\\u2029";
            p += 2;
        }
        if (r) {
            memcpy(want + n, r, 6);
            n += 6;
        } else
            want[n++] = *p;
    }
    want[n] = '\0';
    CHECK(s == FD_OK && length == n && strcmp(got, want) == 0, "fd_schedule_script_json (%d)\n  got  %s\n  want %s",
          (int)s, got, want);
    CHECK(strstr(got, "</script") == NULL && strchr(got, '<') == NULL && strchr(got, '>') == NULL &&
              strchr(got, '&') == NULL && strstr(got, "\xe2\x80\xa8") == NULL,
          "no < > & or U+2028 left: %s", got);
    CHECK(strstr(got, "\"\\u003c/script\\u003e\\u003cimg src=x onerror=alert(1)\\u003e\\u0026\\u2028\\u2029\",0]") !=
              NULL,
          "the words escaped: %s", got);
    fd_formatter_free(f);
}

static void check_arguments(void)
{
    fd_formatter *f = make(FD_STYLE_CHAT_LIST, "zh_CN", "Asia/Shanghai", 0, NULL);
    if (f == NULL)
        return;
    const int64_t t = 1711348200000, now = t + 86400000;
    size_t length = 99, needed = 0;
    CHECK(fd_schedule_html(f, t, now, 86400000, 1000, 0, NULL, 0, &needed) == FD_ERR_BUFFER && needed > 100,
          "fd_schedule_html size query: %zu", needed);
    memset(part, '#', sizeof part);
    CHECK(fd_schedule_html(f, t, now, 86400000, 1000, 0, part, needed, &length) == FD_ERR_BUFFER && length == needed &&
              part[0] == '\0' && part[1] == '#',
          "fd_schedule_html into needed bytes (no room for the NUL): FD_ERR_BUFFER, buf[0] NUL only");
    CHECK(fd_schedule_html(f, t, now, 86400000, 1000, 0, part, needed + 1, &length) == FD_OK && length == needed &&
              strlen(part) == needed,
          "fd_schedule_html into needed + 1 bytes");
    CHECK(fd_schedule_html(f, t, now, 86400000, 1000, 2, got, sizeof got, &length) == FD_ERR_ARGUMENT &&
              strstr(fd_last_error(), "FD_HTML_SPOKEN") != NULL,
          "an unknown flag: %s", fd_last_error());
    CHECK(fd_schedule_html(NULL, t, now, 0, 1, 0, got, sizeof got, &length) == FD_ERR_ARGUMENT, "NULL formatter");
    CHECK(fd_schedule_html(f, t, now, 0, 1, 0, NULL, 5, &length) == FD_ERR_ARGUMENT, "NULL buf with cap 5");
    CHECK(fd_schedule_html(f, t, now, 0, 1, 0, got, sizeof got, NULL) == FD_ERR_ARGUMENT, "NULL length");
    CHECK(fd_schedule_html(f, t, now, -1, 1, 0, got, sizeof got, &length) == FD_ERR_ARGUMENT &&
              strstr(fd_last_error(), "horizon -1 ms") != NULL,
          "horizon -1: %s", fd_last_error());
    CHECK(fd_schedule_script_json(f, t, now, 0, (size_t)-3, got, sizeof got, &length) == FD_ERR_ARGUMENT &&
              strcmp(fd_last_error(), "max_entries -3 is out of range 1...100000") == 0,
          "max_entries -3: %s", fd_last_error());
    CHECK(fd_schedule_html(f, INT64_C(-62135596800001), now, 0, 1, 0, got, sizeof got, &length) == FD_ERR_RANGE,
          "t before year 1: %s", fd_last_error());
    CHECK(fd_schedule_script_json(f, t, now, 0, 1, NULL, 0, &needed) == FD_ERR_BUFFER && needed > 20,
          "fd_schedule_script_json size query");
    fd_formatter_free(f);
}

/* The shared cases every binding runs (Tests/vectors/html/html-1.3.jsonl, or
 * FEEDDATE_HTML_VECTORS): the library gives each case's bytes. */
static void check_vectors(void)
{
    const char *path = getenv("FEEDDATE_HTML_VECTORS");
    if (path == NULL || *path == '\0')
        path = "Tests/vectors/html/html-1.3.jsonl";
    jsonl_file file;
    char err[256];
    if (jsonl_open(&file, path, err, sizeof err) != 0) {
        tk_fail("html vectors: %s", err);
        return;
    }
    json_value v;
    int r;
    size_t ran = 0;
    while ((r = jsonl_next(&file, &v, err, sizeof err)) != 0) {
        if (r < 0) {
            tk_fail("%s:%zu: %s", path, file.line, err);
            continue;
        }
        const json_value *style = json_get(&v, "style"), *t = json_get(&v, "t_ms"), *now = json_get(&v, "now_ms");
        const json_value *h = json_get(&v, "horizon_ms"), *m = json_get(&v, "max_entries"),
                         *sp = json_get(&v, "spoken");
        const json_value *html = json_get(&v, "html"), *script = json_get(&v, "script_json");
        fd_options o;
        const char *key = NULL, *why = NULL;
        fd_formatter *f = NULL;
        size_t length = 0;
        if (!style || style->type != JSON_STRING || !t || t->type != JSON_INT || !now || now->type != JSON_INT || !h ||
            h->type != JSON_INT || !m || m->type != JSON_INT || !sp || sp->type != JSON_BOOL || !html ||
            html->type != JSON_STRING || !script || script->type != JSON_STRING ||
            vo_read(&o, style->string, json_get(&v, "options"), &key, &why) != 0) {
            tk_fail("%s:%zu: malformed html vector (%s %s)", path, file.line, key ? key : "", why ? why : "");
        } else if (fd_formatter_new(&o, &f) != FD_OK) {
            tk_fail("%s:%zu: %s", path, file.line, fd_last_error());
        } else {
            fd_status s = fd_schedule_html(f, t->integer, now->integer, h->integer, (size_t)m->integer,
                                           sp->boolean ? FD_HTML_SPOKEN : 0, got, sizeof got, &length);
            CHECK(s == FD_OK && length == html->length && memcmp(got, html->string, length) == 0,
                  "%s:%zu: fd_schedule_html\n  got  %s\n  want %s", path, file.line, got, html->string);
            s = fd_schedule_script_json(f, t->integer, now->integer, h->integer, (size_t)m->integer, got, sizeof got,
                                        &length);
            CHECK(s == FD_OK && length == script->length && memcmp(got, script->string, length) == 0,
                  "%s:%zu: fd_schedule_script_json\n  got  %s\n  want %s", path, file.line, got, script->string);
            ran++;
        }
        fd_formatter_free(f);
        json_free(&v);
    }
    jsonl_close(&file);
    CHECK(ran > 0, "%s: no html vector ran", path);
    printf("  %zu html vectors\n", ran);
}

int main(void)
{
    check_vectors();
    check_markup();
    check_script_json();
    check_arguments();
    return tk_finish();
}
