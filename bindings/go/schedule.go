package feeddate

/*
#include "fdgo.h"
*/
import "C"

import (
	"time"
	"unsafe"
)

// Schedule limits and defaults (SPEC section 11, 1.2).
const (
	// DefaultHorizon is the horizon to pass when you have no reason to pick
	// another: one day of labels (FD_SCHEDULE_DEFAULT_HORIZON_MS).
	DefaultHorizon = time.Duration(C.FD_SCHEDULE_DEFAULT_HORIZON_MS) * time.Millisecond
	// DefaultMaxEntries is the number of entries to pass when you have no
	// reason to pick another (FD_SCHEDULE_DEFAULT_MAX_ENTRIES).
	DefaultMaxEntries = int(C.FD_SCHEDULE_DEFAULT_MAX_ENTRIES)
	// MaxScheduleHorizon is the longest horizon the library takes (366
	// days, FD_SCHEDULE_MAX_HORIZON_MS).
	MaxScheduleHorizon = time.Duration(C.FD_SCHEDULE_MAX_HORIZON_MS) * time.Millisecond
	// MaxScheduleEntries is the most entries the library takes
	// (FD_SCHEDULE_MAX_ENTRIES).
	MaxScheduleEntries = int(C.FD_SCHEDULE_MAX_ENTRIES)
)

// ScheduleEntry is one label of a schedule and the instant it starts.
type ScheduleEntry struct {
	Text  string
	Start time.Time
}

// Schedule is the list of labels an instant will show from now on, each
// with the instant it starts (SPEC section 11): what a client that only
// swaps text needs to keep a label right without any rule of its own.
type Schedule struct {
	// Entries: Entries[0] starts at now, each next one at the previous
	// one's next change; consecutive texts differ. Never empty.
	Entries []ScheduleEntry
	// Until is the next change of the last entry: from then on the client
	// holds no right text and needs a new schedule. The zero Time when the
	// schedule is complete (the last label never changes).
	Until time.Time
	json  string
}

// JSON is the schedule's wire form, as the library wrote it
// (fd_schedule_json): {"v":1,"now":N,"labels":[[text,d0],...],"until":U}
// with N now in milliseconds, each d the start's difference from the
// previous start (d0 = 0), U the until in milliseconds or null. Send these
// bytes as they are to the web client (clients/web); every binding gives
// the same bytes for the same schedule.
func (s Schedule) JSON() string { return s.json }

// Complete says whether the last label never changes (Until is zero).
func (s Schedule) Complete() bool { return s.Until.IsZero() }

// scheduleGuess: the first buffers are sized from a guess (false: one byte
// each, so that tests go through the library's FD_ERR_BUFFER and the retry).
var scheduleGuess = true

// horizonMillis is d in whole milliseconds by SPEC 11's rule (1.3): a
// Duration is exact, so it is floored (1000.4 ms is 1000 ms, -1 ns is -1 ms,
// which the library refuses). Every Duration fits an int64 of milliseconds.
func horizonMillis(d time.Duration) int64 { return floorMillis(d) }

// Schedule returns the labels t shows from now on, each with the instant it
// starts, and the wire form of the same (Schedule.JSON), for a client that
// swaps text at those instants (SPEC section 11). Entry 0 starts at now;
// entry i+1 starts at entry i's next change (what Label reports). The list
// stops at the first of: an entry whose label never changes (complete:
// Until is zero), maxEntries entries, an entry whose next change is at or
// after now + horizon; Until is then that next change. A horizon of 0 gives
// one entry and its Until. Pass DefaultHorizon and DefaultMaxEntries when
// you have no reason to pick others.
//
// horizon is taken in whole milliseconds, floored (SPEC 11, 1.3: 1000.4 ms
// is 1000 ms in every language; -1 ns is -1 ms). A horizon below 0 or over 366 days
// (MaxScheduleHorizon), or maxEntries outside 1..100,000
// (MaxScheduleEntries), is a StatusArgument *Error with the library's
// message; an instant outside years 1..9999 is StatusRange. t and now are
// read as Format reads them (floored to the millisecond).
//
// The cost is one label and one next change per entry, twice: the entries
// come from fd_schedule and the wire form from fd_schedule_json (the
// binding writes no JSON of its own). Memory is bounded by maxEntries (at
// most 100,000 labels). A Close on another goroutine waits until a
// Schedule in flight is done; after Close, Schedule returns ErrClosed.
func (f *Formatter) Schedule(t, now time.Time, horizon time.Duration, maxEntries int) (Schedule, error) {
	p := f.acquire()
	if p == nil {
		return Schedule{}, ErrClosed
	}
	defer f.mu.RUnlock()
	hms := C.int64_t(horizonMillis(horizon))
	// The library checks max_entries and the horizon before it writes
	// anything: a count it refuses gets arrays of one element. A negative
	// count crosses as its two's complement, which the library names as
	// the negative number meant (1.3): its message, not a copy here.
	arrays, limit := maxEntries, C.size_t(uint64(int64(maxEntries)))
	if maxEntries < 1 || maxEntries > MaxScheduleEntries {
		arrays = 1
	}
	tms, nowMs := millis(t), millis(now)

	ends := make([]C.size_t, arrays)
	from := make([]C.int64_t, arrays)
	// A first guess at the texts (most labels are under 16 bytes); the
	// library reports what a longer schedule needs and is called again.
	guess := 16 * arrays
	if guess > 1<<16 {
		guess = 1 << 16
	}
	if !scheduleGuess {
		guess = 0
	}
	buf := make([]byte, guess+1)
	var n C.size_t
	var until C.int64_t
	for {
		var msg *C.char
		s := C.fdgo_schedule(p, tms, nowMs, hms, limit, (*C.char)(unsafe.Pointer(&buf[0])), C.size_t(len(buf)),
			&ends[0], &from[0], &n, &until, &msg)
		if s == C.FD_ERR_BUFFER && n > 0 && int(ends[n-1]) >= len(buf) {
			buf = make([]byte, int(ends[n-1])+1)
			continue
		}
		if s != C.FD_OK {
			return Schedule{}, newError(s, msg)
		}
		break
	}
	count := int(n)
	text := string(buf[:ends[count-1]]) // one string; the entries' texts share it
	entries := make([]ScheduleEntry, count)
	start := 0
	for i := range entries {
		end := int(ends[i])
		entries[i] = ScheduleEntry{Text: text[start:end], Start: time.UnixMilli(int64(from[i]))}
		start = end
	}

	// The wire form: the texts (escaped: at most 6 bytes a byte, rarely more
	// than 1), each start's difference (at most 11 digits) and some 100
	// bytes around them. A guess again; the library reports what it needs.
	jguess := 2*len(text) + 24*count + 128
	if !scheduleGuess {
		jguess = 1
	}
	jbuf := make([]byte, jguess)
	var length C.size_t
	for {
		var msg *C.char
		s := C.fdgo_schedule_json(p, tms, nowMs, hms, limit, (*C.char)(unsafe.Pointer(&jbuf[0])), C.size_t(len(jbuf)), &length, &msg)
		if s == C.FD_ERR_BUFFER && int(length) >= len(jbuf) {
			jbuf = make([]byte, int(length)+1)
			continue
		}
		if s != C.FD_OK {
			return Schedule{}, newError(s, msg)
		}
		break
	}
	return Schedule{Entries: entries, Until: fromMillis(until), json: string(jbuf[:length])}, nil
}
