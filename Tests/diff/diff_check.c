/*
 * diff_check — differential check of two builds of libfeeddate.so.1.
 *
 *   diff_check run LIBRARY SEED COUNT
 *       dlopens LIBRARY (a path: no SONAME lookup, so two builds of
 *       libfeeddate.so.1 never get confused), draws COUNT cases from SEED
 *       and prints one line per case (and per batch) on stdout.
 *   diff_check compare BASE_OUTPUT NEW_OUTPUT
 *       reads two outputs of `run` (same SEED and COUNT) line by line,
 *       counts identical lines, documented 1.1 corrections and failures,
 *       prints the first failures in full and a summary; exit 1 on failure.
 *
 * Compiled once against Tests/c/abi/feeddate-1.0.h: the options are the 1.0
 * layout that fd_options_init (the symbol) writes, which the 1.0 library and
 * every later 1.x library accept, so the same binary runs against both.
 *
 * The cases do not depend on what a library answers: every random draw comes
 * from SEED and the case number only, so both runs print the same cases in
 * the same order and the lines pair up one to one.
 *
 * Line formats (tab-separated; text escaped: bytes < 0x20, 0x7f, '\\' as \xHH):
 *   C id cfg t now status text next day_off,day_len,time_off,time_len expired [jn z0]
 *   B id cfg now status n t1,t2,... ends1,ends2,... text ncmin [jn z0]
 *   cfg is "style|locale|zone|hc|width|rr|jn_ms|skew_ms|grace|wdw|prec|cdays";
 *   status "N<k>" means fd_formatter_new returned k (then no label).
 *   jn/z0 (RELATIVE with skew_tolerance_ms < 1000 only) are the just-now
 *   piece (this library's RELATIVE label of t = now with just_now_ms at its
 *   default) and ICU's "in 0 seconds" (ureldatefmt_formatNumeric(+0,
 *   SECOND) at the formatter's resolved locale and width): what a 1.0
 *   future count of zero reads, and what 1.1 reads in its place.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <unicode/ureldatefmt.h>
#include <unicode/ustring.h>

#include "feeddate-1.0.h"
#include "fd_names.h"

/* ---- the library, by path ------------------------------------------------ */

static fd_status (*p_options_init)(fd_options *, fd_style);
static fd_status (*p_formatter_new)(const fd_options *, fd_formatter **);
static void (*p_formatter_free)(fd_formatter *);
static fd_status (*p_format)(const fd_formatter *, int64_t, int64_t, char *, size_t, fd_label *);
static fd_status (*p_format_many)(const fd_formatter *, const int64_t *, size_t, int64_t, char *, size_t, size_t *,
                                  int64_t *);
static const char *(*p_formatter_locale)(const fd_formatter *);
static const char *(*p_version_string)(void);

static void *sym(void *h, const char *name)
{
    void *p = dlsym(h, name);
    if (!p) {
        fprintf(stderr, "diff_check: %s: %s\n", name, dlerror());
        exit(2);
    }
    return p;
}

static void load(const char *path)
{
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        fprintf(stderr, "diff_check: cannot load %s: %s\n", path, dlerror());
        exit(2);
    }
    *(void **)&p_options_init = sym(h, "fd_options_init");
    *(void **)&p_formatter_new = sym(h, "fd_formatter_new");
    *(void **)&p_formatter_free = sym(h, "fd_formatter_free");
    *(void **)&p_format = sym(h, "fd_format");
    *(void **)&p_format_many = sym(h, "fd_format_many");
    *(void **)&p_formatter_locale = sym(h, "fd_formatter_locale");
    *(void **)&p_version_string = sym(h, "fd_version_string");
}

/* ---- deterministic randomness: splitmix64 --------------------------------- */

