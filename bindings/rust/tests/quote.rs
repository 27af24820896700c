//! One quoting rule (issue 37 item 2): the lines of
//! Tests/vectors/quote/quote-1.3.jsonl (FEEDDATE_QUOTE_VECTORS, else the
//! checkout's file; make_quote.py says what a line holds) through the
//! crate's quoting, a call of the library's `fd_quote`, and through a
//! formatter's time zone. A `&str` is UTF-8, so the cases whose bytes are
//! not (invalid bytes, lone surrogates as WTF-8) are other bindings' to run.

use std::path::PathBuf;

use feeddate::{quote, Formatter, Options, Status, Style};

mod common;
use common::{boolean, field, string, vector_root, Json, Reader};

fn quote_file() -> PathBuf {
    match std::env::var("FEEDDATE_QUOTE_VECTORS") {
        Ok(f) if !f.is_empty() => PathBuf::from(f),
        _ => vector_root().join("quote").join("quote-1.3.jsonl"),
    }
}

fn unhex(hex: &str) -> Result<Vec<u8>, String> {
    if hex.len() % 2 != 0 {
        return Err(format!("odd hex {hex:?}"));
    }
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).map_err(|e| format!("hex {hex:?}: {e}")))
        .collect()
}

// Per case a `&str` holds: quote gives "quoted", and a formatter with the
// value as its zone fails with a message quoting it so: the crate's own for
// a NUL (no C string carries it), the library's Status::TimeZone for the
// rest. No file is a failure, never a skip.
#[test]
fn quote_vectors() {
    let path = quote_file();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (mut ran, mut not_utf8) = (0usize, 0usize);
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let place = format!("{}:{}", path.display(), i + 1);
        let m = match Reader::parse(line) {
            Ok(Json::Object(m)) => m,
            other => panic!("{place}: not an object: {other:?}"),
        };
        let get = |k: &str| {
            field(&m, k)
                .and_then(string)
                .unwrap_or_else(|e| panic!("{place}: {k}: {e}"))
        };
        let (name, quoted) = (get("case"), get("quoted"));
        let nul = field(&m, "nul")
            .and_then(boolean)
            .unwrap_or_else(|e| panic!("{place}: nul: {e}"));
        let bytes = unhex(&get("bytes")).unwrap_or_else(|e| panic!("{place}: {e}"));
        let Ok(value) = String::from_utf8(bytes) else {
            not_utf8 += 1;
            continue;
        };
        let place = format!("{place} ({name})");
        assert_eq!(quote(&value), quoted, "{place}: quote");
        assert_eq!(nul, value.contains('\0'), "{place}: nul");
        let e = Formatter::new(&Options::new(Style::Feed).locale("en_US").time_zone(value))
            .expect_err(&format!("{place}: a formatter"));
        let (status, words) = if nul {
            (Status::Argument, format!("time_zone {quoted} contains a NUL byte"))
        } else {
            (Status::TimeZone, format!("unknown time zone {quoted}"))
        };
        assert_eq!(e.status(), status, "{place}: {e}");
        assert!(
            e.message().contains(&words),
            "{place}: message {:?} does not hold {words:?}",
            e.message()
        );
        ran += 1;
    }
    assert!(ran > 0, "{}: no quote vector a &str holds", path.display());
    println!("quote vectors run: {ran} (not UTF-8, other bindings': {not_utf8})");
}

// Only the first 68 bytes of a value cross to fd_quote (all it reads), even
// where byte 68 splits a character: a 1 MB value is quoted as its prefix is.
#[test]
fn quote_reads_a_prefix() {
    let x = "x".repeat(64);
    for (value, want) in [
        (String::new(), "\"\"".to_string()),
        ("x".repeat(1 << 20), format!("\"{x}…\"")),
        ("x".repeat(68), format!("\"{x}…\"")),
        ("\u{1}".repeat(1 << 20), format!("\"{}…\"", "\\x01".repeat(64))),
        (
            format!("{}😀{}", "a".repeat(66), "b".repeat(1 << 20)),
            format!("\"{}…\"", "a".repeat(64)),
        ),
        (
            format!("{}é{}", "a".repeat(63), "b".repeat(10)),
            format!("\"{}…\"", "a".repeat(63)),
        ),
    ] {
        assert_eq!(quote(&value), want, "{:?}…", value.chars().take(80).collect::<String>());
    }
}
