/*
 * fuzz_api.c — libFuzzer target over the whole C API of libfeeddate.so.1.
 *
 * The input bytes (format: fuzz_api.h) choose every field of fd_options,
 * including out-of-range enum and numeric values, a wrong `size`, and
 * arbitrary bytes as locale and zone ids; then up to FZ_MAX_OPS calls of
 * fd_format / fd_format_many / the small functions with instants, buffer
 * capacities and batch sizes from the input. Every call is checked against
 * the contract of include/feeddate.h; a violation aborts (a "crash" that
 * libFuzzer saves with its input):
 *   - the status is a documented code, and the one the contract predicts
 *     wherever it is determined (bad options -> FD_ERR_ARGUMENT, an instant
 *     out of range -> FD_ERR_RANGE, a buffer too small -> FD_ERR_BUFFER, a
 *     good call -> FD_OK; *out is NULL after a failed fd_formatter_new);
 *   - nothing is written at or past buf[cap]: 32 canary bytes follow the
 *     capacity (or, with FZ_EXACT_ALLOC, the buffer is malloc(cap) exactly so
 *     that ASan's red zone starts at cap: intercepted memcpy/memset writes
 *     past it are reported, and so is any read past it by this checker);
 *   - a successful label is valid UTF-8, NUL-terminated, shorter than
 *     FD_LABEL_CAPACITY, its parts lie inside it, expired is 0 or 1, and
 *     next_change_ms is > now (and <= FD_MAX_INSTANT_MS) or FD_NEVER;
 *   - the same call again gives the same bytes (no hidden state), a size
 *     query gives the same length, fd_format_many gives the labels of
 *     fd_format one by one and the minimum of their next changes, and
 *     fd_format_many_nul gives them with a NUL after each;
 *   - (1.3) schedules: fd_schedule_json, fd_schedule_html (with and without
 *     FD_HTML_SPOKEN, and an unknown flag) and fd_schedule_script_json give
 *     the status the arguments predict, the size query's length, the same
 *     bytes twice and at every capacity; the markup has its four tags and
 *     data-schedule is the escaped wire; the script form is the wire with
 *     < > & U+2028 U+2029 escaped and nothing else changed.
 *
 * The library is not instrumented (it is the release build); ASan and UBSan
 * instrument this harness, and ASan's malloc/memcpy interceptors see every
 * allocation and copy the library makes. Formatters are cached by a hash of
 * their options (creation costs ~70 us, a label ~0.3 us), except when the
 * input sets FZ_FRESH: creation is always fuzzed on a cache miss.
 */
#define _POSIX_C_SOURCE 200809L /* strnlen */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "feeddate.h"
#include "fd_names.h" /* fdn_style: the valid styles */
#include "fuzz_api.h"
#include "jsonl.h"   /* json_utf8_decode */
#include "testkit.h" /* tk_label_same */

#define CANARY_SIZE 32
#define CANARY 0xA7

/* ---- reading the input ---- */

typedef struct reader {
    const uint8_t *p;
    size_t n;
} reader;

static uint8_t rd_u8(reader *r)
{
    if (r->n == 0)
        return 0;
    r->n--;
    return *r->p++;
}

static uint64_t rd_le(reader *r, int bytes)
{
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++)
        v |= (uint64_t)rd_u8(r) << (8 * i);
    return v;
}

/* An int field (fuzz_api.h); dflt for tag 0. */
static int64_t rd_int(reader *r, int64_t dflt)
{
    uint8_t tag = rd_u8(r);
    if (tag == 0x00)
        return dflt;
    if (tag <= 0x7F)
        return tag - 1;
    if (tag <= 0xEF)
        return -(int64_t)(tag - 0x7F);
    if (tag <= 0xFE)
        return FZ_EDGES[tag - 0xF0];
    return (int64_t)rd_le(r, 8);
}

/* A str field: NULL, a table entry, or a fresh NUL-terminated malloc'd copy of raw bytes. */
static const char *rd_str(reader *r, const char *const *table, size_t count, char **owned)
{
    *owned = NULL;
    uint8_t tag = rd_u8(r);
    if (tag == FZ_STR_NULL)
        return NULL;
    if (tag <= 0x3F)
        return table[(tag - 1) % count];
    size_t len = tag == FZ_STR_LONG ? (size_t)rd_le(r, 2) : (size_t)(tag - 0x40);
    if (len > r->n)
        len = r->n;
    char *s = malloc(len + 1);
    if (s == NULL)
        abort();
    memcpy(s, r->p, len);
    s[len] = '\0';
    r->p += len;
    r->n -= len;
    *owned = s;
    return s;
}

static const int64_t INSTANT_EDGES[] = {
    FD_MIN_INSTANT_MS,
    FD_MAX_INSTANT_MS,
    FD_MIN_INSTANT_MS - 1,
    FD_MAX_INSTANT_MS + 1,
    INT64_MIN,
    INT64_MAX,
    0,
    -1,
    FZ_NOW,
    /* below: offsets from the base (now for t) */
    0,
    1,
    -1,
    60000,
    -60000,
    -86400000,
    86400000,
    -59999,
    -3600000,
};
#define INSTANT_ABSOLUTE 9
#define INSTANT_EDGE_COUNT (sizeof INSTANT_EDGES / sizeof INSTANT_EDGES[0])

static int64_t rd_instant(reader *r, int64_t base)
{
    uint8_t tag = rd_u8(r);
    switch (tag & 3) {
    case FZ_INSTANT_RAW: return (int64_t)rd_le(r, 8);
    case FZ_INSTANT_MAPPED: {
        uint64_t span = (uint64_t)(FD_MAX_INSTANT_MS - FD_MIN_INSTANT_MS) + 1;
        return FD_MIN_INSTANT_MS + (int64_t)(rd_le(r, 8) % span);
    }
    case FZ_INSTANT_RELATIVE: {
        int64_t k = (int32_t)(uint32_t)rd_le(r, 4);
        int64_t v;
        if (__builtin_mul_overflow(k, FZ_UNITS[(tag >> 2) & 7], &v) || __builtin_add_overflow(v, base, &v))
            return k < 0 ? INT64_MIN : INT64_MAX;
        return v;
    }
    default: {
        size_t i = (size_t)(tag >> 2) % INSTANT_EDGE_COUNT;
        int64_t v = INSTANT_EDGES[i];
        if (i < INSTANT_ABSOLUTE)
            return v;
        return __builtin_add_overflow(v, base, &v) ? INT64_MAX : v;
    }
    }
}

/* ---- checks ---- */

