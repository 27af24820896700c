// Command peers (make bench-peers-go): the Go binding against what a Go
// programmer would use instead, on the instant sets of bench/bench.c, in
// alternating rounds in one process (ours, peer, ours, peer, ...), reporting
// the median of the per-round ratios. Writes build/peers/go.json.
//
//	FEED zh_CN      Formatter.Format / FormatMany  vs  time.Format, FEED written by hand
//	RELATIVE en_US  Formatter.Format / FormatMany  vs  go-humanize RelTime (English only)
//
// FEED by hand is checked equal to Format on every instant before it is
// timed; go-humanize's text differs (it counts elapsed time, we count
// calendar days and months) and the row says on how many instants it agrees.
//
//	go run . [-rounds 21] [-n 10000] [-json ../../../../build/peers/go.json]
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"runtime"
	"sort"
	"time"

	humanize "github.com/dustin/go-humanize"
	feeddate "github.com/feeddate/feeddate/bindings/go"
)

const nowMs = 1711348200000 // 2024-03-25T06:30Z

// instants writes a set as bench/bench.c does: xorshift64 from
// 88172645463325252; "mix": 70% in the last week, the rest in 5 years;
// "400d": spread over the 400 days before now.
func instants(set string, n int) []time.Time {
	x := uint64(88172645463325252)
	next := func() uint64 { x ^= x << 13; x ^= x >> 7; x ^= x << 17; return x }
	ts := make([]time.Time, n)
	for i := range ts {
		var back uint64
		if set == "mix" {
			if next()%10 < 7 {
				back = next() % (7 * 86400000)
			} else {
				back = next() % (5 * 365 * 86400000)
			}
		} else {
			back = next() % (400 * 86400000)
		}
		ts[i] = time.UnixMilli(nowMs - int64(back))
	}
	return ts
}

// feedByHand is FEED in zh_CN as a Go programmer writes it with the time
// package: today's time, 昨天 and 前天 by calendar days in the zone, this
// year's month and day, else the full date.
func feedByHand(t, now time.Time, loc *time.Location) string {
	t, now = t.In(loc), now.In(loc)
	y, m, d := t.Date()
	ny, nm, nd := now.Date()
	days := time.Date(ny, nm, nd, 0, 0, 0, 0, time.UTC).Sub(time.Date(y, m, d, 0, 0, 0, 0, time.UTC)) / (24 * time.Hour)
	switch {
	case days == 0:
		return t.Format("15:04")
	case days == 1:
		return "昨天"
	case days == 2:
		return "前天"
	case y == ny:
		return t.Format("1月2日")
	default:
		return t.Format("2006年1月2日")
	}
}

type row struct {
	Case   string  `json:"case"`
	Set    string  `json:"set"`
	Ours   string  `json:"ours"`
	Peer   string  `json:"peer"`
	OursNs float64 `json:"ours_ns"`
	PeerNs float64 `json:"peer_ns"`
	Ratio  float64 `json:"ratio"`
	Note   string  `json:"note"`
}

var sink int

// perLabel is the cost per label of one pass of run over n instants.
func perLabel(n int, run func()) float64 {
	t0 := time.Now()
	run()
	return float64(time.Since(t0).Nanoseconds()) / float64(n)
}

// compare times ours and peer in alternating rounds (after one warm-up pass
// each) and returns the medians of their costs and of the per-round ratios.
func compare(rounds, n int, ours, peer func()) (oursNs, peerNs, ratio float64) {
	perLabel(n, ours)
	perLabel(n, peer)
	var o, p, r []float64
	for k := 0; k < rounds; k++ {
		a, b := 0.0, 0.0
		if k%2 == 0 { // alternate which goes first, so neither always follows the other
			a = perLabel(n, ours)
			b = perLabel(n, peer)
		} else {
			b = perLabel(n, peer)
			a = perLabel(n, ours)
		}
		o, p, r = append(o, a), append(p, b), append(r, a/b)
	}
	return median(o), median(p), median(r)
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func round(x float64, digits float64) float64 { return math.Round(x*digits) / digits }

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "bench-peers-go: "+format+"\n", args...)
	os.Exit(1)
}

