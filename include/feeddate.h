/*
 * feeddate.h — feed, chat and countdown labels for timestamps, in any locale,
 * with the exact instant at which each label next changes.
 *
 * This header is the contract of libfeeddate.so.1. It is the one definition of
 * the C types: the Swift library itself is compiled against this very file.
 *
 * Conventions that hold for every function below
 * -----------------------------------------------
 * - Instants are int64_t milliseconds since 1970-01-01T00:00:00Z. Every
 *   instant passed in must lie in [FD_MIN_INSTANT_MS, FD_MAX_INSTANT_MS]
 *   (0001-01-01T00:00:00.000Z ..= 9999-12-31T23:59:59.999Z), else
 *   FD_ERR_RANGE.
 * - The library never reads a clock on its own: `now_ms` is always passed in
 *   (fd_now_ms() is there for callers that have no better clock).
 * - Strings in and out are UTF-8. Strings returned by the library as
 *   `const char *` are owned by the library: never free them.
 * - No input, however bad, crashes the process or writes outside a buffer the
 *   caller described: bad input is a status code.
 * - Threads: an fd_formatter is immutable after fd_formatter_new and may be
 *   used by any number of threads at once. fd_formatter_free must not race
 *   with other calls on the same formatter. A thread that calls the library
 *   needs FD_MIN_STACK_BYTES (64 KiB) of stack: glibc's and macOS's default
 *   thread stacks are far larger, musl's 128 KiB is enough; a pool with
 *   smaller stacks (16-24 KiB overflow, inside ICU) must raise them.
 * - Environment (1.2): the library reads $TZDIR once, on its first use, and
 *   after that calls getenv() only where the caller asks for a host default
 *   ($TZ when time_zone is NULL; LC_ALL, LC_MESSAGES and LANG once, when
 *   locale is NULL). So creating formatters with explicit ids never races
 *   with another thread's setenv()/unsetenv() (glibc's getenv beside setenv
 *   can crash). A program that sets $TZDIR sets it before its first fd_*
 *   call; a change later is not seen.
 * - Memory (1.2): running out of memory is FD_ERR_MEMORY, never a crash.
 *   fd_formatter_new checks that 1 MiB can be allocated before it starts
 *   (its largest need, a locale's first formatter, is ~200 KB), and the label
 *   paths that fill a table or call ICU check for 256 KiB; ICU's own
 *   failures map to FD_ERR_MEMORY too. Measured: under an address-space
 *   limit (RLIMIT_AS) of 50, 100 or 200 MB, creation ends with FD_ERR_MEMORY
 *   (after ~50,000 live formatters at 200 MB) and labels give FD_OK or
 *   FD_ERR_MEMORY. Not covered: another thread taking that reserve between
 *   the check and the work, since Swift's runtime, linked into the library,
 *   traps when an allocation fails.
 * - Loading: the library is never unloaded (linked -z nodelete): dlclose()
 *   leaves it in place and the next dlopen() finds it, so a plugin host that
 *   loads and unloads it grows by nothing (1.1: ~161 KB a cycle).
 * - Messages (1.2): fd_last_error quotes what the caller passed safely for a
 *   log line: "\n" and "\t" as those two characters, other C0 and C1
 *   controls, DEL and each byte of invalid UTF-8 as \xNN, and a value longer
 *   than 64 bytes cut within its first 64 with "…".
 * - fork(): safe while other threads are inside the library (multiprocessing,
 *   gunicorn, uwsgi and Celery's prefork pool fork such processes). A fork
 *   waits until no thread holds one of the library's locks or is in an ICU
 *   call the library made (pthread_atfork handlers; labels served from the
 *   library's tables take no lock and do not hold a fork up). In the child,
 *   creating formatters and formatting work as in any process, and
 *   formatters made before the fork remain usable. Not covered: fork() from
 *   a signal handler that interrupted a call into the library, and ICU
 *   calls that other code in the process makes itself.
 *
 * Example
 * -------
 *   fd_options o;
 *   fd_options_init(&o, FD_STYLE_CHAT_LIST);
 *   o.locale = "zh_CN";
 *   o.time_zone = "Asia/Shanghai";
 *   fd_formatter *f = NULL;
 *   if (fd_formatter_new(&o, &f) != FD_OK) { ... }
 *   char buf[FD_LABEL_CAPACITY];
 *   fd_label info;
 *   fd_status s = fd_format(f, t_ms, fd_now_ms(), buf, sizeof buf, &info);
 *   // buf = "昨天", info.next_change_ms = the coming local midnight
 *   fd_formatter_free(f);
 */
