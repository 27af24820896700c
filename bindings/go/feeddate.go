// Package feeddate labels timestamps for feeds and chats ("14:30", "昨天",
// "5分钟前") and says when each label next changes.
//
// It is a thin binding over libfeeddate.so.1 (include/feeddate.h): every
// rule, default and range check is the C library's; this package only maps
// Go types onto the C API. A Formatter is immutable and safe for concurrent
// use by any number of goroutines; create it once, reuse it, and Close it
// when done (a finalizer frees a forgotten one).
//
// Close may race with calls on other goroutines: the calls in flight finish
// with their labels, Close waits for them, and every later call returns
// ErrClosed; nothing crashes. FormatMany works through a batch of any length
// in bounded chunks, and before a large batch it checks that its result fits
// in the memory the process may still use (Go cannot recover from running
// out): if not, it returns a StatusMemory *Error naming the size and the
// limit. A zone may be given as a *time.Location (Options.Location),
// including a fixed offset such as time.FixedZone("", 19800).
// Messages that quote a caller's value are safe for a log line: controls
// escaped, and a value longer than 64 bytes cut with "…". Schedule (1.2)
// gives the labels an instant will show from now on, with their starts and
// the wire form (JSON) that the web client takes.
package feeddate

/*
#include "fdgo.h"
*/
import "C"

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"
	"unsafe"
)

// Style is the kind of label (SPEC section 3).
type Style int32

const (
	Feed       Style = C.FD_STYLE_FEED        // "14:30", "昨天", "前天", "3月25日", "2023年12月30日"
	FeedDetail Style = C.FD_STYLE_FEED_DETAIL // "2024年3月25日 14:30"
	ChatList   Style = C.FD_STYLE_CHAT_LIST   // "14:30", "昨天", "星期三", "2024/3/18"
	ChatBubble Style = C.FD_STYLE_CHAT_BUBBLE // "昨天 11:11", "星期三 11:11"
	Relative   Style = C.FD_STYLE_RELATIVE    // "5分钟前", "3 days ago", "in 2 hours"
	Compact    Style = C.FD_STYLE_COMPACT     // "59s", "1m", "2h", "3d"
	Countdown  Style = C.FD_STYLE_COUNTDOWN   // "0:04:59.3", "1d 03:04:05.6"
)

// HourCycle chooses 12- or 24-hour times.
type HourCycle int32

const (
	HourCycleLocale HourCycle = C.FD_HOUR_CYCLE_LOCALE // the locale's own (the default)
	H23             HourCycle = C.FD_HOUR_CYCLE_H23    // 0..23
	H12             HourCycle = C.FD_HOUR_CYCLE_H12    // 1..12 with AM/PM
)

// Width is the wording of "N units ago / in N units".
type Width int32

const (
	WidthLong   Width = C.FD_WIDTH_LONG   // "5 minutes ago" (the default)
	WidthShort  Width = C.FD_WIDTH_SHORT  // "5 min. ago"
	WidthNarrow Width = C.FD_WIDTH_NARROW // "5m ago"
)

// Unit is a unit of time, for MaxUnit: the largest unit a label counts in.
type Unit int32

const (
	UnitYear   Unit = C.FD_UNIT_YEAR // no ceiling (the default)
	UnitMonth  Unit = C.FD_UNIT_MONTH
	UnitWeek   Unit = C.FD_UNIT_WEEK
	UnitDay    Unit = C.FD_UNIT_DAY
	UnitHour   Unit = C.FD_UNIT_HOUR // COMPACT: "59s", "5m", "23h", then "Mar 24"
	UnitMinute Unit = C.FD_UNIT_MINUTE
	UnitSecond Unit = C.FD_UNIT_SECOND
)

