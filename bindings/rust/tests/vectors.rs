//! Every golden vector through Formatter::label and format, then each group of
//! vectors with the same options and now through one format_many, and again
//! two labels per library call (format_many's chunks).
//! Files: FEEDDATE_VECTORS (":"-separated) when set, else every .jsonl of the
//! set for the ICU the library runs on (Tests/vectors/ for ICU 72,
//! Tests/vectors/icu<major>/ otherwise).

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use feeddate::{Formatter, HourCycle, Options, Style, Unit, Width};

// ---- a small JSON reader: enough for the vector lines (std only) ----

#[derive(Clone, Debug, PartialEq)]
enum Json {
    Null,
    Bool(bool),
    Int(i64),
    Str(String),
    Array(Vec<Json>),
    Object(BTreeMap<String, Json>),
}

struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

impl<'a> Reader<'a> {
    fn parse(text: &'a str) -> Result<Json, String> {
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

#[test]
fn json_reader() {
    let v =
        Reader::parse(r#"{"a": [1, -2, null], "b": "x\u00e9\ud83d\ude00\"", "c": {"d": true, "e": false}}"#).unwrap();
    let Json::Object(m) = v else { panic!() };
    assert_eq!(m["a"], Json::Array(vec![Json::Int(1), Json::Int(-2), Json::Null]));
    assert_eq!(m["b"], Json::Str("xé😀\"".into()));
    assert!(Reader::parse("{\"a\": 1.5}").is_err());
    assert!(Reader::parse("[1, 2").is_err());
}

// ---- the vectors ----

struct Vector {
    place: String,
    options_key: String,
    options: Options,
    t_ms: i64,
    now_ms: i64,
    text: String,
    next_change_ms: Option<i64>,
    day_part: (usize, usize),
    time_part: (usize, usize),
    expired: bool,
}

fn field<'a>(m: &'a BTreeMap<String, Json>, k: &str) -> Result<&'a Json, String> {
    m.get(k).ok_or(format!("no field {k}"))
}
fn int(j: &Json) -> Result<i64, String> {
    match j {
        Json::Int(n) => Ok(*n),
        _ => Err(format!("{j:?} is not an integer")),
    }
}
fn string(j: &Json) -> Result<String, String> {
    match j {
        Json::Str(s) => Ok(s.clone()),
        _ => Err(format!("{j:?} is not a string")),
    }
}
fn boolean(j: &Json) -> Result<bool, String> {
    match j {
        Json::Bool(b) => Ok(*b),
        _ => Err(format!("{j:?} is not a bool")),
    }
}
fn part(j: &Json) -> Result<(usize, usize), String> {
    match j {
        Json::Array(a) if a.len() == 2 => Ok((int(&a[0])? as usize, int(&a[1])? as usize)),
        _ => Err(format!("{j:?} is not a part")),
    }
}

fn vector(line: &str, place: String) -> Result<Vector, String> {
    let Json::Object(m) = Reader::parse(line)? else {
        return Err("not an object".into());
    };
    let style = match string(field(&m, "style")?)?.as_str() {
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
    let Json::Object(opts) = field(&m, "options")? else {
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
    let note = m.get("note").map(string).transpose()?.unwrap_or_default();
    Ok(Vector {
        place: format!("{place} ({note})"),
        options_key: format!("{o:?}"),
        options: o,
        t_ms: int(field(&m, "t_ms")?)?,
        now_ms: int(field(&m, "now_ms")?)?,
        text: string(field(&m, "text")?)?,
        next_change_ms: match field(&m, "next_change_ms")? {
            Json::Null => None,
            j => Some(int(j)?),
        },
        day_part: part(field(&m, "day_part")?)?,
        time_part: part(field(&m, "time_part")?)?,
        expired: boolean(field(&m, "expired")?)?,
    })
}

fn vector_files() -> Vec<PathBuf> {
    if let Ok(env) = std::env::var("FEEDDATE_VECTORS") {
        if !env.is_empty() {
            return env.split(':').filter(|s| !s.is_empty()).map(PathBuf::from).collect();
        }
    }
    let mut dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../Tests/vectors");
    let major = feeddate::icu_version().split('.').next().unwrap_or("");
    if major != "72" {
        dir = dir.join(format!("icu{major}"));
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "no vector files in {} (ICU {})",
        dir.display(),
        feeddate::icu_version()
    );
    files
}

#[test]
fn vectors() {
    let mut vectors = Vec::new();
    for file in vector_files() {
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let place = format!("{}:{}", file.display(), i + 1);
            vectors.push(vector(line, place.clone()).unwrap_or_else(|e| panic!("{place}: {e}")));
        }
    }
    assert!(!vectors.is_empty(), "no vectors");

    let mut formatters: HashMap<String, Formatter> = HashMap::new();
    let mut groups: Vec<(String, i64, Vec<usize>)> = Vec::new();
    let mut group_of: HashMap<(String, i64), usize> = HashMap::new();
    let mut failures = Vec::new();
    let mut passed = 0;
    for (i, v) in vectors.iter().enumerate() {
        if !formatters.contains_key(&v.options_key) {
            match Formatter::new(&v.options) {
                Ok(f) => formatters.insert(v.options_key.clone(), f),
                Err(e) => {
                    failures.push(format!("{}: new: {e}", v.place));
                    continue;
                }
            };
        }
        let f = &formatters[&v.options_key];
        let l = match f.label(v.t_ms, v.now_ms) {
            Ok(l) => l,
            Err(e) => {
                failures.push(format!("{}: label: {e}", v.place));
                continue;
            }
        };
        let before = failures.len();
        let mut check = |what: &str, got: String, want: String| {
            if got != want {
                failures.push(format!("{}: {what} = {got:?}, want {want:?}", v.place));
            }
        };
        check("text", l.text.clone(), v.text.clone());
        check(
            "next change",
            format!("{:?}", l.next_change_ms),
            format!("{:?}", v.next_change_ms),
        );
        // Only the bytes a part covers are significant.
        let bytes = |p: (usize, usize)| v.text.get(p.0..p.1).unwrap_or("<bad part>").to_string();
        check("day part", l.day_text().into(), bytes(v.day_part));
        check("time part", l.time_text().into(), bytes(v.time_part));
        check("expired", l.expired.to_string(), v.expired.to_string());
        check(
            "format",
            format!("{:?}", f.format(v.t_ms, v.now_ms)),
            format!("{:?}", Ok::<_, feeddate::Error>(v.text.clone())),
        );
        if failures.len() == before {
            passed += 1;
        }
        let key = (v.options_key.clone(), v.now_ms);
        let g = *group_of.entry(key).or_insert_with(|| {
            groups.push((v.options_key.clone(), v.now_ms, Vec::new()));
            groups.len() - 1
        });
        groups[g].2.push(i);
    }
    let mut groups_passed = 0;
    for (key, now, members) in &groups {
        let ts: Vec<i64> = members.iter().map(|&i| vectors[i].t_ms).collect();
        let earliest = members.iter().filter_map(|&i| vectors[i].next_change_ms).min();
        match formatters[key].format_many(&ts, *now) {
            Err(e) => failures.push(format!("format_many {key} now={now}: {e}")),
            Ok((labels, next)) => {
                let texts: Vec<&str> = members.iter().map(|&i| vectors[i].text.as_str()).collect();
                if labels != texts || next != earliest {
                    failures.push(format!(
                        "format_many {key} now={now}: {labels:?} {next:?}, want {texts:?} {earliest:?}"
                    ));
                } else {
                    groups_passed += 1;
                }
            }
        }
        // The same group two labels per library call: the same labels and
        // earliest change as in one call.
        match formatters[key].format_many_in_chunks(&ts, *now, 2) {
            Err(e) => failures.push(format!("format_many in chunks of 2 {key} now={now}: {e}")),
            Ok(got) => {
                let texts: Vec<String> = members.iter().map(|&i| vectors[i].text.clone()).collect();
                if got != (texts, earliest) {
                    failures.push(format!("format_many in chunks of 2 {key} now={now}: {got:?}"));
                }
            }
        }
    }
    println!(
        "{passed} of {} vectors passed, {groups_passed} of {} format_many groups (ICU {}, {} formatters)",
        vectors.len(),
        groups.len(),
        feeddate::icu_version(),
        formatters.len()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