#ifndef FEEDDATE_H
#define FEEDDATE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Versions: at compile time (macros) and at run time (functions). ---- */
/* The three numbers are the one place the version is written; everything
 * else (FD_VERSION_STRING, the Makefile, the Debian and Python packages) is
 * derived from them. */
#define FD_VERSION_MAJOR 1
#define FD_VERSION_MINOR 2
#define FD_VERSION_PATCH 0
#define FD_VERSION_NUMBER (FD_VERSION_MAJOR * 10000 + FD_VERSION_MINOR * 100 + FD_VERSION_PATCH)
#define FD_STRINGIFY_(x) #x
#define FD_STRINGIFY(x) FD_STRINGIFY_(x)
#define FD_VERSION_STRING \
    FD_STRINGIFY(FD_VERSION_MAJOR) "." FD_STRINGIFY(FD_VERSION_MINOR) "." FD_STRINGIFY(FD_VERSION_PATCH)

/* ---- Limits ---- */
#define FD_MIN_INSTANT_MS (-62135596800000LL) /* 0001-01-01T00:00:00.000Z */
#define FD_MAX_INSTANT_MS (253402300799999LL) /* 9999-12-31T23:59:59.999Z */
/* next_change_ms when the label never changes again inside the range. */
#define FD_NEVER INT64_MAX
/* A buffer of this many bytes holds every label, with its NUL. */
#define FD_LABEL_CAPACITY 256
/* The stack a calling thread needs, ICU's first loads of locale data
 * included (tested at exactly this size: Tests/c/test_stack.c). (1.1) */
#define FD_MIN_STACK_BYTES 65536

/* ---- Status codes. FD_OK is 0; every other value is an error. ---- */
typedef enum fd_status {
    FD_OK = 0,
    FD_ERR_ARGUMENT = 1,  /* NULL pointer, unknown style or option value, unpublished size */
    FD_ERR_LOCALE = 2,    /* malformed locale id */
    FD_ERR_TIME_ZONE = 3, /* unknown time zone id (never a silent GMT) */
    FD_ERR_RANGE = 4,     /* an instant outside [FD_MIN_INSTANT_MS, FD_MAX_INSTANT_MS] */
    FD_ERR_BUFFER = 5,    /* the caller's buffer is too small; the needed size is reported */
    FD_ERR_ICU = 6,       /* ICU failed (missing locale data, ...) */
    FD_ERR_MEMORY = 7,    /* out of memory */
    FD_ERR_INTERNAL = 8   /* (1.1) a broken invariant: no label rather than a wrong one */
} fd_status;

/* ---- Styles (SPEC section 3). ---- */
typedef enum fd_style {
    FD_STYLE_FEED = 0,        /* "14:30", "昨天", "前天", "3月25日", "2023年12月30日" */
    FD_STYLE_FEED_DETAIL = 1, /* "2024年3月25日 14:30" */
    FD_STYLE_CHAT_LIST = 2,   /* "14:30", "昨天", "星期三", "2024/3/18" */
    FD_STYLE_CHAT_BUBBLE = 3, /* "昨天 11:11", "星期三 11:11", "2015/1/10 11:11" */
    FD_STYLE_RELATIVE = 4,    /* "5分钟前", "3 days ago", "in 2 hours" */
    FD_STYLE_COMPACT = 5,     /* "59s", "1m", "2h", "3d", "2w", "4mo", "1y" */
    FD_STYLE_COUNTDOWN = 6    /* "0:04:59.3", "1d 03:04:05.6" */
} fd_style;

