// Command bench (make bench-go): the per-label cost of FEED zh_CN through the
// Go binding (Format, Label, FormatMany) against direct C calls of the same
// library in the same process (fd_format, fd_format_many in a C loop).
//
//	go run ./internal/bench [-n 200000] [-json out.json]
package main

/*
#cgo pkg-config: feeddate
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <feeddate.h>

static double fdb_now_ns(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static fd_formatter *fdb_feed(void) {
	fd_options o;
	fd_options_init(&o, FD_STYLE_FEED);
	o.locale = "zh_CN";
	o.time_zone = "Asia/Shanghai";
	fd_formatter *f = NULL;
	return fd_formatter_new(&o, &f) == FD_OK ? f : NULL;
}

// ns per label of fd_format over ts (with info when with_info).
static double fdb_format(const fd_formatter *f, const int64_t *ts, size_t n, int64_t now, int with_info) {
	char buf[FD_LABEL_CAPACITY];
	fd_label info;
	size_t sink = 0;
	double t0 = fdb_now_ns();
	for (size_t i = 0; i < n; i++) {
		if (fd_format(f, ts[i], now, buf, sizeof buf, with_info ? &info : NULL) != FD_OK) abort();
		sink += buf[0];
	}
	double t = fdb_now_ns() - t0;
	return sink == (size_t)-1 ? 0 : t / n;
}

// The cgo floor: a C function that does nothing, with Format's arguments.
static int fdb_empty(uintptr_t f, int64_t t, int64_t now, int with_info) { return (int)(f + t + now + with_info) & 1; }

// ns per label of fd_format_many in batches.
static double fdb_many(const fd_formatter *f, const int64_t *ts, size_t n, int64_t now, size_t batch) {
	char *buf = malloc(batch * 64);
	size_t *ends = malloc(batch * sizeof *ends);
	int64_t next;
	size_t done = 0;
	double t0 = fdb_now_ns();
	for (size_t i = 0; i + batch <= n; i += batch, done += batch)
		if (fd_format_many(f, ts + i, batch, now, buf, batch * 64, ends, &next) != FD_OK) abort();
	double t = fdb_now_ns() - t0;
	free(buf);
	free(ends);
	return t / done;
}
*/
import "C"

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"sort"
	"time"
	"unsafe"

	feeddate "github.com/feeddate/feeddate/bindings/go"
)

const batch = 1000

var sink int

func median(xs []float64) float64 {
	sort.Float64s(xs)
	return xs[len(xs)/2]
}

func main() {
	n := flag.Int("n", 200000, "labels per run")
	out := flag.String("json", "", "write the figures here")
	rounds := flag.Int("rounds", 5, "rounds (the median is reported)")
	flag.Parse()
	*n = (*n + batch - 1) / batch * batch

	// The instants of bench/bench.c: 70% in the last week, the rest in 5 years.
	const nowMs = 1711348200000
	ms := make([]int64, *n)
	seed := uint64(0x9E3779B97F4A7C15)
	rnd := func() uint64 { seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17; return seed }
	for i := range ms {
		if rnd()%10 < 7 {
			ms[i] = nowMs - int64(rnd()%(7*86400000))
		} else {
			ms[i] = nowMs - int64(rnd()%(5*365*86400000))
		}
	}
	ts := make([]time.Time, *n)
	for i, m := range ms {
		ts[i] = time.UnixMilli(m)
	}
	now := time.UnixMilli(nowMs)

	cf := C.fdb_feed()
	if cf == nil {
		fmt.Fprintln(os.Stderr, "bench-go: fd_formatter_new failed")
		os.Exit(1)
	}
	defer C.fd_formatter_free(cf)
	f, err := feeddate.New(feeddate.Options{Style: feeddate.Feed, Locale: "zh_CN", TimeZone: "Asia/Shanghai"})
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench-go:", err)
		os.Exit(1)
	}
	defer f.Close()
	cts := (*C.int64_t)(unsafe.Pointer(&ms[0]))
	perLabel := func(run func()) float64 {
		t0 := time.Now()
		run()
		return float64(time.Since(t0).Nanoseconds()) / float64(*n)
	}
	rows := []struct {
		name string
		run  func() float64
	}{
		{"C fd_format (no info)", func() float64 { return float64(C.fdb_format(cf, cts, C.size_t(*n), nowMs, 0)) }},
		{"Go Format", func() float64 {
			return perLabel(func() {
				for _, t := range ts {
					if _, err := f.Format(t, now); err != nil {
						panic(err)
					}
				}
			})
		}},
		{"C fd_format (with info)", func() float64 { return float64(C.fdb_format(cf, cts, C.size_t(*n), nowMs, 1)) }},
		{"Go Label", func() float64 {
			return perLabel(func() {
				for _, t := range ts {
					if _, err := f.Label(t, now); err != nil {
						panic(err)
					}
				}
			})
		}},
		{"cgo call, empty C function", func() float64 {
			return perLabel(func() {
				for i, m := range ms {
					sink += int(C.fdb_empty(C.uintptr_t(i), C.int64_t(m), nowMs, 0))
				}
			})
		}},
		{"C fd_format_many (1000)", func() float64 { return float64(C.fdb_many(cf, cts, C.size_t(*n), nowMs, batch)) }},
		{"Go FormatMany (1000)", func() float64 {
			return perLabel(func() {
				for i := 0; i+batch <= len(ts); i += batch {
					if _, _, err := f.FormatMany(ts[i:i+batch], now); err != nil {
						panic(err)
					}
				}
			})
		}},
	}
	// Warm both (caches fill on first use), then interleave rounds so that a
	// busy moment of a shared machine hits every row alike.
	for _, r := range rows {
		r.run()
	}
	samples := make([][]float64, len(rows))
	for k := 0; k < *rounds; k++ {
		for i, r := range rows {
			samples[i] = append(samples[i], r.run())
		}
	}
	fmt.Printf("Go binding vs direct C, FEED zh_CN Asia/Shanghai, %d labels, median of %d rounds (%s, GOMAXPROCS %d)\n",
		*n, *rounds, runtime.Version(), runtime.GOMAXPROCS(0))
	fig := map[string]any{"labels_per_run": *n, "go": runtime.Version()}
	keys := []string{"c_format_ns", "go_format_ns", "c_label_ns", "go_label_ns",
		"cgo_empty_call_ns", "c_format_many_ns", "go_format_many_ns"}
	med := make([]float64, len(rows))
	for i, r := range rows {
		med[i] = median(samples[i])
		fig[keys[i]] = float64(int(med[i]*10)) / 10
		line := fmt.Sprintf("  %-26s %8.1f ns/label", r.name, med[i])
		if i == 4 {
			line += fmt.Sprintf("   Go Format = C %.1f + this + %.1f ns of the binding's own",
				med[0], med[1]-med[0]-med[i])
		} else if i == 1 || i == 3 || i == 6 {
			line += fmt.Sprintf("   binding overhead %+.1f ns (%.2fx)", med[i]-med[i-1], med[i]/med[i-1])
		}
		fmt.Println(line)
	}
	fmt.Printf("  Go FormatMany vs Go Format: %.2fx the cost per label\n", med[6]/med[1])
	if *out != "" {
		data, _ := json.MarshalIndent(fig, "", " ")
		if err := os.WriteFile(*out, append(data, '\n'), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "bench-go:", err)
			os.Exit(1)
		}
	}
}
