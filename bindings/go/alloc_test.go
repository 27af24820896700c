package feeddate

import (
	"strings"
	"testing"
	"time"
)

// Format and Label allocate one object a call: the result string. Before 1.2
// they made three: the error-message pointer whose address went to C was
// moved to the heap on every call, C.GoString made a copy, and cgo's check of
// a pointer argument (the formatter) allocated; now the label, its info and
// the message live in C memory, the formatter and that memory cross as
// integers, and the string is one conversion of the bytes up to the NUL.
func TestFormatAllocatesOnlyItsResult(t *testing.T) {
	f, err := New(Options{Style: Feed, Locale: "zh_CN", TimeZone: "Asia/Shanghai"})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	now := time.UnixMilli(1711348200000)
	post := now.Add(-30 * time.Hour)
	if _, err := f.Format(post, now); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(1000, func() { _, _ = f.Format(post, now) }); n > 1 {
		t.Errorf("Format: %.1f allocations a call, want 1 (the string)", n)
	}
	if n := testing.AllocsPerRun(1000, func() { _, _ = f.Label(post, now) }); n > 1 {
		t.Errorf("Label: %.1f allocations a call, want 1 (the string)", n)
	}
}

func BenchmarkFormat(b *testing.B) { benchmarkCall(b, (*Formatter).Format) }

func BenchmarkLabel(b *testing.B) { benchmarkCall(b, (*Formatter).Label) }

// benchmarkCall runs call (Format or Label) on one zh_CN FEED label, with its allocations.
func benchmarkCall[T any](b *testing.B, call func(*Formatter, time.Time, time.Time) (T, error)) {
	f, err := New(Options{Style: Feed, Locale: "zh_CN", TimeZone: "Asia/Shanghai"})
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	now := time.UnixMilli(1711348200000)
	post := now.Add(-30 * time.Hour)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_, _ = call(f, post, now)
	}
}

// A label too long to come back by value (Format: over 55 bytes; Label: over
// 63) takes the second path, a pooled scratch: the same text, whole, and
// the same parts. Words of 49, 50, 57 and 58 bytes make labels of 55, 56,
// 63 and 64 bytes, on either side of each limit.
func TestLongLabelTakesTheScratch(t *testing.T) {
	now := time.UnixMilli(1711348200000)
	post := now.Add(-30 * time.Hour) // yesterday in Shanghai
	for _, word := range []string{strings.Repeat("y", 49), strings.Repeat("y", 50), strings.Repeat("y", 57), strings.Repeat("y", 58), strings.Repeat("y", 64), strings.Repeat("昨", 21) + "a"} {
		f, err := New(Options{Style: ChatBubble, Locale: "zh_CN", TimeZone: "Asia/Shanghai", YesterdayText: word})
		if err != nil {
			t.Fatal(err)
		}
		many, _, err := f.FormatMany([]time.Time{post}, now)
		if err != nil {
			t.Fatal(err)
		}
		want := many[0] // "<word> 12:30": the word, a space, the time
		if !strings.HasPrefix(want, word+" ") || len(want) != len(word)+6 {
			t.Fatalf("FormatMany = %q, want %q, a space and a time", want, word)
		}
		if got, err := f.Format(post, now); err != nil || got != want {
			t.Errorf("Format = %q, %v; want %q", got, err, want)
		}
		l, err := f.Label(post, now)
		if err != nil || l.Text != want || l.DayText() != word || l.TimeText() != want[len(word)+1:] || l.NextChange.IsZero() {
			t.Errorf("Label = %+v, %v; want %q with day part %q", l, err, want, word)
		}
		f.Close()
	}
}
