/*
 * feeddate.c — the PHP extension (SPEC section 14, 1.3): FeedDate\Formatter and friends over
 * libfeeddate.so.1, in C against PHP 8's API (built with phpize; no FFI).
 *
 * Every rule is the library's: options are checked by fd_formatter_new, labels, schedules, the
 * HTML and the script-safe wire are written by it, messages are fd_last_error()'s. The extension
 * maps PHP values to the C call and back, and refuses only what it cannot pass: a wrong PHP type
 * (TypeError), a name of the options array it does not know, an enum name, a NUL in a string
 * (quoted by the library's fd_quote). Instants follow SPEC 11's rule (1.3): int seconds x 1000
 * exactly, float seconds rounded to the microsecond then floored to the millisecond (the float
 * of a whole millisecond m / 1000 is m: docs/DESIGN.md), a DateTimeInterface its seconds and
 * microseconds, floored; a value int64 milliseconds cannot hold is clamped, so the library names
 * it out of range.
 *
 * No state is kept between requests: no globals; a Formatter owns its fd_formatter and frees it
 * with the object. The arginfo is written by hand (feeddate.stub.php is what it declares;
 * tests/stub.phpt checks the two agree through Reflection).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <math.h>
#include <string.h>

#include "php.h"
#include "ext/standard/info.h"
#include "ext/date/php_date.h"
#include "zend_exceptions.h"
#include "zend_interfaces.h"

#include <feeddate.h>

#define PHP_FEEDDATE_VERSION FD_VERSION_STRING

static zend_class_entry *fd_formatter_ce, *fd_label_ce, *fd_schedule_ce, *fd_entry_ce, *fd_exception_ce;
static zend_object_handlers fd_formatter_handlers, fd_schedule_handlers;

/* ---- objects ---------------------------------------------------------------------------- */

typedef struct {
    fd_formatter *f; /* NULL until the constructor succeeds */
    zend_object std;
} fd_php_formatter;

typedef struct {
    zend_object *formatter; /* a reference to the Formatter, for toJson and scriptJson */
    int64_t t_ms, now_ms, horizon_ms;
    size_t max_entries;
    zend_object std;
} fd_php_schedule;

static inline fd_php_formatter *formatter_of(zend_object *o)
{
    return (fd_php_formatter *)((char *)o - XtOffsetOf(fd_php_formatter, std));
}
static inline fd_php_schedule *schedule_of(zend_object *o)
{
    return (fd_php_schedule *)((char *)o - XtOffsetOf(fd_php_schedule, std));
}

static zend_object *formatter_create(zend_class_entry *ce)
{
    fd_php_formatter *p = zend_object_alloc(sizeof(fd_php_formatter), ce);
    p->f = NULL;
    zend_object_std_init(&p->std, ce);
    object_properties_init(&p->std, ce);
    p->std.handlers = &fd_formatter_handlers;
    return &p->std;
}

static void formatter_free(zend_object *o)
{
    fd_php_formatter *p = formatter_of(o);
    fd_formatter_free(p->f);
    p->f = NULL;
    zend_object_std_dtor(o);
}

static zend_object *schedule_create(zend_class_entry *ce)
{
    fd_php_schedule *p = zend_object_alloc(sizeof(fd_php_schedule), ce);
    p->formatter = NULL;
    zend_object_std_init(&p->std, ce);
    object_properties_init(&p->std, ce);
    p->std.handlers = &fd_schedule_handlers;
    return &p->std;
}

static void schedule_free(zend_object *o)
{
    fd_php_schedule *p = schedule_of(o);
    if (p->formatter != NULL)
        OBJ_RELEASE(p->formatter);
    p->formatter = NULL;
    zend_object_std_dtor(o);
}

/* ---- errors ----------------------------------------------------------------------------- */

/* FeedDate\Exception with the library's message for status (fd_last_error, else the status's
 * own sentence); getStatus() and getCode() give the status. */
static void throw_status(fd_status status)
{
    const char *message = fd_last_error();
    if (message == NULL || message[0] == '\0')
        message = fd_status_message(status);
    zend_throw_exception(fd_exception_ce, message, (zend_long)status);
}

/* value quoted as the library quotes what callers pass (fd_quote). */
static void quote(const char *value, size_t length, char out[FD_QUOTE_CAPACITY])
{
    if (fd_quote(value, length, out, FD_QUOTE_CAPACITY, NULL) != FD_OK)
        strcpy(out, "\"\"");
}

/* ---- instants (SPEC 11, 1.3) ------------------------------------------------------------ */

/* Microseconds past which a float read by the rule may be the float of the next millisecond
 * (docs/DESIGN.md; Python's ROUND_TRIP_US). */
#define ROUND_TRIP_US 969

static int64_t clamp_i128(__int128 v)
{
    if (v > (__int128)INT64_MAX)
        return INT64_MAX;
    if (v < (__int128)INT64_MIN)
        return INT64_MIN;
    return (int64_t)v;
}

/* A finite double of seconds to milliseconds by the rule: its exact value rounded to the
 * nearest microsecond (halves to even), floored to the millisecond; the float m / 1000 of a
 * whole millisecond m is m. Exact (the double's own ratio, in 128-bit integers). Beyond
 * +-1e13 s (outside the range by far) clamped. */
static int64_t seconds_to_ms(double value)
{
    if (isnan(value))
        return INT64_MAX; /* never reached: NaN is refused before */
    if (value >= 1e13)
        return INT64_MAX;
    if (value <= -1e13)
        return INT64_MIN;
    int e;
    double m = frexp(value, &e);          /* value = m * 2^e, 0.5 <= |m| < 1 */
    int64_t mant = (int64_t)ldexp(m, 53); /* exact: value = mant * 2^(e-53) */
    int shift = e - 53;
    __int128 us;                           /* the exact value in microseconds, rounded */
    __int128 n = (__int128)mant * 1000000; /* |n| < 2^73 */
    if (shift >= 0) {
        us = n << shift; /* |value| < 1e13: shift is small */
    } else if (shift <= -100) {
        us = 0;
    } else {
        int k = -shift;
        __int128 q = n >> k;       /* floor */
        __int128 r = n - (q << k); /* 0 <= r < 2^k */
        __int128 half = (__int128)1 << (k - 1);
        if (r > half || (r == half && (q & 1)))
            q += 1;
        us = q;
    }
    __int128 ms = us / 1000, part = us % 1000;
    if (part < 0) {
        part += 1000;
        ms -= 1;
    }
    if (part >= ROUND_TRIP_US && (double)(int64_t)(ms + 1) / 1000.0 == value)
        ms += 1;
    return clamp_i128(ms);
}

