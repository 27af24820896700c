//! SPEC 11's rule (1.3) in Rust's own types: the lines of
//! Tests/vectors/conversion/conversion-1.3.jsonl that a `SystemTime` (iso)
//! and a `Duration` (nanos) hold give the milliseconds, labels and wire
//! bytes every binding gives. The crate takes no float, so lines of the
//! float forms (seconds, millis, since_2001) are other bindings' to run.

use std::collections::HashMap;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use feeddate::{Formatter, Status};

mod common;
use common::{field, int, options, string, vector_root, Json, Reader};

/// Days from 1970-01-01 to y-m-d (proleptic Gregorian).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// "YYYY-MM-DDTHH:MM:SS[.fraction]Z" as a SystemTime, to the nanosecond.
fn system_time(iso: &str) -> SystemTime {
    let n = |a: usize, b: usize| iso[a..b].parse::<i64>().unwrap();
    let secs = days_from_civil(n(0, 4), n(5, 7), n(8, 10)) * 86_400 + n(11, 13) * 3600 + n(14, 16) * 60 + n(17, 19);
    let frac = iso[19..].trim_end_matches('Z').trim_start_matches('.');
    let nanos = if frac.is_empty() {
        0
    } else {
        format!("{frac:0<9}").parse::<u64>().unwrap()
    };
    let whole = Duration::from_secs(secs.unsigned_abs());
    let base = if secs >= 0 {
        UNIX_EPOCH + whole
    } else {
        UNIX_EPOCH - whole
    };
    base + Duration::from_nanos(nanos)
}

/// The form's SystemTime, when it is one a SystemTime holds (iso).
fn form_time(j: &Json) -> Option<SystemTime> {
    j.get("iso").map(|v| system_time(&string(v).unwrap()))
}

#[test]
fn conversion_vectors() {
    let path = vector_root().join("conversion").join("conversion-1.3.jsonl");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut formatters: HashMap<String, Formatter> = HashMap::new();
    let mut ran: HashMap<String, usize> = HashMap::new();
    for (i, line) in text.lines().enumerate() {
        let place = format!("{}:{}", path.display(), i + 1);
        // The float forms are not Rust's (and the strict reader takes integers only).
        if ["\"seconds\":", "\"millis\":", "\"since_2001\":"]
            .iter()
            .any(|k| line.contains(k))
        {
            continue;
        }
        let Json::Object(m) = Reader::parse(line).unwrap_or_else(|e| panic!("{place}: {e}")) else {
            panic!("{place}: not an object")
        };
        let case = string(field(&m, "case").unwrap()).unwrap();
        let note = m.get("note").map(|n| string(n).unwrap()).unwrap_or_default();
        let key = format!("{:?}{:?}", m.get("style"), m.get("options"));
        if (case == "label" || case == "schedule") && !formatters.contains_key(&key) {
            let o = options(&m).unwrap_or_else(|e| panic!("{place}: {e}"));
            formatters.insert(
                key.clone(),
                Formatter::new(&o).unwrap_or_else(|e| panic!("{place}: {e}")),
            );
        }
        match case.as_str() {
            "instant" => {
                let t = system_time(&string(field(&m, "iso").unwrap()).unwrap());
                let want = int(field(&m, "expect_ms").unwrap()).unwrap();
                // The crate's reading of a SystemTime: the wire's "now" is the milliseconds it passed.
                let f = formatter_for_horizon();
                let s = f
                    .schedule_time(t, t, Duration::ZERO, 1)
                    .unwrap_or_else(|e| panic!("{place}: {e}"));
                assert!(
                    s.json().contains(&format!("\"now\":{want},")),
                    "{place} ({note}): {}",
                    s.json()
                );
            }
            "horizon" => {
                let ns = int(field(&m, "nanos").unwrap()).unwrap();
                let want = int(field(&m, "expect_ms").unwrap()).unwrap();
                let f = formatter_for_horizon();
                if ns < 0 {
                    continue; // a Duration is never negative
                }
                let (t, max) = (10_000, 100_000);
                let got = f
                    .schedule(t, 0, Duration::from_nanos(ns as u64), max)
                    .map(|s| s.json().to_string());
                let exact = f
                    .schedule(t, 0, Duration::from_millis(want as u64), max)
                    .map(|s| s.json().to_string());
                match (&got, &exact) {
                    (Ok(a), Ok(b)) => assert_eq!(a, b, "{place} ({note})"),
                    _ => panic!("{place} ({note}): {got:?} against {exact:?}"),
                }
            }
            "label" | "schedule" => {
                let (Some(t), Some(now)) = (form_time(field(&m, "t").unwrap()), form_time(field(&m, "now").unwrap()))
                else {
                    continue;
                };
                let f = &formatters[&key];
                if case == "label" {
                    let text = f.format_time(t, now).unwrap_or_else(|e| panic!("{place}: {e}"));
                    assert_eq!(text, string(field(&m, "text").unwrap()).unwrap(), "{place} ({note})");
                } else {
                    let Some(ns) = field(&m, "horizon").unwrap().get("nanos") else {
                        continue;
                    };
                    let horizon = Duration::from_nanos(int(ns).unwrap() as u64);
                    let max = int(field(&m, "max_entries").unwrap()).unwrap() as usize;
                    let s = f
                        .schedule_time(t, now, horizon, max)
                        .unwrap_or_else(|e| panic!("{place}: {e}"));
                    assert_eq!(
                        s.json(),
                        string(field(&m, "json").unwrap()).unwrap(),
                        "{place} ({note})"
                    );
                }
            }
            other => panic!("{place}: unknown case {other}"),
        }
        *ran.entry(case).or_default() += 1;
    }
    for case in ["instant", "horizon", "label", "schedule"] {
        assert!(ran.get(case).copied().unwrap_or(0) > 0, "no {case} line ran");
    }
    println!("conversion vectors run: {ran:?}");
}

fn formatter_for_horizon() -> Formatter {
    // A countdown in milliseconds changes every millisecond: the schedule's until is now + the horizon's ms + 1
    // when the horizon is whole, so equal wires mean equal milliseconds.
    Formatter::new(
        &feeddate::Options::new(feeddate::Style::Countdown)
            .locale("en_US")
            .time_zone("UTC")
            .precision(3),
    )
    .unwrap()
}

/// -0.4 ms as C passes it (a Duration cannot be negative) is the library's -1 ms message: checked by
/// schedule.rs's schedule_arguments; here 366 days + 0.4 ms is accepted as 366 days.
#[test]
fn horizon_past_366_days_by_a_fraction() {
    let f = formatter_for_horizon();
    let h = Duration::from_millis(31_622_400_000) + Duration::from_micros(400);
    assert!(f.schedule(0, 0, h, 1).is_ok());
    let err = f.schedule(0, 0, h + Duration::from_micros(600), 1).unwrap_err();
    assert_eq!(
        (err.status(), err.message()),
        (
            Status::Argument,
            "horizon 31622400001 ms is out of range 0...31622400000 (366 days)"
        )
    );
}
