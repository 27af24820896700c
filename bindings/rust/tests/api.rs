//! The binding's own checks: the #[repr(C)] layout against the library,
//! errors (status and message), the label fields, threads, closing while
//! other threads call, format_many's chunks, and SystemTime instants.

use std::mem::{size_of, MaybeUninit};
use std::sync::{Arc, Barrier};
use std::thread;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use feeddate::{sys, Formatter, HourCycle, Options, Status, Style, Unit, Width};

const NOW: i64 = 1_711_348_200_000; // 2024-03-25 14:30 Asia/Shanghai
const YDAY: i64 = 1_711_281_600_000; // 2024-03-24 20:00 Asia/Shanghai

fn zh(style: Style) -> Options {
    Options::new(style).locale("zh_CN").time_zone("Asia/Shanghai")
}

#[test]
fn send_and_sync() {
    fn assert<T: Send + Sync>() {}
    assert::<Formatter>();
    assert::<feeddate::Error>();
}

// fd_options_init_sized accepts exactly the published sizes: ours must be
// one, and the defaults it writes (at the C offsets) must be read back at
// ours, every field of the struct.
#[test]
fn options_layout_matches_the_header() {
    let size = size_of::<sys::fd_options>();
    assert_eq!(size, 120, "x86_64/aarch64 layout of the 1.1 fd_options");
    for style in [Style::Feed, Style::Countdown] {
        let mut o = MaybeUninit::<sys::fd_options>::uninit();
        unsafe { std::ptr::write_bytes(o.as_mut_ptr().cast::<u8>(), 0xA5, size) };
        let code = unsafe { sys::fd_options_init_sized(o.as_mut_ptr(), size, style as u32) };
        assert_eq!(
            code,
            sys::FD_OK,
            "fd_options_init_sized refused size {size}: {}",
            unsafe { std::ffi::CStr::from_ptr(sys::fd_last_error()).to_string_lossy() }
        );
        let o = unsafe { o.assume_init() };
        assert_eq!(o.size as usize, size);
        assert_eq!(o.style, style as u32);
        assert!(o.locale.is_null() && o.time_zone.is_null());
        assert_eq!((o.hour_cycle, o.width, o.recent_relative), (0, 0, 0));
        assert_eq!((o.just_now_ms, o.skew_tolerance_ms), (60_000, 60_000));
        assert_eq!(
            (
                o.cross_year_grace_days,
                o.weekday_window_days,
                o.precision,
                o.countdown_days
            ),
            (0, 6, 1, 0)
        );
        assert_eq!((o.plain_spaces, o.spoken, o.overtime, o.max_unit), (0, 0, 0, 0));
        assert!(
            o.just_now_text.is_null()
                && o.yesterday_text.is_null()
                && o.day_before_yesterday_text.is_null()
                && o.tomorrow_text.is_null()
        );
    }
    // The 1.0 layout (72 bytes) is still a published size: filled, and not a byte more.
    let mut o = MaybeUninit::<sys::fd_options>::uninit();
    unsafe { std::ptr::write_bytes(o.as_mut_ptr().cast::<u8>(), 0xA5, size) };
    assert_eq!(unsafe { sys::fd_options_init_sized(o.as_mut_ptr(), 72, 0) }, sys::FD_OK);
    let bytes = unsafe { std::slice::from_raw_parts(o.as_ptr().cast::<u8>(), size) };
    assert_eq!(u32::from_ne_bytes(bytes[..4].try_into().unwrap()), 72);
    assert!(bytes[72..].iter().all(|&b| b == 0xA5), "wrote past the 1.0 layout");
    // Sizes that are no published layout are refused.
    for bad in [size - 8, size + 8, 80, 1] {
        let mut o = MaybeUninit::<sys::fd_options>::zeroed();
        let code = unsafe { sys::fd_options_init_sized(o.as_mut_ptr(), bad, 0) };
        assert_eq!(code, Status::Argument.code(), "size {bad}");
    }
    assert_eq!(size_of::<sys::fd_label>(), 56);
}