// Options are the fields of fd_options. The zero value of each field, or nil
// for the pointer ones, leaves the library's default (fd_options_init_sized):
// set a pointer field with Int or Duration, e.g. Precision: feeddate.Int(0).
//
// The empty string is the zero-value idiom for the string fields: Locale ""
// is the host's locale, TimeZone "" (with Location nil) the host's zone, and
// a word "" the locale's own word.
type Options struct {
	Style     Style
	Locale    string    // ICU or BCP 47 id; "" = the host's default
	TimeZone  string    // IANA id (or a POSIX TZ string); "" = the host's default (TZ, /etc/localtime); or set Location
	HourCycle HourCycle // default HourCycleLocale
	Width     Width     // default WidthLong

	RecentRelative     bool           // FEED: "just now / 5 min ago / 3 h ago" first
	JustNow            *time.Duration // just_now_ms, floored to the millisecond; default 1 min
	SkewTolerance      *time.Duration // skew_tolerance_ms, floored to the millisecond; default 1 min
	CrossYearGraceDays *int           // default 0
	WeekdayWindowDays  *int           // default 6
	Precision          *int           // COUNTDOWN fraction digits; default 1
	CountdownDays      bool           // COUNTDOWN: "1d 03:04:05.6" from 24 h

	// Since 1.1.
	PlainSpaces bool // every space character (U+202F before "PM", U+00A0, ...) written as U+0020
	Spoken      bool // text for a screen reader: "2 hours ago" for "2h", countdowns in words, full month names
	Overtime    bool // COUNTDOWN: after the deadline, count up after the minus sign ("-0:00:05.3")
	MaxUnit     Unit // RELATIVE, COMPACT, FEED's recent labels: the largest unit counted, then t's date

	// Your own words for these days, wherever a style uses them ("" = the
	// locale's): 1..64 bytes of UTF-8 without control characters, used as given.
	JustNowText            string
	YesterdayText          string
	DayBeforeYesterdayText string
	TomorrowText           string

	// Since 1.2.

	// Location is the zone as a Go *time.Location, in place of TimeZone (set
	// one of them, not both): a Location with an IANA name passes its name
	// (time.LoadLocation("Asia/Shanghai") is "Asia/Shanghai"); a fixed offset
	// without one (time.FixedZone("", 19800), or a name such as "+0530" or
	// "UTC+5" that is no IANA id of that offset) passes the POSIX TZ string
	// of its offset, "<+0530>-5:30" (POSIX counts west of UTC, so the sign
	// is inverted), "<+05>-5" for whole hours, "UTC" for offset zero;
	// time.Local is the host's zone, as TimeZone "" is. Never the host's
	// zone in silence: what cannot be mapped is a StatusTimeZone error.
	Location *time.Location
}

// Int returns a pointer to n, for the optional fields of Options.
func Int(n int) *int { return &n }

// Duration returns a pointer to d, for the optional fields of Options.
func Duration(d time.Duration) *time.Duration { return &d }

// Status is the library's status code. It is also an error, so that
// errors.Is(err, feeddate.StatusLocale) tells what kind of error err is.
type Status int32

const (
	StatusOK       Status = C.FD_OK
	StatusArgument Status = C.FD_ERR_ARGUMENT  // bad option value, unknown style, ...
	StatusLocale   Status = C.FD_ERR_LOCALE    // malformed locale id, or one without data
	StatusTimeZone Status = C.FD_ERR_TIME_ZONE // unknown time zone id
	StatusRange    Status = C.FD_ERR_RANGE     // an instant outside 0001-01-01 .. 9999-12-31
	StatusBuffer   Status = C.FD_ERR_BUFFER
	StatusICU      Status = C.FD_ERR_ICU
	StatusMemory   Status = C.FD_ERR_MEMORY
	StatusInternal Status = C.FD_ERR_INTERNAL
)

// Error is the library's English sentence for the status (fd_status_message).
func (s Status) Error() string { return C.GoString(C.fd_status_message(C.fd_status(s))) }

// Error is a failed call: its status and what fd_last_error() said about it
// ("precision 4 is out of range 0..3").
type Error struct {
	Status  Status
	Message string
}

func (e *Error) Error() string { return "feeddate: " + e.Message }