/* The milliseconds of a DateTimeInterface: its seconds and microseconds, floored. */
static int datetime_ms(zend_object *obj, int64_t *out)
{
    php_date_obj *d = php_date_obj_from_obj(obj);
    if (d->time == NULL) {
        zend_throw_error(NULL, "The DateTimeInterface object has not been correctly initialized by its constructor");
        return FAILURE;
    }
    if (d->time->sse_uptodate) {
        int64_t s = (int64_t)d->time->sse, us = (int64_t)d->time->us;
        __int128 ms = (__int128)s * 1000 + (us >= 0 ? us / 1000 : -((-us + 999) / 1000));
        *out = clamp_i128(ms);
        return SUCCESS;
    }
    /* Not up to date (timelib's update is not exported): DateTime's own format("U u"). */
    zend_function *fn = zend_hash_str_find_ptr(&php_date_get_date_ce()->function_table, "format", sizeof("format") - 1);
    zval fmt, ret;
    ZVAL_STRINGL(&fmt, "U u", 3);
    zend_call_known_function(fn, obj, obj->ce, &ret, 1, &fmt, NULL);
    zval_ptr_dtor(&fmt);
    if (EG(exception))
        return FAILURE;
    long long s = 0, us = 0;
    if (Z_TYPE(ret) != IS_STRING || sscanf(Z_STRVAL(ret), "%lld %lld", &s, &us) != 2) {
        zval_ptr_dtor(&ret);
        zend_throw_error(NULL, "DateTimeInterface::format(\"U u\") gave no timestamp");
        return FAILURE;
    }
    zval_ptr_dtor(&ret);
    *out = clamp_i128((__int128)s * 1000 + us / 1000);
    return SUCCESS;
}

/* An instant argument: int or float seconds, or a DateTimeInterface. arg: the argument's
 * number for a TypeError (0 when it is an element of $ts, named by key). */
static int instant_ms(zval *v, uint32_t arg, zend_ulong index, zend_string *key, int64_t *out)
{
    ZVAL_DEREF(v);
    switch (Z_TYPE_P(v)) {
    case IS_LONG: {
        __int128 ms = (__int128)Z_LVAL_P(v) * 1000;
        *out = clamp_i128(ms);
        return SUCCESS;
    }
    case IS_DOUBLE:
        if (isnan(Z_DVAL_P(v))) {
            char msg[128];
            snprintf(msg, sizeof msg,
                     "NAN is not an instant: pass int or float seconds that are finite, or a DateTimeInterface");
            zend_throw_exception(fd_exception_ce, msg, FD_ERR_RANGE);
            return FAILURE;
        }
        *out = seconds_to_ms(Z_DVAL_P(v)); /* +-INF clamped: the library says out of range */
        return SUCCESS;
    case IS_OBJECT:
        if (instanceof_function(Z_OBJCE_P(v), php_date_get_interface_ce()))
            return datetime_ms(Z_OBJ_P(v), out);
        break;
    default: break;
    }
    if (arg > 0) {
        zend_argument_type_error(arg, "must be of type DateTimeInterface|int|float, %s given", zend_zval_type_name(v));
    } else if (key != NULL) {
        char q[FD_QUOTE_CAPACITY];
        quote(ZSTR_VAL(key), ZSTR_LEN(key), q);
        zend_argument_type_error(1, "must hold DateTimeInterface|int|float values, %s given at key %s",
                                 zend_zval_type_name(v), q);
    } else {
        zend_argument_type_error(1, "must hold DateTimeInterface|int|float values, %s given at key " ZEND_ULONG_FMT,
                                 zend_zval_type_name(v), index);
    }
    return FAILURE;
}

/* $now: null is the clock. */
static int now_ms_of(zval *v, uint32_t arg, int64_t *out)
{
    if (v == NULL || Z_TYPE_P(v) == IS_NULL) {
        *out = fd_now_ms();
        return SUCCESS;
    }
    return instant_ms(v, arg, 0, NULL, out);
}

/* A DateTimeImmutable in UTC for milliseconds (within the library's range). */
static void datetime_of(int64_t ms, zval *out)
{
    char text[48];
    uint64_t a = ms < 0 ? (uint64_t)0 - (uint64_t)ms : (uint64_t)ms;
    int n = snprintf(text, sizeof text, "@%s%llu.%03u", ms < 0 ? "-" : "", (unsigned long long)(a / 1000),
                     (unsigned)(a % 1000));
    php_date_instantiate(php_date_get_immutable_ce(), out);
    if (!php_date_initialize(Z_PHPDATE_P(out), text, (size_t)n, NULL, NULL, 0)) {
        zval_ptr_dtor(out);
        ZVAL_NULL(out);
    }
}

/* ---- options ---------------------------------------------------------------------------- */

/* Each name at its enum value, the header's (tests/header.phpt: every value of the header has a name). */
static const char *const STYLES[] = {[FD_STYLE_FEED] = "feed",           [FD_STYLE_FEED_DETAIL] = "feed_detail",
                                     [FD_STYLE_CHAT_LIST] = "chat_list", [FD_STYLE_CHAT_BUBBLE] = "chat_bubble",
                                     [FD_STYLE_RELATIVE] = "relative",   [FD_STYLE_COMPACT] = "compact",
                                     [FD_STYLE_COUNTDOWN] = "countdown", NULL};
static const char *const HOUR_CYCLES[] = {
    [FD_HOUR_CYCLE_LOCALE] = "locale", [FD_HOUR_CYCLE_H23] = "h23", [FD_HOUR_CYCLE_H12] = "h12", NULL};
static const char *const WIDTHS[] = {
    [FD_WIDTH_LONG] = "long", [FD_WIDTH_SHORT] = "short", [FD_WIDTH_NARROW] = "narrow", NULL};
static const char *const UNITS[] = {
    [FD_UNIT_YEAR] = "year", [FD_UNIT_MONTH] = "month",   [FD_UNIT_WEEK] = "week",     [FD_UNIT_DAY] = "day",
    [FD_UNIT_HOUR] = "hour", [FD_UNIT_MINUTE] = "minute", [FD_UNIT_SECOND] = "second", NULL};