fn want_err(what: &str, r: Result<impl std::fmt::Debug, feeddate::Error>, status: Status, names: &[&str]) {
    let e = r.expect_err(what);
    assert_eq!(e.status(), status, "{what}: {e}");
    for n in names {
        assert!(
            e.message().contains(n),
            "{what}: message {:?} does not name {n:?}",
            e.message()
        );
    }
    assert!(e.to_string().starts_with("feeddate: "), "{what}: {e}");
}

#[test]
fn new_errors() {
    let en = || Options::new(Style::Feed).locale("en_US").time_zone("UTC");
    want_err(
        "malformed locale",
        Formatter::new(&en().locale("@@@")),
        Status::Locale,
        &["@@@"],
    );
    want_err(
        "locale without data",
        Formatter::new(&en().locale("xx_YY")),
        Status::Locale,
        &["xx_YY"],
    );
    want_err(
        "unknown zone",
        Formatter::new(&en().time_zone("No/Such_Zone")),
        Status::TimeZone,
        &["No/Such_Zone"],
    );
    want_err(
        "precision 4",
        Formatter::new(&en().precision(4)),
        Status::Argument,
        &["precision", "4", "0..3"],
    );
    want_err(
        "precision -1",
        Formatter::new(&en().precision(-1)),
        Status::Argument,
        &["precision", "-1"],
    );
    want_err(
        "weekday window 7",
        Formatter::new(&en().weekday_window_days(7)),
        Status::Argument,
        &["weekday_window_days", "7"],
    );
    want_err(
        "just now",
        Formatter::new(&en().just_now_ms(86_400_001)),
        Status::Argument,
        &["just_now_ms", "86400001"],
    );
    want_err(
        "skew",
        Formatter::new(&en().skew_tolerance_ms(-5)),
        Status::Argument,
        &["skew_tolerance_ms", "-5"],
    );
    want_err(
        "grace",
        Formatter::new(&en().cross_year_grace_days(400)),
        Status::Argument,
        &["cross_year_grace_days", "400"],
    );
    // max_unit cannot be out of range here (Unit is an enum); the words can.
    want_err(
        "yesterday_text of 65 bytes",
        Formatter::new(&en().yesterday_text("y".repeat(65))),
        Status::Argument,
        &["yesterday_text", "64 bytes"],
    );
    want_err(
        "tomorrow_text with a tab",
        Formatter::new(&en().tomorrow_text("to\tmorrow")),
        Status::Argument,
        &["tomorrow_text", "control character U+9"],
    );
    want_err(
        "empty just_now_text",
        Formatter::new(&en().just_now_text("")),
        Status::Argument,
        &["just_now_text", "0 bytes"],
    );
    // Checked by the binding: a C string cannot hold a NUL.
    want_err(
        "NUL in zone",
        Formatter::new(&en().time_zone("UTC\0x")),
        Status::Argument,
        &["time_zone"],
    );
    want_err(
        "NUL in day_before_yesterday_text",
        Formatter::new(&en().day_before_yesterday_text("a\0b")),
        Status::Argument,
        &["day_before_yesterday_text", "NUL"],
    );
}

