/* Stable wrappers over ICU's versioned C API; see include/cicu.h. */
#ifdef FEEDDATE_ICU_MISSING
/* Package.swift found no built ICU: it names the folder it looked in. */
#pragma message("feeddate looked for its ICU 78.3 in " FEEDDATE_ICU_MISSING)
#error \
    "feeddate's ICU 78.3 is not built: run `make icu` in the feeddate checkout (it builds ICU once, into the checkout's .cache/icu-78.3, or into $FEEDDATE_ICU_DIR when that is set), then build again. Distributions that must use the system's ICU: FEEDDATE_ICU=system (make ICU=system)."
#endif
#include "cicu.h"
#include "forkgate.h"

#include <pthread.h>
#include <string.h>
#include <unicode/ucal.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/uloc.h>
#include <unicode/unum.h>
#include <unicode/unumsys.h>
#include <unicode/unumberformatter.h>
#include <unicode/ureldatefmt.h>
#include <unicode/ulistformatter.h>
#include <unicode/ures.h>
#include <unicode/uversion.h>
#include <unicode/ustring.h>
#include <unicode/udata.h>
#include <unicode/ulocdata.h>
#include <unicode/putil.h>

/* The handles of cicu.h are ICU's own objects under an opaque type. */
static UDateFormat *datefmt(cicu_datefmt_ref f)
{
    return (UDateFormat *)f;
}
static URelativeDateTimeFormatter *reldate(cicu_reldate_ref r)
{
    return (URelativeDateTimeFormatter *)r;
}
static UNumberFormatter *numfmt(cicu_numfmt_ref n)
{
    return (UNumberFormatter *)n;
}
static UCalendar *calendar(cicu_calendar_ref c)
{
    return (UCalendar *)c;
}

/* cicu_width and cicu_unit are passed to ICU as they are. */
#define SAME(a, b) ((int)(a) == (int)(b))
_Static_assert(SAME(CICU_WIDTH_LONG, UDAT_STYLE_LONG) && SAME(CICU_WIDTH_SHORT, UDAT_STYLE_SHORT) &&
                   SAME(CICU_WIDTH_NARROW, UDAT_STYLE_NARROW),
               "cicu_width");
_Static_assert(SAME(CICU_UNIT_YEAR, UDAT_REL_UNIT_YEAR) && SAME(CICU_UNIT_QUARTER, UDAT_REL_UNIT_QUARTER) &&
                   SAME(CICU_UNIT_MONTH, UDAT_REL_UNIT_MONTH) && SAME(CICU_UNIT_WEEK, UDAT_REL_UNIT_WEEK) &&
                   SAME(CICU_UNIT_DAY, UDAT_REL_UNIT_DAY) && SAME(CICU_UNIT_HOUR, UDAT_REL_UNIT_HOUR) &&
                   SAME(CICU_UNIT_MINUTE, UDAT_REL_UNIT_MINUTE) && SAME(CICU_UNIT_SECOND, UDAT_REL_UNIT_SECOND),
               "cicu_unit");
#undef SAME

/* The one ICU (SPEC section 13): the library carries ICU 78.3 with its data
 * linked in (icudt78_dat, tools/icu-data.sh), and ICU must never read a
 * data file of the host instead. Three doors are shut before ICU is first
 * used:
 * - file access off (UDATA_NO_FILES): no single data files (ICU_DATA, the
 *   build's install folder, a path a caller names);
 * - the common data's own name taken: when an item is not in the linked-in
 *   (trimmed) data, udata.cpp's extendICUData looks for a file named
 *   icudt78l.dat in ICU's data folders ($ICU_DATA, else the folder ICU was
 *   built for), whatever the file access, and would quietly fill the gap
 *   from a file of the host. Registering the linked-in data under that name
 *   (udata_setAppData) makes that look-up find the same data again, so an
 *   item the library does not carry is missing, never fetched from disk;
 * - ICU_TIMEZONE_FILES_DIR, which udata.cpp follows for the zone tables
 *   whatever the file access: its folder is set to "".
 * None of this reaches another ICU in the process: this one's symbols are
 * hidden. A build against the system's ICU (FEEDDATE_ICU_SYSTEM) leaves that
 * ICU as its distribution configured it. Runs once, from the first wrapper
 * that enters the gate (pthread_once inside the gate waits for no thread
 * outside it). */
