/* The C side of the Go binding: helpers that each make one fd_* call, for
 * the cgo preambles of feeddate.go, many.go and schedule.go. */
#ifndef FDGO_H
#define FDGO_H
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <feeddate.h>

// Hazard pointers for Close racing with Format and Label (fdgo.c says how).
// A Formatter's cell holds its formatter until Close; the cell itself lives
// until the Formatter is collected.
typedef struct fdgo_cell {
	const fd_formatter *_Atomic f;
} fdgo_cell;

typedef struct fdgo_slot {
	const fd_formatter *_Atomic hazard; // the formatter this thread's call uses, or NULL
	_Atomic int used;                   // a live thread owns the slot
	struct fdgo_slot *next;
} fdgo_slot;

extern int fdgo_asymmetric;           // membarrier works: calls publish with a plain store
extern __thread fdgo_slot *fdgo_mine; // this thread's slot
int fdgo_init(int no_membarrier);
fdgo_slot *fdgo_slot_slow(void);
fdgo_cell *fdgo_cell_new(const fd_formatter *f);
void fdgo_cell_free(fdgo_cell *c);
void fdgo_close(fdgo_cell *c);

// (1.3) fd_quote's text returned by value, in the frame of cgo's Go wrapper
// (no scratch, no pointer out): quote.go passes at most the first 68 bytes of
// a value, all that fd_quote reads, and FD_QUOTE_CAPACITY always fits.
typedef struct fdgo_quoted {
	char text[FD_QUOTE_CAPACITY];
	size_t length;
	int32_t status;
} fdgo_quoted;

static inline fdgo_quoted fdgo_quote(const char *value, size_t length)
{
	fdgo_quoted r;
	r.length = 0;
	r.status = fd_quote(value, length, r.text, sizeof r.text, &r.length);
	return r;
}

// What a call gets besides FD_* when it cannot start.
#define FDGO_CLOSED (-1)  // the formatter is closed
#define FDGO_NO_SLOT (-2) // no memory for this thread's slot

// fdgo_enter returns the cell's formatter, published in *slot, or NULL with
// *status set (closed, or no slot). fdgo_leave clears the slot.
static inline const fd_formatter *fdgo_enter(uintptr_t cell, fdgo_slot **slot, int32_t *status)
{
	fdgo_cell *c = (fdgo_cell *)cell;
	fdgo_slot *s = fdgo_mine;
	if (s == NULL && (s = fdgo_slot_slow()) == NULL) {
		*status = FDGO_NO_SLOT;
		return NULL;
	}
	const fd_formatter *f = atomic_load_explicit(&c->f, memory_order_acquire);
	if (f == NULL) {
		*status = FDGO_CLOSED;
		return NULL;
	}
	if (fdgo_asymmetric) {
		atomic_store_explicit(&s->hazard, f, memory_order_relaxed);
		atomic_signal_fence(memory_order_seq_cst); // Close's membarrier is the other half
	} else {
		atomic_store_explicit(&s->hazard, f, memory_order_seq_cst);
	}
	if (atomic_load_explicit(&c->f, fdgo_asymmetric ? memory_order_relaxed : memory_order_seq_cst) != f) {
		atomic_store_explicit(&s->hazard, NULL, memory_order_release);
		*status = FDGO_CLOSED;
		return NULL;
	}
	*slot = s;
	return f;
}

static inline void fdgo_leave(fdgo_slot *s)
{
	atomic_store_explicit(&s->hazard, NULL, memory_order_release);
}

// The length of the NUL-terminated text in buf (cap bytes), a word at a time:
// GCC makes a byte loop a call of strlen, 4% of a Format call in perf.
static inline uint32_t fdgo_length(const char *buf, size_t cap)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	// (The lowest flagged byte is the first zero only in little-endian order.)
	for (size_t i = 0; i + 8 <= cap; i += 8) {
		uint64_t v;
		memcpy(&v, buf + i, 8);
		uint64_t z = (v - 0x0101010101010101ULL) & ~v & 0x8080808080808080ULL;
		if (z != 0)
			return (uint32_t)(i + (__builtin_ctzll(z) >> 3));
	}
#endif
	return (uint32_t)strnlen(buf, cap);
}

// Each helper makes one fd_* call and, when it fails, copies fd_last_error()
// before returning: the message is per OS thread, and once back in Go the
// goroutine may move to another thread, or another goroutine may call the
// library on this one. The copy is malloc'd; Go frees it.
static char *fdgo_error(fd_status s)
{
	return s == FD_OK ? NULL : strdup(fd_last_error());
}

static fd_status fdgo_options_init(fd_options *o, fd_style style, char **msg)
{
	fd_status s = fd_options_init_sized(o, sizeof *o, style);
	*msg = fdgo_error(s);
	return s;
}

static fd_status fdgo_new(const fd_options *o, fd_formatter **out, char **msg)
{
	fd_status s = fd_formatter_new(o, out);
	*msg = fdgo_error(s);
	return s;
}