typedef enum fd_hour_cycle {
    FD_HOUR_CYCLE_LOCALE = 0, /* the locale's own (a -u-hc- keyword counts; h11, h24 read as h12, h23) */
    FD_HOUR_CYCLE_H23 = 1,    /* 0..23 */
    FD_HOUR_CYCLE_H12 = 2     /* 1..12 with AM/PM */
} fd_hour_cycle;

typedef enum fd_width {
    FD_WIDTH_LONG = 0,  /* "5 minutes ago" */
    FD_WIDTH_SHORT = 1, /* "5 min. ago" */
    FD_WIDTH_NARROW = 2 /* "5m ago" */
} fd_width;

/* The largest unit counted (fd_options.max_unit, 1.1). YEAR is 0, so a zeroed
 * field means no ceiling. */
typedef enum fd_unit {
    FD_UNIT_YEAR = 0,
    FD_UNIT_MONTH = 1,
    FD_UNIT_WEEK = 2,
    FD_UNIT_DAY = 3,
    FD_UNIT_HOUR = 4,  /* COMPACT: "59s", "5m", "23h", then "Mar 24" (Twitter's web feed) */
    FD_UNIT_MINUTE = 5,
    FD_UNIT_SECOND = 6
} fd_unit;

/*
 * Options for fd_formatter_new. Always fill with fd_options_init first, then
 * change what you need.
 *
 * How the struct grows (the precedent is libgit2's versioned option structs
 * and sqlite's sized ones): `size` is the size of the layout the caller was
 * compiled with. A later 1.x release only appends fields, each outside every
 * earlier layout (never in a previous layout's tail padding), and keeps
 * accepting every earlier size: fd_formatter_new reads only the fields that
 * `size` covers and gives the rest their defaults. A size that is not a
 * published layout (a struct from a newer header, or garbage) is refused
 * with FD_ERR_ARGUMENT, never half-read. So a program built against an older
 * 1.x header keeps working, unrebuilt, with any later 1.x library; a program
 * built against a newer header fails cleanly on an older library.
 * Published layouts: 1.0 (the fields up to countdown_days, 72 bytes on
 * LP64), 1.1 (up to tomorrow_text, 120 bytes).
 */
