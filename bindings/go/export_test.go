package feeddate

import "time"

// Hooks for the tests of package feeddate_test.

// SetChunkSize sets how many instants one library call of FormatMany takes
// and returns a function that restores the default.
func SetChunkSize(n int) (restore func()) {
	old := chunkSize
	chunkSize = n
	return func() { chunkSize = old }
}

// SetMemAvailable makes FormatMany's memory check ask avail (bytes the
// process may still use, and the limit that says so) and returns a function
// that restores the real check.
func SetMemAvailable(avail func() (uint64, string)) (restore func()) {
	old := memAvailable
	memAvailable = avail
	return func() { memAvailable = old }
}

// AvailableMemory is the real check's answer.
func AvailableMemory() (uint64, string) { return availableMemory() }

// Quote is the quoting of caller's values in the binding's own messages.
func Quote(v string) string { return quote(v) }

// SetScheduleGuess(false) makes Schedule start with buffers of one byte, so
// that every call grows them to the size the library reports; the returned
// function restores the guess.
func SetScheduleGuess(on bool) (restore func()) {
	old := scheduleGuess
	scheduleGuess = on
	return func() { scheduleGuess = old }
}

// HorizonMillis is Schedule's reading of a horizon in milliseconds.
func HorizonMillis(d time.Duration) int64 { return horizonMillis(d) }

// Asymmetric says whether Format and Label publish their formatter with plain
// stores (membarrier works) or with an atomic exchange (fdgo.c).
func Asymmetric() bool { return asymmetric }

// Millis is the binding's reading of an instant in milliseconds.
func Millis(t time.Time) int64 { return int64(millis(t)) }
