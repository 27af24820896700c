/*
 * seed_api.c — writes the seed corpus of fuzz_api from the shared vectors.
 *
 *   seed_api VECTORS.jsonl OUTDIR
 *
 * One seed per vector line (OUTDIR/vector-NNNN): the vector's exact options
 * (style, locale, zone and every option it sets), then
 *   FORMAT (t, now) with a full buffer, FORMAT (t, now) with exactly the
 *   bytes needed (no room for the NUL), MANY at now over t, t - 1 min,
 *   t - 1 day with the total needed + 1, and MISC;
 * in the byte format of fuzz_api.h, so the fuzzer starts from every rule the
 * vectors reach. Seeds are generated (not committed) so they follow the
 * vectors and the input format; they live under build/ (gitignored).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "feeddate.h"
#include "fd_names.h"
#include "fuzz_api.h"
#include "jsonl.h"

/* The integer of option key, a bool as 0/1, an enum by its names; -1000 when absent. */
static int64_t option(const json_value *opts, const char *key, fdn_list names)
{
    const json_value *v = json_get(opts, key);
    if (v == NULL)
        return -1000;
    if (v->type == JSON_INT)
        return v->integer;
    if (v->type == JSON_BOOL)
        return v->boolean;
    if (v->type == JSON_STRING && names != NULL)
        return fdn_value(names, v->string);
    return -1000;
}

static void put_option(fz_writer *w, int64_t v)
{
    if (v == -1000)
        fz_put_u8(w, FZ_INT_DEFAULT);
    else
        fz_put_int(w, v);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: seed_api VECTORS.jsonl OUTDIR\n");
        return 2;
    }
    jsonl_file file;
    char err[256];
    if (jsonl_open(&file, argv[1], err, sizeof err) != 0) {
        fprintf(stderr, "seed_api: %s\n", err);
        return 1;
    }
    json_value v;
    int r, written = 0, long_written = 0;
    while ((r = jsonl_next(&file, &v, err, sizeof err)) != 0) {
        if (r < 0) {
            fprintf(stderr, "seed_api: line %zu: %s\n", file.line, err);
            return 1;
        }
        const json_value *style = json_get(&v, "style"), *opts = json_get(&v, "options");
        const json_value *t = json_get(&v, "t_ms"), *now = json_get(&v, "now_ms");
        int s = style && style->type == JSON_STRING ? fdn_value(fdn_style, style->string) : -1;
        if (s < 0 || opts == NULL || t == NULL || now == NULL || t->type != JSON_INT || now->type != JSON_INT) {
            fprintf(stderr, "seed_api: line %zu: not a vector\n", file.line);
            return 1;
        }
        const json_value *locale = json_get(opts, "locale"), *tz = json_get(opts, "tz");
        uint8_t bytes[1024];
        fz_writer w = {bytes, 0, sizeof bytes};
        fz_put_u8(&w, (uint8_t)(written % 4 == 0 ? FZ_EXACT_ALLOC : 0));
        fz_put_u8(&w, FZ_INT_DEFAULT); /* size */
        fz_put_int(&w, s);
        put_option(&w, option(opts, "hour_cycle", fdn_hour_cycle));
        put_option(&w, option(opts, "width", fdn_width));
        put_option(&w, option(opts, "recent_relative", NULL));
        put_option(&w, option(opts, "just_now_ms", NULL));
        put_option(&w, option(opts, "skew_tolerance_ms", NULL));
        put_option(&w, option(opts, "cross_year_grace_days", NULL));
        put_option(&w, option(opts, "weekday_window_days", NULL));
        put_option(&w, option(opts, "precision", NULL));
        put_option(&w, option(opts, "countdown_days", NULL));
        fz_put_str(&w, locale && locale->type == JSON_STRING ? locale->string : NULL);
        fz_put_str(&w, tz && tz->type == JSON_STRING ? tz->string : NULL);
        put_option(&w, option(opts, "plain_spaces", NULL));
        put_option(&w, option(opts, "spoken", NULL));
        put_option(&w, option(opts, "overtime", NULL));
        put_option(&w, option(opts, "max_unit", fdn_unit));
        static const char *const WORDS[] = {"just_now_text", "yesterday_text", "day_before_yesterday_text",
                                            "tomorrow_text"};
        for (int i = 0; i < 4; i++) {
            const json_value *word = json_get(opts, WORDS[i]);
            fz_put_str(&w, word && word->type == JSON_STRING ? word->string : NULL);
        }

        fz_put_u8(&w, FZ_OP_FORMAT);
        fz_put_instant(&w, now->integer);
        fz_put_instant(&w, t->integer);
        fz_put_u8(&w, FZ_CAP_FULL);

        fz_put_u8(&w, FZ_OP_FORMAT);
        fz_put_instant(&w, now->integer);
        fz_put_instant(&w, t->integer);
        fz_put_u8(&w, FZ_CAP_NEED);

        fz_put_u8(&w, FZ_OP_MANY);
        fz_put_instant(&w, now->integer);
        fz_put_u8(&w, 3);
        fz_put_instant(&w, t->integer);
        fz_put_instant(&w, t->integer - 60000);
        fz_put_instant(&w, t->integer - 86400000);
        fz_put_u8(&w, FZ_CAP_NEED_PLUS1);

        /* A schedule in one of its forms (1.3): json, html, spoken html, script JSON by turn. The
         * first countdown of a file (not spoken: 10x slower a label) asks for an hour in
         * FD_SCHEDULE_MAX_ENTRIES entries, as json: a form of 60 to 690 KB (the harness once took
         * any form past 4096 bytes for unterminated). */
        int long_form = s == FD_STYLE_COUNTDOWN && option(opts, "spoken", NULL) != 1 && !long_written;
        long_written |= long_form;
        fz_put_u8(&w, FZ_OP_SCHEDULE);
        fz_put_instant(&w, now->integer);
        fz_put_instant(&w, t->integer);
        fz_put_u8(&w, (uint8_t)(long_form ? 3 : written % 2 ? 4 : 2)); /* an hour, a day, or a minute */
        fz_put_u8(&w, long_form ? 0xF0 : 16);                          /* FZ_ENTRY_EDGES[0], or 16 */
        fz_put_u8(&w, (uint8_t)(long_form ? 0 : written % 4));         /* the long one: fd_schedule_json */
        fz_put_u8(&w, written % 3 ? FZ_CAP_FULL : FZ_CAP_NEED);

        fz_put_u8(&w, FZ_OP_MISC);
        fz_put_le(&w, (uint64_t)(written % 9), 4);
        fz_put_le(&w, (uint64_t)s, 4);

        char path[4096];
        const char *base = strrchr(argv[1], '/') ? strrchr(argv[1], '/') + 1 : argv[1];
        const char *ext = strstr(base, ".jsonl");
        snprintf(path, sizeof path, "%s/%.*s-%04zu", argv[2], (int)(ext ? (size_t)(ext - base) : strlen(base)), base,
                 file.line);
        FILE *fp = fopen(path, "wb");
        if (fp == NULL || fwrite(bytes, 1, w.n, fp) != w.n || fclose(fp) != 0) {
            fprintf(stderr, "seed_api: cannot write %s\n", path);
            return 1;
        }
        written++;
        json_free(&v);
    }
    jsonl_close(&file);
    printf("seed_api: %d seeds from %s in %s\n", written, argv[1], argv[2]);
    return written > 0 ? 0 : 1;
}
