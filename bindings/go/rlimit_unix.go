//go:build linux || darwin || freebsd || netbsd || openbsd

package feeddate

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// rlimitAS is the room left under RLIMIT_AS (ulimit -v): the limit less the
// address space mapped now, from /proc/self/statm where there is one.
func rlimitAS() (uint64, string) {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil || uint64(r.Cur) == ^uint64(0) {
		return 0, ""
	}
	limit := uint64(r.Cur)
	mapped := uint64(0)
	if data, err := os.ReadFile("/proc/self/statm"); err == nil {
		if f := strings.Fields(string(data)); len(f) > 0 {
			if pages, err := strconv.ParseUint(f[0], 10, 64); err == nil {
				mapped = pages * uint64(os.Getpagesize())
			}
		}
	}
	return sub(limit, mapped), "RLIMIT_AS " + byteSize(limit)
}
