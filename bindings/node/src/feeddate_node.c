/*
 * feeddate_node.c — the N-API addon of the Node binding: the only code that
 * calls libfeeddate.so.1 (include/feeddate.h). index.js gives it the
 * idiomatic shape (the Formatter class, Dates, option names, the chunks of
 * formatMany); this file fills fd_options over the library's defaults, calls
 * the library and turns every failing status into an Error carrying
 * `status`, `code` and the message of fd_last_error(), read on this thread
 * right after the call.
 *
 * Exports (all internal to index.js):
 *   create(opts) -> handle      opts: {style: int, locale?, timeZone?, hourCycle?: int, width?: int,
 *                               recentRelative?, justNowMs?, ..., maxUnit?: int, justNowText?, ...};
 *                               absent keys keep the defaults
 *   close(handle)
 *   resolved(handle) -> [locale, timeZone, tzSource]
 *   format(handle, t, now) -> string
 *   label(handle, t, now) -> text; scratch = [next|NaN, dayStart, dayEnd, timeStart, timeEnd, expired]
 *   formatMany(handle, Float64Array src, offset, count, now, texts, base, wantBytes) -> earliest next change of
 *                               src[offset .. offset+count) (Infinity: never); label i goes to
 *                               texts[base + i] through store(texts, base, ...labels), index.js's.
 *                               One library call: index.js calls it per chunk. Equal labels of a
 *                               group of MANY_GROUP share one string. wantBytes: scratch[1] = the
 *                               JavaScript heap that the labels' strings would take unshared.
 *   schedule(handle, t, now, horizon, maxEntries, entries, guess) -> the wire form (fd_schedule_json) as a
 *                               string; entry i goes to entries[i] through storeEntries(entries, base,
 *                               text0, start0, text1, start1, ...), index.js's; scratch[0] = until (NaN:
 *                               none), written last. horizon: ms, by SPEC 11's rule (ms_of); maxEntries: an
 *                               integer. guess false: first buffers of one byte (tests: the retries).
 *   html(handle, t, now, horizon, maxEntries, spoken, guess) -> fd_schedule_html's markup (1.3; spoken:
 *                               FD_HTML_SPOKEN) as a string; arguments as schedule's, converted by the
 *                               same code (schedule_args)
 *   scriptJson(handle, t, now, horizon, maxEntries, guess) -> fd_schedule_script_json's wire (1.3), the same
 *   setScratch(Float64Array(8), store, storeEntries) (once per environment),
 *   versions() -> [version, versionNumber, icuVersion, FD_SCHEDULE_MAX_HORIZON_MS, FD_SCHEDULE_MAX_ENTRIES,
 *                               FD_SCHEDULE_DEFAULT_HORIZON_MS, FD_SCHEDULE_DEFAULT_MAX_ENTRIES]
 *   constants() -> {FD_OK: 0, FD_ERR_ARGUMENT: 1, ..., FD_STYLE_FEED: 0, ..., FD_UNIT_SECOND: 6}: the
 *                               header's status codes and enum values (STATUS, STYLES, ... of index.js)
 *   dataVersion() -> fd_data_version() (1.3): asked for only when called, since the library reads
 *                               the zone database's version (and so fixes $TZDIR) when first asked
 *   quote(string) -> fd_quote of the string's WTF-8 (1.3): the quoting of index.js's own messages
 *   benchMany(handle, Float64Array, now, chunk, utf16) -> ns that fd_format_many took alone (benchmarks only)
 * Offsets in the scratch are UTF-16 indices into the text (JavaScript's).
 *
 * Closing (SPEC 10, 1.2). A handle belongs to the environment (main thread or
 * worker) that made it and is only used on that thread. No function below
 * runs JavaScript while it holds the fd_formatter: arguments are converted
 * first, then the handle is taken (busy), the library called, the handle
 * given back, and only then are JavaScript values made (which may run a
 * setter). A close() or finalizer that still found the handle busy would
 * leave the free to the call that gives it back. There is no async work: no
 * call runs on the libuv pool.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime (benchMany) */
#define NAPI_VERSION 8
#include <node_api.h>

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "feeddate.h"

/* What a JavaScript formatter object holds: freed by close() or by the GC. */
typedef struct handle {
    fd_formatter *f; /* NULL once freed */
    uint32_t busy;   /* calls holding f */
    int closed;      /* close() was called: f is freed when busy drops to 0 */
    int finalized;   /* the GC finalized the external: the struct is freed when busy drops to 0 */
} handle;

/* formatMany's memory: the instants, the labels' bytes and ends, the arguments of store, and the
 * label table (slots, and the heap of the string made for each label of a group). Each array
 * holds `*_n` elements; reserve() grows it. */
typedef struct many_buffers {
    int64_t *ts;
    size_t *ends;
    char *buf;
    napi_value *argv;
    uint16_t *units;
    uint32_t *slots;
    size_t *heap;
    size_t ts_n, ends_n, buf_n, argv_n, units_n, slots_n, heap_n;
} many_buffers;

/* Per environment (the main thread and each worker load the addon apart). */
typedef struct instance {
    double *scratch;            /* its memory */
    napi_ref scratch_ref;       /* the Float64Array(8) of index.js, set once */
    napi_ref store_ref;         /* index.js's store(texts, base, ...labels), set with the scratch */
    napi_ref store_entries_ref; /* index.js's storeEntries(entries, base, text, start, ...), the same */
    many_buffers many;          /* formatMany's, kept between calls (fresh memory for each chunk cost ~5 ns a label) */
    int many_busy; /* a formatMany is using them: a call made meanwhile (a setter that store ran) makes its own */
} instance;

static void many_free(many_buffers *m)
{
    free(m->ts);
    free(m->ends);
    free(m->buf);
    free(m->argv);
    free(m->units);
    free(m->slots);
    free(m->heap);
    memset(m, 0, sizeof *m);
}

/* Makes *p hold at least `need` elements of `size` bytes (its content is not kept). 0, or -1 when
 * there is no memory (*p is then as it was). */
static int reserve(void *p, size_t *have, size_t need, size_t size)
{
    void **pp = p;
    if (need <= *have && *pp != NULL)
        return 0;
    if (need == 0)
        need = 1;
    void *q = malloc(need * size);
    if (q == NULL)
        return -1;
    free(*pp);
    *pp = q;
    *have = need;
    return 0;
}

/* The header's status codes and enum values by name, their values the macros' (index.js takes
 * STATUS, STYLES, ... from here through constants(); test/header.test.js checks that every one of
 * the header is here). */
/* clang-format off */
#define FD_CONSTANT(name) {#name, (int)(name)}
/* clang-format on */
static const struct {
    const char *name;
    int value;
} CONSTANTS[] = {
    FD_CONSTANT(FD_OK),
    FD_CONSTANT(FD_ERR_ARGUMENT),
    FD_CONSTANT(FD_ERR_LOCALE),
    FD_CONSTANT(FD_ERR_TIME_ZONE),
    FD_CONSTANT(FD_ERR_RANGE),
    FD_CONSTANT(FD_ERR_BUFFER),
    FD_CONSTANT(FD_ERR_ICU),
    FD_CONSTANT(FD_ERR_MEMORY),
    FD_CONSTANT(FD_ERR_INTERNAL),
    FD_CONSTANT(FD_STYLE_FEED),
    FD_CONSTANT(FD_STYLE_FEED_DETAIL),
    FD_CONSTANT(FD_STYLE_CHAT_LIST),
    FD_CONSTANT(FD_STYLE_CHAT_BUBBLE),
    FD_CONSTANT(FD_STYLE_RELATIVE),
    FD_CONSTANT(FD_STYLE_COMPACT),
    FD_CONSTANT(FD_STYLE_COUNTDOWN),
    FD_CONSTANT(FD_HOUR_CYCLE_LOCALE),
    FD_CONSTANT(FD_HOUR_CYCLE_H23),
    FD_CONSTANT(FD_HOUR_CYCLE_H12),
    FD_CONSTANT(FD_WIDTH_LONG),
    FD_CONSTANT(FD_WIDTH_SHORT),
    FD_CONSTANT(FD_WIDTH_NARROW),
    FD_CONSTANT(FD_UNIT_YEAR),
    FD_CONSTANT(FD_UNIT_MONTH),
    FD_CONSTANT(FD_UNIT_WEEK),
    FD_CONSTANT(FD_UNIT_DAY),
    FD_CONSTANT(FD_UNIT_HOUR),
    FD_CONSTANT(FD_UNIT_MINUTE),
    FD_CONSTANT(FD_UNIT_SECOND),
};
#define N_CONSTANTS (sizeof CONSTANTS / sizeof CONSTANTS[0])

