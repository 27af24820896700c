//go:build !(linux || darwin || freebsd || netbsd || openbsd)

package feeddate

func rlimitAS() (uint64, string) { return 0, "" }
