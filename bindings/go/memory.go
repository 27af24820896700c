package feeddate

import (
	"bufio"
	"bytes"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
)

// availableMemory is how many more bytes this process may allocate, and the
// limit that says so ("" when none is known): the least of
//   - the room left under Go's memory limit, when the program set one
//     (debug.SetMemoryLimit or $GOMEMLIMIT): the limit less what the Go
//     runtime holds now;
//   - RLIMIT_AS less the address space mapped now (/proc/self/statm);
//   - each enclosing cgroup's memory.max less its memory.current (cgroup
//     v2), or memory.limit_in_bytes less memory.usage_in_bytes (v1);
//   - /proc/meminfo's MemAvailable plus SwapFree: what the system can give
//     without killing anyone.
//
// Called only before batches of more than one chunk, so its reads of /proc
// and /sys cost nothing next to the batch.
func availableMemory() (uint64, string) {
	best, limit := uint64(math.MaxUint64), ""
	take := func(avail uint64, what string) {
		if avail < best {
			best, limit = avail, what
		}
	}
	if lim := debug.SetMemoryLimit(-1); lim >= 0 && lim < math.MaxInt64 {
		take(sub(uint64(lim), goMemoryHeld()), "debug.SetMemoryLimit "+byteSize(uint64(lim)))
	}
	if avail, what := rlimitAS(); what != "" {
		take(avail, what)
	}
	if avail, what := cgroupMemory(); what != "" {
		take(avail, what)
	}
	if m := meminfo(); m["MemAvailable"] > 0 {
		take(m["MemAvailable"]+m["SwapFree"], "MemAvailable "+byteSize(m["MemAvailable"])+" + SwapFree "+byteSize(m["SwapFree"])+" in /proc/meminfo")
	}
	return best, limit
}

func sub(a, b uint64) uint64 {
	if b >= a {
		return 0
	}
	return a - b
}

// goMemoryHeld is the memory the Go runtime holds from the OS, as its memory
// limit counts it (all memory classes less heap released to the OS).
func goMemoryHeld() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 || s[1].Value.Kind() != metrics.KindUint64 {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.Sys - m.HeapReleased
	}
	return sub(s[0].Value.Uint64(), s[1].Value.Uint64())
}

// readUint reads a file holding one number ("max" or a missing file: false).
func readUint(path string) (uint64, bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	v, err := strconv.ParseUint(string(bytes.TrimSpace(data)), 10, 64)
	return v, err == nil
}

// cgroupMemory is the least room under the memory limits of this process's
// cgroup and the cgroups above it that are visible. A v1 limit of about
// 2^63 means none.
func cgroupMemory() (uint64, string) {
	data, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return 0, ""
	}
	best, limit := uint64(math.MaxUint64), ""
	walk := func(root, path, maxFile, usedFile string) {
		// The process's own cgroup and its ancestors; inside a cgroup
		// namespace or a container the path may not be mounted as written,
		// so the mount's root is tried last.
		dirs := []string{}
		for d := filepath.Join(root, path); strings.HasPrefix(d, root); d = filepath.Dir(d) {
			dirs = append(dirs, d)
			if d == root {
				break
			}
		}
		for _, d := range dirs {
			max, ok := readUint(filepath.Join(d, maxFile))
			if !ok || max >= 1<<62 {
				continue
			}
			used, _ := readUint(filepath.Join(d, usedFile))
			if avail := sub(max, used); avail < best {
				best, limit = avail, filepath.Join(d, maxFile)+" "+byteSize(max)
			}
		}
	}
	for _, line := range strings.Split(string(data), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		switch {
		case parts[0] == "0" && parts[1] == "":
			walk("/sys/fs/cgroup", parts[2], "memory.max", "memory.current")
		case hasWord(parts[1], "memory"):
			walk("/sys/fs/cgroup/memory", parts[2], "memory.limit_in_bytes", "memory.usage_in_bytes")
		}
	}
	return best, limit
}

func hasWord(list, w string) bool {
	for _, s := range strings.Split(list, ",") {
		if s == w {
			return true
		}
	}
	return false
}

// meminfo reads /proc/meminfo in bytes.
func meminfo() map[string]uint64 {
	m := map[string]uint64{}
	file, err := os.Open("/proc/meminfo")
	if err != nil {
		return m
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		f := strings.Fields(sc.Text()) // "MemAvailable:   22292000 kB"
		if len(f) >= 2 {
			if v, err := strconv.ParseUint(f[1], 10, 64); err == nil {
				if len(f) == 3 && f[2] == "kB" {
					v *= 1024
				}
				m[strings.TrimSuffix(f[0], ":")] = v
			}
		}
	}
	return m
}