/* Throws an Error (RangeError for FD_ERR_RANGE and FD_ERR_MEMORY) with .status and .code. Returns NULL. */
static napi_value throw_status(napi_env env, int status, const char *message)
{
    napi_value msg, code, err, st;
    char unknown[32];
    const char *code_text = unknown;
    snprintf(unknown, sizeof unknown, "FD_ERR_%d", status);
    for (size_t i = 0; i < N_CONSTANTS; i++) {
        const char *name = CONSTANTS[i].name;
        if (CONSTANTS[i].value == status && (strncmp(name, "FD_ERR_", 7) == 0 || strcmp(name, "FD_OK") == 0))
            code_text = name;
    }
    if (message == NULL || message[0] == '\0')
        message = fd_status_message((fd_status)status);
    napi_create_string_utf8(env, message, NAPI_AUTO_LENGTH, &msg);
    napi_create_string_utf8(env, code_text, NAPI_AUTO_LENGTH, &code);
    if (status == FD_ERR_RANGE || status == FD_ERR_MEMORY)
        napi_create_range_error(env, code, msg, &err);
    else
        napi_create_error(env, code, msg, &err);
    napi_create_int32(env, status, &st);
    napi_set_named_property(env, err, "status", st);
    napi_throw(env, err);
    return NULL;
}

/* The error of the library call that just failed on this thread. */
static napi_value throw_last(napi_env env, fd_status s)
{
    return throw_status(env, (int)s, fd_last_error());
}

/* A message of any length (never cut: the buffer is sized from the message), thrown as throw_status. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static napi_value
throw_msgf(napi_env env, int status, const char *fmt, ...)
{
    va_list ap;
    char small[256];
    va_start(ap, fmt);
    int len = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (len < 0)
        return throw_status(env, status, NULL);
    if ((size_t)len < sizeof small)
        return throw_status(env, status, small);
    char *big = malloc((size_t)len + 1);
    if (big == NULL)
        return throw_status(env, status, NULL); /* the status's own sentence, not a cut one */
    va_start(ap, fmt);
    vsnprintf(big, (size_t)len + 1, fmt, ap);
    va_end(ap);
    throw_status(env, status, big);
    free(big);
    return NULL;
}

/* A number as JavaScript would show it, in at most 24 bytes: the shortest %g that reads back the same
 * ("1e+300", "1.5", "1099511627776"), "NaN", "Infinity", "-Infinity". */
static void number_text(double d, char out[32])
{
    if (isnan(d)) {
        strcpy(out, "NaN");
        return;
    }
    if (isinf(d)) {
        strcpy(out, d > 0 ? "Infinity" : "-Infinity");
        return;
    }
    for (int p = 1; p <= 17; p++) {
        snprintf(out, 32, "%.*g", p, d);
        if (strtod(out, NULL) == d)
            return;
    }
}

/* A UTF-16 string's units u[0..n) as generalized UTF-8 (WTF-8): a pair as its four bytes, a lone
 * surrogate as the three bytes of its code point (0xED 0xA0..0xBF 0x80..0xBF), so that the library
 * sees what the caller passed and words (and quotes, as fd_quote does) its own refusal, instead of
 * a U+FFFD the caller never wrote. out needs 3 * n bytes; returns the bytes written (no NUL). */
static size_t wtf8_of(const uint16_t *u, size_t n, char *out)
{
    unsigned char *o = (unsigned char *)out;
    size_t w = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t cp = u[i];
        if (cp >= 0xD800 && cp <= 0xDBFF && i + 1 < n && u[i + 1] >= 0xDC00 && u[i + 1] <= 0xDFFF) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + ((uint32_t)u[++i] - 0xDC00);
            o[w++] = (unsigned char)(0xF0 | (cp >> 18));
            o[w++] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
            o[w++] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
            o[w++] = (unsigned char)(0x80 | (cp & 0x3F));
        } else if (cp < 0x80) {
            o[w++] = (unsigned char)cp;
        } else if (cp < 0x800) {
            o[w++] = (unsigned char)(0xC0 | (cp >> 6));
            o[w++] = (unsigned char)(0x80 | (cp & 0x3F));
        } else {
            o[w++] = (unsigned char)(0xE0 | (cp >> 12));
            o[w++] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
            o[w++] = (unsigned char)(0x80 | (cp & 0x3F));
        }
    }
    return w;
}

/* bytes[0..n) quoted by the library's one rule (fd_quote, SPEC 7): what every message of the
 * binding's own quotes a value with. out holds FD_QUOTE_CAPACITY bytes, which always fit. */
static void quote_bytes(const char *bytes, size_t n, char out[FD_QUOTE_CAPACITY])
{
    if (fd_quote(bytes, n, out, FD_QUOTE_CAPACITY, NULL) != FD_OK)
        strcpy(out, "\"?\""); /* never */
}

/* After an N-API call failed: the exception it left pending (a setter's, a getter's), else an Error
 * with `message`. Returns NULL. */
static napi_value throw_unless_pending(napi_env env, const char *message)
{
    bool pending = false;
    napi_is_exception_pending(env, &pending);
    if (!pending)
        napi_throw_error(env, NULL, message);
    return NULL;
}

