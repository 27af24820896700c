package feeddate_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	feeddate "github.com/feeddate/feeddate/bindings/go"
)

// A line of Tests/vectors/conversion/conversion-1.3.jsonl (its README): Go
// runs the forms its own types hold, time.Time (iso) and time.Duration
// (nanos); its API takes no float.
type conversionVector struct {
	Case       string                     `json:"case"`
	ISO        *string                    `json:"iso"`
	Nanos      *int64                     `json:"nanos"`
	ExpectMs   *int64                     `json:"expect_ms"`
	Style      string                     `json:"style"`
	Options    map[string]json.RawMessage `json:"options"`
	T          map[string]json.RawMessage `json:"t"`
	Now        map[string]json.RawMessage `json:"now"`
	Horizon    map[string]json.RawMessage `json:"horizon"`
	MaxEntries int                        `json:"max_entries"`
	JSON       string                     `json:"json"`
	Text       string                     `json:"text"`
	Note       string                     `json:"note"`
}

func conversionFile() string {
	return filepath.Join(vectorRoot, "conversion", "conversion-1.3.jsonl")
}

// goTime is the form's time.Time, and whether Go holds that form.
func goTime(t *testing.T, form map[string]json.RawMessage) (time.Time, bool) {
	raw, ok := form["iso"]
	if !ok {
		return time.Time{}, false
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	v, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		t.Fatal(err)
	}
	return v, true
}

// SPEC 11's rule (1.3) in Go's own types: every line Go can hold gives the
// milliseconds, labels and wire bytes the vectors give (the same in every
// binding).
func TestConversionVectors(t *testing.T) {
	data, err := os.ReadFile(conversionFile())
	if err != nil {
		t.Fatal(err)
	}
	formatters := map[string]*feeddate.Formatter{}
	defer func() {
		for _, f := range formatters {
			f.Close()
		}
	}()
	formatter := func(v *conversionVector) *feeddate.Formatter {
		lv := &vector{Style: v.Style, Options: v.Options}
		f := formatters[lv.key()]
		if f == nil {
			o, err := lv.options()
			if err != nil {
				t.Fatal(err)
			}
			if f, err = feeddate.New(o); err != nil {
				t.Fatal(err)
			}
			formatters[lv.key()] = f
		}
		return f
	}
	ran := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 16<<20)
	for line := 1; sc.Scan(); line++ {
		var v conversionVector
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		switch v.Case {
		case "instant":
			if v.ISO == nil {
				continue
			}
			tm, err := time.Parse(time.RFC3339Nano, *v.ISO)
			if err != nil {
				t.Fatalf("line %d: %v", line, err)
			}
			if got := feeddate.Millis(tm); got != *v.ExpectMs {
				t.Errorf("line %d (%s): %s is %d ms, want %d", line, v.Note, *v.ISO, got, *v.ExpectMs)
			}
		case "horizon":
			if v.Nanos == nil {
				continue
			}
			if got := feeddate.HorizonMillis(time.Duration(*v.Nanos)); got != *v.ExpectMs {
				t.Errorf("line %d (%s): horizon %d ns is %d ms, want %d", line, v.Note, *v.Nanos, got, *v.ExpectMs)
			}
		case "label", "schedule":
			tm, okT := goTime(t, v.T)
			now, okNow := goTime(t, v.Now)
			if !okT || !okNow {
				continue
			}
			if v.Case == "label" {
				got, err := formatter(&v).Format(tm, now)
				if err != nil || got != v.Text {
					t.Errorf("line %d (%s): %q, %v; want %q", line, v.Note, got, err, v.Text)
				}
				break
			}
			raw, ok := v.Horizon["nanos"]
			if !ok {
				continue
			}
			var ns int64
			if err := json.Unmarshal(raw, &ns); err != nil {
				t.Fatal(err)
			}
			s, err := formatter(&v).Schedule(tm, now, time.Duration(ns), v.MaxEntries)
			if err != nil || s.JSON() != v.JSON {
				t.Errorf("line %d (%s): %s, %v; want %s", line, v.Note, s.JSON(), err, v.JSON)
			}
		default:
			t.Fatalf("line %d: unknown case %q", line, v.Case)
		}
		ran[v.Case]++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{"instant", "horizon", "label", "schedule"} {
		if ran[c] == 0 {
			t.Errorf("no %s line ran", c)
		}
	}
	t.Logf("conversion vectors run: %v", ran)
	// A horizon of -0.4 ms is -1 ms: the library's own message.
	f := formatter(&conversionVector{Style: "relative", Options: map[string]json.RawMessage{"locale": json.RawMessage(`"en_US"`), "tz": json.RawMessage(`"UTC"`)}})
	_, err = f.Schedule(now2024, now2024, -400*time.Microsecond, feeddate.DefaultMaxEntries)
	if err == nil || err.Error() == "" || !bytes.Contains([]byte(err.Error()), []byte("horizon -1 ms is out of range 0...31622400000 (366 days)")) {
		t.Errorf("horizon -0.4 ms: %v", err)
	}
}
