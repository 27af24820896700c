//! Markup and script form (SPEC 11, "Semantics and screen readers",
//! "Script context", 1.3; issue 39 item 2): every case of the html vectors
//! through Formatter::html and Formatter::script_json byte for byte,
//! schedule's errors word for word, spoken's data-spoken-schedule, the
//! README's example. File: common::html_vector_file (FEEDDATE_HTML_VECTORS,
//! else Tests/vectors/html/html-1.3.jsonl).

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, UNIX_EPOCH};

use feeddate::{
    sys, Formatter, Options, Status, Style, DEFAULT_HORIZON, DEFAULT_MAX_ENTRIES, SCHEDULE_MAX_ENTRIES,
    SCHEDULE_MAX_HORIZON,
};

mod common;
use common::{boolean, field, html_vector_file, int, options, string, Json, Reader};

const NOW: i64 = 1_711_348_200_000; // 2024-03-25 14:30 Asia/Shanghai
const YDAY: i64 = 1_711_281_600_000; // 2024-03-24 20:00 Asia/Shanghai
const DAY: Duration = Duration::from_secs(86_400);

fn zh(style: Style) -> Options {
    Options::new(style).locale("zh_CN").time_zone("Asia/Shanghai")
}

struct Line {
    place: String,
    options: Options,
    t_ms: i64,
    now_ms: i64,
    horizon_ms: i64,
    max_entries: usize,
    spoken: bool,
    html: String,
    script_json: String,
}

/// A line: the schedule vectors' fields and options (common::options, the
/// one reader), spoken, and the library's two strings.
fn line(text: &str, place: String) -> Result<Line, String> {
    let Json::Object(m) = Reader::parse(text)? else {
        return Err("not an object".into());
    };
    Ok(Line {
        place,
        options: options(&m)?,
        t_ms: int(field(&m, "t_ms")?)?,
        now_ms: int(field(&m, "now_ms")?)?,
        horizon_ms: int(field(&m, "horizon_ms")?)?,
        max_entries: usize::try_from(int(field(&m, "max_entries")?)?).map_err(|e| e.to_string())?,
        spoken: boolean(field(&m, "spoken")?)?,
        html: string(field(&m, "html")?)?,
        script_json: string(field(&m, "script_json")?)?,
    })
}

/// Every case: html and script_json equal the library's bytes (made by make
/// html-vectors from the C functions), through the guessed buffers, buffers
/// grown from one byte and SystemTimes. 12 cases or more (the file's), one
/// or more when FEEDDATE_HTML_VECTORS names another file; a missing file
/// fails.
#[test]
fn html_vectors() {
    let (file, named) = html_vector_file();
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| {
        panic!(
            "html vectors: {}: {e} (set FEEDDATE_HTML_VECTORS to the file to run)",
            file.display()
        )
    });
    let mut lines = Vec::new();
    for (i, l) in text.lines().enumerate() {
        if l.trim().is_empty() {
            continue;
        }
        let place = format!("{}:{}", file.display(), i + 1);
        lines.push(line(l, place.clone()).unwrap_or_else(|e| panic!("{place}: {e}")));
    }
    let mut formatters: HashMap<String, Formatter> = HashMap::new();
    let mut failures = Vec::new();
    let mut passed = 0;
    for v in &lines {
        let key = format!("{:?}", v.options);
        if !formatters.contains_key(&key) {
            match Formatter::new(&v.options) {
                Ok(f) => formatters.insert(key.clone(), f),
                Err(e) => {
                    failures.push(format!("{}: new: {e}", v.place));
                    continue;
                }
            };
        }
        let f = &formatters[&key];
        let before = failures.len();
        let horizon = Duration::from_millis(v.horizon_ms as u64);
        let (t, now) = (at(v.t_ms), at(v.now_ms));
        let (max, spoken) = (v.max_entries, v.spoken);
        for (how, got) in [
            ("html", f.html(v.t_ms, v.now_ms, horizon, max, spoken)),
            (
                "html from 1-byte buffers",
                f.html_from_small_buffers(v.t_ms, v.now_ms, horizon, max, spoken),
            ),
            ("html_time", f.html_time(t, now, horizon, max, spoken)),
        ] {
            if got.as_deref() != Ok(v.html.as_str()) {
                failures.push(format!(
                    "{} ({how}, spoken {spoken}):\n got {got:?}\nwant {:?}",
                    v.place, v.html
                ));
            }
        }
        for (how, got) in [
            ("script_json", f.script_json(v.t_ms, v.now_ms, horizon, max)),
            (
                "script_json from 1-byte buffers",
                f.script_json_from_small_buffers(v.t_ms, v.now_ms, horizon, max),
            ),
            ("script_json_time", f.script_json_time(t, now, horizon, max)),
        ] {
            if got.as_deref() != Ok(v.script_json.as_str()) {
                failures.push(format!("{} ({how}):\n got {got:?}\nwant {:?}", v.place, v.script_json));
            }
        }
        if failures.len() == before {
            passed += 1;
        }
    }
    println!(
        "{passed} of {} html vectors passed (html and script_json byte for byte; buffers guessed and grown from 1 byte, \
         ms and SystemTime; {})",
        lines.len(),
        feeddate::data_version()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    let least = if named { 1 } else { 12 };
    assert!(
        lines.len() >= least,
        "{} html vectors in {}, want {least} or more",
        lines.len(),
        file.display()
    );
}

