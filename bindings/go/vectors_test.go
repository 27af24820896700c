package feeddate_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	feeddate "github.com/feeddate/feeddate/bindings/go"
	"github.com/feeddate/feeddate/bindings/go/internal/vectors"
)

// vector is one line of Tests/vectors/*.jsonl (Tests/vectors/README.md).
type vector struct {
	file         string
	line         int
	Style        string                     `json:"style"`
	Options      map[string]json.RawMessage `json:"options"`
	TMs          int64                      `json:"t_ms"`
	NowMs        int64                      `json:"now_ms"`
	Text         string                     `json:"text"`
	NextChangeMs *int64                     `json:"next_change_ms"`
	DayPart      [2]int                     `json:"day_part"`
	TimePart     [2]int                     `json:"time_part"`
	Expired      bool                       `json:"expired"`
	Note         string                     `json:"note"`
}

func (v *vector) String() string { return fmt.Sprintf("%s:%d (%s)", v.file, v.line, v.Note) }

// The options key of a vector: identical options <=> identical keys.
func (v *vector) key() string {
	names := make([]string, 0, len(v.Options))
	for k := range v.Options {
		names = append(names, k)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString(v.Style)
	for _, k := range names {
		fmt.Fprintf(&b, " %s=%s", k, v.Options[k])
	}
	return b.String()
}

// options maps a vector's options onto feeddate.Options (internal/vectors,
// the sweep runner's mapping too); an option this test does not know is an
// error, never ignored.
func (v *vector) options() (feeddate.Options, error) {
	return vectors.Options(v.Style, v.Options)
}

// vectorFiles: the files the variable env names (":"-separated) when it is
// set; else every .jsonl of Tests/vectors/sub, sorted by name: one set for
// every host since 1.3 (SPEC 13), never a choice by ICU version. The label
// vectors are sub "", the schedules "schedule".
func vectorFiles(t *testing.T, sub, env string) []string {
	var files []string
	if named := os.Getenv(env); named != "" {
		for _, f := range strings.Split(named, ":") {
			if f != "" {
				files = append(files, f)
			}
		}
		return files
	}
	dir := filepath.Join(vectorRoot, sub)
	files, _ = filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if len(files) == 0 {
		t.Fatalf("no vector files in %s (set %s to the files to run)", dir, env)
	}
	sort.Strings(files)
	return files
}

// vectorRoot is Tests/vectors of the checkout.
var vectorRoot = filepath.Join("..", "..", "Tests", "vectors")

// TestVectorFiles: the files are exactly Tests/vectors/*.jsonl sorted by name
// (no per-ICU folder, SPEC 13), unless FEEDDATE_VECTORS names them.
func TestVectorFiles(t *testing.T) {
	t.Setenv("FEEDDATE_VECTORS", "")
	files := vectorFiles(t, "", "FEEDDATE_VECTORS")
	entries, err := os.ReadDir(vectorRoot)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, e := range entries { // ReadDir sorts by name
		if strings.HasPrefix(e.Name(), "icu") && e.IsDir() {
			t.Errorf("%s: per-ICU folders are gone since 1.3", filepath.Join(vectorRoot, e.Name()))
		}
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".jsonl") {
			want = append(want, filepath.Join(vectorRoot, e.Name()))
		}
	}
	if strings.Join(files, " ") != strings.Join(want, " ") || len(want) == 0 {
		t.Errorf("vectorFiles = %q, want %q", files, want)
	}
	t.Setenv("FEEDDATE_VECTORS", "/x/b.jsonl::a.jsonl")
	if files := vectorFiles(t, "", "FEEDDATE_VECTORS"); strings.Join(files, " ") != "/x/b.jsonl a.jsonl" {
		t.Errorf("with FEEDDATE_VECTORS: %q", files)
	}
}

func readVectors(t *testing.T) []*vector {
	var all []*vector
	for _, file := range vectorFiles(t, "", "FEEDDATE_VECTORS") {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, 1<<20)
		for line := 1; sc.Scan(); line++ {
			if len(bytes.TrimSpace(sc.Bytes())) == 0 {
				continue
			}
			v := &vector{file: file, line: line}
			if err := json.Unmarshal(sc.Bytes(), v); err != nil {
				t.Fatalf("%s:%d: %v", file, line, err)
			}
			all = append(all, v)
		}
	}
	if len(all) == 0 {
		t.Fatal("no vectors")
	}
	return all
}