// Is makes errors.Is(err, feeddate.StatusRange) true for an *Error of that status.
func (e *Error) Is(target error) bool {
	s, ok := target.(Status)
	return ok && s == e.Status
}

// ErrClosed is returned by the methods of a Formatter after Close.
var ErrClosed = errors.New("feeddate: formatter is closed")

// newError takes the message copied by a C helper (and frees it).
func newError(s C.fd_status, msg *C.char) *Error {
	e := &Error{Status: Status(s)}
	if msg != nil {
		e.Message = C.GoString(msg)
		C.free(unsafe.Pointer(msg))
	}
	if e.Message == "" {
		e.Message = e.Status.Error()
	}
	return e
}

// Formatter labels instants with one set of options. Safe for concurrent
// use, Close included: a call that has started when Close is called finishes
// with its label (Close waits for it), and a call after Close returns
// ErrClosed.
type Formatter struct {
	// mu is held shared by FormatMany and Schedule while they use p (several
	// C calls each), and alone by Close: a reader count that Close waits on,
	// not just a pointer swap. Format and Label take no lock: their one C
	// call publishes the formatter it uses in its thread's hazard slot
	// (fdgo.c), and Close, after taking mu, waits for those too (fdgo_close).
	mu       sync.RWMutex
	p        *C.fd_formatter // nil once closed
	cell     *C.fdgo_cell    // C memory, holds p until Close; freed with the Formatter
	locale   string
	zone     string
	tzSource string
}

// acquire returns the live formatter with mu held shared (release with
// f.mu.RUnlock after the C call), or nil, unlocked, once closed.
func (f *Formatter) acquire() *C.fd_formatter {
	f.mu.RLock()
	if p := f.p; p != nil {
		return p
	}
	f.mu.RUnlock()
	return nil
}

