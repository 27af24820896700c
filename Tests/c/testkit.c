/*
 * testkit.c — the shared tally and printing helpers of testkit.h.
 */
#include "testkit.h"

#include <stdarg.h>
#include <stdlib.h>

#include "jsonl.h"

static unsigned long passed_count;
static unsigned long failed_count;

int tk_count(int ok)
{
    if (ok)
        passed_count++;
    else
        failed_count++;
    return ok;
}

void tk_fail(const char *fmt, ...)
{
    va_list ap;
    tk_count(0);
    fputs("FAIL ", stdout);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
    fflush(stdout);
}

int tk_finish(void)
{
    printf("%lu passed, %lu failed\n", passed_count, failed_count);
    fflush(stdout);
    return failed_count == 0 && passed_count > 0 ? 0 : 1;
}

/* Characters that print as nothing or as a plain-looking space. */
static int is_invisible(uint32_t cp)
{
    return cp == 0x00A0 || cp == 0x00AD || cp == 0x034F || cp == 0x061C || cp == 0x115F || cp == 0x1160 ||
           cp == 0x180E || (cp >= 0x2000 && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202F) ||
           (cp >= 0x205F && cp <= 0x206F) || cp == 0x3000 || cp == 0x3164 || cp == 0xFEFF || cp == 0xFFA0;
}

void tk_print_text(FILE *out, const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    fputc('"', out);
    while (s != NULL && i < n) {
        uint32_t cp = 0;
        size_t len = json_utf8_decode(u + i, n - i, &cp);
        if (len == 0 || cp < 0x20 || cp == 0x7F) {
            fprintf(out, "\\x%02X", (unsigned)u[i]);
            len = 1;
        } else if (cp == '"' || cp == '\\') {
            fprintf(out, "\\%c", (char)cp);
        } else if (is_invisible(cp)) {
            fprintf(out, "{U+%04X}", (unsigned)cp);
        } else {
            fwrite(u + i, 1, len, out);
        }
        i += len;
    }
    fputc('"', out);
}

const char *tk_status_name(int status, char *buf, size_t cap)
{
    static const char *const names[] = {
        "FD_OK",        "FD_ERR_ARGUMENT", "FD_ERR_LOCALE", "FD_ERR_TIME_ZONE",
        "FD_ERR_RANGE", "FD_ERR_BUFFER",   "FD_ERR_ICU",    "FD_ERR_MEMORY",
    };
    if (status >= 0 && (size_t)status < sizeof names / sizeof names[0])
        return names[status];
    snprintf(buf, cap, "status %d", status);
    return buf;
}

/* Floor division for the calendar arithmetic below. */
static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

char *tk_instant(int64_t ms, char *buf, size_t cap)
{
    if (ms == FD_NEVER) {
        snprintf(buf, cap, "never");
        return buf;
    }
    /* Days since 1970-01-01 to a civil date (H. Hinnant's days_from_civil inverse). */
    int64_t days = floor_div(ms, 86400000);
    int64_t ms_of_day = ms - days * 86400000;
    int64_t z = days + 719468;
    int64_t era = floor_div(z, 146097);
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    int64_t day = doy - (153 * mp + 2) / 5 + 1;
    int64_t month = mp < 10 ? mp + 3 : mp - 9;
    int64_t year = yoe + era * 400 + (month <= 2);
    snprintf(buf, cap, "%04lld-%02d-%02dT%02d:%02d:%02d.%03dZ", (long long)year, (int)month, (int)day,
             (int)(ms_of_day / 3600000), (int)(ms_of_day / 60000 % 60), (int)(ms_of_day / 1000 % 60),
             (int)(ms_of_day % 1000));
    return buf;
}

size_t tk_count_arg(int argc, char **argv, size_t fallback, long long min, long long max)
{
    if (argc < 2)
        return fallback;
    char *end = NULL;
    long long n = strtoll(argv[1], &end, 10);
    if (end == argv[1] || *end != '\0' || n < min || n > max) {
        fprintf(stderr, "usage: %s [count of instants, %lld..%lld]\n", argv[0], min, max);
        exit(2);
    }
    return (size_t)n;
}
