package feeddate_test

import (
	"strings"
	"testing"
	"time"

	feeddate "github.com/feeddate/feeddate/bindings/go"
)

// A *time.Location is a zone too (Options.Location): an IANA name passes as
// it is, a fixed offset without one passes as the POSIX TZ string of its
// offset; none becomes the host's zone in silence (issue 22 #10: 1.1 had
// only TimeZone, and time.FixedZone("", 19800).String() is "").
func TestLocation(t *testing.T) {
	load := func(name string) *time.Location {
		loc, err := time.LoadLocation(name)
		if err != nil {
			t.Skip("no zone database for Go's time package:", err)
		}
		return loc
	}
	cases := []struct {
		loc  *time.Location
		zone string // what the formatter reports
		same string // an IANA zone that labels 2024 alike
	}{
		{time.FixedZone("", 19800), "<+0530>-5:30", "Asia/Kolkata"},
		{time.FixedZone("+0530", 19800), "<+0530>-5:30", "Asia/Kolkata"},
		{time.FixedZone("IST", 19800), "<+0530>-5:30", "Asia/Kolkata"},
		{time.FixedZone("UTC+5", 5*3600), "<+05>-5", "Asia/Tashkent"},
		{time.FixedZone("", -(3*3600 + 1800)), "<-0330>3:30", ""},
		{time.FixedZone("", 5*3600+45*60), "<+0545>-5:45", "Asia/Kathmandu"},
		{time.FixedZone("", 19801), "<+053001>-5:30:01", ""},
		{time.FixedZone("", -10*3600), "<-10>10", "Pacific/Honolulu"},
		{time.FixedZone("", 0), "UTC", "UTC"},
		{time.FixedZone("UTC+0", 0), "UTC", "UTC"},
		{time.FixedZone("GMT+0", 0), "GMT+0", "UTC"}, // an IANA id (a link to Etc/GMT)
		// Named like a zone with summer time, but fixed: its offset, not CET's rules.
		{time.FixedZone("CET", 3600), "<+01>-1", "Africa/Lagos"},
		{time.UTC, "UTC", "UTC"},
		{load("Asia/Shanghai"), "Asia/Shanghai", "Asia/Shanghai"},
		{load("America/New_York"), "America/New_York", "America/New_York"},
		{load("Etc/GMT-8"), "Etc/GMT-8", "Asia/Shanghai"},
		{time.FixedZone("Etc/GMT-8", 8*3600), "Etc/GMT-8", "Asia/Shanghai"},
	}
	instants := []time.Time{now2024, yday, time.Date(2024, 7, 1, 23, 59, 0, 0, time.UTC)}
	for _, c := range cases {
		f := mustNew(t, feeddate.Options{Style: feeddate.FeedDetail, Locale: "en_US", Location: c.loc})
		if f.TimeZone() != c.zone {
			t.Errorf("Location %q (%v): zone %q, want %q", c.loc, c.loc, f.TimeZone(), c.zone)
		}
		for _, tt := range instants {
			got, err := f.Format(tt, now2024)
			if err != nil {
				t.Fatal(err)
			}
			// The wall time in the Location itself, as Go reads it.
			want := tt.In(c.loc).Format("Jan 2, 2006, 3:04\u202fPM")
			if c.same != "" {
				ref := mustNew(t, feeddate.Options{Style: feeddate.FeedDetail, Locale: "en_US", TimeZone: c.same})
				if s, _ := ref.Format(tt, now2024); s != got {
					t.Errorf("Location %q: %q, but %s gives %q", c.zone, got, c.same, s)
				}
			}
			if got != want {
				t.Errorf("Location %q: %s labelled %q, want %q", c.zone, tt, got, want)
			}
		}
	}

	// time.Local: the host's zone, as TimeZone "" (the zero-value idiom).
	host := mustNew(t, feeddate.Options{Locale: "en_US"})
	local := mustNew(t, feeddate.Options{Locale: "en_US", Location: time.Local})
	if host.TimeZone() != local.TimeZone() || host.TimeZone() == "" {
		t.Errorf("Location time.Local: zone %q, host default %q", local.TimeZone(), host.TimeZone())
	}
	// "" words are the locale's own.
	zh := mustNew(t, feeddate.Options{Locale: "zh_CN", Location: load("Asia/Shanghai"), YesterdayText: ""})
	if s, err := zh.Format(yday, now2024); s != "昨天" || err != nil {
		t.Errorf("YesterdayText \"\": %q, %v", s, err)
	}

	// What cannot be a zone, said so.
	_, err := feeddate.New(feeddate.Options{Locale: "en_US", TimeZone: "UTC", Location: time.UTC})
	wantError(t, "TimeZone and Location", err, feeddate.StatusArgument, "time_zone \"UTC\"", "Location \"UTC\"", "both")
	_, err = feeddate.New(feeddate.Options{Locale: "en_US", Location: time.FixedZone("far", 25*3600+61)})
	wantError(t, "offset of 25 h", err, feeddate.StatusTimeZone, "Location \"far\"", "+25:01:01")
	_, err = feeddate.New(feeddate.Options{Locale: "en_US", Location: mustZone(t, "")})
	wantError(t, "rules without a name", err, feeddate.StatusTimeZone, "without a name")
	_, err = feeddate.New(feeddate.Options{Locale: "en_US", Location: mustZone(t, "Not/A_Zone")})
	wantError(t, "rules under a name the library does not know", err, feeddate.StatusTimeZone, "Not/A_Zone")
}

