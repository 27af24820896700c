/* The C side of the Go binding: helpers that each make one fd_* call, for
 * the cgo preambles of feeddate.go, many.go and schedule.go. */
#ifndef FDGO_H
#define FDGO_H
#include <stdlib.h>
#include <string.h>
#include <feeddate.h>

// Each helper makes one fd_* call and, when it fails, copies fd_last_error()
// before returning: the message is per OS thread, and once back in Go the
// goroutine may move to another thread, or another goroutine may call the
// library on this one. The copy is malloc'd; Go frees it.
static char *fdgo_error(fd_status s) {
	return s == FD_OK ? NULL : strdup(fd_last_error());
}

static fd_status fdgo_options_init(fd_options *o, fd_style style, char **msg) {
	fd_status s = fd_options_init_sized(o, sizeof *o, style);
	*msg = fdgo_error(s);
	return s;
}

static fd_status fdgo_new(const fd_options *o, fd_formatter **out, char **msg) {
	fd_status s = fd_formatter_new(o, out);
	*msg = fdgo_error(s);
	return s;
}

// What Format and Label hand to C for a label over FDGO_INLINE - 1 bytes, in
// C memory, one per pooled scratch. It and the formatter cross as integers: a pointer argument costs Go 1.19's
// cgo an allocation per call (its pointer check), an integer none.
typedef struct fdgo_scratch {
	char buf[FD_LABEL_CAPACITY];
	fd_label info;
	char *msg;
} fdgo_scratch;

static fdgo_scratch *fdgo_scratch_new(void) { return calloc(1, sizeof(fdgo_scratch)); }
static void fdgo_scratch_free(fdgo_scratch *sc) { free(sc); }

static fd_status fdgo_format(uintptr_t f, int64_t t, int64_t now, uintptr_t scratch, int with_info) {
	fdgo_scratch *sc = (fdgo_scratch *)scratch;
	fd_status s = fd_format((const fd_formatter *)f, t, now, sc->buf, sizeof sc->buf, with_info ? &sc->info : NULL);
	sc->msg = fdgo_error(s);
	return s;
}

// Format's and Label's result returned by value: it lands in the frame of
// cgo's Go wrapper, on the goroutine's stack, so the call needs no scratch
// (no pool) and no pointer argument. A label longer than FDGO_INLINE - 1
// bytes comes back as FD_ERR_BUFFER without a message: the caller retries
// with a pooled scratch of FD_LABEL_CAPACITY. length is the text's bytes.
#define FDGO_INLINE 64
typedef struct fdgo_result {
	char text[FDGO_INLINE];
	fd_label info;
	char *msg;
	uint32_t length;
	int32_t status;
} fdgo_result;

// Format's: the text alone, so that less crosses (72 bytes, not 136).
#define FDGO_TEXT 56
typedef struct fdgo_text {
	char text[FDGO_TEXT];
	char *msg;
	uint32_t length;
	int32_t status;
} fdgo_text;

static fdgo_text fdgo_format_text(uintptr_t f, int64_t t, int64_t now) {
	fdgo_text r;
	r.status = fd_format((const fd_formatter *)f, t, now, r.text, sizeof r.text, NULL);
	uint32_t n = 0;
	if (r.status == FD_OK)
		while (r.text[n]) n++; // a few bytes: cheaper inline than a call of strlen
	r.length = n;
	r.msg = r.status == FD_OK || r.status == FD_ERR_BUFFER ? NULL : fdgo_error(r.status);
	return r;
}

static fdgo_result fdgo_format_inline(uintptr_t f, int64_t t, int64_t now, int with_info) {
	fdgo_result r;
	r.status = fd_format((const fd_formatter *)f, t, now, r.text, sizeof r.text, with_info ? &r.info : NULL);
	r.length = r.status == FD_OK ? (uint32_t)strlen(r.text) : 0;
	r.msg = r.status == FD_OK || r.status == FD_ERR_BUFFER ? NULL : fdgo_error(r.status);
	return r;
}

static fd_status fdgo_format_many(const fd_formatter *f, const int64_t *t, size_t n, int64_t now,
                                  char *buf, size_t cap, size_t *ends, int64_t *next, char **msg) {
	fd_status s = fd_format_many(f, t, n, now, buf, cap, ends, next);
	*msg = fdgo_error(s);
	return s;
}

// (1.2) Schedules (schedule.go). On FD_ERR_BUFFER no message is copied: the
// caller grows its buffer to the size reported and calls again.
static fd_status fdgo_schedule(const fd_formatter *f, int64_t t, int64_t now, int64_t horizon, size_t max,
                               char *buf, size_t cap, size_t *ends, int64_t *from, size_t *n, int64_t *until,
                               char **msg) {
	fd_status s = fd_schedule(f, t, now, horizon, max, buf, cap, ends, from, n, until);
	*msg = s == FD_ERR_BUFFER ? NULL : fdgo_error(s);
	return s;
}

static fd_status fdgo_schedule_json(const fd_formatter *f, int64_t t, int64_t now, int64_t horizon, size_t max,
                                    char *buf, size_t cap, size_t *length, char **msg) {
	fd_status s = fd_schedule_json(f, t, now, horizon, max, buf, cap, length);
	*msg = s == FD_ERR_BUFFER ? NULL : fdgo_error(s);
	return s;
}
#endif
