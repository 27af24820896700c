// Package vectors maps a vector's style and options (Tests/vectors/README.md)
// onto feeddate.Options, as Tests/c/vector_options.c does: the one mapping of
// the vector suites (vectors_test.go, schedule_test.go) and the sweep runner
// (internal/sweep). Strict: an option name it does not know, a value of the
// wrong type (null included), a string with a NUL (a C string cannot hold
// it), an int32 option out of range and an unknown enum value are errors,
// never ignored or defaulted.
package vectors

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"

	feeddate "github.com/feeddate/feeddate/bindings/go"
)

// Styles: a vector's "style" as a feeddate.Style.
var Styles = map[string]feeddate.Style{
	"feed": feeddate.Feed, "feed_detail": feeddate.FeedDetail, "chat_list": feeddate.ChatList,
	"chat_bubble": feeddate.ChatBubble, "relative": feeddate.Relative, "compact": feeddate.Compact,
	"countdown": feeddate.Countdown,
}

var hourCycles = map[string]feeddate.HourCycle{"locale": feeddate.HourCycleLocale, "h23": feeddate.H23, "h12": feeddate.H12}
var widths = map[string]feeddate.Width{"long": feeddate.WidthLong, "short": feeddate.WidthShort, "narrow": feeddate.WidthNarrow}
var units = map[string]feeddate.Unit{
	"year": feeddate.UnitYear, "month": feeddate.UnitMonth, "week": feeddate.UnitWeek, "day": feeddate.UnitDay,
	"hour": feeddate.UnitHour, "minute": feeddate.UnitMinute, "second": feeddate.UnitSecond,
}

// Options maps a vector's style and options onto feeddate.Options. options
// is the vector's "options" object; nil (missing or null) is an error.
func Options(style string, options map[string]json.RawMessage) (feeddate.Options, error) {
	s, ok := Styles[style]
	if !ok {
		return feeddate.Options{}, fmt.Errorf("unknown style %q", style)
	}
	o := feeddate.Options{Style: s}
	if options == nil {
		return o, fmt.Errorf("options missing or not an object")
	}
	for key, raw := range options {
		if err := Option(&o, key, raw); err != nil {
			return o, err
		}
	}
	return o, nil
}

// Option sets one vector option on o; the error names the option.
func Option(o *feeddate.Options, key string, raw json.RawMessage) error {
	var s string
	var n int64
	var b bool
	var err error
	switch key {
	case "locale", "tz", "hour_cycle", "width", "max_unit",
		"just_now_text", "yesterday_text", "day_before_yesterday_text", "tomorrow_text":
		err = json.Unmarshal(raw, &s)
	case "recent_relative", "countdown_days", "plain_spaces", "spoken", "overtime":
		err = json.Unmarshal(raw, &b)
	case "just_now_ms", "skew_tolerance_ms", "cross_year_grace_days", "weekday_window_days", "precision":
		err = json.Unmarshal(raw, &n)
	default:
		return fmt.Errorf("unknown option %q", key)
	}
	switch {
	case err != nil:
		return fmt.Errorf("option %s: %v", key, err)
	case bytes.Equal(bytes.TrimSpace(raw), []byte("null")): // decodes into nothing without an error
		return fmt.Errorf("option %s: null", key)
	case strings.IndexByte(s, 0) >= 0:
		return fmt.Errorf("option %s: a NUL in a string", key)
	}
	int32Of := func() (*int, error) {
		if n < math.MinInt32 || n > math.MaxInt32 {
			return nil, fmt.Errorf("option %s: %d does not fit in an int32", key, n)
		}
		return feeddate.Int(int(n)), nil
	}
	// Milliseconds as a Duration; beyond what a Duration holds, one the binding refuses.
	ms := func() *time.Duration {
		if n > math.MaxInt64/int64(time.Millisecond) || n < math.MinInt64/int64(time.Millisecond) {
			return feeddate.Duration(math.MinInt64)
		}
		return feeddate.Duration(time.Duration(n) * time.Millisecond)
	}
	ok := true
	switch key {
	case "locale":
		o.Locale = s
	case "tz":
		o.TimeZone = s
	case "hour_cycle":
		o.HourCycle, ok = hourCycles[s]
	case "width":
		o.Width, ok = widths[s]
	case "max_unit":
		o.MaxUnit, ok = units[s]
	case "just_now_text":
		o.JustNowText = s
	case "yesterday_text":
		o.YesterdayText = s
	case "day_before_yesterday_text":
		o.DayBeforeYesterdayText = s
	case "tomorrow_text":
		o.TomorrowText = s
	case "recent_relative":
		o.RecentRelative = b
	case "countdown_days":
		o.CountdownDays = b
	case "plain_spaces":
		o.PlainSpaces = b
	case "spoken":
		o.Spoken = b
	case "overtime":
		o.Overtime = b
	case "just_now_ms":
		o.JustNow = ms()
	case "skew_tolerance_ms":
		o.SkewTolerance = ms()
	case "cross_year_grace_days":
		o.CrossYearGraceDays, err = int32Of()
	case "weekday_window_days":
		o.WeekdayWindowDays, err = int32Of()
	case "precision":
		o.Precision, err = int32Of()
	}
	if !ok {
		return fmt.Errorf("unknown %s %q", key, s)
	}
	return err
}
