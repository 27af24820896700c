// Command stress (make stress-go, not part of make test): one FormatMany of
// 100,000,000 instants, to show that a batch of any length is worked in
// bounded chunks: the process's peak RSS above what it held before the call
// (the instants themselves, 24 bytes each) against the size of the result
// (16 bytes a string header plus the text).
//
//	go run ./internal/stress [-n 100000000]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	feeddate "github.com/feeddate/feeddate/bindings/go"
)

// status reads a "VmRSS:  123 kB" line of /proc/self/status, in bytes.
func status(key string) uint64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fs := strings.Fields(sc.Text()); len(fs) >= 2 && fs[0] == key+":" {
			v, _ := strconv.ParseUint(fs[1], 10, 64)
			return v * 1024
		}
	}
	return 0
}

func mb(n uint64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }

func main() {
	n := flag.Int("n", 100_000_000, "instants in the one FormatMany call")
	flag.Parse()

	// The instants of the bench: 70% in the last week, the rest in 5 years.
	const nowMs = 1711348200000
	ts := make([]time.Time, *n)
	seed := uint64(0x9E3779B97F4A7C15)
	for i := range ts {
		seed ^= seed << 13
		seed ^= seed >> 7
		seed ^= seed << 17
		if seed%10 < 7 {
			ts[i] = time.UnixMilli(nowMs - int64(seed%(7*86400000)))
		} else {
			ts[i] = time.UnixMilli(nowMs - int64(seed%(5*365*86400000)))
		}
	}
	f, err := feeddate.New(feeddate.Options{Style: feeddate.Feed, Locale: "zh_CN", TimeZone: "Asia/Shanghai"})
	if err != nil {
		fmt.Fprintln(os.Stderr, "stress-go:", err)
		os.Exit(1)
	}
	defer f.Close()
	if _, _, err := f.FormatMany(ts[:1000], time.UnixMilli(nowMs)); err != nil { // ICU's caches
		fmt.Fprintln(os.Stderr, "stress-go:", err)
		os.Exit(1)
	}

	runtime.GC()
	debug.FreeOSMemory()
	// Reset the peak (VmHWM) to the RSS now, where the kernel allows it.
	reset := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil
	before := status("VmRSS")
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	t0 := time.Now()
	labels, next, err := f.FormatMany(ts, time.UnixMilli(nowMs))
	elapsed := time.Since(t0)
	if err != nil {
		fmt.Fprintln(os.Stderr, "stress-go:", err)
		os.Exit(1)
	}
	peak := status("VmHWM")
	runtime.ReadMemStats(&ms1)

	text := uint64(0)
	for _, l := range labels {
		text += uint64(len(l))
	}
	result := 16*uint64(len(labels)) + text
	fmt.Printf("FormatMany of %d instants (FEED zh_CN, %s, GOMAXPROCS %d): %.1f s, %.0f ns a label; next change %s\n",
		len(labels), runtime.Version(), runtime.GOMAXPROCS(0), elapsed.Seconds(), float64(elapsed.Nanoseconds())/float64(len(labels)),
		next.UTC().Format(time.RFC3339))
	fmt.Printf("  result      %s (%s of string headers + %s of text, %.2f bytes a label)\n",
		mb(result), mb(16*uint64(len(labels))), mb(text), float64(text)/float64(len(labels)))
	fmt.Printf("  instants    %s (the caller's input, held before the call)\n", mb(24*uint64(len(ts))))
	fmt.Printf("  RSS before  %s; peak RSS %s (VmHWM%s)\n", mb(before), mb(peak), map[bool]string{true: ", reset before the call", false: ", since the start: clear_refs not allowed"}[reset])
	fmt.Printf("  peak RSS above before: %s = %.3fx the result\n", mb(peak-before), float64(peak-before)/float64(result))
	fmt.Printf("  Go heap allocated during the call: %s = %.3fx the result; %d GCs\n",
		mb(ms1.TotalAlloc-ms0.TotalAlloc), float64(ms1.TotalAlloc-ms0.TotalAlloc)/float64(result), ms1.NumGC-ms0.NumGC)
	runtime.KeepAlive(ts)
}
