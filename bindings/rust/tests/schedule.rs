//! Schedules (SPEC 11, 1.2): every line of the schedule vectors (entries,
//! until and wire bytes), bad arguments, the horizon's flooring, and the
//! definition against Formatter::label step by step for random cases.
//! Files: common::vector_files (FEEDDATE_SCHEDULE_VECTORS, else
//! Tests/vectors/schedule/ by SPEC 10's rule).

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use feeddate::{
    sys, Formatter, HourCycle, Options, Schedule, ScheduleEntry, Status, Style, Unit, Width, DEFAULT_HORIZON,
    DEFAULT_MAX_ENTRIES, SCHEDULE_MAX_ENTRIES, SCHEDULE_MAX_HORIZON,
};

mod common;
use common::{field, int, options, string, vector_files, Json, Reader};

const NOW: i64 = 1_711_348_200_000; // 2024-03-25 14:30 Asia/Shanghai
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
    entries: Vec<ScheduleEntry>,
    until: Option<i64>,
    json: String,
}

fn line(text: &str, place: String) -> Result<Line, String> {
    let Json::Object(m) = Reader::parse(text)? else {
        return Err("not an object".into());
    };
    let Json::Array(pairs) = field(&m, "entries")? else {
        return Err("entries is not an array".into());
    };
    let entries = pairs
        .iter()
        .map(|p| match p {
            Json::Array(a) if a.len() == 2 => Ok(ScheduleEntry {
                text: string(&a[0])?,
                start_ms: int(&a[1])?,
            }),
            _ => Err(format!("entry {p:?} is not [text, from_ms]")),
        })
        .collect::<Result<_, _>>()?;
    Ok(Line {
        place,
        options: options(&m)?,
        t_ms: int(field(&m, "t_ms")?)?,
        now_ms: int(field(&m, "now_ms")?)?,
        horizon_ms: int(field(&m, "horizon_ms")?)?,
        max_entries: usize::try_from(int(field(&m, "max_entries")?)?).map_err(|e| e.to_string())?,
        entries,
        until: match field(&m, "until_ms")? {
            Json::Null => None,
            j => Some(int(j)?),
        },
        json: string(field(&m, "json")?)?,
    })
}

fn entries_string(entries: &[ScheduleEntry]) -> String {
    let pairs: Vec<String> = entries
        .iter()
        .map(|e| format!("[{:?} {}]", e.text, e.start_ms))
        .collect();
    pairs.join(", ")
}