enum kind { K_ID, K_ZONE, K_TEXT, K_BOOL, K_INT32, K_INT64, K_HOUR_CYCLE, K_WIDTH, K_UNIT };
static const struct option {
    const char *name;
    enum kind kind;
    size_t offset;
} OPTIONS[] = {
    {"locale", K_ID, offsetof(fd_options, locale)},
    {"tz", K_ZONE, offsetof(fd_options, time_zone)},
    {"hour_cycle", K_HOUR_CYCLE, offsetof(fd_options, hour_cycle)},
    {"width", K_WIDTH, offsetof(fd_options, width)},
    {"recent_relative", K_BOOL, offsetof(fd_options, recent_relative)},
    {"just_now_ms", K_INT64, offsetof(fd_options, just_now_ms)},
    {"skew_tolerance_ms", K_INT64, offsetof(fd_options, skew_tolerance_ms)},
    {"cross_year_grace_days", K_INT32, offsetof(fd_options, cross_year_grace_days)},
    {"weekday_window_days", K_INT32, offsetof(fd_options, weekday_window_days)},
    {"precision", K_INT32, offsetof(fd_options, precision)},
    {"countdown_days", K_BOOL, offsetof(fd_options, countdown_days)},
    {"plain_spaces", K_BOOL, offsetof(fd_options, plain_spaces)},
    {"spoken", K_BOOL, offsetof(fd_options, spoken)},
    {"overtime", K_BOOL, offsetof(fd_options, overtime)},
    {"max_unit", K_UNIT, offsetof(fd_options, max_unit)},
    {"just_now_text", K_TEXT, offsetof(fd_options, just_now_text)},
    {"yesterday_text", K_TEXT, offsetof(fd_options, yesterday_text)},
    {"day_before_yesterday_text", K_TEXT, offsetof(fd_options, day_before_yesterday_text)},
    {"tomorrow_text", K_TEXT, offsetof(fd_options, tomorrow_text)},
    {NULL, K_ID, 0},
};

static void join_names(char *out, size_t cap, const char *const *names, const char *sep)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; names[i] != NULL; i++) {
        int n = snprintf(out + used, cap - used, "%s%s", i ? sep : "", names[i]);
        if (n < 0 || (size_t)n >= cap - used)
            break;
        used += (size_t)n;
    }
}

/* The index of an enum name (case, "-" and "_" ignored), or -1 with FeedDate\Exception. */
static int enum_value(const char *what, const char *const *names, zend_string *s)
{
    char key[32];
    size_t k = 0;
    int ok = ZSTR_LEN(s) < sizeof key * 2;
    for (size_t i = 0; ok && i < ZSTR_LEN(s); i++) {
        char c = ZSTR_VAL(s)[i];
        if (c == '-' || c == '_')
            continue;
        if (k + 1 >= sizeof key) {
            ok = 0;
            break;
        }
        key[k++] = (char)zend_tolower_ascii(c);
    }
    key[k] = '\0';
    for (int i = 0; ok && names[i] != NULL; i++) {
        char plain[32];
        size_t p = 0;
        for (const char *c = names[i]; *c; c++)
            if (*c != '_')
                plain[p++] = *c;
        plain[p] = '\0';
        if (strlen(key) == p && memcmp(key, plain, p) == 0)
            return i;
    }
    char q[FD_QUOTE_CAPACITY], list[160];
    quote(ZSTR_VAL(s), ZSTR_LEN(s), q);
    join_names(list, sizeof list, names, ", ");
    zend_throw_exception_ex(fd_exception_ce, FD_ERR_ARGUMENT, "unknown %s %s: one of %s", what, q, list);
    return -1;
}

static int type_error(const char *name, const char *type, zval *v)
{
    zend_argument_type_error(2, "option \"%s\" must be of type %s, %s given", name, type, zend_zval_type_name(v));
    return FAILURE;
}

/* A string option as a C string: no NUL (a C string ends there). */
static int c_string(const char *name, zend_string *s, const char **out)
{
    if (memchr(ZSTR_VAL(s), '\0', ZSTR_LEN(s)) != NULL) {
        char q[FD_QUOTE_CAPACITY];
        quote(ZSTR_VAL(s), ZSTR_LEN(s), q);
        zend_throw_exception_ex(fd_exception_ce, FD_ERR_ARGUMENT,
                                "%s %s contains a NUL character, which no C string carries", name, q);
        return FAILURE;
    }
    *out = ZSTR_VAL(s);
    return SUCCESS;
}

static int set_option(fd_options *o, const struct option *opt, zval *v)
{
    char *field = (char *)o + opt->offset;
    ZVAL_DEREF(v);
    switch (opt->kind) {
    case K_ID:
    case K_TEXT:
    case K_ZONE:
        if (Z_TYPE_P(v) == IS_NULL) {
            *(const char **)field = NULL;
            return SUCCESS;
        }
        if (Z_TYPE_P(v) == IS_STRING)
            return c_string(opt->name, Z_STR_P(v), (const char **)field);
        /* (a DateTimeZone is read by the constructor, which keeps its name alive) */
        return type_error(opt->name, opt->kind == K_ZONE ? "DateTimeZone|string|null" : "?string", v);
    case K_BOOL:
        if (Z_TYPE_P(v) != IS_TRUE && Z_TYPE_P(v) != IS_FALSE)
            return type_error(opt->name, "bool", v);
        *(int32_t *)field = Z_TYPE_P(v) == IS_TRUE;
        return SUCCESS;
    case K_INT32:
        if (Z_TYPE_P(v) != IS_LONG)
            return type_error(opt->name, "int", v);
        /* beyond int32: clamped, so the library names it out of range */
        *(int32_t *)field = Z_LVAL_P(v) > INT32_MAX   ? INT32_MAX
                            : Z_LVAL_P(v) < INT32_MIN ? INT32_MIN
                                                      : (int32_t)Z_LVAL_P(v);
        return SUCCESS;
    case K_INT64:
        if (Z_TYPE_P(v) != IS_LONG)
            return type_error(opt->name, "int", v);
        *(int64_t *)field = (int64_t)Z_LVAL_P(v);
        return SUCCESS;
    case K_HOUR_CYCLE:
    case K_WIDTH:
    case K_UNIT: {
        if (Z_TYPE_P(v) != IS_STRING)
            return type_error(opt->name, "string", v);
        const char *const *names = opt->kind == K_HOUR_CYCLE ? HOUR_CYCLES : opt->kind == K_WIDTH ? WIDTHS : UNITS;
        int i = enum_value(opt->name, names, Z_STR_P(v));
        if (i < 0)
            return FAILURE;
        *(int32_t *)field = i; /* the three C enums are int-sized */
        return SUCCESS;
    }
    }
    return FAILURE;
}

/* ---- FeedDate\Formatter ----------------------------------------------------------------- */

