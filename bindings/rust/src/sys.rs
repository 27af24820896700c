//! The C declarations of `include/feeddate.h`, as they are: every type,
//! status code, enum value, limit and function of the header, under the
//! header's names. A test (`sys::tests`) fails when the header declares a
//! constant or enum value (Tests/vectors/header/header.jsonl holds them),
//! struct or function this module does not, or with another value.
//!
//! A module of the `feeddate` crate rather than a `feeddate-sys` crate of
//! its own: the crate that runs the build script with `links = "feeddate"`
//! is the only one whose dependents get `DEP_FEEDDATE_RPATH` (Cargo passes a
//! build script's metadata to direct dependents only), and that contract is
//! made to programs that depend on `feeddate` (README.md, "Linking").
#![allow(non_camel_case_types)]

use std::os::raw::c_char;

pub type fd_status = i32;
pub type fd_style = u32;
pub type fd_hour_cycle = u32;
pub type fd_width = u32;
pub type fd_unit = u32;

// fd_status: FD_OK is 0; every other value is an error.
pub const FD_OK: fd_status = 0;
/// A NULL pointer, an unknown style or option value, an unpublished size.
pub const FD_ERR_ARGUMENT: fd_status = 1;
/// A malformed locale id, or one without data.
pub const FD_ERR_LOCALE: fd_status = 2;
/// An unknown time zone id (never a silent GMT).
pub const FD_ERR_TIME_ZONE: fd_status = 3;
/// An instant outside `FD_MIN_INSTANT_MS..=FD_MAX_INSTANT_MS`.
pub const FD_ERR_RANGE: fd_status = 4;
/// The caller's buffer is too small; the needed size is reported.
pub const FD_ERR_BUFFER: fd_status = 5;
/// ICU failed (missing locale data, ...).
pub const FD_ERR_ICU: fd_status = 6;
/// Out of memory.
pub const FD_ERR_MEMORY: fd_status = 7;
/// (1.1) A broken invariant: no label rather than a wrong one.
pub const FD_ERR_INTERNAL: fd_status = 8;

// fd_style (SPEC section 3).
pub const FD_STYLE_FEED: fd_style = 0;
pub const FD_STYLE_FEED_DETAIL: fd_style = 1;
pub const FD_STYLE_CHAT_LIST: fd_style = 2;
pub const FD_STYLE_CHAT_BUBBLE: fd_style = 3;
pub const FD_STYLE_RELATIVE: fd_style = 4;
pub const FD_STYLE_COMPACT: fd_style = 5;
pub const FD_STYLE_COUNTDOWN: fd_style = 6;

// fd_hour_cycle.
pub const FD_HOUR_CYCLE_LOCALE: fd_hour_cycle = 0;
pub const FD_HOUR_CYCLE_H23: fd_hour_cycle = 1;
pub const FD_HOUR_CYCLE_H12: fd_hour_cycle = 2;

// fd_width.
pub const FD_WIDTH_LONG: fd_width = 0;
pub const FD_WIDTH_SHORT: fd_width = 1;
pub const FD_WIDTH_NARROW: fd_width = 2;

// fd_unit (1.1): the largest unit counted; YEAR, 0, is no ceiling.
pub const FD_UNIT_YEAR: fd_unit = 0;
pub const FD_UNIT_MONTH: fd_unit = 1;
pub const FD_UNIT_WEEK: fd_unit = 2;
pub const FD_UNIT_DAY: fd_unit = 3;
pub const FD_UNIT_HOUR: fd_unit = 4;
pub const FD_UNIT_MINUTE: fd_unit = 5;
pub const FD_UNIT_SECOND: fd_unit = 6;

