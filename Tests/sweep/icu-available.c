/*
 * icu-available.c — what ICU 78.3 lists: every available locale
 * (uloc_getAvailable) and every numbering system (unumsys_openAvailableNames),
 * one "locale ID" or "numbers NAME" a line. Built against the ICU of
 * tools/icu-build.sh with all its data (make icu-available); its output is
 * committed as Tests/sweep/icu-available.txt, so that icu-sweep.py can sweep
 * the same list anywhere (a clean root holds no ICU to ask: since 1.3 the
 * library's own ICU is hidden inside it). make icu-data-check checks the copy.
 */
#include <stdio.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/unumsys.h>
#include <unicode/uversion.h>

int main(void)
{
    UVersionInfo v;
    char version[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(v);
    u_versionToString(v, version);
    printf("# ICU %s: uloc_getAvailable, unumsys_openAvailableNames (Tests/sweep/icu-available.c)\n", version);
    for (int32_t i = 0, n = uloc_countAvailable(); i < n; i++)
        printf("locale %s\n", uloc_getAvailable(i));
    UErrorCode e = U_ZERO_ERROR;
    UEnumeration *names = unumsys_openAvailableNames(&e);
    if (U_FAILURE(e)) {
        fprintf(stderr, "icu-available: unumsys_openAvailableNames: %s\n", u_errorName(e));
        return 1;
    }
    for (const char *name; (name = uenum_next(names, NULL, &e)) != NULL && U_SUCCESS(e);)
        printf("numbers %s\n", name);
    uenum_close(names);
    return U_SUCCESS(e) ? 0 : 1;
}