static fd_formatter *this_formatter(zval *this_zv)
{
    fd_formatter *f = formatter_of(Z_OBJ_P(this_zv))->f;
    if (f == NULL)
        zend_throw_error(NULL, "FeedDate\\Formatter has not been constructed");
    return f;
}

PHP_METHOD(FeedDate_Formatter, __construct)
{
    zend_string *style;
    HashTable *options = NULL;
    ZEND_PARSE_PARAMETERS_START(1, 2)
    Z_PARAM_STR(style)
    Z_PARAM_OPTIONAL
    Z_PARAM_ARRAY_HT(options)
    ZEND_PARSE_PARAMETERS_END();

    fd_php_formatter *self = formatter_of(Z_OBJ_P(ZEND_THIS));
    if (self->f != NULL) {
        zend_throw_error(NULL, "FeedDate\\Formatter is immutable: it cannot be constructed again");
        RETURN_THROWS();
    }
    int s = enum_value("style", STYLES, style);
    if (s < 0)
        RETURN_THROWS();
    fd_options o;
    fd_status st = fd_options_init_sized(&o, sizeof o, (fd_style)s);
    if (st != FD_OK) {
        throw_status(st);
        RETURN_THROWS();
    }

    /* DateTimeZone names live in zvals kept here until fd_formatter_new has copied them. */
    zval zone_name;
    ZVAL_UNDEF(&zone_name);
    if (options != NULL) {
        zend_string *key;
        zend_ulong idx;
        zval *v;
        ZEND_HASH_FOREACH_KEY_VAL(options, idx, key, v)
        {
            const struct option *opt = NULL;
            if (key != NULL) {
                for (const struct option *p = OPTIONS; p->name != NULL; p++) {
                    if (strlen(p->name) == ZSTR_LEN(key) && memcmp(p->name, ZSTR_VAL(key), ZSTR_LEN(key)) == 0) {
                        opt = p;
                        break;
                    }
                }
            }
            if (opt == NULL) {
                char q[FD_QUOTE_CAPACITY], list[400];
                const char *names[sizeof OPTIONS / sizeof OPTIONS[0]];
                size_t i = 0;
                for (; OPTIONS[i].name != NULL; i++)
                    names[i] = OPTIONS[i].name;
                names[i] = NULL;
                join_names(list, sizeof list, names, ", ");
                if (key != NULL)
                    quote(ZSTR_VAL(key), ZSTR_LEN(key), q);
                else
                    snprintf(q, sizeof q, ZEND_ULONG_FMT, idx);
                zend_throw_exception_ex(fd_exception_ce, FD_ERR_ARGUMENT, "unknown option %s: the options are %s", q,
                                        list);
                zval_ptr_dtor(&zone_name);
                RETURN_THROWS();
            }
            zval *d = v;
            ZVAL_DEREF(d);
            if (opt->kind == K_ZONE && Z_TYPE_P(d) == IS_OBJECT &&
                instanceof_function(Z_OBJCE_P(d), php_date_get_timezone_ce())) {
                zval_ptr_dtor(&zone_name);
                ZVAL_UNDEF(&zone_name);
                /* DateTimeZone's own getName, never a subclass's override: no user code may run
                 * here, where o already points into other options' strings (an override could
                 * reassign a referenced option and free the string o.locale points to). */
                zend_function *getname = zend_hash_str_find_ptr(&php_date_get_timezone_ce()->function_table, "getname",
                                                                sizeof "getname" - 1);
                zend_call_known_instance_method_with_0_params(getname, Z_OBJ_P(d), &zone_name);
                if (EG(exception)) {
                    zval_ptr_dtor(&zone_name);
                    RETURN_THROWS();
                }
                if (Z_TYPE(zone_name) != IS_STRING) {
                    zval_ptr_dtor(&zone_name);
                    type_error(opt->name, "DateTimeZone|string|null", d);
                    RETURN_THROWS();
                }
                if (c_string(opt->name, Z_STR(zone_name), &o.time_zone) != SUCCESS) {
                    zval_ptr_dtor(&zone_name);
                    RETURN_THROWS();
                }
                continue;
            }
            if (set_option(&o, opt, v) != SUCCESS) {
                zval_ptr_dtor(&zone_name);
                RETURN_THROWS();
            }
        }
        ZEND_HASH_FOREACH_END();
    }
    fd_formatter *f = NULL;
    st = fd_formatter_new(&o, &f);
    zval_ptr_dtor(&zone_name);
    if (st != FD_OK) {
        throw_status(st);
        RETURN_THROWS();
    }
    self->f = f;
    zend_object *obj = Z_OBJ_P(ZEND_THIS);
    ZVAL_STRING(OBJ_PROP_NUM(obj, 0), STYLES[s]);
    ZVAL_STRING(OBJ_PROP_NUM(obj, 1), fd_formatter_locale(f));
    ZVAL_STRING(OBJ_PROP_NUM(obj, 2), fd_formatter_time_zone(f));
    ZVAL_STRING(OBJ_PROP_NUM(obj, 3), fd_formatter_tz_source(f));
}

/* format() and label(): the arguments (t, now = null) read, then fd_format into buf; FAILURE
 * with the exception thrown. */
static zend_result format_call(zend_execute_data *execute_data, char buf[FD_LABEL_CAPACITY], fd_label *info)
{
    zval *t, *now = NULL;
    ZEND_PARSE_PARAMETERS_START(1, 2)
    Z_PARAM_ZVAL(t)
    Z_PARAM_OPTIONAL
    Z_PARAM_ZVAL_OR_NULL(now)
    ZEND_PARSE_PARAMETERS_END_EX(return FAILURE);
    fd_formatter *f = this_formatter(ZEND_THIS);
    int64_t t_ms, now_ms;
    if (f == NULL || instant_ms(t, 1, 0, NULL, &t_ms) != SUCCESS || now_ms_of(now, 2, &now_ms) != SUCCESS)
        return FAILURE;
    fd_status st = fd_format(f, t_ms, now_ms, buf, FD_LABEL_CAPACITY, info);
    if (st != FD_OK) {
        throw_status(st);
        return FAILURE;
    }
    return SUCCESS;
}

PHP_METHOD(FeedDate_Formatter, format)
{
    char buf[FD_LABEL_CAPACITY];
    fd_label info;
    if (format_call(execute_data, buf, &info) != SUCCESS)
        RETURN_THROWS();
    RETURN_STRINGL(buf, info.length);
}

