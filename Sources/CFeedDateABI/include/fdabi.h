/* The calling thread's last error message (fd_last_error), kept in C
 * because Swift has no thread-local variables of its own. Not exported: the
 * version script keeps the ABI to fd_*. */
#ifndef FDABI_H
#define FDABI_H

#include <stddef.h>

/* Sets the calling thread's message: len bytes of UTF-8, cut at a character
 * boundary to fit. */
void fdabi_set_error(const char *message, size_t len);
/* Clears it after a success: one thread-local byte, read first. */
void fdabi_clear_error(void);
/* The message, "" when the last call succeeded. */
const char *fdabi_last_error(void);

#endif
