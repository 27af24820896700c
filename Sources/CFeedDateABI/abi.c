/* Exposes include/feeddate.h (the one definition of the C types) to Swift,
 * and keeps the per-thread message behind fd_last_error (fdabi.h). */
#include "feeddate.h"
#include "fdabi.h"

#include <string.h>

#define FDABI_MESSAGE_CAPACITY 512

/* The general (global-dynamic) TLS model for both, never initial-exec: a
 * library with initial-exec TLS takes its whole TLS block from the static
 * TLS that glibc sets aside when a program starts, and dlopen fails ("cannot
 * allocate memory in static TLS block") in a process where other libraries
 * took that room first (1.2's one initial-exec byte made the whole 572-byte
 * block static). The flag is read on every successful call; in the general
 * model that read is a __tls_get_addr call, measured in docs/PERFORMANCE.md.
 * Tests/c/test_tls.c loads the library after 1,200 bytes of initial-exec TLS. */
static __thread unsigned char has_error;
static __thread char message[FDABI_MESSAGE_CAPACITY];

void fdabi_set_error(const char *text, size_t len)
{
    if (len >= FDABI_MESSAGE_CAPACITY) {
        len = FDABI_MESSAGE_CAPACITY - 1;
        /* Back to the start of a UTF-8 character. */
        while (len > 0 && ((unsigned char)text[len] & 0xC0) == 0x80)
            len--;
    }
    memcpy(message, text, len);
    message[len] = 0;
    has_error = 1;
}

void fdabi_clear_error(void)
{
    if (has_error)
        has_error = 0;
}

const char *fdabi_last_error(void)
{
    return has_error ? message : "";
}