PHP_METHOD(FeedDate_Formatter, label)
{
    char buf[FD_LABEL_CAPACITY];
    fd_label info;
    if (format_call(execute_data, buf, &info) != SUCCESS)
        RETURN_THROWS();
    object_init_ex(return_value, fd_label_ce);
    zend_object *o = Z_OBJ_P(return_value);
    /* Properties in their declared order: text, nextChange, nextChangeMs, dayPart, timePart, expired. */
    ZVAL_STRINGL(OBJ_PROP_NUM(o, 0), buf, info.length);
    if (info.next_change_ms == FD_NEVER) {
        ZVAL_NULL(OBJ_PROP_NUM(o, 1));
        ZVAL_NULL(OBJ_PROP_NUM(o, 2));
    } else {
        datetime_of(info.next_change_ms, OBJ_PROP_NUM(o, 1));
        ZVAL_LONG(OBJ_PROP_NUM(o, 2), (zend_long)info.next_change_ms);
    }
    ZVAL_STRINGL(OBJ_PROP_NUM(o, 3), buf + info.day_offset, info.day_length);
    ZVAL_STRINGL(OBJ_PROP_NUM(o, 4), buf + info.time_offset, info.time_length);
    ZVAL_BOOL(OBJ_PROP_NUM(o, 5), info.expired != 0);
}

/* Labels are worked in chunks of this many, so a batch's scratch stays bounded. */
#define CHUNK 4096

PHP_METHOD(FeedDate_Formatter, formatMany)
{
    HashTable *ts;
    zval *now = NULL;
    ZEND_PARSE_PARAMETERS_START(1, 2)
    Z_PARAM_ARRAY_HT(ts)
    Z_PARAM_OPTIONAL
    Z_PARAM_ZVAL_OR_NULL(now)
    ZEND_PARSE_PARAMETERS_END();
    fd_formatter *f = this_formatter(ZEND_THIS);
    if (f == NULL)
        RETURN_THROWS();
    int64_t now_ms;
    if (now_ms_of(now, 2, &now_ms) != SUCCESS)
        RETURN_THROWS();
    uint32_t n = zend_hash_num_elements(ts);
    if (n == 0)
        RETURN_EMPTY_ARRAY();

    /* Every instant first (a bad one is an error before any work). */
    int64_t *ms = safe_emalloc(n, sizeof(int64_t), 0);
    uint32_t i = 0;
    zend_string *key;
    zend_ulong idx;
    zval *v;
    ZEND_HASH_FOREACH_KEY_VAL(ts, idx, key, v)
    {
        if (instant_ms(v, 0, idx, key, &ms[i]) != SUCCESS) {
            efree(ms);
            RETURN_THROWS();
        }
        i++;
    }
    ZEND_HASH_FOREACH_END();

    uint32_t chunk = n < CHUNK ? n : CHUNK;
    size_t cap = (size_t)chunk * FD_LABEL_CAPACITY; /* every chunk fits: no retry */
    char *buf = emalloc(cap);
    size_t *ends = safe_emalloc(chunk, sizeof(size_t), 0);
    bool list = zend_array_is_list(ts);
    array_init_size(return_value, n);
    if (list)
        zend_hash_real_init_packed(Z_ARRVAL_P(return_value));

    i = 0;
    uint32_t base = 0, count = 0;
    fd_status st = FD_OK;
    ZEND_HASH_FOREACH_KEY(ts, idx, key)
    {
        if (i == base + count) { /* the next chunk */
            base = i;
            count = n - i < chunk ? n - i : chunk;
            st = fd_format_many(f, ms + base, count, now_ms, buf, cap, ends, NULL);
            if (st != FD_OK)
                break;
        }
        size_t start = i > base ? ends[i - base - 1] : 0, end = ends[i - base];
        zval s;
        ZVAL_STRINGL_FAST(&s, buf + start, end - start);
        if (list)
            zend_hash_next_index_insert_new(Z_ARRVAL_P(return_value), &s);
        else if (key != NULL)
            zend_hash_add_new(Z_ARRVAL_P(return_value), key, &s);
        else
            zend_hash_index_add_new(Z_ARRVAL_P(return_value), idx, &s);
        i++;
    }
    ZEND_HASH_FOREACH_END();
    efree(ms);
    efree(buf);
    efree(ends);
    if (st != FD_OK) {
        throw_status(st);
        zval_ptr_dtor(return_value);
        ZVAL_UNDEF(return_value);
        RETURN_THROWS();
    }
}

/* The schedule's arguments: t, now, horizonMs (null: the header's default), maxEntries (null:
 * the default; a negative int passed as its two's complement size_t, which the library names
 * as the negative number). */
static int schedule_args(zval *t, zval *now, zend_long horizon, bool horizon_null, zend_long max, bool max_null,
                         int64_t *t_ms, int64_t *now_ms, int64_t *horizon_ms, size_t *max_entries)
{
    if (instant_ms(t, 1, 0, NULL, t_ms) != SUCCESS || now_ms_of(now, 2, now_ms) != SUCCESS)
        return FAILURE;
    *horizon_ms = horizon_null ? FD_SCHEDULE_DEFAULT_HORIZON_MS : (int64_t)horizon;
    *max_entries = max_null ? (size_t)FD_SCHEDULE_DEFAULT_MAX_ENTRIES : (size_t)(int64_t)max;
    return SUCCESS;
}

typedef fd_status (*wire_fn)(const fd_formatter *, int64_t, int64_t, int64_t, size_t, char *, size_t, size_t *);
static fd_status html_plain(const fd_formatter *f, int64_t t, int64_t now, int64_t h, size_t m, char *b, size_t c,
                            size_t *l)
{
    return fd_schedule_html(f, t, now, h, m, 0, b, c, l);
}
static fd_status html_spoken(const fd_formatter *f, int64_t t, int64_t now, int64_t h, size_t m, char *b, size_t c,
                             size_t *l)
{
    return fd_schedule_html(f, t, now, h, m, FD_HTML_SPOKEN, b, c, l);
}

/* One of the library's texts (wire, script-safe wire, HTML) as a PHP string: a first try in a
 * buffer of its own, then one of the size the library asked for. */
static void wire_text(wire_fn fn, const fd_formatter *f, int64_t t, int64_t now, int64_t h, size_t m, zval *out)
{
    char small[2048];
    size_t length = 0;
    fd_status st = fn(f, t, now, h, m, small, sizeof small, &length);
    if (st == FD_OK) {
        ZVAL_STRINGL(out, small, length);
        return;
    }
    if (st != FD_ERR_BUFFER) {
        throw_status(st);
        return;
    }
    zend_string *s = zend_string_alloc(length, 0);
    size_t again = 0;
    st = fn(f, t, now, h, m, ZSTR_VAL(s), length + 1, &again);
    if (st != FD_OK) {
        zend_string_efree(s);
        throw_status(st);
        return;
    }
    ZSTR_LEN(s) = again;
    ZVAL_NEW_STR(out, s);
}

