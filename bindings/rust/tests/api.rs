//! The binding's own checks: the #[repr(C)] layout against the library,
//! errors (status and message), the label fields, and threads.

use std::mem::{size_of, MaybeUninit};
use std::sync::Arc;
use std::thread;

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
