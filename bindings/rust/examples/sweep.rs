//! The Rust runner of the label sweep (Tests/sweep/README.md): every
//! formatter of a plan (Tests/sweep/sweep_plan.py) labels every instant of it
//! through the binding, one line per label, byte for byte what
//! Tests/sweep/sweep_run.c writes.
//!
//!     cargo run --offline --release --example sweep -- PLAN OUT
//!
//! OUT gets "text<TAB>next_change_ms" ("-" when the label never changes) per
//! label, or "!error" when the formatter or the label fails; a summary goes
//! to stderr. Exit 0 after the sweep (whatever the labels), 2 on a usage,
//! plan or output error. The plan is read as strictly as Tests/c/jsonl.c
//! reads it, by the vector suites' reader (tests/common/mod.rs, std only).
use std::ffi::{c_char, c_int, c_void, CStr};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::process::exit;

use feeddate::Formatter;

fn fail(message: impl std::fmt::Display) -> ! {
    eprintln!("sweep_run (rust): {message}");
    exit(2)
}

// The vector suites' JSON reader and options (Tests/vectors/README.md), as
// strict as Tests/c/jsonl.c and Tests/c/vector_options.c: one reading of a
// line for the tests and the sweep.
#[path = "../tests/common/mod.rs"]
mod common;
use common::{options, Json, Reader};

/// The file fd_format comes from, as the loader named it (the C runner's
/// way): the binding does not say which library it loaded.
fn library_file() -> String {
    #[repr(C)]
    struct DlInfo {
        fname: *const c_char,
        fbase: *mut c_void,
        sname: *const c_char,
        saddr: *mut c_void,
    }
    extern "C" {
        fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
        fn dladdr(address: *const c_void, info: *mut DlInfo) -> c_int;
    }
    // SAFETY: RTLD_DEFAULT is the null handle on glibc; dladdr fills info.
    unsafe {
        let symbol = dlsym(std::ptr::null_mut(), c"fd_format".as_ptr());
        let mut info = std::mem::zeroed::<DlInfo>();
        if symbol.is_null() || dladdr(symbol, &mut info) == 0 || info.fname.is_null() {
            return "?".into();
        }
        CStr::from_ptr(info.fname).to_string_lossy().into_owned()
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 3 {
        fail("usage: sweep PLAN OUT");
    }
    let (plan_path, out_path) = (&args[1], &args[2]);
    let data = std::fs::read(plan_path).unwrap_or_else(|e| fail(format!("{plan_path}: {e}")));
    // The plan's non-blank lines (blank: spaces, tabs and CRs only), with their numbers.
    let mut lines = data
        .split(|&b| b == b'\n')
        .enumerate()
        .filter(|(_, line)| line.iter().any(|b| !matches!(b, b' ' | b'\t' | b'\r')))
        .map(|(i, line)| (i + 1, line));

    let header = match lines.next().map(|(_, line)| Reader::parse(line)) {
        Some(Ok(h)) => h,
        Some(Err(e)) => fail(format!("the plan has no header line: {e}")),
        None => fail(format!("the plan has no header line: {plan_path}")),
    };
    let (Some(Json::Int(1)), Some(&Json::Int(now)), Some(Json::Array(items))) =
        (header.get("sweep"), header.get("now_ms"), header.get("t_ms"))
    else {
        fail(format!(
            "the plan's header is not {{\"sweep\": 1, \"now_ms\": ..., \"t_ms\": [...]}}: {plan_path}"
        ))
    };
    let ts: Vec<i64> = items
        .iter()
        .map(|t| match t {
            Json::Int(t) => *t,
            _ => fail(format!("t_ms holds something other than integers: {plan_path}")),
        })
        .collect();

    let file = File::create(out_path).unwrap_or_else(|e| fail(format!("{out_path}: {e}")));
    let mut out = BufWriter::with_capacity(1 << 20, file);
    let (mut formatters, mut labels, mut errors) = (0usize, 0usize, 0usize);
    for (number, line) in lines {
        let line = Reader::parse(line)
            .unwrap_or_else(|e| fail(format!("a malformed plan line: {plan_path}, line {number}: {e}")));
        let (Json::Object(line), Some(Json::Str(_))) = (&line, line.get("style")) else {
            fail(format!("a plan line without a style: {plan_path}"))
        };
        let o = options(line).unwrap_or_else(|e| fail(format!("{plan_path}, line {number}: {e}")));
        let made = Formatter::new(&o);
        formatters += 1;
        for &t in &ts {
            labels += 1;
            let written = match made.as_ref().map(|f| f.label(t, now)) {
                Ok(Ok(l)) => match l.next_change_ms {
                    Some(next) => writeln!(out, "{}\t{next}", l.text),
                    None => writeln!(out, "{}\t-", l.text),
                },
                _ => {
                    errors += 1;
                    out.write_all(b"!error\n")
                }
            };
            if let Err(e) = written {
                fail(format!("{out_path}: {e}"));
            }
        }
    }
    // The last of the buffer; the file is closed when dropped (close reports
    // nothing a flush of a regular file has not).
    drop(
        out.into_inner()
            .unwrap_or_else(|e| fail(format!("{out_path}: {}", e.error()))),
    );
    eprintln!(
        "sweep_run (rust): {} (library {}, {}): {formatters} formatters, {labels} labels, {errors} errors",
        library_file(),
        feeddate::version(),
        feeddate::data_version()
    );
}