PHP_METHOD(FeedDate_Formatter, schedule)
{
    zval *t, *now = NULL;
    zend_long horizon = 0, max = 0;
    bool horizon_null = 1, max_null = 1;
    ZEND_PARSE_PARAMETERS_START(1, 4)
    Z_PARAM_ZVAL(t)
    Z_PARAM_OPTIONAL
    Z_PARAM_ZVAL_OR_NULL(now)
    Z_PARAM_LONG_OR_NULL(horizon, horizon_null)
    Z_PARAM_LONG_OR_NULL(max, max_null)
    ZEND_PARSE_PARAMETERS_END();
    fd_formatter *f = this_formatter(ZEND_THIS);
    if (f == NULL)
        RETURN_THROWS();
    int64_t t_ms, now_ms, horizon_ms;
    size_t max_entries;
    if (schedule_args(t, now, horizon, horizon_null, max, max_null, &t_ms, &now_ms, &horizon_ms, &max_entries) !=
        SUCCESS)
        RETURN_THROWS();

    size_t n = 0, length = 0;
    int64_t until = 0;
    fd_status st;
    if (max_entries < 1 || max_entries > FD_SCHEDULE_MAX_ENTRIES) {
        /* The library's own message for the count (no arrays of that size are made). */
        st = fd_schedule_json(f, t_ms, now_ms, horizon_ms, max_entries, NULL, 0, &length);
        throw_status(st == FD_OK || st == FD_ERR_BUFFER ? FD_ERR_ARGUMENT : st);
        RETURN_THROWS();
    }
    size_t *ends = safe_emalloc(max_entries, sizeof(size_t), 0);
    int64_t *from = safe_emalloc(max_entries, sizeof(int64_t), 0);
    size_t cap = 1024;
    char *buf = emalloc(cap);
    st = fd_schedule(f, t_ms, now_ms, horizon_ms, max_entries, buf, cap, ends, from, &n, &until);
    if (st == FD_ERR_BUFFER && n > 0) {
        cap = ends[n - 1] + 1;
        buf = erealloc(buf, cap);
        st = fd_schedule(f, t_ms, now_ms, horizon_ms, max_entries, buf, cap, ends, from, &n, &until);
    }
    if (st != FD_OK) {
        efree(ends);
        efree(from);
        efree(buf);
        throw_status(st);
        RETURN_THROWS();
    }
    zval entries;
    array_init_size(&entries, (uint32_t)n);
    zend_hash_real_init_packed(Z_ARRVAL(entries));
    for (size_t i = 0; i < n; i++) {
        zval e;
        size_t start = i ? ends[i - 1] : 0;
        object_init_ex(&e, fd_entry_ce);
        ZVAL_STRINGL(OBJ_PROP_NUM(Z_OBJ(e), 0), buf + start, ends[i] - start);
        datetime_of(from[i], OBJ_PROP_NUM(Z_OBJ(e), 1));
        ZVAL_LONG(OBJ_PROP_NUM(Z_OBJ(e), 2), (zend_long)from[i]);
        zend_hash_next_index_insert_new(Z_ARRVAL(entries), &e);
    }
    efree(ends);
    efree(from);
    efree(buf);

    object_init_ex(return_value, fd_schedule_ce);
    zend_object *o = Z_OBJ_P(return_value);
    fd_php_schedule *p = schedule_of(o);
    p->formatter = Z_OBJ_P(ZEND_THIS);
    GC_ADDREF(p->formatter);
    p->t_ms = t_ms;
    p->now_ms = now_ms;
    p->horizon_ms = horizon_ms;
    p->max_entries = max_entries;
    /* entries, now, nowMs, until, untilMs */
    ZVAL_COPY_VALUE(OBJ_PROP_NUM(o, 0), &entries);
    datetime_of(now_ms, OBJ_PROP_NUM(o, 1));
    ZVAL_LONG(OBJ_PROP_NUM(o, 2), (zend_long)now_ms);
    if (until == FD_NEVER) {
        ZVAL_NULL(OBJ_PROP_NUM(o, 3));
        ZVAL_NULL(OBJ_PROP_NUM(o, 4));
    } else {
        datetime_of(until, OBJ_PROP_NUM(o, 3));
        ZVAL_LONG(OBJ_PROP_NUM(o, 4), (zend_long)until);
    }
}

PHP_METHOD(FeedDate_Formatter, html)
{
    zval *t, *now = NULL;
    bool spoken = 0;
    zend_long horizon = 0, max = 0;
    bool horizon_null = 1, max_null = 1;
    ZEND_PARSE_PARAMETERS_START(1, 5)
    Z_PARAM_ZVAL(t)
    Z_PARAM_OPTIONAL
    Z_PARAM_ZVAL_OR_NULL(now)
    Z_PARAM_BOOL(spoken)
    Z_PARAM_LONG_OR_NULL(horizon, horizon_null)
    Z_PARAM_LONG_OR_NULL(max, max_null)
    ZEND_PARSE_PARAMETERS_END();
    fd_formatter *f = this_formatter(ZEND_THIS);
    if (f == NULL)
        RETURN_THROWS();
    int64_t t_ms, now_ms, horizon_ms;
    size_t max_entries;
    if (schedule_args(t, now, horizon, horizon_null, max, max_null, &t_ms, &now_ms, &horizon_ms, &max_entries) !=
        SUCCESS)
        RETURN_THROWS();
    wire_text(spoken ? html_spoken : html_plain, f, t_ms, now_ms, horizon_ms, max_entries, return_value);
}

/* ---- FeedDate\Schedule ------------------------------------------------------------------ */

static void schedule_text(INTERNAL_FUNCTION_PARAMETERS, wire_fn fn)
{
    ZEND_PARSE_PARAMETERS_NONE();
    fd_php_schedule *p = schedule_of(Z_OBJ_P(ZEND_THIS));
    if (p->formatter == NULL) {
        zend_throw_error(NULL, "FeedDate\\Schedule comes only from FeedDate\\Formatter::schedule()");
        RETURN_THROWS();
    }
    wire_text(fn, formatter_of(p->formatter)->f, p->t_ms, p->now_ms, p->horizon_ms, p->max_entries, return_value);
}

PHP_METHOD(FeedDate_Schedule, toJson)
{
    schedule_text(INTERNAL_FUNCTION_PARAM_PASSTHRU, fd_schedule_json);
}
PHP_METHOD(FeedDate_Schedule, scriptJson)
{
    schedule_text(INTERNAL_FUNCTION_PARAM_PASSTHRU, fd_schedule_script_json);
}

