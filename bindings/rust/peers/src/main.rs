//! make bench-peers-rust: the binding's RELATIVE labels against
//! chrono-humanize's `HumanTime` (what a Rust user would pick instead), in
//! the same process, in alternating rounds (ours, peer; peer, ours; ...),
//! the median of the per-round ratios. Writes the bench-peers JSON
//! (build/peers/rust.json).
//!
//! feeddate-peers [--quick] OUT.json
//!
//! The instants are those of bench/bench.c: now = 2024-03-25T06:30Z,
//! xorshift64 from 88172645463325252; "mix" (70% in the last week, the rest
//! over 5 years) and "400d" (spread over the 400 days before now), 10,000
//! each (1,000 with --quick, which also runs 3 rounds, not 21). Each round
//! times each side over 3 passes of the instants.
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Instant;

use chrono_humanize::HumanTime;
use feeddate::{sys, Formatter, Options, Style};

const NOW: i64 = 1_711_348_200_000;
const DAY: u64 = 86_400_000;

fn instants(set: &str, n: usize) -> Vec<i64> {
    let mut x: u64 = 88_172_645_463_325_252;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    (0..n)
        .map(|_| {
            let back = match set {
                "mix" => {
                    let r = next();
                    if r % 10 < 7 {
                        next() % (7 * DAY)
                    } else {
                        next() % (5 * 365 * DAY)
                    }
                }
                "400d" => next() % (400 * DAY),
                _ => unreachable!(),
            };
            NOW - back as i64
        })
        .collect()
}

