package feeddate_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	feeddate "github.com/feeddate/feeddate/bindings/go"
)

// scheduleVector is one line of Tests/vectors/schedule/*.jsonl (SPEC 11):
// entries as [text, from_ms] pairs, until_ms (null: complete) and the wire
// bytes.
type scheduleVector struct {
	file       string
	line       int
	Style      string                     `json:"style"`
	Options    map[string]json.RawMessage `json:"options"`
	TMs        int64                      `json:"t_ms"`
	NowMs      int64                      `json:"now_ms"`
	HorizonMs  int64                      `json:"horizon_ms"`
	MaxEntries int                        `json:"max_entries"`
	Entries    [][2]json.RawMessage       `json:"entries"`
	UntilMs    *int64                     `json:"until_ms"`
	JSON       string                     `json:"json"`
}

func (v *scheduleVector) String() string { return fmt.Sprintf("%s:%d", v.file, v.line) }

func readScheduleVectors(t *testing.T) []*scheduleVector {
	var all []*scheduleVector
	for _, file := range vectorFiles(t, "schedule", "FEEDDATE_SCHEDULE_VECTORS") {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 16<<20)
		for line := 1; sc.Scan(); line++ {
			if len(bytes.TrimSpace(sc.Bytes())) == 0 {
				continue
			}
			v := &scheduleVector{file: file, line: line}
			if err := json.Unmarshal(sc.Bytes(), v); err != nil {
				t.Fatalf("%s:%d: %v", file, line, err)
			}
			all = append(all, v)
		}
		if err := sc.Err(); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
	}
	if len(all) == 0 {
		t.Fatal("no schedule vectors")
	}
	return all
}

// entriesString writes entries as the vectors hold them, for comparing and
// for messages: [text, from_ms] pairs.
func entriesString(es []feeddate.ScheduleEntry) string {
	var b strings.Builder
	for i, e := range es {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "[%q %d]", e.Text, e.Start.UnixMilli())
	}
	return b.String()
}

// Every line of the schedule vectors: the same entries, until and wire
// bytes, with the buffers guessed and again grown from one byte.
func TestScheduleVectors(t *testing.T) {
	vectors := readScheduleVectors(t)
	formatters := map[string]*feeddate.Formatter{}
	defer func() {
		for _, f := range formatters {
			f.Close()
		}
	}()
	passed := 0
	for _, v := range vectors {
		lv := &vector{Style: v.Style, Options: v.Options}
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
		want := make([]feeddate.ScheduleEntry, len(v.Entries))
		for i, pair := range v.Entries {
			var from int64
			if err := json.Unmarshal(pair[0], &want[i].Text); err != nil {
				t.Fatalf("%v: entry %d: %v", v, i, err)
			}
			if err := json.Unmarshal(pair[1], &from); err != nil {
				t.Fatalf("%v: entry %d: %v", v, i, err)
			}
			want[i].Start = time.UnixMilli(from)
		}
		ok := true
		for _, guess := range []bool{true, false} {
			restore := feeddate.SetScheduleGuess(guess)
			s, err := f.Schedule(time.UnixMilli(v.TMs), time.UnixMilli(v.NowMs), time.Duration(v.HorizonMs)*time.Millisecond, v.MaxEntries)
			restore()
			if err != nil {
				t.Errorf("%v (guess %v): Schedule: %v", v, guess, err)
				ok = false
				continue
			}
			if got, want := entriesString(s.Entries), entriesString(want); got != want {
				t.Errorf("%v (guess %v): entries\n got %s\nwant %s", v, guess, got, want)
				ok = false
			}
			if got, want := fmtMs(ms(s.Until)), fmtMs(v.UntilMs); got != want {
				t.Errorf("%v (guess %v): until %s, want %s", v, guess, got, want)
				ok = false
			}
			if s.Complete() != (v.UntilMs == nil) {
				t.Errorf("%v (guess %v): Complete() = %v", v, guess, s.Complete())
				ok = false
			}
			if s.JSON() != v.JSON {
				t.Errorf("%v (guess %v): JSON\n got %s\nwant %s", v, guess, s.JSON(), v.JSON)
				ok = false
			}
		}
		if ok {
			passed++
		}
	}
	t.Logf("%d of %d schedule vectors passed (entries, until and wire bytes; buffers guessed and grown from 1 byte; %s)",
		passed, len(vectors), feeddate.DataVersion())
}

