//! What the vector suites share: which files they run, a small JSON reader
//! (std only) and the options of a vector line (Tests/vectors/README.md).
//! The sweep runner (examples/sweep.rs) includes this file too, for the
//! reader and the options: one reading of a line for both.
#![allow(dead_code)] // each test crate, and the example, uses a part

use std::collections::BTreeMap;
use std::path::PathBuf;

use feeddate::{HourCycle, Options, Style, Unit, Width};

/// Tests/vectors of the checkout.
pub fn vector_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../Tests/vectors")
}

/// The files the variable `env` names (":"-separated) when it is set; else
/// every .jsonl of Tests/vectors/`sub`, sorted by file name: one set for every
/// host since 1.3 (SPEC 13), never a choice by ICU version. Never empty.
pub fn vector_files(sub: &str, env: &str) -> Vec<PathBuf> {
    choose_vector_files(sub, env, std::env::var(env).ok().as_deref())
}

/// vector_files' rule with the variable's value given (`named`), for tests
/// that must not set a variable while other threads run.
pub fn choose_vector_files(sub: &str, env: &str, named: Option<&str>) -> Vec<PathBuf> {
    if let Some(named) = named.filter(|n| !n.is_empty()) {
        return named.split(':').filter(|s| !s.is_empty()).map(PathBuf::from).collect();
    }
    let dir = vector_root().join(sub);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "no vector files in {} (set {env} to the files to run)",
        dir.display()
    );
    files
}

/// The html vectors (issue 39 item 2): the file FEEDDATE_HTML_VECTORS names
/// when it is set, else Tests/vectors/html/html-1.3.jsonl; the folder's
/// cases.jsonl is the input of make html-vectors, not vectors, so no glob as
/// vector_files does. The bool: named by the variable.
pub fn html_vector_file() -> (PathBuf, bool) {
    match std::env::var_os("FEEDDATE_HTML_VECTORS").filter(|n| !n.is_empty()) {
        Some(named) => (PathBuf::from(named), true),
        None => (vector_root().join("html/html-1.3.jsonl"), false),
    }
}

/// One JSON value.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Int(i64),
    Str(String),
    Array(Vec<Json>),
    Object(BTreeMap<String, Json>),
}

impl Json {
    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(members) => members.get(key),
            _ => None,
        }
    }
}

/// A strict reader of one line: objects (no duplicate keys), arrays,
/// strings (escaped control characters, surrogate pairs only in pairs),
/// integers that fit in i64 (no fraction, exponent or leading zero), true,
/// false, null; at most 64 levels deep.
pub struct Reader<'a> {
    s: &'a [u8],
    i: usize,
    depth: usize,
}