// What Format and Label hand to C for a label too long to come back by
// value, in C memory, one per pooled scratch. It and the formatter cross as
// integers: a pointer argument costs Go 1.19's cgo an allocation per call
// (its pointer check), an integer none.
typedef struct fdgo_scratch {
	char buf[FD_LABEL_CAPACITY];
	fd_label info;
	char *msg;
} fdgo_scratch;

static fdgo_scratch *fdgo_scratch_new(void)
{
	return calloc(1, sizeof(fdgo_scratch));
}
static void fdgo_scratch_free(fdgo_scratch *sc)
{
	free(sc);
}

static fd_status fdgo_format(uintptr_t f, int64_t t, int64_t now, uintptr_t scratch, int with_info)
{
	fdgo_scratch *sc = (fdgo_scratch *)scratch;
	fd_status s = fd_format((const fd_formatter *)f, t, now, sc->buf, sizeof sc->buf, with_info ? &sc->info : NULL);
	sc->msg = fdgo_error(s);
	return s;
}

// Label's result returned by value: it lands in the frame of cgo's Go
// wrapper, on the goroutine's stack, so the call needs no scratch (no pool)
// and no pointer argument. A label longer than FDGO_INLINE - 1 bytes comes
// back as FD_ERR_BUFFER without a message: the caller retries with a pooled
// scratch of FD_LABEL_CAPACITY. length is the text's bytes; status an FD_*
// code, or FDGO_CLOSED or FDGO_NO_SLOT when the call could not start.
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

static fdgo_text fdgo_format_text(uintptr_t cell, int64_t t, int64_t now)
{
	fdgo_text r;
	fdgo_slot *slot;
	const fd_formatter *f = fdgo_enter(cell, &slot, &r.status);
	r.length = 0;
	r.msg = NULL;
	if (f == NULL)
		return r;
	r.status = fd_format(f, t, now, r.text, sizeof r.text, NULL);
	if (r.status == FD_OK)
		r.length = fdgo_length(r.text, sizeof r.text);
	else if (r.status != FD_ERR_BUFFER)
		r.msg = fdgo_error(r.status);
	fdgo_leave(slot);
	return r;
}

static fdgo_result fdgo_format_inline(uintptr_t cell, int64_t t, int64_t now)
{
	fdgo_result r;
	fdgo_slot *slot;
	const fd_formatter *f = fdgo_enter(cell, &slot, &r.status);
	r.length = 0;
	r.msg = NULL;
	if (f == NULL)
		return r;
	r.status = fd_format(f, t, now, r.text, sizeof r.text, &r.info);
	if (r.status == FD_OK) // (the length the text has, should a broken library report more)
		r.length = r.info.length < sizeof r.text ? (uint32_t)r.info.length : fdgo_length(r.text, sizeof r.text);
	else if (r.status != FD_ERR_BUFFER)
		r.msg = fdgo_error(r.status);
	fdgo_leave(slot);
	return r;
}

static fd_status fdgo_format_many(const fd_formatter *f, const int64_t *t, size_t n, int64_t now, char *buf, size_t cap,
                                  size_t *ends, int64_t *next, char **msg)
{
	fd_status s = fd_format_many(f, t, n, now, buf, cap, ends, next);
	*msg = fdgo_error(s);
	return s;
}

// (1.2) Schedules (schedule.go). On FD_ERR_BUFFER no message is copied: the
// caller grows its buffer to the size reported and calls again.
static fd_status fdgo_schedule(const fd_formatter *f, int64_t t, int64_t now, int64_t horizon, size_t max, char *buf,
                               size_t cap, size_t *ends, int64_t *from, size_t *n, int64_t *until, char **msg)
{
	fd_status s = fd_schedule(f, t, now, horizon, max, buf, cap, ends, from, n, until);
	*msg = s == FD_ERR_BUFFER ? NULL : fdgo_error(s);
	return s;
}

static fd_status fdgo_schedule_json(const fd_formatter *f, int64_t t, int64_t now, int64_t horizon, size_t max,
                                    char *buf, size_t cap, size_t *length, char **msg)
{
	fd_status s = fd_schedule_json(f, t, now, horizon, max, buf, cap, length);
	*msg = s == FD_ERR_BUFFER ? NULL : fdgo_error(s);
	return s;
}

// (1.3) The markup and the script form (schedule.go's HTML and ScriptJSON),
// as fdgo_schedule_json.
static fd_status fdgo_schedule_html(const fd_formatter *f, int64_t t, int64_t now, int64_t horizon, size_t max,
                                    uint32_t flags, char *buf, size_t cap, size_t *length, char **msg)
{
	fd_status s = fd_schedule_html(f, t, now, horizon, max, flags, buf, cap, length);
	*msg = s == FD_ERR_BUFFER ? NULL : fdgo_error(s);
	return s;
}

static fd_status fdgo_schedule_script_json(const fd_formatter *f, int64_t t, int64_t now, int64_t horizon, size_t max,
                                           char *buf, size_t cap, size_t *length, char **msg)
{
	fd_status s = fd_schedule_script_json(f, t, now, horizon, max, buf, cap, length);
	*msg = s == FD_ERR_BUFFER ? NULL : fdgo_error(s);
	return s;
}
#endif