typedef struct {
    uint64_t s;
} rng;
static uint64_t next64(rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static rng rng_for(uint64_t seed, uint64_t stream, uint64_t index)
{
    rng r = {seed ^ (stream * 0xD1B54A32D192ED03ULL)};
    r.s ^= next64(&r) + index * 0x9E3779B97F4A7C15ULL;
    next64(&r);
    return r;
}
static uint64_t below(rng *r, uint64_t n)
{
    return n ? next64(r) % n : 0;
}
static int64_t range_i(rng *r, int64_t lo, int64_t hi)
{ /* inclusive */
    return lo + (int64_t)below(r, (uint64_t)(hi - lo) + 1);
}
static int chance(rng *r, unsigned percent)
{
    return below(r, 100) < percent;
}
static double unit01(rng *r)
{
    return (double)(next64(r) >> 11) / 9007199254740992.0;
}

/* ---- what is drawn ------------------------------------------------------- */

static const char *LOCALES[] = {
    "zh_CN",      "zh_TW",          "en_US",
    "en_GB",      "ja_JP",          "ja_JP@calendar=japanese",
    "ko_KR",      "de_DE",          "fr_FR",
    "es_ES",      "ru_RU",          "ar_EG",
    "ar_SA",      "fa_IR",          "he_IL@calendar=hebrew",
    "hi_IN",      "th_TH",          "fi_FI",
    "pt_BR",      "tr_TR",          "vi_VN",
    "id_ID",      "en-US-u-hc-h23", "und",
    "zh-Hant-HK", "en_IN",          "pl_PL",
    "bn_BD",
};
static const char *ZONES[] = {
    "Asia/Shanghai",       "America/New_York", "Europe/Berlin",      "America/Sao_Paulo",   "Pacific/Apia",
    "Australia/Lord_Howe", "America/St_Johns", "Africa/Casablanca",  "Asia/Kolkata",        "Europe/London",
    "America/Los_Angeles", "Asia/Tokyo",       "Pacific/Kiritimati", "America/Mexico_City", "Africa/Cairo",
    "Asia/Tehran",         "Etc/UTC",          "Etc/GMT+12",         "Europe/Dublin",       "America/Havana",
};
#define NLOC (sizeof LOCALES / sizeof *LOCALES)
#define NZONE (sizeof ZONES / sizeof *ZONES)

#define MS_S ((int64_t)1000)
#define MS_MIN ((int64_t)60000)
#define MS_H ((int64_t)3600000)
#define MS_D ((int64_t)86400000)
#define Y1900 (-2208988800000LL)
#define Y2100 (4102444800000LL)
#define BLOCK 32 /* consecutive cases share one configuration */

typedef struct {
    int style, loc, zone, hc, width, rr, grace, wdw, prec, cdays;
    int64_t jn, skew;
} config;

static void draw_config(rng *r, config *c)
{
    c->style = (int)below(r, (uint64_t)fdn_count(fdn_style));
    c->loc = (int)below(r, NLOC);
    c->zone = (int)below(r, NZONE);
    unsigned k = (unsigned)below(r, 100);
    c->hc = k < 70 ? 0 : k < 85 ? 1 : 2;
    k = (unsigned)below(r, 100);
    c->width = k < 60 ? 0 : k < 80 ? 1 : 2;
    c->rr = chance(r, 50);
    k = (unsigned)below(r, 100);
    c->jn = k < 50   ? 60000
            : k < 60 ? 0
            : k < 75 ? range_i(r, 1, 999)
            : k < 90 ? range_i(r, 1000, 120000)
            : k < 95 ? 86400000
                     : range_i(r, 0, 86400000);
    k = (unsigned)below(r, 100);
    c->skew = k < 40 ? 60000 : k < 55 ? 0 : k < 80 ? range_i(r, 1, 999) : k < 95 ? range_i(r, 1000, 300000) : 86400000;
    k = (unsigned)below(r, 100);
    static const int grace_pick[] = {1, 2, 7, 30, 31, 365, 366};
    c->grace = k < 60 ? 0 : k < 80 ? grace_pick[below(r, 7)] : (int)range_i(r, 0, 366);
    c->wdw = chance(r, 50) ? 6 : (int)range_i(r, 1, 6);
    c->prec = chance(r, 50) ? 1 : (int)range_i(r, 0, 3);
    c->cdays = chance(r, 50);
}

static int cfg_key(const config *c, char *out, size_t cap)
{
    return snprintf(out, cap, "%d|%s|%s|%d|%d|%d|%" PRId64 "|%" PRId64 "|%d|%d|%d|%d", c->style, LOCALES[c->loc],
                    ZONES[c->zone], c->hc, c->width, c->rr, c->jn, c->skew, c->grace, c->wdw, c->prec, c->cdays);
}

/* The instant "now": mostly 1900..2100, sometimes the whole range, sometimes
 * a UTC quarter hour ± 1 ms (every zone here has offsets in quarter hours, so
 * these are local midnights, hours and DST switches somewhere). */
static int64_t draw_now(rng *r)
{
    unsigned k = (unsigned)below(r, 100);
    if (k < 75)
        return range_i(r, Y1900, Y2100 - 1);
    if (k < 87)
        return range_i(r, FD_MIN_INSTANT_MS, FD_MAX_INSTANT_MS);
    if (k < 97) {
        int64_t q = range_i(r, Y1900, Y2100) / (15 * MS_MIN) * (15 * MS_MIN);
        return q + range_i(r, -1, 1);
    }
    static const int64_t edge[] = {FD_MIN_INSTANT_MS,        FD_MAX_INSTANT_MS,       0, -1,
                                   FD_MIN_INSTANT_MS + MS_D, FD_MAX_INSTANT_MS - MS_D};
    return edge[below(r, 6)] + range_i(r, -2, 2) * (chance(r, 50) ? 1 : MS_H);
}

static int64_t draw_delta(rng *r, const config *c)
{
    unsigned k = (unsigned)below(r, 100);
    int64_t sign = chance(r, 55) ? -1 : 1; /* t = now + delta: negative = past */
    if (k < 50) {                          /* log scale: 1 ms .. ~3 centuries */
        double m = pow(10.0, unit01(r) * 13.0);
        return sign * (int64_t)m;
    }
    if (k < 72) { /* exact unit boundaries ± 1 ms */
        static const int64_t units[] = {MS_S, MS_MIN, MS_H, MS_D, 7 * MS_D, 30 * MS_D, 365 * MS_D};
        int64_t u = units[below(r, 7)];
        int64_t n = chance(r, 50) ? range_i(r, 0, 3) : range_i(r, 0, 60);
        return sign * (n * u) + range_i(r, -1, 1);
    }
    if (k < 84) { /* near the skew tolerance and the just-now threshold */
        int64_t base = chance(r, 50) ? c->skew : c->jn;
        return sign * (base + range_i(r, -1, 1)) + (chance(r, 30) ? range_i(r, -1000, 1000) : 0);
    }
    if (k < 92) /* within a few seconds either way */
        return range_i(r, -3000, 3000 + (c->skew < 100000 ? c->skew : 100000));
    /* t on a UTC quarter hour ± 1 ms, up to ~10 days away: local midnights */
    return sign * range_i(r, 0, 1000) * 15 * MS_MIN + range_i(r, -1, 1);
}

/* ---- escaping ------------------------------------------------------------ */

static void put_text(FILE *o, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char b = (unsigned char)s[i];
        if (b < 0x20 || b == 0x7f || b == '\\')
            fprintf(o, "\\x%02x", b);
        else
            putc(b, o);
    }
}

