package feeddate_test

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	feeddate "github.com/feeddate/feeddate/bindings/go"
)

// Close racing with calls never crashes (SPEC 10, 1.2): each call in flight
// finishes with the right label, each later one gets ErrClosed, and once a
// goroutine has seen ErrClosed it never sees a label again. Many rounds of
// Close against goroutines calling Format, Label, FormatMany and Schedule
// (1.2, two library calls under one read lock): the freed
// formatter that the 1.1 binding handed to C here aborted the process
// (heap corruption) within a few rounds.
func TestCloseRace(t *testing.T) {
	const rounds = 1500
	budget := 3 * time.Second // bounded on a busy machine: fewer rounds, never a longer run
	opts := feeddate.Options{Style: feeddate.Feed, Locale: "zh_CN", TimeZone: "Asia/Shanghai"}
	ts := []time.Time{yday, now2024.Add(-time.Minute), now2024.Add(-48 * time.Hour), now2024.Add(-400 * 24 * time.Hour)}
	wantMany := []string{"昨天", "14:29", "前天", "2023年2月19日"}
	// yday seen from now2024 on, one day: 昨天 until midnight, then 前天.
	const wantSchedule = `{"v":1,"now":1711348200000,"labels":[["昨天",0],["前天",34200000]],"until":1711468800000}`
	workers := 2 * runtime.GOMAXPROCS(0)
	if workers < 4 {
		workers = 4
	}
	var labels, closed atomic.Int64
	start := time.Now()
	done := 0
	for r := 0; r < rounds && time.Since(start) < budget; r++ {
		f, err := feeddate.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		var wg, started sync.WaitGroup
		errs := make(chan error, workers)
		for w := 0; w < workers; w++ {
			wg.Add(1)
			started.Add(1)
			go func(w int) {
				defer wg.Done()
				first := true
				for k := 0; ; k++ {
					var err error
					switch (k + w) % 4 {
					case 0:
						var s string
						if s, err = f.Format(yday, now2024); err == nil && s != "昨天" {
							err = fmt.Errorf("Format = %q", s)
						}
					case 1:
						var l feeddate.Label
						if l, err = f.Label(yday, now2024); err == nil && (l.Text != "昨天" || l.NextChange.UnixMilli() != 1711382400000) {
							err = fmt.Errorf("Label = %+v", l)
						}
					case 2:
						var got []string
						var next time.Time
						if got, next, err = f.FormatMany(ts, now2024); err == nil &&
							(fmt.Sprint(got) != fmt.Sprint(wantMany) || next.UnixMilli() != 1711382400000) {
							err = fmt.Errorf("FormatMany = %q, %v", got, next)
						}
					case 3:
						var s feeddate.Schedule
						if s, err = f.Schedule(yday, now2024, feeddate.DefaultHorizon, feeddate.DefaultMaxEntries); err == nil &&
							(len(s.Entries) != 2 || s.Entries[1].Text != "前天" || s.JSON() != wantSchedule) {
							err = fmt.Errorf("Schedule = %+v %s", s, s.JSON())
						}
					}
					if first {
						started.Done()
						first = false
					}
					if errors.Is(err, feeddate.ErrClosed) {
						closed.Add(1)
						// Closed stays closed, for every method.
						if _, err := f.Format(yday, now2024); err != feeddate.ErrClosed {
							errs <- fmt.Errorf("Format after ErrClosed: %v", err)
						} else if _, _, err := f.FormatMany(ts, now2024); err != feeddate.ErrClosed {
							errs <- fmt.Errorf("FormatMany after ErrClosed: %v", err)
						} else if _, err := f.Schedule(yday, now2024, feeddate.DefaultHorizon, 1); err != feeddate.ErrClosed {
							errs <- fmt.Errorf("Schedule after ErrClosed: %v", err)
						}
						return
					}
					if err != nil {
						errs <- err
						return
					}
					labels.Add(1)
					runtime.Gosched() // so that Close gets a P at once, also with GOMAXPROCS 2
				}
			}(w)
		}
		started.Wait() // every goroutine is calling; Close lands among the calls
		if r%2 == 1 {
			runtime.Gosched()
		}
		f.Close()
		if r%5 == 0 {
			f.Close() // twice, still fine
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatalf("round %d: %v", r, err)
		}
		done++
	}
	if done < 20 {
		t.Errorf("only %d rounds in %v", done, budget)
	}
	t.Logf("%d rounds of Close racing %d goroutines: %d right labels, %d ErrClosed, %v",
		done, workers, labels.Load(), closed.Load(), time.Since(start).Round(time.Millisecond))
}

// A formatter that is dropped without Close is freed by its finalizer, never
// while a call is still using it: collections run all the time while each
// formatter's last use is a call in flight.
func TestFinalizerWhileCalling(t *testing.T) {
	stop := make(chan struct{})
	var gc sync.WaitGroup
	gc.Add(1)
	go func() {
		defer gc.Done()
		for {
			select {
			case <-stop:
				return
			default:
				runtime.GC()
			}
		}
	}()
	defer func() { close(stop); gc.Wait() }()
	ts := make([]time.Time, 2000)
	for i := range ts {
		ts[i] = now2024.Add(-time.Duration(i) * 7 * time.Hour)
	}
	for r := 0; r < 40; r++ {
		f, err := feeddate.New(feeddate.Options{Style: feeddate.Feed, Locale: "zh_CN", TimeZone: "Asia/Shanghai"})
		if err != nil {
			t.Fatal(err)
		}
		// The last use of f is the call itself: only the binding keeps f
		// alive until the C call returns.
		var labels []string
		if r%2 == 0 {
			labels, _, err = f.FormatMany(ts, now2024)
		} else {
			var s string
			s, err = f.Format(yday, now2024)
			labels = []string{s}
		}
		if err != nil || len(labels) == 0 || labels[0] == "" {
			t.Fatalf("round %d: %q, %v", r, labels, err)
		}
	}
}

