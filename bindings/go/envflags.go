//go:build feeddate_env

package feeddate

// -tags feeddate_env: no pkg-config; the header and library directories come
// from the environment (CGO_CFLAGS=-I<dir of feeddate.h>,
// CGO_LDFLAGS=-L<dir of libfeeddate.so>).

// #cgo LDFLAGS: -lfeeddate
import "C"
