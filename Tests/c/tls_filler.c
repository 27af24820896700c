/*
 * tls_filler.c — a library with 1,200 bytes of initial-exec TLS, built as
 * build/tests/libtls_filler.so for test_tls: loaded with dlopen, it takes
 * that much of the static TLS that glibc sets aside at startup, as a
 * plugin host's other libraries do.
 */
#include <string.h>

static __thread char filler[1200] __attribute__((tls_model("initial-exec")));

int tls_filler_touch(void)
{
    memset(filler, 1, sizeof filler);
    return filler[0] + filler[sizeof filler - 1];
}
