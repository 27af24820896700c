/* The header's limits as constants Swift can read: Swift imports no macro
 * written with INT64_C, so FD_SCHEDULE_* come through these. The library's
 * Swift code reads the limits here and nowhere else (FeedDate's Schedule.swift
 * and FeedDateFormatter.capacity), so that include/feeddate.h is the one
 * place they are written. */
#ifndef FDLIMITS_H
#define FDLIMITS_H

#include <stdint.h>
#include "feeddate.h"

static const int64_t fdabi_schedule_max_horizon_ms = FD_SCHEDULE_MAX_HORIZON_MS;
static const int64_t fdabi_schedule_max_entries = FD_SCHEDULE_MAX_ENTRIES;
static const int64_t fdabi_schedule_default_horizon_ms = FD_SCHEDULE_DEFAULT_HORIZON_MS;
static const int64_t fdabi_schedule_default_max_entries = FD_SCHEDULE_DEFAULT_MAX_ENTRIES;

#endif