static void fuzz_fail(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

#include <stdarg.h>
static void fuzz_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("FUZZ FAILURE (api): ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

static int in_range(int64_t t)
{
    return t >= FD_MIN_INSTANT_MS && t <= FD_MAX_INSTANT_MS;
}

static int documented(fd_status s)
{
    return (int)s >= FD_OK && (int)s <= FD_ERR_MEMORY;
}

static int valid_utf8(const char *s, size_t n)
{
    size_t i = 0;
    while (i < n) {
        size_t k = json_utf8_decode((const unsigned char *)s + i, n - i, NULL);
        if (k == 0)
            return 0;
        i += k;
    }
    return 1;
}

/* One of the library's short strings (ids, messages, the version): NUL-terminated within 4096 bytes. */
static void check_text(const char *what, const char *s)
{
    if (s == NULL)
        fuzz_fail("%s returned NULL", what);
    size_t n = strnlen(s, 4096);
    if (n == 4096 || !valid_utf8(s, n))
        fuzz_fail("%s: not a NUL-terminated UTF-8 string", what);
}

/* A buffer of cap bytes followed by canaries, or exactly cap bytes. */
typedef struct area {
    char *buf;
    size_t cap;     /* what the library is told */
    size_t guarded; /* canary starts here (bytes actually owned before it) */
    int exact;
} area;

static void area_make(area *a, size_t cap, size_t real, int exact)
{
    /* real: bytes actually allocated before the canary (= cap unless cap is over-stated) */
    a->cap = cap;
    a->guarded = real;
    a->exact = exact && real > 0;
    a->buf = malloc(real + (a->exact ? 0 : CANARY_SIZE) + (real == 0 && a->exact ? 1 : 0));
    if (a->buf == NULL)
        abort();
    memset(a->buf, 0x5C, real);
    if (!a->exact)
        memset(a->buf + real, CANARY, CANARY_SIZE);
}

static void area_check_free(area *a, const char *what)
{
    if (!a->exact) {
        for (size_t i = 0; i < CANARY_SIZE; i++)
            if ((unsigned char)a->buf[a->guarded + i] != CANARY)
                fuzz_fail("%s: byte %zu past the %zu-byte buffer was written", what, i, a->guarded);
    }
    free(a->buf);
    a->buf = NULL;
}

/* ---- formatters: created per input, or taken from a small cache ---- */

#define CACHE_SLOTS 64

typedef struct cached {
    uint64_t hash;
    unsigned char *key;
    size_t key_len;
    fd_formatter *f;
} cached;

static cached cache[CACHE_SLOTS];

static uint64_t fnv(const void *p, size_t n, uint64_t h)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

/* The options as bytes: the struct with its pointers replaced by the strings they point to. */
static unsigned char *options_key(const fd_options *o, size_t *len)
{
    fd_options copy;
    memset(&copy, 0, sizeof copy); /* no padding bytes of unknown value in the key */
    copy.size = o->size;
    copy.style = o->style;
    copy.hour_cycle = o->hour_cycle;
    copy.width = o->width;
    copy.recent_relative = o->recent_relative;
    copy.just_now_ms = o->just_now_ms;
    copy.skew_tolerance_ms = o->skew_tolerance_ms;
    copy.cross_year_grace_days = o->cross_year_grace_days;
    copy.weekday_window_days = o->weekday_window_days;
    copy.precision = o->precision;
    copy.countdown_days = o->countdown_days;
    copy.plain_spaces = o->plain_spaces;
    copy.spoken = o->spoken;
    copy.overtime = o->overtime;
    copy.max_unit = o->max_unit;
    /* Then each string: a presence byte, and its bytes with their NUL. */
    const char *strings[6] = {
        o->locale, o->time_zone, o->just_now_text, o->yesterday_text, o->day_before_yesterday_text, o->tomorrow_text};
    *len = sizeof copy;
    for (int i = 0; i < 6; i++)
        *len += 1 + (strings[i] ? strlen(strings[i]) + 1 : 0);
    unsigned char *k = malloc(*len);
    if (k == NULL)
        abort();
    memcpy(k, &copy, sizeof copy);
    size_t at = sizeof copy;
    for (int i = 0; i < 6; i++) {
        k[at++] = strings[i] != NULL;
        if (strings[i]) {
            size_t n = strlen(strings[i]) + 1;
            memcpy(k + at, strings[i], n);
            at += n;
        }
    }
    return k;
}

/* ---- one input ---- */

typedef struct run {
    reader in;
    uint8_t flags;
    const fd_formatter *f;
    int plain_spaces; /* the formatter was made with plain_spaces (1.1 layout) */
} run;

/* Whether UTF-8 text s holds a space character (Unicode Zs) other than U+0020. */
static int other_space(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    for (size_t i = 0; i < n; i++) {
        if (p[i] == 0xC2 && i + 1 < n && p[i + 1] == 0xA0)
            return 1; /* U+00A0 */
        if (p[i] == 0xE1 && i + 2 < n && p[i + 1] == 0x9A && p[i + 2] == 0x80)
            return 1; /* U+1680 */
        if (p[i] == 0xE2 && i + 2 < n && p[i + 1] == 0x80 && (p[i + 2] <= 0x8A || p[i + 2] == 0xAF))
            return 1;
        if (p[i] == 0xE2 && i + 2 < n && p[i + 1] == 0x81 && p[i + 2] == 0x9F)
            return 1; /* U+205F */
        if (p[i] == 0xE3 && i + 2 < n && p[i + 1] == 0x80 && p[i + 2] == 0x80)
            return 1; /* U+3000 */
    }
    return 0;
}

/* Checks one successful label and its info. */
static void check_label(const char *what, const char *buf, size_t cap, const fd_label *info, int64_t now)
{
    size_t len = info->length;
    if (len >= FD_LABEL_CAPACITY)
        fuzz_fail("%s: label of %zu bytes, FD_LABEL_CAPACITY is %d", what, len, FD_LABEL_CAPACITY);
    if (len == 0)
        fuzz_fail("%s: empty label", what);
    if (len >= cap || buf[len] != '\0' || memchr(buf, '\0', len) != NULL)
        fuzz_fail("%s: text is not %zu bytes then a NUL", what, len);
    if (!valid_utf8(buf, len))
        fuzz_fail("%s: label is not valid UTF-8", what);
    if (info->next_change_ms != FD_NEVER && (info->next_change_ms <= now || info->next_change_ms > FD_MAX_INSTANT_MS))
        fuzz_fail("%s: next_change %lld is neither in (now=%lld, MAX] nor FD_NEVER", what,
                  (long long)info->next_change_ms, (long long)now);
    if (info->day_offset > len || info->day_length > len - info->day_offset || info->time_offset > len ||
        info->time_length > len - info->time_offset || (info->day_length == 0 && info->day_offset != 0) ||
        (info->time_length == 0 && info->time_offset != 0))
        fuzz_fail("%s: parts outside the %zu-byte text", what, len);
    if (info->day_length && !valid_utf8(buf + info->day_offset, info->day_length))
        fuzz_fail("%s: day part splits a UTF-8 sequence", what);
    if (info->time_length && !valid_utf8(buf + info->time_offset, info->time_length))
        fuzz_fail("%s: time part splits a UTF-8 sequence", what);
    if (info->expired != 0 && info->expired != 1)
        fuzz_fail("%s: expired = %d", what, (int)info->expired);
}

/* Field by field: fd_label has padding bytes. */
static int same_info(const fd_label *a, const fd_label *b)
{
    return a->length == b->length && a->next_change_ms == b->next_change_ms && a->day_offset == b->day_offset &&
           a->day_length == b->day_length && a->time_offset == b->time_offset && a->time_length == b->time_length &&
           a->expired == b->expired;
}

/* fd_format with a full buffer: the reference for other calls. Returns the status. */
static fd_status reference(const fd_formatter *f, int64_t t, int64_t now, char *buf, fd_label *info)
{
    return fd_format(f, t, now, buf, FD_LABEL_CAPACITY, info);
}

/* The code units before byte `bytes` of the UTF-8 text s (jsonl.c's decoder, not the library's). */
static size_t utf16_units(const char *s, size_t bytes)
{
    size_t units = 0;
    for (size_t i = 0; i < bytes;) {
        uint32_t cp = 0;
        size_t len = json_utf8_decode((const unsigned char *)s + i, bytes - i, &cp);
        if (len == 0)
            return (size_t)-1;
        units += cp >= 0x10000 ? 2 : 1;
        i += len;
    }
    return units;
}

/* (1.2) fd_format_utf16 with a capacity of cap_tag code units (0...255, or 256): the status fd_format
 * had, or FD_ERR_BUFFER when the code units and their 0 do not fit; the reference's length, next
 * change and parts in code units; its text as code units; nothing written past cap. */
static void check_utf16(run *r, int64_t t, int64_t now, fd_status rs, const char *ref, const fd_label *ref_info,
                        uint8_t cap_tag)
{
    uint16_t got[FD_LABEL_CAPACITY + 8];
    fd_label info;
    size_t cap = cap_tag == FZ_CAP_FULL ? FD_LABEL_CAPACITY : cap_tag;
    for (size_t i = 0; i < sizeof got / sizeof *got; i++)
        got[i] = 0x5C5C;
    memset(&info, 0xA5, sizeof info);
    fd_status s = fd_format_utf16(r->f, t, now, got, cap, &info);
    /* fd_format_utf16_call: the same call with its arguments in a struct, the same everything */
    uint16_t got2[FD_LABEL_CAPACITY + 8];
    fd_label info2;
    for (size_t i = 0; i < sizeof got2 / sizeof *got2; i++)
        got2[i] = 0x5C5C;
    memset(&info2, 0xA5, sizeof info2);
    fd_utf16_call call = {.formatter = r->f, .t_ms = t, .now_ms = now, .buf = got2, .cap = cap, .info = &info2};
    if (fd_format_utf16_call(&call) != s || memcmp(got, got2, sizeof got) != 0 || !tk_label_same(&info, &info2))
        fuzz_fail("fd_format_utf16_call(t=%lld, now=%lld, cap %zu) is not fd_format_utf16", (long long)t,
                  (long long)now, cap);
    size_t units = rs == FD_OK ? utf16_units(ref, ref_info->length) : 0;
    fd_status expect = rs != FD_OK ? rs : units + 1 > cap ? FD_ERR_BUFFER : FD_OK;
    if (s != expect)
        fuzz_fail("fd_format_utf16(t=%lld, now=%lld, cap %zu): status %d, expected %d", (long long)t, (long long)now,
                  cap, (int)s, (int)expect);
    for (size_t i = cap; i < sizeof got / sizeof *got; i++)
        if (got[i] != 0x5C5C)
            fuzz_fail("fd_format_utf16(cap %zu): code unit %zu past the buffer was written", cap, i);
    if (s != FD_OK && s != FD_ERR_BUFFER)
        return;
    if (info.length != units || info.next_change_ms != ref_info->next_change_ms || info.expired != ref_info->expired ||
        info.day_offset != utf16_units(ref, ref_info->day_offset) ||
        info.day_offset + info.day_length != utf16_units(ref, ref_info->day_offset + ref_info->day_length) ||
        info.time_offset != utf16_units(ref, ref_info->time_offset) ||
        info.time_offset + info.time_length != utf16_units(ref, ref_info->time_offset + ref_info->time_length))
        fuzz_fail("fd_format_utf16(t=%lld, now=%lld): info is not fd_format's in code units", (long long)t,
                  (long long)now);
    if (s == FD_OK) {
        for (size_t i = 0, u = 0; i < ref_info->length; u++) {
            uint32_t cp = 0;
            i += json_utf8_decode((const unsigned char *)ref + i, ref_info->length - i, &cp);
            uint16_t want = cp >= 0x10000 ? (uint16_t)(0xD800 + ((cp - 0x10000) >> 10)) : (uint16_t)cp;
            if (got[u] != want || (cp >= 0x10000 && got[++u] != (uint16_t)(0xDC00 + ((cp - 0x10000) & 0x3FF))))
                fuzz_fail("fd_format_utf16(t=%lld, now=%lld): code unit %zu is not fd_format's text", (long long)t,
                          (long long)now, u);
        }
        if (got[units] != 0)
            fuzz_fail("fd_format_utf16: no 0 after the text");
    }
}

static void op_format(run *r)
{
    int64_t now = rd_instant(&r->in, FZ_NOW);
    int64_t t = rd_instant(&r->in, now);
    uint8_t cap_tag = rd_u8(&r->in);
    int ok_range = in_range(t) && in_range(now);

    char ref[FD_LABEL_CAPACITY];
    fd_label ref_info;
    memset(&ref_info, 0, sizeof ref_info);
    fd_status rs = reference(r->f, t, now, ref, &ref_info);
    if (rs != (ok_range ? FD_OK : FD_ERR_RANGE))
        fuzz_fail("fd_format(t=%lld, now=%lld, cap 256): status %d, expected %d", (long long)t, (long long)now, (int)rs,
                  ok_range ? FD_OK : FD_ERR_RANGE);
    if (rs == FD_OK) {
        check_label("fd_format", ref, FD_LABEL_CAPACITY, &ref_info, now);
        if (r->plain_spaces && other_space(ref, ref_info.length))
            fuzz_fail("fd_format(t=%lld, now=%lld) with plain_spaces: a space character other than U+0020",
                      (long long)t, (long long)now);
        /* Same call, same bytes. */
        char again[FD_LABEL_CAPACITY];
        fd_label again_info;
        if (reference(r->f, t, now, again, &again_info) != FD_OK || !same_info(&again_info, &ref_info) ||
            memcmp(again, ref, ref_info.length + 1) != 0)
            fuzz_fail("fd_format(t=%lld, now=%lld) differs when called again", (long long)t, (long long)now);
    }
    size_t need = rs == FD_OK ? ref_info.length : 0;
    check_utf16(r, t, now, rs, ref, &ref_info, cap_tag);

    size_t cap, real;
    int null_buf = 0;
    if (cap_tag <= 0xDF)
        cap = real = cap_tag;
    else if (cap_tag == FZ_CAP_FULL)
        cap = real = FD_LABEL_CAPACITY;
    else if (cap_tag == FZ_CAP_NEED_MINUS1)
        cap = real = need ? need - 1 : 0;
    else if (cap_tag == FZ_CAP_NEED)
        cap = real = need;
    else if (cap_tag == FZ_CAP_NEED_PLUS1)
        cap = real = need + 1;
    else if (cap_tag == FZ_CAP_HUGE)
        cap = SIZE_MAX, real = FD_LABEL_CAPACITY;
    else if (cap_tag == FZ_CAP_NULL_ZERO)
        cap = real = 0, null_buf = 1;
    else if (cap_tag == FZ_CAP_NULL_TEN)
        cap = 10, real = 0, null_buf = 1;
    else
        cap = real = 1 + (size_t)rd_le(&r->in, 2);

    area a;
    area_make(&a, cap, real, (r->flags & FZ_EXACT_ALLOC) != 0);
    fd_label info;
    memset(&info, 0xA5, sizeof info);
    int null_info = (r->flags & FZ_NULL_INFO) != 0;
    fd_status s = fd_format(r->f, t, now, null_buf ? NULL : a.buf, cap, null_info ? NULL : &info);
    fd_status expect = null_buf && cap > 0 ? FD_ERR_ARGUMENT
                       : !ok_range         ? FD_ERR_RANGE
                       : need + 1 > cap    ? FD_ERR_BUFFER
                                           : FD_OK;
    if (!documented(s) || s != expect)
        fuzz_fail("fd_format(t=%lld, now=%lld, cap %zu%s): status %d, expected %d", (long long)t, (long long)now, cap,
                  null_buf ? ", buf NULL" : "", (int)s, (int)expect);
    if (s == FD_OK) {
        if (memcmp(a.buf, ref, need + 1) != 0)
            fuzz_fail("fd_format(cap %zu): text differs from the cap-256 label", cap);
        if (!null_info && !same_info(&info, &ref_info))
            fuzz_fail("fd_format(cap %zu): info differs from the cap-256 call", cap);
    } else if (s == FD_ERR_BUFFER) {
        if (!null_info && info.length != need)
            fuzz_fail("fd_format(cap %zu): FD_ERR_BUFFER reports length %zu, the label has %zu", cap, info.length,
                      need);
        if (!null_buf && cap >= 1 && memchr(a.buf, '\0', cap) == NULL)
            fuzz_fail("fd_format(cap %zu): FD_ERR_BUFFER left no NUL in the buffer", cap);
    }
    if (cap == SIZE_MAX && s == FD_OK) {
        /* Told the buffer is endless: still only length + 1 bytes may change. */
        for (size_t i = need + 1; i < real; i++)
            if ((unsigned char)a.buf[i] != 0x5C)
                fuzz_fail("fd_format(cap SIZE_MAX): byte %zu past the label's NUL was written", i);
    }
    area_check_free(&a, "fd_format");
}

/* fd_format_many_nul against fd_format_many's labels (labels[0..ends[n-1]), n >= 1): each with its
 * NUL, ends counting them; all its bytes fit, one fewer is FD_ERR_BUFFER with what it needs and no
 * byte written past cap. */
static void check_many_nul(run *r, const int64_t *ts, size_t n, int64_t now, const char *labels, const size_t *ends,
                           int64_t earliest)
{
    size_t need = ends[n - 1] + n;
    size_t *e = malloc(n * sizeof *e);
    if (e == NULL)
        abort();
    for (size_t shorter = 0; shorter < 2; shorter++) {
        size_t cap = need - shorter;
        area a;
        area_make(&a, cap, cap, (r->flags & FZ_EXACT_ALLOC) != 0);
        memset(e, 0xA5, n * sizeof *e);
        int64_t next = 12345;
        fd_status s = fd_format_many_nul(r->f, ts, n, now, a.buf, cap, e, &next);
        if (s != (shorter ? FD_ERR_BUFFER : FD_OK) || e[n - 1] != need)
            fuzz_fail("fd_format_many_nul(n %zu, cap %zu): status %d, %zu bytes; expected %d, %zu", n, cap, (int)s,
                      e[n - 1], shorter ? (int)FD_ERR_BUFFER : (int)FD_OK, need);
        for (size_t i = 0; s == FD_OK && i < n; i++) {
            size_t start = i ? ends[i - 1] : 0, at = i ? e[i - 1] : 0, bytes = ends[i] - start;
            if (e[i] != ends[i] + i + 1 || memcmp(a.buf + at, labels + start, bytes) != 0 || a.buf[at + bytes] != '\0')
                fuzz_fail("fd_format_many_nul(n %zu): label %zu is not fd_format_many's with a NUL", n, i);
        }
        if (s == FD_OK && next != earliest)
            fuzz_fail("fd_format_many_nul: next_change_min %lld, fd_format_many's %lld", (long long)next,
                      (long long)earliest);
        area_check_free(&a, "fd_format_many_nul");
    }
    free(e);
}

static void op_many(run *r)
{
    int64_t now = rd_instant(&r->in, FZ_NOW);
    uint8_t n_tag = rd_u8(&r->in);
    if (n_tag >= 0xF0) {
        /* NULL arrays with any n: FD_ERR_ARGUMENT without touching them (n = 0: FD_OK). */
        static const size_t huge[] = {SIZE_MAX, SIZE_MAX / 8, SIZE_MAX / 8 + 1, (size_t)1 << 40, 3, 0};
        size_t n = huge[(n_tag - 0xF0) % 6];
        int64_t ts[1] = {now};
        size_t ends[1];
        int64_t next = 0;
        char buf[8];
        int which = (n_tag >> 1) & 3;
        const int64_t *tp = which & 1 ? NULL : ts;
        size_t *ep = which & 2 ? NULL : ends;
        if (tp != NULL && ep != NULL && n > 0)
            tp = NULL; /* never hand over an n larger than the arrays */
        fd_status s = fd_format_many(r->f, tp, n, now, buf, sizeof buf, ep, &next);
        fd_status expect = n == 0 ? FD_OK : FD_ERR_ARGUMENT;
        /* n = 0 is FD_OK; with now out of range FD_ERR_RANGE is also fair. */
        if (s != expect && !(n == 0 && !in_range(now) && s == FD_ERR_RANGE))
            fuzz_fail("fd_format_many(n %zu, t_ms %s, ends %s): status %d, expected %d", n, tp ? "set" : "NULL",
                      ep ? "set" : "NULL", (int)s, (int)expect);
        if (s == FD_OK && next != FD_NEVER)
            fuzz_fail("fd_format_many(n 0): next_change_min %lld, expected FD_NEVER", (long long)next);
        return;
    }
    size_t n = n_tag % (FZ_MAX_MANY + 1);
    int64_t ts[FZ_MAX_MANY];
    for (size_t i = 0; i < n; i++)
        ts[i] = rd_instant(&r->in, now);
    uint8_t cap_tag = rd_u8(&r->in);

    /* The reference: fd_format one by one. */
    char expected[FZ_MAX_MANY * FD_LABEL_CAPACITY];
    size_t total = 0;
    int64_t earliest = FD_NEVER;
    int all_in_range = in_range(now);
    for (size_t i = 0; i < n; i++)
        all_in_range &= in_range(ts[i]);
    if (all_in_range) {
        for (size_t i = 0; i < n; i++) {
            fd_label info;
            char one[FD_LABEL_CAPACITY];
            if (reference(r->f, ts[i], now, one, &info) != FD_OK)
                fuzz_fail("fd_format(t=%lld, now=%lld) failed in range", (long long)ts[i], (long long)now);
            memcpy(expected + total, one, info.length);
            total += info.length;
            if (info.next_change_ms < earliest)
                earliest = info.next_change_ms;
        }
    }

    size_t full = n ? n * FD_LABEL_CAPACITY : FD_LABEL_CAPACITY;
    size_t cap, real;
    int null_buf = 0;
    if (cap_tag <= 0xDF)
        cap = real = cap_tag;
    else if (cap_tag == FZ_CAP_FULL)
        cap = real = full;
    else if (cap_tag == FZ_CAP_NEED_MINUS1)
        cap = real = total ? total - 1 : 0;
    else if (cap_tag == FZ_CAP_NEED)
        cap = real = total;
    else if (cap_tag == FZ_CAP_NEED_PLUS1)
        cap = real = total + 1;
    else if (cap_tag == FZ_CAP_HUGE)
        cap = SIZE_MAX, real = full;
    else if (cap_tag == FZ_CAP_NULL_ZERO)
        cap = real = 0, null_buf = 1;
    else if (cap_tag == FZ_CAP_NULL_TEN)
        cap = 10, real = 0, null_buf = 1;
    else
        cap = real = 1 + (size_t)rd_le(&r->in, 2);

    area a;
    area_make(&a, cap, real, (r->flags & FZ_EXACT_ALLOC) != 0);
    /* ends: exactly n entries (ASan sees a write past them); n = 0 passes NULL. */
    size_t *ends = n ? malloc(n * sizeof *ends) : NULL;
    if (n && ends == NULL)
        abort();
    if (n)
        memset(ends, 0xA5, n * sizeof *ends);
    int64_t next = 12345;
    int null_next = (r->flags & FZ_NULL_NEXT) != 0;
    fd_status s =
        fd_format_many(r->f, n ? ts : NULL, n, now, null_buf ? NULL : a.buf, cap, ends, null_next ? NULL : &next);
    fd_status expect;
    if (null_buf && cap > 0)
        expect = FD_ERR_ARGUMENT;
    else if (n == 0)
        expect = FD_OK;
    else if (!all_in_range)
        expect = FD_ERR_RANGE;
    else
        expect = total > cap ? FD_ERR_BUFFER : FD_OK;
    if (n == 0 && !in_range(now) && s == FD_ERR_RANGE && !(null_buf && cap > 0))
        expect = FD_ERR_RANGE; /* n = 0 is FD_OK; with now out of range FD_ERR_RANGE is also fair */
    if (!documented(s) || s != expect)
        fuzz_fail("fd_format_many(n %zu, now=%lld, cap %zu%s): status %d, expected %d", n, (long long)now, cap,
                  null_buf ? ", buf NULL" : "", (int)s, (int)expect);
    if (s == FD_OK) {
        for (size_t i = 0; i < n; i++) {
            size_t start = i ? ends[i - 1] : 0;
            if (ends[i] < start || ends[i] - start >= FD_LABEL_CAPACITY || ends[i] - start == 0)
                fuzz_fail("fd_format_many: ends[%zu] = %zu after %zu", i, ends[i], start);
        }
        if (n && (ends[n - 1] != total || memcmp(a.buf, expected, total) != 0))
            fuzz_fail("fd_format_many(n %zu): labels differ from fd_format one by one", n);
        if (n && !valid_utf8(a.buf, total))
            fuzz_fail("fd_format_many: labels are not valid UTF-8");
        if (cap > total && a.buf[total] != '\0')
            fuzz_fail("fd_format_many(n %zu, cap %zu): no NUL after the labels", n, cap);
        if (!null_next && next != earliest)
            fuzz_fail("fd_format_many: next_change_min %lld, the earliest of the labels is %lld", (long long)next,
                      (long long)earliest);
        if (!null_next && next != FD_NEVER && next <= now)
            fuzz_fail("fd_format_many: next_change_min %lld not after now %lld", (long long)next, (long long)now);
        if (n)
            check_many_nul(r, ts, n, now, a.buf, ends, earliest);
    } else if (s == FD_ERR_BUFFER) {
        if (ends[n - 1] != total)
            fuzz_fail("fd_format_many(cap %zu): FD_ERR_BUFFER reports %zu bytes needed, the labels have %zu", cap,
                      ends[n - 1], total);
    }
    if (cap == SIZE_MAX && s == FD_OK) {
        for (size_t i = total + 1; i < real; i++)
            if ((unsigned char)a.buf[i] != 0x5C)
                fuzz_fail("fd_format_many(cap SIZE_MAX): byte %zu past the labels' NUL was written", i);
    }
    free(ends);
    area_check_free(&a, "fd_format_many");
}

static void op_misc(run *r)
{
    int32_t status = (int32_t)(uint32_t)rd_le(&r->in, 4);
    int32_t style = (int32_t)(uint32_t)rd_le(&r->in, 4);
    check_text("fd_status_message", fd_status_message((fd_status)status));
    fd_options o;
    fd_status s = fd_options_init(&o, (fd_style)style);
    if (s != (fdn_style(style).name != NULL ? FD_OK : FD_ERR_ARGUMENT))
        fuzz_fail("fd_options_init(style %d): status %d", (int)style, (int)s);
    if (o.size != sizeof o)
        fuzz_fail("fd_options_init: size %u", (unsigned)o.size);
    check_text("fd_formatter_locale", fd_formatter_locale(r->f));
    check_text("fd_formatter_time_zone", fd_formatter_time_zone(r->f));
    check_text("fd_formatter_tz_source", fd_formatter_tz_source(r->f));
    check_text("fd_version_string", fd_version_string());
    if (fd_version() != FD_VERSION_NUMBER)
        fuzz_fail("fd_version");
}

/* ---- schedules and their markup (SPEC 11; html and script JSON, 1.3) ---- */

/* The wire of a schedule call into a fresh exact buffer: status, and *out (malloc'd) on FD_OK. */
static fd_status schedule_form(const fd_formatter *f, int kind, int64_t t, int64_t now, int64_t horizon, size_t entries,
                               char **out, size_t *length)
{
    uint32_t flags = kind == 2 ? FD_HTML_SPOKEN : kind == 4 ? 0x80000000u : 0;
    *out = NULL;
    *length = 0;
    fd_status s = kind == 0   ? fd_schedule_json(f, t, now, horizon, entries, NULL, 0, length)
                  : kind == 3 ? fd_schedule_script_json(f, t, now, horizon, entries, NULL, 0, length)
                              : fd_schedule_html(f, t, now, horizon, entries, flags, NULL, 0, length);
    if (s != FD_ERR_BUFFER)
        return s;
    char *buf = malloc(*length + 1);
    if (buf == NULL)
        abort();
    size_t again = 0;
    s = kind == 0   ? fd_schedule_json(f, t, now, horizon, entries, buf, *length + 1, &again)
        : kind == 3 ? fd_schedule_script_json(f, t, now, horizon, entries, buf, *length + 1, &again)
                    : fd_schedule_html(f, t, now, horizon, entries, flags, buf, *length + 1, &again);
    if (s != FD_OK || again != *length || buf[again] != '\0' || strlen(buf) != again)
        fuzz_fail("schedule form %d: the size query said %zu bytes, the call gave status %d and %zu", kind, *length,
                  (int)s, again);
    *out = buf;
    return s;
}

/* html's attribute value after `name="` (entities undone), or NULL. */
static char *attribute(const char *html, const char *name)
{
    char key[64];
    snprintf(key, sizeof key, " %s=\"", name);
    const char *p = strstr(html, key);
    if (p == NULL)
        return NULL;
    p += strlen(key);
    const char *end = strchr(p, '"');
    if (end == NULL)
        return NULL;
    char *out = malloc((size_t)(end - p) + 1), *o = out;
    if (out == NULL)
        abort();
    static const char *const refs[][2] = {
        {"&amp;", "&"}, {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&#39;", "'"}};
    while (p < end) {
        int hit = 0;
        for (size_t i = 0; i < 5 && !hit; i++)
            if (strncmp(p, refs[i][0], strlen(refs[i][0])) == 0) {
                *o++ = refs[i][1][0];
                p += strlen(refs[i][0]);
                hit = 1;
            }
        if (!hit) {
            if (*p == '&')
                fuzz_fail("fd_schedule_html: a raw & in %s", name);
            *o++ = *p++;
        }
    }
    *o = '\0';
    return out;
}

static void op_schedule(run *r)
{
    int64_t now = rd_instant(&r->in, FZ_NOW);
    int64_t t = rd_instant(&r->in, now);
    uint8_t h_tag = rd_u8(&r->in) % 8, e_tag = rd_u8(&r->in);
    int64_t horizon = h_tag < 7 ? FZ_HORIZONS[h_tag] : (int64_t)(int32_t)(uint32_t)rd_le(&r->in, 4) * 1000;
    size_t entries = e_tag < 0xF0 ? e_tag % 17 : (size_t)FZ_ENTRY_EDGES[e_tag & 3];
    int kind = rd_u8(&r->in) % 5;
    uint8_t cap_tag = rd_u8(&r->in);

    int bad_args = kind == 4 || entries < 1 || entries > FD_SCHEDULE_MAX_ENTRIES || horizon < 0 ||
                   horizon > FD_SCHEDULE_MAX_HORIZON_MS;
    char *form = NULL, *wire = NULL;
    size_t need = 0, wire_length = 0;
    fd_status rs = schedule_form(r->f, kind, t, now, horizon, entries, &form, &need);
    if (!documented(rs) || (bad_args && rs != FD_ERR_ARGUMENT) || (!bad_args && !in_range(now) && rs != FD_ERR_RANGE) ||
        (!bad_args && in_range(now) && in_range(t) && rs != FD_OK && rs != FD_ERR_ICU))
        fuzz_fail("schedule form %d (t=%lld, now=%lld, horizon %lld, max_entries %zu): status %d", kind, (long long)t,
                  (long long)now, (long long)horizon, entries, (int)rs);
    if (rs == FD_OK) {
        /* Not check_text: its 4096-byte probe is for the library's short strings (ids, messages),
         * and a form has no such bound (a 0.1 s countdown over an hour at FD_SCHEDULE_MAX_ENTRIES
         * is 648,041 bytes). schedule_form checked the NUL at need and none before it. */
        if (form == NULL)
            fuzz_fail("schedule form %d: FD_OK with a NULL buffer of 0 bytes (no room for the NUL)", kind);
        if (!valid_utf8(form, need))
            fuzz_fail("schedule form %d: its %zu bytes are not valid UTF-8", kind, need);
        char *again = NULL;
        size_t again_length = 0;
        if (schedule_form(r->f, kind, t, now, horizon, entries, &again, &again_length) != FD_OK ||
            again_length != need || memcmp(again, form, need) != 0)
            fuzz_fail("schedule form %d differs when called again", kind);
        free(again);
        if (kind != 0 && schedule_form(r->f, 0, t, now, horizon, entries, &wire, &wire_length) != FD_OK)
            fuzz_fail("fd_schedule_json failed where form %d did not", kind);
        if (kind == 3) {
            /* The wire with < > & U+2028 U+2029 escaped, and nothing else changed. */
            char *w = wire, *p = form;
            for (; *w; w++) {
                const char *e = *w == '<'                            ? "\\u003c"
                                : *w == '>'                          ? "\\u003e"
                                : *w == '&'                          ? "\\u0026"
                                : strncmp(w, "\xe2\x80\xa8", 3) == 0 ? "\\u2028"
                                : strncmp(w, "\xe2\x80\xa9", 3) == 0 ? "\\u2029"
                                                                     : NULL;
                if (e && strncmp(p, e, 6) == 0) {
                    p += 6;
                    if (e[2] == '2')
                        w += 2;
                } else if (!e && *p == *w) {
                    p++;
                } else {
                    fuzz_fail("fd_schedule_script_json differs from the wire at wire byte %zu", (size_t)(w - wire));
                }
            }
            if (*p != '\0')
                fuzz_fail("fd_schedule_script_json: bytes after the wire");
        } else if (kind != 0) {
            /* The markup: four tags, each attribute the escaped form of what it holds. */
            size_t lt = 0, quotes = 0;
            for (const char *p = form; *p; p++)
                lt += *p == '<', quotes += *p == '"';
            if (lt != 4 || quotes != (kind == 2 ? 8u : 6u) || strchr(form, '\'') != NULL ||
                strncmp(form, "<time datetime=\"", 16) != 0 || need < 19 ||
                strcmp(form + need - 19, "</feed-date></time>") != 0)
                fuzz_fail("fd_schedule_html: not the markup of SPEC 11: %s", form);
            char *schedule = attribute(form, "data-schedule"), *spoken = attribute(form, "data-spoken-schedule");
            if (schedule == NULL || strcmp(schedule, wire) != 0)
                fuzz_fail("fd_schedule_html: data-schedule is not fd_schedule_json's wire");
            if ((kind == 2) != (spoken != NULL))
                fuzz_fail("fd_schedule_html: data-spoken-schedule with flags %d", kind);
            free(schedule);
            free(spoken);
        }
    }

    size_t cap, real;
    int null_buf = 0;
    if (cap_tag <= 0xDF)
        cap = real = cap_tag;
    else if (cap_tag == FZ_CAP_FULL || cap_tag == FZ_CAP_NEED_PLUS1)
        cap = real = need + 1;
    else if (cap_tag == FZ_CAP_NEED_MINUS1)
        cap = real = need ? need - 1 : 0;
    else if (cap_tag == FZ_CAP_NEED)
        cap = real = need;
    /* Over-stated: a failing call may have written the form's start (it
     * writes as it walks) before the entry that failed, so such a call gets
     * room for that start; a good one exactly its bytes. */
    else if (cap_tag == FZ_CAP_HUGE)
        cap = SIZE_MAX, real = rs == FD_OK ? need + 1 : 4096;
    else if (cap_tag == FZ_CAP_NULL_ZERO)
        cap = real = 0, null_buf = 1;
    else if (cap_tag == FZ_CAP_NULL_TEN)
        cap = 10, real = 0, null_buf = 1;
    else
        cap = real = 1 + (size_t)rd_le(&r->in, 2);
    area a;
    area_make(&a, cap, real, (r->flags & FZ_EXACT_ALLOC) != 0);
    size_t length = 12345;
    uint32_t flags = kind == 2 ? FD_HTML_SPOKEN : kind == 4 ? 0x80000000u : 0;
    char *buf = null_buf ? NULL : a.buf;
    fd_status s = kind == 0   ? fd_schedule_json(r->f, t, now, horizon, entries, buf, cap, &length)
                  : kind == 3 ? fd_schedule_script_json(r->f, t, now, horizon, entries, buf, cap, &length)
                              : fd_schedule_html(r->f, t, now, horizon, entries, flags, buf, cap, &length);
    fd_status expect = null_buf && cap > 0 ? FD_ERR_ARGUMENT
                       : rs != FD_OK       ? rs
                       : need + 1 > cap    ? FD_ERR_BUFFER
                                           : FD_OK;
    if (s != expect)
        fuzz_fail("schedule form %d (cap %zu%s): status %d, expected %d", kind, cap, null_buf ? ", buf NULL" : "",
                  (int)s, (int)expect);
    if (s == FD_OK && (length != need || memcmp(a.buf, form, need + 1) != 0))
        fuzz_fail("schedule form %d (cap %zu): differs from the exact-size call", kind, cap);
    if (s == FD_ERR_BUFFER && length != need)
        fuzz_fail("schedule form %d (cap %zu): FD_ERR_BUFFER reports %zu bytes, the form has %zu", kind, cap, length,
                  need);
    area_check_free(&a, "schedule form");
    free(form);
    free(wire);
}

/* Whether every field except the strings is within the documented ranges. */
/* Whether s is a word the library takes: UTF-8 (shortest forms, no
 * surrogates), 1..64 bytes, no control character (U+0000-U+001F, U+007F-U+009F). */
static int word_valid(const char *s)
{
    if (s == NULL)
        return 1;
    size_t n = strnlen(s, 65);
    if (n < 1 || n > 64)
        return 0;
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    while (p < end) {
        uint32_t c;
        int k;
        if (*p < 0x80) {
            c = *p;
            k = 1;
        } else if (*p >= 0xC2 && *p <= 0xDF) {
            c = *p & 0x1F;
            k = 2;
        } else if (*p >= 0xE0 && *p <= 0xEF) {
            c = *p & 0x0F;
            k = 3;
        } else if (*p >= 0xF0 && *p <= 0xF4) {
            c = *p & 0x07;
            k = 4;
        } else
            return 0;
        if (end - p < k)
            return 0;
        for (int i = 1; i < k; i++) {
            if ((p[i] & 0xC0) != 0x80)
                return 0;
            c = c << 6 | (p[i] & 0x3F);
        }
        if ((k == 3 && c < 0x800) || (k == 4 && (c < 0x10000 || c > 0x10FFFF)) || (c >= 0xD800 && c <= 0xDFFF))
            return 0;
        if (c < 0x20 || (c >= 0x7F && c <= 0x9F))
            return 0;
        p += k;
    }
    return 1;
}

/* The size of the 1.0 layout: it ends with countdown_days. */
#define FZ_SIZE_10 ((offsetof(fd_options, countdown_days) + sizeof(int32_t) + 7) / 8 * 8)

static int options_valid(const fd_options *o)
{
    /* The 1.0 layout ends at countdown_days: the library reads no further. */
    int v11 = o->size == sizeof *o;
    if (v11 && !((o->plain_spaces == 0 || o->plain_spaces == 1) && (o->spoken == 0 || o->spoken == 1) &&
                 (o->overtime == 0 || o->overtime == 1) && fdn_unit((int)o->max_unit).name != NULL &&
                 word_valid(o->just_now_text) && word_valid(o->yesterday_text) &&
                 word_valid(o->day_before_yesterday_text) && word_valid(o->tomorrow_text)))
        return 0;
    return (v11 || o->size == FZ_SIZE_10) && fdn_style((int)o->style).name != NULL &&
           fdn_hour_cycle((int)o->hour_cycle).name != NULL && fdn_width((int)o->width).name != NULL &&
           (o->recent_relative == 0 || o->recent_relative == 1) && o->just_now_ms >= 0 && o->just_now_ms <= 86400000 &&
           o->skew_tolerance_ms >= 0 && o->skew_tolerance_ms <= 86400000 && o->cross_year_grace_days >= 0 &&
           o->cross_year_grace_days <= 366 && o->weekday_window_days >= 1 && o->weekday_window_days <= 6 &&
           o->precision >= 0 && o->precision <= 3 && (o->countdown_days == 0 || o->countdown_days == 1);
}

static int in_table(const char *s, const char *const *table, size_t count)
{
    for (size_t i = 0; s != NULL && i < count; i++)
        if (table[i] == s)
            return 1;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    run r = {{data, size}, 0, NULL, 0};
    r.flags = rd_u8(&r.in);

    fd_options o;
    int64_t v[FZ_F_COUNT];
    fd_options_init(&o, FD_STYLE_FEED);
    /* The style first decides the defaults, as for a caller. */
    v[FZ_F_SIZE] = rd_int(&r.in, sizeof(fd_options));
    v[FZ_F_STYLE] = rd_int(&r.in, FD_STYLE_FEED);
    if (v[FZ_F_STYLE] >= 0 && v[FZ_F_STYLE] < fdn_count(fdn_style))
        fd_options_init(&o, (fd_style)v[FZ_F_STYLE]);
    o.size = (uint32_t)v[FZ_F_SIZE];
    o.style = (fd_style)(uint32_t)v[FZ_F_STYLE];
    o.hour_cycle = (fd_hour_cycle)(uint32_t)rd_int(&r.in, o.hour_cycle);
    o.width = (fd_width)(uint32_t)rd_int(&r.in, o.width);
    o.recent_relative = (int32_t)rd_int(&r.in, o.recent_relative);
    o.just_now_ms = rd_int(&r.in, o.just_now_ms);
    o.skew_tolerance_ms = rd_int(&r.in, o.skew_tolerance_ms);
    o.cross_year_grace_days = (int32_t)rd_int(&r.in, o.cross_year_grace_days);
    o.weekday_window_days = (int32_t)rd_int(&r.in, o.weekday_window_days);
    o.precision = (int32_t)rd_int(&r.in, o.precision);
    o.countdown_days = (int32_t)rd_int(&r.in, o.countdown_days);
    char *own_locale, *own_zone;
    o.locale = rd_str(&r.in, FZ_LOCALES, FZ_LOCALE_COUNT, &own_locale);
    o.time_zone = rd_str(&r.in, FZ_ZONES, FZ_ZONE_COUNT, &own_zone);
    o.plain_spaces = (int32_t)rd_int(&r.in, o.plain_spaces);
    o.spoken = (int32_t)rd_int(&r.in, o.spoken);
    o.overtime = (int32_t)rd_int(&r.in, o.overtime);
    o.max_unit = (fd_unit)(uint32_t)rd_int(&r.in, o.max_unit);
    char *own_words[4];
    o.just_now_text = rd_str(&r.in, FZ_WORDS, FZ_WORD_COUNT, &own_words[0]);
    o.yesterday_text = rd_str(&r.in, FZ_WORDS, FZ_WORD_COUNT, &own_words[1]);
    o.day_before_yesterday_text = rd_str(&r.in, FZ_WORDS, FZ_WORD_COUNT, &own_words[2]);
    o.tomorrow_text = rd_str(&r.in, FZ_WORDS, FZ_WORD_COUNT, &own_words[3]);

    size_t key_len;
    unsigned char *key = options_key(&o, &key_len);
    uint64_t hash = fnv(key, key_len, 0xcbf29ce484222325ull);
    cached *slot = &cache[hash % CACHE_SLOTS];
    fd_formatter *fresh = NULL;
    if (!(r.flags & FZ_FRESH) && slot->f != NULL && slot->hash == hash && slot->key_len == key_len &&
        memcmp(slot->key, key, key_len) == 0) {
        r.f = slot->f;
        r.plain_spaces = o.size == sizeof o && o.plain_spaces == 1;
        free(key);
    } else {
        fd_formatter *f = (fd_formatter *)(void *)&o; /* must be overwritten */
        fd_status s = fd_formatter_new(&o, &f);
        if (!documented(s) || s == FD_ERR_RANGE || s == FD_ERR_BUFFER)
            fuzz_fail("fd_formatter_new: status %d is not one it may return", (int)s);
        if (s != FD_OK && f != NULL)
            fuzz_fail("fd_formatter_new: status %d but *out is not NULL", (int)s);
        if (s == FD_OK && (f == NULL || f == (fd_formatter *)(void *)&o))
            fuzz_fail("fd_formatter_new: FD_OK without a formatter");
        int valid = options_valid(&o);
        if (!valid && s != FD_ERR_ARGUMENT)
            fuzz_fail("fd_formatter_new: options out of range gave status %d, not FD_ERR_ARGUMENT", (int)s);
        if (valid && s == FD_ERR_ARGUMENT)
            fuzz_fail("fd_formatter_new: valid options gave FD_ERR_ARGUMENT");
        /* Known-good ids with valid options must work. */
        int good_ids = (o.locale == NULL || in_table(o.locale, FZ_LOCALES, FZ_LOCALE_GOOD)) &&
                       (o.time_zone == NULL || in_table(o.time_zone, FZ_ZONES, FZ_ZONE_COUNT));
        if (valid && good_ids && s != FD_OK)
            fuzz_fail("fd_formatter_new(locale %s, zone %s): status %d", o.locale ? o.locale : "NULL",
                      o.time_zone ? o.time_zone : "NULL", (int)s);
        /* The copies of the ids are the formatter's own. */
        if (own_locale)
            memset(own_locale, 'Z', strlen(own_locale));
        if (own_zone)
            memset(own_zone, 'Z', strlen(own_zone));
        for (int i = 0; i < 4; i++)
            if (own_words[i])
                memset(own_words[i], 'Z', strlen(own_words[i]));
        if (s != FD_OK) {
            /* Calls on no formatter are argument errors. */
            char buf[FD_LABEL_CAPACITY];
            size_t ends[1];
            int64_t ts[1] = {FZ_NOW};
            if (fd_format(NULL, FZ_NOW, FZ_NOW, buf, sizeof buf, NULL) != FD_ERR_ARGUMENT ||
                fd_format_many(NULL, ts, 1, FZ_NOW, buf, sizeof buf, ends, NULL) != FD_ERR_ARGUMENT)
                fuzz_fail("fd_format / fd_format_many on a NULL formatter: not FD_ERR_ARGUMENT");
            check_text("fd_formatter_locale(NULL)", fd_formatter_locale(NULL));
            free(key);
            free(own_locale);
            free(own_zone);
            for (int i = 0; i < 4; i++)
                free(own_words[i]);
            return 0;
        }
        if (r.flags & FZ_FRESH) {
            fresh = f;
            free(key);
        } else {
            if (slot->f)
                fd_formatter_free(slot->f);
            free(slot->key);
            slot->f = f;
            slot->hash = hash;
            slot->key = key;
            slot->key_len = key_len;
        }
        r.f = f;
        r.plain_spaces = o.size == sizeof o && o.plain_spaces == 1;
    }
    free(own_locale);
    free(own_zone);
    for (int i = 0; i < 4; i++)
        free(own_words[i]);

    for (int i = 0; i < FZ_MAX_OPS && r.in.n > 0; i++) {
        switch (rd_u8(&r.in) % 4) {
        case FZ_OP_FORMAT: op_format(&r); break;
        case FZ_OP_MANY: op_many(&r); break;
        case FZ_OP_SCHEDULE: op_schedule(&r); break;
        default: op_misc(&r); break;
        }
    }
    fd_formatter_free(fresh);
    return 0;
}
