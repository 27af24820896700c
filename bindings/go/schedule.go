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
	a := scheduleArgsOf(t, now, horizon, maxEntries)
	tms, nowMs, hms, limit := a.t, a.now, a.horizon, a.max
	// The library checks max_entries and the horizon before it writes
	// anything: a count it refuses gets arrays of one element.
	arrays := maxEntries
	if maxEntries < 1 || maxEntries > MaxScheduleEntries {
		arrays = 1
	}

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
	json, err := wireText(2*len(text)+24*count+128, func(buf *C.char, size C.size_t, length *C.size_t, msg **C.char) C.fd_status {
		return C.fdgo_schedule_json(p, tms, nowMs, hms, limit, buf, size, length, msg)
	})
	if err != nil {
		return Schedule{}, err
	}
	return Schedule{Entries: entries, Until: fromMillis(until), json: json}, nil
}

// scheduleArgs: a schedule's arguments as the library takes them, read once
// for Schedule, HTML and ScriptJSON alike.
type scheduleArgs struct {
	t, now, horizon C.int64_t
	max             C.size_t
}

// scheduleArgsOf reads t and now as Format does (floored to the
// millisecond), the horizon by horizonMillis, and maxEntries as it is: a
// negative count crosses as its two's complement, which the library names
// as the negative number meant (1.3): its message, not a copy here.
func scheduleArgsOf(t, now time.Time, horizon time.Duration, maxEntries int) scheduleArgs {
	return scheduleArgs{t: millis(t), now: millis(now), horizon: C.int64_t(horizonMillis(horizon)),
		max: C.size_t(uint64(int64(maxEntries)))}
}

// wireText makes call, one fd_* call with fd_schedule_json's buffer
// contract, into a buffer of guess bytes (one byte when scheduleGuess is
// off), and again with the size the library reports when that is too small;
// the text as a string, or the library's error with its message.
func wireText(guess int, call func(buf *C.char, size C.size_t, length *C.size_t, msg **C.char) C.fd_status) (string, error) {
	if !scheduleGuess || guess < 1 {
		guess = 1
	}
	buf := make([]byte, guess)
	var length C.size_t
	for {
		var msg *C.char
		s := call((*C.char)(unsafe.Pointer(&buf[0])), C.size_t(len(buf)), &length, &msg)
		if s == C.FD_ERR_BUFFER && int(length) >= len(buf) {
			buf = make([]byte, int(length)+1)
			continue
		}
		if s != C.FD_OK {
			return "", newError(s, msg)
		}
		return string(buf[:length]), nil
	}
}

// HTML returns the markup of a live label for t (SPEC section 11,
// "Semantics and screen readers", 1.3), as the library writes it
// (fd_schedule_html):
//
//	<time datetime="D" title="T"><feed-date data-schedule="WIRE">text</feed-date></time>
//
// D is t in UTC (YYYY-MM-DDTHH:MM:SS.sssZ), T the FeedDetail label of t seen
// at now (this formatter's locale, zone and options), WIRE the wire form of
// Schedule(t, now, horizon, maxEntries) and text its entry at now; every
// value is escaped (& < > " ' as &amp; &lt; &gt; &quot; &#39;). With spoken,
// data-spoken-schedule="WIRE2" follows data-schedule: the schedule of the
// same options plus Spoken, for the web client's hidden spoken label. Put it
// in a page as it is; the web client (clients/web) keeps the text right.
// The binding writes no markup or escape of its own: every binding gives
// the same bytes for the same arguments.
//
// The arguments are Schedule's, read the same way (pass DefaultHorizon and
// DefaultMaxEntries when you have no reason to pick others), and so are the
// errors: a horizon below 0 or over 366 days, or maxEntries outside
// 1..100,000, is a StatusArgument *Error with the library's message; an
// instant outside years 1..9999 is StatusRange; after Close, ErrClosed.
func (f *Formatter) HTML(t, now time.Time, horizon time.Duration, maxEntries int, spoken bool) (string, error) {
	p := f.acquire()
	if p == nil {
		return "", ErrClosed
	}
	defer f.mu.RUnlock()
	a := scheduleArgsOf(t, now, horizon, maxEntries)
	// A first guess: a label of a day's few entries is some 300 bytes
	// escaped, twice with spoken; the library reports what a longer one needs.
	flags, guess := C.uint32_t(0), 512
	if spoken {
		flags, guess = C.FD_HTML_SPOKEN, 1024
	}
	return wireText(guess, func(buf *C.char, size C.size_t, length *C.size_t, msg **C.char) C.fd_status {
		return C.fdgo_schedule_html(p, a.t, a.now, a.horizon, a.max, flags, buf, size, length, msg)
	})
}

// ScriptJSON returns the wire form of Schedule(t, now, horizon, maxEntries)
// made safe inside a <script> element (SPEC section 11, "Script context",
// 1.3), as the library writes it (fd_schedule_script_json): Schedule's JSON
// with < > & U+2028 U+2029 written as \u003c \u003e \u0026 \u2028
// \u2029, valid JSON that parses to the same object. (The plain wire is safe
// only in an escaped attribute, as HTML puts it.) The binding writes no
// escape of its own. Arguments and errors as Schedule's.
func (f *Formatter) ScriptJSON(t, now time.Time, horizon time.Duration, maxEntries int) (string, error) {
	p := f.acquire()
	if p == nil {
		return "", ErrClosed
	}
	defer f.mu.RUnlock()
	a := scheduleArgsOf(t, now, horizon, maxEntries)
	return wireText(256, func(buf *C.char, size C.size_t, length *C.size_t, msg **C.char) C.fd_status {
		return C.fdgo_schedule_script_json(p, a.t, a.now, a.horizon, a.max, buf, size, length, msg)
	})
}