// New creates a formatter. Errors are *Error with StatusArgument (an option
// out of range, an unknown style), StatusLocale, StatusTimeZone, ...; the
// message names the option or id and what is valid.
func New(o Options) (*Formatter, error) {
	var c C.fd_options
	var msg *C.char
	if s := C.fdgo_options_init(&c, C.fd_style(o.Style), &msg); s != C.FD_OK {
		return nil, newError(s, msg)
	}
	var err error
	zone, fromLocation := o.TimeZone, ""
	if o.Location != nil {
		if o.TimeZone != "" {
			return nil, &Error{StatusArgument, fmt.Sprintf("time_zone %s and Location %s are both set: set one of them",
				quote(o.TimeZone), quote(o.Location.String()))}
		}
		if zone, err = zoneID(o.Location); err != nil {
			return nil, err
		}
		fromLocation = o.Location.String()
	}
	// A Go string can hold what a C string cannot, a NUL: refused here as
	// FD_ERR_ARGUMENT, never cut short (the value quoted by fd_quote). Any
	// other bytes reach the library as they are, and bytes that are not
	// UTF-8 are refused in its words (1.3, issue 37).
	cstr := func(name, v string) *C.char {
		if v == "" || err != nil {
			return nil
		}
		if i := strings.IndexByte(v, 0); i >= 0 {
			err = &Error{StatusArgument, fmt.Sprintf("%s %s contains a NUL byte (at byte %d)", name, quote(v), i)}
			return nil
		}
		return C.CString(v)
	}
	c.locale = cstr("locale", o.Locale)
	defer C.free(unsafe.Pointer(c.locale))
	c.time_zone = cstr("time_zone", zone)
	defer C.free(unsafe.Pointer(c.time_zone))
	c.just_now_text = cstr("just_now_text", o.JustNowText)
	defer C.free(unsafe.Pointer(c.just_now_text))
	c.yesterday_text = cstr("yesterday_text", o.YesterdayText)
	defer C.free(unsafe.Pointer(c.yesterday_text))
	c.day_before_yesterday_text = cstr("day_before_yesterday_text", o.DayBeforeYesterdayText)
	defer C.free(unsafe.Pointer(c.day_before_yesterday_text))
	c.tomorrow_text = cstr("tomorrow_text", o.TomorrowText)
	defer C.free(unsafe.Pointer(c.tomorrow_text))
	c.hour_cycle = C.fd_hour_cycle(o.HourCycle)
	c.width = C.fd_width(o.Width)
	c.recent_relative = cbool(o.RecentRelative)
	c.countdown_days = cbool(o.CountdownDays)
	c.plain_spaces = cbool(o.PlainSpaces)
	c.spoken = cbool(o.Spoken)
	c.overtime = cbool(o.Overtime)
	c.max_unit = C.fd_unit(o.MaxUnit)
	millis := func(name string, d *time.Duration, field *C.int64_t) {
		if d == nil || err != nil {
			return
		}
		*field = C.int64_t(floorMillis(*d))
	}
	millis("just_now_ms", o.JustNow, &c.just_now_ms)
	millis("skew_tolerance_ms", o.SkewTolerance, &c.skew_tolerance_ms)
	int32s := func(name string, n *int, field *C.int32_t) {
		if n == nil || err != nil {
			return
		}
		if *n < math.MinInt32 || *n > math.MaxInt32 {
			err = &Error{StatusArgument, fmt.Sprintf("%s %d does not fit in an int32", name, *n)}
			return
		}
		*field = C.int32_t(*n)
	}
	int32s("cross_year_grace_days", o.CrossYearGraceDays, &c.cross_year_grace_days)
	int32s("weekday_window_days", o.WeekdayWindowDays, &c.weekday_window_days)
	int32s("precision", o.Precision, &c.precision)
	if err != nil {
		return nil, err
	}

	var p *C.fd_formatter
	if s := C.fdgo_new(&c, &p, &msg); s != C.FD_OK {
		e := newError(s, msg)
		if fromLocation != "" && zone != "" && zone != fromLocation && e.Status == StatusTimeZone {
			e.Message = fmt.Sprintf("Location %s as %s: %s", quote(fromLocation), quote(zone), e.Message)
		}
		return nil, e
	}
	cell := C.fdgo_cell_new(p)
	if cell == nil {
		C.fd_formatter_free(p)
		return nil, &Error{Status: StatusMemory, Message: "out of memory for a formatter's cell"}
	}
	f := &Formatter{
		p:        p,
		cell:     cell,
		locale:   C.GoString(C.fd_formatter_locale(p)),
		zone:     C.GoString(C.fd_formatter_time_zone(p)),
		tzSource: C.GoString(C.fd_formatter_tz_source(p)),
	}
	runtime.SetFinalizer(f, (*Formatter).finalize)
	return f, nil
}

// asymmetric: calls publish their formatter with a plain store and Close
// runs membarrier(2); else each call makes one atomic exchange (fdgo.c).
// Fixed here, before any formatter exists. FEEDDATE_GO_NO_MEMBARRIER=1 takes
// the other way (for make test-go); Go's os.Getenv, unlike C's getenv, cannot
// race a setenv.
var asymmetric = C.fdgo_init(C.int(cbool(os.Getenv("FEEDDATE_GO_NO_MEMBARRIER") != ""))) != 0

// finalize is Close and the cell's free, once no call can use the cell: a
// call keeps its Formatter reachable until its C call has returned.
func (f *Formatter) finalize() {
	f.Close()
	C.fdgo_cell_free(f.cell)
}

func cbool(b bool) C.int32_t {
	if b {
		return 1
	}
	return 0
}

// Close frees the formatter. It may be called while other goroutines still
// call the formatter: it waits for the calls in flight (a long FormatMany
// too) to finish, and every later call returns ErrClosed. Closing twice is
// fine.
func (f *Formatter) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.p != nil {
		f.p = nil
		// Empties the cell, waits for the Format and Label calls in flight
		// (FormatMany and Schedule are out: mu), frees the formatter.
		C.fdgo_close(f.cell)
	}
	return nil
}

// Locale is the resolved locale id ("zh_CN").
func (f *Formatter) Locale() string { return f.locale }

// TimeZone is the resolved zone id ("Asia/Shanghai").
func (f *Formatter) TimeZone() string { return f.zone }