typedef struct fd_options {
    uint32_t size;               /* the caller's sizeof(fd_options); set by fd_options_init */
    fd_style style;
    const char *locale;          /* ICU ("zh_CN", "ja_JP@calendar=japanese") or BCP 47
                                    ("zh-Hans-CN", "en-US-u-hc-h23"), or a priority list in
                                    Accept-Language form ("tlh, de-CH;q=0.9, en;q=0.5"): the
                                    first id by weight whose language ICU has data for. No
                                    such id: FD_ERR_LOCALE naming the ids tried, never the
                                    host's locale instead. (1.2) At most 32 entries and 1,024
                                    bytes, else FD_ERR_LOCALE. NULL = the host's default (LC_ALL,
                                    LC_MESSAGES, LANG as ICU reads them; "C" is en_US_POSIX); one
                                    naming a language ICU has no data for is FD_ERR_LOCALE
                                    naming the variable (1.2), and so (1.3) is one holding
                                    control characters or bytes that are not UTF-8.
                                    fd_formatter_locale names the data used.
                                    Copied: need not outlive fd_formatter_new. */
    const char *time_zone;       /* IANA id ("Asia/Shanghai") or a POSIX TZ string ("CST-8").
                                    NULL = the host's: $TZ when set (an id, ":id", a path in the
                                    zone database, "" = UTC, or a POSIX TZ string; anything else
                                    is FD_ERR_TIME_ZONE naming it), else /etc/localtime, else
                                    /etc/timezone, else UTC. fd_formatter_time_zone and
                                    fd_formatter_tz_source say what was used. Zones come from
                                    $TZDIR when set, else /usr/share/zoneinfo, opened without
                                    following links out of that folder (1.3: only regular files
                                    are opened for reading); ICU's built-in rules are
                                    never used (1.2): with no database there, a named zone is
                                    FD_ERR_TIME_ZONE naming the folder; UTC, Etc/UTC, GMT and
                                    POSIX TZ strings need none. (1.3) A zone file that cannot be
                                    opened for want of descriptors (EMFILE, ENFILE) is
                                    FD_ERR_TIME_ZONE, or of memory (ENOMEM) FD_ERR_MEMORY,
                                    naming the cause, never another reading of the id; UTC,
                                    Etc/UTC, GMT and POSIX TZ strings need no descriptor.
                                    Copied. */
    fd_hour_cycle hour_cycle;    /* default FD_HOUR_CYCLE_LOCALE */
    fd_width width;              /* default FD_WIDTH_LONG: only "N units ago / in N units" */
    int32_t recent_relative;     /* bool, default 0: FEED says "just now / 5 min ago / 3 h ago" first */
    int64_t just_now_ms;         /* default 60000; 0..86400000 */
    int64_t skew_tolerance_ms;   /* default 60000; 0..86400000 */
    int32_t cross_year_grace_days; /* default 0; 0..366 */
    int32_t weekday_window_days; /* default 6; 1..6 */
    int32_t precision;           /* COUNTDOWN fraction digits, default 1; 0..3 */
    int32_t countdown_days;      /* bool, default 0: COUNTDOWN shows "1d 03:04:05.6" from 24 h */
    /* ---- 1.1 ---- */
    int32_t plain_spaces;        /* bool, default 0: every space character (Unicode Zs: U+202F
                                    before "PM", U+00A0, ...) written as U+0020; parts follow */
    int32_t spoken;              /* bool, default 0: text for a screen reader ("2h" -> "2 hours ago",
                                    countdowns as "1 day, 3 hours, 4 minutes, 6 seconds", dates
                                    with full month names); next_change follows the spoken text */
    int32_t overtime;            /* bool, default 0: COUNTDOWN after the deadline counts up after
                                    the locale's minus sign ("-0:00:05.3") instead of zeros */
    fd_unit max_unit;            /* default FD_UNIT_YEAR: RELATIVE, COMPACT and FEED's recent
                                    labels count up to this unit, and show t's date beyond it
                                    (FEED: its day rules) */
    const char *just_now_text;   /* NULL = the locale's word; else the caller's own for just now, */
    const char *yesterday_text;  /* yesterday, the day before yesterday and tomorrow, wherever */
    const char *day_before_yesterday_text; /* a style uses them: UTF-8, 1..64 bytes, no */
    const char *tomorrow_text;   /* control characters; used as given (never capitalized). Copied. */
} fd_options;

/* What fd_format reports besides the text. Offsets are bytes into the UTF-8 text. */
typedef struct fd_label {
    size_t length;          /* bytes of text without the NUL (also when FD_ERR_BUFFER) */
    int64_t next_change_ms; /* earliest instant > now at which the text changes, or FD_NEVER */
    size_t day_offset;      /* day part: relative word, weekday or date; empty = 0, 0 */
    size_t day_length;
    size_t time_offset;     /* time part; empty = 0, 0 */
    size_t time_length;
    int32_t expired;        /* COUNTDOWN: 1 when the deadline has been reached */
} fd_label;

/* Opaque, immutable, thread-safe formatter. */
typedef struct fd_formatter fd_formatter;

