/*
 * feeddate_node.c — the N-API addon of the Node binding: the only code that
 * calls libfeeddate.so.1 (include/feeddate.h). index.js gives it the
 * idiomatic shape (the Formatter class, Dates, option names); this file
 * fills fd_options over the library's defaults, calls the library and turns
 * every failing status into an Error carrying `status`, `code` and the
 * message of fd_last_error(), read on this thread right after the call.
 *
 * Exports (all internal to index.js):
 *   create(opts) -> handle      opts: {style: int, locale?, timeZone?, hourCycle?: int, width?: int,
 *                               recentRelative?, justNowMs?, ..., maxUnit?: int, justNowText?, ...};
 *                               absent keys keep the defaults
 *   close(handle)
 *   resolved(handle) -> [locale, timeZone, tzSource]
 *   format(handle, t, now) -> string
 *   label(handle, t, now) -> text; scratch = [next|NaN, dayStart, dayEnd, timeStart, timeEnd, expired]
 *   formatMany(handle, Float64Array ts, now, Float64Array ends) -> all labels in one string;
 *                               ends[i] = UTF-16 end of label i, scratch[0] = earliest next change|NaN
 *   setScratch(Float64Array(8)), versions() -> [version, versionNumber, icuVersion]
 * Offsets in the scratch are UTF-16 indices into the text (JavaScript's).
 */
#define NAPI_VERSION 8
#include <node_api.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "feeddate.h"

/* What a JavaScript formatter object holds: freed by close() or by the GC. */
typedef struct handle {
    fd_formatter *f;
} handle;

/* Per environment (the main thread and each worker load the addon apart). */
typedef struct instance {
    double *scratch;
    napi_ref scratch_ref;
} instance;

static const char *const STATUS_CODES[] = {"FD_OK", "FD_ERR_ARGUMENT", "FD_ERR_LOCALE", "FD_ERR_TIME_ZONE",
                                           "FD_ERR_RANGE", "FD_ERR_BUFFER", "FD_ERR_ICU", "FD_ERR_MEMORY",
                                           "FD_ERR_INTERNAL"};

/* Throws an Error (RangeError for FD_ERR_RANGE) with .status and .code. Returns NULL for the caller to return. */
static napi_value throw_status(napi_env env, int status, const char *message) {
    napi_value msg, code, err, st;
    char unknown[32];
    const char *code_text = unknown;
    if (status >= 0 && status < (int)(sizeof STATUS_CODES / sizeof STATUS_CODES[0])) {
        code_text = STATUS_CODES[status];
    } else {
        snprintf(unknown, sizeof unknown, "FD_ERR_%d", status);
    }
    if (message == NULL || message[0] == '\0') message = fd_status_message((fd_status)status);
    napi_create_string_utf8(env, message, NAPI_AUTO_LENGTH, &msg);
    napi_create_string_utf8(env, code_text, NAPI_AUTO_LENGTH, &code);
    if (status == FD_ERR_RANGE)
        napi_create_range_error(env, code, msg, &err);
    else
        napi_create_error(env, code, msg, &err);
    napi_create_int32(env, status, &st);
    napi_set_named_property(env, err, "status", st);
    napi_throw(env, err);
    return NULL;
}

/* The error of the library call that just failed on this thread. */
static napi_value throw_last(napi_env env, fd_status s) {
    return throw_status(env, (int)s, fd_last_error());
}

/* A binding error (a JavaScript value the C ABI cannot carry), as FD_ERR_ARGUMENT or FD_ERR_RANGE. */
static napi_value throw_fmt(napi_env env, int status, const char *fmt, const char *name, double value) {
    char msg[256];
    snprintf(msg, sizeof msg, fmt, name, value);
    return throw_status(env, status, msg);
}