/* ---- formatter cache ----------------------------------------------------- */

#define CACHE 1024
typedef struct {
    char key[200];
    fd_formatter *f;
    fd_status st;
    char jn[256];
    char z0[256];
    int refs;
} entry;
static entry cache[CACHE];
static int ncache;

static void fill_options(const config *c, fd_options *o)
{
    p_options_init(o, (fd_style)c->style);
    o->locale = LOCALES[c->loc];
    o->time_zone = ZONES[c->zone];
    o->hour_cycle = (fd_hour_cycle)c->hc;
    o->width = (fd_width)c->width;
    o->recent_relative = c->rr;
    o->just_now_ms = c->jn;
    o->skew_tolerance_ms = c->skew;
    o->cross_year_grace_days = c->grace;
    o->weekday_window_days = c->wdw;
    o->precision = c->prec;
    o->countdown_days = c->cdays;
}

/* ICU's "in 0 seconds" at the formatter's resolved locale and width, written
 * as the library writes relative words (capitalized for a sentence start). */
static void icu_zero_seconds(const char *locale, int width, char *out, size_t cap)
{
    UErrorCode e = U_ZERO_ERROR;
    UDateRelativeDateTimeFormatterStyle st = width == 2   ? UDAT_STYLE_NARROW
                                             : width == 1 ? UDAT_STYLE_SHORT
                                                          : UDAT_STYLE_LONG;
    URelativeDateTimeFormatter *rel =
        ureldatefmt_open(locale, NULL, st, UDISPCTX_CAPITALIZATION_FOR_BEGINNING_OF_SENTENCE, &e);
    UChar u[256];
    int32_t n = 0;
    if (U_SUCCESS(e))
        n = ureldatefmt_formatNumeric(rel, 0.0, UDAT_REL_UNIT_SECOND, u, 256, &e);
    int32_t m = 0;
    if (U_SUCCESS(e))
        u_strToUTF8(out, (int32_t)cap - 1, &m, u, n, &e);
    if (U_FAILURE(e))
        m = snprintf(out, cap, "<icu error %d>", (int)e);
    out[m] = 0;
    if (rel)
        ureldatefmt_close(rel);
}

