/* vector_options.c — see vector_options.h. */
#include "vector_options.h"
#include "fd_names.h"

#include <stddef.h>
#include <string.h>

typedef enum option_kind {
    OPT_STRING,
    OPT_INT32,
    OPT_INT64,
    OPT_BOOL,
    OPT_HOUR_CYCLE,
    OPT_WIDTH,
    OPT_UNIT
} option_kind;

#define HAS_1_1_OPTIONS (FD_VERSION_MAJOR > 1 || FD_VERSION_MINOR >= 1)
#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* Every option a vector may carry (vectors/README.md), and where it goes. */
static const struct {
    const char *name;
    option_kind kind;
    size_t offset;
} OPTION_FIELDS[] = {
    {"locale", OPT_STRING, offsetof(fd_options, locale)},
    {"tz", OPT_STRING, offsetof(fd_options, time_zone)},
    {"hour_cycle", OPT_HOUR_CYCLE, offsetof(fd_options, hour_cycle)},
    {"width", OPT_WIDTH, offsetof(fd_options, width)},
    {"recent_relative", OPT_BOOL, offsetof(fd_options, recent_relative)},
    {"just_now_ms", OPT_INT64, offsetof(fd_options, just_now_ms)},
    {"skew_tolerance_ms", OPT_INT64, offsetof(fd_options, skew_tolerance_ms)},
    {"cross_year_grace_days", OPT_INT32, offsetof(fd_options, cross_year_grace_days)},
    {"weekday_window_days", OPT_INT32, offsetof(fd_options, weekday_window_days)},
    {"precision", OPT_INT32, offsetof(fd_options, precision)},
    {"countdown_days", OPT_BOOL, offsetof(fd_options, countdown_days)},
#if HAS_1_1_OPTIONS
    {"plain_spaces", OPT_BOOL, offsetof(fd_options, plain_spaces)},
    {"spoken", OPT_BOOL, offsetof(fd_options, spoken)},
    {"overtime", OPT_BOOL, offsetof(fd_options, overtime)},
    {"max_unit", OPT_UNIT, offsetof(fd_options, max_unit)},
    {"just_now_text", OPT_STRING, offsetof(fd_options, just_now_text)},
    {"yesterday_text", OPT_STRING, offsetof(fd_options, yesterday_text)},
    {"day_before_yesterday_text", OPT_STRING, offsetof(fd_options, day_before_yesterday_text)},
    {"tomorrow_text", OPT_STRING, offsetof(fd_options, tomorrow_text)},
#endif
};

static int apply_option(fd_options *o, const json_member *m, const char **why)
{
    size_t i = 0;
    while (i < COUNT_OF(OPTION_FIELDS) && strcmp(OPTION_FIELDS[i].name, m->key) != 0)
        i++;
    if (i == COUNT_OF(OPTION_FIELDS)) {
        *why = "unknown option name";
        return -1;
    }
    char *field = (char *)o + OPTION_FIELDS[i].offset;
    const json_value *v = &m->value;
    int index;
    switch (OPTION_FIELDS[i].kind) {
    case OPT_STRING:
        if (v->type != JSON_STRING || strlen(v->string) != v->length)
            break;
        memcpy(field, &v->string, sizeof v->string);
        return 0;
    case OPT_INT32:
        if (v->type != JSON_INT || v->integer < INT32_MIN || v->integer > INT32_MAX)
            break;
        *(int32_t *)(void *)field = (int32_t)v->integer;
        return 0;
    case OPT_INT64:
        if (v->type != JSON_INT)
            break;
        *(int64_t *)(void *)field = v->integer;
        return 0;
    case OPT_BOOL:
        if (v->type != JSON_BOOL)
            break;
        *(int32_t *)(void *)field = v->boolean;
        return 0;
    case OPT_HOUR_CYCLE:
        if (v->type != JSON_STRING || (index = fdn_value(fdn_hour_cycle, v->string)) < 0)
            break;
        *(fd_hour_cycle *)(void *)field = (fd_hour_cycle)index;
        return 0;
    case OPT_WIDTH:
        if (v->type != JSON_STRING || (index = fdn_value(fdn_width, v->string)) < 0)
            break;
        *(fd_width *)(void *)field = (fd_width)index;
        return 0;
    case OPT_UNIT:
#if HAS_1_1_OPTIONS
        if (v->type != JSON_STRING || (index = fdn_value(fdn_unit, v->string)) < 0)
            break;
        *(fd_unit *)(void *)field = (fd_unit)index;
        return 0;
#else
        break;
#endif
    }
    *why = "option value of the wrong type or unknown";
    return -1;
}

int vo_read(fd_options *o, const char *style, const json_value *options, const char **key, const char **why)
{
    *key = NULL;
    int index = fdn_value(fdn_style, style);
    if (index < 0) {
        *why = "unknown style";
        return -1;
    }
    fd_options_init(o, (fd_style)index);
    if (options == NULL || options->type != JSON_OBJECT) {
        *why = "options missing or not an object";
        return -1;
    }
    for (size_t i = 0; i < options->count; i++)
        if (apply_option(o, &options->members[i], why) != 0) {
            *key = options->members[i].key;
            return -1;
        }
    return 0;
}