/*
 * (1.1) Fills the first `size` bytes of *opts with the defaults of SPEC
 * section 6 for `style` and sets opts->size = size. `size` must be the size
 * of a published layout (sizeof(fd_options) of some 1.x header); any other
 * size is FD_ERR_ARGUMENT and nothing is written. Returns FD_ERR_ARGUMENT
 * when opts is NULL or style unknown (the struct is still filled, with FEED
 * defaults, when opts is not NULL and size is valid). Bindings call this
 * with the size of the struct they declare. Any thread.
 */
fd_status fd_options_init_sized(fd_options *opts, size_t size, fd_style style);

/*
 * The same for the layout of this header: fd_options_init(&o, style) is a
 * macro for fd_options_init_sized(&o, sizeof o, style). The exported
 * function fd_options_init fills the 1.0 layout, forever, for programs
 * compiled against the 1.0 header; `(fd_options_init)(&o, s)` calls it.
 */
fd_status fd_options_init(fd_options *opts, fd_style style);
#define fd_options_init(opts, style) fd_options_init_sized((opts), sizeof *(opts), (style))

/*
 * Creates a formatter. On FD_OK, *out owns a new formatter: free it with
 * fd_formatter_free. On error *out is set to NULL (when out is not NULL).
 * Reads only the fields that opts->size covers (see fd_options above).
 * Errors: FD_ERR_ARGUMENT (NULL opts/out, a size that is not a published
 * layout, unknown style/enum, option out of range), FD_ERR_LOCALE
 * (malformed id, or no data for its language), FD_ERR_TIME_ZONE (unknown
 * zone, bad $TZ, no zone database, no descriptor to open a zone file),
 * FD_ERR_ICU, FD_ERR_MEMORY (see "Memory" above).
 * fd_last_error() then names the option, id or value and what is valid.
 * Costly (ICU data is opened): create once, reuse. Any thread.
 */
fd_status fd_formatter_new(const fd_options *opts, fd_formatter **out);

/* Frees a formatter; NULL is fine. No other call may use it at the same time. */
void fd_formatter_free(fd_formatter *f);

/*
 * Writes the label of instant t as seen at now_ms into buf: NUL-terminated
 * UTF-8. `info` may be NULL; then the next change, which can cost as much
 * as the text, is not worked out. When cap is too small, returns
 * FD_ERR_BUFFER, sets info->length to the length needed (without the NUL),
 * writes no byte at or past buf[cap], and leaves buf NUL-terminated when
 * cap >= 1.
 * buf may be NULL only when cap is 0 (a size query).
 * Errors: FD_ERR_ARGUMENT (f NULL, buf NULL with cap > 0), FD_ERR_RANGE,
 * FD_ERR_BUFFER, FD_ERR_ICU, FD_ERR_MEMORY. Any thread, concurrently.
 */
fd_status fd_format(const fd_formatter *f, int64_t t_ms, int64_t now_ms,
                    char *buf, size_t cap, fd_label *info);

/*
 * Formats n labels for t_ms[0..n) at one now_ms, concatenated without
 * separators or NULs into buf; ends[i] is the byte offset just past label i
 * (so label i is buf[i ? ends[i-1] : 0 .. ends[i])). A NUL follows the last
 * label when room is left. *next_change_min (may be NULL, which skips that
 * work) gets the earliest next change of all labels (FD_NEVER when n is 0).
 * n = 0 is FD_OK.
 * When buf is too small: FD_ERR_BUFFER, nothing past buf[cap] is written and
 * ends[n-1] holds the total bytes needed. Errors as fd_format; an instant
 * out of range fails the whole call. Any thread, concurrently.
 */
fd_status fd_format_many(const fd_formatter *f, const int64_t *t_ms, size_t n,
                         int64_t now_ms, char *buf, size_t cap, size_t *ends,
                         int64_t *next_change_min);

