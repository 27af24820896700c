//go:build !feeddate_env

package feeddate

// The default: the library is found through pkg-config (feeddate.pc, from
// the libfeeddate-dev package, or one that PKG_CONFIG_PATH points to).
// Build with -tags feeddate_env to take CGO_CFLAGS / CGO_LDFLAGS instead.

// #cgo pkg-config: feeddate
import "C"