/// The API's major version, which this crate binds (`libfeeddate.so.1`).
pub const FD_VERSION_MAJOR: u32 = 1;
pub const FD_MIN_INSTANT_MS: i64 = -62_135_596_800_000;
pub const FD_MAX_INSTANT_MS: i64 = 253_402_300_799_999;
/// `next_change_ms` when the label never changes again inside the range.
pub const FD_NEVER: i64 = i64::MAX;
/// A buffer of this many bytes holds every label, with its NUL.
pub const FD_LABEL_CAPACITY: usize = 256;
/// (1.1) The stack a calling thread needs.
pub const FD_MIN_STACK_BYTES: usize = 65_536;
/// (1.2) The longest schedule horizon: 366 days.
pub const FD_SCHEDULE_MAX_HORIZON_MS: i64 = 31_622_400_000;
/// (1.2) The most entries a schedule takes.
pub const FD_SCHEDULE_MAX_ENTRIES: usize = 100_000;
/// (1.3) The default horizon: one day.
pub const FD_SCHEDULE_DEFAULT_HORIZON_MS: i64 = 86_400_000;
/// (1.3) The default number of entries.
pub const FD_SCHEDULE_DEFAULT_MAX_ENTRIES: usize = 1000;
/// (1.3) What `fd_quote` may write, NUL included: 2 quotes, 64 bytes as
/// `\xNN`, "…" and the NUL.
pub const FD_QUOTE_CAPACITY: usize = 262;
/// (1.3) `fd_schedule_html`'s flag for `data-spoken-schedule`.
pub const FD_HTML_SPOKEN: u32 = 0x1;

/// `fd_options`, field for field (the layout of the 1.1 header, which
/// `fd_options_init_sized` is given the size of).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct fd_options {
    pub size: u32,
    pub style: fd_style,
    pub locale: *const c_char,
    pub time_zone: *const c_char,
    pub hour_cycle: fd_hour_cycle,
    pub width: fd_width,
    pub recent_relative: i32,
    pub just_now_ms: i64,
    pub skew_tolerance_ms: i64,
    pub cross_year_grace_days: i32,
    pub weekday_window_days: i32,
    pub precision: i32,
    pub countdown_days: i32,
    // 1.1
    pub plain_spaces: i32,
    pub spoken: i32,
    pub overtime: i32,
    pub max_unit: fd_unit,
    pub just_now_text: *const c_char,
    pub yesterday_text: *const c_char,
    pub day_before_yesterday_text: *const c_char,
    pub tomorrow_text: *const c_char,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct fd_label {
    pub length: usize,
    pub next_change_ms: i64,
    pub day_offset: usize,
    pub day_length: usize,
    pub time_offset: usize,
    pub time_length: usize,
    pub expired: i32,
}

#[repr(C)]
pub struct fd_formatter {
    _private: [u8; 0],
}

/// (1.2) The arguments of `fd_format_utf16_call`, in memory.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct fd_utf16_call {
    pub formatter: *const fd_formatter,
    pub t_ms: i64,
    pub now_ms: i64,
    pub buf: *mut u16,
    pub cap: usize,
    pub info: *mut fd_label,
}