/*
 * (1.2) fd_format_many with a NUL after each label: label i is the C string
 * at buf + (i ? ends[i-1] : 0), and ends[i] is the byte offset just past its
 * NUL (so it has ends[i] - start - 1 bytes, and ends[n-1] bytes hold the
 * batch). Labels hold no NUL, so the batch is also one text that splits at
 * its NULs into exactly n labels: a binding whose strings split in one
 * native step (Python's str.split) makes its n strings without a step of its
 * own per label. n x FD_LABEL_CAPACITY bytes always fit; nothing is written
 * past the last NUL. Arguments, errors, buffer rules (FD_ERR_BUFFER: ends[n-1]
 * holds the bytes needed, NULs counted) and threads as fd_format_many.
 */
fd_status fd_format_many_nul(const fd_formatter *f, const int64_t *t_ms, size_t n,
                             int64_t now_ms, char *buf, size_t cap, size_t *ends,
                             int64_t *next_change_min);

/*
 * (1.2) The same labels as fd_format and fd_format_many, written as UTF-16
 * code units (native byte order), for bindings whose strings are UTF-16
 * (Java, JavaScript), so that none transcodes. Everything fd_format and
 * fd_format_many count in bytes is counted here in code units: cap,
 * info->length, the day and time parts' offsets and lengths, ends[i]; a
 * code unit 0 ends the text when room is left. A label never needs more
 * code units than bytes, so FD_LABEL_CAPACITY code units always fit one.
 * Errors, buffer rules and threads as fd_format and fd_format_many.
 */
fd_status fd_format_utf16(const fd_formatter *f, int64_t t_ms, int64_t now_ms,
                          uint16_t *buf, size_t cap, fd_label *info);
fd_status fd_format_many_utf16(const fd_formatter *f, const int64_t *t_ms, size_t n,
                               int64_t now_ms, uint16_t *buf, size_t cap, size_t *ends,
                               int64_t *next_change_min);

/*
 * (1.2) fd_format_utf16 with its arguments in memory: for a caller whose
 * foreign calls cost by the argument (JNA's direct mapping on Java 17 costs
 * 15-25 ns for each: six cost more than the library takes to write a
 * label), one pointer instead of six. The call reads the six fields of *call
 * once, and is fd_format_utf16 of them in every other way (the same label,
 * errors and buffer rules; its messages name fd_format_utf16). The struct
 * stays with the caller and may be reused: a thread's own, with buf and cap
 * set once and the other fields each call. call NULL: FD_ERR_ARGUMENT.
 */
typedef struct fd_utf16_call {
    const fd_formatter *formatter;
    int64_t t_ms;
    int64_t now_ms;
    uint16_t *buf;
    size_t cap;
    fd_label *info; /* may be NULL, as fd_format_utf16's */
} fd_utf16_call;
fd_status fd_format_utf16_call(const fd_utf16_call *call);

/*
 * (1.2) Schedules (SPEC section 11): the labels instant t will show from
 * now_ms on, each with the instant it starts, for a client that only swaps
 * text (the web client of clients/web, a Swift DiscreteFormatStyle).
 * Entry 0 starts at now_ms; entry i+1 starts at entry i's next change, and
 * consecutive texts differ. The list stops at the first entry whose label
 * never changes (complete: *until_ms = FD_NEVER), at max_entries entries,
 * or at an entry whose next change is at or after now_ms + horizon_ms;
 * *until_ms is the next change of the last entry. horizon_ms 0 gives one
 * entry and its until. The formatter's options apply as to fd_format. Costs
 * one label and one next change per entry. Any thread, concurrently.
 *
 * fd_schedule: the texts concatenated as fd_format_many writes them
 * (ends[i] just past text i, a NUL after the last when room is left),
 * from_ms[i] the start of entry i, *n the entries; ends and from_ms hold
 * max_entries elements. Buffer too small: FD_ERR_BUFFER, with *n, from_ms,
 * ends (ends[*n - 1] = the bytes needed) and *until_ms filled as on success.
 *
 * fd_schedule_json: the wire form every binding and client shares,
 * NUL-terminated: {"v":1,"now":N,"labels":[[text,d0],[text,d1],...],"until":U}
 * (keys in that order, no spaces; d0 = 0, each d the start's difference from
 * the previous start; U until in ms or null when complete; strings escape
 * only ", \, \b \f \n \r \t and other U+0000..U+001F as \u00xx). *length
 * gets its length without the NUL; too small a buffer: FD_ERR_BUFFER with
 * *length = the bytes needed without the NUL. After any other error the
 * first cap bytes of buf are unspecified (the form is written as the walk
 * goes, and an entry can fail after the start was written); nothing is
 * ever written past cap.
 *
 * Errors: FD_ERR_ARGUMENT (f, ends, from_ms, n, until_ms or length NULL;
 * buf NULL with cap > 0; horizon_ms outside 0..FD_SCHEDULE_MAX_HORIZON_MS;
 * max_entries outside 1..FD_SCHEDULE_MAX_ENTRIES; 1.3: a max_entries of
 * 2^63 or more is named as the negative number a signed caller passed,
 * "max_entries -1 is out of range 1...100000"), FD_ERR_RANGE,
 * FD_ERR_BUFFER, FD_ERR_ICU, FD_ERR_MEMORY.
 */
