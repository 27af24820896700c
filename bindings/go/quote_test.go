package feeddate_test

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	feeddate "github.com/feeddate/feeddate/bindings/go"
)

// A line of Tests/vectors/quote/quote-1.3.jsonl (make_quote.py): Go strings
// hold any bytes, so Go runs every case, from its bytes (utf16 is for the
// UTF-16 bindings).
type quoteVector struct {
	Case   string `json:"case"`
	Bytes  string `json:"bytes"`
	NUL    *bool  `json:"nul"`
	Quoted string `json:"quoted"`
}

// quoteFile is $FEEDDATE_QUOTE_VECTORS, else the checkout's file.
func quoteFile() string {
	if f := os.Getenv("FEEDDATE_QUOTE_VECTORS"); f != "" {
		return f
	}
	return filepath.Join(vectorRoot, "quote", "quote-1.3.jsonl")
}

// One quoting rule (issue 37 item 2): per case, the binding's quoting (a
// call of fd_quote) gives "quoted", and a formatter with the value as its
// zone fails with a message that quotes it so: the binding's own for a NUL,
// which no C string carries, the library's FD_ERR_TIME_ZONE for the rest.
// No file is a failure, never a skip.
func TestQuoteVectors(t *testing.T) {
	file := quoteFile()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	ran := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var v quoteVector
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s:%d: %v", file, line, err)
		}
		raw, err := hex.DecodeString(v.Bytes)
		if err != nil || v.Case == "" || v.Quoted == "" || v.NUL == nil {
			t.Fatalf("%s:%d: a case needs case, bytes (hex), nul and quoted (%v)", file, line, err)
		}
		value := string(raw)
		what := filepath.Base(file) + ":" + v.Case
		if got := feeddate.Quote(value); got != v.Quoted {
			t.Errorf("%s: Quote = %s, want %s", what, got, v.Quoted)
		}
		if *v.NUL != strings.Contains(value, "\x00") {
			t.Errorf("%s: nul is %v for bytes %s", what, *v.NUL, v.Bytes)
		}
		f, err := feeddate.New(feeddate.Options{Locale: "en_US", TimeZone: value})
		if f != nil {
			f.Close()
		}
		if *v.NUL {
			wantError(t, what, err, feeddate.StatusArgument, "time_zone "+v.Quoted+" contains a NUL byte")
		} else {
			wantError(t, what, err, feeddate.StatusTimeZone, "unknown time zone "+v.Quoted)
		}
		ran++
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if ran == 0 {
		t.Fatalf("%s: no quote vector", file)
	}
	t.Logf("%d quote vectors", ran)
}

// Only the first 68 bytes of a value cross to fd_quote (all it reads): a
// 1 MB value is quoted as its prefix is, and the empty string as "".
func TestQuotePrefix(t *testing.T) {
	x := strings.Repeat("x", 64)
	for _, c := range []struct{ in, want string }{
		{"", `""`},
		{strings.Repeat("x", 1<<20), `"` + x + `…"`},
		{strings.Repeat("x", 67), `"` + x + `…"`},
		{strings.Repeat("x", 68), `"` + x + `…"`},
		{strings.Repeat("\x00", 1<<20), `"` + strings.Repeat(`\x00`, 64) + `…"`},
		{strings.Repeat("a", 63) + "\U0001F600" + strings.Repeat("b", 1<<20), `"` + strings.Repeat("a", 63) + `…"`},
	} {
		if got := feeddate.Quote(c.in); got != c.want {
			t.Errorf("Quote(%.80q) = %s, want %s", c.in, got, c.want)
		}
	}
}