/// Every line: the same entries, until and wire bytes, through the guessed
/// buffers and again through buffers grown from one byte.
#[test]
fn schedule_vectors() {
    let mut lines = Vec::new();
    for file in vector_files("schedule", "FEEDDATE_SCHEDULE_VECTORS") {
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for (i, l) in text.lines().enumerate() {
            if l.trim().is_empty() {
                continue;
            }
            let place = format!("{}:{}", file.display(), i + 1);
            lines.push(line(l, place.clone()).unwrap_or_else(|e| panic!("{place}: {e}")));
        }
    }
    assert!(!lines.is_empty(), "no schedule vectors");
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
        for (how, got) in [
            ("schedule", f.schedule(v.t_ms, v.now_ms, horizon, v.max_entries)),
            (
                "from 1-byte buffers",
                f.schedule_from_small_buffers(v.t_ms, v.now_ms, horizon, v.max_entries),
            ),
        ] {
            let s = match got {
                Ok(s) => s,
                Err(e) => {
                    failures.push(format!("{} ({how}): {e}", v.place));
                    continue;
                }
            };
            if s.entries != v.entries {
                failures.push(format!(
                    "{} ({how}): entries\n got {}\nwant {}",
                    v.place,
                    entries_string(&s.entries),
                    entries_string(&v.entries)
                ));
            }
            if s.until != v.until || s.is_complete() != v.until.is_none() {
                failures.push(format!("{} ({how}): until {:?}, want {:?}", v.place, s.until, v.until));
            }
            if s.json() != v.json {
                failures.push(format!("{} ({how}): json\n got {}\nwant {}", v.place, s.json(), v.json));
            }
        }
        if failures.len() == before {
            passed += 1;
        }
    }
    println!(
        "{passed} of {} schedule vectors passed (entries, until and wire bytes; buffers guessed and grown from 1 byte; {})",
        lines.len(),
        feeddate::data_version()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn want_argument(what: &str, r: Result<Schedule, feeddate::Error>, names: &[&str]) {
    let e = match r {
        Ok(s) => panic!("{what}: {s:?}, want Status::Argument"),
        Err(e) => e,
    };
    assert_eq!(e.status(), Status::Argument, "{what}: {e}");
    for n in names {
        assert!(
            e.message().contains(n),
            "{what}: message {:?} does not name {n:?}",
            e.message()
        );
    }
}

/// Out of range (over 366 days, max entries 0 or over 100,000): the
/// library's Status::Argument with its message; a negative horizon, which a
/// Duration cannot hold, through the C declaration. The limits themselves
/// are fine.
#[test]
fn schedule_arguments() {
    let f = Formatter::new(&zh(Style::Feed)).unwrap();
    let old = 1_703_898_000_000; // 2023-12-30: a date, complete at once
    for (what, horizon, max, names) in [
        ("367 days", 367 * DAY, 10, &["horizon 31708800000 ms", "366 days"][..]),
        (
            "366 days + 1 ms",
            366 * DAY + Duration::from_millis(1),
            10,
            &["31622400001"][..],
        ),
        (
            "366 days + 1.999999 ms",
            366 * DAY + Duration::from_nanos(1_999_999),
            10,
            &["31622400001"][..],
        ),
        (
            "Duration::MAX",
            Duration::MAX,
            10,
            &["horizon 9223372036854775807 ms"][..],
        ),
        ("367 days, max 0", 367 * DAY, 0, &["horizon"][..]),
        ("max 0", DAY, 0, &["max_entries 0 is out of range 1...100000"][..]),
        (
            "max 100,001",
            DAY,
            100_001,
            &["max_entries 100001 is out of range 1...100000"][..],
        ),
        // 2^63 or more is named as the negative count a signed caller meant
        // (1.3, issue 37 item 2): the library's message, none of the crate's.
        (
            "max -5 as usize",
            DAY,
            -5_i64 as usize,
            &["max_entries -5 is out of range 1...100000"][..],
        ),
        (
            "max usize::MAX",
            DAY,
            usize::MAX,
            &["max_entries -1 is out of range 1...100000"][..],
        ),
        (
            "max 2^63 - 1",
            DAY,
            i64::MAX as usize,
            &["max_entries 9223372036854775807 is out of range 1...100000"][..],
        ),
    ] {
        want_argument(what, f.schedule(old, NOW, horizon, max), names);
        want_argument(what, f.schedule_from_small_buffers(old, NOW, horizon, max), names);
    }
    // -1 ms, as C callers can pass it.
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
        let (mut ends, mut from, mut buf) = ([0usize; 4], [0i64; 4], [0u8; 256]);
        let (mut n, mut until, mut length) = (0usize, 0i64, 0usize);
        let code = sys::fd_schedule(
            raw,
            old,
            NOW,
            -1,
            4,
            buf.as_mut_ptr().cast(),
            buf.len(),
            ends.as_mut_ptr(),
            from.as_mut_ptr(),
            &mut n,
            &mut until,
        );
        let message = std::ffi::CStr::from_ptr(sys::fd_last_error())
            .to_string_lossy()
            .into_owned();
        assert_eq!(
            (code, message.as_str()),
            (1, "horizon -1 ms is out of range 0...31622400000 (366 days)")
        );
        let code = sys::fd_schedule_json(raw, old, NOW, -1, 4, buf.as_mut_ptr().cast(), buf.len(), &mut length);
        assert_eq!(code, 1);
        let code = sys::fd_schedule(
            raw,
            old,
            NOW,
            0,
            4,
            buf.as_mut_ptr().cast(),
            buf.len(),
            ends.as_mut_ptr(),
            from.as_mut_ptr(),
            &mut n,
            &mut until,
        );
        assert_eq!((code, n, from[0], until), (sys::FD_OK, 1, NOW, sys::FD_NEVER));
        sys::fd_formatter_free(raw);
    }
    // Out of range instants: Status::Range.
    let e = f.schedule(253_402_300_800_000, NOW, DAY, 10).unwrap_err();
    assert_eq!(e.status(), Status::Range, "{e}");
    assert!(e.message().contains("253402300800000"), "{e}");
    let e = f.schedule(old, -62_135_596_800_001, DAY, 10).unwrap_err();
    assert_eq!(e.status(), Status::Range, "{e}");

    for (horizon, max) in [
        (Duration::ZERO, 1),
        (SCHEDULE_MAX_HORIZON, SCHEDULE_MAX_ENTRIES),
        (DEFAULT_HORIZON, DEFAULT_MAX_ENTRIES),
    ] {
        let s = f.schedule(old, NOW, horizon, max).unwrap();
        assert_eq!(
            (s.entries.len(), s.entries[0].text.as_str(), s.until, s.json()),
            (
                1,
                "2023年12月30日",
                None,
                r#"{"v":1,"now":1711348200000,"labels":[["2023年12月30日",0]],"until":null}"#
            ),
            "horizon {horizon:?}, max {max}"
        );
    }
    assert_eq!(
        (
            DEFAULT_HORIZON,
            DEFAULT_MAX_ENTRIES,
            SCHEDULE_MAX_HORIZON,
            SCHEDULE_MAX_ENTRIES
        ),
        (DAY, 1000, 366 * DAY, 100_000)
    );
}