// Go strings that are not UTF-8 reach the library as they are, which refuses
// them in its words (1.3, issue 37 item 2), never replaced in silence,
// whichever option carries them: an id quoted with its bytes as \xNN, a
// lone surrogate as its three bytes (1.1 echoed U+FFFD in place of a byte;
// 1.2's binding worded the refusal itself).
func TestInvalidUTF8(t *testing.T) {
	for _, c := range []struct {
		name   string
		o      feeddate.Options
		status feeddate.Status
		names  []string
	}{
		{"locale", feeddate.Options{Locale: "en\xffUS", TimeZone: "UTC"}, feeddate.StatusLocale,
			[]string{`malformed locale id "en\xffUS" (not UTF-8)`}},
		{"time_zone", feeddate.Options{Locale: "en_US", TimeZone: "Asia/\xffX"}, feeddate.StatusTimeZone,
			[]string{`unknown time zone "Asia/\xffX" (not UTF-8)`}},
		{"time_zone", feeddate.Options{Locale: "en_US", TimeZone: "Asia/Shanghai\xed\xa0\x80"}, feeddate.StatusTimeZone, // a lone surrogate as WTF-8
			[]string{`unknown time zone "Asia/Shanghai\xed\xa0\x80" (not UTF-8)`}},
		{"just_now_text", feeddate.Options{Locale: "en_US", TimeZone: "UTC", JustNowText: "\xc3"}, feeddate.StatusArgument,
			[]string{"just_now_text is not valid UTF-8"}},
		{"yesterday_text", feeddate.Options{Locale: "en_US", TimeZone: "UTC", YesterdayText: "a\xff"}, feeddate.StatusArgument,
			[]string{"yesterday_text is not valid UTF-8"}},
		{"day_before_yesterday_text", feeddate.Options{Locale: "en_US", TimeZone: "UTC", DayBeforeYesterdayText: "\x80b"}, feeddate.StatusArgument,
			[]string{"day_before_yesterday_text is not valid UTF-8"}},
		{"tomorrow_text", feeddate.Options{Locale: "en_US", TimeZone: "UTC", TomorrowText: "\xf4\x90\x80\x80"}, feeddate.StatusArgument, // beyond U+10FFFF
			[]string{"tomorrow_text is not valid UTF-8"}},
	} {
		f, err := feeddate.New(c.o)
		if f != nil {
			f.Close()
		}
		wantError(t, c.name+" not UTF-8", err, c.status, c.names...)
		if err != nil && strings.ContainsRune(err.Error(), '\uFFFD') {
			t.Errorf("%s: U+FFFD in %q", c.name, err)
		}
	}
}