func main() {
	rounds := flag.Int("rounds", 21, "alternating rounds (medians reported)")
	n := flag.Int("n", 10000, "instants per set")
	out := flag.String("json", "", "write the rows here (the bench-peers contract)")
	flag.Parse()
	if *rounds < 1 || *n < 1 {
		fail("-rounds and -n must be at least 1 (got %d, %d)", *rounds, *n)
	}

	now := time.UnixMilli(nowMs)
	shanghai, err := time.LoadLocation("Asia/Shanghai")
	if err != nil {
		fail("%v (install tzdata)", err)
	}
	feed, err := feeddate.New(feeddate.Options{Style: feeddate.Feed, Locale: "zh_CN", TimeZone: "Asia/Shanghai"})
	if err != nil {
		fail("%v", err)
	}
	defer feed.Close()
	rel, err := feeddate.New(feeddate.Options{Style: feeddate.Relative, Locale: "en_US", TimeZone: "Asia/Shanghai"})
	if err != nil {
		fail("%v", err)
	}
	defer rel.Close()

	single := func(f *feeddate.Formatter, ts []time.Time) func() {
		return func() {
			for _, t := range ts {
				s, err := f.Format(t, now)
				if err != nil {
					panic(err)
				}
				sink += len(s)
			}
		}
	}
	batch := func(f *feeddate.Formatter, ts []time.Time) func() {
		return func() {
			labels, _, err := f.FormatMany(ts, now)
			if err != nil {
				panic(err)
			}
			sink += len(labels[len(labels)-1])
		}
	}
	byHand := func(ts []time.Time) func() {
		return func() {
			for _, t := range ts {
				sink += len(feedByHand(t, now, shanghai))
			}
		}
	}
	relTime := func(ts []time.Time) func() {
		return func() {
			for _, t := range ts {
				sink += len(humanize.RelTime(t, now, "ago", "from now"))
			}
		}
	}

	var rows []row
	add := func(c, set, ours, peer, note string, o, p func()) {
		on, pn, r := compare(*rounds, *n, o, p)
		rows = append(rows, row{c, set, ours, peer, round(on, 10), round(pn, 10), round(r, 1000), note})
		fmt.Printf("  %-40s %-5s %8.1f ns  %8.1f ns  %6.3fx\n", c, set, on, pn, r)
	}
	fmt.Printf("Go binding against its peers, %d instants a set, medians of %d alternating rounds (%s, GOMAXPROCS %d)\n",
		*n, *rounds, runtime.Version(), runtime.GOMAXPROCS(0))
	fmt.Printf("  %-40s %-5s %11s  %11s  %7s\n", "case", "set", "ours", "peer", "ratio")
	for _, set := range []string{"mix", "400d"} {
		ts := instants(set, *n)

		// FEED: the same labels, or the row means nothing.
		many, _, err := feed.FormatMany(ts, now)
		if err != nil {
			fail("%v", err)
		}
		for i, t := range ts {
			one, err := feed.Format(t, now)
			if err != nil {
				fail("%v", err)
			}
			if want := feedByHand(t, now, shanghai); one != want || many[i] != want {
				fail("FEED of %d ms: Format %q, FormatMany %q, time.Format by hand %q", t.UnixMilli(), one, many[i], want)
			}
		}
		feedNote := fmt.Sprintf("labels checked equal on every instant (%d)", *n)
		add("FEED zh_CN, single call", set, "Formatter.Format", "time.Format, FEED written by hand", feedNote,
			single(feed, ts), byHand(ts))
		add("FEED zh_CN, batch (per label)", set, "Formatter.FormatMany (one call for the set)",
			"time.Format, FEED written by hand (a loop)", feedNote, batch(feed, ts), byHand(ts))

		// RELATIVE: English phrases both, counted differently.
		many, _, err = rel.FormatMany(ts, now)
		if err != nil {
			fail("%v", err)
		}
		same := 0
		for i, t := range ts {
			one, err := rel.Format(t, now)
			if err != nil {
				fail("%v", err)
			}
			if one != many[i] {
				fail("RELATIVE of %d ms: Format %q, FormatMany %q", t.UnixMilli(), one, many[i])
			}
			if one == humanize.RelTime(t, now, "ago", "from now") {
				same++
			}
		}
		relNote := fmt.Sprintf("English only; the same text on %d of %d instants: go-humanize counts elapsed time "+
			"(a month is 30 days, a year 360, \"1 year ago\" up to 18 months), feeddate calendar days and months "+
			"in Asia/Shanghai; RelTime(t, now, \"ago\", \"from now\") is humanize.Time with a fixed now", same, *n)
		add("RELATIVE en_US, single call", set, "Formatter.Format", "go-humanize RelTime", relNote,
			single(rel, ts), relTime(ts))
		add("RELATIVE en_US, batch (per label)", set, "Formatter.FormatMany (one call for the set)",
			"go-humanize RelTime (a loop)", relNote, batch(rel, ts), relTime(ts))
	}
	if sink == -1 {
		fmt.Println(sink)
	}

	if *out != "" {
		doc := map[string]any{
			"language": "go",
			"runtime":  runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH,
			"rounds":   *rounds,
			"instants": *n,
			"rows":     rows,
		}
		data, err := json.MarshalIndent(doc, "", "  ")
		if err != nil {
			fail("%v", err)
		}
		if err := os.WriteFile(*out, append(data, '\n'), 0o644); err != nil {
			fail("%v", err)
		}
		fmt.Println("wrote", *out)
	}
}