/* expr, an N-API call; when it fails, return `fail` (its error thrown). CALL: return NULL. */
#define CALL_OR(env, expr, fail)                                                \
    do {                                                                        \
        if ((expr) != napi_ok) {                                                \
            throw_unless_pending((env), "feeddate: N-API call failed: " #expr); \
            return (fail);                                                      \
        }                                                                       \
    } while (0)
#define CALL(env, expr) CALL_OR(env, expr, NULL)

static napi_value args(napi_env env, napi_callback_info info, size_t want, napi_value *argv)
{
    size_t argc = want;
    CALL(env, napi_get_cb_info(env, info, &argc, argv, NULL, NULL));
    if (argc < want) {
        napi_throw_type_error(env, NULL, "feeddate: too few arguments");
        return NULL;
    }
    return argv[0];
}

/* ---- handles: taken for the length of a library call, freed when closed and no call holds them ---- */

static handle *get_handle(napi_env env, napi_value v)
{
    handle *h = NULL;
    if (napi_get_value_external(env, v, (void **)&h) != napi_ok || h == NULL) {
        napi_throw_type_error(env, NULL, "feeddate: not a formatter handle");
        return NULL;
    }
    return h;
}

/* The formatter of v, taken: give it back with release(). NULL (thrown) when closed. */
static handle *acquire(napi_env env, napi_value v)
{
    handle *h = get_handle(env, v);
    if (h == NULL)
        return NULL;
    if (h->closed || h->f == NULL) {
        napi_throw_error(env, "ERR_FEEDDATE_CLOSED", "feeddate: the formatter is closed");
        return NULL;
    }
    h->busy++;
    return h;
}

static void release(handle *h)
{
    if (--h->busy > 0)
        return;
    if (h->closed && h->f != NULL) {
        fd_formatter_free(h->f);
        h->f = NULL;
    }
    if (h->finalized)
        free(h);
}

static void finalize_handle(napi_env env, void *data, void *hint)
{
    (void)env, (void)hint;
    handle *h = data;
    h->closed = 1;
    h->finalized = 1;
    if (h->busy > 0)
        return; /* the call in flight frees it (release) */
    fd_formatter_free(h->f);
    free(h);
}

/* SPEC 11's rule (1.3) for a JavaScript number of milliseconds, which is binary floating point:
 * rounded to the nearest microsecond, then floored to the millisecond, the same in every binding
 * (1000.4 is 1000, 62.5 is 62, -0.4 is -1, 999.9996 is 1000). That is floor(d), plus one when d
 * lies within half a microsecond below the next millisecond (its fraction is at least 0.9995; no
 * double is exactly there, so a half decides nothing). Exact: d - floor(d) is exact for d >= 0
 * and d <= -1 (Sterbenz), and a d in (-1, 0) is compared with -0.0005 directly, against the least
 * doubles at or above 0.9995 and -0.0005. False when no int64_t holds it (NaN, the infinities,
 * beyond); no cast is then made (undefined): the caller clamps (instant_ms) or refuses it. No call
 * to floor(): formatMany runs this once a label. */
static inline bool ms_of(double d, int64_t *out)
{
    static const double fraction_up = 0x1.ffbe76c8b4396p-1;   /* 0.9995, rounded up */
    static const double negative_up = -0x1.0624dd2f1a9fbp-11; /* -0.0005, rounded up */
    if (!(isfinite(d) && d >= -9223372036854775808.0 && d < 9223372036854775808.0))
        return false;
    if (d < 0 && d > -1) {
        *out = d >= negative_up ? 0 : -1;
        return true;
    }
    int64_t v = (int64_t)d; /* toward zero, then down: the floor */
    if ((double)v > d)
        v--;
    if (d - (double)v >= fraction_up)
        v++; /* 0 beyond 2^52, where every double is whole */
    *out = v;
    return true;
}

/* An instant in whole milliseconds: a finite number by ms_of, or, past what an int64_t holds, INT64_MAX
 * or INT64_MIN by its sign, so that the library refuses it in its own words for the clamped value
 * (SPEC 11, 1.3: no binding words that range error itself). Only a value with no number to pass,
 * NaN or an infinity, is refused here. */
static inline bool instant_ms(double d, int64_t *out)
{
    if (ms_of(d, out))
        return true;
    if (isnan(d) || isinf(d))
        return false;
    *out = d > 0 ? INT64_MAX : INT64_MIN;
    return true;
}

/* instant_ms, or the binding's own error naming `name` for NaN and the infinities. */
static int instant_of(napi_env env, double d, const char *name, int64_t *out)
{
    if (instant_ms(d, out))
        return 0;
    throw_msgf(env, FD_ERR_RANGE, "%s is %s, not an instant: pass a valid Date or finite epoch milliseconds", name,
               isnan(d) ? "NaN (an invalid Date?)"
               : d > 0  ? "Infinity"
                        : "-Infinity");
    return -1;
}

static int get_instant(napi_env env, napi_value v, const char *name, int64_t *out)
{
    double d;
    if (napi_get_value_double(env, v, &d) != napi_ok) {
        throw_status(env, FD_ERR_ARGUMENT, "feeddate: an instant must be a Date or a number of epoch milliseconds");
        return -1;
    }
    return instant_of(env, d, name, out);
}

/* ---- create ---- */

/* A string option as the library takes it: read as UTF-16 (never V8's UTF-8, which would make a
 * lone surrogate U+FFFD) and passed as WTF-8, so that the library refuses a lone surrogate in its
 * own words, quoting it as its bytes ("\xed\xa0\x80"). Only a NUL is refused here: a C string
 * cannot carry it. */
static int read_string(napi_env env, napi_value v, const char *js_name, char **str)
{
    size_t units = 0;
    if (napi_get_value_string_utf16(env, v, NULL, 0, &units) != napi_ok)
        return -1;
    uint16_t *u = malloc((units + 1) * sizeof *u);
    char *s = malloc(units * 3 + 1);
    int rc = -1;
    if (u == NULL || s == NULL) {
        throw_status(env, FD_ERR_MEMORY, "out of memory");
        goto done;
    }
    if (napi_get_value_string_utf16(env, v, (char16_t *)u, units + 1, &units) != napi_ok)
        goto done;
    size_t w = wtf8_of(u, units, s);
    for (size_t i = 0; i < units; i++) {
        if (u[i] == 0) {
            char quoted[FD_QUOTE_CAPACITY];
            quote_bytes(s, w, quoted);
            throw_msgf(env, FD_ERR_ARGUMENT, "option %s %s contains a NUL character (at UTF-16 index %zu)", js_name,
                       quoted, i);
            goto done;
        }
    }
    s[w] = '\0';
    *str = s;
    s = NULL;
    rc = 0;
done:
    free(u);
    free(s);
    return rc;
}

/* quote(string) -> the string quoted by fd_quote (its WTF-8, a lone surrogate as its three bytes):
 * index.js's messages quote with it. Only the first 69 units are read: their WTF-8 holds the 68
 * bytes fd_quote reads (a unit is at least one byte), and a pair begun at unit 67 is whole. */
#define QUOTE_UNITS 69
static napi_value quote(napi_env env, napi_callback_info info)
{
    napi_value argv[1], result;
    if (args(env, info, 1, argv) == NULL)
        return NULL;
    uint16_t u[QUOTE_UNITS + 1];
    char bytes[QUOTE_UNITS * 3], quoted[FD_QUOTE_CAPACITY];
    size_t units = 0;
    if (napi_get_value_string_utf16(env, argv[0], (char16_t *)u, QUOTE_UNITS + 1, &units) != napi_ok) {
        napi_throw_type_error(env, NULL, "feeddate: quote(string)");
        return NULL;
    }
    quote_bytes(bytes, wtf8_of(u, units, bytes), quoted);
    CALL(env, napi_create_string_utf8(env, quoted, NAPI_AUTO_LENGTH, &result));
    return result;
}

/* Reads opts[key] when present. kind: 's' string (copied into *str), 'b' bool, 'i' int32, 'l' int64
 * milliseconds (a duration, by ms_of). */
static int read_option(napi_env env, napi_value opts, const char *js_name, char kind, void *field, char **str)
{
    napi_value v;
    napi_valuetype t;
    if (napi_get_named_property(env, opts, js_name, &v) != napi_ok || napi_typeof(env, v, &t) != napi_ok)
        return -1;
    if (t == napi_undefined || (kind == 's' && t == napi_null))
        return 0;
    if (kind == 's') {
        if (t != napi_string) {
            throw_msgf(env, FD_ERR_ARGUMENT, "option %s must be a string or null", js_name);
            return -1;
        }
        if (read_string(env, v, js_name, str))
            return -1;
        *(const char **)field = *str;
        return 0;
    }
    if (kind == 'b') {
        bool b;
        if (t != napi_boolean || napi_get_value_bool(env, v, &b) != napi_ok) {
            throw_msgf(env, FD_ERR_ARGUMENT, "option %s must be a boolean", js_name);
            return -1;
        }
        *(int32_t *)field = b ? 1 : 0;
        return 0;
    }
    double d;
    if (t != napi_number || napi_get_value_double(env, v, &d) != napi_ok) {
        throw_msgf(env, FD_ERR_ARGUMENT, "option %s must be a number", js_name);
        return -1;
    }
    if (kind == 'l') {
        /* A duration in milliseconds (justNowMs, skewToleranceMs): SPEC 11's rule, as a horizon. One
         * that no int64_t holds is clamped, and the library refuses it with its own message. */
        if (isnan(d)) {
            throw_msgf(env, FD_ERR_ARGUMENT, "option %s is NaN, not a number of milliseconds", js_name);
            return -1;
        }
        if (!ms_of(d, (int64_t *)field))
            *(int64_t *)field = d > 0 ? INT64_MAX : INT64_MIN;
        return 0;
    }
    double lo = -2147483648.0, hi = 2147483647.0;
    if (d != floor(d) || !(d >= lo && d < hi + 1)) {
        char num[32];
        number_text(d, num);
        throw_msgf(env, FD_ERR_ARGUMENT, "option %s = %s is not an integer that the option's C type holds", js_name,
                   num);
        return -1;
    }
    *(int32_t *)field = (int32_t)d;
    return 0;
}

static napi_value create(napi_env env, napi_callback_info info)
{
    napi_value argv[1], result;
    if (args(env, info, 1, argv) == NULL)
        return NULL;
    napi_value opts = argv[0];
    int32_t style = 0;
    napi_value sv;
    CALL(env, napi_get_named_property(env, opts, "style", &sv));
    CALL(env, napi_get_value_int32(env, sv, &style));
    fd_options o;
    fd_status s = fd_options_init_sized(&o, sizeof o, (fd_style)style);
    if (s != FD_OK)
        return throw_last(env, s);
    /* The copies of the string options, freed once the library has copied them. */
    char *strs[6] = {NULL, NULL, NULL, NULL, NULL, NULL};
    int32_t hour_cycle = (int32_t)o.hour_cycle, width = (int32_t)o.width, max_unit = (int32_t)o.max_unit;
    int bad = read_option(env, opts, "locale", 's', &o.locale, &strs[0]) ||
              read_option(env, opts, "timeZone", 's', &o.time_zone, &strs[1]) ||
              read_option(env, opts, "hourCycle", 'i', &hour_cycle, NULL) ||
              read_option(env, opts, "width", 'i', &width, NULL) ||
              read_option(env, opts, "recentRelative", 'b', &o.recent_relative, NULL) ||
              read_option(env, opts, "justNowMs", 'l', &o.just_now_ms, NULL) ||
              read_option(env, opts, "skewToleranceMs", 'l', &o.skew_tolerance_ms, NULL) ||
              read_option(env, opts, "crossYearGraceDays", 'i', &o.cross_year_grace_days, NULL) ||
              read_option(env, opts, "weekdayWindowDays", 'i', &o.weekday_window_days, NULL) ||
              read_option(env, opts, "precision", 'i', &o.precision, NULL) ||
              read_option(env, opts, "countdownDays", 'b', &o.countdown_days, NULL) ||
              read_option(env, opts, "plainSpaces", 'b', &o.plain_spaces, NULL) ||
              read_option(env, opts, "spoken", 'b', &o.spoken, NULL) ||
              read_option(env, opts, "overtime", 'b', &o.overtime, NULL) ||
              read_option(env, opts, "maxUnit", 'i', &max_unit, NULL) ||
              read_option(env, opts, "justNowText", 's', &o.just_now_text, &strs[2]) ||
              read_option(env, opts, "yesterdayText", 's', &o.yesterday_text, &strs[3]) ||
              read_option(env, opts, "dayBeforeYesterdayText", 's', &o.day_before_yesterday_text, &strs[4]) ||
              read_option(env, opts, "tomorrowText", 's', &o.tomorrow_text, &strs[5]);
    o.hour_cycle = (fd_hour_cycle)hour_cycle;
    o.width = (fd_width)width;
    o.max_unit = (fd_unit)max_unit;
    fd_formatter *f = NULL;
    if (!bad)
        s = fd_formatter_new(&o, &f);
    for (size_t i = 0; i < sizeof strs / sizeof strs[0]; i++)
        free(strs[i]);
    if (bad)
        return NULL;
    if (s != FD_OK)
        return throw_last(env, s);
    handle *h = calloc(1, sizeof *h);
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

static napi_value close_handle(napi_env env, napi_callback_info info)
{
    napi_value argv[1];
    if (args(env, info, 1, argv) == NULL)
        return NULL;
    handle *h = get_handle(env, argv[0]);
    if (h == NULL)
        return NULL;
    h->closed = 1;
    if (h->busy == 0 && h->f != NULL) {
        fd_formatter_free(h->f);
        h->f = NULL;
    }
    return NULL;
}

static napi_value resolved(napi_env env, napi_callback_info info)
{
    napi_value argv[1], arr, v[3];
    if (args(env, info, 1, argv) == NULL)
        return NULL;
    handle *h = acquire(env, argv[0]);
    if (h == NULL)
        return NULL;
    const char *parts[3] = {fd_formatter_locale(h->f), fd_formatter_time_zone(h->f), fd_formatter_tz_source(h->f)};
    napi_status st = napi_ok;
    for (int i = 0; i < 3 && st == napi_ok; i++)
        st = napi_create_string_utf8(env, parts[i], NAPI_AUTO_LENGTH, &v[i]);
    release(h);
    CALL(env, st);
    CALL(env, napi_create_array_with_length(env, 3, &arr));
    for (uint32_t i = 0; i < 3; i++)
        CALL(env, napi_set_element(env, arr, i, v[i]));
    return arr;
}

/* ---- format, label, formatMany ---- */

/* What a string of n characters takes of V8's heap (64-bit, no pointer compression: a sequential
 * string is 16 bytes of header and its characters, one byte each when all are below U+0100, else
 * two, rounded up to 8). */
static size_t string_heap(size_t n, int two)
{
    return (16 + n * (two ? 2 : 1) + 7) & ~(size_t)7;
}

/* A label as a JavaScript string, decoded here (V8's UTF-8 decoder costs more than the rest of a
 * short label): Latin-1 when every character is below U+0100 (ASCII straight from text), else
 * UTF-16. The library writes valid UTF-8; a sequence cut short by the end of the text would be
 * U+FFFD, never read past it. units: room for `bytes` code units. *heap (heap may be NULL) gets
 * what the string takes of the heap (string_heap). */
static napi_status make_string(napi_env env, const char *text, size_t bytes, uint16_t *units, napi_value *out,
                               size_t *heap)
{
    const unsigned char *p = (const unsigned char *)text, *end = p + bytes;
    size_t n = 0;
    uint32_t high = 0;
    while (p < end && *p < 0x80)
        p++;
    if (p == end) {
        if (heap != NULL)
            *heap = string_heap(bytes, 0);
        return napi_create_string_latin1(env, text, bytes, out);
    }
    p = (const unsigned char *)text;
    while (p < end) {
        uint32_t c = *p;
        size_t len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        if ((size_t)(end - p) < len) {
            c = 0xFFFD;
            p = end;
        } else if (len == 1) {
            p += 1;
        } else if (len == 2) {
            c = ((c & 0x1F) << 6) | (p[1] & 0x3F);
            p += 2;
        } else if (len == 3) {
            c = ((c & 0x0F) << 12) | ((uint32_t)(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
            p += 3;
        } else {
            c = ((c & 0x07) << 18) | ((uint32_t)(p[1] & 0x3F) << 12) | ((uint32_t)(p[2] & 0x3F) << 6) | (p[3] & 0x3F);
            p += 4;
            c = c > 0x10FFFF ? 0xFFFD : c - 0x10000;
            if (c != 0xFFFD) {
                units[n++] = (uint16_t)(0xD800 + (c >> 10));
                c = 0xDC00 + (c & 0x3FF);
            }
        }
        high |= c;
        units[n++] = (uint16_t)c;
    }
    if (heap != NULL)
        *heap = string_heap(n, high >= 0x100);
    if (high < 0x100) {
        char *latin1 = (char *)units; /* in place, front to back: byte i is written after unit i is read */
        for (size_t i = 0; i < n; i++)
            latin1[i] = (char)units[i];
        return napi_create_string_latin1(env, latin1, n, out);
    }
    return napi_create_string_utf16(env, (const char16_t *)units, n, out);
}

static napi_value format(napi_env env, napi_callback_info info)
{
    napi_value argv[3], result;
    if (args(env, info, 3, argv) == NULL)
        return NULL;
    int64_t t, now;
    if (get_instant(env, argv[1], "t", &t) || get_instant(env, argv[2], "now", &now))
        return NULL;
    handle *h = acquire(env, argv[0]);
    if (h == NULL)
        return NULL;
    char buf[FD_LABEL_CAPACITY];
    fd_status s = fd_format(h->f, t, now, buf, sizeof buf, NULL);
    release(h);
    if (s != FD_OK)
        return throw_last(env, s);
    uint16_t units[FD_LABEL_CAPACITY];
    CALL(env, make_string(env, buf, strlen(buf), units, &result, NULL));
    return result;
}

/* The UTF-16 index of a byte offset into UTF-8 text. */
static double utf16_index(const char *text, size_t offset)
{
    size_t units = 0;
    for (size_t i = 0; i < offset; i++) {
        unsigned char b = (unsigned char)text[i];
        if ((b & 0xC0) != 0x80)
            units += b >= 0xF0 ? 2 : 1;
    }
    return (double)units;
}

static double next_change(int64_t ms)
{
    return ms == FD_NEVER ? NAN : (double)ms;
}

/* The scratch of this environment: index.js's private Float64Array(8), given once at load (a second
 * setScratch throws) and never handed out, so nothing can detach it while the addon writes to it. */
static double *get_scratch(napi_env env)
{
    instance *in = NULL;
    if (napi_get_instance_data(env, (void **)&in) != napi_ok || in == NULL || in->scratch == NULL) {
        napi_throw_error(env, NULL, "feeddate: setScratch was not called");
        return NULL;
    }
    return in->scratch;
}

static napi_value label(napi_env env, napi_callback_info info)
{
    napi_value argv[3], result;
    if (args(env, info, 3, argv) == NULL)
        return NULL;
    int64_t t, now;
    if (get_instant(env, argv[1], "t", &t) || get_instant(env, argv[2], "now", &now))
        return NULL;
    double *out = get_scratch(env);
    if (out == NULL)
        return NULL;
    handle *h = acquire(env, argv[0]);
    if (h == NULL)
        return NULL;
    char buf[FD_LABEL_CAPACITY];
    fd_label l;
    fd_status s = fd_format(h->f, t, now, buf, sizeof buf, &l);
    release(h);
    if (s != FD_OK)
        return throw_last(env, s);
    out[0] = next_change(l.next_change_ms);
    out[1] = utf16_index(buf, l.day_offset);
    out[2] = utf16_index(buf, l.day_offset + l.day_length);
    out[3] = utf16_index(buf, l.time_offset);
    out[4] = utf16_index(buf, l.time_offset + l.time_length);
    out[5] = l.expired ? 1 : 0;
    uint16_t units[FD_LABEL_CAPACITY];
    CALL(env, make_string(env, buf, l.length, units, &result, NULL));
    return result;
}

/* format_many's first guess of UTF-8 bytes per label; a larger need costs one more call. */
#define MANY_BYTES_PER_LABEL 32
/* Labels made into strings per handle scope. */
#define MANY_SCOPE 1024
/* Labels of formatMany per handle scope and call of store, within which equal labels share a string. */
#define MANY_GROUP 4096
/* The most labels of a chunk whose buffers an environment keeps for the next call (index.js's
 * chunks are 4,096 unless $FEEDDATE_NODE_CHUNK says otherwise): about 100 bytes a label. */
#define MANY_KEEP 16384

/* Which instant made a failed batch fail, named in the message: "ts[i] ...", "now ...". */
static napi_value throw_many(napi_env env, fd_status s, const fd_formatter *f, const int64_t *ts, size_t n, int64_t now,
                             double base)
{
    char where[48];
    fd_status si = s;
    size_t i = 0;
    if (now < FD_MIN_INSTANT_MS || now > FD_MAX_INSTANT_MS) {
        snprintf(where, sizeof where, "now");
    } else {
        /* The first label that fails alone: its status and message. */
        char buf[FD_LABEL_CAPACITY];
        for (i = 0; i < n; i++) {
            si = fd_format(f, ts[i], now, buf, sizeof buf, NULL);
            if (si != FD_OK)
                break;
        }
        if (i == n)
            return throw_last(env, s); /* none alone: the batch's own message */
        snprintf(where, sizeof where, "ts[%.0f]", base + (double)i);
    }
    return throw_msgf(env, (int)si, "%s: %s", where, fd_last_error());
}

/* Labels of a group made into strings, by their bytes: an open-addressing table of 2^k slots
 * (at least twice the group), each the group index + 1 of the first label with those bytes (0:
 * free) below TABLE_INDEX_BITS, and 19 bits of its hash above (32 KB for a group of 4,096: it
 * stays in the L1 cache). */
#define TABLE_INDEX_BITS 13 /* index + 1 <= MANY_GROUP */
typedef struct label_table {
    uint32_t *slots; /* hash bits << TABLE_INDEX_BITS | (index + 1) */
    size_t *heap;    /* string_heap of the string made for a group index */
    size_t mask, last;
} label_table;

/* A table for groups of `group` labels, in m's memory. */
static int label_table_init(label_table *t, many_buffers *m, size_t group)
{
    size_t size = 16;
    while (size < 2 * group)
        size *= 2;
    if (reserve(&m->slots, &m->slots_n, size, sizeof *m->slots) ||
        reserve(&m->heap, &m->heap_n, group, sizeof *m->heap))
        return -1;
    t->slots = m->slots;
    t->heap = m->heap;
    t->mask = size - 1;
    t->last = 0;
    return 0;
}

static void label_table_clear(label_table *t)
{
    memset(t->slots, 0, (t->mask + 1) * sizeof *t->slots);
}

/* The first and the last 8 bytes of p[0..n) (for n < 8: the n bytes, then zeros, and 0), which are
 * all of it up to 16 bytes, and which make its hash. Reads up to p[7]: buf has 8 bytes to spare
 * after its labels (LABEL_SLACK). */
#define LABEL_SLACK 8
static void label_words(const char *p, size_t n, uint64_t *a, uint64_t *b)
{
    if (n >= 8) {
        memcpy(a, p, 8);
        memcpy(b, p + n - 8, 8);
    } else {
        *a = 0; /* the first n bytes, then zeros, in either byte order */
        memcpy(a, p, n);
        *b = 0;
    }
}

/* The group index (first..i] of the first label equal to text[0..bytes), label i of buf and ends;
 * i itself when it is the first (its slot then taken: label_table_heap gives its string's heap),
 * else *heap is that label's string_heap. */
static size_t label_table_find(label_table *t, const char *buf, const size_t *ends, size_t first, size_t i,
                               const char *text, size_t bytes, size_t *heap)
{
    uint64_t a, b;
    label_words(text, bytes, &a, &b);
    uint64_t h = (a * 0x9E3779B97F4A7C15u) ^ ((b ^ bytes) * 0xBF58476D1CE4E5B9u);
    h ^= h >> 29;
    uint32_t tag = (uint32_t)(h >> (64 - (32 - TABLE_INDEX_BITS))) << TABLE_INDEX_BITS;
    const uint32_t index_mask = (1u << TABLE_INDEX_BITS) - 1;
    for (size_t at = (size_t)(h >> 32) & t->mask;; at = (at + 1) & t->mask) {
        uint32_t slot = t->slots[at];
        if (slot == 0) {
            t->slots[at] = tag | (uint32_t)(i - first + 1);
            t->last = i - first;
            return i;
        }
        if ((slot & ~index_mask) != tag)
            continue;
        size_t j = first + (size_t)(slot & index_mask) - 1, start = j ? ends[j - 1] : 0;
        if (ends[j] - start != bytes)
            continue;
        uint64_t ja, jb;
        label_words(buf + start, bytes, &ja, &jb);
        if (ja == a && jb == b && (bytes <= 16 || memcmp(buf + start + 8, text + 8, bytes - 16) == 0)) {
            *heap = t->heap[j - first];
            return j;
        }
    }
}

static void label_table_heap(label_table *t, size_t heap)
{
    t->heap[t->last] = heap;
}

/* formatMany's arguments after the handle: the instants src[offset .. offset+count) of the
 * Float64Array (*ds, *n), base (the batch index of src[offset]), now, and the environment (which
 * has its store). 0, or -1 (thrown). Runs no JavaScript (numbers only: index.js made them). */
static int many_args(napi_env env, const napi_value *argv, const double **ds, size_t *n, double *base, int64_t *now,
                     instance **in)
{
    napi_typedarray_type type;
    size_t len;
    void *data;
    if (napi_get_typedarray_info(env, argv[1], &type, &len, &data, NULL, NULL) != napi_ok ||
        type != napi_float64_array) {
        napi_throw_type_error(env, NULL, "feeddate: formatMany needs a Float64Array");
        return -1;
    }
    double offset_d, count_d;
    CALL_OR(env, napi_get_value_double(env, argv[2], &offset_d), -1);
    CALL_OR(env, napi_get_value_double(env, argv[3], &count_d), -1);
    CALL_OR(env, napi_get_value_double(env, argv[6], base), -1);
    if (!(offset_d >= 0 && count_d >= 0 && offset_d == floor(offset_d) && count_d == floor(count_d) &&
          offset_d + count_d <= (double)len && *base >= 0 && *base == floor(*base) &&
          *base + count_d <= 4294967295.0)) {
        napi_throw_range_error(env, NULL, "feeddate: formatMany: offset and count outside the Float64Array");
        return -1;
    }
    *n = (size_t)count_d;
    *in = NULL;
    if (napi_get_instance_data(env, (void **)in) != napi_ok || *in == NULL || (*in)->store_ref == NULL) {
        napi_throw_error(env, NULL, "feeddate: setScratch was not called");
        return -1;
    }
    if (get_instant(env, argv[4], "now", now))
        return -1;
    *ds = (const double *)data + (size_t)offset_d;
    return 0;
}

/* The labels of ds[0..n) as seen at now, in m (ts, buf, ends): one fd_format_many, and one more
 * with the size it reports when the first guess of bytes was short. The instants by instant_ms (one
 * past an int64_t clamped, for the library to refuse), up to the first with no number (bad: NaN, an
 * infinity): the library's error for one before it wins, so that the first bad index of the batch
 * is named whatever the chunks. *next: their earliest next change. 0, or -1 (thrown). */
static int many_format(napi_env env, napi_value handle_value, many_buffers *m, const double *ds, size_t n, int64_t now,
                       double base, int64_t *next)
{
    size_t cap = n * MANY_BYTES_PER_LABEL + 64;
    if (reserve(&m->ts, &m->ts_n, n, sizeof *m->ts) || reserve(&m->ends, &m->ends_n, n, sizeof *m->ends) ||
        reserve(&m->buf, &m->buf_n, cap + LABEL_SLACK, 1)) {
        throw_msgf(env, FD_ERR_MEMORY, "formatMany: out of memory for a chunk of %zu labels", n);
        return -1;
    }
    size_t bad = n;
    for (size_t i = 0; i < n; i++) {
        if (!instant_ms(ds[i], &m->ts[i])) {
            bad = i;
            break;
        }
    }
    /* From here to release(), no JavaScript runs: ds is not read again but for ds[bad]. */
    handle *h = acquire(env, handle_value);
    if (h == NULL)
        return -1;
    fd_status s = fd_format_many(h->f, m->ts, bad, now, m->buf, cap, m->ends, next);
    if (s == FD_ERR_BUFFER && bad > 0 && m->ends[bad - 1] >= cap) {
        cap = m->ends[bad - 1] + 1;
        if (reserve(&m->buf, &m->buf_n, cap + LABEL_SLACK, 1)) {
            release(h);
            throw_msgf(env, FD_ERR_MEMORY, "formatMany: out of memory for %zu bytes of labels", cap);
            return -1;
        }
        s = fd_format_many(h->f, m->ts, bad, now, m->buf, cap, m->ends, next);
    }
    if (s != FD_OK)
        throw_many(env, s, h->f, m->ts, bad, now, base);
    release(h);
    if (s != FD_OK)
        return -1;
    if (bad < n) {
        char name[48];
        snprintf(name, sizeof name, "ts[%.0f]", base + (double)bad);
        instant_of(env, ds[bad], name, &m->ts[bad]);
        return -1;
    }
    return 0;
}

/* What many_store_group works with: index.js's store(texts, base, ...labels) and its receiver, the
 * labels of m, the table of a group's strings, the byte offset in m->buf of the next label, and
 * the heap that one string per label would take (index.js's check: as if none were shared). */
typedef struct many_store_state {
    many_buffers *m;
    label_table table;
    napi_value store, recv, texts;
    double base, total;
    size_t start;
} many_store_state;

/* Labels [first, stop) as strings, in a handle scope of their own, equal ones one string
 * (label_table finds the first of its bytes), handed over by one call of store. */
static napi_status many_store_group(napi_env env, many_store_state *g, size_t first, size_t stop)
{
    napi_handle_scope scope;
    napi_status st = napi_open_handle_scope(env, &scope);
    if (st != napi_ok)
        return st;
    napi_value *argv = g->m->argv;
    const char *buf = g->m->buf;
    const size_t *ends = g->m->ends;
    st = napi_create_double(env, g->base + (double)first, &argv[1]);
    argv[0] = g->texts;
    label_table_clear(&g->table);
    for (size_t i = first; i < stop && st == napi_ok; i++) {
        const char *text = buf + g->start;
        size_t bytes = ends[i] - g->start, heap;
        napi_value *v = &argv[2 + i - first];
        size_t same = label_table_find(&g->table, buf, ends, first, i, text, bytes, &heap);
        if (same != i) {
            *v = argv[2 + same - first];
        } else {
            st = make_string(env, text, bytes, g->m->units, v, &heap);
            label_table_heap(&g->table, heap);
        }
        g->total += (double)heap;
        g->start = ends[i];
    }
    if (st == napi_ok)
        st = napi_call_function(env, g->recv, g->store, 2 + stop - first, argv, NULL);
    napi_close_handle_scope(env, scope);
    return st;
}

/* The n labels of m as strings, handed to index.js's store(texts, base, ...labels) MANY_GROUP at a
 * time: one call into JavaScript per group instead of one napi_set_element per label (which costs
 * more than the label). Within a group, equal labels are one string (a feed's labels repeat:
 * "昨天", the same day or time). store may run a setter of Array.prototype: no formatter is held
 * here. *total: many_store_state's. 0, or -1 (thrown). */
static int many_store(napi_env env, instance *in, many_buffers *m, size_t n, napi_value texts, double base,
                      double *total)
{
    many_store_state g = {.m = m, .texts = texts, .base = base, .total = 0, .start = 0};
    if (napi_get_reference_value(env, in->store_ref, &g.store) != napi_ok ||
        napi_get_undefined(env, &g.recv) != napi_ok) {
        throw_unless_pending(env, "feeddate: formatMany could not store its labels");
        return -1;
    }
    size_t group = n < MANY_GROUP ? n : MANY_GROUP, longest = 0;
    for (size_t i = 0, start = 0; i < n; start = m->ends[i++])
        if (m->ends[i] - start > longest)
            longest = m->ends[i] - start;
    if (reserve(&m->argv, &m->argv_n, 2 + group, sizeof *m->argv) ||
        reserve(&m->units, &m->units_n, longest, sizeof *m->units) || label_table_init(&g.table, m, group)) {
        throw_msgf(env, FD_ERR_MEMORY, "formatMany: out of memory");
        return -1;
    }
    for (size_t first = 0, stop; first < n; first = stop) {
        stop = first + group < n ? first + group : n;
        if (many_store_group(env, &g, first, stop) != napi_ok) {
            throw_unless_pending(env, "feeddate: formatMany could not store its labels");
            return -1;
        }
    }
    *total = g.total;
    return 0;
}

static napi_value format_many(napi_env env, napi_callback_info info)
{
    napi_value argv[8], result = NULL;
    if (args(env, info, 8, argv) == NULL)
        return NULL;
    const double *ds;
    size_t n;
    double base, total = 0;
    int64_t now, next = FD_NEVER;
    instance *in;
    if (many_args(env, argv, &ds, &n, &base, &now, &in))
        return NULL;
    /* The environment's buffers, unless another formatMany is using them (see instance). */
    many_buffers own = {0}, *m = &own;
    int shared = !in->many_busy;
    if (shared) {
        m = &in->many;
        in->many_busy = 1;
    }
    if (many_format(env, argv[0], m, ds, n, now, base, &next) == 0 &&
        many_store(env, in, m, n, argv[5], base, &total) == 0) {
        bool want_bytes = false;
        napi_get_value_bool(env, argv[7], &want_bytes);
        if (want_bytes && in->scratch != NULL)
            in->scratch[1] = total;
        napi_create_double(env, next == FD_NEVER ? INFINITY : (double)next, &result);
    }
    /* The environment keeps buffers of chunks up to MANY_KEEP labels; a bigger chunk's go. */
    if (!shared || n > MANY_KEEP)
        many_free(m);
    if (shared)
        in->many_busy = 0;
    return result;
}

/* For bench/bench_node.js only (not part of index.js's API): the library's own cost of the labels
 * of formatMany, in this process. benchMany(handle, Float64Array ts, now, chunk, utf16) calls
 * fd_format_many (utf16: fd_format_many_utf16) over ts in chunks of `chunk` labels, as formatMany
 * does, into buffers made beforehand, and makes no JavaScript value of them; returns the
 * nanoseconds those calls took (CLOCK_MONOTONIC). */
static napi_value bench_many(napi_env env, napi_callback_info info)
{
    napi_value argv[5], result;
    if (args(env, info, 5, argv) == NULL)
        return NULL;
    napi_typedarray_type type;
    size_t n;
    void *data;
    double chunk_d;
    bool utf16 = false;
    int64_t now;
    if (napi_get_typedarray_info(env, argv[1], &type, &n, &data, NULL, NULL) != napi_ok || type != napi_float64_array ||
        get_instant(env, argv[2], "now", &now) || napi_get_value_double(env, argv[3], &chunk_d) != napi_ok ||
        !(chunk_d >= 1 && chunk_d <= 1e7) || napi_get_value_bool(env, argv[4], &utf16) != napi_ok) {
        napi_throw_type_error(env, NULL, "feeddate: benchMany(handle, Float64Array, now, chunk 1..1e7, utf16)");
        return NULL;
    }
    size_t chunk = (size_t)chunk_d, cap = chunk * 64 + 64;
    int64_t *ts = malloc((n ? n : 1) * sizeof *ts);
    size_t *ends = malloc(chunk * sizeof *ends);
    void *buf = malloc(cap * 2);
    fd_status s = FD_OK;
    handle *h = NULL;
    struct timespec a = {0, 0}, b = {0, 0};
    if (ts == NULL || ends == NULL || buf == NULL) {
        s = FD_ERR_MEMORY;
        goto done;
    }
    for (size_t i = 0; i < n; i++) {
        if (!instant_ms(((const double *)data)[i], &ts[i])) {
            s = FD_ERR_ARGUMENT;
            goto done;
        }
    }
    h = acquire(env, argv[0]);
    if (h == NULL)
        goto done;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (size_t i = 0; i < n && s == FD_OK; i += chunk) {
        size_t k = n - i < chunk ? n - i : chunk;
        int64_t next;
        s = utf16 ? fd_format_many_utf16(h->f, ts + i, k, now, buf, cap, ends, &next)
                  : fd_format_many(h->f, ts + i, k, now, buf, cap, ends, &next);
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    release(h);
done:
    free(ts);
    free(ends);
    free(buf);
    if (s != FD_OK)
        return throw_status(env, s, NULL);
    if (h == NULL)
        return NULL;
    CALL(env, napi_create_double(env, (double)(b.tv_sec - a.tv_sec) * 1e9 + (double)(b.tv_nsec - a.tv_nsec), &result));
    return result;
}

/* ---- schedule (SPEC 11, 1.2) ---- */

/* fd_schedule's first guess of UTF-8 bytes per entry, and the most it guesses; a larger need costs
 * one more call (the library reports the size). */
#define SCHEDULE_BYTES_PER_ENTRY 16
#define SCHEDULE_GUESS_MAX 65536
/* Calls of one kind made for one schedule (the first, then one with the size the library reported). */
#define SCHEDULE_TRIES 3

/* The horizon in whole milliseconds by SPEC 11's rule (ms_of: 1000.4 is 1000, -0.4 is -1, which the
 * library refuses). NaN is refused; a value that no int64_t holds (±Infinity, 1e300) is clamped to
 * INT64_MIN or INT64_MAX, which the library refuses with its own message; the library checks the
 * others. */
static int horizon_of(napi_env env, double d, int64_t *out)
{
    if (isnan(d)) {
        throw_status(env, FD_ERR_ARGUMENT, "horizon is NaN, not a number of milliseconds");
        return -1;
    }
    if (!ms_of(d, out))
        *out = d > 0 ? INT64_MAX : INT64_MIN;
    return 0;
}

/* maxEntries: an integer (1.5, NaN and ±Infinity are refused here: no size_t is meant by them). Any
 * other is passed on for the library to check and word ("max_entries -5 is out of range
 * 1...100000"): one that no int64_t holds (1e300) clamped to INT64_MIN or INT64_MAX, a negative one
 * as its two's complement, which the library names as the negative number meant. */
static int max_entries_of(napi_env env, double d, size_t *out)
{
    if (!isfinite(d) || d != floor(d)) {
        char num[32];
        number_text(d, num);
        throw_msgf(env, FD_ERR_ARGUMENT, "maxEntries %s is not an integer number of entries (1...%d)", num,
                   FD_SCHEDULE_MAX_ENTRIES);
        return -1;
    }
    int64_t v = d >= 9223372036854775808.0 ? INT64_MAX : d < -9223372036854775808.0 ? INT64_MIN : (int64_t)d;
    *out = (size_t)(uint64_t)v;
    return 0;
}

/* Grows *buf to `need` bytes; 0, or -1 when there is no memory (*buf is then as it was). */
static int grow(char **buf, size_t *cap, size_t need)
{
    char *grown = realloc(*buf, need);
    if (grown == NULL)
        return -1;
    *buf = grown;
    *cap = need;
    return 0;
}

/* What schedule, html and scriptJson pass to the library: t, now, horizon and maxEntries. */
typedef struct schedule_req {
    int64_t t, now, horizon;
    size_t max;
} schedule_req;

/* t, now, horizon and maxEntries of argv[1..4] (after the handle) as the library takes them: the one
 * conversion of schedule, html and scriptJson. name: the function, in the binding's own messages.
 * 0, or -1 (thrown). Runs no JavaScript (numbers only: index.js made them). */
static int schedule_args(napi_env env, const napi_value *argv, const char *name, schedule_req *r)
{
    double horizon_d, max_d;
    if (get_instant(env, argv[1], "t", &r->t) || get_instant(env, argv[2], "now", &r->now))
        return -1;
    if (napi_get_value_double(env, argv[3], &horizon_d) != napi_ok) {
        throw_msgf(env, FD_ERR_ARGUMENT, "%s: horizon must be a number of milliseconds", name);
        return -1;
    }
    if (napi_get_value_double(env, argv[4], &max_d) != napi_ok) {
        throw_msgf(env, FD_ERR_ARGUMENT, "%s: maxEntries must be a number", name);
        return -1;
    }
    return horizon_of(env, horizon_d, &r->horizon) || max_entries_of(env, max_d, &r->max) ? -1 : 0;
}

/* A schedule's memory: the entries of fd_schedule (buf: their texts, ends, from: their starts, n of
 * them, until), the wire form of fd_schedule_json (json, length), and what makes them strings
 * (units, argv: the arguments of storeEntries). Each buffer holds `*cap` bytes where it has one. */
typedef struct schedule_out {
    size_t *ends;
    int64_t *from;
    char *buf, *json;
    size_t cap, jcap, n, length;
    int64_t until;
    uint16_t *units;
    napi_value *argv;
} schedule_out;

static void schedule_out_free(schedule_out *o)
{
    free(o->ends);
    free(o->from);
    free(o->buf);
    free(o->json);
    free(o->units);
    free(o->argv);
}

/* The entries' first buffers: a count the library refuses (it checks the horizon and max_entries
 * before it writes anything) gets arrays of one element; guess false, a text buffer of one byte.
 * 0, or -1 (thrown). */
static int schedule_alloc(napi_env env, const schedule_req *r, bool guess, schedule_out *o)
{
    size_t arrays = r->max >= 1 && r->max <= FD_SCHEDULE_MAX_ENTRIES ? r->max : 1;
    size_t first = arrays * SCHEDULE_BYTES_PER_ENTRY;
    o->cap = guess ? (first < SCHEDULE_GUESS_MAX ? first : SCHEDULE_GUESS_MAX) + 1 : 1;
    o->jcap = 1;
    o->until = FD_NEVER;
    o->ends = malloc(arrays * sizeof *o->ends);
    o->from = malloc(arrays * sizeof *o->from);
    o->buf = malloc(o->cap);
    if (o->ends == NULL || o->from == NULL || o->buf == NULL) {
        throw_msgf(env, FD_ERR_MEMORY, "schedule: out of memory for %zu entries", arrays);
        return -1;
    }
    return 0;
}

/* fd_schedule into o, again with the size it reports while the texts do not fit (SCHEDULE_TRIES
 * calls at most). *oom: no memory for that size. */
static fd_status schedule_entries(const fd_formatter *f, const schedule_req *r, schedule_out *o, int *oom)
{
    fd_status s = FD_OK;
    for (int i = 0; i < SCHEDULE_TRIES; i++) {
        s = fd_schedule(f, r->t, r->now, r->horizon, r->max, o->buf, o->cap, o->ends, o->from, &o->n, &o->until);
        if (s != FD_ERR_BUFFER || o->n == 0 || o->ends[o->n - 1] < o->cap)
            break;
        if (grow(&o->buf, &o->cap, o->ends[o->n - 1] + 1)) {
            *oom = 1;
            break;
        }
    }
    return s;
}

/* fd_schedule_json into o->json (o->length bytes), as schedule_entries. The first guess: the texts
 * (escaped: at most 6 bytes a byte, rarely more than 1), each start's difference (at most 12
 * digits) and some 60 bytes around them; guess false, one byte. */
static fd_status schedule_wire(const fd_formatter *f, const schedule_req *r, bool guess, schedule_out *o, int *oom)
{
    fd_status s = FD_OK;
    o->jcap = guess ? 2 * o->ends[o->n - 1] + 24 * o->n + 128 : 1;
    o->json = malloc(o->jcap);
    if (o->json == NULL)
        *oom = 1;
    for (int i = 0; i < SCHEDULE_TRIES && o->json != NULL; i++) {
        s = fd_schedule_json(f, r->t, r->now, r->horizon, r->max, o->json, o->jcap, &o->length);
        if (s != FD_ERR_BUFFER || o->length < o->jcap)
            break;
        if (grow(&o->json, &o->jcap, o->length + 1)) {
            *oom = 1;
            break;
        }
    }
    return s;
}

/* The entries and the wire form of the schedule, the formatter taken for the library calls only.
 * 0, or -1 (thrown: the library's error, or out of memory). */
static int schedule_call(napi_env env, napi_value handle_value, const schedule_req *r, bool guess, schedule_out *o)
{
    /* From here to release(), no JavaScript runs. */
    handle *h = acquire(env, handle_value);
    if (h == NULL)
        return -1;
    int oom = 0;
    fd_status s = schedule_entries(h->f, r, o, &oom);
    if (s == FD_OK && o->n == 0)
        s = FD_ERR_INTERNAL; /* never: a schedule has an entry */
    if (s == FD_OK)
        s = schedule_wire(h->f, r, guess, o, &oom);
    release(h);
    if (oom) {
        throw_msgf(env, FD_ERR_MEMORY, "schedule: out of memory for a schedule of %zu entries", o->n);
        return -1;
    }
    if (s != FD_OK) {
        throw_last(env, s);
        return -1;
    }
    return 0;
}

/* The wire form as a string (returned; NULL: thrown), then the entries handed to index.js's
 * storeEntries(entries, base, text0, start0, ...) MANY_SCOPE at a time (which may run a setter of
 * Array.prototype: no formatter is held here), then scratch[0] = until, last: storeEntries may have
 * run a call that used the scratch. The wire form's units have room for any text of it. */
static napi_value schedule_store(napi_env env, instance *in, schedule_out *o, napi_value entries)
{
    napi_value json_value, store, recv;
    size_t n = o->n;
    o->units = malloc((o->length + 1) * sizeof *o->units);
    o->argv = malloc((2 + 2 * (n < MANY_SCOPE ? n : MANY_SCOPE)) * sizeof *o->argv);
    if (o->units == NULL || o->argv == NULL) {
        return throw_msgf(env, FD_ERR_MEMORY, "schedule: out of memory for a schedule of %zu entries", n);
    }
    if (make_string(env, o->json, o->length, o->units, &json_value, NULL) != napi_ok ||
        napi_get_reference_value(env, in->store_entries_ref, &store) != napi_ok ||
        napi_get_undefined(env, &recv) != napi_ok)
        return throw_unless_pending(env, "feeddate: schedule could not store its entries");
    for (size_t i = 0, start = 0; i < n;) {
        napi_handle_scope scope;
        if (napi_open_handle_scope(env, &scope) != napi_ok)
            return throw_unless_pending(env, "feeddate: schedule could not store its entries");
        size_t stop = i + MANY_SCOPE < n ? i + MANY_SCOPE : n, argc = 2;
        napi_status st = napi_create_double(env, (double)i, &o->argv[1]);
        o->argv[0] = entries;
        for (; i < stop && st == napi_ok; i++, argc += 2) {
            st = make_string(env, o->buf + start, o->ends[i] - start, o->units, &o->argv[argc], NULL);
            if (st == napi_ok)
                st = napi_create_double(env, (double)o->from[i], &o->argv[argc + 1]);
            start = o->ends[i];
        }
        if (st == napi_ok)
            st = napi_call_function(env, recv, store, argc, o->argv, NULL);
        napi_close_handle_scope(env, scope);
        if (st != napi_ok)
            return throw_unless_pending(env, "feeddate: schedule could not store its entries");
    }
    in->scratch[0] = next_change(o->until);
    return json_value;
}

static napi_value schedule(napi_env env, napi_callback_info info)
{
    napi_value argv[7], result = NULL;
    if (args(env, info, 7, argv) == NULL)
        return NULL;
    schedule_req r;
    if (schedule_args(env, argv, "schedule", &r))
        return NULL;
    bool guess = true;
    napi_get_value_bool(env, argv[6], &guess);
    instance *in = NULL;
    if (napi_get_instance_data(env, (void **)&in) != napi_ok || in == NULL || in->store_entries_ref == NULL ||
        in->scratch == NULL) {
        napi_throw_error(env, NULL, "feeddate: setScratch was not called");
        return NULL;
    }
    schedule_out o = {0};
    if (schedule_alloc(env, &r, guess, &o) == 0 && schedule_call(env, argv[0], &r, guess, &o) == 0)
        result = schedule_store(env, in, &o, argv[5]);
    schedule_out_free(&o);
    return result;
}

/* ---- html and scriptJson (SPEC 11, 1.3: "Semantics and screen readers", "Script context") ---- */

/* The first buffer of html and scriptJson: a few entries' markup; a larger need costs one more call
 * (the library reports the size). */
#define SCHEDULE_TEXT_GUESS 4096

/* fd_schedule_html (html; flags) or fd_schedule_script_json into *buf (*length bytes), again with
 * the size it reports while they do not fit (SCHEDULE_TRIES calls at most). *oom: no memory for
 * that size. */
static fd_status schedule_text_call(const fd_formatter *f, int html, const schedule_req *r, uint32_t flags, char **buf,
                                    size_t *cap, size_t *length, int *oom)
{
    fd_status s = FD_OK;
    for (int i = 0; i < SCHEDULE_TRIES; i++) {
        s = html ? fd_schedule_html(f, r->t, r->now, r->horizon, r->max, flags, *buf, *cap, length)
                 : fd_schedule_script_json(f, r->t, r->now, r->horizon, r->max, *buf, *cap, length);
        if (s != FD_ERR_BUFFER || *length < *cap)
            break;
        if (grow(buf, cap, *length + 1)) {
            *oom = 1;
            break;
        }
    }
    return s;
}

/* html(handle, t, now, horizon, maxEntries, spoken, guess) -> fd_schedule_html's markup (spoken:
 * FD_HTML_SPOKEN); scriptJson(handle, t, now, horizon, maxEntries, guess) -> fd_schedule_script_json's
 * wire. Both as strings, the library's bytes: the binding writes no markup and no escape. Arguments
 * as schedule's (schedule_args); guess false: a first buffer of one byte (tests: the retry). */
static napi_value schedule_text(napi_env env, napi_callback_info info, int html)
{
    napi_value argv[7], result = NULL;
    const char *name = html ? "html" : "scriptJson";
    size_t want = html ? 7 : 6;
    if (args(env, info, want, argv) == NULL)
        return NULL;
    schedule_req r;
    if (schedule_args(env, argv, name, &r))
        return NULL;
    uint32_t flags = 0;
    if (html) {
        bool spoken = false;
        if (napi_get_value_bool(env, argv[5], &spoken) != napi_ok) {
            return throw_status(env, FD_ERR_ARGUMENT, "html: spoken must be a boolean");
        }
        if (spoken)
            flags |= FD_HTML_SPOKEN;
    }
    bool guess = true;
    napi_get_value_bool(env, argv[want - 1], &guess);
    size_t cap = guess ? SCHEDULE_TEXT_GUESS : 1, length = 0;
    char *buf = malloc(cap);
    uint16_t *units = NULL;
    if (buf == NULL) {
        throw_msgf(env, FD_ERR_MEMORY, "%s: out of memory", name);
        goto done;
    }
    /* From here to release(), no JavaScript runs. */
    handle *h = acquire(env, argv[0]);
    if (h == NULL)
        goto done;
    int oom = 0;
    fd_status s = schedule_text_call(h->f, html, &r, flags, &buf, &cap, &length, &oom);
    release(h);
    if (s != FD_OK && !oom) {
        throw_last(env, s);
        goto done;
    }
    if (oom || (units = malloc((length + 1) * sizeof *units)) == NULL) {
        throw_msgf(env, FD_ERR_MEMORY, "%s: out of memory for %zu bytes", name, length + 1);
        goto done;
    }
    if (make_string(env, buf, length, units, &result, NULL) != napi_ok)
        result = throw_unless_pending(env, "feeddate: could not make the string");
done:
    free(buf);
    free(units);
    return result;
}

static napi_value schedule_html(napi_env env, napi_callback_info info)
{
    return schedule_text(env, info, 1);
}

static napi_value schedule_script_json(napi_env env, napi_callback_info info)
{
    return schedule_text(env, info, 0);
}

/* ---- module ---- */

static void finalize_instance(napi_env env, void *data, void *hint)
{
    (void)hint;
    instance *in = data;
    many_free(&in->many);
    if (in->scratch_ref != NULL)
        napi_delete_reference(env, in->scratch_ref);
    if (in->store_ref != NULL)
        napi_delete_reference(env, in->store_ref);
    if (in->store_entries_ref != NULL)
        napi_delete_reference(env, in->store_entries_ref);
    free(in);
}

static napi_value set_scratch(napi_env env, napi_callback_info info)
{
    napi_value argv[3];
    if (args(env, info, 3, argv) == NULL)
        return NULL;
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
    napi_valuetype t, t2;
    if (napi_typeof(env, argv[1], &t) != napi_ok || t != napi_function || napi_typeof(env, argv[2], &t2) != napi_ok ||
        t2 != napi_function) {
        napi_throw_type_error(env, NULL, "feeddate: setScratch needs the store and storeEntries functions");
        return NULL;
    }
    if (in->scratch_ref != NULL) {
        napi_throw_error(env, NULL, "feeddate: setScratch was already called in this environment");
        return NULL;
    }
    CALL(env, napi_create_reference(env, argv[1], 1, &in->store_ref));
    CALL(env, napi_create_reference(env, argv[2], 1, &in->store_entries_ref));
    CALL(env, napi_create_reference(env, argv[0], 1, &in->scratch_ref)); /* keeps the memory alive */
    in->scratch = data;
    return NULL;
}

static napi_value versions(napi_env env, napi_callback_info info)
{
    (void)info;
    napi_value arr, v;
    CALL(env, napi_create_array_with_length(env, 7, &arr));
    CALL(env, napi_create_string_utf8(env, fd_version_string(), NAPI_AUTO_LENGTH, &v));
    CALL(env, napi_set_element(env, arr, 0, v));
    CALL(env, napi_create_uint32(env, fd_version(), &v));
    CALL(env, napi_set_element(env, arr, 1, v));
    CALL(env, napi_create_string_utf8(env, fd_icu_version(), NAPI_AUTO_LENGTH, &v));
    CALL(env, napi_set_element(env, arr, 2, v));
    CALL(env, napi_create_double(env, (double)FD_SCHEDULE_MAX_HORIZON_MS, &v));
    CALL(env, napi_set_element(env, arr, 3, v));
    CALL(env, napi_create_uint32(env, FD_SCHEDULE_MAX_ENTRIES, &v));
    CALL(env, napi_set_element(env, arr, 4, v));
    CALL(env, napi_create_double(env, (double)FD_SCHEDULE_DEFAULT_HORIZON_MS, &v));
    CALL(env, napi_set_element(env, arr, 5, v));
    CALL(env, napi_create_uint32(env, FD_SCHEDULE_DEFAULT_MAX_ENTRIES, &v));
    CALL(env, napi_set_element(env, arr, 6, v));
    return arr;
}

static napi_value constants(napi_env env, napi_callback_info info)
{
    (void)info;
    napi_value obj, v;
    CALL(env, napi_create_object(env, &obj));
    for (size_t i = 0; i < N_CONSTANTS; i++) {
        CALL(env, napi_create_int32(env, CONSTANTS[i].value, &v));
        CALL(env, napi_set_named_property(env, obj, CONSTANTS[i].name, v));
    }
    return obj;
}

static napi_value data_version(napi_env env, napi_callback_info info)
{
    (void)info;
    napi_value v;
    CALL(env, napi_create_string_utf8(env, fd_data_version(), NAPI_AUTO_LENGTH, &v));
    return v;
}

NAPI_MODULE_INIT()
{
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
        {"schedule", NULL, schedule, NULL, NULL, NULL, napi_default, NULL},
        {"html", NULL, schedule_html, NULL, NULL, NULL, napi_default, NULL},
        {"scriptJson", NULL, schedule_script_json, NULL, NULL, NULL, napi_default, NULL},
        {"setScratch", NULL, set_scratch, NULL, NULL, NULL, napi_default, NULL},
        {"versions", NULL, versions, NULL, NULL, NULL, napi_default, NULL},
        {"constants", NULL, constants, NULL, NULL, NULL, napi_default, NULL},
        {"dataVersion", NULL, data_version, NULL, NULL, NULL, napi_default, NULL},
        {"quote", NULL, quote, NULL, NULL, NULL, napi_default, NULL},
        {"benchMany", NULL, bench_many, NULL, NULL, NULL, napi_default, NULL},
    };
    if (napi_define_properties(env, exports, sizeof props / sizeof props[0], props) != napi_ok)
        return NULL;
    return exports;
}