// Each 1.1 option reaches the library: its effect on one label.
#[test]
fn options_1_1() {
    let en = |style| Options::new(style).locale("en_US").time_zone("UTC");
    let text = |o: &Options, t: i64| Formatter::new(o).unwrap().format(t, NOW).unwrap();
    const HOUR: i64 = 3_600_000;

    // Twitter's web feed: hours at most, then the date.
    let hours = en(Style::Compact).max_unit(Unit::Hour);
    assert_eq!(text(&hours, NOW - 5 * HOUR), "5h");
    assert_eq!(text(&hours, NOW - 30 * HOUR), "Mar 24");
    assert_eq!(text(&en(Style::Compact), NOW - 30 * HOUR), "1d");

    assert_eq!(text(&en(Style::Compact).spoken(true), NOW - 2 * HOUR), "2 hours ago");

    let over = Formatter::new(&en(Style::Countdown).overtime(true)).unwrap();
    let l = over.label(NOW - 5_300, NOW).unwrap();
    assert_eq!(
        (l.text.as_str(), l.expired, l.next_change_ms),
        ("-0:00:05.3", true, Some(NOW + 100))
    );

    let h12 = en(Style::ChatList).hour_cycle(HourCycle::H12);
    assert_eq!(text(&h12, NOW - HOUR), "5:30\u{202f}AM");
    assert_eq!(text(&h12.plain_spaces(true), NOW - HOUR), "5:30 AM");

    assert_eq!(
        text(
            &zh(Style::Feed).recent_relative(true).just_now_text("刚才"),
            NOW - 10_000
        ),
        "刚才"
    );
    assert_eq!(text(&zh(Style::Feed).yesterday_text("昨儿"), YDAY), "昨儿");
    assert_eq!(
        text(&zh(Style::Feed).day_before_yesterday_text("前儿"), NOW - 48 * HOUR),
        "前儿"
    );
    assert_eq!(text(&zh(Style::Feed).tomorrow_text("明儿"), NOW + 24 * HOUR), "明儿");
}

#[test]
fn range_errors() {
    let f = Formatter::new(&zh(Style::Feed)).unwrap();
    let max = sys::FD_MAX_INSTANT_MS;
    want_err(
        "t past 9999",
        f.format(max + 1, NOW),
        Status::Range,
        &["253402300800000"],
    );
    want_err(
        "now before 1",
        f.label(YDAY, sys::FD_MIN_INSTANT_MS - 1),
        Status::Range,
        &["-62135596800001"],
    );
    want_err("t = i64::MIN", f.format(i64::MIN, NOW), Status::Range, &[]);
    want_err(
        "format_many",
        f.format_many(&[YDAY, max + 1, YDAY], NOW),
        Status::Range,
        &["253402300800000"],
    );
    assert_eq!(f.format(max, NOW).unwrap(), "10000年1月1日"); // already Jan 1 in Shanghai
    assert_eq!(f.format(YDAY, NOW).unwrap(), "昨天");
}

#[test]
fn labels_and_accessors() {
    let f = Formatter::new(&zh(Style::ChatBubble).hour_cycle(HourCycle::H23)).unwrap();
    assert_eq!((f.locale(), f.time_zone()), ("zh_CN", "Asia/Shanghai"));
    assert!(!f.tz_source().is_empty());
    let l = f.label(YDAY, NOW).unwrap();
    assert_eq!(
        (l.text.as_str(), l.day_text(), l.time_text()),
        ("昨天 20:00", "昨天", "20:00")
    );
    assert_eq!((l.next_change_ms, l.expired), (Some(1_711_382_400_000), false));
    let old = Formatter::new(&zh(Style::Feed))
        .unwrap()
        .label(1_577_836_800_000, NOW)
        .unwrap();
    assert_eq!(old.next_change_ms, None);
    let cd = Formatter::new(
        &Options::new(Style::Countdown)
            .locale("en_US")
            .time_zone("UTC")
            .precision(0),
    )
    .unwrap();
    let l = cd.label(NOW - 1, NOW).unwrap();
    assert!(l.expired, "{l:?}");
    let rel = Formatter::new(
        &Options::new(Style::Relative)
            .locale("en_US")
            .time_zone("UTC")
            .width(Width::Narrow),
    )
    .unwrap();
    assert_eq!(rel.format(NOW - 5 * 60_000, NOW).unwrap(), "5m ago");
    // format_many: empty; and longer than its first guess of the buffer.
    assert_eq!(f.format_many(&[], NOW).unwrap(), (vec![], None));
    let ar = Formatter::new(
        &Options::new(Style::FeedDetail)
            .locale("ar_EG")
            .time_zone("Africa/Cairo"),
    )
    .unwrap();
    let ts: Vec<i64> = (0..300).map(|i| NOW - i * 37 * 3_600_000).collect();
    let (labels, _) = ar.format_many(&ts, NOW).unwrap();
    for (t, s) in ts.iter().zip(&labels) {
        assert_eq!(&ar.format(*t, NOW).unwrap(), s);
    }
    assert!(labels.iter().map(String::len).sum::<usize>() > 32 * ts.len());
    assert_eq!(feeddate::version_number() / 10000, 1);
    assert!(feeddate::version().starts_with("1.") && !feeddate::icu_version().is_empty());
    assert!(feeddate::now_ms() > NOW);
}