static entry *formatter_for(const config *c)
{
    char key[200];
    cfg_key(c, key, sizeof key);
    for (int i = 0; i < ncache; i++)
        if (strcmp(cache[i].key, key) == 0)
            return &cache[i];
    if (ncache == CACHE) {
        for (int i = 0; i < ncache; i++)
            p_formatter_free(cache[i].f);
        ncache = 0;
    }
    entry *e = &cache[ncache++];
    memset(e, 0, sizeof *e);
    snprintf(e->key, sizeof e->key, "%s", key);
    fd_options o;
    fill_options(c, &o);
    e->st = p_formatter_new(&o, &e->f);
    if (e->st == FD_OK && c->style == FD_STYLE_RELATIVE && c->skew < 1000) {
        /* the just-now piece: RELATIVE, default just_now_ms, t = now */
        fd_options j;
        fill_options(c, &j);
        j.just_now_ms = 60000;
        fd_formatter *jf = NULL;
        fd_label info;
        if (p_formatter_new(&j, &jf) == FD_OK && p_format(jf, 0, 0, e->jn, sizeof e->jn, &info) == FD_OK) {
        } else {
            snprintf(e->jn, sizeof e->jn, "<no just-now piece>");
        }
        p_formatter_free(jf);
        icu_zero_seconds(p_formatter_locale(e->f), c->width, e->z0, sizeof e->z0);
    }
    return e;
}

/* ---- run ----------------------------------------------------------------- */

