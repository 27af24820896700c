package feeddate_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	feeddate "github.com/feeddate/feeddate/bindings/go"
)

// batchInstants draws n instants around now2024: the past five years, the
// last week, the next minutes (countdowns), so that labels and their next
// changes vary.
func batchInstants(n int) []time.Time {
	ts := make([]time.Time, n)
	seed := uint64(0x9E3779B97F4A7C15)
	for i := range ts {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		var ms int64
		switch seed % 4 {
		case 0:
			ms = -int64(seed>>8) % (5 * 365 * 86400000)
		case 1, 2:
			ms = -int64(seed>>8) % (7 * 86400000)
		default:
			ms = int64(seed>>8)%(3*86400000) - 86400000
		}
		ts[i] = now2024.Add(time.Duration(ms) * time.Millisecond)
	}
	return ts
}

// Chunked FormatMany gives what one library call gives: the same labels, the
// earliest next change of all chunks, and an error that names the index of
// the failing instant in the whole batch, at any chunk size.
func TestFormatManyChunks(t *testing.T) {
	fs := []*feeddate.Formatter{
		mustNew(t, feeddate.Options{Style: feeddate.Feed, Locale: "zh_CN", TimeZone: "Asia/Shanghai", RecentRelative: true}),
		mustNew(t, feeddate.Options{Style: feeddate.Countdown, Locale: "en_US", TimeZone: "UTC", Precision: feeddate.Int(2)}),
		mustNew(t, feeddate.Options{Style: feeddate.FeedDetail, Locale: "ar_EG", TimeZone: "Africa/Cairo"}),
	}
	const n = 3001
	ts := batchInstants(n)
	year10000 := time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)
	old := []time.Time{now2024.Add(-400 * 24 * time.Hour), now2024.Add(-800 * 24 * time.Hour)}

	for k, f := range fs {
		// The instant whose label changes first goes last, and first in
		// a copy (minFirst): a chunk's minimum that is dropped shows.
		ts := append([]time.Time{}, ts...)
		first := 0
		var firstNext time.Time
		for i, tt := range ts {
			l, err := f.Label(tt, now2024)
			if err != nil {
				t.Fatal(err)
			}
			if next, ok := l.Next(); ok && (firstNext.IsZero() || next.Before(firstNext)) {
				first, firstNext = i, next
			}
		}
		ts[first], ts[n-1] = ts[n-1], ts[first]
		minFirst := append([]time.Time{}, ts...)
		minFirst[0], minFirst[n-1] = minFirst[n-1], minFirst[0]
		bad := make([]time.Time, n)
		copy(bad, ts)
		bad[2345], bad[2900] = year10000, year10000
		badFirst := append([]time.Time{year10000}, ts[:10]...)
		badLast := append(append([]time.Time{}, ts[:10]...), year10000)

		want, wantNext, err := f.FormatMany(ts, now2024) // one library call
		if err != nil {
			t.Fatal(err)
		}
		if got, _ := f.Format(ts[n-1], now2024); want[n-1] != got {
			t.Fatalf("formatter %d: FormatMany[%d] = %q, Format %q", k, n-1, want[n-1], got)
		}
		// (FEED_DETAIL's labels never change: the zero Time.)
		if !wantNext.Equal(firstNext) || firstNext.IsZero() != (k == 2) {
			t.Fatalf("formatter %d: next change %v, want the last instant's %v", k, wantNext, firstNext)
		}
		for _, size := range []int{1, 2, 7, 1000, n - 1, n, n + 1} {
			restore := feeddate.SetChunkSize(size)
			got, next, err := f.FormatMany(ts, now2024)
			if err != nil {
				t.Fatalf("formatter %d, chunk %d: %v", k, size, err)
			}
			if len(got) != n || !next.Equal(wantNext) {
				t.Errorf("formatter %d, chunk %d: %d labels, next %v; want %d, %v", k, size, len(got), next, n, wantNext)
			}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("formatter %d, chunk %d: [%d] = %q, want %q", k, size, i, got[i], want[i])
					break
				}
			}
			if _, next, err := f.FormatMany(minFirst, now2024); err != nil || !next.Equal(wantNext) {
				t.Errorf("formatter %d, chunk %d: the first change first: next %v, %v; want %v", k, size, next, err, wantNext)
			}
			// No change at all: the zero Time, whatever the chunks.
			if labels, next, err := f.FormatMany(old, now2024); k == 0 && (err != nil || !next.IsZero() || len(labels) != 2) {
				t.Errorf("chunk %d: old labels %q, next %v, %v", size, labels, next, err)
			}
			for _, c := range []struct {
				ts    []time.Time
				index string
			}{{bad, "ts[2345]: "}, {badFirst, "ts[0]: "}, {badLast, "ts[10]: "}} {
				labels, next, err := f.FormatMany(c.ts, now2024)
				if labels != nil || !next.IsZero() {
					t.Errorf("chunk %d: labels %d and next %v beside an error", size, len(labels), next)
				}
				wantError(t, fmt.Sprintf("formatter %d, chunk %d, %s", k, size, c.index), err, feeddate.StatusRange, c.index, "253402300800000")
			}
			restore()
		}
	}
}