// SPEC 13 (1.3): ICU 78.3 and CLDR 48 inside the library and the zone
// database's tzdata version: fd_data_version's text, as it is.
#[test]
fn data_version() {
    let v = feeddate::data_version();
    let rest = v
        .strip_prefix("ICU 78.3; CLDR 48.0; tzdata ")
        .unwrap_or_else(|| panic!("{v:?}"));
    assert!(!rest.is_empty() && !rest.contains(char::is_whitespace), "{v:?}");
    let c = unsafe { std::ffi::CStr::from_ptr(feeddate::sys::fd_data_version()) };
    assert_eq!(c.to_str().unwrap(), v);
    assert!(v.starts_with(&format!("ICU {}; ", feeddate::icu_version())));
}

// Threads share one formatter per style and must give what one thread gave,
// errors (and their per-thread messages) included.
#[test]
fn threads_agree_with_one_thread() {
    let configs = [
        zh(Style::Feed).recent_relative(true),
        Options::new(Style::FeedDetail)
            .locale("ar_EG")
            .time_zone("Africa/Cairo"),
        Options::new(Style::ChatList)
            .locale("en_US")
            .time_zone("America/New_York"),
        Options::new(Style::ChatBubble).locale("ja_JP").time_zone("Asia/Tokyo"),
        Options::new(Style::Relative).locale("de_DE").time_zone("Europe/Berlin"),
        Options::new(Style::Compact).locale("en_GB").time_zone("Europe/London"),
        Options::new(Style::Countdown)
            .locale("fr_FR")
            .time_zone("Europe/Paris")
            .precision(2)
            .countdown_days(true),
    ];
    let fs: Arc<Vec<Formatter>> = Arc::new(configs.iter().map(|o| Formatter::new(o).unwrap()).collect());
    const COUNT: usize = 20_000;
    let mut seed: u64 = 12345;
    let mut ts: Vec<i64> = (0..COUNT)
        .map(|_| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            NOW + ((seed >> 20) % (4 * 365 * 86_400_000)) as i64 - 2 * 365 * 86_400_000
        })
        .collect();
    ts[COUNT / 2] = sys::FD_MAX_INSTANT_MS + 1;
    let ts = Arc::new(ts);
    let run = |fs: &[Formatter], ts: &[i64], i: usize| fs[i % fs.len()].label(ts[i], NOW);
    let want: Arc<Vec<_>> = Arc::new((0..COUNT).map(|i| run(&fs, &ts, i)).collect());
    assert!(want[COUNT / 2].is_err());
    let threads: Vec<_> = (0..8)
        .map(|w| {
            let (fs, ts, want) = (fs.clone(), ts.clone(), want.clone());
            thread::spawn(move || {
                let mut bad = Vec::new();
                for k in 0..COUNT {
                    let i = (k + w * COUNT / 8) % COUNT;
                    let got = run(&fs, &ts, i);
                    if got != want[i] && bad.len() < 3 {
                        bad.push(format!("label {}: {got:?}, want {:?}", ts[i], want[i]));
                    }
                }
                for (s, f) in fs.iter().enumerate() {
                    let idx: Vec<usize> = (s..COUNT).step_by(fs.len()).filter(|&i| i != COUNT / 2).collect();
                    let chunk: Vec<i64> = idx.iter().map(|&i| ts[i]).collect();
                    let (labels, _) = f.format_many(&chunk, NOW).unwrap();
                    for (j, &i) in idx.iter().enumerate() {
                        if labels[j] != want[i].as_ref().unwrap().text {
                            bad.push(format!("format_many {}: {:?}", ts[i], labels[j]));
                            break;
                        }
                    }
                }
                bad
            })
        })
        .collect();
    let bad: Vec<String> = threads.into_iter().flat_map(|t| t.join().unwrap()).collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

