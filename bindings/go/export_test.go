package feeddate

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