static int run(const char *lib, uint64_t seed, uint64_t count)
{
    load(lib);
    static char out_buf[1 << 20];
    setvbuf(stdout, out_buf, _IOFBF, sizeof out_buf);
    printf("V\t%s\n", "diff_check 1"); /* not the library version: that differs */
    fprintf(stderr, "diff_check: %s is feeddate %s\n", lib, p_version_string());
    config c;
    entry *e = NULL;
    char key[200];
    char buf[FD_LABEL_CAPACITY];
    static char many[40 * FD_LABEL_CAPACITY];
    for (uint64_t id = 0; id < count; id++) {
        if (id % BLOCK == 0) {
            rng cr = rng_for(seed, 1, id / BLOCK);
            draw_config(&cr, &c);
            e = formatter_for(&c);
            cfg_key(&c, key, sizeof key);
        }
        rng r = rng_for(seed, 2, id);
        int64_t now = draw_now(&r);
        int64_t t;
        if (chance(&r, 1)) { /* out of range, t or now */
            static const int64_t bad[] = {FD_MIN_INSTANT_MS - 1,    FD_MAX_INSTANT_MS + 1,   INT64_MIN, INT64_MAX,
                                          FD_MIN_INSTANT_MS - MS_D, FD_MAX_INSTANT_MS + MS_D};
            int64_t b = bad[below(&r, 6)];
            if (chance(&r, 50)) {
                t = b;
            } else {
                t = now;
                now = b;
            }
        } else {
            int64_t d = draw_delta(&r, &c);
            /* keep t in range unless the draw meant otherwise (1 in 4 of
             * those that overflow stay as they are) */
            t = now + d;
            if ((t < FD_MIN_INSTANT_MS || t > FD_MAX_INSTANT_MS) && !chance(&r, 25))
                t = now - d;
        }
        int relz = c.style == FD_STYLE_RELATIVE && c.skew < 1000;
        printf("C\t%" PRIu64 "\t%s\t%" PRId64 "\t%" PRId64 "\t", id, key, t, now);
        if (e->st != FD_OK) {
            printf("N%d\n", (int)e->st);
        } else {
            fd_label info;
            memset(&info, 0, sizeof info);
            fd_status st = p_format(e->f, t, now, buf, sizeof buf, &info);
            printf("%d\t", (int)st);
            if (st == FD_OK)
                put_text(stdout, buf, info.length);
            printf("\t%" PRId64 "\t%zu,%zu,%zu,%zu\t%d", st == FD_OK ? info.next_change_ms : 0, info.day_offset,
                   info.day_length, info.time_offset, info.time_length, (int)info.expired);
            if (relz) {
                putchar('\t');
                put_text(stdout, e->jn, strlen(e->jn));
                putchar('\t');
                put_text(stdout, e->z0, strlen(e->z0));
            }
            putchar('\n');
        }
        if (below(&r, 50) == 0) { /* a batch at this now */
            size_t n = (size_t)range_i(&r, 1, 40);
            int64_t ts[40];
            size_t ends[40];
            for (size_t i = 0; i < n; i++) {
                int64_t d = draw_delta(&r, &c);
                ts[i] = now + d;
                if (ts[i] < FD_MIN_INSTANT_MS || ts[i] > FD_MAX_INSTANT_MS)
                    ts[i] = now - d;
            }
            printf("B\t%" PRIu64 "\t%s\t%" PRId64 "\t", id, key, now);
            if (e->st != FD_OK) {
                printf("N%d\n", (int)e->st);
                continue;
            }
            int64_t ncmin = 0;
            memset(ends, 0, sizeof ends);
            fd_status st = p_format_many(e->f, ts, n, now, many, sizeof many, ends, &ncmin);
            printf("%d\t%zu\t", (int)st, n);
            for (size_t i = 0; i < n; i++)
                printf("%s%" PRId64, i ? "," : "", ts[i]);
            putchar('\t');
            for (size_t i = 0; i < n; i++)
                printf("%s%zu", i ? "," : "", st == FD_OK ? ends[i] : 0);
            putchar('\t');
            if (st == FD_OK)
                put_text(stdout, many, ends[n - 1]);
            printf("\t%" PRId64, st == FD_OK ? ncmin : 0);
            if (relz) {
                putchar('\t');
                put_text(stdout, e->jn, strlen(e->jn));
                putchar('\t');
                put_text(stdout, e->z0, strlen(e->z0));
            }
            putchar('\n');
        }
    }
    for (int i = 0; i < ncache; i++)
        p_formatter_free(cache[i].f);
    if (fflush(stdout) != 0)
        return 2;
    return 0;
}

/* ---- compare ------------------------------------------------------------- */

#define MAXF 16
static int split(char *line, char **f)
{
    int n = 0;
    f[n++] = line;
    for (char *p = line; *p; p++)
        if (*p == '\t' && n < MAXF) {
            *p = 0;
            f[n++] = p + 1;
        }
    return n;
}

/* ISO 8601 UTC of an instant (proleptic Gregorian), for failure reports. */
static void iso(int64_t ms, char *out, size_t cap)
{
    if (ms < FD_MIN_INSTANT_MS - 400 * 366 * MS_D || ms > FD_MAX_INSTANT_MS + 400 * 366 * MS_D) {
        snprintf(out, cap, "(far out of range)");
        return;
    }
    int64_t days = ms >= 0 ? ms / MS_D : -((-ms + MS_D - 1) / MS_D);
    int64_t rem = ms - days * MS_D;
    int64_t z = days + 719468, era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097, yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t y = yoe + era * 400, doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
    int64_t d = doy - (153 * mp + 2) / 5 + 1, m = mp < 10 ? mp + 3 : mp - 9;
    if (m <= 2)
        y++;
    snprintf(out, cap,
             "%04" PRId64 "-%02" PRId64 "-%02" PRId64 "T%02" PRId64 ":%02" PRId64 ":%02" PRId64 ".%03" PRId64 "Z", y, m,
             d, rem / MS_H, rem / MS_MIN % 60, rem / MS_S % 60, rem % MS_S);
}

