//! What the vector suites share: which files they run, a small JSON reader
//! (std only) and the options of a vector line (Tests/vectors/README.md).
#![allow(dead_code)] // each test crate uses a part

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

#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Int(i64),
    Str(String),
    Array(Vec<Json>),
    Object(BTreeMap<String, Json>),
}

pub struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

impl<'a> Reader<'a> {
    pub fn parse(text: &'a str) -> Result<Json, String> {
        let mut r = Reader {
            s: text.as_bytes(),
            i: 0,
        };
        let v = r.value()?;
        r.ws();
        if r.i != r.s.len() {
            return Err(format!("trailing bytes at {}", r.i));
        }
        Ok(v)
    }
    fn ws(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\r' | b'\n') {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) -> Result<(), String> {
        self.ws();
        if self.s.get(self.i) == Some(&c) {
            self.i += 1;
            Ok(())
        } else {
            Err(format!("expected {:?} at {}", c as char, self.i))
        }
    }
    fn lit(&mut self, word: &str, v: Json) -> Result<Json, String> {
        if self.s[self.i..].starts_with(word.as_bytes()) {
            self.i += word.len();
            Ok(v)
        } else {
            Err(format!("bad literal at {}", self.i))
        }
    }
    fn value(&mut self) -> Result<Json, String> {
        self.ws();
        match self.s.get(self.i).copied() {
            Some(b'{') => {
                self.i += 1;
                let mut m = BTreeMap::new();
                self.ws();
                if self.s.get(self.i) == Some(&b'}') {
                    self.i += 1;
                    return Ok(Json::Object(m));
                }
                loop {
                    self.ws();
                    let k = self.string()?;
                    self.eat(b':')?;
                    m.insert(k, self.value()?);
                    self.ws();
                    match self.s.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b'}') => {
                            self.i += 1;
                            return Ok(Json::Object(m));
                        }
                        _ => return Err(format!("expected , or }} at {}", self.i)),
                    }
                }
            }
            Some(b'[') => {
                self.i += 1;
                let mut a = Vec::new();
                self.ws();
                if self.s.get(self.i) == Some(&b']') {
                    self.i += 1;
                    return Ok(Json::Array(a));
                }
                loop {
                    a.push(self.value()?);
                    self.ws();
                    match self.s.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b']') => {
                            self.i += 1;
                            return Ok(Json::Array(a));
                        }
                        _ => return Err(format!("expected , or ] at {}", self.i)),
                    }
                }
            }
            Some(b'"') => self.string().map(Json::Str),
            Some(b't') => self.lit("true", Json::Bool(true)),
            Some(b'f') => self.lit("false", Json::Bool(false)),
            Some(b'n') => self.lit("null", Json::Null),
            Some(b'-' | b'0'..=b'9') => {
                let start = self.i;
                self.i += 1;
                while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
                    self.i += 1;
                }
                let t = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                t.parse()
                    .map(Json::Int)
                    .map_err(|e| format!("number {t}: {e} (only integers here)"))
            }
            _ => Err(format!("unexpected byte at {}", self.i)),
        }
    }
    fn hex4(&mut self) -> Result<u32, String> {
        let h = self.s.get(self.i..self.i + 4).ok_or("short \\u escape")?;
        self.i += 4;
        u32::from_str_radix(std::str::from_utf8(h).map_err(|e| e.to_string())?, 16).map_err(|e| e.to_string())
    }
    fn string(&mut self) -> Result<String, String> {
        self.eat(b'"')?;
        let mut out = Vec::new();
        loop {
            let c = *self.s.get(self.i).ok_or("unterminated string")?;
            self.i += 1;
            match c {
                b'"' => return String::from_utf8(out).map_err(|e| e.to_string()),
                b'\\' => {
                    let e = *self.s.get(self.i).ok_or("unterminated escape")?;
                    self.i += 1;
                    let ch = match e {
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
                            if (0xD800..0xDC00).contains(&u) && self.s[self.i..].starts_with(b"\\u") {
                                self.i += 2;
                                let lo = self.hex4()?;
                                u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
                            }
                            char::from_u32(u).ok_or(format!("bad \\u{u:x}"))?
                        }
                        _ => return Err(format!("bad escape at {}", self.i)),
                    };
                    let mut b = [0; 4];
                    out.extend_from_slice(ch.encode_utf8(&mut b).as_bytes());
                }
                _ => out.push(c),
            }
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

/// The options of a vector line (its "style" and "options"): an option this
/// test does not know is an error, never ignored.
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
    // An option this test does not know is an error, never ignored.
    for (k, v) in opts {
        match k.as_str() {
            "locale" => o.locale = Some(string(v)?),
            "tz" => o.time_zone = Some(string(v)?),
            "hour_cycle" => {
                o.hour_cycle = match string(v)?.as_str() {
                    "locale" => HourCycle::Locale,
                    "h23" => HourCycle::H23,
                    "h12" => HourCycle::H12,
                    s => return Err(format!("unknown hour_cycle {s}")),
                }
            }
            "width" => {
                o.width = match string(v)?.as_str() {
                    "long" => Width::Long,
                    "short" => Width::Short,
                    "narrow" => Width::Narrow,
                    s => return Err(format!("unknown width {s}")),
                }
            }
            "recent_relative" => o.recent_relative = boolean(v)?,
            "countdown_days" => o.countdown_days = boolean(v)?,
            "plain_spaces" => o.plain_spaces = boolean(v)?,
            "spoken" => o.spoken = boolean(v)?,
            "overtime" => o.overtime = boolean(v)?,
            "max_unit" => {
                o.max_unit = match string(v)?.as_str() {
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
            "just_now_text" => o.just_now_text = Some(string(v)?),
            "yesterday_text" => o.yesterday_text = Some(string(v)?),
            "day_before_yesterday_text" => o.day_before_yesterday_text = Some(string(v)?),
            "tomorrow_text" => o.tomorrow_text = Some(string(v)?),
            "just_now_ms" => o.just_now_ms = Some(int(v)?),
            "skew_tolerance_ms" => o.skew_tolerance_ms = Some(int(v)?),
            "cross_year_grace_days" => o.cross_year_grace_days = Some(int(v)? as i32),
            "weekday_window_days" => o.weekday_window_days = Some(int(v)? as i32),
            "precision" => o.precision = Some(int(v)? as i32),
            _ => return Err(format!("unknown option {k}")),
        }
    }
    Ok(o)
}