#ifndef FEEDDATE_ICU_SYSTEM
extern const char U_ICUDATA_ENTRY_POINT[];
#endif
static void lock_down_data(void)
{
#ifndef FEEDDATE_ICU_SYSTEM
    UErrorCode e = U_ZERO_ERROR;
    udata_setFileAccess(UDATA_NO_FILES, &e);
    e = U_ZERO_ERROR;
    udata_setAppData(U_ICUDATA_NAME, U_ICUDATA_ENTRY_POINT, &e);
    e = U_ZERO_ERROR;
    u_setTimeZoneFilesDirectory("", &e);
#endif
}
static pthread_once_t data_once = PTHREAD_ONCE_INIT;

/* Every wrapper that calls ICU runs inside the fork gate (forkgate.h): no
 * thread is inside ICU when the process forks, so ICU's own locks (its
 * global mutex, taken when data is opened) are free in the child. The
 * cleanup attribute leaves the gate on every return. Not gated: the
 * wrappers that only read constants (u_errorName, u_getVersion), which a
 * lazily initialised global may call. */

static inline int gate_enter(void)
{
    fdgate_enter();
    pthread_once(&data_once, lock_down_data);
    return 0;
}
static inline void gate_leave(int *entered)
{
    (void)entered;
    fdgate_leave();
}
#define ICU_GATE int icu_gate_ __attribute__((cleanup(gate_leave), unused)) = gate_enter()

#define UBUF 512
/* Far before year 1: makes the Gregorian calendar proleptic (no 1582 cutover). */
#define PROLEPTIC_CHANGE (-1.8e17)

static int32_t to_utf8(const UChar *s, int32_t n, char *out, int32_t cap, int32_t *err)
{
    int32_t len = 0;
    UErrorCode e = U_ZERO_ERROR;
    u_strToUTF8(out, cap, &len, s, n, &e);
    if (e == U_BUFFER_OVERFLOW_ERROR || e == U_STRING_NOT_TERMINATED_WARNING)
        return len;
    if (U_FAILURE(e)) {
        *err = e;
        return 0;
    }
    return len;
}

static int32_t copy_cstr(const char *s, int32_t len, char *out, int32_t cap)
{
    if (cap > 0) {
        int32_t n = len < cap - 1 ? len : cap - 1;
        memcpy(out, s, (size_t)n);
        out[n] = 0;
    }
    return len;
}

/* An ICU length result: the text is complete only when len < cap. */
static int32_t text_result(int32_t len, UErrorCode e, int32_t *err)
{
    if (e == U_BUFFER_OVERFLOW_ERROR || e == U_STRING_NOT_TERMINATED_WARNING)
        return len;
    if (U_FAILURE(e)) {
        *err = e;
        return 0;
    }
    return len;
}

const char *cicu_error_name(int32_t err)
{
    return u_errorName((UErrorCode)err);
}

int32_t cicu_default_locale(char *out, int32_t cap)
{
    ICU_GATE;
    const char *d = uloc_getDefault();
    return copy_cstr(d, (int32_t)strlen(d), out, cap);
}

int32_t cicu_locale_for_tag(const char *tag, char *out, int32_t cap, int32_t *parsed, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    int32_t n = uloc_forLanguageTag(tag, out, cap, parsed, &e);
    return text_result(n, e, err);
}

int32_t cicu_locale_canonicalize(const char *id, char *out, int32_t cap, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    int32_t n = uloc_canonicalize(id, out, cap, &e);
    return text_result(n, e, err);
}

int32_t cicu_locale_keyword(const char *id, const char *key, char *out, int32_t cap, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    int32_t n = uloc_getKeywordValue(id, key, out, cap, &e);
    return text_result(n, e, err);
}

int32_t cicu_locale_set_keyword(const char *id, const char *key, const char *value, char *out, int32_t cap,
                                int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    int32_t n = (int32_t)strlen(id);
    if (n >= cap)
        return n + 1; /* the caller grows the buffer and asks again */
    memcpy(out, id, (size_t)n + 1);
    n = uloc_setKeywordValue(key, value, out, cap, &e);
    return text_result(n, e, err);
}

int32_t cicu_calendar_types(char *out, int32_t cap, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    UEnumeration *all = ucal_getKeywordValuesForLocale("calendar", "root", 0, &e);
    if (U_FAILURE(e)) {
        *err = e;
        return 0;
    }
    int32_t used = 0, len = 0;
    const char *name;
    while ((name = uenum_next(all, &len, &e)) != NULL && U_SUCCESS(e)) {
        /* Past the capacity, count on: the caller grows the buffer and asks again. */
        if (used > 0) {
            if (used < cap)
                out[used] = ',';
            used++;
        }
        if (used + len < cap)
            memcpy(out + used, name, (size_t)len);
        used += len;
    }
    uenum_close(all);
    if (U_FAILURE(e)) {
        *err = e;
        return 0;
    }
    if (used < cap)
        out[used] = 0;
    return used;
}