// TZSource is the source of the zone rules in use: "tzdata 2025b" when a
// file of the system's zone database was read, else the library's word for a
// POSIX TZ string or UTC that needs none. ICU's built-in zone rules are never
// used for a named zone: with no database, a named zone is an error.
func (f *Formatter) TZSource() string { return f.tzSource }

// Span is a [Start, End) range of byte offsets into a label's text.
type Span struct{ Start, End int }

// Label is a label with what fd_format reports besides the text.
type Label struct {
	Text string
	// NextChange is the earliest instant after now at which the text
	// changes; the zero Time when it never changes (see Next).
	NextChange time.Time
	DayPart    Span // relative word, weekday or date; empty when none
	TimePart   Span // time of day; empty when none
	Expired    bool // COUNTDOWN: the deadline has been reached
}

// Next returns the next change and true, or the zero Time and false when the
// label never changes again.
func (l Label) Next() (time.Time, bool) { return l.NextChange, !l.NextChange.IsZero() }

// DayText is the day part of the text ("昨天" of "昨天 11:11").
func (l Label) DayText() string { return l.Text[l.DayPart.Start:l.DayPart.End] }

// TimeText is the time part of the text ("11:11" of "昨天 11:11").
func (l Label) TimeText() string { return l.Text[l.TimePart.Start:l.TimePart.End] }

// floorMillis is d in whole milliseconds, floored (towards the past): SPEC
// 11's rule (1.3) for every Duration the binding passes (horizons, options).
func floorMillis(d time.Duration) int64 {
	ms := int64(d / time.Millisecond)
	if d%time.Millisecond < 0 {
		ms--
	}
	return ms
}

// millis converts t to the library's milliseconds (floored, SPEC 11's rule
// for an exact type: 1969-12-31T23:59:59.9996Z is -1). An instant too
// far out for int64 milliseconds becomes one the library refuses as out of
// range, never a wrapped-around one.
func millis(t time.Time) C.int64_t {
	s := t.Unix()
	switch {
	case s < math.MinInt64/1000+1:
		return math.MinInt64
	case s > math.MaxInt64/1000-1:
		return math.MaxInt64
	}
	return C.int64_t(s*1000 + int64(t.Nanosecond())/1e6) // t.UnixMilli() without working out s again
}

func fromMillis(ms C.int64_t) time.Time {
	if ms == C.FD_NEVER {
		return time.Time{}
	}
	return time.UnixMilli(int64(ms))
}

// cAddress is the address of C memory (a formatter, a scratch) as an integer
// for the C shims: no pointer check, so no allocation, per call.
func cAddress(p unsafe.Pointer) C.uintptr_t { return C.uintptr_t(uintptr(p)) }

// scratch is the memory handed to C for a label too long to come back by
// value (and for FormatMany's error search): the label, its info and the
// error message, in C memory, pooled; freed when the pool drops it. nil
// when C could not allocate it.
type scratch struct {
	c *C.fdgo_scratch
}

var scratchPool = sync.Pool{New: func() any {
	sc := &scratch{c: C.fdgo_scratch_new()}
	if sc.c != nil {
		runtime.SetFinalizer(sc, func(sc *scratch) { C.fdgo_scratch_free(sc.c) })
	}
	return sc
}}

// Format returns the label of t as seen at now. It skips the next-change
// work; Label does it too.
//
// One cgo call, no lock and one allocation, the string: the C call publishes
// the formatter in its thread's hazard slot (fdgo.c), and the label comes
// back by value (fdgo_text, in cgo's frame on this goroutine's stack), so no
// scratch is fetched; only a label over 55 bytes takes a second call with a
// pooled one.
func (f *Formatter) Format(t, now time.Time) (string, error) {
	if f.cell == nil { // a Formatter not made by New
		return "", ErrClosed
	}
	r := C.fdgo_format_text(cAddress(unsafe.Pointer(f.cell)), millis(t), millis(now))
	runtime.KeepAlive(f) // the cell outlives the call: no finalizer before it returns
	if r.status == C.FD_OK {
		return string(unsafe.Slice((*byte)(unsafe.Pointer(&r.text[0])), r.length)), nil
	}
	if r.status == C.FD_ERR_BUFFER {
		l, err := f.formatLong(t, now, false)
		return l.Text, err
	}
	return "", callError(r.status, r.msg)
}

