// Labels of a few instants, as a feed would show them, through the Go
// binding as a program outside this repository uses it:
//
//	PKG_CONFIG_PATH=<where feeddate.pc is> go run . [now_ms]
//
// now_ms defaults to 2024-03-25 14:30 in Shanghai. go.mod replaces the
// module with the checkout's bindings/go (in the tarball: its go/ folder);
// a program of yours requires github.com/feeddate/feeddate/bindings/go.
package main

import (
	"fmt"
	"os"
	"strconv"
	"time"

	feeddate "github.com/feeddate/feeddate/bindings/go"
)

func main() {
	nowMs := int64(1_711_348_200_000)
	if len(os.Args) > 1 {
		n, err := strconv.ParseInt(os.Args[1], 10, 64)
		if err != nil {
			fmt.Fprintln(os.Stderr, "now_ms: milliseconds since the epoch:", err)
			os.Exit(2)
		}
		nowMs = n
	}
	now := time.UnixMilli(nowMs)
	f, err := feeddate.New(feeddate.Options{Style: feeddate.Feed, Locale: "zh_CN", TimeZone: "Asia/Shanghai"})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer f.Close()
	fmt.Printf("feeddate %s (zone rules: %s)\n", feeddate.Version(), f.TZSource())
	for _, ago := range []time.Duration{30 * time.Second, 5 * time.Minute, 2 * time.Hour, 30 * time.Hour, 400 * 24 * time.Hour} {
		l, err := f.Label(now.Add(-ago), now)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		next := "never"
		if t, ok := l.Next(); ok {
			next = strconv.FormatInt(t.UnixMilli(), 10)
		}
		fmt.Printf("%12d ms ago: %s (next change: %s)\n", ago.Milliseconds(), l.Text, next)
	}
}
