/*
 * make_html.c — writes html-1.3.jsonl from cases.jsonl: each case with the
 * library's fd_schedule_html (its "spoken" flag as FD_HTML_SPOKEN) and
 * fd_schedule_script_json added as "html" and "script_json". The rules of
 * the markup are checked by Tests/c/test_html.c against the calls it is
 * made of; this file is what every binding's html and script_json must give
 * byte for byte (SPEC 11, 1.3: "none writes markup or escapes of its own").
 * make html-vectors builds and runs it.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "feeddate.h"
#include "jsonl.h"
#include "vector_options.h"

/* s as a JSON string: " \ and controls escaped, U+2028/9 kept as UTF-8. */
static void json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: make_html CASES.jsonl OUT.jsonl\n");
        return 2;
    }
    jsonl_file file;
    char err[256];
    if (jsonl_open(&file, argv[1], err, sizeof err) != 0) {
        fprintf(stderr, "make_html: %s\n", err);
        return 1;
    }
    FILE *out = fopen(argv[2], "w");
    if (out == NULL) {
        perror(argv[2]);
        return 1;
    }
    static char html[1 << 20], script[1 << 20];
    json_value v;
    int r, n = 0;
    while ((r = jsonl_next(&file, &v, err, sizeof err)) != 0) {
        if (r < 0) {
            fprintf(stderr, "%s:%zu: %s\n", argv[1], file.line, err);
            return 1;
        }
        const json_value *style = json_get(&v, "style"), *t = json_get(&v, "t_ms"), *now = json_get(&v, "now_ms");
        const json_value *h = json_get(&v, "horizon_ms"), *m = json_get(&v, "max_entries"),
                         *sp = json_get(&v, "spoken");
        fd_options o;
        const char *key = NULL, *why = NULL;
        if (!style || style->type != JSON_STRING || !t || !now || !h || !m || !sp || sp->type != JSON_BOOL ||
            vo_read(&o, style->string, json_get(&v, "options"), &key, &why) != 0) {
            fprintf(stderr, "%s:%zu: malformed case (%s %s)\n", argv[1], file.line, key ? key : "", why ? why : "");
            return 1;
        }
        fd_formatter *f = NULL;
        size_t length;
        if (fd_formatter_new(&o, &f) != FD_OK ||
            fd_schedule_html(f, t->integer, now->integer, h->integer, (size_t)m->integer,
                             sp->boolean ? FD_HTML_SPOKEN : 0, html, sizeof html, &length) != FD_OK ||
            fd_schedule_script_json(f, t->integer, now->integer, h->integer, (size_t)m->integer, script, sizeof script,
                                    &length) != FD_OK) {
            fprintf(stderr, "%s:%zu: %s\n", argv[1], file.line, fd_last_error());
            return 1;
        }
        fd_formatter_free(f);
        /* The case again, then the two outputs. */
        fprintf(out, "{\"style\": ");
        json_string(out, style->string);
        fprintf(out, ", \"options\": {");
        const json_value *opts = json_get(&v, "options");
        for (size_t i = 0; i < opts->count; i++) {
            const json_member *mm = &opts->members[i];
            fprintf(out, "%s", i ? ", " : "");
            json_string(out, mm->key);
            fprintf(out, ": ");
            if (mm->value.type == JSON_STRING)
                json_string(out, mm->value.string);
            else if (mm->value.type == JSON_BOOL)
                fprintf(out, "%s", mm->value.boolean ? "true" : "false");
            else if (mm->value.type == JSON_INT)
                fprintf(out, "%lld", (long long)mm->value.integer);
            else
                fprintf(out, "null");
        }
        fprintf(out,
                "}, \"t_ms\": %lld, \"now_ms\": %lld, \"horizon_ms\": %lld, \"max_entries\": %lld, \"spoken\": %s, "
                "\"html\": ",
                (long long)t->integer, (long long)now->integer, (long long)h->integer, (long long)m->integer,
                sp->boolean ? "true" : "false");
        json_string(out, html);
        fprintf(out, ", \"script_json\": ");
        json_string(out, script);
        fprintf(out, "}\n");
        json_free(&v);
        n++;
    }
    jsonl_close(&file);
    fclose(out);
    printf("make_html: %d cases into %s\n", n, argv[2]);
    return 0;
}