// The result is the only big thing FormatMany allocates: all it allocates
// for a batch of many chunks (labels, text, and the scratch of one chunk
// handed to C) stays within 1.25 times the result. (1.1 allocated the
// instants, ends and a text buffer for the whole batch at once: 2.8 times.)
func TestFormatManyMemory(t *testing.T) {
	f := mustNew(t, feeddate.Options{Style: feeddate.Feed, Locale: "zh_CN", TimeZone: "Asia/Shanghai"})
	ts := batchInstants(1 << 20)
	runtime.GC()
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	before := s[0].Value.Uint64()
	labels, _, err := f.FormatMany(ts, now2024)
	metrics.Read(s)
	allocated := s[0].Value.Uint64() - before
	if err != nil {
		t.Fatal(err)
	}
	result := uint64(16 * len(labels))
	for _, l := range labels {
		result += uint64(len(l))
	}
	ratio := float64(allocated) / float64(result)
	t.Logf("FormatMany of %d instants: result %d bytes (16 a label + text), allocated %d bytes in all: %.3fx",
		len(ts), result, allocated, ratio)
	if ratio > 1.25 {
		t.Errorf("allocated %.2fx the result", ratio)
	}
}

// Before a batch of many chunks, FormatMany checks that its result fits in
// the memory left, and says what it needs and what the limit is.
func TestFormatManyMemoryCheck(t *testing.T) {
	f := mustNew(t, feeddate.Options{Style: feeddate.Feed, Locale: "zh_CN", TimeZone: "Asia/Shanghai"})
	ts := batchInstants(1000)
	defer feeddate.SetChunkSize(100)()

	restore := feeddate.SetMemAvailable(func() (uint64, string) { return 10000, "a test limit" })
	labels, _, err := f.FormatMany(ts, now2024)
	wantError(t, "1000 instants, 10000 bytes left", err, feeddate.StatusMemory,
		"FormatMany of 1000 instants needs about ", "more than the 10000 bytes this process may still use (a test limit)", "16 bytes a label")
	if labels != nil {
		t.Errorf("labels beside the error")
	}
	// One chunk is not checked; a batch that fits is not refused.
	if _, _, err := f.FormatMany(ts[:100], now2024); err != nil {
		t.Errorf("one chunk: %v", err)
	}
	restore()
	restore = feeddate.SetMemAvailable(func() (uint64, string) { return 1 << 30, "a test limit" })
	if _, _, err := f.FormatMany(ts, now2024); err != nil {
		t.Errorf("1 GB left: %v", err)
	}
	restore()

	// Checked again when later labels run longer than the first chunk's:
	// short times of day first, then long dates.
	short := make([]time.Time, 1000)
	for i := range short {
		if i < 100 {
			short[i] = now2024.Add(-time.Duration(i+1) * time.Minute) // "14:29"
		} else {
			short[i] = now2024.Add(-time.Duration(400+i) * 24 * time.Hour) // "2021年12月16日"
		}
	}
	calls := 0
	restore = feeddate.SetMemAvailable(func() (uint64, string) {
		if calls++; calls == 1 {
			return 1 << 30, "a test limit"
		}
		return 0, "a test limit now reached"
	})
	_, _, err = f.FormatMany(short, now2024)
	restore()
	wantError(t, "longer labels later", err, feeddate.StatusMemory, "still to allocate", "a test limit now reached")
	if calls != 2 {
		t.Errorf("memory checked %d times, want 2", calls)
	}

	// The real limits: what Go's memory limit leaves, once set.
	if avail, limit := feeddate.AvailableMemory(); runtime.GOOS == "linux" && (limit == "" || avail == 0) {
		t.Errorf("AvailableMemory() = %d, %q on Linux", avail, limit)
	}
	big := batchInstants(1 << 19)
	restoreChunk := feeddate.SetChunkSize(1 << 12)
	runtime.GC()
	held := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(held)
	old := debug.SetMemoryLimit(int64(held[0].Value.Uint64()-held[1].Value.Uint64()) + 2<<20)
	_, _, err = f.FormatMany(big, now2024)
	debug.SetMemoryLimit(old)
	restoreChunk()
	wantError(t, "under debug.SetMemoryLimit", err, feeddate.StatusMemory, "524288 instants", "debug.SetMemoryLimit")
	var e *feeddate.Error
	if errors.As(err, &e) && len(e.Message) > 400 {
		t.Errorf("message of %d bytes", len(e.Message))
	}
	t.Log(err)
}