// SPEC 10 (1.2): closing while other threads call never crashes. In Rust
// drop is the close, and only the last Arc frees the formatter: the other
// threads go on calling while the main thread and then each worker drop
// theirs; whichever finishes last frees it, right after its own last call.
#[test]
fn dropping_the_last_arc_while_others_call() {
    for round in 0..12 {
        let f = Arc::new(Formatter::new(&zh(Style::Feed).recent_relative(true)).unwrap());
        let freed = Arc::downgrade(&f);
        let start = Arc::new(Barrier::new(5));
        let workers: Vec<_> = (0..4)
            .map(|w| {
                let (f, start) = (f.clone(), start.clone());
                thread::spawn(move || {
                    start.wait();
                    let calls = 150 + 100 * ((w + round) % 4);
                    for i in 0..calls {
                        let t = NOW - i as i64 * 3_600_000;
                        match i % 3 {
                            0 => assert!(!f.format(t, NOW).unwrap().is_empty()),
                            1 => assert!(f.label(t, NOW).unwrap().next_change_ms.is_some()),
                            _ => assert_eq!(f.format_many(&[t, YDAY], NOW).unwrap().0[1], "昨天"),
                        }
                    }
                    // This worker's clone: the last one dropped frees the formatter.
                })
            })
            .collect();
        start.wait();
        drop(f); // the creator's handle goes while the workers call
        for w in workers {
            w.join().expect("a worker panicked");
        }
        assert!(freed.upgrade().is_none(), "the formatter outlived its last Arc");
    }
}

// Scoped threads borrow the formatter; it can be dropped only after the
// scope (dropping it inside does not compile: the compile_fail examples on
// Formatter).
#[test]
fn scoped_threads_then_drop() {
    let f = Formatter::new(&zh(Style::ChatList)).unwrap();
    thread::scope(|s| {
        for k in 0..4i64 {
            let f = &f;
            s.spawn(move || {
                for i in 0..200 {
                    assert!(f.format(NOW - (i + k) * 86_400_000, NOW).is_ok());
                }
            });
        }
    });
    drop(f);
}

/// Instants for the chunk tests: labels of every kind, in the past and the
/// future, a few of them repeated.
fn mixed_instants(n: usize) -> Vec<i64> {
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    (0..n)
        .map(|i| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let span = [60_000, 3_600_000, 86_400_000, 10 * 86_400_000, 800 * 86_400_000][i % 5];
            NOW - (seed % span) as i64 + if i % 11 == 0 { span as i64 / 2 } else { 0 }
        })
        .collect()
}