/// chrono-humanize's label of `t` seen at `now`: `HumanTime` of the
/// difference, through `Display` (its rough, English text).
#[inline]
fn humanize(t: i64, now: i64) -> String {
    HumanTime::from(chrono::Duration::milliseconds(t - now)).to_string()
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

/// Passes over the instants in one timing of a side: a round of ~3 ms a
/// side rather than ~1, so that a burst of another process's work lands in
/// fewer of them.
const PASSES: usize = 3;

/// ns per label of `run` (which labels `n` instants), over PASSES runs.
fn time(n: usize, run: &mut dyn FnMut()) -> f64 {
    let t0 = Instant::now();
    for _ in 0..PASSES {
        run();
    }
    t0.elapsed().as_nanos() as f64 / (n * PASSES) as f64
}

/// Alternating rounds: (median ours ns, median peer ns, median of the ratios).
fn versus(rounds: usize, n: usize, ours: &mut dyn FnMut(), peer: &mut dyn FnMut()) -> (f64, f64, f64) {
    ours();
    peer(); // warm
    let (mut o, mut p, mut r) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..rounds {
        let (a, b) = if round % 2 == 0 {
            let a = time(n, ours);
            (a, time(n, peer))
        } else {
            let b = time(n, peer);
            (time(n, ours), b)
        };
        o.push(a);
        p.push(b);
        r.push(a / b);
    }
    (median(o), median(p), median(r))
}

fn json_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => write!(out, "\\u{:04x}", c as u32).unwrap(),
            c => out.push(c),
        }
    }
    out + "\""
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick");
    let out = args
        .iter()
        .find(|a| !a.starts_with("--"))
        .expect("usage: feeddate-peers [--quick] OUT.json");
    let (n, rounds) = if quick { (1_000, 3) } else { (10_000, 21) };

    let f = Formatter::new(
        &Options::new(Style::Relative)
            .locale("en_US")
            .time_zone("America/New_York"),
    )
    .expect("a RELATIVE en_US formatter");
    // The floor: fd_format alone into a buffer on the stack (no String), on
    // a formatter of its own made through the C API. Printed, not a row.
    let raw = unsafe {
        let mut o = std::mem::MaybeUninit::<sys::fd_options>::zeroed();
        let size = std::mem::size_of::<sys::fd_options>();
        assert_eq!(
            sys::fd_options_init_sized(o.as_mut_ptr(), size, Style::Relative as u32),
            sys::FD_OK
        );
        let mut o = o.assume_init();
        o.locale = c"en_US".as_ptr();
        o.time_zone = c"America/New_York".as_ptr();
        let mut p = std::ptr::null_mut();
        assert_eq!(sys::fd_formatter_new(&o, &mut p), sys::FD_OK);
        p
    };
    let mut floors = Vec::new();
    let mut rows = Vec::new();
    println!(
        "Rust: feeddate {} (ICU {}) vs chrono-humanize 0.1.1, RELATIVE en_US America/New_York, {n} instants, {rounds} alternating rounds, medians",
        feeddate::version(),
        feeddate::icu_version()
    );
    println!(
        "  {:<38} {:<5} {:>10} {:>10} {:>7}  labels equal",
        "case", "set", "ours ns", "peer ns", "ratio"
    );
    for set in ["mix", "400d"] {
        let ts = instants(set, n);
        // Comparable work: both give an English "N units ago" per instant;
        // count where the texts agree (they differ by design: chrono-humanize
        // rounds (45 days is "a month"), counts 30-day months and 365-day
        // years, says "a day"/"an hour"; feeddate counts calendar days,
        // months and years, as ICU words them).
        let ours: Vec<String> = ts.iter().map(|&t| f.format(t, NOW).unwrap()).collect();
        let peer: Vec<String> = ts.iter().map(|&t| humanize(t, NOW)).collect();
        assert!(
            ours.iter()
                .all(|s| s.ends_with(" ago") || s == "now" || s.starts_with("yesterday") || s.starts_with("last ")),
            "feeddate labels: {:?}",
            &ours[..5]
        );
        assert!(
            peer.iter().all(|s| s.ends_with(" ago") || s == "now"),
            "chrono-humanize labels: {:?}",
            &peer[..5]
        );
        let (many, _) = f.format_many(&ts, NOW).unwrap();
        assert_eq!(many, ours, "format_many gives format's labels");
        let equal = ours.iter().zip(&peer).filter(|(a, b)| a == b).count();
        let mut differ: Vec<(&String, &String)> = ours.iter().zip(&peer).filter(|(a, b)| a != b).collect();
        differ.sort();
        differ.dedup();
        let mut examples = String::new();
        for (a, b) in differ.iter().step_by(differ.len().div_ceil(4).max(1)) {
            write!(
                examples,
                "{}\"{a}\" vs \"{b}\"",
                if examples.is_empty() { "" } else { ", " }
            )
            .unwrap();
        }
        let note = format!(
            "chrono-humanize is English only and rough: 30-day months, 365-day years, 45 days is \"a month\", \"a day\" for 1; \
             feeddate counts calendar days, months and years in the zone (America/New_York); \
             texts equal on {equal} of {n} instants (e.g. {examples}); both return an owned String per label"
        );

        let (o, p, r) = versus(
            rounds,
            n,
            &mut || {
                for &t in &ts {
                    black_box(f.format(black_box(t), NOW).unwrap());
                }
            },
            &mut || {
                for &t in &ts {
                    black_box(humanize(black_box(t), NOW));
                }
            },
        );
        rows.push((
            "RELATIVE en_US, single call",
            set,
            "Formatter::format",
            "HumanTime::from(Duration).to_string()",
            o,
            p,
            r,
            note.clone(),
            equal,
        ));
        let (o, p, r) = versus(
            rounds,
            n,
            &mut || {
                let mut buf = [0u8; sys::FD_LABEL_CAPACITY];
                for &t in &ts {
                    let code = unsafe {
                        sys::fd_format(
                            raw,
                            black_box(t),
                            NOW,
                            buf.as_mut_ptr().cast(),
                            buf.len(),
                            std::ptr::null_mut(),
                        )
                    };
                    assert_eq!(code, sys::FD_OK);
                    black_box(&buf);
                }
            },
            &mut || {
                for &t in &ts {
                    black_box(humanize(black_box(t), NOW));
                }
            },
        );
        floors.push((set, o, p, r));
        let (o, p, r) = versus(
            rounds,
            n,
            &mut || {
                black_box(f.format_many(black_box(&ts), NOW).unwrap());
            },
            &mut || {
                black_box(ts.iter().map(|&t| humanize(black_box(t), NOW)).collect::<Vec<String>>());
            },
        );
        rows.push((
            "RELATIVE en_US, format_many per label",
            set,
            "Formatter::format_many (one call of all instants)",
            "HumanTime to_string per instant into a Vec<String>",
            o,
            p,
            r,
            note,
            equal,
        ));
    }
    let mut json = format!(
        "{{\"language\": \"rust\", \"runtime\": {}, \"rounds\": {rounds}, \"instants\": {n},\n \"rows\": [",
        json_str(env!("PEERS_RUSTC_VERSION"))
    );
    for (i, (case, set, ours, peer, o, p, r, note, equal)) in rows.iter().enumerate() {
        println!("  {case:<38} {set:<5} {o:>10.1} {p:>10.1} {r:>6.2}x  {equal}/{n}");
        write!(
            json,
            "{}\n  {{\"case\": {}, \"set\": \"{set}\", \"ours\": {}, \"peer\": {}, \"ours_ns\": {o:.1}, \"peer_ns\": {p:.1}, \"ratio\": {r:.2}, \"note\": {}}}",
            if i == 0 { "" } else { "," },
            json_str(case),
            json_str(ours),
            json_str(peer),
            json_str(note)
        )
        .unwrap();
    }
    for (set, o, p, r) in floors {
        println!(
            "  {:<38} {set:<5} {o:>10.1} {p:>10.1} {r:>6.2}x  (the C call alone, no String: not a row)",
            "floor: fd_format into a stack buffer"
        );
    }
    unsafe { sys::fd_formatter_free(raw) };
    json.push_str("\n ]}\n");
    std::fs::write(out, json).expect("write the JSON");
    println!("  ratio = ours / peer (median of the per-round ratios); < 1: feeddate is faster. -> {out}");
}