// Out of range: a horizon below 0 or over 366 days, max entries outside
// 1..100,000, the library's StatusArgument with its message; the limits
// themselves are fine.
func TestScheduleArguments(t *testing.T) {
	f := mustNew(t, feeddate.Options{Locale: "zh_CN", TimeZone: "Asia/Shanghai"})
	old := time.UnixMilli(1703898000000) // 2023-12-30: a date, complete at once
	day := 24 * time.Hour
	cases := []struct {
		name    string
		horizon time.Duration
		max     int
		names   []string
	}{
		{"horizon -1ms", -time.Millisecond, 10, []string{"horizon", "-1 ms", "366 days"}},
		{"horizon -1ns", -time.Nanosecond, 10, []string{"horizon", "-1 ms"}},
		{"horizon 367 days", 367 * day, 10, []string{"horizon", "31708800000"}},
		{"horizon 366 days + 1ms", 366*day + time.Millisecond, 10, []string{"horizon", "31622400001"}},
		{"horizon 366 days + 1.999999 ms", 366*day + 2*time.Millisecond - time.Nanosecond, 10, []string{"horizon", "31622400001"}},
		{"horizon -1 and max 0", -time.Millisecond, 0, []string{"horizon"}},
		{"max entries 0", day, 0, []string{"max_entries 0", "100000"}},
		// A negative count crosses as its two's complement: the library names
		// the number meant (1.3, issue 37 item 2), the binding words nothing.
		{"max entries -1", day, -1, []string{"max_entries -1 is out of range 1...100000"}},
		{"max entries -5", day, -5, []string{"max_entries -5 is out of range 1...100000"}},
		{"max entries MinInt", day, math.MinInt, []string{"max_entries -9223372036854775808 is out of range 1...100000"}},
		{"max entries -5, horizon -1ms", -time.Millisecond, -5, nil},
		{"max entries 100001", day, 100001, []string{"max_entries 100001 is out of range 1...100000"}},
		{"max entries MaxInt", day, math.MaxInt, []string{"max_entries 9223372036854775807 is out of range 1...100000"}},
	}
	for _, c := range cases {
		s, err := f.Schedule(old, now2024, c.horizon, c.max)
		wantError(t, c.name, err, feeddate.StatusArgument, c.names...)
		if s.Entries != nil || s.JSON() != "" {
			t.Errorf("%s: a schedule with the error: %+v", c.name, s)
		}
	}
	_, err := f.Schedule(time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC), now2024, feeddate.DefaultHorizon, feeddate.DefaultMaxEntries)
	wantError(t, "t in year 10000", err, feeddate.StatusRange, "253402300800000")
	_, err = f.Schedule(old, time.Date(0, 12, 31, 0, 0, 0, 0, time.UTC), feeddate.DefaultHorizon, feeddate.DefaultMaxEntries)
	wantError(t, "now in year 0", err, feeddate.StatusRange)

	for _, c := range []struct {
		horizon time.Duration
		max     int
	}{{0, 1}, {feeddate.MaxScheduleHorizon, feeddate.MaxScheduleEntries}, {feeddate.DefaultHorizon, feeddate.DefaultMaxEntries}} {
		s, err := f.Schedule(old, now2024, c.horizon, c.max)
		if err != nil || len(s.Entries) != 1 || s.Entries[0].Text != "2023年12月30日" || !s.Complete() ||
			s.JSON() != `{"v":1,"now":1711348200000,"labels":[["2023年12月30日",0]],"until":null}` {
			t.Errorf("Schedule(horizon %v, max %d) = %+v %s, %v", c.horizon, c.max, s, s.JSON(), err)
		}
	}
	if feeddate.DefaultHorizon != 24*time.Hour || feeddate.DefaultMaxEntries != 1000 ||
		feeddate.MaxScheduleHorizon != 366*day || feeddate.MaxScheduleEntries != 100000 {
		t.Errorf("limits: %v %d %v %d", feeddate.DefaultHorizon, feeddate.DefaultMaxEntries, feeddate.MaxScheduleHorizon, feeddate.MaxScheduleEntries)
	}
}

