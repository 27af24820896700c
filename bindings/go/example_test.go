package feeddate_test

import (
	"fmt"
	"time"

	feeddate "github.com/feeddate/feeddate/bindings/go"
)

// The README's example: a list labelled in one call, with one timer for the
// earliest change.
func Example() {
	f, err := feeddate.New(feeddate.Options{Style: feeddate.Feed, Locale: "zh_CN", TimeZone: "Asia/Shanghai"})
	if err != nil {
		panic(err)
	}
	defer f.Close()

	now := time.UnixMilli(1711348200000) // 2024-03-25 14:30 in Shanghai
	s, _ := f.Format(time.UnixMilli(1711281600000), now)
	fmt.Println(s)

	l, _ := f.Label(time.UnixMilli(1711337400000), now)
	next, ok := l.Next()
	fmt.Println(l.Text, next.UTC().Format(time.RFC3339), ok)

	labels, first, _ := f.FormatMany([]time.Time{now.Add(-time.Minute), now.Add(-30 * time.Hour), now.Add(-400 * 24 * time.Hour)}, now)
	fmt.Println(labels, first.UTC().Format(time.RFC3339))

	_, err = feeddate.New(feeddate.Options{Style: feeddate.Countdown, Precision: feeddate.Int(4)})
	fmt.Println(err)
	// Output:
	// 昨天
	// 11:30 2024-03-25T16:00:00Z true
	// [14:29 昨天 2023年2月19日] 2024-03-25T16:00:00Z
	// feeddate: precision 4 is out of range 0..3
}

// The README's schedule: the labels a post shows from now on, each with the
// instant it starts, and the wire form for the web client.
func ExampleFormatter_Schedule() {
	f, err := feeddate.New(feeddate.Options{Style: feeddate.ChatList, Locale: "zh_CN", TimeZone: "Asia/Shanghai"})
	if err != nil {
		panic(err)
	}
	defer f.Close()

	now := time.UnixMilli(1711348200000)  // 2024-03-25 14:30 in Shanghai
	sent := time.UnixMilli(1711341000000) // 12:30 the same day
	s, err := f.Schedule(sent, now, feeddate.DefaultHorizon, feeddate.DefaultMaxEntries)
	if err != nil {
		panic(err)
	}
	for _, e := range s.Entries {
		fmt.Println(e.Text, e.Start.UTC().Format(time.RFC3339))
	}
	fmt.Println("until", s.Until.UTC().Format(time.RFC3339))
	fmt.Println(s.JSON())

	s, _ = f.Schedule(sent, now, 8*24*time.Hour, feeddate.DefaultMaxEntries)
	fmt.Println(len(s.Entries), s.Complete())

	_, err = f.Schedule(sent, now, -time.Second, feeddate.DefaultMaxEntries)
	fmt.Println(err)
	// Output:
	// 12:30 2024-03-25T06:30:00Z
	// 昨天 2024-03-25T16:00:00Z
	// until 2024-03-26T16:00:00Z
	// {"v":1,"now":1711348200000,"labels":[["12:30",0],["昨天",34200000]],"until":1711468800000}
	// 4 true
	// feeddate: horizon -1000 ms is out of range 0...31622400000 (366 days)
}

// The README's markup: a live label for a page, and the wire form for a
// <script> element, both written by the library.
func ExampleFormatter_HTML() {
	f, err := feeddate.New(feeddate.Options{Style: feeddate.ChatList, Locale: "zh_CN", TimeZone: "Asia/Shanghai"})
	if err != nil {
		panic(err)
	}
	defer f.Close()

	now := time.UnixMilli(1711348200000)  // 2024-03-25 14:30 in Shanghai
	sent := time.UnixMilli(1711341000000) // 12:30 the same day
	html, err := f.HTML(sent, now, feeddate.DefaultHorizon, feeddate.DefaultMaxEntries, false)
	if err != nil {
		panic(err)
	}
	fmt.Println(html)
	script, _ := f.ScriptJSON(sent, now, feeddate.DefaultHorizon, feeddate.DefaultMaxEntries)
	fmt.Println(script)

	_, err = f.HTML(sent, now, -time.Second, feeddate.DefaultMaxEntries, true)
	fmt.Println(err)
	// Output:
	// <time datetime="2024-03-25T04:30:00.000Z" title="2024年3月25日 12:30"><feed-date data-schedule="{&quot;v&quot;:1,&quot;now&quot;:1711348200000,&quot;labels&quot;:[[&quot;12:30&quot;,0],[&quot;昨天&quot;,34200000]],&quot;until&quot;:1711468800000}">12:30</feed-date></time>
	// {"v":1,"now":1711348200000,"labels":[["12:30",0],["昨天",34200000]],"until":1711468800000}
	// feeddate: horizon -1000 ms is out of range 0...31622400000 (366 days)
}
