package feeddate

/*
#include "fdgo.h"
*/
import "C"

import (
	"fmt"
	"strconv"
	"unsafe"
)

// quoteRead is how much of a value fd_quote reads: the 64 bytes a message
// quotes and enough past them to know where the cut falls.
const quoteRead = 68

// quote writes a caller's value for a message the binding words itself (a
// NUL, which no C string carries; a Location the library cannot take): the
// library's fd_quote (1.3), so every message quotes as fd_last_error does
// (SPEC section 7, 1.2; include/feeddate.h): in double quotes, \n and \t as
// those two characters, other C0 and C1 controls, DEL and each byte of
// invalid UTF-8 as \xNN, a value longer than 64 bytes cut at a character
// boundary within its first 64 bytes, with "…". Only the first 68 bytes
// cross, so a 1 MB id never makes a 1 MB message, nor a 1 MB copy.
func quote(v string) string {
	var b [quoteRead]byte
	n := copy(b[:], v)
	r := C.fdgo_quote((*C.char)(unsafe.Pointer(&b[0])), C.size_t(n))
	if r.status != C.FD_OK || r.length >= C.size_t(len(r.text)) { // FD_QUOTE_CAPACITY always fits
		// A broken library: the message says so rather than the value.
		return fmt.Sprintf("(a value fd_quote failed to quote: status %d)", int(r.status))
	}
	return C.GoStringN(&r.text[0], C.int(r.length))
}

// byteSize writes a count of bytes for a message, in decimal units:
// "512 bytes", "12.3 MB", "1.60 GB".
func byteSize(n uint64) string {
	const k = 1000
	switch {
	case n < k*k:
		return strconv.FormatUint(n, 10) + " bytes"
	case n < k*k*k:
		return strconv.FormatFloat(float64(n)/(k*k), 'f', 1, 64) + " MB"
	default:
		return strconv.FormatFloat(float64(n)/(k*k*k), 'f', 2, 64) + " GB"
	}
}