int32_t cicu_numbering_system(const char *locale, char *out, int32_t cap, int32_t *algorithmic, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    UNumberingSystem *ns = unumsys_open(locale, &e);
    if (U_FAILURE(e)) {
        *err = e;
        return 0;
    }
    const char *name = unumsys_getName(ns);
    *algorithmic = unumsys_isAlgorithmic(ns) ? 1 : 0;
    int32_t n = copy_cstr(name, (int32_t)strlen(name), out, cap);
    unumsys_close(ns);
    return n;
}

int32_t cicu_locale_language(const char *id, char *out, int32_t cap, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    int32_t n = uloc_getLanguage(id, out, cap, &e);
    return text_result(n, e, err);
}

int32_t cicu_locale_script(const char *id, char *out, int32_t cap, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    int32_t n = uloc_getScript(id, out, cap, &e);
    return text_result(n, e, err);
}

int32_t cicu_locale_likely(const char *id, char *out, int32_t cap, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    int32_t n = uloc_addLikelySubtags(id, out, cap, &e);
    return text_result(n, e, err);
}

int32_t cicu_locale_valid(const char *id, char *out, int32_t cap, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    UResourceBundle *res = ures_open(NULL, id, &e);
    if (U_FAILURE(e)) {
        *err = e;
        return 0;
    }
    const char *valid = ures_getLocaleByType(res, ULOC_VALID_LOCALE, &e);
    int32_t n = U_FAILURE(e) || valid == NULL ? 0 : copy_cstr(valid, (int32_t)strlen(valid), out, cap);
    ures_close(res);
    if (U_FAILURE(e))
        *err = e;
    return n;
}

int32_t cicu_zone_canonical_id(const char *id, char *out, int32_t cap, int32_t *err)
{
    ICU_GATE;
    UChar name[UBUF], canonical[UBUF];
    int32_t n = 0;
    UErrorCode e = U_ZERO_ERROR;
    u_strFromUTF8(name, UBUF, &n, id, -1, &e);
    if (U_FAILURE(e) || n >= UBUF) {
        *err = U_FAILURE(e) ? e : U_BUFFER_OVERFLOW_ERROR;
        return 0;
    }
    UBool system = 0;
    int32_t len = ucal_getCanonicalTimeZoneID(name, n, canonical, UBUF, &system, &e);
    if (U_FAILURE(e)) {
        *err = e;
        return 0;
    }
    if (len >= UBUF) {
        *err = U_BUFFER_OVERFLOW_ERROR;
        return 0;
    }
    return to_utf8(canonical, len, out, cap, err);
}

int32_t cicu_cldr_version(char *out, int32_t cap)
{
    ICU_GATE;
    UVersionInfo v;
    char text[U_MAX_VERSION_STRING_LENGTH];
    UErrorCode e = U_ZERO_ERROR;
    ulocdata_getCLDRVersion(v, &e);
    if (U_FAILURE(e))
        return copy_cstr("unknown", 7, out, cap);
    /* u_versionToString drops trailing zero fields ("48"): CLDR is named MAJOR.MINOR. */
    u_versionToString(v, text);
    if (!strchr(text, '.'))
        strcat(text, ".0");
    return copy_cstr(text, (int32_t)strlen(text), out, cap);
}

int cicu_is_system(void)
{
#ifdef FEEDDATE_ICU_SYSTEM
    return 1;
#else
    return 0;
#endif
}

void cicu_icu_version(char *out, int32_t cap)
{
    UVersionInfo v;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(v);
    u_versionToString(v, text);
    copy_cstr(text, (int32_t)strlen(text), out, cap);
}

/* ---- date formats ---------------------------------------------------- */

static void make_proleptic(UCalendar *cal)
{
    /* Only a plain GregorianCalendar accepts a change date (ICU refuses it for
     * its subclasses with U_UNSUPPORTED_ERROR): nothing to do for the others. */
    UErrorCode e = U_ZERO_ERROR;
    ucal_setGregorianChange(cal, PROLEPTIC_CHANGE, &e);
}

