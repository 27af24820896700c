// Command sweep: the Go runner of the label sweep (Tests/sweep/README.md):
// every formatter of a plan (Tests/sweep/sweep_plan.py) labels every instant
// of it through the binding, one line per label, byte for byte what
// Tests/sweep/sweep_run.c writes.
//
//	go run ./internal/sweep PLAN OUT
//
// OUT gets "text<TAB>next_change_ms" ("-" when the label never changes) per
// label, or "!error" when the formatter or the label fails; a summary goes
// to stderr. Exit 0 after the sweep (whatever the labels), 2 on a usage,
// plan or output error.
package main

/*
#cgo LDFLAGS: -ldl
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

// The file fd_format comes from, as the loader named it (the C runner's way):
// the binding does not say which library it loaded.
static const char *sweep_library_file(void) {
	Dl_info where;
	void *symbol = dlsym(RTLD_DEFAULT, "fd_format");
	return symbol && dladdr(symbol, &where) && where.dli_fname ? where.dli_fname : "?";
}
*/
import "C"

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"
	"unicode/utf8"

	feeddate "github.com/feeddate/feeddate/bindings/go"
	"github.com/feeddate/feeddate/bindings/go/internal/vectors"
)

func fail(format string, a ...any) {
	fmt.Fprintf(os.Stderr, "sweep_run (go): "+format+"\n", a...)
	os.Exit(2)
}

// is says whether raw is a JSON value that starts with c ('"', '{', '['): a
// string, object or array, not null (which decodes into anything as nothing).
func is(raw json.RawMessage, c byte) bool { return len(raw) > 0 && raw[0] == c }

// integer decodes raw, a JSON integer that fits in int64, into n.
func integer(raw json.RawMessage, n *int64) bool {
	return len(raw) > 0 && raw[0] != 'n' && json.Unmarshal(raw, n) == nil
}

// noDuplicateKeys walks the tokens of one JSON text and refuses an object
// that names a key twice, as Tests/c/jsonl.c does.
func noDuplicateKeys(text []byte) error {
	type level struct {
		keys    map[string]bool // nil for an array
		wantKey bool
	}
	var stack []level
	valueDone := func() {
		if n := len(stack); n > 0 && stack[n-1].keys != nil {
			stack[n-1].wantKey = true
		}
	}
	d := json.NewDecoder(bytes.NewReader(text))
	for {
		t, err := d.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if n := len(stack); n > 0 && stack[n-1].wantKey {
			if key, ok := t.(string); ok {
				if stack[n-1].keys[key] {
					return fmt.Errorf("duplicate key %q", key)
				}
				stack[n-1].keys[key], stack[n-1].wantKey = true, false
				continue
			}
		}
		switch t {
		case json.Delim('{'):
			stack = append(stack, level{keys: map[string]bool{}, wantKey: true})
		case json.Delim('['):
			stack = append(stack, level{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			valueDone()
		default:
			valueDone()
		}
	}
}

func main() {
	if len(os.Args) != 3 {
		fail("usage: go run ./internal/sweep PLAN OUT")
	}
	planPath, outPath := os.Args[1], os.Args[2]
	data, err := os.ReadFile(planPath)
	if err != nil {
		fail("%v", err)
	}
	// The plan's non-blank lines (blank: spaces, tabs and CRs only), with their numbers.
	lineNo, pos := 0, 0
	next := func() ([]byte, bool) {
		for pos < len(data) {
			end := bytes.IndexByte(data[pos:], '\n')
			if end < 0 {
				end = len(data) - pos
			}
			line := data[pos : pos+end]
			pos += end + 1
			lineNo++
			if len(bytes.Trim(line, " \t\r")) > 0 {
				return line, true
			}
		}
		return nil, false
	}
	// A line as encoding/json reads it, with what it lets through refused:
	// bytes that are not UTF-8 (it would replace them) and duplicate keys (it
	// would keep the last). Keys match exactly (into a map, not a struct).
	decode := func(line []byte) (map[string]json.RawMessage, error) {
		if !utf8.Valid(line) {
			return nil, fmt.Errorf("not UTF-8")
		}
		if err := noDuplicateKeys(line); err != nil {
			return nil, err
		}
		var m map[string]json.RawMessage
		return m, json.Unmarshal(line, &m)
	}

	line, ok := next()
	if !ok {
		fail("the plan has no header line: %s", planPath)
	}
	header, err := decode(line)
	if err != nil {
		fail("the plan has no header line: %v", err)
	}
	var sweep, nowMs int64
	var items []json.RawMessage
	if !integer(header["sweep"], &sweep) || sweep != 1 || !integer(header["now_ms"], &nowMs) ||
		!is(header["t_ms"], '[') || json.Unmarshal(header["t_ms"], &items) != nil {
		fail("the plan's header is not {\"sweep\": 1, \"now_ms\": ..., \"t_ms\": [...]}: %s", planPath)
	}
	ts := make([]time.Time, len(items))
	for i, raw := range items {
		var t int64
		if !integer(raw, &t) {
			fail("t_ms holds something other than integers: %s", planPath)
		}
		ts[i] = time.UnixMilli(t)
	}
	now := time.UnixMilli(nowMs)

	file, err := os.Create(outPath)
	if err != nil {
		fail("%v", err)
	}
	out := bufio.NewWriterSize(file, 1<<20)
	var formatters, labels, errors int
	var number []byte
	for {
		line, ok := next()
		if !ok {
			break
		}
		plan, err := decode(line)
		if err != nil {
			fail("a malformed plan line: %s, line %d: %v", planPath, lineNo, err)
		}
		var name string
		if !is(plan["style"], '"') || json.Unmarshal(plan["style"], &name) != nil {
			fail("a plan line without a style: %s, line %d", planPath, lineNo)
		}
		var options map[string]json.RawMessage
		if !is(plan["options"], '{') || json.Unmarshal(plan["options"], &options) != nil {
			fail("%s, line %d: options missing or not an object", planPath, lineNo)
		}
		// The vector suites' mapping (vectors_test.go, internal/vectors).
		o, err := vectors.Options(name, options)
		if err != nil {
			fail("%s, line %d: %v", planPath, lineNo, err)
		}
		f, made := feeddate.New(o)
		formatters++
		for _, t := range ts {
			labels++
			var l feeddate.Label
			if made == nil {
				l, err = f.Label(t, now)
			}
			if made != nil || err != nil {
				errors++
				out.WriteString("!error\n")
				continue
			}
			out.WriteString(l.Text)
			if next, changes := l.Next(); changes {
				number = strconv.AppendInt(append(number[:0], '\t'), next.UnixMilli(), 10)
				number = append(number, '\n')
				out.Write(number)
			} else {
				out.WriteString("\t-\n")
			}
		}
		if made == nil {
			f.Close()
		}
	}
	if err := out.Flush(); err != nil {
		fail("%s: %v", outPath, err)
	}
	if err := file.Close(); err != nil {
		fail("%s: %v", outPath, err)
	}
	fmt.Fprintf(os.Stderr, "sweep_run (go): %s (library %s, %s): %d formatters, %d labels, %d errors\n",
		C.GoString(C.sweep_library_file()), feeddate.Version(), feeddate.DataVersion(), formatters, labels, errors)
}