// A 1 MB value never makes a 1 MB message, whoever writes the message: the
// binding (a NUL, a fixed zone's name) or the library (an unknown locale
// or zone, bytes that are not UTF-8).
func TestHugeValuesInErrors(t *testing.T) {
	big := strings.Repeat("x", 1<<20)
	cut := `"` + strings.Repeat("x", 64) + `…"`
	cases := []struct {
		name   string
		o      feeddate.Options
		status feeddate.Status
		names  []string
		limit  int
	}{
		// Written by the binding: cut as SPEC 7 says.
		{"NUL in a 1 MB locale", feeddate.Options{Locale: big + "\x00", TimeZone: "UTC"}, feeddate.StatusArgument, []string{"locale " + cut, "NUL"}, 200},
		{"1 MB word with a NUL", feeddate.Options{Locale: "en_US", TimeZone: "UTC", YesterdayText: "\x00" + big}, feeddate.StatusArgument,
			[]string{`yesterday_text "\x00` + strings.Repeat("x", 63) + `…"`}, 200},
		{"1 MB zone and a Location", feeddate.Options{Locale: "en_US", TimeZone: big, Location: time.UTC}, feeddate.StatusArgument, []string{cut, "both"}, 300},
		{"fixed zone with a 1 MB name, 25 h", feeddate.Options{Locale: "en_US", Location: time.FixedZone(big, 25*3600)}, feeddate.StatusTimeZone,
			[]string{"Location " + cut, "+25:00:00"}, 300},
		// Written by the library: bounded (SPEC 7, 1.2: within 64 bytes of the value).
		{"1 MB locale", feeddate.Options{Locale: big, TimeZone: "UTC"}, feeddate.StatusLocale, nil, 1024},
		{"1 MB zone", feeddate.Options{Locale: "en_US", TimeZone: big}, feeddate.StatusTimeZone, nil, 1024},
		{"1 MB zone not UTF-8", feeddate.Options{Locale: "en_US", TimeZone: big + "\xff"}, feeddate.StatusTimeZone,
			[]string{"unknown time zone " + cut + " (not UTF-8)"}, 1024},
		{"1 MB word", feeddate.Options{Locale: "en_US", TimeZone: "UTC", JustNowText: big}, feeddate.StatusArgument, []string{"just_now_text"}, 1024},
		{"Location with a 1 MB name and rules", feeddate.Options{Locale: "en_US", Location: mustZone(t, big)}, feeddate.StatusTimeZone, nil, 1024},
	}
	for _, c := range cases {
		f, err := feeddate.New(c.o)
		if f != nil {
			f.Close()
		}
		wantError(t, c.name, err, c.status, c.names...)
		if err != nil && len(err.Error()) > c.limit {
			t.Errorf("%s: a message of %d bytes: %.200s…", c.name, len(err.Error()), err.Error())
		}
	}
}

// mustZone is a Location with rules (Asia/Shanghai's, read from the zone
// database) under another name.
func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	dir := os.Getenv("TZDIR")
	if dir == "" {
		dir = "/usr/share/zoneinfo"
	}
	data, err := os.ReadFile(filepath.Join(dir, "Asia", "Shanghai"))
	if err != nil {
		t.Skip("no zone database:", err)
	}
	loc, err := time.LoadLocationFromTZData(name, data)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}