/* A UTC date format for a UTF-16 pattern: proleptic Gregorian, sentence-start capitalization. */
static cicu_datefmt_ref datefmt_open_pattern(const char *locale, const UChar *pat, int32_t plen, int32_t *err)
{
    UErrorCode e = U_ZERO_ERROR;
    UChar utc[4] = {'U', 'T', 'C', 0};
    UDateFormat *fmt = udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, utc, -1, pat, plen, &e);
    if (U_FAILURE(e)) {
        *err = e;
        return NULL;
    }
    UCalendar *cal = ucal_clone(udat_getCalendar(fmt), &e);
    if (U_FAILURE(e)) {
        udat_close(fmt);
        *err = e;
        return NULL;
    }
    make_proleptic(cal);
    udat_setCalendar(fmt, cal);
    ucal_close(cal);
    udat_setContext(fmt, UDISPCTX_CAPITALIZATION_FOR_BEGINNING_OF_SENTENCE, &e);
    if (U_FAILURE(e)) {
        udat_close(fmt);
        *err = e;
        return NULL;
    }
    return (cicu_datefmt_ref)fmt;
}

cicu_datefmt_ref cicu_datefmt_open(const char *locale, const char *skeleton, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    UChar skel[64], pat[UBUF];
    u_uastrncpy(skel, skeleton, 63);
    skel[63] = 0;
    UDateTimePatternGenerator *gen = udatpg_open(locale, &e);
    if (U_FAILURE(e)) {
        *err = e;
        return NULL;
    }
    int32_t plen = udatpg_getBestPattern(gen, skel, -1, pat, UBUF, &e);
    udatpg_close(gen);
    if (U_FAILURE(e) || plen >= UBUF) {
        *err = U_FAILURE(e) ? e : U_BUFFER_OVERFLOW_ERROR;
        return NULL;
    }
    return datefmt_open_pattern(locale, pat, plen, err);
}

cicu_datefmt_ref cicu_datefmt_open_pattern(const char *locale, const char *pattern, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    UChar pat[UBUF];
    int32_t plen = 0;
    u_strFromUTF8(pat, UBUF, &plen, pattern, -1, &e);
    if (U_FAILURE(e) || plen >= UBUF) {
        *err = U_FAILURE(e) ? e : U_BUFFER_OVERFLOW_ERROR;
        return NULL;
    }
    return datefmt_open_pattern(locale, pat, plen, err);
}

int32_t cicu_datefmt_pattern(cicu_datefmt_ref fmt, char *out, int32_t cap, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    UChar pat[UBUF];
    int32_t n = udat_toPattern(datefmt(fmt), 0, pat, UBUF, &e);
    if (U_FAILURE(e)) {
        *err = e;
        return 0;
    }
    return to_utf8(pat, n, out, cap, err);
}

int32_t cicu_datefmt_format(cicu_datefmt_ref fmt, double wall_ms, char *out, int32_t cap, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    UChar buf[UBUF];
    int32_t n = udat_format(datefmt(fmt), wall_ms, buf, UBUF, NULL, &e);
    if (U_FAILURE(e) || n >= UBUF) {
        *err = U_FAILURE(e) ? e : U_BUFFER_OVERFLOW_ERROR;
        return 0;
    }
    return to_utf8(buf, n, out, cap, err);
}

void cicu_datefmt_close(cicu_datefmt_ref fmt)
{
    ICU_GATE;
    if (fmt)
        udat_close(datefmt(fmt));
}

/* ---- relative words ------------------------------------------------- */

cicu_reldate_ref cicu_reldate_open(const char *locale, cicu_width width, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    URelativeDateTimeFormatter *rel = ureldatefmt_open(locale, NULL, (UDateRelativeDateTimeFormatterStyle)width,
                                                       UDISPCTX_CAPITALIZATION_FOR_BEGINNING_OF_SENTENCE, &e);
    if (U_FAILURE(e)) {
        *err = e;
        return NULL;
    }
    return (cicu_reldate_ref)rel;
}

int32_t cicu_reldate_format(cicu_reldate_ref rel, double offset, cicu_unit unit, char *out, int32_t cap, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    UChar buf[UBUF];
    int32_t n = ureldatefmt_format(reldate(rel), offset, (URelativeDateTimeUnit)unit, buf, UBUF, &e);
    if (U_FAILURE(e) || n >= UBUF) {
        *err = U_FAILURE(e) ? e : U_BUFFER_OVERFLOW_ERROR;
        return 0;
    }
    return to_utf8(buf, n, out, cap, err);
}