/* ---- FeedDate\Exception ----------------------------------------------------------------- */

PHP_METHOD(FeedDate_Exception, getStatus)
{
    ZEND_PARSE_PARAMETERS_NONE();
    zval rv, *code = zend_read_property(zend_ce_exception, Z_OBJ_P(ZEND_THIS), "code", sizeof("code") - 1, 1, &rv);
    RETURN_LONG(Z_TYPE_P(code) == IS_LONG ? Z_LVAL_P(code) : 0);
}

/* ---- functions -------------------------------------------------------------------------- */

PHP_FUNCTION(FeedDate_data_version)
{
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_STRING(fd_data_version());
}

PHP_FUNCTION(FeedDate_version)
{
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_STRING(fd_version_string());
}

PHP_FUNCTION(FeedDate_quote)
{
    zend_string *s;
    ZEND_PARSE_PARAMETERS_START(1, 1)
    Z_PARAM_STR(s)
    ZEND_PARSE_PARAMETERS_END();
    char q[FD_QUOTE_CAPACITY];
    quote(ZSTR_VAL(s), ZSTR_LEN(s), q);
    RETURN_STRING(q);
}

/* ---- arginfo (written by hand: feeddate.stub.php declares the same) ----------------------- */

#define INSTANT_MASK (MAY_BE_LONG | MAY_BE_DOUBLE)

ZEND_BEGIN_ARG_INFO_EX(arginfo_Formatter___construct, 0, 0, 1)
ZEND_ARG_TYPE_INFO(0, style, IS_STRING, 0)
ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, options, IS_ARRAY, 0, "[]")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_Formatter_format, 0, 1, IS_STRING, 0)
ZEND_ARG_OBJ_TYPE_MASK(0, t, DateTimeInterface, INSTANT_MASK, NULL)
ZEND_ARG_OBJ_TYPE_MASK(0, now, DateTimeInterface, INSTANT_MASK | MAY_BE_NULL, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_Formatter_label, 0, 1, FeedDate\\Label, 0)
ZEND_ARG_OBJ_TYPE_MASK(0, t, DateTimeInterface, INSTANT_MASK, NULL)
ZEND_ARG_OBJ_TYPE_MASK(0, now, DateTimeInterface, INSTANT_MASK | MAY_BE_NULL, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_Formatter_formatMany, 0, 1, IS_ARRAY, 0)
ZEND_ARG_TYPE_INFO(0, ts, IS_ARRAY, 0)
ZEND_ARG_OBJ_TYPE_MASK(0, now, DateTimeInterface, INSTANT_MASK | MAY_BE_NULL, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_OBJ_INFO_EX(arginfo_Formatter_schedule, 0, 1, FeedDate\\Schedule, 0)
ZEND_ARG_OBJ_TYPE_MASK(0, t, DateTimeInterface, INSTANT_MASK, NULL)
ZEND_ARG_OBJ_TYPE_MASK(0, now, DateTimeInterface, INSTANT_MASK | MAY_BE_NULL, "null")
ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, horizonMs, IS_LONG, 1, "null")
ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, maxEntries, IS_LONG, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_Formatter_html, 0, 1, IS_STRING, 0)
ZEND_ARG_OBJ_TYPE_MASK(0, t, DateTimeInterface, INSTANT_MASK, NULL)
ZEND_ARG_OBJ_TYPE_MASK(0, now, DateTimeInterface, INSTANT_MASK | MAY_BE_NULL, "null")
ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, spoken, _IS_BOOL, 0, "false")
ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, horizonMs, IS_LONG, 1, "null")
ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, maxEntries, IS_LONG, 1, "null")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_return_string, 0, 0, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_return_int, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_quote, 0, 1, IS_STRING, 0)
ZEND_ARG_TYPE_INFO(0, value, IS_STRING, 0)
ZEND_END_ARG_INFO()

static const zend_function_entry formatter_methods[] = {
    PHP_ME(FeedDate_Formatter, __construct, arginfo_Formatter___construct, ZEND_ACC_PUBLIC)
        PHP_ME(FeedDate_Formatter, format, arginfo_Formatter_format, ZEND_ACC_PUBLIC)
            PHP_ME(FeedDate_Formatter, label, arginfo_Formatter_label, ZEND_ACC_PUBLIC)
                PHP_ME(FeedDate_Formatter, formatMany, arginfo_Formatter_formatMany, ZEND_ACC_PUBLIC)
                    PHP_ME(FeedDate_Formatter, schedule, arginfo_Formatter_schedule, ZEND_ACC_PUBLIC)
                        PHP_ME(FeedDate_Formatter, html, arginfo_Formatter_html, ZEND_ACC_PUBLIC) PHP_FE_END};

static const zend_function_entry schedule_methods[] = {
    PHP_ME(FeedDate_Schedule, toJson, arginfo_return_string, ZEND_ACC_PUBLIC)
        PHP_ME(FeedDate_Schedule, scriptJson, arginfo_return_string, ZEND_ACC_PUBLIC) PHP_FE_END};

static const zend_function_entry exception_methods[] = {
    PHP_ME(FeedDate_Exception, getStatus, arginfo_return_int, ZEND_ACC_PUBLIC) PHP_FE_END};

static const zend_function_entry no_methods[] = {PHP_FE_END};

static const zend_function_entry feeddate_functions[] = {
    ZEND_NS_FALIAS("FeedDate", data_version, FeedDate_data_version, arginfo_return_string)
        ZEND_NS_FALIAS("FeedDate", version, FeedDate_version, arginfo_return_string)
            ZEND_NS_FALIAS("FeedDate", quote, FeedDate_quote, arginfo_quote) PHP_FE_END};

/* ---- registration ----------------------------------------------------------------------- */

static void declare(zend_class_entry *ce, const char *name, uint32_t type_mask, const char *class_name)
{
    zval undef;
    ZVAL_UNDEF(&undef);
    zend_string *n = zend_string_init_interned(name, strlen(name), 1);
    zend_type type;
    if (class_name != NULL) {
        zend_string *cn = zend_string_init_interned(class_name, strlen(class_name), 1);
        type = (zend_type)ZEND_TYPE_INIT_CLASS(cn, (type_mask & MAY_BE_NULL) != 0, 0);
    } else {
        type = (zend_type)ZEND_TYPE_INIT_MASK(type_mask);
    }
    zend_declare_typed_property(ce, n, &undef, ZEND_ACC_PUBLIC | ZEND_ACC_READONLY, NULL, type);
    zend_string_release(n);
}