extern "C" {
    pub fn fd_options_init_sized(opts: *mut fd_options, size: usize, style: fd_style) -> fd_status;
    pub fn fd_formatter_new(opts: *const fd_options, out: *mut *mut fd_formatter) -> fd_status;
    pub fn fd_formatter_free(f: *mut fd_formatter);
    pub fn fd_format(
        f: *const fd_formatter,
        t_ms: i64,
        now_ms: i64,
        buf: *mut c_char,
        cap: usize,
        info: *mut fd_label,
    ) -> fd_status;
    pub fn fd_format_many(
        f: *const fd_formatter,
        t_ms: *const i64,
        n: usize,
        now_ms: i64,
        buf: *mut c_char,
        cap: usize,
        ends: *mut usize,
        next_change_min: *mut i64,
    ) -> fd_status;
    /// Fills the 1.0 layout, forever (the header's `fd_options_init` macro
    /// calls `fd_options_init_sized`; so does this crate).
    pub fn fd_options_init(opts: *mut fd_options, style: fd_style) -> fd_status;
    // 1.2
    pub fn fd_format_many_nul(
        f: *const fd_formatter,
        t_ms: *const i64,
        n: usize,
        now_ms: i64,
        buf: *mut c_char,
        cap: usize,
        ends: *mut usize,
        next_change_min: *mut i64,
    ) -> fd_status;
    pub fn fd_format_utf16(
        f: *const fd_formatter,
        t_ms: i64,
        now_ms: i64,
        buf: *mut u16,
        cap: usize,
        info: *mut fd_label,
    ) -> fd_status;
    pub fn fd_format_many_utf16(
        f: *const fd_formatter,
        t_ms: *const i64,
        n: usize,
        now_ms: i64,
        buf: *mut u16,
        cap: usize,
        ends: *mut usize,
        next_change_min: *mut i64,
    ) -> fd_status;
    pub fn fd_format_utf16_call(call: *const fd_utf16_call) -> fd_status;
    pub fn fd_schedule(
        f: *const fd_formatter,
        t_ms: i64,
        now_ms: i64,
        horizon_ms: i64,
        max_entries: usize,
        buf: *mut c_char,
        cap: usize,
        ends: *mut usize,
        from_ms: *mut i64,
        n: *mut usize,
        until_ms: *mut i64,
    ) -> fd_status;
    pub fn fd_schedule_json(
        f: *const fd_formatter,
        t_ms: i64,
        now_ms: i64,
        horizon_ms: i64,
        max_entries: usize,
        buf: *mut c_char,
        cap: usize,
        length: *mut usize,
    ) -> fd_status;
    // 1.3
    pub fn fd_quote(
        value: *const c_char,
        length: usize,
        buf: *mut c_char,
        cap: usize,
        quoted_length: *mut usize,
    ) -> fd_status;
    pub fn fd_schedule_html(
        f: *const fd_formatter,
        t_ms: i64,
        now_ms: i64,
        horizon_ms: i64,
        max_entries: usize,
        flags: u32,
        buf: *mut c_char,
        cap: usize,
        length: *mut usize,
    ) -> fd_status;
    pub fn fd_schedule_script_json(
        f: *const fd_formatter,
        t_ms: i64,
        now_ms: i64,
        horizon_ms: i64,
        max_entries: usize,
        buf: *mut c_char,
        cap: usize,
        length: *mut usize,
    ) -> fd_status;
    pub fn fd_formatter_locale(f: *const fd_formatter) -> *const c_char;
    pub fn fd_formatter_time_zone(f: *const fd_formatter) -> *const c_char;
    pub fn fd_formatter_tz_source(f: *const fd_formatter) -> *const c_char;
    pub fn fd_status_message(status: fd_status) -> *const c_char;
    pub fn fd_last_error() -> *const c_char;
    pub fn fd_icu_version() -> *const c_char;
    pub fn fd_data_version() -> *const c_char;
    pub fn fd_version() -> u32;
    pub fn fd_version_string() -> *const c_char;
    pub fn fd_now_ms() -> i64;
}

// The header against this file's text: every integer constant of the
// header (Tests/vectors/header/header.jsonl: enum values and numeric
// #defines) and FD_VERSION_MAJOR, struct and function is declared here, and
// every value is the header's.
#[cfg(test)]
pub(crate) mod tests {
    use std::collections::BTreeMap;
    use std::path::PathBuf;