int32_t cicu_reldate_format_numeric(cicu_reldate_ref rel, double offset, cicu_unit unit, char *out, int32_t cap,
                                    int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    UChar buf[UBUF];
    int32_t n = ureldatefmt_formatNumeric(reldate(rel), offset, (URelativeDateTimeUnit)unit, buf, UBUF, &e);
    if (U_FAILURE(e) || n >= UBUF) {
        *err = U_FAILURE(e) ? e : U_BUFFER_OVERFLOW_ERROR;
        return 0;
    }
    return to_utf8(buf, n, out, cap, err);
}

int32_t cicu_reldate_combine_template(cicu_reldate_ref rel, char *out, int32_t cap, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    UChar buf[UBUF], date[2] = {1, 0}, time[2] = {2, 0};
    int32_t n = ureldatefmt_combineDateAndTime(reldate(rel), date, 1, time, 1, buf, UBUF, &e);
    if (U_FAILURE(e) || n >= UBUF) {
        *err = U_FAILURE(e) ? e : U_BUFFER_OVERFLOW_ERROR;
        return 0;
    }
    return to_utf8(buf, n, out, cap, err);
}

void cicu_reldate_close(cicu_reldate_ref rel)
{
    ICU_GATE;
    if (rel)
        ureldatefmt_close(reldate(rel));
}

/* ---- numbers -------------------------------------------------------- */

cicu_numfmt_ref cicu_numfmt_open(const char *locale, const char *skeleton, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    UChar skel[128];
    u_uastrncpy(skel, skeleton, 127);
    skel[127] = 0;
    UNumberFormatter *num = unumf_openForSkeletonAndLocale(skel, -1, locale, &e);
    if (U_FAILURE(e)) {
        *err = e;
        return NULL;
    }
    return (cicu_numfmt_ref)num;
}

int32_t cicu_numfmt_format(cicu_numfmt_ref num, int64_t value, char *out, int32_t cap, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    UFormattedNumber *res = unumf_openResult(&e);
    if (U_FAILURE(e)) {
        *err = e;
        return 0;
    }
    unumf_formatInt(numfmt(num), value, res, &e);
    UChar buf[UBUF];
    int32_t n = unumf_resultToString(res, buf, UBUF, &e);
    unumf_closeResult(res);
    if (U_FAILURE(e) || n >= UBUF) {
        *err = U_FAILURE(e) ? e : U_BUFFER_OVERFLOW_ERROR;
        return 0;
    }
    return to_utf8(buf, n, out, cap, err);
}

void cicu_numfmt_close(cicu_numfmt_ref num)
{
    ICU_GATE;
    if (num)
        unumf_close(numfmt(num));
}

cicu_listfmt_ref cicu_listfmt_open_units(const char *locale, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    UListFormatter *list = ulistfmt_openForType(locale, ULISTFMT_TYPE_UNITS, ULISTFMT_WIDTH_WIDE, &e);
    if (U_FAILURE(e)) {
        *err = e;
        return NULL;
    }
    return (cicu_listfmt_ref)list;
}

