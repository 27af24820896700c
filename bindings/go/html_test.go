package feeddate_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	feeddate "github.com/feeddate/feeddate/bindings/go"
)

// htmlVector is one line of Tests/vectors/html/html-1.3.jsonl (issue 39
// item 2): a schedule's arguments, spoken, and the library's markup and
// script form, which HTML and ScriptJSON must give byte for byte.
type htmlVector struct {
	file       string
	line       int
	Style      string                     `json:"style"`
	Options    map[string]json.RawMessage `json:"options"`
	TMs        *int64                     `json:"t_ms"`
	NowMs      *int64                     `json:"now_ms"`
	HorizonMs  *int64                     `json:"horizon_ms"`
	MaxEntries *int                       `json:"max_entries"`
	Spoken     *bool                      `json:"spoken"`
	HTML       *string                    `json:"html"`
	ScriptJSON *string                    `json:"script_json"`
}

func (v *htmlVector) String() string { return fmt.Sprintf("%s:%d", v.file, v.line) }

// htmlVectorFile: FEEDDATE_HTML_VECTORS when set, else the checkout's
// Tests/vectors/html/html-1.3.jsonl (the folder's cases.jsonl is the input
// of make html-vectors, not vectors, so no glob as vectorFiles does).
func htmlVectorFile() (file string, named bool) {
	if named := os.Getenv("FEEDDATE_HTML_VECTORS"); named != "" {
		return named, true
	}
	return filepath.Join(vectorRoot, "html", "html-1.3.jsonl"), false
}

func readHTMLVectors(t *testing.T) ([]*htmlVector, bool) {
	file, named := htmlVectorFile()
	data, err := os.ReadFile(file) // a missing file fails the test
	if err != nil {
		t.Fatalf("html vectors: %v (set FEEDDATE_HTML_VECTORS to the file to run)", err)
	}
	var all []*htmlVector
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 16<<20)
	for line := 1; sc.Scan(); line++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		v := &htmlVector{file: file, line: line}
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(v); err != nil {
			t.Fatalf("%v: %v", v, err)
		}
		if v.TMs == nil || v.NowMs == nil || v.HorizonMs == nil || v.MaxEntries == nil || v.Spoken == nil ||
			v.HTML == nil || v.ScriptJSON == nil {
			t.Fatalf("%v: a field is missing or null (t_ms, now_ms, horizon_ms, max_entries, spoken, html, script_json)", v)
		}
		all = append(all, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return all, named
}

// Every case of the html vectors: HTML and ScriptJSON equal the library's
// bytes (made by make html-vectors from the C functions), through guessed
// buffers and again through buffers grown from one byte. 12 cases or more
// (the file's), one or more when FEEDDATE_HTML_VECTORS names another file.
func TestHTMLVectors(t *testing.T) {
	vs, named := readHTMLVectors(t)
	formatters := map[string]*feeddate.Formatter{}
	defer func() {
		for _, f := range formatters {
			f.Close()
		}
	}()
	run, passed := 0, 0
	for _, v := range vs {
		lv := &vector{Style: v.Style, Options: v.Options} // the schedule vectors' options reader
		key := lv.key()
		f := formatters[key]
		if f == nil {
			o, err := lv.options()
			if err != nil {
				t.Fatalf("%v: %v", v, err)
			}
			if f, err = feeddate.New(o); err != nil {
				t.Errorf("%v: New: %v", v, err)
				continue
			}
			formatters[key] = f
		}
		tt, now := time.UnixMilli(*v.TMs), time.UnixMilli(*v.NowMs)
		horizon := time.Duration(*v.HorizonMs) * time.Millisecond
		ok := true
		for _, guess := range []bool{true, false} {
			restore := feeddate.SetScheduleGuess(guess)
			html, herr := f.HTML(tt, now, horizon, *v.MaxEntries, *v.Spoken)
			script, serr := f.ScriptJSON(tt, now, horizon, *v.MaxEntries)
			restore()
			if herr != nil || html != *v.HTML {
				t.Errorf("%v (guess %v): HTML (spoken %v) = %q, %v\nwant %q", v, guess, *v.Spoken, html, herr, *v.HTML)
				ok = false
			}
			if serr != nil || script != *v.ScriptJSON {
				t.Errorf("%v (guess %v): ScriptJSON = %q, %v\nwant %q", v, guess, script, serr, *v.ScriptJSON)
				ok = false
			}
		}
		run++
		if ok {
			passed++
		}
	}
	min := 12
	if named {
		min = 1
	}
	if run < min {
		t.Errorf("%d html vectors run, want %d or more", run, min)
	}
	t.Logf("%d of %d html vectors passed (HTML and ScriptJSON byte for byte; buffers guessed and grown from 1 byte; %s)",
		passed, run, feeddate.DataVersion())
}