fn at(ms: i64) -> std::time::SystemTime {
    if ms >= 0 {
        UNIX_EPOCH + Duration::from_millis(ms as u64)
    } else {
        UNIX_EPOCH - Duration::from_millis(ms.unsigned_abs())
    }
}

/// schedule's arguments give schedule's errors: the library's status and
/// message, word for word, for html (plain and spoken) and script_json.
#[test]
fn html_errors_are_schedules() {
    let f = Formatter::new(&zh(Style::ChatList)).unwrap();
    for (what, t, now, horizon, max, status, names) in [
        (
            "367 days",
            YDAY,
            NOW,
            367 * DAY,
            10,
            Status::Argument,
            "horizon 31708800000 ms",
        ),
        (
            "Duration::MAX",
            YDAY,
            NOW,
            Duration::MAX,
            10,
            Status::Argument,
            "horizon 9223372036854775807 ms",
        ),
        (
            "max 0",
            YDAY,
            NOW,
            DAY,
            0,
            Status::Argument,
            "max_entries 0 is out of range 1...100000",
        ),
        (
            "max 100,001",
            YDAY,
            NOW,
            DAY,
            100_001,
            Status::Argument,
            "max_entries 100001 is out of range",
        ),
        (
            "max -5 as usize",
            YDAY,
            NOW,
            DAY,
            -5_i64 as usize,
            Status::Argument,
            "max_entries -5 is out of range",
        ),
        (
            "t in year 10000",
            253_402_300_800_000,
            NOW,
            DAY,
            10,
            Status::Range,
            "253402300800000",
        ),
        ("now in year 0", YDAY, -62_135_596_800_001, DAY, 10, Status::Range, ""),
    ] {
        let want = f.schedule(t, now, horizon, max).unwrap_err();
        assert_eq!(want.status(), status, "{what}: schedule: {want}");
        assert!(want.message().contains(names), "{what}: schedule: {want}");
        for spoken in [false, true] {
            assert_eq!(
                f.html(t, now, horizon, max, spoken),
                Err(want.clone()),
                "{what}: html, spoken {spoken}"
            );
            assert_eq!(
                f.html_from_small_buffers(t, now, horizon, max, spoken),
                Err(want.clone()),
                "{what}: html from 1-byte buffers, spoken {spoken}"
            );
        }
        assert_eq!(
            f.script_json(t, now, horizon, max),
            Err(want.clone()),
            "{what}: script_json"
        );
    }
    // The limits themselves are fine, as for schedule.
    for (horizon, max) in [
        (Duration::ZERO, 1),
        (SCHEDULE_MAX_HORIZON, SCHEDULE_MAX_ENTRIES),
        (DEFAULT_HORIZON, DEFAULT_MAX_ENTRIES),
    ] {
        f.html(YDAY, NOW, horizon, max, true).unwrap();
        f.script_json(YDAY, NOW, horizon, max).unwrap();
    }
}

