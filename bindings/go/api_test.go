package feeddate_test

import (
	"errors"
	"math"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	feeddate "github.com/feeddate/feeddate/bindings/go"
)

var (
	now2024 = time.UnixMilli(1711348200000) // 2024-03-25 14:30 Asia/Shanghai
	yday    = time.UnixMilli(1711281600000) // 2024-03-24 20:00 Asia/Shanghai
)

func mustNew(t *testing.T, o feeddate.Options) *feeddate.Formatter {
	t.Helper()
	f, err := feeddate.New(o)
	if err != nil {
		t.Fatalf("New(%+v): %v", o, err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// wantError checks the status and that the message names what was wrong.
func wantError(t *testing.T, what string, err error, status feeddate.Status, names ...string) {
	t.Helper()
	var e *feeddate.Error
	if !errors.As(err, &e) {
		t.Errorf("%s: error %v (%T), want *feeddate.Error", what, err, err)
		return
	}
	if e.Status != status || !errors.Is(err, status) {
		t.Errorf("%s: status %d (%v), want %d", what, e.Status, e.Status, status)
	}
	for _, n := range names {
		if !strings.Contains(e.Message, n) {
			t.Errorf("%s: message %q does not name %q", what, e.Message, n)
		}
	}
	if !strings.HasPrefix(err.Error(), "feeddate: ") {
		t.Errorf("%s: Error() = %q", what, err.Error())
	}
}

func TestNewErrors(t *testing.T) {
	cases := []struct {
		name   string
		o      feeddate.Options
		status feeddate.Status
		names  []string
	}{
		{"malformed locale", feeddate.Options{Locale: "@@@", TimeZone: "UTC"}, feeddate.StatusLocale, []string{"@@@"}},
		{"locale without data", feeddate.Options{Locale: "xx_YY", TimeZone: "UTC"}, feeddate.StatusLocale, []string{"xx_YY"}},
		{"unknown zone", feeddate.Options{Locale: "en_US", TimeZone: "No/Such_Zone"}, feeddate.StatusTimeZone, []string{"No/Such_Zone"}},
		{"precision 4", feeddate.Options{Style: feeddate.Countdown, Locale: "en_US", TimeZone: "UTC", Precision: feeddate.Int(4)},
			feeddate.StatusArgument, []string{"precision", "4", "0..3"}},
		{"weekday window 0", feeddate.Options{Style: feeddate.ChatList, Locale: "en_US", TimeZone: "UTC", WeekdayWindowDays: feeddate.Int(0)},
			feeddate.StatusArgument, []string{"weekday_window_days", "0"}},
		{"just now 2 days", feeddate.Options{Locale: "en_US", TimeZone: "UTC", JustNow: feeddate.Duration(48 * time.Hour)},
			feeddate.StatusArgument, []string{"just_now_ms", "172800000"}},
		{"skew -1ms", feeddate.Options{Locale: "en_US", TimeZone: "UTC", SkewTolerance: feeddate.Duration(-time.Millisecond)},
			feeddate.StatusArgument, []string{"skew_tolerance_ms", "-1"}},
		{"cross-year grace 367", feeddate.Options{Locale: "en_US", TimeZone: "UTC", CrossYearGraceDays: feeddate.Int(367)},
			feeddate.StatusArgument, []string{"cross_year_grace_days", "367"}},
		{"unknown style", feeddate.Options{Style: 42, Locale: "en_US", TimeZone: "UTC"}, feeddate.StatusArgument, []string{"42"}},
		{"unknown hour cycle", feeddate.Options{Locale: "en_US", TimeZone: "UTC", HourCycle: 7}, feeddate.StatusArgument, []string{"7"}},
		{"unknown width", feeddate.Options{Locale: "en_US", TimeZone: "UTC", Width: 9}, feeddate.StatusArgument, []string{"9"}},
		{"max_unit 7", feeddate.Options{Style: feeddate.Compact, Locale: "en_US", TimeZone: "UTC", MaxUnit: 7},
			feeddate.StatusArgument, []string{"max_unit 7", "FD_UNIT_SECOND (6)"}},
		{"yesterday_text of 65 bytes", feeddate.Options{Locale: "en_US", TimeZone: "UTC", YesterdayText: strings.Repeat("y", 65)},
			feeddate.StatusArgument, []string{"yesterday_text", "64 bytes"}},
		{"tomorrow_text with a tab", feeddate.Options{Locale: "en_US", TimeZone: "UTC", TomorrowText: "to\tmorrow"},
			feeddate.StatusArgument, []string{"tomorrow_text", "control character U+9"}},
		{"just_now_text not UTF-8", feeddate.Options{Locale: "en_US", TimeZone: "UTC", JustNowText: "\xff"},
			feeddate.StatusArgument, []string{"just_now_text", "UTF-8"}},
		// Checked by the binding: Go values that the C struct cannot hold.
		{"NUL in day_before_yesterday_text", feeddate.Options{Locale: "en_US", TimeZone: "UTC", DayBeforeYesterdayText: "a\x00b"},
			feeddate.StatusArgument, []string{"day_before_yesterday_text", "NUL"}},
		{"NUL in locale", feeddate.Options{Locale: "en\x00US", TimeZone: "UTC"}, feeddate.StatusArgument, []string{"locale"}},
		{"precision beyond int32", feeddate.Options{Locale: "en_US", TimeZone: "UTC", Precision: feeddate.Int(math.MaxInt32 + 1)},
			feeddate.StatusArgument, []string{"precision", "2147483648"}},
		// -1 ns floors to -1 ms (SPEC 11, 1.3): the library's message.
		{"just now -1ns", feeddate.Options{Locale: "en_US", TimeZone: "UTC", JustNow: feeddate.Duration(-time.Nanosecond)},
			feeddate.StatusArgument, []string{"just_now_ms", "-1"}},
	}
	for _, c := range cases {
		f, err := feeddate.New(c.o)
		if f != nil {
			t.Errorf("%s: got a formatter", c.name)
			f.Close()
		}
		wantError(t, c.name, err, c.status, c.names...)
	}
}

// Each 1.1 option reaches the library: its effect on one label.
func TestOptions11(t *testing.T) {
	en := func(style feeddate.Style) feeddate.Options {
		return feeddate.Options{Style: style, Locale: "en_US", TimeZone: "UTC"}
	}
	zh := func(o feeddate.Options) feeddate.Options {
		o.Locale, o.TimeZone = "zh_CN", "Asia/Shanghai"
		return o
	}
	label := func(o feeddate.Options, tt time.Time) feeddate.Label {
		t.Helper()
		l, err := mustNew(t, o).Label(tt, now2024)
		if err != nil {
			t.Fatalf("Label(%+v): %v", o, err)
		}
		return l
	}
	want := func(what string, got, want string) {
		t.Helper()
		if got != want {
			t.Errorf("%s: %q, want %q", what, got, want)
		}
	}

	// Twitter's web feed: hours at most, then the date.
	hours := en(feeddate.Compact)
	hours.MaxUnit = feeddate.UnitHour
	want("MaxUnit hour, 5 h", label(hours, now2024.Add(-5*time.Hour)).Text, "5h")
	want("MaxUnit hour, 30 h", label(hours, now2024.Add(-30*time.Hour)).Text, "Mar 24")
	want("MaxUnit year, 30 h", label(en(feeddate.Compact), now2024.Add(-30*time.Hour)).Text, "1d")

	spoken := en(feeddate.Compact)
	spoken.Spoken = true
	want("Spoken COMPACT", label(spoken, now2024.Add(-2*time.Hour)).Text, "2 hours ago")

	over := en(feeddate.Countdown)
	over.Overtime = true
	l := label(over, now2024.Add(-5300*time.Millisecond))
	want("Overtime", l.Text, "-0:00:05.3")
	if !l.Expired || l.NextChange.UnixMilli() != now2024.UnixMilli()+100 {
		t.Errorf("Overtime label = %+v, want expired, next change in 100 ms", l)
	}

	h12 := en(feeddate.ChatList)
	h12.HourCycle = feeddate.H12
	want("H12 as ICU writes it", label(h12, now2024.Add(-time.Hour)).Text, "5:30\u202fAM")
	h12.PlainSpaces = true
	want("PlainSpaces", label(h12, now2024.Add(-time.Hour)).Text, "5:30 AM")

	want("JustNowText", label(zh(feeddate.Options{RecentRelative: true, JustNowText: "刚才"}), now2024.Add(-10*time.Second)).Text, "刚才")
	want("YesterdayText", label(zh(feeddate.Options{YesterdayText: "昨儿"}), yday).Text, "昨儿")
	want("DayBeforeYesterdayText", label(zh(feeddate.Options{DayBeforeYesterdayText: "前儿"}), now2024.Add(-48*time.Hour)).Text, "前儿")
	want("TomorrowText", label(zh(feeddate.Options{TomorrowText: "明儿"}), now2024.Add(24*time.Hour)).Text, "明儿")
}

func TestRangeErrors(t *testing.T) {
	f := mustNew(t, feeddate.Options{Locale: "zh_CN", TimeZone: "Asia/Shanghai"})
	year10000 := time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)
	_, err := f.Format(year10000, now2024)
	wantError(t, "Format year 10000", err, feeddate.StatusRange, "253402300800000")
	_, err = f.Label(now2024, time.UnixMilli(-62135596800001))
	wantError(t, "Label now before year 1", err, feeddate.StatusRange, "-62135596800001")
	// Beyond int64 milliseconds: refused, never wrapped into range.
	_, err = f.Format(time.Unix(math.MaxInt64/100, 0), now2024)
	wantError(t, "Format far future", err, feeddate.StatusRange)
	_, err = f.Format(time.Unix(math.MinInt64/100, 0), now2024)
	wantError(t, "Format far past", err, feeddate.StatusRange)
	_, _, err = f.FormatMany([]time.Time{yday, year10000, yday}, now2024)
	wantError(t, "FormatMany one out of range", err, feeddate.StatusRange, "253402300800000")
	// After an error the formatter still works, and the message is the new call's.
	if s, err := f.Format(yday, now2024); s != "昨天" || err != nil {
		t.Errorf("Format after an error = %q, %v", s, err)
	}
}

func TestFormatterBasics(t *testing.T) {
	f := mustNew(t, feeddate.Options{Style: feeddate.ChatBubble, Locale: "zh_CN", TimeZone: "Asia/Shanghai"})
	if f.Locale() != "zh_CN" || f.TimeZone() != "Asia/Shanghai" || f.TZSource() == "" {
		t.Errorf("resolved %q %q %q", f.Locale(), f.TimeZone(), f.TZSource())
	}
	l, err := f.Label(yday, now2024)
	if err != nil {
		t.Fatal(err)
	}
	next, ok := l.Next()
	if l.Text != "昨天 20:00" || l.DayText() != "昨天" || l.TimeText() != "20:00" || !ok ||
		next.UnixMilli() != 1711382400000 || l.Expired {
		t.Errorf("Label = %+v", l)
	}
	// A label that never changes: the zero Time.
	old := mustNew(t, feeddate.Options{Locale: "zh_CN", TimeZone: "Asia/Shanghai"})
	l, err = old.Label(time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC), now2024)
	if _, ok := l.Next(); err != nil || ok || !l.NextChange.IsZero() {
		t.Errorf("old label = %+v, %v", l, err)
	}
	// FormatMany: empty, and bigger than its first guess of the buffer.
	labels, next, err := f.FormatMany(nil, now2024)
	if len(labels) != 0 || !next.IsZero() || err != nil {
		t.Errorf("FormatMany(nil) = %v, %v, %v", labels, next, err)
	}
	long := mustNew(t, feeddate.Options{Style: feeddate.FeedDetail, Locale: "ar_EG", TimeZone: "Africa/Cairo"})
	ts := make([]time.Time, 300)
	for i := range ts {
		ts[i] = now2024.Add(-time.Duration(i) * 37 * time.Hour)
	}
	labels, _, err = long.FormatMany(ts, now2024)
	if err != nil {
		t.Fatal(err)
	}
	for i, tt := range ts {
		if s, _ := long.Format(tt, now2024); labels[i] != s {
			t.Fatalf("FormatMany[%d] = %q, Format = %q", i, labels[i], s)
		}
	}
	if v := feeddate.Version(); v == "" || feeddate.VersionNumber() < 10100 || feeddate.ICUVersion() == "" {
		t.Errorf("versions %q %d %q", v, feeddate.VersionNumber(), feeddate.ICUVersion())
	}
	// Close: twice is fine, and later calls say so.
	f.Close()
	f.Close()
	if _, err := f.Format(yday, now2024); err != feeddate.ErrClosed {
		t.Errorf("Format after Close: %v", err)
	}
	if _, _, err := f.FormatMany(ts, now2024); err != feeddate.ErrClosed {
		t.Errorf("FormatMany after Close: %v", err)
	}
}

// TestDataVersion: SPEC 13 (1.3), ICU 78.3 and CLDR 48 inside the library and
// the zone database's tzdata version, as fd_data_version writes it. (A test
// file cannot call C itself: its ICU is fd_icu_version's, its tzdata the one
// a formatter reports.)
func TestDataVersion(t *testing.T) {
	f := mustNew(t, feeddate.Options{Locale: "en_US", TimeZone: "America/New_York"})
	dv := feeddate.DataVersion()
	if !regexp.MustCompile(`^ICU 78\.3; CLDR 48\.0; tzdata \S+$`).MatchString(dv) {
		t.Errorf("DataVersion() = %q", dv)
	}
	if !strings.HasPrefix(dv, "ICU "+feeddate.ICUVersion()+"; ") || !strings.HasSuffix(dv, "; "+f.TZSource()) {
		t.Errorf("DataVersion() = %q; ICU %q, zone %q", dv, feeddate.ICUVersion(), f.TZSource())
	}
	if again := feeddate.DataVersion(); again != dv {
		t.Errorf("DataVersion() = %q, then %q", dv, again)
	}
}

// Goroutines share one formatter per style and must give exactly what one
// goroutine gave, through Label and FormatMany, errors included.
func TestConcurrency(t *testing.T) {
	configs := []feeddate.Options{
		{Style: feeddate.Feed, Locale: "zh_CN", TimeZone: "Asia/Shanghai", RecentRelative: true},
		{Style: feeddate.FeedDetail, Locale: "ar_EG", TimeZone: "Africa/Cairo"},
		{Style: feeddate.ChatList, Locale: "en_US", TimeZone: "America/New_York"},
		{Style: feeddate.ChatBubble, Locale: "ja_JP", TimeZone: "Asia/Tokyo"},
		{Style: feeddate.Relative, Locale: "de_DE", TimeZone: "Europe/Berlin"},
		{Style: feeddate.Compact, Locale: "en_GB", TimeZone: "Europe/London"},
		{Style: feeddate.Countdown, Locale: "fr_FR", TimeZone: "Europe/Paris", Precision: feeddate.Int(2), CountdownDays: true},
	}
	fs := make([]*feeddate.Formatter, len(configs))
	for i, o := range configs {
		fs[i] = mustNew(t, o)
	}
	const count = 20000
	ts := make([]time.Time, count)
	seed := uint64(12345)
	for i := range ts {
		seed = seed*6364136223846793005 + 1442695040888963407
		ts[i] = now2024.Add(time.Duration(int64(seed>>20)%(4*365*86400000)-2*365*86400000) * time.Millisecond)
	}
	ts[count/2] = time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC) // an error, too
	type result struct {
		l   feeddate.Label
		err string
	}
	run := func(i int) result {
		l, err := fs[i%len(fs)].Label(ts[i], now2024)
		r := result{l: l}
		if err != nil {
			r.err = err.Error()
		}
		return r
	}
	want := make([]result, count)
	for i := range want {
		want[i] = run(i)
	}
	if want[count/2].err == "" {
		t.Fatal("no error for year 10000")
	}
	workers := 4 * runtime.GOMAXPROCS(0)
	if workers < 8 {
		workers = 8
	}
	var wg sync.WaitGroup
	errs := make(chan string, workers)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			bad := 0
			for k := 0; k < count; k++ {
				i := (k + w*count/workers) % count
				if got := run(i); got != want[i] {
					bad++
					if bad <= 3 {
						errs <- "Label " + ts[i].String() + ": " + got.l.Text + " " + got.err + ", want " + want[i].l.Text + " " + want[i].err
					}
				}
			}
			// FormatMany per formatter, in chunks, on the same goroutines.
			for s, f := range fs {
				var chunk []time.Time
				var idx []int
				for i := s; i < count; i += len(fs) {
					if i == count/2 {
						continue
					}
					chunk, idx = append(chunk, ts[i]), append(idx, i)
				}
				labels, _, err := f.FormatMany(chunk, now2024)
				if err != nil {
					errs <- err.Error()
					continue
				}
				for j, i := range idx {
					if labels[j] != want[i].l.Text {
						errs <- "FormatMany: " + labels[j] + ", want " + want[i].l.Text
						break
					}
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	t.Logf("%d goroutines x %d labels over %d formatters", workers, count, len(fs))
}