#define CALL(env, expr)                                                                                  \
    do {                                                                                                 \
        if ((expr) != napi_ok) {                                                                         \
            bool pending = false;                                                                        \
            napi_is_exception_pending((env), &pending);                                                  \
            if (!pending) napi_throw_error((env), NULL, "feeddate: N-API call failed: " #expr);        \
            return NULL;                                                                                 \
        }                                                                                                \
    } while (0)

static napi_value args(napi_env env, napi_callback_info info, size_t want, napi_value *argv) {
    size_t argc = want;
    CALL(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
    if (argc < want) {
        napi_throw_type_error(env, NULL, "feeddate: too few arguments");
        return NULL;
    }
    return argv[0];
}

static fd_formatter *get_formatter(napi_env env, napi_value v) {
    handle *h = NULL;
    if (napi_get_value_external(env, v, (void **)&h) != napi_ok || h == NULL) {
        napi_throw_type_error(env, NULL, "feeddate: not a formatter handle");
        return NULL;
    }
    if (h->f == NULL) {
        napi_throw_error(env, "ERR_FEEDDATE_CLOSED", "feeddate: the formatter is closed");
        return NULL;
    }
    return h->f;
}

/* An instant: a finite number of milliseconds, floored, that an int64_t holds (the library checks its range). */
static int get_instant(napi_env env, napi_value v, const char *name, int64_t *out) {
    double d;
    if (napi_get_value_double(env, v, &d) != napi_ok) {
        throw_status(env, FD_ERR_ARGUMENT, "feeddate: an instant must be a Date or a number of epoch milliseconds");
        return -1;
    }
    if (!isfinite(d)) {
        char msg[160];
        snprintf(msg, sizeof msg, "%s is %s, not an instant: pass a valid Date or finite epoch milliseconds", name,
                 isnan(d) ? "NaN (an invalid Date?)" : d > 0 ? "Infinity" : "-Infinity");
        throw_status(env, FD_ERR_RANGE, msg);
        return -1;
    }
    d = floor(d);
    if (d < -9223372036854775808.0 || d >= 9223372036854775808.0) {
        throw_fmt(env, FD_ERR_RANGE, "instant %s = %.0f ms is outside the range of milliseconds the library takes", name, d);
        return -1;
    }
    *out = (int64_t)d;
    return 0;
}

/* ---- create ---- */

/* Reads opts[key] when present. kind: 's' string (copied into *str), 'b' bool, 'i' int32, 'l' int64. */
static int read_option(napi_env env, napi_value opts, const char *key, const char *js_name, char kind, void *field,
                       char **str) {
    napi_value v;
    napi_valuetype t;
    if (napi_get_named_property(env, opts, key, &v) != napi_ok || napi_typeof(env, v, &t) != napi_ok) return -1;
    if (t == napi_undefined || (kind == 's' && t == napi_null)) return 0;
    char msg[256];
    if (kind == 's') {
        size_t len = 0;
        if (t != napi_string) {
            snprintf(msg, sizeof msg, "option %s must be a string or null", js_name);
            throw_status(env, FD_ERR_ARGUMENT, msg);
            return -1;
        }
        napi_get_value_string_utf8(env, v, NULL, 0, &len);
        *str = malloc(len + 1);
        if (*str == NULL) {
            throw_status(env, FD_ERR_MEMORY, "out of memory");
            return -1;
        }
        napi_get_value_string_utf8(env, v, *str, len + 1, &len);
        if (strlen(*str) != len) {
            snprintf(msg, sizeof msg, "option %s contains a NUL character", js_name);
            throw_status(env, FD_ERR_ARGUMENT, msg);
            return -1;
        }
        *(const char **)field = *str;
        return 0;
    }
    if (kind == 'b') {
        bool b;
        if (t != napi_boolean || napi_get_value_bool(env, v, &b) != napi_ok) {
            snprintf(msg, sizeof msg, "option %s must be a boolean", js_name);
            throw_status(env, FD_ERR_ARGUMENT, msg);
            return -1;
        }
        *(int32_t *)field = b ? 1 : 0;
        return 0;
    }
    double d;
    if (t != napi_number || napi_get_value_double(env, v, &d) != napi_ok) {
        snprintf(msg, sizeof msg, "option %s must be a number", js_name);
        throw_status(env, FD_ERR_ARGUMENT, msg);
        return -1;
    }
    double lo = kind == 'i' ? -2147483648.0 : -9223372036854775808.0;
    double hi = kind == 'i' ? 2147483647.0 : 9223372036854775807.0;
    if (d != floor(d) || !(d >= lo && d < hi + 1)) {
        throw_fmt(env, FD_ERR_ARGUMENT, "option %s = %g is not an integer that the option's C type holds", js_name, d);
        return -1;
    }
    if (kind == 'i')
        *(int32_t *)field = (int32_t)d;
    else
        *(int64_t *)field = (int64_t)d;
    return 0;
}

static void finalize_handle(napi_env env, void *data, void *hint) {
    (void)env, (void)hint;
    handle *h = data;
    fd_formatter_free(h->f);
    free(h);
}

static napi_value create(napi_env env, napi_callback_info info) {
    napi_value argv[1], result;
    if (args(env, info, 1, argv) == NULL) return NULL;
    napi_value opts = argv[0];
    int32_t style = 0;
    napi_value sv;
    CALL(env, napi_get_named_property(env, opts, "style", &sv));
    CALL(env, napi_get_value_int32(env, sv, &style));
    fd_options o;
    fd_status s = fd_options_init_sized(&o, sizeof o, (fd_style)style);
    if (s != FD_OK) return throw_last(env, s);
    /* The copies of the string options, freed once the library has copied them. */
    char *strs[6] = {NULL, NULL, NULL, NULL, NULL, NULL};
    int32_t hour_cycle = (int32_t)o.hour_cycle, width = (int32_t)o.width, max_unit = (int32_t)o.max_unit;
    int bad = read_option(env, opts, "locale", "locale", 's', &o.locale, &strs[0]) ||
              read_option(env, opts, "timeZone", "timeZone", 's', &o.time_zone, &strs[1]) ||
              read_option(env, opts, "hourCycle", "hourCycle", 'i', &hour_cycle, NULL) ||
              read_option(env, opts, "width", "width", 'i', &width, NULL) ||
              read_option(env, opts, "recentRelative", "recentRelative", 'b', &o.recent_relative, NULL) ||
              read_option(env, opts, "justNowMs", "justNowMs", 'l', &o.just_now_ms, NULL) ||
              read_option(env, opts, "skewToleranceMs", "skewToleranceMs", 'l', &o.skew_tolerance_ms, NULL) ||
              read_option(env, opts, "crossYearGraceDays", "crossYearGraceDays", 'i', &o.cross_year_grace_days, NULL) ||
              read_option(env, opts, "weekdayWindowDays", "weekdayWindowDays", 'i', &o.weekday_window_days, NULL) ||
              read_option(env, opts, "precision", "precision", 'i', &o.precision, NULL) ||
              read_option(env, opts, "countdownDays", "countdownDays", 'b', &o.countdown_days, NULL) ||
              read_option(env, opts, "plainSpaces", "plainSpaces", 'b', &o.plain_spaces, NULL) ||
              read_option(env, opts, "spoken", "spoken", 'b', &o.spoken, NULL) ||
              read_option(env, opts, "overtime", "overtime", 'b', &o.overtime, NULL) ||
              read_option(env, opts, "maxUnit", "maxUnit", 'i', &max_unit, NULL) ||
              read_option(env, opts, "justNowText", "justNowText", 's', &o.just_now_text, &strs[2]) ||
              read_option(env, opts, "yesterdayText", "yesterdayText", 's', &o.yesterday_text, &strs[3]) ||
              read_option(env, opts, "dayBeforeYesterdayText", "dayBeforeYesterdayText", 's',
                          &o.day_before_yesterday_text, &strs[4]) ||
              read_option(env, opts, "tomorrowText", "tomorrowText", 's', &o.tomorrow_text, &strs[5]);
    o.hour_cycle = (fd_hour_cycle)hour_cycle;
    o.width = (fd_width)width;
    o.max_unit = (fd_unit)max_unit;
    fd_formatter *f = NULL;
    if (!bad) s = fd_formatter_new(&o, &f);
    for (size_t i = 0; i < sizeof strs / sizeof strs[0]; i++) free(strs[i]);
    if (bad) return NULL;
    if (s != FD_OK) return throw_last(env, s);
    handle *h = malloc(sizeof *h);
    if (h == NULL) {
        fd_formatter_free(f);
        return throw_status(env, FD_ERR_MEMORY, "out of memory");
    }
    h->f = f;
    if (napi_create_external(env, h, finalize_handle, NULL, &result) != napi_ok) {
        fd_formatter_free(f);
        free(h);
        napi_throw_error(env, NULL, "feeddate: napi_create_external failed");
        return NULL;
    }
    return result;
}

static napi_value close_handle(napi_env env, napi_callback_info info) {
    napi_value argv[1];
    if (args(env, info, 1, argv) == NULL) return NULL;
    handle *h = NULL;
    CALL(env, napi_get_value_external(env, argv[0], (void **)&h));
    if (h != NULL) {
        fd_formatter_free(h->f);
        h->f = NULL;
    }
    return NULL;
}

static napi_value resolved(napi_env env, napi_callback_info info) {
    napi_value argv[1], arr, v;
    if (args(env, info, 1, argv) == NULL) return NULL;
    fd_formatter *f = get_formatter(env, argv[0]);
    if (f == NULL) return NULL;
    const char *parts[3] = {fd_formatter_locale(f), fd_formatter_time_zone(f), fd_formatter_tz_source(f)};
    CALL(env, napi_create_array_with_length(env, 3, &arr));
    for (uint32_t i = 0; i < 3; i++) {
        CALL(env, napi_create_string_utf8(env, parts[i], NAPI_AUTO_LENGTH, &v));
        CALL(env, napi_set_element(env, arr, i, v));
    }
    return arr;
}

/* ---- format, label, formatMany ---- */

static napi_value format(napi_env env, napi_callback_info info) {
    napi_value argv[3], result;
    if (args(env, info, 3, argv) == NULL) return NULL;
    fd_formatter *f = get_formatter(env, argv[0]);
    int64_t t, now;
    if (f == NULL || get_instant(env, argv[1], "t", &t) || get_instant(env, argv[2], "now", &now)) return NULL;
    char buf[FD_LABEL_CAPACITY];
    fd_status s = fd_format(f, t, now, buf, sizeof buf, NULL); /* no info: the next change is not worked out */
    if (s != FD_OK) return throw_last(env, s);
    CALL(env, napi_create_string_utf8(env, buf, NAPI_AUTO_LENGTH, &result));
    return result;
}

/* The UTF-16 index of a byte offset into UTF-8 text. */
static double utf16_index(const char *text, size_t offset) {
    size_t units = 0;
    for (size_t i = 0; i < offset; i++) {
        unsigned char b = (unsigned char)text[i];
        if ((b & 0xC0) != 0x80) units += b >= 0xF0 ? 2 : 1;
    }
    return (double)units;
}

static double next_change(int64_t ms) {
    return ms == FD_NEVER ? NAN : (double)ms;
}

static instance *get_instance(napi_env env) {
    instance *in = NULL;
    if (napi_get_instance_data(env, (void **)&in) != napi_ok || in == NULL || in->scratch == NULL) {
        napi_throw_error(env, NULL, "feeddate: setScratch was not called");
        return NULL;
    }
    return in;
}

static napi_value label(napi_env env, napi_callback_info info) {
    napi_value argv[3], result;
    if (args(env, info, 3, argv) == NULL) return NULL;
    instance *in = get_instance(env);
    fd_formatter *f = in ? get_formatter(env, argv[0]) : NULL;
    int64_t t, now;
    if (f == NULL || get_instant(env, argv[1], "t", &t) || get_instant(env, argv[2], "now", &now)) return NULL;
    char buf[FD_LABEL_CAPACITY];
    fd_label l;
    fd_status s = fd_format(f, t, now, buf, sizeof buf, &l);
    if (s != FD_OK) return throw_last(env, s);
    double *out = in->scratch;
    out[0] = next_change(l.next_change_ms);
    out[1] = utf16_index(buf, l.day_offset);
    out[2] = utf16_index(buf, l.day_offset + l.day_length);
    out[3] = utf16_index(buf, l.time_offset);
    out[4] = utf16_index(buf, l.time_offset + l.time_length);
    out[5] = l.expired ? 1 : 0;
    CALL(env, napi_create_string_utf8(env, buf, l.length, &result));
    return result;
}

/* format_many's first guess of UTF-8 bytes per label; a larger need costs one more call. */
#define MANY_BYTES_PER_LABEL 32

static napi_value format_many(napi_env env, napi_callback_info info) {
    napi_value argv[4], result = NULL;
    if (args(env, info, 4, argv) == NULL) return NULL;
    instance *in = get_instance(env);
    fd_formatter *f = in ? get_formatter(env, argv[0]) : NULL;
    int64_t now;
    if (f == NULL || get_instant(env, argv[2], "now", &now)) return NULL;
    napi_typedarray_type type;
    size_t n;
    void *data;
    if (napi_get_typedarray_info(env, argv[1], &type, &n, &data, NULL, NULL) != napi_ok || type != napi_float64_array) {
        napi_throw_type_error(env, NULL, "feeddate: formatMany needs a Float64Array");
        return NULL;
    }
    const double *ds = data;
    double *out_ends;
    size_t n_ends;
    if (napi_get_typedarray_info(env, argv[3], &type, &n_ends, &data, NULL, NULL) != napi_ok ||
        type != napi_float64_array || n_ends < n) {
        napi_throw_type_error(env, NULL, "feeddate: formatMany needs a Float64Array for the ends");
        return NULL;
    }
    out_ends = data;
    int64_t *ts = malloc((n ? n : 1) * sizeof *ts);
    size_t *ends = malloc((n ? n : 1) * sizeof *ends);
    size_t cap = n * MANY_BYTES_PER_LABEL + 64;
    char *buf = malloc(cap);
    if (ts == NULL || ends == NULL || buf == NULL) {
        throw_status(env, FD_ERR_MEMORY, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < n; i++) {
        double d = ds[i];
        if (isfinite(d) && d >= -9223372036854775808.0 && d < 9223372036854775808.0) {
            ts[i] = (int64_t)floor(d);
            continue;
        }
        /* Not finite or too large for int64_t: get_instant's error, naming this element. */
        char name[48];
        napi_value el;
        snprintf(name, sizeof name, "ts[%zu]", i);
        if (napi_create_double(env, d, &el) == napi_ok) get_instant(env, el, name, &ts[i]);
        goto done;
    }
    int64_t next = FD_NEVER;
    fd_status s = fd_format_many(f, ts, n, now, buf, cap, ends, &next);
    if (s == FD_ERR_BUFFER && n > 0 && ends[n - 1] >= cap) {
        cap = ends[n - 1] + 1;
        char *grown = realloc(buf, cap);
        if (grown == NULL) {
            throw_status(env, FD_ERR_MEMORY, "out of memory");
            goto done;
        }
        buf = grown;
        s = fd_format_many(f, ts, n, now, buf, cap, ends, &next);
    }
    if (s != FD_OK) {
        throw_last(env, s);
        goto done;
    }
    /* One string for all the labels (JavaScript slices it: no string per label is made here), and
     * each label's end as a UTF-16 index into it. */
    size_t total = n ? ends[n - 1] : 0, units = 0, byte = 0;
    for (size_t i = 0; i < n; i++) {
        for (; byte < ends[i]; byte++) {
            unsigned char b = (unsigned char)buf[byte];
            if ((b & 0xC0) != 0x80) units += b >= 0xF0 ? 2 : 1;
        }
        out_ends[i] = (double)units;
    }
    if (napi_create_string_utf8(env, buf, total, &result) != napi_ok) {
        result = NULL;
        napi_throw_error(env, NULL, "feeddate: could not make the string of labels");
        goto done;
    }
    in->scratch[0] = next_change(next);
done:
    free(ts);
    free(ends);
    free(buf);
    return result;
}

/* ---- module ---- */

static void finalize_instance(napi_env env, void *data, void *hint) {
    (void)hint;
    instance *in = data;
    if (in->scratch_ref != NULL) napi_delete_reference(env, in->scratch_ref);
    free(in);
}

static napi_value set_scratch(napi_env env, napi_callback_info info) {
    napi_value argv[1];
    if (args(env, info, 1, argv) == NULL) return NULL;
    instance *in = NULL;
    CALL(env, napi_get_instance_data(env, (void **)&in));
    napi_typedarray_type type;
    size_t n;
    void *data;
    if (napi_get_typedarray_info(env, argv[0], &type, &n, &data, NULL, NULL) != napi_ok || type != napi_float64_array ||
        n < 8) {
        napi_throw_type_error(env, NULL, "feeddate: setScratch needs a Float64Array(8)");
        return NULL;
    }
    if (in->scratch_ref != NULL) napi_delete_reference(env, in->scratch_ref);
    CALL(env, napi_create_reference(env, argv[0], 1, &in->scratch_ref)); /* keeps the memory alive */
    in->scratch = data;
    return NULL;
}

static napi_value versions(napi_env env, napi_callback_info info) {
    (void)info;
    napi_value arr, v;
    CALL(env, napi_create_array_with_length(env, 3, &arr));
    CALL(env, napi_create_string_utf8(env, fd_version_string(), NAPI_AUTO_LENGTH, &v));
    CALL(env, napi_set_element(env, arr, 0, v));
    CALL(env, napi_create_uint32(env, fd_version(), &v));
    CALL(env, napi_set_element(env, arr, 1, v));
    CALL(env, napi_create_string_utf8(env, fd_icu_version(), NAPI_AUTO_LENGTH, &v));
    CALL(env, napi_set_element(env, arr, 2, v));
    return arr;
}

NAPI_MODULE_INIT() {
    instance *in = calloc(1, sizeof *in);
    if (in == NULL || napi_set_instance_data(env, in, finalize_instance, NULL) != napi_ok) {
        free(in);
        napi_throw_error(env, NULL, "feeddate: out of memory");
        return NULL;
    }
    napi_property_descriptor props[] = {
        {"create", NULL, create, NULL, NULL, NULL, napi_default, NULL},
        {"close", NULL, close_handle, NULL, NULL, NULL, napi_default, NULL},
        {"resolved", NULL, resolved, NULL, NULL, NULL, napi_default, NULL},
        {"format", NULL, format, NULL, NULL, NULL, napi_default, NULL},
        {"label", NULL, label, NULL, NULL, NULL, napi_default, NULL},
        {"formatMany", NULL, format_many, NULL, NULL, NULL, napi_default, NULL},
        {"setScratch", NULL, set_scratch, NULL, NULL, NULL, napi_default, NULL},
        {"versions", NULL, versions, NULL, NULL, NULL, napi_default, NULL},
    };
    if (napi_define_properties(env, exports, sizeof props / sizeof props[0], props) != napi_ok) return NULL;
    return exports;
}