    /// `include/feeddate.h`: FEEDDATE_INCLUDE_DIR's (`make test-rust` sets
    /// it), else the source tree's.
    fn header() -> String {
        let dir = std::env::var_os("FEEDDATE_INCLUDE_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../include"));
        let path = dir.join("feeddate.h");
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
    }

    /// The header's integer constants as vectors: the file
    /// FEEDDATE_HEADER_VECTORS names when it is set, else the checkout's
    /// Tests/vectors/header/header.jsonl (`make header-vectors` writes it,
    /// `make check-vectors` holds it to the header and the compiler).
    fn header_vectors() -> PathBuf {
        match std::env::var("FEEDDATE_HEADER_VECTORS") {
            Ok(f) if !f.is_empty() => PathBuf::from(f),
            _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../Tests/vectors/header/header.jsonl"),
        }
    }

    /// header.jsonl's constants. Its lines are make_header.py's, one form
    /// only, `{"name": "FD_ERR_RANGE", "value": "4"}` (the value decimal
    /// text, an i64): any other line, or a name twice, fails.
    pub(crate) fn header_constants() -> BTreeMap<String, i128> {
        let path = header_vectors();
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let mut out = BTreeMap::new();
        for (n, line) in text.lines().enumerate() {
            let at = || format!("{}:{}: {line}", path.display(), n + 1);
            let (name, value) = line
                .strip_prefix(r#"{"name": ""#)
                .and_then(|l| l.strip_suffix(r#""}"#))
                .and_then(|l| l.split_once(r#"", "value": ""#))
                .filter(|(name, _)| {
                    name.starts_with("FD_") && name.bytes().all(|b| b == b'_' || b.is_ascii_alphanumeric())
                })
                .unwrap_or_else(|| panic!("{}: not a {{\"name\": \"FD_...\", \"value\": \"...\"}} line", at()));
            let value: i64 = value.parse().unwrap_or_else(|e| panic!("{}: value: {e}", at()));
            let twice = out.insert(name.to_string(), value.into()).is_some();
            assert!(!twice, "{}: {name} twice", at());
        }
        out
    }

    /// FD_VERSION_MAJOR, which header.jsonl leaves out with the version's
    /// other macros: the header's `#define FD_VERSION_MAJOR <n>` line.
    fn header_version_major(header: &str) -> i128 {
        header
            .lines()
            .find_map(|l| l.strip_prefix("#define FD_VERSION_MAJOR "))
            .and_then(|v| v.trim().parse().ok())
            .expect("feeddate.h: no #define FD_VERSION_MAJOR <number>")
    }

    /// A Rust integer literal of this file as a number: `0x1`,
    /// `-62_135_596_800_000`, `i64::MAX`.
    fn number(text: &str) -> Option<i128> {
        let t = text.trim();
        if t == "i64::MAX" {
            return Some(i64::MAX.into());
        }
        let t = t.replace('_', "");
        let (neg, t) = t.strip_prefix('-').map_or((false, t.as_str()), |t| (true, t));
        let v = match t.strip_prefix("0x") {
            Some(hex) => i128::from_str_radix(hex, 16).ok()?,
            None => t.parse().ok()?,
        };
        Some(if neg { -v } else { v })
    }

    #[test]
    fn every_declaration_of_the_header_is_here() {
        let header = header();
        let here = include_str!("sys.rs");
        let consts: BTreeMap<&str, Option<i128>> = here
            .lines()
            .filter_map(|l| l.strip_prefix("pub const "))
            .filter_map(|l| {
                let (name, rest) = l.split_once(':')?;
                let value = rest.split_once('=')?.1.trim().trim_end_matches(';');
                Some((name, number(value)))
            })
            .collect();
        let mut wanted = header_constants();
        let major = header_version_major(&header);
        if let Some(v) = wanted.insert("FD_VERSION_MAJOR".into(), major) {
            assert_eq!(v, major, "FD_VERSION_MAJOR: header.jsonl against feeddate.h");
        }
        assert!(wanted.len() > 40, "header.jsonl read as {} constants", wanted.len());
        for (name, value) in &wanted {
            match consts.get(name.as_str()) {
                None => panic!("feeddate.h declares {name} = {value}; src/sys.rs does not"),
                Some(v) => assert_eq!(*v, Some(*value), "{name}: src/sys.rs against feeddate.h"),
            }
        }
        // Structs and functions, by name.
        for line in header.lines() {
            if let Some(s) = line.strip_prefix("typedef struct ") {
                let name = s.split_whitespace().next().unwrap();
                assert!(
                    here.contains(&format!("pub struct {name} {{")),
                    "struct {name} is not in src/sys.rs"
                );
            }
            let fun = line
                .split_once('(')
                .and_then(|(decl, _)| decl.rsplit([' ', '*']).next());
            if let Some(name) = fun.filter(|n| n.starts_with("fd_") && !line.starts_with([' ', '#', '/'])) {
                assert!(
                    here.contains(&format!("pub fn {name}(")),
                    "function {name} is not in src/sys.rs"
                );
            }
        }
    }

    #[test]
    fn the_literal_reader_reads_rust() {
        assert_eq!(number("-62_135_596_800_000"), Some(-62_135_596_800_000));
        assert_eq!(number("FD_OTHER"), None);
    }
}
