package feeddate

/*
#include "fdgo.h"
*/
import "C"

import (
	"fmt"
	"time"
	"unsafe"
)

// chunkSize is how many instants one fd_format_many call takes: a batch of
// any length is worked in chunks of this many, so the memory handed to C is
// bounded (about 16 bytes per instant plus the chunk's text) whatever the
// length. Tests set it small (export_test.go).
var chunkSize = 1 << 16

// stringHeader is what each label of a result costs besides its text.
const stringHeader = uint64(unsafe.Sizeof(""))

// manyScratch is the per-call memory handed to C: one chunk's instants,
// ends and text, reused from chunk to chunk.
type manyScratch struct {
	in   []C.int64_t
	ends []C.size_t
	buf  []byte
}

// FormatMany labels every instant of ts as seen at now and returns the
// earliest next change of them all (the zero Time when none changes): the
// cheap way to label a list, with one timer. A batch of any length is worked
// in chunks of bounded size (one library call each; a list of up to 65,536
// instants is one call), and the result's labels share one string per
// chunk, so memory at its peak is the result plus a chunk. An instant out
// of range fails the whole call, with an *Error that names its index
// ("ts[12]: instant ... is outside the supported range ...").
//
// Go cannot recover from running out of memory, so before a batch of more
// than one chunk FormatMany works out what its result will need (16 bytes
// a label, plus the text at the first chunk's bytes per label, checked
// again if later chunks run longer) and returns a StatusMemory *Error
// naming that size and the limit when it exceeds what the process may still
// use: the least of the room left under debug.SetMemoryLimit (when set),
// RLIMIT_AS, the cgroup's memory.max (v2) or memory.limit_in_bytes (v1),
// and the system's MemAvailable plus free swap.
//
// A Close on another goroutine waits until a FormatMany in flight is done.
func (f *Formatter) FormatMany(ts []time.Time, now time.Time) ([]string, time.Time, error) {
	p := f.acquire()
	if p == nil {
		return nil, time.Time{}, ErrClosed
	}
	defer f.mu.RUnlock()
	n := len(ts)
	if n == 0 {
		return []string{}, time.Time{}, nil
	}
	c := chunkSize
	if c < 1 {
		c = 1
	}
	if n < c {
		c = n
	}
	sc := &manyScratch{
		in:   make([]C.int64_t, c),
		ends: make([]C.size_t, c),
		buf:  make([]byte, 32*c+1),
	}
	nowMs := millis(now)
	next := C.int64_t(C.FD_NEVER)
	var labels []string
	var text, checked uint64 // text bytes so far; the need last checked (0: none)
	for start := 0; start < n; start += c {
		end := start + c
		if end > n {
			end = n
		}
		chunk, err := sc.run(p, ts[start:end], nowMs, &next, start)
		if err != nil {
			return nil, time.Time{}, err
		}
		text += uint64(len(chunk))
		if n > c {
			// What the whole result will need at the bytes per label so far;
			// checked before the labels are allocated, and again each time
			// the estimate grows by an eighth.
			need := stringHeader*uint64(n) + text + uint64(float64(n-end)*float64(text)/float64(end)+0.5)
			if need > checked+checked/8 {
				held := text
				if labels != nil {
					held += stringHeader * uint64(n)
				}
				if err := checkMemory(n, end, need, need-held, labels != nil); err != nil {
					return nil, time.Time{}, err
				}
				checked = need
			}
		}
		if labels == nil {
			labels = make([]string, n)
		}
		from := 0
		for i := start; i < end; i++ {
			to := int(sc.ends[i-start])
			labels[i] = chunk[from:to]
			from = to
		}
	}
	return labels, fromMillis(next), nil
}

// run formats one chunk of instants (ts[off:off+len(ts)] of the caller's
// batch) and returns its text as one string; *next takes the earliest next
// change. The caller holds f.mu shared.
func (sc *manyScratch) run(p *C.fd_formatter, ts []time.Time, now C.int64_t, next *C.int64_t, off int) (string, error) {
	k := len(ts)
	for i, t := range ts {
		sc.in[i] = millis(t)
	}
	var nx C.int64_t
	var msg *C.char
	for {
		s := C.fdgo_format_many(p, &sc.in[0], C.size_t(k), now,
			(*C.char)(unsafe.Pointer(&sc.buf[0])), C.size_t(len(sc.buf)), &sc.ends[0], &nx, &msg)
		if s == C.FD_ERR_BUFFER && int(sc.ends[k-1]) >= len(sc.buf) {
			C.free(unsafe.Pointer(msg))
			sc.buf = make([]byte, int(sc.ends[k-1])+int(sc.ends[k-1])/8+1)
			continue
		}
		if s != C.FD_OK {
			return "", manyError(p, newError(s, msg), sc.in[:k], now, off)
		}
		break
	}
	if nx < *next {
		*next = nx
	}
	return string(sc.buf[:sc.ends[k-1]]), nil
}

// manyError names the instant that failed a chunk by its index in the whole
// batch: the first instant of the chunk that fails alone, with that call's
// message ("ts[12]: instant 253402300800000 ms is outside ...").
func manyError(p *C.fd_formatter, chunkErr *Error, in []C.int64_t, now C.int64_t, off int) error {
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	if sc.c == nil {
		return chunkErr
	}
	for i, t := range in {
		if s := C.fdgo_format(cAddress(unsafe.Pointer(p)), t, now, cAddress(unsafe.Pointer(sc.c)), 0); s != C.FD_OK {
			e := newError(s, sc.c.msg)
			e.Message = fmt.Sprintf("ts[%d]: %s", off+i, e.Message)
			return e
		}
	}
	chunkErr.Message = fmt.Sprintf("ts[%d:%d]: %s", off, off+len(in), chunkErr.Message)
	return chunkErr
}

// memAvailable is how much more memory this process may use and which limit
// says so; tests replace it.
var memAvailable = availableMemory

// checkMemory refuses a FormatMany of n instants (done of them formatted)
// whose result needs about need bytes, of which more are still to be
// allocated, when more exceeds what the process may still use (again: a
// check after the labels were allocated). Go has no
// recoverable out-of-memory: this check is the only way to fail cleanly.
func checkMemory(n, done int, need, more uint64, again bool) error {
	avail, limit := memAvailable()
	if limit == "" || more <= avail {
		return nil
	}
	msg := fmt.Sprintf("FormatMany of %d instants needs about %s for its result (%d bytes a label plus its text, %.1f bytes a label as the first %d average)",
		n, byteSize(need), stringHeader, float64(need-stringHeader*uint64(n))/float64(n), done)
	if again {
		msg += fmt.Sprintf(", %s of it still to allocate", byteSize(more))
	}
	msg += fmt.Sprintf(", more than the %s this process may still use (%s): pass the instants in smaller batches", byteSize(avail), limit)
	return &Error{StatusMemory, msg}
}