// HTML and ScriptJSON take Schedule's arguments and give Schedule's errors:
// the library's status and message, word for word.
func TestHTMLArguments(t *testing.T) {
	f := mustNew(t, feeddate.Options{Locale: "zh_CN", TimeZone: "Asia/Shanghai"})
	day := 24 * time.Hour
	for _, c := range []struct {
		name    string
		t, now  time.Time
		horizon time.Duration
		max     int
		status  feeddate.Status
		message string
	}{
		{"horizon -1ms", yday, now2024, -time.Millisecond, 10, feeddate.StatusArgument, "horizon"},
		{"horizon -1ns", yday, now2024, -time.Nanosecond, 10, feeddate.StatusArgument, "-1 ms"},
		{"horizon 367 days", yday, now2024, 367 * day, 10, feeddate.StatusArgument, "31708800000"},
		{"max entries 0", yday, now2024, day, 0, feeddate.StatusArgument, "max_entries 0 is out of range 1...100000"},
		{"max entries -5", yday, now2024, day, -5, feeddate.StatusArgument, "max_entries -5 is out of range 1...100000"},
		{"max entries MaxInt", yday, now2024, day, math.MaxInt, feeddate.StatusArgument, "max_entries 9223372036854775807"},
		{"t in year 10000", time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), now2024, day, 10, feeddate.StatusRange, "253402300800000"},
		{"now in year 0", yday, time.Date(0, 12, 31, 0, 0, 0, 0, time.UTC), day, 10, feeddate.StatusRange, ""},
	} {
		_, want := f.Schedule(c.t, c.now, c.horizon, c.max)
		wantError(t, c.name+": Schedule", want, c.status, c.message)
		for _, spoken := range []bool{false, true} {
			html, err := f.HTML(c.t, c.now, c.horizon, c.max, spoken)
			wantError(t, fmt.Sprintf("%s: HTML (spoken %v)", c.name, spoken), err, c.status, c.message)
			if html != "" || err == nil || want == nil || err.Error() != want.Error() {
				t.Errorf("%s: HTML (spoken %v) = %q, %v; want Schedule's error %v", c.name, spoken, html, err, want)
			}
		}
		script, err := f.ScriptJSON(c.t, c.now, c.horizon, c.max)
		wantError(t, c.name+": ScriptJSON", err, c.status, c.message)
		if script != "" || err == nil || want == nil || err.Error() != want.Error() {
			t.Errorf("%s: ScriptJSON = %q, %v; want Schedule's error %v", c.name, script, err, want)
		}
	}
	// The limits themselves are fine, as for Schedule.
	for _, c := range []struct {
		horizon time.Duration
		max     int
	}{{0, 1}, {feeddate.MaxScheduleHorizon, feeddate.MaxScheduleEntries}, {feeddate.DefaultHorizon, feeddate.DefaultMaxEntries}} {
		if _, err := f.HTML(yday, now2024, c.horizon, c.max, true); err != nil {
			t.Errorf("HTML(horizon %v, max %d): %v", c.horizon, c.max, err)
		}
		if _, err := f.ScriptJSON(yday, now2024, c.horizon, c.max); err != nil {
			t.Errorf("ScriptJSON(horizon %v, max %d): %v", c.horizon, c.max, err)
		}
	}
}

// spoken adds data-spoken-schedule (after data-schedule), and only it; the
// script form is Schedule's wire form when it holds nothing to escape.
func TestHTMLSpoken(t *testing.T) {
	f := mustNew(t, feeddate.Options{Style: feeddate.ChatList, Locale: "zh_CN", TimeZone: "Asia/Shanghai"})
	plain, err := f.HTML(yday, now2024, feeddate.DefaultHorizon, feeddate.DefaultMaxEntries, false)
	if err != nil {
		t.Fatal(err)
	}
	spoken, err := f.HTML(yday, now2024, feeddate.DefaultHorizon, feeddate.DefaultMaxEntries, true)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(plain, "data-spoken-schedule") || !strings.Contains(plain, ` data-schedule="`) {
		t.Errorf("HTML without spoken: %s", plain)
	}
	if i, j := strings.Index(spoken, ` data-schedule="`), strings.Index(spoken, ` data-spoken-schedule="`); i < 0 || j < i {
		t.Errorf("HTML with spoken has no data-spoken-schedule after data-schedule: %s", spoken)
	}
	if !strings.HasPrefix(plain, `<time datetime="2024-03-24T12:00:00.000Z" title="`) ||
		!strings.HasSuffix(plain, `">昨天</feed-date></time>`) || !strings.HasSuffix(spoken, `">昨天</feed-date></time>`) {
		t.Errorf("HTML:\n%s\n%s", plain, spoken)
	}
	s, err := f.Schedule(yday, now2024, feeddate.DefaultHorizon, feeddate.DefaultMaxEntries)
	if err != nil {
		t.Fatal(err)
	}
	script, err := f.ScriptJSON(yday, now2024, feeddate.DefaultHorizon, feeddate.DefaultMaxEntries)
	if err != nil || script != s.JSON() {
		t.Errorf("ScriptJSON = %q, %v; want Schedule's JSON %q", script, err, s.JSON())
	}
}

// After Close: ErrClosed, before the arguments are looked at.
func TestHTMLClosed(t *testing.T) {
	f, err := feeddate.New(feeddate.Options{Locale: "zh_CN", TimeZone: "Asia/Shanghai"})
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, horizon := range []time.Duration{feeddate.DefaultHorizon, -1} {
		if s, err := f.HTML(yday, now2024, horizon, feeddate.DefaultMaxEntries, true); err != feeddate.ErrClosed || !errors.Is(err, feeddate.ErrClosed) || s != "" {
			t.Errorf("HTML after Close = %q, %v; want ErrClosed", s, err)
		}
		if s, err := f.ScriptJSON(yday, now2024, horizon, feeddate.DefaultMaxEntries); err != feeddate.ErrClosed || s != "" {
			t.Errorf("ScriptJSON after Close = %q, %v; want ErrClosed", s, err)
		}
	}
}
