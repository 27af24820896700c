//! make stress-rust (cargo run --release --example stress -- [N]): one
//! `format_many` of N instants (default 100,000,000; FEED zh_CN, the mix of
//! make bench-rust) and the peak resident memory during the call against
//! the memory the result holds afterwards. SPEC 10 (1.2): peak ≤ 1.25× the
//! result. Linux only (/proc/self/status, clear_refs). Exit status 1 when
//! the bound is not met.
use std::time::Instant;

use feeddate::{Formatter, Options, Style};

/// A field of /proc/self/status in bytes ("VmRSS", "VmHWM").
fn status(key: &str) -> u64 {
    let text = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    let line = text
        .lines()
        .find(|l| l.starts_with(key) && l[key.len()..].starts_with(':'))
        .unwrap_or_else(|| panic!("no {key} in /proc/self/status"));
    let kb: u64 = line[key.len() + 1..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .expect("a number of kB");
    kb * 1024
}

fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1u64 << 20) as f64
}

fn main() {
    let n: usize = std::env::args().nth(1).map_or(100_000_000, |s| {
        s.replace('_', "").parse().expect("N, a number of instants")
    });
    let now: i64 = 1_711_348_200_000;
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let ts: Vec<i64> = (0..n)
        .map(|_| {
            let week = rnd() % 10 < 7;
            now - (rnd() % if week { 7 * 86_400_000 } else { 5 * 365 * 86_400_000 }) as i64
        })
        .collect();
    let f = Formatter::new(&Options::new(Style::Feed).locale("zh_CN").time_zone("Asia/Shanghai")).unwrap();
    f.format_many(&ts[..n.min(1000)], now).unwrap(); // ICU's data paged in before the baseline
    let before = status("VmRSS");
    // Reset the high-water mark to what is resident now (Linux 4.0+).
    let reset = std::fs::write("/proc/self/clear_refs", "5").is_ok();
    let start = status("VmHWM").max(before);
    let t0 = Instant::now();
    let (labels, next) = f.format_many(&ts, now).expect("format_many");
    let secs = t0.elapsed().as_secs_f64();
    let peak = status("VmHWM").max(start);
    let after = status("VmRSS");
    let text: usize = labels.iter().map(String::len).sum();
    let held = labels.capacity() * std::mem::size_of::<String>() + labels.iter().map(String::capacity).sum::<usize>();
    let result = after.saturating_sub(before).max(1);
    let extra = peak.saturating_sub(before);
    let ratio = extra as f64 / result as f64;
    println!(
        "Rust format_many, FEED zh_CN Asia/Shanghai, {n} instants ({:.0} MiB of i64 in)",
        mib(8 * n as u64)
    );
    println!(
        "  time                 {secs:.1} s ({:.1} ns/label), earliest change {next:?}",
        secs * 1e9 / n.max(1) as f64
    );
    println!(
        "  label text           {:.0} MiB ({:.1} bytes/label)",
        mib(text as u64),
        text as f64 / n.max(1) as f64
    );
    println!(
        "  result, as allocated {:.0} MiB (Vec<String> headers + each String's capacity)",
        mib(held as u64)
    );
    println!(
        "  result, resident     {:.0} MiB (RSS after the call − RSS before: malloc's chunks included)",
        mib(result)
    );
    println!(
        "  peak during the call {:.0} MiB over the RSS before (VmHWM{})",
        mib(extra),
        if reset {
            ", reset before the call"
        } else {
            "; clear_refs not writable: since start"
        }
    );
    println!("  peak / result        {ratio:.3} (bound 1.25)");
    drop(labels);
    if ratio > 1.25 {
        eprintln!("stress-rust: peak memory {ratio:.3}× the result is over the bound of 1.25×");
        std::process::exit(1);
    }
}
