package feeddate

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// quoteMax is how much of a caller's value a message quotes (SPEC 7, 1.2).
const quoteMax = 64

// quote writes a caller's value for a message, safe for a log line as the
// library's own messages are (SPEC section 7, 1.2): in double quotes; \n and
// \t as those two characters; every other C0 or C1 control and DEL as \xNN
// (its code point, lowercase hex) and each byte of invalid UTF-8 as \xNN;
// and a value longer than 64 bytes cut at a character boundary within its
// first 64 bytes, with "…". A 1 MB id never makes a 1 MB message.
func quote(v string) string {
	end, cut := len(v), false
	if end > quoteMax {
		end, cut = quoteMax, true
	}
	var b strings.Builder
	b.Grow(end + 8)
	b.WriteByte('"')
	for i := 0; i < end; {
		r, size := utf8.DecodeRuneInString(v[i:])
		switch {
		case r == utf8.RuneError && size == 1: // a byte of invalid UTF-8
			hex(&b, v[i])
		case i+size > end: // the character would cross the cut
			end = i
			continue
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f):
			hex(&b, byte(r))
		default:
			b.WriteString(v[i : i+size])
		}
		i += size
	}
	if cut {
		b.WriteString("…")
	}
	b.WriteByte('"')
	return b.String()
}

func hex(b *strings.Builder, c byte) {
	const digits = "0123456789abcdef"
	b.WriteString(`\x`)
	b.WriteByte(digits[c>>4])
	b.WriteByte(digits[c&15])
}

// invalidAt is the offset of the first byte of v that is not valid UTF-8.
func invalidAt(v string) int {
	for i := 0; i < len(v); {
		r, size := utf8.DecodeRuneInString(v[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(v)
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