impl Reader<'_> {
    pub fn parse(line: impl AsRef<[u8]>) -> Result<Json, String> {
        let text = std::str::from_utf8(line.as_ref()).map_err(|e| format!("not UTF-8: {e}"))?;
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
                    let mut members = BTreeMap::new();
                    if self.s.get(self.i) == Some(&b'}') {
                        self.i += 1;
                    } else {
                        loop {
                            self.ws();
                            let key = self.string()?;
                            if members.contains_key(&key) {
                                return Err(self.err("duplicate key"));
                            }
                            self.eat(b':')?;
                            let value = self.value()?;
                            members.insert(key, value);
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

pub fn field<'a>(m: &'a BTreeMap<String, Json>, k: &str) -> Result<&'a Json, String> {
    m.get(k).ok_or(format!("no field {k}"))
}
pub fn int(j: &Json) -> Result<i64, String> {
    match j {
        Json::Int(n) => Ok(*n),
        _ => Err(format!("{j:?} is not an integer")),
    }
}
pub fn string(j: &Json) -> Result<String, String> {
    match j {
        Json::Str(s) => Ok(s.clone()),
        _ => Err(format!("{j:?} is not a string")),
    }
}
pub fn boolean(j: &Json) -> Result<bool, String> {
    match j {
        Json::Bool(b) => Ok(*b),
        _ => Err(format!("{j:?} is not a bool")),
    }
}
pub fn part(j: &Json) -> Result<(usize, usize), String> {
    match j {
        Json::Array(a) if a.len() == 2 => Ok((int(&a[0])? as usize, int(&a[1])? as usize)),
        _ => Err(format!("{j:?} is not a part")),
    }
}

/// The options of a vector line (its "style" and "options"), as
/// Tests/c/vector_options.c reads them: an option this test does not know, a
/// value of the wrong type, a string with a NUL (a C string cannot hold it)
/// and an i32 option out of range are errors, never ignored. The sweep runner
/// (examples/sweep.rs) reads its plan's lines with it too.
pub fn options(m: &BTreeMap<String, Json>) -> Result<Options, String> {
    let style = match string(field(m, "style")?)?.as_str() {
        "feed" => Style::Feed,
        "feed_detail" => Style::FeedDetail,
        "chat_list" => Style::ChatList,
        "chat_bubble" => Style::ChatBubble,
        "relative" => Style::Relative,
        "compact" => Style::Compact,
        "countdown" => Style::Countdown,
        s => return Err(format!("unknown style {s}")),
    };
    let mut o = Options::new(style);
    let Json::Object(opts) = field(m, "options")? else {
        return Err("options is not an object".into());
    };
    for (k, v) in opts {
        let named = |e: String| format!("{k}: {e}");
        let text = || match string(v).map_err(named)? {
            s if s.contains('\0') => Err(named("a NUL in a string".into())),
            s => Ok(s),
        };
        let flag = || boolean(v).map_err(named);
        let int64 = || int(v).map_err(named);
        let int32 = || {
            let n = int64()?;
            i32::try_from(n).map_err(|_| named(format!("{n} does not fit in an i32")))
        };
        match k.as_str() {
            "locale" => o.locale = Some(text()?),
            "tz" => o.time_zone = Some(text()?),
            "hour_cycle" => {
                o.hour_cycle = match text()?.as_str() {
                    "locale" => HourCycle::Locale,
                    "h23" => HourCycle::H23,
                    "h12" => HourCycle::H12,
                    s => return Err(format!("unknown hour_cycle {s}")),
                }
            }
            "width" => {
                o.width = match text()?.as_str() {
                    "long" => Width::Long,
                    "short" => Width::Short,
                    "narrow" => Width::Narrow,
                    s => return Err(format!("unknown width {s}")),
                }
            }
            "recent_relative" => o.recent_relative = flag()?,
            "countdown_days" => o.countdown_days = flag()?,
            "plain_spaces" => o.plain_spaces = flag()?,
            "spoken" => o.spoken = flag()?,
            "overtime" => o.overtime = flag()?,
            "max_unit" => {
                o.max_unit = match text()?.as_str() {
                    "year" => Unit::Year,
                    "month" => Unit::Month,
                    "week" => Unit::Week,
                    "day" => Unit::Day,
                    "hour" => Unit::Hour,
                    "minute" => Unit::Minute,
                    "second" => Unit::Second,
                    s => return Err(format!("unknown max_unit {s}")),
                }
            }
            "just_now_text" => o.just_now_text = Some(text()?),
            "yesterday_text" => o.yesterday_text = Some(text()?),
            "day_before_yesterday_text" => o.day_before_yesterday_text = Some(text()?),
            "tomorrow_text" => o.tomorrow_text = Some(text()?),
            "just_now_ms" => o.just_now_ms = Some(int64()?),
            "skew_tolerance_ms" => o.skew_tolerance_ms = Some(int64()?),
            "cross_year_grace_days" => o.cross_year_grace_days = Some(int32()?),
            "weekday_window_days" => o.weekday_window_days = Some(int32()?),
            "precision" => o.precision = Some(int32()?),
            _ => return Err(format!("unknown option {k}")),
        }
    }
    Ok(o)
}