#define FD_SCHEDULE_MAX_HORIZON_MS INT64_C(31622400000) /* 366 days */
#define FD_SCHEDULE_MAX_ENTRIES 100000
/* (1.3) The defaults every binding uses where its language has defaults
 * (SPEC 11): a horizon of one day, at most 1,000 entries. */
#define FD_SCHEDULE_DEFAULT_HORIZON_MS INT64_C(86400000)
#define FD_SCHEDULE_DEFAULT_MAX_ENTRIES 1000
fd_status fd_schedule(const fd_formatter *f, int64_t t_ms, int64_t now_ms, int64_t horizon_ms,
                      size_t max_entries, char *buf, size_t cap, size_t *ends, int64_t *from_ms,
                      size_t *n, int64_t *until_ms);
fd_status fd_schedule_json(const fd_formatter *f, int64_t t_ms, int64_t now_ms, int64_t horizon_ms,
                           size_t max_entries, char *buf, size_t cap, size_t *length);

/*
 * (1.3) The server side of a live label (SPEC 11, "Semantics and screen
 * readers", "Script context"), written once here so that no binding writes
 * markup or escapes of its own. Arguments as fd_schedule_json; buffers as
 * fd_schedule_json (NUL-terminated, *length without the NUL, FD_ERR_BUFFER
 * with *length = the bytes needed without the NUL, and buf[0] = NUL when
 * cap > 0).
 *
 * fd_schedule_html writes
 *   <time datetime="D" title="T"><feed-date data-schedule="WIRE">text</feed-date></time>
 * D: t in UTC as YYYY-MM-DDTHH:MM:SS.sssZ; T: the FEED_DETAIL label of t
 * seen at now, with the formatter's locale, zone and options; WIRE: the
 * schedule's wire form; text: its entry at now. Every value, the text
 * included, is escaped: & < > " ' as &amp; &lt; &gt; &quot; &#39;. With
 * FD_HTML_SPOKEN in flags, data-spoken-schedule="WIRE" follows
 * data-schedule: the schedule of the same options plus spoken, for the web
 * client's hidden spoken label. The FEED_DETAIL and spoken formatters are
 * made when first needed and kept with the formatter. Other flag bits:
 * FD_ERR_ARGUMENT.
 *
 * fd_schedule_script_json writes the wire form with < > & U+2028 U+2029 as
 * \u003c \u003e \u0026 \u2028 \u2029: valid JSON that parses to the same
 * object, safe inside <script> (the plain wire is safe only in an escaped
 * attribute).
 */
#define FD_HTML_SPOKEN 0x1u
fd_status fd_schedule_html(const fd_formatter *f, int64_t t_ms, int64_t now_ms, int64_t horizon_ms,
                           size_t max_entries, uint32_t flags, char *buf, size_t cap, size_t *length);