/// The horizon is whole milliseconds, floored (SPEC 11, 1.3): a countdown
/// in milliseconds changes at now+1, now+2, ...; 1.5 ms is 1 ms, one entry
/// until now+1, as 1 ms gives; 2 ms gives two.
#[test]
fn schedule_horizon_floors() {
    let f = Formatter::new(
        &Options::new(Style::Countdown)
            .locale("en_US")
            .time_zone("UTC")
            .precision(3),
    )
    .unwrap();
    for (horizon, n) in [
        (Duration::ZERO, 1),
        (Duration::from_nanos(1), 1),
        (Duration::from_nanos(999_999), 1),
        (Duration::from_millis(1), 1),
        (Duration::from_nanos(1_000_001), 1),
        (Duration::from_micros(1500), 1),
        (Duration::from_millis(2), 2),
        (Duration::from_nanos(2_000_001), 2),
    ] {
        let s = f.schedule(NOW + 10_000, NOW, horizon, DEFAULT_MAX_ENTRIES).unwrap();
        assert_eq!(
            (s.entries.len(), s.until),
            (n, Some(NOW + n as i64)),
            "horizon {horizon:?}: {}",
            entries_string(&s.entries)
        );
    }
}

/// SystemTime in and out: read as format_time reads them (floored), given
/// back by ScheduleEntry::start and Schedule::until_time.
#[test]
fn schedule_times() {
    let f = Formatter::new(&zh(Style::ChatList)).unwrap();
    let at = |ms: i64| UNIX_EPOCH + Duration::from_millis(ms as u64);
    let sent = NOW - 7_200_000;
    let s = f
        .schedule_time(
            at(sent) + Duration::from_micros(900),
            at(NOW) + Duration::from_micros(999),
            DAY,
            10,
        )
        .unwrap();
    assert_eq!(s, f.schedule(sent, NOW, DAY, 10).unwrap());
    let starts: Vec<SystemTime> = s.entries.iter().map(ScheduleEntry::start).collect();
    assert_eq!(starts, [at(NOW), at(1_711_382_400_000)]);
    assert_eq!(s.until_time(), Some(at(1_711_468_800_000)));
    let complete = f.schedule_time(at(sent), at(NOW), 8 * DAY, 10).unwrap();
    assert_eq!((complete.until_time(), complete.is_complete()), (None, true));
    let json = complete.json().to_string();
    assert_eq!(complete.into_json(), json);
    let e = f
        .schedule_time(UNIX_EPOCH - Duration::from_secs(70_000_000_000), at(NOW), DAY, 10)
        .unwrap_err();
    assert_eq!(e.status(), Status::Range, "{e}");
}