/// A negative horizon (which a Duration cannot hold) and a flag the library
/// does not know, through the C declarations the crate calls: the library's
/// Status::Argument and its message.
#[test]
fn html_declarations() {
    let mut opts = std::mem::MaybeUninit::<sys::fd_options>::zeroed();
    unsafe {
        assert_eq!(
            sys::fd_options_init_sized(opts.as_mut_ptr(), std::mem::size_of::<sys::fd_options>(), 0),
            sys::FD_OK
        );
        let mut o = opts.assume_init();
        o.time_zone = c"UTC".as_ptr();
        o.locale = c"en_US".as_ptr();
        let mut raw = std::ptr::null_mut();
        assert_eq!(sys::fd_formatter_new(&o, &mut raw), sys::FD_OK);
        let mut buf = [0u8; 2048];
        let mut length = 0usize;
        let last = || {
            std::ffi::CStr::from_ptr(sys::fd_last_error())
                .to_string_lossy()
                .into_owned()
        };
        let code = sys::fd_schedule_html(
            raw,
            YDAY,
            NOW,
            -1,
            4,
            sys::FD_HTML_SPOKEN,
            buf.as_mut_ptr().cast(),
            buf.len(),
            &mut length,
        );
        assert_eq!(
            (code, last().as_str()),
            (1, "horizon -1 ms is out of range 0...31622400000 (366 days)")
        );
        let code = sys::fd_schedule_script_json(raw, YDAY, NOW, -1, 4, buf.as_mut_ptr().cast(), buf.len(), &mut length);
        assert_eq!(
            (code, last().as_str()),
            (1, "horizon -1 ms is out of range 0...31622400000 (366 days)")
        );
        let code = sys::fd_schedule_html(
            raw,
            YDAY,
            NOW,
            0,
            4,
            0x2,
            buf.as_mut_ptr().cast(),
            buf.len(),
            &mut length,
        );
        assert_eq!(code, 1, "flag 0x2: {}", last());
        let code = sys::fd_schedule_html(
            raw,
            YDAY,
            NOW,
            0,
            4,
            sys::FD_HTML_SPOKEN,
            buf.as_mut_ptr().cast(),
            buf.len(),
            &mut length,
        );
        assert_eq!(code, sys::FD_OK, "{}", last());
        let html = std::str::from_utf8(&buf[..length]).unwrap();
        assert!(html.contains(" data-spoken-schedule=\""), "{html}");
        sys::fd_formatter_free(raw);
    }
}

/// spoken adds data-spoken-schedule after data-schedule, and only it;
/// script_json is schedule's wire form when that holds nothing to escape.
#[test]
fn html_spoken() {
    let f = Formatter::new(&zh(Style::ChatList)).unwrap();
    let plain = f.html(YDAY, NOW, DEFAULT_HORIZON, DEFAULT_MAX_ENTRIES, false).unwrap();
    let spoken = f.html(YDAY, NOW, DEFAULT_HORIZON, DEFAULT_MAX_ENTRIES, true).unwrap();
    assert!(
        plain.contains(" data-schedule=\"") && !plain.contains("data-spoken-schedule"),
        "{plain}"
    );
    let (i, j) = (
        spoken.find(" data-schedule=\""),
        spoken.find(" data-spoken-schedule=\""),
    );
    assert!(i.is_some() && j > i, "{spoken}");
    for html in [&plain, &spoken] {
        assert!(
            html.starts_with(r#"<time datetime="2024-03-24T12:00:00.000Z" title=""#),
            "{html}"
        );
        assert!(html.ends_with(r#"">昨天</feed-date></time>"#), "{html}");
    }
    let s = f.schedule(YDAY, NOW, DEFAULT_HORIZON, DEFAULT_MAX_ENTRIES).unwrap();
    assert_eq!(
        f.script_json(YDAY, NOW, DEFAULT_HORIZON, DEFAULT_MAX_ENTRIES).unwrap(),
        s.json()
    );
}

/// The README's markup example is the doc test of Formatter::html, so it
/// runs: each line of its code block is a line of that doc comment.
#[test]
fn readme_html_example_is_the_doc_test() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
    let source = std::fs::read_to_string(dir.join("src/html.rs")).unwrap();
    let section = &readme[readme
        .find("## Markup and script")
        .expect("README: no Markup and script section")..];
    let block = &section[section.find("```rust\n").expect("README: no rust block") + 8..];
    let block: Vec<&str> = block[..block.find("```").unwrap()].lines().collect();
    let doc: Vec<String> = source
        .lines()
        .map(str::trim_start)
        .filter_map(|l| l.strip_prefix("///"))
        .map(|l| l.strip_prefix(' ').unwrap_or(l).to_string())
        .collect();
    let start = doc
        .windows(block.len())
        .position(|w| w.iter().zip(&block).all(|(d, b)| d == b));
    assert!(
        start.is_some() && block.iter().any(|l| l.contains("f.html(")),
        "README's markup example is not the doc test of Formatter::html:\n{}",
        block.join("\n")
    );
}
