/* The calling thread's last error message (fd_last_error), kept in C
 * because Swift has no thread-local variables of its own. Not exported: the
 * version script keeps the ABI to fd_*. */
#ifndef FDABI_H
#define FDABI_H

#include <stddef.h>
#include <stdint.h>

#include "feeddate.h"

/* Sets the calling thread's message: len bytes of UTF-8, cut at a character
 * boundary to fit. */
void fdabi_set_error(const char *message, size_t len);
/* Clears it after a success: one thread-local byte, read first. */
void fdabi_clear_error(void);
/* The message, "" when the last call succeeded. */
const char *fdabi_last_error(void);

/* The header's limits as constants Swift can read: Swift imports no macro
 * written with INT64_C, so FD_SCHEDULE_* come through these, and the core
 * reads them here and nowhere else (FeedDate's Schedule.swift), so that
 * include/feeddate.h is the one place they are written. (Here rather than
 * in a header of their own: a compiled module does not see a header added
 * to its folder, and incremental builds would miss it.) */
static const int64_t fdabi_schedule_max_horizon_ms = FD_SCHEDULE_MAX_HORIZON_MS;
static const int64_t fdabi_schedule_max_entries = FD_SCHEDULE_MAX_ENTRIES;
static const int64_t fdabi_schedule_default_horizon_ms = FD_SCHEDULE_DEFAULT_HORIZON_MS;
static const int64_t fdabi_schedule_default_max_entries = FD_SCHEDULE_DEFAULT_MAX_ENTRIES;

#endif