static void describe_cfg(const char *cfg)
{
    char c[256];
    snprintf(c, sizeof c, "%s", cfg);
    char *f[16];
    int n = 0;
    f[n++] = c;
    for (char *p = c; *p && n < 16; p++)
        if (*p == '|') {
            *p = 0;
            f[n++] = p + 1;
        }
    if (n != 12) {
        printf("    options: %s\n", cfg);
        return;
    }
    printf("    options: style=%s locale=%s time_zone=%s hour_cycle=%s width=%s recent_relative=%s\n"
           "             just_now_ms=%s skew_tolerance_ms=%s cross_year_grace_days=%s\n"
           "             weekday_window_days=%s precision=%s countdown_days=%s\n",
           fdn_c_name(fdn_style, atoi(f[0]), f[0]), f[1], f[2], fdn_c_name(fdn_hour_cycle, atoi(f[3]), f[3]),
           fdn_c_name(fdn_width, atoi(f[4]), f[4]), f[5], f[6], f[7], f[8], f[9], f[10], f[11]);
}

static void describe_instants(int64_t t, int64_t now)
{
    char a[64], b[64];
    iso(t, a, sizeof a);
    iso(now, b, sizeof b);
    printf("    t   = %" PRId64 " (%s)\n    now = %" PRId64 " (%s)\n    t - now = %" PRId64 " ms\n", t, a, now, b,
           (int64_t)((uint64_t)t - (uint64_t)now));
}

/* The documented 1.1 correction (SPEC §3, RELATIVE): a future count of zero,
 * possible only when skew_tolerance_ms < 1000, reads as the just-now piece,
 * never "in 0 seconds". base_text must be ICU's "in 0 seconds" and new_text
 * the just-now piece (both computed in the runs, see the top of the file). */
static int future_zero(const char *cfg, int64_t t, int64_t now, const char *base_text, const char *new_text,
                       const char *base_z0, const char *new_jn)
{
    if (atoi(cfg) != FD_STYLE_RELATIVE)
        return 0;
    const char *p = cfg;
    for (int i = 0; i < 7 && p; i++) {
        p = strchr(p, '|');
        if (p)
            p++;
    }
    if (!p)
        return 0;
    int64_t skew = strtoll(p, NULL, 10);
    if (skew >= 1000)
        return 0;
    if (t <= now || t - now >= 1000 + skew)
        return 0;
    return base_z0 && new_jn && strcmp(base_text, base_z0) == 0 && strcmp(new_text, new_jn) == 0;
}

/* Walks a batch line pair: the next t, and label i of each side (escaped
 * text, split at the raw byte offsets of ends: an escape stands for one byte). */
static const char *take_label(const char *p, size_t from, size_t to, char *out, size_t cap)
{
    size_t l = 0;
    for (size_t k = from; k < to && *p; k++) {
        size_t w = *p == '\\' ? 4 : 1;
        if (l + w < cap) {
            memcpy(out + l, p, w);
            l += w;
        }
        p += w;
    }
    out[l] = 0;
    return p;
}
static int64_t next_label(const char **ts, const char **be, const char **ne, const char **bt, const char **nt,
                          size_t *bprev, size_t *nprev, char *x, char *y)
{
    char *endp;
    int64_t t = strtoll(*ts, &endp, 10);
    *ts = *endp ? endp + 1 : endp;
    size_t bend = strtoull(*be, &endp, 10);
    *be = *endp ? endp + 1 : endp;
    size_t nend = strtoull(*ne, &endp, 10);
    *ne = *endp ? endp + 1 : endp;
    *bt = take_label(*bt, *bprev, bend, x, 1024);
    *nt = take_label(*nt, *nprev, nend, y, 1024);
    *bprev = bend;
    *nprev = nend;
    return t;
}

typedef struct {
    uint64_t cases, batches, same_cases, same_batches, exp_text, exp_text_next, exp_batch, failures;
} tally;