// callError is the error of a Format or Label call that failed or could not start.
func callError(status C.int32_t, msg *C.char) error {
	switch status {
	case C.FDGO_CLOSED:
		return ErrClosed
	case C.FDGO_NO_SLOT:
		return &Error{Status: StatusMemory, Message: "out of memory for this thread's call slot"}
	}
	return newError(C.fd_status(status), msg)
}

// Label returns the label of t as seen at now with its next change, parts and
// expired flag.
func (f *Formatter) Label(t, now time.Time) (Label, error) {
	if f.cell == nil {
		return Label{}, ErrClosed
	}
	r := C.fdgo_format_inline(cAddress(unsafe.Pointer(f.cell)), millis(t), millis(now))
	runtime.KeepAlive(f)
	if r.status == C.FD_OK {
		return makeLabel(string(unsafe.Slice((*byte)(unsafe.Pointer(&r.text[0])), r.length)), &r.info), nil
	}
	if r.status == C.FD_ERR_BUFFER {
		return f.formatLong(t, now, true)
	}
	return Label{}, callError(r.status, r.msg)
}

func makeLabel(text string, info *C.fd_label) Label {
	return Label{
		Text:       text,
		NextChange: fromMillis(info.next_change_ms),
		DayPart:    Span{int(info.day_offset), int(info.day_offset + info.day_length)},
		TimePart:   Span{int(info.time_offset), int(info.time_offset + info.time_length)},
		Expired:    info.expired != 0,
	}
}

// formatLong is Format and Label for a label too long to come back by value:
// a pooled scratch of FD_LABEL_CAPACITY bytes in C memory.
func (f *Formatter) formatLong(t, now time.Time, withInfo bool) (Label, error) {
	p := f.acquire()
	if p == nil {
		return Label{}, ErrClosed
	}
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	if sc.c == nil {
		f.mu.RUnlock()
		return Label{}, &Error{Status: StatusMemory, Message: "out of memory for a label's scratch"}
	}
	with := C.int(0)
	if withInfo {
		with = 1
	}
	s := C.fdgo_format(cAddress(unsafe.Pointer(p)), millis(t), millis(now), cAddress(unsafe.Pointer(sc.c)), with)
	f.mu.RUnlock()
	if s != C.FD_OK {
		return Label{}, newError(s, sc.c.msg)
	}
	// The label's bytes up to its NUL, converted once.
	b := unsafe.Slice((*byte)(unsafe.Pointer(&sc.c.buf[0])), len(sc.c.buf))
	n := bytes.IndexByte(b, 0)
	if n < 0 {
		n = len(b)
	}
	text := string(b[:n])
	if !withInfo {
		return Label{Text: text}, nil
	}
	return makeLabel(text, &sc.c.info), nil
}

// Version is the version of the library actually loaded ("1.1.0").
func Version() string { return C.GoString(C.fd_version_string()) }

// VersionNumber is the loaded library's FD_VERSION_NUMBER (10100 for 1.1.0).
func VersionNumber() int { return int(C.fd_version()) }

// ICUVersion is the version of ICU the library runs on ("78.3": the ICU
// inside the library since 1.3).
func ICUVersion() string { return C.GoString(C.fd_icu_version()) }

// DataVersion says what the labels are made from besides feeddate itself
// (1.3, SPEC section 13), as fd_data_version writes it: "ICU 78.3; CLDR 48.0;
// tzdata 2025b" (the zone database's tzdata version, "tzdata unknown" when it
// names none). The library reads $TZDIR when this is first asked, if no
// formatter has yet.
func DataVersion() string { return C.GoString(C.fd_data_version()) }