// A horizon is read in whole milliseconds, floored (SPEC 11, 1.3): a
// countdown in milliseconds changes at now+1, now+2, ...; a horizon of 1.5
// ms is 1 ms, which gives one entry until now+1, as 1 ms does; 2 ms gives two.
func TestScheduleHorizonRounding(t *testing.T) {
	for d, want := range map[time.Duration]int64{
		0: 0, time.Nanosecond: 0, 999999: 0, time.Millisecond: 1, 1500 * time.Microsecond: 1,
		-time.Nanosecond: -1, -1500 * time.Microsecond: -2, 366 * 24 * time.Hour: 31622400000,
		366*24*time.Hour + 1: 31622400000, -1 << 63: -9223372036855, 1<<63 - 1: 9223372036854,
	} {
		if got := feeddate.HorizonMillis(d); got != want {
			t.Errorf("HorizonMillis(%d ns) = %d, want %d", int64(d), got, want)
		}
	}
	f := mustNew(t, feeddate.Options{Style: feeddate.Countdown, Locale: "en_US", TimeZone: "UTC", Precision: feeddate.Int(3)})
	deadline := now2024.Add(10 * time.Second)
	for _, c := range []struct {
		horizon time.Duration
		entries int
	}{
		{0, 1}, {time.Nanosecond, 1}, {999999, 1}, {time.Millisecond, 1},
		{time.Millisecond + 1, 1}, {1500 * time.Microsecond, 1}, {2 * time.Millisecond, 2}, {2*time.Millisecond + 1, 2},
	} {
		s, err := f.Schedule(deadline, now2024, c.horizon, feeddate.DefaultMaxEntries)
		if err != nil {
			t.Fatalf("horizon %v: %v", c.horizon, err)
		}
		until := now2024.Add(time.Duration(c.entries) * time.Millisecond)
		if len(s.Entries) != c.entries || !s.Until.Equal(until) {
			t.Errorf("horizon %v: %d entries until %v, want %d until %v (%s)", c.horizon, len(s.Entries), s.Until.UnixMilli(),
				c.entries, until.UnixMilli(), entriesString(s.Entries))
		}
	}
}