// SPEC 10 (1.2): format_many works in bounded chunks. Chunks of 1, 7 and
// 1000 give what one call for the whole list gives (labels and earliest
// change), also when a later chunk needs more room than the first (the
// spoken countdowns), and an error names the index of the first bad instant
// in the caller's list.
#[test]
fn format_many_in_chunks_matches_one_call() {
    let feed = Formatter::new(&zh(Style::Feed).recent_relative(true)).unwrap();
    let spoken = Formatter::new(
        &Options::new(Style::Countdown)
            .locale("en_US")
            .time_zone("UTC")
            .spoken(true)
            .countdown_days(true),
    )
    .unwrap();
    let ts = mixed_instants(2_500);
    // Deadlines: 1200 past ("0 seconds"), then ever longer ones ("1 day, 3 hours, ...").
    let deadlines: Vec<i64> = (0..2_500i64)
        .map(|i| {
            if i < 1_200 {
                NOW - i
            } else {
                NOW + 90_061_001 + i * 3_601_001
            }
        })
        .collect();
    for (f, ts) in [(&feed, &ts), (&spoken, &deadlines)] {
        let whole = f.format_many_in_chunks(ts, NOW, usize::MAX).unwrap();
        assert_eq!(whole, f.format_many(ts, NOW).unwrap());
        let singles: Vec<_> = ts.iter().map(|&t| f.label(t, NOW).unwrap()).collect();
        let texts: Vec<String> = singles.iter().map(|l| l.text.clone()).collect();
        assert_eq!(whole.0, texts);
        // format finds the end of its text by the NUL, label by the length
        // the library reports: the same bytes, Chinese and 100-byte labels too.
        let formatted: Vec<String> = ts.iter().map(|&t| f.format(t, NOW).unwrap()).collect();
        assert_eq!(formatted, texts);
        assert_eq!(whole.1, singles.iter().filter_map(|l| l.next_change_ms).min());
        for chunk in [1, 7, 1000] {
            assert_eq!(
                f.format_many_in_chunks(ts, NOW, chunk).unwrap(),
                whole,
                "{f:?}, chunks of {chunk}"
            );
        }
    }
    // The later chunks need more than the first guess of 32 bytes a label.
    let long = deadlines[1_200..]
        .iter()
        .filter(|&&t| spoken.format(t, NOW).unwrap().len() > 32);
    assert!(long.count() > 1_200);
    // The earliest change from the last chunk only: one soon label at the end.
    let mut late = vec![NOW - 400 * 86_400_000; 2_001];
    late[2_000] = NOW - 30_000;
    let want = feed.label(NOW - 30_000, NOW).unwrap().next_change_ms;
    for chunk in [1, 7, 1000, usize::MAX] {
        assert_eq!(
            feed.format_many_in_chunks(&late, NOW, chunk).unwrap().1,
            want,
            "chunks of {chunk}"
        );
    }
    // Errors: the first bad instant, by its index in the whole list.
    let bad = sys::FD_MAX_INSTANT_MS + 1;
    for at in [0usize, 6, 7, 999, 1000, 1234, 2_499] {
        let mut ts = ts.clone();
        ts[at] = bad;
        if at < 2_400 {
            ts[2_400] = sys::FD_MIN_INSTANT_MS - 1; // a later one is not the one reported
        }
        for chunk in [1, 7, 1000, usize::MAX] {
            let e = feed.format_many_in_chunks(&ts, NOW, chunk).unwrap_err();
            assert_eq!(
                (e.status(), e.index()),
                (Status::Range, Some(at)),
                "chunks of {chunk}: {e}"
            );
            let name = format!("t_ms[{at}]: ");
            assert!(
                e.message().contains(&name) && e.message().contains(&bad.to_string()),
                "{e}"
            );
        }
    }
    // now out of range: the library's error, no index.
    let e = feed
        .format_many_in_chunks(&ts, sys::FD_MAX_INSTANT_MS + 1, 7)
        .unwrap_err();
    assert_eq!((e.status(), e.index()), (Status::Range, None), "{e}");
    assert!(e.message().contains("253402300800000"), "{e}");
    // Empty, and one.
    assert_eq!(feed.format_many_in_chunks(&[], NOW, 7).unwrap(), (vec![], None));
    assert_eq!(feed.format_many_in_chunks(&[YDAY], NOW, 0).unwrap().0, ["昨天"]);
}

fn at_ms(ms: i64) -> SystemTime {
    if ms >= 0 {
        UNIX_EPOCH + Duration::from_millis(ms as u64)
    } else {
        UNIX_EPOCH - Duration::from_millis(ms.unsigned_abs())
    }
}