func ms(t time.Time) *int64 {
	if t.IsZero() {
		return nil
	}
	n := t.UnixMilli()
	return &n
}

func fmtMs(p *int64) string {
	if p == nil {
		return "never"
	}
	return fmt.Sprint(*p)
}

// Every vector through Label and Format; then each group of vectors with the
// same options and now through one FormatMany, which must give the same
// texts and the earliest next change.
func TestVectors(t *testing.T) {
	vectors := readVectors(t)
	formatters := map[string]*feeddate.Formatter{}
	defer func() {
		for _, f := range formatters {
			f.Close()
		}
	}()
	type group struct {
		f       *feeddate.Formatter
		now     int64
		vectors []*vector
	}
	groups := map[string]*group{}
	var order []string
	passed := 0
	for _, v := range vectors {
		key := v.key()
		f := formatters[key]
		if f == nil {
			o, err := v.options()
			if err != nil {
				t.Fatalf("%v: %v", v, err)
			}
			if f, err = feeddate.New(o); err != nil {
				t.Errorf("%v: New: %v", v, err)
				continue
			}
			formatters[key] = f
		}
		tt, now := time.UnixMilli(v.TMs), time.UnixMilli(v.NowMs)
		l, err := f.Label(tt, now)
		if err != nil {
			t.Errorf("%v: Label: %v", v, err)
			continue
		}
		ok := true
		check := func(what string, got, want any) {
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%v: %s = %q, want %q", v, what, fmt.Sprint(got), fmt.Sprint(want))
				ok = false
			}
		}
		check("text", l.Text, v.Text)
		check("next change", fmtMs(ms(l.NextChange)), fmtMs(v.NextChangeMs))
		if next, changes := l.Next(); changes != (v.NextChangeMs != nil) || (changes && next.UnixMilli() != *v.NextChangeMs) {
			t.Errorf("%v: Next() = %v, %v", v, next, changes)
			ok = false
		}
		// Only the bytes a part covers are significant.
		check("day part", l.DayText(), v.Text[v.DayPart[0]:v.DayPart[1]])
		check("time part", l.TimeText(), v.Text[v.TimePart[0]:v.TimePart[1]])
		check("expired", l.Expired, v.Expired)
		text, err := f.Format(tt, now)
		check("Format", fmt.Sprint(text, err), fmt.Sprint(v.Text, nil))
		if ok {
			passed++
		}
		gk := fmt.Sprintf("%s now=%d", key, v.NowMs)
		g := groups[gk]
		if g == nil {
			g = &group{f: f, now: v.NowMs}
			groups[gk] = g
			order = append(order, gk)
		}
		g.vectors = append(g.vectors, v)
	}
	groupsPassed := 0
	for _, gk := range order {
		g := groups[gk]
		ts := make([]time.Time, len(g.vectors))
		var earliest *int64
		for i, v := range g.vectors {
			ts[i] = time.UnixMilli(v.TMs)
			if n := v.NextChangeMs; n != nil && (earliest == nil || *n < *earliest) {
				earliest = n
			}
		}
		labels, next, err := g.f.FormatMany(ts, time.UnixMilli(g.now))
		if err != nil {
			t.Errorf("FormatMany %s: %v", gk, err)
			continue
		}
		ok := fmtMs(ms(next)) == fmtMs(earliest)
		if !ok {
			t.Errorf("FormatMany %s: next change %s, want %s", gk, fmtMs(ms(next)), fmtMs(earliest))
		}
		for i, v := range g.vectors {
			if labels[i] != v.Text {
				t.Errorf("FormatMany %v: %q, want %q", v, labels[i], v.Text)
				ok = false
			}
		}
		if ok {
			groupsPassed++
		}
	}
	t.Logf("%d of %d vectors passed, %d of %d FormatMany groups (%s, %d formatters)",
		passed, len(vectors), groupsPassed, len(groups), feeddate.DataVersion(), len(formatters))
}