func TestScheduleClosed(t *testing.T) {
	f, err := feeddate.New(feeddate.Options{Locale: "zh_CN", TimeZone: "Asia/Shanghai"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Schedule(yday, now2024, feeddate.DefaultHorizon, feeddate.DefaultMaxEntries); err != nil {
		t.Fatal(err)
	}
	f.Close()
	s, err := f.Schedule(yday, now2024, feeddate.DefaultHorizon, feeddate.DefaultMaxEntries)
	if err != feeddate.ErrClosed || !errors.Is(err, feeddate.ErrClosed) || s.Entries != nil {
		t.Errorf("Schedule after Close = %+v, %v; want ErrClosed", s, err)
	}
	// Closed is checked first: bad arguments to a closed formatter are ErrClosed too.
	if _, err := f.Schedule(yday, now2024, -1, 0); err != feeddate.ErrClosed {
		t.Errorf("Schedule(-1, 0) after Close: %v; want ErrClosed", err)
	}
}

// wire is the wire form read back (the test reads JSON; it writes none).
type wire struct {
	V      int                  `json:"v"`
	Now    int64                `json:"now"`
	Labels [][2]json.RawMessage `json:"labels"`
	Until  *int64               `json:"until"`
}

// The definition (SPEC 11) against Label itself, for random instants, nows,
// horizons and limits in each style: entry 0 at now, each text Label's at
// its start, each next start that label's next change, consecutive texts
// different, the stop at the first complete label, max entries or change at
// or after now + horizon, and the wire form's now, labels and differences.
// FEEDDATE_SCHEDULE_SEED replays a run (its seed is logged).
func TestScheduleMatchesLabel(t *testing.T) {
	seed := time.Now().UnixNano()
	if env := os.Getenv("FEEDDATE_SCHEDULE_SEED"); env != "" {
		var err error
		if seed, err = strconv.ParseInt(env, 10, 64); err != nil {
			t.Fatalf("FEEDDATE_SCHEDULE_SEED=%q: %v", env, err)
		}
	}
	t.Logf("seed %d (FEEDDATE_SCHEDULE_SEED replays it)", seed)
	rng := rand.New(rand.NewSource(seed))
	zh := func(o feeddate.Options) feeddate.Options {
		o.Locale, o.TimeZone = "zh_CN", "Asia/Shanghai"
		return o
	}
	en := func(o feeddate.Options) feeddate.Options {
		o.Locale, o.TimeZone = "en_US", "America/New_York"
		return o
	}
	setups := []feeddate.Options{
		zh(feeddate.Options{Style: feeddate.Feed, RecentRelative: true}),
		zh(feeddate.Options{Style: feeddate.FeedDetail}),
		zh(feeddate.Options{Style: feeddate.ChatList}),
		en(feeddate.Options{Style: feeddate.ChatBubble, HourCycle: feeddate.H12}),
		en(feeddate.Options{Style: feeddate.Relative, Width: feeddate.WidthShort}),
		en(feeddate.Options{Style: feeddate.Compact, MaxUnit: feeddate.UnitHour, Spoken: true}),
		zh(feeddate.Options{Style: feeddate.Countdown, Precision: feeddate.Int(0), Overtime: true}),
	}
	cases, entries := 0, 0
	for _, o := range setups {
		f := mustNew(t, o)
		for k := 0; k < 3; k++ {
			now := now2024.Add(time.Duration(rng.Int63n(int64(400*24*time.Hour))) - 200*24*time.Hour)
			span := []time.Duration{time.Hour, 10 * 24 * time.Hour, 400 * 24 * time.Hour}[rng.Intn(3)]
			tt := now.Add(time.Duration(rng.Int63n(int64(2*span))) - span + time.Duration(rng.Intn(1000))*time.Millisecond)
			if o.Style != feeddate.Countdown && rng.Intn(4) > 0 {
				tt = now.Add(-time.Duration(rng.Int63n(int64(span)))) // mostly the past, as feeds are
			}
			horizon := time.Duration(rng.Int63n(int64(3 * 24 * time.Hour)))
			if rng.Intn(2) == 0 {
				horizon = horizon.Truncate(time.Millisecond)
			}
			max := 1 + rng.Intn(300)
			s, err := f.Schedule(tt, now, horizon, max)
			what := fmt.Sprintf("%v t=%d now=%d horizon=%dns max=%d", o.Style, tt.UnixMilli(), now.UnixMilli(), int64(horizon), max)
			if err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			end := now.UnixMilli() + feeddate.HorizonMillis(horizon)
			from := time.UnixMilli(now.UnixMilli())
			var until time.Time
			var want []feeddate.ScheduleEntry
			for {
				l, err := f.Label(tt, from)
				if err != nil {
					t.Fatalf("%s: Label at %d: %v", what, from.UnixMilli(), err)
				}
				want = append(want, feeddate.ScheduleEntry{Text: l.Text, Start: from})
				next, changes := l.Next()
				if !changes {
					break
				}
				if len(want) == max || next.UnixMilli() >= end {
					until = next
					break
				}
				from = next
			}
			if got, want := entriesString(s.Entries), entriesString(want); got != want {
				t.Errorf("%s: entries\n got %s\nwant %s", what, got, want)
			}
			if !s.Until.Equal(until) || s.Until.IsZero() != until.IsZero() {
				t.Errorf("%s: until %s, want %s", what, fmtMs(ms(s.Until)), fmtMs(ms(until)))
			}
			for i := 1; i < len(s.Entries); i++ {
				if s.Entries[i].Text == s.Entries[i-1].Text {
					t.Errorf("%s: entries %d and %d are both %q", what, i-1, i, s.Entries[i].Text)
				}
			}
			var w wire
			if err := json.Unmarshal([]byte(s.JSON()), &w); err != nil {
				t.Fatalf("%s: JSON %s: %v", what, s.JSON(), err)
			}
			ok := w.V == 1 && w.Now == now.UnixMilli() && len(w.Labels) == len(s.Entries) && fmtMs(w.Until) == fmtMs(ms(s.Until))
			prev := now.UnixMilli()
			for i := 0; ok && i < len(w.Labels); i++ {
				var text string
				var d int64
				ok = json.Unmarshal(w.Labels[i][0], &text) == nil && json.Unmarshal(w.Labels[i][1], &d) == nil &&
					text == s.Entries[i].Text && prev+d == s.Entries[i].Start.UnixMilli()
				prev += d
			}
			if !ok || !strings.HasPrefix(s.JSON(), `{"v":1,"now":`) {
				t.Errorf("%s: JSON %s does not hold the entries %s", what, s.JSON(), entriesString(s.Entries))
			}
			cases++
			entries += len(s.Entries)
		}
	}
	t.Logf("%d random schedules (%d entries) agree with Label step by step", cases, entries)
}