// SystemTime for t and now, and next_change as a SystemTime.
#[test]
fn system_time_instants() {
    let f = Formatter::new(&zh(Style::ChatBubble)).unwrap();
    assert_eq!(
        f.format_time(at_ms(YDAY), at_ms(NOW)).unwrap(),
        f.format(YDAY, NOW).unwrap()
    );
    let l = f.label_time(at_ms(YDAY), at_ms(NOW)).unwrap();
    assert_eq!(l, f.label(YDAY, NOW).unwrap());
    assert_eq!(l.next_change(), Some(at_ms(1_711_382_400_000)));
    let old = Formatter::new(&zh(Style::Feed)).unwrap();
    assert_eq!(
        old.label_time(at_ms(1_577_836_800_000), at_ms(NOW))
            .unwrap()
            .next_change(),
        None
    );

    // Sub-millisecond parts are floored, before 1970 too (the countdown shows milliseconds).
    let cd = Formatter::new(
        &Options::new(Style::Countdown)
            .locale("en_US")
            .time_zone("UTC")
            .precision(3),
    )
    .unwrap();
    let nanos = Duration::from_nanos;
    let deadline = at_ms(10_000) + nanos(900_000); // 10.0009 s: 10000 ms
    let now = at_ms(1_234) + nanos(567_800); // 1.2345678 s: 1234 ms
    assert_eq!(cd.format_time(deadline, now).unwrap(), "0:00:08.766");
    assert_eq!(cd.label_time(deadline, now).unwrap(), cd.label(10_000, 1_234).unwrap());
    let before = UNIX_EPOCH - nanos(1_500_000); // -1.5 ms: -2 ms, not -1
    assert_eq!(cd.format_time(UNIX_EPOCH, before).unwrap(), "0:00:00.002");
    assert_eq!(
        cd.format_time(before, at_ms(-10_000)).unwrap(),
        cd.format(-2, -10_000).unwrap()
    );
    let l = cd.label_time(at_ms(5_000), UNIX_EPOCH - nanos(1)).unwrap();
    assert_eq!((l.text.as_str(), l.next_change()), ("0:00:05.001", Some(UNIX_EPOCH)));

    // The supported range, its edges exact; past it the library's Range
    // error, as far out as SystemTime goes, never a panic.
    let first = at_ms(sys::FD_MIN_INSTANT_MS);
    let last = at_ms(sys::FD_MAX_INSTANT_MS) + nanos(999_999);
    assert_eq!(
        old.format_time(first, at_ms(NOW)).unwrap(),
        old.format(sys::FD_MIN_INSTANT_MS, NOW).unwrap()
    );
    assert_eq!(old.format_time(last, at_ms(NOW)).unwrap(), "10000年1月1日");
    let mut outside = vec![first - nanos(1), last + nanos(1)];
    for secs in [1u64 << 40, 1 << 62, i64::MAX as u64] {
        outside.extend(UNIX_EPOCH.checked_add(Duration::from_secs(secs)));
        outside.extend(UNIX_EPOCH.checked_sub(Duration::from_secs(secs)));
    }
    for t in outside {
        let e = old.format_time(t, at_ms(NOW)).unwrap_err();
        assert_eq!(e.status(), Status::Range, "{t:?}: {e}");
        assert_eq!(
            old.label_time(at_ms(NOW), t).unwrap_err().status(),
            Status::Range,
            "{t:?}"
        );
        let e = old.format_many_times(&[at_ms(YDAY), t], at_ms(NOW)).unwrap_err();
        assert_eq!((e.status(), e.index()), (Status::Range, Some(1)), "{t:?}: {e}");
        assert!(e.message().contains("ts[1]: "), "{e}");
    }

    // format_many_times: the instants read as format_time reads them, in
    // chunks as format_many, and the earliest change as a SystemTime.
    let ts: Vec<SystemTime> = mixed_instants(700)
        .iter()
        .enumerate()
        .map(|(i, &ms)| at_ms(ms) + nanos(i as u64 * 7_919 % 1_000_000))
        .collect();
    let ms: Vec<i64> = mixed_instants(700);
    let now = at_ms(NOW) + nanos(999_999);
    let (labels, next) = f.format_many(&ms, NOW).unwrap();
    for chunk in [1, 7, 1000] {
        let got = f.format_many_times_in_chunks(&ts, now, chunk).unwrap();
        assert_eq!(got, (labels.clone(), next.map(at_ms)), "chunks of {chunk}");
    }
    assert_eq!(f.format_many_times(&ts, now).unwrap().0, labels);
    assert_eq!(f.format_many_times(&[], now).unwrap(), (vec![], None));
}