int32_t cicu_listfmt_format(cicu_listfmt_ref list, const char *const *items, int32_t count, char *out, int32_t cap,
                            int32_t *err)
{
    ICU_GATE;
    enum { MAX_ITEMS = 8, ITEM = 128 };
    if (count < 0 || count > MAX_ITEMS) {
        *err = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    UChar texts[MAX_ITEMS][ITEM];
    const UChar *ptrs[MAX_ITEMS];
    int32_t lengths[MAX_ITEMS];
    for (int32_t i = 0; i < count; i++) {
        UErrorCode e = U_ZERO_ERROR;
        u_strFromUTF8(texts[i], ITEM, &lengths[i], items[i], -1, &e);
        if (U_FAILURE(e) || lengths[i] >= ITEM) {
            *err = U_FAILURE(e) ? e : U_BUFFER_OVERFLOW_ERROR;
            return 0;
        }
        ptrs[i] = texts[i];
    }
    UErrorCode e = U_ZERO_ERROR;
    UChar buf[UBUF];
    int32_t n = ulistfmt_format((const UListFormatter *)list, ptrs, lengths, count, buf, UBUF, &e);
    if (U_FAILURE(e) || n >= UBUF) {
        *err = U_FAILURE(e) ? e : U_BUFFER_OVERFLOW_ERROR;
        return 0;
    }
    return to_utf8(buf, n, out, cap, err);
}

void cicu_listfmt_close(cicu_listfmt_ref list)
{
    ICU_GATE;
    if (list)
        ulistfmt_close((UListFormatter *)list);
}

int32_t cicu_number_symbols(const char *locale, char out[12][8], int32_t *err)
{
    ICU_GATE;
    static const UNumberFormatSymbol syms[12] = {
        UNUM_ZERO_DIGIT_SYMBOL,  UNUM_ONE_DIGIT_SYMBOL,  UNUM_TWO_DIGIT_SYMBOL,         UNUM_THREE_DIGIT_SYMBOL,
        UNUM_FOUR_DIGIT_SYMBOL,  UNUM_FIVE_DIGIT_SYMBOL, UNUM_SIX_DIGIT_SYMBOL,         UNUM_SEVEN_DIGIT_SYMBOL,
        UNUM_EIGHT_DIGIT_SYMBOL, UNUM_NINE_DIGIT_SYMBOL, UNUM_DECIMAL_SEPARATOR_SYMBOL, UNUM_MINUS_SIGN_SYMBOL};
    UErrorCode e = U_ZERO_ERROR;
    UNumberFormat *nf = unum_open(UNUM_DECIMAL, NULL, 0, locale, NULL, &e);
    if (U_FAILURE(e)) {
        *err = e;
        return 0;
    }
    for (int i = 0; i < 12; i++) {
        UChar buf[16];
        int32_t n = unum_getSymbol(nf, syms[i], buf, 16, &e);
        if (U_FAILURE(e) || n >= 16) {
            unum_close(nf);
            *err = U_FAILURE(e) ? e : U_BUFFER_OVERFLOW_ERROR;
            return 0;
        }
        int32_t len = to_utf8(buf, n, out[i], 8, err);
        if (*err > 0 || len >= 8) {
            unum_close(nf);
            if (*err <= 0)
                *err = U_BUFFER_OVERFLOW_ERROR;
            return 0;
        }
    }
    unum_close(nf);
    return 1;
}

/* ---- calendars ------------------------------------------------------ */

cicu_calendar_ref cicu_cal_open(const char *locale, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    UChar utc[4] = {'U', 'T', 'C', 0};
    UCalendar *cal = ucal_open(utc, -1, locale, UCAL_DEFAULT, &e);
    if (U_FAILURE(e)) {
        *err = e;
        return NULL;
    }
    make_proleptic(cal);
    return (cicu_calendar_ref)cal;
}

int32_t cicu_cal_type(cicu_calendar_ref cal, char *out, int32_t cap, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    const char *t = ucal_getType(calendar(cal), &e);
    if (U_FAILURE(e) || t == NULL) {
        *err = U_FAILURE(e) ? e : U_INTERNAL_PROGRAM_ERROR;
        return 0;
    }
    return copy_cstr(t, (int32_t)strlen(t), out, cap);
}

void cicu_cal_era_year(cicu_calendar_ref cal, double wall_ms, int32_t *era, int32_t *year, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    UCalendar *c = calendar(cal);
    ucal_setMillis(c, wall_ms, &e);
    *era = ucal_get(c, UCAL_ERA, &e);
    *year = ucal_get(c, UCAL_YEAR, &e);
    if (U_FAILURE(e))
        *err = e;
}

void cicu_cal_month(cicu_calendar_ref cal, double wall_ms, int32_t *day_of_month, int32_t *days_in_month, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    UCalendar *c = calendar(cal);
    ucal_setMillis(c, wall_ms, &e);
    *day_of_month = ucal_get(c, UCAL_DAY_OF_MONTH, &e);
    *days_in_month = ucal_getLimit(c, UCAL_DAY_OF_MONTH, UCAL_ACTUAL_MAXIMUM, &e);
    if (U_FAILURE(e))
        *err = e;
}

double cicu_cal_add(cicu_calendar_ref cal, double wall_ms, int32_t years, int32_t months, int32_t *err)
{
    ICU_GATE;
    UErrorCode e = U_ZERO_ERROR;
    UCalendar *c = calendar(cal);
    ucal_setMillis(c, wall_ms, &e);
    if (years)
        ucal_add(c, UCAL_EXTENDED_YEAR, years, &e);
    if (months)
        ucal_add(c, UCAL_MONTH, months, &e);
    double r = ucal_getMillis(c, &e);
    if (U_FAILURE(e)) {
        *err = e;
        return 0;
    }
    return r;
}

void cicu_cal_close(cicu_calendar_ref cal)
{
    ICU_GATE;
    if (cal)
        ucal_close(calendar(cal));
}