fd_status fd_schedule_script_json(const fd_formatter *f, int64_t t_ms, int64_t now_ms, int64_t horizon_ms,
                                  size_t max_entries, char *buf, size_t cap, size_t *length);

/*
 * The resolved locale id ("zh_CN"), zone id ("Asia/Shanghai") and zone
 * data ("tzdata 2025b" when a file of the zone database was read, "posix"
 * for a POSIX TZ string or UTC read from none; 1.1 could say "icu 2022e",
 * which 1.2 never uses).
 * Owned by the formatter, valid until fd_formatter_free. NULL f gives "".
 */
const char *fd_formatter_locale(const fd_formatter *f);
const char *fd_formatter_time_zone(const fd_formatter *f);
const char *fd_formatter_tz_source(const fd_formatter *f);

/* A static English sentence for a status; unknown values give a generic text. */
const char *fd_status_message(fd_status status);

/*
 * (1.1) The message of the last error status returned to the calling thread
 * by any fd_* function: what was wrong and what would be valid ("precision 4
 * is out of range 0..3"). "" after a call that succeeded. Owned by the
 * library, valid until the next fd_* call on the same thread; never NULL.
 * Functions that return no status (the getters, fd_formatter_free) leave it
 * as it was.
 */
const char *fd_last_error(void);

/*
 * (1.3) value[0..length) quoted as fd_last_error quotes what callers pass
 * (SPEC 7, 1.2; see "Messages" above): between double quotes, "\n" and "\t"
 * as two characters, every other C0 or C1 control, DEL and each byte of
 * invalid UTF-8 as \xNN, a value longer than 64 bytes cut at a character
 * boundary within its first 64 with "…". A lone surrogate of a UTF-16
 * string passed as its three bytes of generalized UTF-8 (WTF-8) is quoted
 * as those bytes ("\xed\xa0\x80"). value may hold NULs (quoted "\x00");
 * only its first 68 bytes are read. For bindings that word a message
 * themselves (a NUL in a string option, which a C string cannot carry), so
 * that the rule is written once. Writes NUL-terminated UTF-8; *quoted_length
 * (may be NULL) gets its length without the NUL. FD_QUOTE_CAPACITY always
 * fits; too small a buffer: FD_ERR_BUFFER with *quoted_length set and
 * nothing written. FD_ERR_ARGUMENT: value NULL with length > 0, buf NULL
 * with cap > 0. Any thread.
 */
#define FD_QUOTE_CAPACITY 262 /* 2 quotes + 64 bytes as \xNN + "…" + NUL */
fd_status fd_quote(const char *value, size_t length, char *buf, size_t cap, size_t *quoted_length);

/* (1.1) The version of ICU the library runs on: "78.3", the ICU inside the
 * library since 1.3 (a distribution's ICU=system build: the system's).
 * Static. */
const char *fd_icu_version(void);

/*
 * (1.3) What the labels are made from besides feeddate's own version:
 * "ICU 78.3; CLDR 48.0; tzdata 2025b". The tzdata version is the one of the
 * zone database in use ($TZDIR, else /usr/share/zoneinfo), "tzdata unknown"
 * when that database names none; a build against the system's ICU
 * (make ICU=system) says so: "ICU 72.1 (system); ...". Read once, when first
 * asked for; static storage, never NULL; any thread. When no descriptor or
 * no memory is free to read it, a text that says so ("data version unknown
 * (...)"), and the next call reads it again.
 */
const char *fd_data_version(void);

/* FD_VERSION_NUMBER and FD_VERSION_STRING of the library actually loaded. */
uint32_t fd_version(void);
const char *fd_version_string(void);

/* The system clock (CLOCK_REALTIME) in milliseconds since the epoch. */
int64_t fd_now_ms(void);

#ifdef __cplusplus
}
#endif
#endif /* FEEDDATE_H */
