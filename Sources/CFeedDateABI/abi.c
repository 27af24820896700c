/* Exposes include/feeddate.h (the one definition of the C types) to Swift,
 * and keeps the per-thread message behind fd_last_error (fdabi.h). */
#include "feeddate.h"
#include "fdabi.h"

#include <string.h>

#define FDABI_MESSAGE_CAPACITY 512

/* The flag is read on every successful call: initial-exec TLS is one load,
 * where the general model calls __tls_get_addr. One byte fits in the static
 * TLS that glibc reserves for libraries loaded with dlopen. */
static __thread unsigned char has_error __attribute__((tls_model("initial-exec")));
static __thread char message[FDABI_MESSAGE_CAPACITY];

void fdabi_set_error(const char *text, size_t len) {
    if (len >= FDABI_MESSAGE_CAPACITY) {
        len = FDABI_MESSAGE_CAPACITY - 1;
        /* Back to the start of a UTF-8 character. */
        while (len > 0 && ((unsigned char)text[len] & 0xC0) == 0x80) len--;
    }
    memcpy(message, text, len);
    message[len] = 0;
    has_error = 1;
}

void fdabi_clear_error(void) {
    if (has_error) has_error = 0;
}

const char *fdabi_last_error(void) {
    return has_error ? message : "";
}