static void show_case(int kind, char **b, char **n, int nb, int nn)
{
    printf("FAIL %s %s\n", kind == 'C' ? "case" : "batch", b[1]);
    describe_cfg(b[2]);
    if (kind == 'C') {
        describe_instants(strtoll(b[3], NULL, 10), strtoll(b[4], NULL, 10));
        static const char *L[] = {"status",  "text",           "next_change_ms",  "parts (day off,len,time off,len)",
                                  "expired", "just-now piece", "ICU in-0-seconds"};
        for (int i = 5; i < 12; i++) {
            if (i >= nb && i >= nn)
                break; /* jn, z0: RELATIVE with skew < 1 s only */
            const char *x = i < nb ? b[i] : "-", *y = i < nn ? n[i] : "-";
            printf("    %-32s base: %s\n    %-32s new:  %s%s\n", L[i - 5], x, "", y,
                   strcmp(x, y) ? "   <-- differs" : "");
        }
    } else {
        char a[64];
        int64_t now = strtoll(b[3], NULL, 10);
        iso(now, a, sizeof a);
        printf("    now = %" PRId64 " (%s)\n", now, a);
        static const char *L[] = {"status", "n", "t list", "ends", "texts", "next_change_min"};
        for (int i = 4; i < 10; i++) {
            const char *x = i < nb ? b[i] : "-", *y = i < nn ? n[i] : "-";
            printf("    %-16s base: %s\n    %-16s new:  %s%s\n", L[i - 4], x, "", y,
                   strcmp(x, y) ? "   <-- differs" : "");
        }
        if (nb >= 10 && nn >= 10 && strcmp(b[5], n[5]) == 0 && strcmp(b[6], n[6]) == 0) {
            size_t cnt = strtoull(b[5], NULL, 10);
            const char *bt = b[8], *nt = n[8], *ts = b[6], *be = b[7], *ne = n[7];
            size_t bprev = 0, nprev = 0;
            for (size_t i = 0; i < cnt; i++) {
                char x[1024], y[1024];
                int64_t t = next_label(&ts, &be, &ne, &bt, &nt, &bprev, &nprev, x, y);
                if (strcmp(x, y)) {
                    char a[64];
                    iso(t, a, sizeof a);
                    printf("    label %zu, t = %" PRId64 " (%s, t - now = %" PRId64 " ms)\n"
                           "        base: %s\n        new:  %s\n",
                           i, t, a, t - now, x, y);
                }
            }
        }
    }
}

static int batch_expected(char **b, char **n, int nb, int nn)
{
    if (nb < 10 || nn < 10)
        return 0;
    if (strcmp(b[4], n[4]) || strcmp(b[5], n[5]) || strcmp(b[6], n[6]))
        return 0;
    if (strcmp(b[4], "0"))
        return 0;
    size_t cnt = strtoull(b[5], NULL, 10);
    /* split each side's escaped text by its ends: escaped bytes make offsets
     * differ from raw ones, so unescape lengths by walking */
    const char *bt = b[8], *nt = n[8], *bts = b[6], *be = b[7], *ne = n[7];
    size_t bprev = 0, nprev = 0;
    int differing = 0;
    int64_t now = strtoll(b[3], NULL, 10);
    for (size_t i = 0; i < cnt; i++) {
        char x[1024], y[1024];
        int64_t t = next_label(&bts, &be, &ne, &bt, &nt, &bprev, &nprev, x, y);
        if (strcmp(x, y) == 0)
            continue;
        if (!future_zero(b[2], t, now, x, y, nb > 11 ? b[11] : NULL, nn > 10 ? n[10] : NULL))
            return 0;
        differing++;
    }
    return differing > 0; /* then next_change_min may differ too */
}