// Close racing with calls is tested both ways of publishing a call's
// formatter: make test-go runs this file's tests again with
// FEEDDATE_GO_NO_MEMBARRIER=1, where each call makes an atomic exchange.
func TestHazardMode(t *testing.T) {
	if os.Getenv("FEEDDATE_GO_NO_MEMBARRIER") != "" {
		if feeddate.Asymmetric() {
			t.Fatal("FEEDDATE_GO_NO_MEMBARRIER is set, but calls publish with plain stores (membarrier)")
		}
		t.Log("calls publish their formatter with an atomic exchange")
		return
	}
	if !feeddate.Asymmetric() && runtime.GOOS == "linux" && os.Getenv("FEEDDATE_GO_EXPECT_NO_MEMBARRIER") == "" {
		t.Fatal("membarrier(2) is refused here, so the plain-store way goes untested: " +
			"set FEEDDATE_GO_EXPECT_NO_MEMBARRIER=1 where that is expected (seccomp, a kernel before 4.14)")
	}
	t.Logf("calls publish their formatter with %s", map[bool]string{true: "plain stores (membarrier works)", false: "an atomic exchange (no membarrier)"}[feeddate.Asymmetric()])
}

// Format and Label take no lock (a hazard slot per thread, fdgo.c): Close
// lands among tight loops of them, no Gosched between calls, at a different
// moment each round. Every call gets the right label or ErrClosed, and
// ErrClosed for good once seen; a formatter freed under a call would crash
// or garble labels here.
func TestCloseRaceFormatLabel(t *testing.T) {
	budget := time.Second
	opts := feeddate.Options{Style: feeddate.Feed, Locale: "zh_CN", TimeZone: "Asia/Shanghai"}
	workers := 2 * runtime.GOMAXPROCS(0)
	if workers < 4 {
		workers = 4
	}
	var labels, closed atomic.Int64
	start := time.Now()
	rounds := 0
	for ; time.Since(start) < budget; rounds++ {
		f, err := feeddate.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		var wg, started sync.WaitGroup
		errs := make(chan error, workers)
		for w := 0; w < workers; w++ {
			wg.Add(1)
			started.Add(1)
			go func(w int) {
				defer wg.Done()
				for k := 0; ; k++ {
					var err error
					if (k+w)%2 == 0 {
						var s string
						if s, err = f.Format(yday, now2024); err == nil && s != "昨天" {
							err = fmt.Errorf("Format = %q", s)
						}
					} else {
						var l feeddate.Label
						if l, err = f.Label(yday, now2024); err == nil && (l.Text != "昨天" || l.NextChange.UnixMilli() != 1711382400000) {
							err = fmt.Errorf("Label = %+v", l)
						}
					}
					if k == 0 {
						started.Done()
					}
					if err == feeddate.ErrClosed {
						closed.Add(1)
						if _, err := f.Format(yday, now2024); err != feeddate.ErrClosed {
							errs <- fmt.Errorf("Format after ErrClosed: %v", err)
						} else if _, err := f.Label(yday, now2024); err != feeddate.ErrClosed {
							errs <- fmt.Errorf("Label after ErrClosed: %v", err)
						}
						return
					}
					if err != nil {
						errs <- err
						return
					}
					labels.Add(1)
				}
			}(w)
		}
		started.Wait()
		for spin := 0; spin < rounds%64*50; spin++ { // Close at a different moment each round
			_ = spin
		}
		f.Close()
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatalf("round %d: %v", rounds, err)
		}
	}
	// Rounds are few on a busy machine (Close waits for a P among tight loops).
	if rounds < 5 || closed.Load() != int64(rounds*workers) {
		t.Errorf("%d rounds, %d ErrClosed (want one a goroutine a round, %d)", rounds, closed.Load(), rounds*workers)
	}
	t.Logf("%d rounds of Close racing %d goroutines in tight loops: %d right labels, %d ErrClosed",
		rounds, workers, labels.Load(), closed.Load())
}

// A Formatter that New did not make (the zero value) is a closed one: every
// method says ErrClosed, nothing reaches C.
func TestZeroFormatterIsClosed(t *testing.T) {
	var f feeddate.Formatter
	if _, err := f.Format(yday, now2024); err != feeddate.ErrClosed {
		t.Errorf("Format: %v, want ErrClosed", err)
	}
	if _, err := f.Label(yday, now2024); err != feeddate.ErrClosed {
		t.Errorf("Label: %v, want ErrClosed", err)
	}
	if _, _, err := f.FormatMany([]time.Time{yday}, now2024); err != feeddate.ErrClosed {
		t.Errorf("FormatMany: %v, want ErrClosed", err)
	}
	if _, err := f.Schedule(yday, now2024, feeddate.DefaultHorizon, 1); err != feeddate.ErrClosed {
		t.Errorf("Schedule: %v, want ErrClosed", err)
	}
	if err := f.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
}