/// splitmix64: enough randomness for picking cases, std only.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The definition (SPEC 11) against label itself, for random instants,
/// nows, horizons and limits in each style: entry 0 at now, each text the
/// label at its start, each next start that label's next change,
/// consecutive texts different, the stop at the first complete label, max
/// entries or a change at or after now + horizon; and the wire form read
/// back holds the same now, texts, starts and until.
/// FEEDDATE_SCHEDULE_SEED replays a run (its seed is printed).
#[test]
fn schedule_matches_label_step_by_step() {
    let seed = match std::env::var("FEEDDATE_SCHEDULE_SEED") {
        Ok(s) => s.parse().expect("FEEDDATE_SCHEDULE_SEED: a number"),
        Err(_) => SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_nanos() as u64,
    };
    println!("seed {seed} (FEEDDATE_SCHEDULE_SEED replays it)");
    let mut rng = Rng(seed);
    let en = |style| Options::new(style).locale("en_US").time_zone("America/New_York");
    let setups = [
        zh(Style::Feed).recent_relative(true),
        zh(Style::FeedDetail),
        zh(Style::ChatList),
        en(Style::ChatBubble).hour_cycle(HourCycle::H12),
        en(Style::Relative).width(Width::Short),
        en(Style::Compact).max_unit(Unit::Hour).spoken(true),
        zh(Style::Countdown).precision(0).overtime(true),
    ];
    let (mut cases, mut total) = (0, 0);
    for o in &setups {
        let f = Formatter::new(o).unwrap();
        for _ in 0..3 {
            let now = NOW + rng.below(400 * 86_400_000) as i64 - 200 * 86_400_000;
            let span = [3_600_000i64, 10 * 86_400_000, 400 * 86_400_000][rng.below(3) as usize];
            let mut t = now + rng.below(2 * span as u64) as i64 - span + rng.below(1000) as i64;
            if o.style != Style::Countdown && rng.below(4) > 0 {
                t = now - rng.below(span as u64) as i64; // mostly the past, as feeds are
            }
            let mut horizon = Duration::from_nanos(rng.below(3 * 86_400_000_000_000));
            if rng.below(2) == 0 {
                horizon = Duration::from_millis(horizon.as_millis() as u64);
            }
            let max = 1 + rng.below(300) as usize;
            let what = format!("{:?} t={t} now={now} horizon={horizon:?} max={max}", o.style);
            let s = f
                .schedule(t, now, horizon, max)
                .unwrap_or_else(|e| panic!("{what}: {e}"));

            let end = now + horizon.as_millis() as i64;
            let (mut want, mut until, mut from) = (Vec::new(), None, now);
            loop {
                let l = f
                    .label(t, from)
                    .unwrap_or_else(|e| panic!("{what}: label at {from}: {e}"));
                want.push(ScheduleEntry {
                    text: l.text,
                    start_ms: from,
                });
                let Some(next) = l.next_change_ms else { break };
                if want.len() == max || next >= end {
                    until = Some(next);
                    break;
                }
                from = next;
            }
            assert_eq!(
                entries_string(&s.entries),
                entries_string(&want),
                "{what}: entries (left: schedule, right: label step by step)"
            );
            assert_eq!(s.until, until, "{what}: until");
            for pair in s.entries.windows(2) {
                assert_ne!(pair[0].text, pair[1].text, "{what}: consecutive texts");
            }

            let Ok(Json::Object(w)) = Reader::parse(s.json()) else {
                panic!("{what}: json {} does not read", s.json())
            };
            assert_eq!(w.keys().collect::<Vec<_>>(), ["labels", "now", "until", "v"], "{what}");
            assert!(
                s.json().starts_with(&format!("{{\"v\":1,\"now\":{now},\"labels\":[")),
                "{what}: {}",
                s.json()
            );
            assert_eq!(int(&w["v"]), Ok(1));
            let wire_until = match &w["until"] {
                Json::Null => None,
                j => Some(int(j).unwrap()),
            };
            assert_eq!(wire_until, s.until, "{what}: json {}", s.json());
            let Json::Array(labels) = &w["labels"] else {
                panic!("{what}: labels")
            };
            let mut start = now;
            let mut read = Vec::new();
            for pair in labels {
                let Json::Array(a) = pair else {
                    panic!("{what}: {pair:?}")
                };
                start += int(&a[1]).unwrap();
                read.push(ScheduleEntry {
                    text: string(&a[0]).unwrap(),
                    start_ms: start,
                });
            }
            assert_eq!(read, s.entries, "{what}: json {}", s.json());
            cases += 1;
            total += s.entries.len();
        }
    }
    println!("{cases} random schedules ({total} entries) agree with label step by step");
}

/// One formatter, many threads scheduling at once: the same schedule on each.
#[test]
fn schedules_on_threads() {
    let f = Formatter::new(&zh(Style::Feed).recent_relative(true)).unwrap();
    let want = f
        .schedule(NOW - 30_000, NOW, DEFAULT_HORIZON, DEFAULT_MAX_ENTRIES)
        .unwrap();
    assert_eq!(want.entries.len(), 70);
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                for _ in 0..50 {
                    assert_eq!(
                        f.schedule(NOW - 30_000, NOW, DEFAULT_HORIZON, DEFAULT_MAX_ENTRIES)
                            .unwrap(),
                        want
                    );
                }
            });
        }
    });
}

/// The README's schedule example is the doc test of Formatter::schedule, so
/// it runs: each line of its code block is a line of that doc comment.
#[test]
fn readme_schedule_example_is_the_doc_test() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
    let source = std::fs::read_to_string(dir.join("src/schedule.rs")).unwrap();
    let section = &readme[readme.find("## Schedules").expect("README: no Schedules section")..];
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
        start.is_some(),
        "README's schedule example is not the doc test of Formatter::schedule:\n{}",
        block.join("\n")
    );
}