static int compare(const char *bpath, const char *npath, int show_max)
{
    FILE *bf = fopen(bpath, "r"), *nf = fopen(npath, "r");
    if (!bf || !nf) {
        fprintf(stderr, "diff_check: cannot open %s\n", !bf ? bpath : npath);
        return 2;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    char *bl = NULL, *nl = NULL;
    size_t bc = 0, nc = 0;
    tally k = {0};
    int shown = 0;
    for (;;) {
        ssize_t br = getline(&bl, &bc, bf), nr = getline(&nl, &nc, nf);
        if (br < 0 || nr < 0) {
            if (br >= 0 || nr >= 0) {
                fprintf(stderr, "diff_check: the %s output ended first (a run crashed or was cut short)\n",
                        br < 0 ? "base" : "new");
                return 2;
            }
            break;
        }
        if (bl[br - 1] == '\n')
            bl[--br] = 0;
        if (nl[nr - 1] == '\n')
            nl[--nr] = 0;
        int kind = bl[0];
        if (kind == 'V')
            continue;
        if (kind == 'C') {
            k.cases++;
            if (k.cases % 100000 == 0) {
                clock_gettime(CLOCK_MONOTONIC, &t1);
                fprintf(stderr, "diff-check: %" PRIu64 " cases, %" PRIu64 " failures, %.1f s\n", k.cases, k.failures,
                        (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
            }
        } else
            k.batches++;
        if (br == nr && strcmp(bl, nl) == 0) {
            if (kind == 'C')
                k.same_cases++;
            else
                k.same_batches++;
            continue;
        }
        char *b[MAXF], *n[MAXF];
        int nb = split(bl, b), nn = split(nl, n);
        int step = nb >= 5 && nn >= 5 && b[0][0] == n[0][0];
        for (int i = 1; step && i < (kind == 'C' ? 5 : 4); i++)
            step = strcmp(b[i], n[i]) == 0;
        if (!step) {
            fprintf(stderr, "diff_check: the two runs are out of step (different seed, count or driver?)\n");
            return 2;
        }
        int ok = 0;
        if (kind == 'C' && nb >= 10 && nn >= 10 && strcmp(b[5], "0") == 0 && strcmp(n[5], "0") == 0 &&
            strcmp(b[8], n[8]) == 0 && strcmp(b[9], n[9]) == 0 && strcmp(b[6], n[6]) != 0 &&
            future_zero(b[2], strtoll(b[3], NULL, 10), strtoll(b[4], NULL, 10), b[6], n[6], nb > 11 ? b[11] : NULL,
                        nn > 10 ? n[10] : NULL)) {
            ok = 1;
            if (strcmp(b[7], n[7]) == 0)
                k.exp_text++;
            else
                k.exp_text_next++;
        } else if (kind == 'B' && batch_expected(b, n, nb, nn)) {
            ok = 1;
            k.exp_batch++;
        }
        if (ok)
            continue;
        k.failures++;
        if (shown < show_max) {
            show_case(kind, b, n, nb, nn);
            shown++;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    if (k.failures > (uint64_t)shown)
        printf("... and %" PRIu64 " more failures\n", k.failures - shown);
    printf("diff-check summary\n"
           "  cases            %" PRIu64 " (identical %" PRIu64 ")\n"
           "  batches          %" PRIu64 " (identical %" PRIu64 ")\n"
           "  expected differences (SPEC 1.1 §3: a future count of zero reads as just now):\n"
           "    case, text only                 %" PRIu64 "\n"
           "    case, text and next_change_ms   %" PRIu64 "\n"
           "    batch, such labels inside       %" PRIu64 "\n"
           "  failures         %" PRIu64 "\n"
           "  time             %.1f s\n",
           k.cases, k.same_cases, k.batches, k.same_batches, k.exp_text, k.exp_text_next, k.exp_batch, k.failures,
           secs);
    if (k.cases == 0) {
        printf("diff-check: no cases compared\n");
        return 2;
    }
    printf("diff-check: %s\n", k.failures ? "FAILED" : "passed");
    return k.failures ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[1], "run") == 0)
        return run(argv[2], strtoull(argv[3], NULL, 0), strtoull(argv[4], NULL, 0));
    if ((argc == 4 || argc == 5) && strcmp(argv[1], "compare") == 0)
        return compare(argv[2], argv[3], argc == 5 ? atoi(argv[4]) : 20);
    fprintf(stderr, "usage: diff_check run LIBRARY SEED COUNT\n"
                    "       diff_check compare BASE_OUTPUT NEW_OUTPUT [SHOW_MAX]\n");
    return 2;
}