static zend_class_entry *final_class(const char *name, const zend_function_entry *methods, zend_class_entry *parent)
{
    zend_class_entry ce;
    INIT_CLASS_ENTRY_EX(ce, name, strlen(name), methods);
    zend_class_entry *c = zend_register_internal_class_ex(&ce, parent);
    c->ce_flags |= ZEND_ACC_FINAL | ZEND_ACC_NO_DYNAMIC_PROPERTIES | ZEND_ACC_NOT_SERIALIZABLE;
    return c;
}

PHP_MINIT_FUNCTION(feeddate)
{
    fd_exception_ce = final_class("FeedDate\\Exception", exception_methods, zend_ce_exception);
    fd_exception_ce->ce_flags &= ~(ZEND_ACC_NO_DYNAMIC_PROPERTIES | ZEND_ACC_NOT_SERIALIZABLE);
    static const struct {
        const char *name;
        int value;
    } statuses[] = {
        {"ARGUMENT", FD_ERR_ARGUMENT}, {"LOCALE", FD_ERR_LOCALE},     {"TIME_ZONE", FD_ERR_TIME_ZONE},
        {"RANGE", FD_ERR_RANGE},       {"BUFFER", FD_ERR_BUFFER},     {"ICU", FD_ERR_ICU},
        {"MEMORY", FD_ERR_MEMORY},     {"INTERNAL", FD_ERR_INTERNAL},
    };
    for (size_t i = 0; i < sizeof statuses / sizeof statuses[0]; i++) {
        zend_declare_class_constant_long(fd_exception_ce, statuses[i].name, strlen(statuses[i].name),
                                         statuses[i].value);
    }

    fd_formatter_ce = final_class("FeedDate\\Formatter", formatter_methods, NULL);
    fd_formatter_ce->create_object = formatter_create;
    declare(fd_formatter_ce, "style", MAY_BE_STRING, NULL);
    declare(fd_formatter_ce, "locale", MAY_BE_STRING, NULL);
    declare(fd_formatter_ce, "tz", MAY_BE_STRING, NULL);
    declare(fd_formatter_ce, "tzSource", MAY_BE_STRING, NULL);
    memcpy(&fd_formatter_handlers, zend_get_std_object_handlers(), sizeof fd_formatter_handlers);
    fd_formatter_handlers.offset = XtOffsetOf(fd_php_formatter, std);
    fd_formatter_handlers.free_obj = formatter_free;
    fd_formatter_handlers.clone_obj = NULL;

    fd_label_ce = final_class("FeedDate\\Label", no_methods, NULL);
    declare(fd_label_ce, "text", MAY_BE_STRING, NULL);
    declare(fd_label_ce, "nextChange", MAY_BE_NULL, "DateTimeImmutable");
    declare(fd_label_ce, "nextChangeMs", MAY_BE_LONG | MAY_BE_NULL, NULL);
    declare(fd_label_ce, "dayPart", MAY_BE_STRING, NULL);
    declare(fd_label_ce, "timePart", MAY_BE_STRING, NULL);
    declare(fd_label_ce, "expired", MAY_BE_BOOL, NULL);

    fd_entry_ce = final_class("FeedDate\\ScheduleEntry", no_methods, NULL);
    declare(fd_entry_ce, "text", MAY_BE_STRING, NULL);
    declare(fd_entry_ce, "start", 0, "DateTimeImmutable");
    declare(fd_entry_ce, "startMs", MAY_BE_LONG, NULL);

    fd_schedule_ce = final_class("FeedDate\\Schedule", schedule_methods, NULL);
    fd_schedule_ce->create_object = schedule_create;
    declare(fd_schedule_ce, "entries", MAY_BE_ARRAY, NULL);
    declare(fd_schedule_ce, "now", 0, "DateTimeImmutable");
    declare(fd_schedule_ce, "nowMs", MAY_BE_LONG, NULL);
    declare(fd_schedule_ce, "until", MAY_BE_NULL, "DateTimeImmutable");
    declare(fd_schedule_ce, "untilMs", MAY_BE_LONG | MAY_BE_NULL, NULL);
    memcpy(&fd_schedule_handlers, zend_get_std_object_handlers(), sizeof fd_schedule_handlers);
    fd_schedule_handlers.offset = XtOffsetOf(fd_php_schedule, std);
    fd_schedule_handlers.free_obj = schedule_free;
    fd_schedule_handlers.clone_obj = NULL;

    REGISTER_NS_LONG_CONSTANT("FeedDate", "DEFAULT_HORIZON_MS", FD_SCHEDULE_DEFAULT_HORIZON_MS,
                              CONST_CS | CONST_PERSISTENT);
    REGISTER_NS_LONG_CONSTANT("FeedDate", "DEFAULT_MAX_ENTRIES", FD_SCHEDULE_DEFAULT_MAX_ENTRIES,
                              CONST_CS | CONST_PERSISTENT);
    REGISTER_NS_LONG_CONSTANT("FeedDate", "MAX_HORIZON_MS", FD_SCHEDULE_MAX_HORIZON_MS, CONST_CS | CONST_PERSISTENT);
    REGISTER_NS_LONG_CONSTANT("FeedDate", "MAX_ENTRIES", FD_SCHEDULE_MAX_ENTRIES, CONST_CS | CONST_PERSISTENT);
    return SUCCESS;
}

PHP_MINFO_FUNCTION(feeddate)
{
    php_info_print_table_start();
    php_info_print_table_header(2, "feeddate support", "enabled");
    php_info_print_table_row(2, "extension version", PHP_FEEDDATE_VERSION);
    php_info_print_table_row(2, "libfeeddate", fd_version_string());
    php_info_print_table_row(2, "data", fd_data_version());
    php_info_print_table_end();
}

static const zend_module_dep feeddate_deps[] = {ZEND_MOD_REQUIRED("date") ZEND_MOD_END};

zend_module_entry feeddate_module_entry = {STANDARD_MODULE_HEADER_EX,
                                           NULL,
                                           feeddate_deps,
                                           "feeddate",
                                           feeddate_functions,
                                           PHP_MINIT(feeddate),
                                           NULL, /* MSHUTDOWN: the library stays loaded (it is never unloaded) */
                                           NULL, /* RINIT: no per-request state */
                                           NULL,
                                           PHP_MINFO(feeddate),
                                           PHP_FEEDDATE_VERSION,
                                           STANDARD_MODULE_PROPERTIES};

#ifdef COMPILE_DL_FEEDDATE
ZEND_GET_MODULE(feeddate)
#endif