// SPEC 7 (1.2): a message that quotes what the caller passed is safe for a
// log line. The binding's own message (a NUL in a string option) names the
// option, escapes controls and cuts a long value at 64 bytes with "…".
#[test]
fn nul_errors_name_the_option_and_quote_safely() {
    let en = || Options::new(Style::Feed).locale("en_US").time_zone("UTC");
    let huge = format!("{}\0", "Z".repeat(1 << 20));
    let e = Formatter::new(&en().time_zone(huge)).unwrap_err();
    assert_eq!(e.status(), Status::Argument);
    assert!(
        e.message().starts_with(&format!("time_zone \"{}…\"", "Z".repeat(64))),
        "{e}"
    );
    assert!(
        e.message().len() < 200,
        "a 1 MB id made a {}-byte message",
        e.message().len()
    );
    let e = Formatter::new(&en().locale("en\n\t\u{1b}\u{7f}\u{85}\0x")).unwrap_err();
    assert!(e.message().contains(r#"locale "en\n\t\x1b\x7f\x85\x00x""#), "{e}");
    assert!(!e.message().chars().any(char::is_control), "{:?}", e.message());
    // A cut never splits a character: "é" straddles byte 64.
    let e = Formatter::new(&en().tomorrow_text(format!("{}é\0", "a".repeat(63)))).unwrap_err();
    assert!(e.message().contains(&format!("\"{}…\"", "a".repeat(63))), "{e}");
    type Set = fn(Options, String) -> Options;
    let options: [(&str, Set); 6] = [
        ("locale", |o, v| o.locale(v)),
        ("time_zone", |o, v| o.time_zone(v)),
        ("just_now_text", |o, v| o.just_now_text(v)),
        ("yesterday_text", |o, v| o.yesterday_text(v)),
        ("day_before_yesterday_text", |o, v| o.day_before_yesterday_text(v)),
        ("tomorrow_text", |o, v| o.tomorrow_text(v)),
    ];
    for (name, set) in options {
        let e = Formatter::new(&set(en(), "a\0b".into())).unwrap_err();
        assert_eq!(e.status(), Status::Argument, "{name}");
        assert!(
            e.message()
                .starts_with(&format!("{name} \"a\\x00b\" contains a NUL byte")),
            "{e}"
        );
    }
}

// SPEC 1 (1.2): a named zone never falls back to ICU's built-in rules ("icu
// 2022e"). $TZDIR is read once per process, so the case without a database
// runs in a child process: this test binary again, with TZDIR at an empty
// folder.
#[test]
fn named_zones_never_use_icu_rules() {
    let mexico = Options::new(Style::Feed)
        .locale("en_US")
        .time_zone("America/Mexico_City");
    if std::env::var_os("FEEDDATE_RUST_NO_TZ_DATABASE").is_some() {
        let e = Formatter::new(&mexico).expect_err("a named zone without a zone database");
        assert_eq!(e.status(), Status::TimeZone, "{e}");
        assert!(e.message().contains("America/Mexico_City"), "{e}");
        println!("child: {e}");
        return;
    }
    let f = Formatter::new(&mexico).unwrap();
    assert!(f.tz_source().starts_with("tzdata "), "{:?}", f.tz_source());
    let empty = std::env::temp_dir().join(format!("feeddate-rust-empty-tzdir-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "named_zones_never_use_icu_rules",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("FEEDDATE_RUST_NO_TZ_DATABASE", "1")
        .env("TZDIR", &empty)
        .output()
        .unwrap();
    std::fs::remove_dir(&empty).unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && text.contains("child: "),
        "the child with an empty TZDIR:\n{text}"
    );
}
