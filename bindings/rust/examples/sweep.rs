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
//! reads it (std only, so a small reader of its own).
use std::ffi::{c_char, c_int, c_void, CStr};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::process::exit;

use feeddate::{Formatter, HourCycle, Options, Style, Unit, Width};

fn fail(message: impl std::fmt::Display) -> ! {
    eprintln!("sweep_run (rust): {message}");
    exit(2)
}

/// One JSON value; an object keeps its members in order.
enum Json {
    Null,
    Bool(bool),
    Int(i64),
    Str(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

/// A strict reader of one line: objects (no duplicate keys), arrays,
/// strings (escaped control characters, surrogate pairs only in pairs),
/// integers that fit in i64 (no fraction, exponent or leading zero), true,
/// false, null; at most 64 levels deep.
struct Reader<'a> {
    s: &'a [u8],
    i: usize,
    depth: usize,
}

impl Reader<'_> {
    fn parse(line: &[u8]) -> Result<Json, String> {
        let text = std::str::from_utf8(line).map_err(|e| format!("not UTF-8: {e}"))?;
        let mut r = Reader {
            s: text.as_bytes(),
            i: 0,
            depth: 0,
        };
        let v = r.value()?;
        r.ws();
        if r.i != r.s.len() {
            return Err(r.err("trailing bytes"));
        }
        Ok(v)
    }
    fn err(&self, what: &str) -> String {
        format!("{what} at byte {}", self.i)
    }
    fn ws(&mut self) {
        while matches!(self.s.get(self.i), Some(b' ' | b'\t' | b'\r' | b'\n')) {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) -> Result<(), String> {
        self.ws();
        if self.s.get(self.i) != Some(&c) {
            return Err(self.err(&format!("expected '{}'", c as char)));
        }
        self.i += 1;
        Ok(())
    }
    /// After an item of an object or array: true for ',', false for `close`.
    fn more(&mut self, close: u8) -> Result<bool, String> {
        self.ws();
        match self.s.get(self.i) {
            Some(b',') => self.i += 1,
            Some(&c) if c == close => {
                self.i += 1;
                return Ok(false);
            }
            _ => return Err(self.err(&format!("expected ',' or '{}'", close as char))),
        }
        Ok(true)
    }
    fn value(&mut self) -> Result<Json, String> {
        self.ws();
        let c = *self.s.get(self.i).ok_or_else(|| self.err("expected a value"))?;
        match c {
            b'{' | b'[' => {
                self.depth += 1;
                if self.depth > 64 {
                    return Err(self.err("nested too deep"));
                }
                self.i += 1;
                self.ws();
                let v = if c == b'{' {
                    let mut members: Vec<(String, Json)> = Vec::new();
                    if self.s.get(self.i) == Some(&b'}') {
                        self.i += 1;
                    } else {
                        loop {
                            self.ws();
                            let key = self.string()?;
                            if members.iter().any(|(k, _)| *k == key) {
                                return Err(self.err("duplicate key"));
                            }
                            self.eat(b':')?;
                            members.push((key, self.value()?));
                            if !self.more(b'}')? {
                                break;
                            }
                        }
                    }
                    Json::Object(members)
                } else {
                    let mut items = Vec::new();
                    if self.s.get(self.i) == Some(&b']') {
                        self.i += 1;
                    } else {
                        loop {
                            items.push(self.value()?);
                            if !self.more(b']')? {
                                break;
                            }
                        }
                    }
                    Json::Array(items)
                };
                self.depth -= 1;
                Ok(v)
            }
            b'"' => self.string().map(Json::Str),
            b't' => self.word("true", Json::Bool(true)),
            b'f' => self.word("false", Json::Bool(false)),
            b'n' => self.word("null", Json::Null),
            b'-' | b'0'..=b'9' => {
                let start = self.i;
                self.i += usize::from(c == b'-');
                let digits = self.i;
                while matches!(self.s.get(self.i), Some(b'0'..=b'9')) {
                    self.i += 1;
                }
                if self.i == digits || (self.s[digits] == b'0' && self.i - digits > 1) {
                    return Err(self.err("malformed number"));
                }
                if matches!(self.s.get(self.i), Some(b'.' | b'e' | b'E')) {
                    return Err(self.err("only integers are supported (no fraction or exponent)"));
                }
                let text = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                text.parse()
                    .map(Json::Int)
                    .map_err(|_| self.err("integer does not fit in int64"))
            }
            _ => Err(self.err("unexpected byte")),
        }
    }
    fn word(&mut self, word: &str, v: Json) -> Result<Json, String> {
        if !self.s[self.i..].starts_with(word.as_bytes()) {
            return Err(self.err("bad literal"));
        }
        self.i += word.len();
        Ok(v)
    }
    fn hex4(&mut self) -> Result<u32, String> {
        let h = self
            .s
            .get(self.i..self.i + 4)
            .ok_or_else(|| self.err("short \\u escape"))?;
        if !h.iter().all(u8::is_ascii_hexdigit) {
            return Err(self.err("bad \\u escape"));
        }
        self.i += 4;
        Ok(u32::from_str_radix(std::str::from_utf8(h).unwrap(), 16).unwrap())
    }
    fn string(&mut self) -> Result<String, String> {
        self.eat(b'"')?;
        let mut out = String::new();
        loop {
            let start = self.i;
            while matches!(self.s.get(self.i), Some(&c) if c != b'"' && c != b'\\' && c >= 0x20) {
                self.i += 1;
            }
            // Whole UTF-8 sequences: the line is UTF-8 and the stops are ASCII.
            out.push_str(std::str::from_utf8(&self.s[start..self.i]).unwrap());
            match self.s.get(self.i) {
                None => return Err(self.err("unterminated string")),
                Some(b'"') => {
                    self.i += 1;
                    return Ok(out);
                }
                Some(b'\\') => {}
                Some(_) => return Err(self.err("unescaped control character in a string")),
            }
            self.i += 1;
            let e = *self.s.get(self.i).ok_or_else(|| self.err("unterminated escape"))?;
            self.i += 1;
            out.push(match e {
                b'"' => '"',
                b'\\' => '\\',
                b'/' => '/',
                b'b' => '\u{8}',
                b'f' => '\u{c}',
                b'n' => '\n',
                b'r' => '\r',
                b't' => '\t',
                b'u' => {
                    let mut u = self.hex4()?;
                    if (0xD800..0xDC00).contains(&u) {
                        if !self.s[self.i..].starts_with(b"\\u") {
                            return Err(self.err("lone surrogate"));
                        }
                        self.i += 2;
                        let low = self.hex4()?;
                        if !(0xDC00..0xE000).contains(&low) {
                            return Err(self.err("lone surrogate"));
                        }
                        u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
                    }
                    char::from_u32(u).ok_or_else(|| self.err("lone surrogate"))?
                }
                _ => return Err(self.err("bad escape")),
            });
        }
    }
}

/// A vector's style and options (Tests/vectors/README.md) as Options, as
/// Tests/c/vector_options.c reads them: Err((option or "", why)).
fn options(style: &str, opts: Option<&Json>) -> Result<Options, (String, &'static str)> {
    let style = match style {
        "feed" => Style::Feed,
        "feed_detail" => Style::FeedDetail,
        "chat_list" => Style::ChatList,
        "chat_bubble" => Style::ChatBubble,
        "relative" => Style::Relative,
        "compact" => Style::Compact,
        "countdown" => Style::Countdown,
        _ => return Err((String::new(), "unknown style")),
    };
    let Some(Json::Object(members)) = opts else {
        return Err((String::new(), "options missing or not an object"));
    };
    let mut o = Options::new(style);
    for (key, v) in members {
        let bad = || (key.clone(), "option value of the wrong type or unknown");
        // A C string cannot hold a NUL: refused, as the C runner does.
        let text = || match v {
            Json::Str(s) if !s.contains('\0') => Ok(s.clone()),
            _ => Err(bad()),
        };
        let flag = || match v {
            Json::Bool(b) => Ok(*b),
            _ => Err(bad()),
        };
        let int32 = || match v {
            Json::Int(n) => i32::try_from(*n).map_err(|_| bad()),
            _ => Err(bad()),
        };
        match key.as_str() {
            "locale" => o.locale = Some(text()?),
            "tz" => o.time_zone = Some(text()?),
            "hour_cycle" => {
                o.hour_cycle = match text()?.as_str() {
                    "locale" => HourCycle::Locale,
                    "h23" => HourCycle::H23,
                    "h12" => HourCycle::H12,
                    _ => return Err(bad()),
                }
            }
            "width" => {
                o.width = match text()?.as_str() {
                    "long" => Width::Long,
                    "short" => Width::Short,
                    "narrow" => Width::Narrow,
                    _ => return Err(bad()),
                }
            }
            "max_unit" => {
                o.max_unit = match text()?.as_str() {
                    "year" => Unit::Year,
                    "month" => Unit::Month,
                    "week" => Unit::Week,
                    "day" => Unit::Day,
                    "hour" => Unit::Hour,
                    "minute" => Unit::Minute,
                    "second" => Unit::Second,
                    _ => return Err(bad()),
                }
            }
            "recent_relative" => o.recent_relative = flag()?,
            "countdown_days" => o.countdown_days = flag()?,
            "plain_spaces" => o.plain_spaces = flag()?,
            "spoken" => o.spoken = flag()?,
            "overtime" => o.overtime = flag()?,
            "just_now_ms" | "skew_tolerance_ms" => {
                let Json::Int(n) = v else { return Err(bad()) };
                if key == "just_now_ms" {
                    o.just_now_ms = Some(*n);
                } else {
                    o.skew_tolerance_ms = Some(*n);
                }
            }
            "cross_year_grace_days" => o.cross_year_grace_days = Some(int32()?),
            "weekday_window_days" => o.weekday_window_days = Some(int32()?),
            "precision" => o.precision = Some(int32()?),
            "just_now_text" => o.just_now_text = Some(text()?),
            "yesterday_text" => o.yesterday_text = Some(text()?),
            "day_before_yesterday_text" => o.day_before_yesterday_text = Some(text()?),
            "tomorrow_text" => o.tomorrow_text = Some(text()?),
            _ => return Err((key.clone(), "unknown option name")),
        }
    }
    Ok(o)
}

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
        let Some(Json::Str(style)) = line.get("style") else {
            fail(format!("a plan line without a style: {plan_path}"))
        };
        let o = options(style, line.get("options")).unwrap_or_else(|(key, why)| {
            let key = if key.is_empty() { key } else { key + ": " };
            fail(format!("{plan_path}, line {number}: {key}{why}"))
        });
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
