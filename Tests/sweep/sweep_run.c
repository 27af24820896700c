/*
 * sweep_run.c — the C runner of the label sweep (Tests/sweep/README.md):
 * every formatter of a plan (Tests/sweep/sweep_plan.py) labels every instant
 * of it, one line per label, through whichever libfeeddate.so.1 the loader
 * maps: the build tree's, a .deb's, the tarball's, or an older revision's
 * (make label-changes runs it once per library and compares the lines).
 *
 *   sweep_run PLAN OUT
 *
 * OUT gets "text<TAB>next_change_ms" ("-" when the label never changes) per
 * label, or "!error" when the formatter or the label fails. A summary goes
 * to stderr: the library's file, version and data version, and the counts.
 * Only functions of 1.1 are linked (fd_data_version of 1.3 is looked up), so
 * a library from 1.1 on can run it. Exit 0 after the sweep (whatever the
 * labels), 2 on a usage, plan or output error.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "feeddate.h"
#include "jsonl.h"
#include "vector_options.h"

static int fail(const char *what, const char *detail)
{
    fprintf(stderr, "sweep_run: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc != 3)
        return fail("usage: sweep_run PLAN OUT", NULL);
    char err[512];
    jsonl_file plan;
    if (jsonl_open(&plan, argv[1], err, sizeof err) != 0)
        return fail(argv[1], err);
    json_value header;
    if (jsonl_next(&plan, &header, err, sizeof err) != 1)
        return fail("the plan has no header line", err);
    const json_value *sweep = json_get(&header, "sweep"), *now_v = json_get(&header, "now_ms"),
                     *ts = json_get(&header, "t_ms");
    if (!sweep || sweep->type != JSON_INT || sweep->integer != 1 || !now_v || now_v->type != JSON_INT || !ts ||
        ts->type != JSON_ARRAY)
        return fail("the plan's header is not {\"sweep\": 1, \"now_ms\": ..., \"t_ms\": [...]}", argv[1]);
    for (size_t i = 0; i < ts->count; i++)
        if (ts->items[i].type != JSON_INT)
            return fail("t_ms holds something other than integers", argv[1]);
    const int64_t now = now_v->integer;

    FILE *out = fopen(argv[2], "w");
    if (!out)
        return fail(argv[2], strerror(errno));
    static char buffer[1 << 20];
    setvbuf(out, buffer, _IOFBF, sizeof buffer);

    size_t formatters = 0, labels = 0, errors = 0;
    char text[FD_LABEL_CAPACITY];
    json_value line;
    int got;
    while ((got = jsonl_next(&plan, &line, err, sizeof err)) != 0) {
        if (got < 0)
            return fail("a malformed plan line", err);
        const json_value *style = json_get(&line, "style");
        const char *key = NULL, *why = NULL;
        fd_options o;
        fd_formatter *f = NULL;
        if (!style || style->type != JSON_STRING)
            return fail("a plan line without a style", argv[1]);
        if (vo_read(&o, style->string, json_get(&line, "options"), &key, &why) != 0) {
            fprintf(stderr, "sweep_run: %s, line %zu: %s%s%s\n", argv[1], plan.line, key ? key : "", key ? ": " : "",
                    why);
            return 2;
        }
        fd_status made = fd_formatter_new(&o, &f);
        formatters++;
        for (size_t i = 0; i < ts->count; i++) {
            fd_label label;
            labels++;
            if (made != FD_OK || fd_format(f, ts->items[i].integer, now, text, sizeof text, &label) != FD_OK) {
                errors++;
                fputs("!error\n", out);
            } else if (label.next_change_ms == FD_NEVER) {
                fprintf(out, "%s\t-\n", text);
            } else {
                fprintf(out, "%s\t%lld\n", text, (long long)label.next_change_ms);
            }
        }
        if (f)
            fd_formatter_free(f);
        json_free(&line);
    }
    if (fclose(out) != 0)
        return fail(argv[2], strerror(errno));
    json_free(&header);
    jsonl_close(&plan);

    Dl_info where;
    void *symbol = dlsym(RTLD_DEFAULT, "fd_format");
    const char *file = symbol && dladdr(symbol, &where) && where.dli_fname ? where.dli_fname : "?";
    const char *(*data_version)(void);
    *(void **)(&data_version) = dlsym(RTLD_DEFAULT, "fd_data_version");
    fprintf(stderr, "sweep_run (c): %s (library %s, %s%s): %zu formatters, %zu labels, %zu errors\n", file,
            fd_version_string(), data_version ? "" : "ICU ", data_version ? data_version() : fd_icu_version(),
            formatters, labels, errors);
    return 0;
}
