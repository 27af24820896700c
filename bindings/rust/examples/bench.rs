//! make bench-rust (cargo run --release --example bench -- [N] [OUT.json]):
//! the per-label cost of FEED zh_CN through the binding (format, label,
//! format_many) against direct calls of the C functions in the same run.
use std::hint::black_box;
use std::time::Instant;

use feeddate::{sys, Formatter, Options, Style};

const BATCH: usize = 1000;

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.partial_cmp(b).unwrap());
    xs[xs.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args
        .get(1)
        .map_or(200_000usize, |s| s.parse().expect("N"))
        .div_ceil(BATCH)
        * BATCH;
    let out = args.get(2);
    // The instants of bench/bench.c: 70% in the last week, the rest in 5 years.
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
    // The direct C baseline uses a formatter of its own, made through the C API.
    let mut o = std::mem::MaybeUninit::<sys::fd_options>::zeroed();
    let raw = unsafe {
        assert_eq!(
            sys::fd_options_init_sized(o.as_mut_ptr(), std::mem::size_of::<sys::fd_options>(), 0),
            0
        );
        let mut o = o.assume_init();
        o.locale = c"zh_CN".as_ptr();
        o.time_zone = c"Asia/Shanghai".as_ptr();
        let mut p = std::ptr::null_mut();
        assert_eq!(sys::fd_formatter_new(&o, &mut p), 0);
        p
    };
    let per_label = |run: &dyn Fn()| {
        let t0 = Instant::now();
        run();
        t0.elapsed().as_nanos() as f64 / n as f64
    };
    let c_format = |with_info: bool| {
        let mut buf = [0u8; sys::FD_LABEL_CAPACITY];
        let mut info = sys::fd_label::default();
        let p = if with_info {
            &mut info as *mut _
        } else {
            std::ptr::null_mut()
        };
        for &t in &ts {
            let s = unsafe { sys::fd_format(raw, t, now, buf.as_mut_ptr().cast(), buf.len(), p) };
            assert_eq!(s, 0);
            black_box(&buf);
        }
    };
    #[allow(clippy::type_complexity)]
    let rows: Vec<(&str, &str, Box<dyn Fn()>)> = vec![
        ("C fd_format (no info)", "c_format_ns", Box::new(|| c_format(false))),
        (
            "Rust format",
            "rust_format_ns",
            Box::new(|| {
                for &t in &ts {
                    black_box(f.format(t, now).unwrap());
                }
            }),
        ),
        ("C fd_format (with info)", "c_label_ns", Box::new(|| c_format(true))),
        (
            "Rust label",
            "rust_label_ns",
            Box::new(|| {
                for &t in &ts {
                    black_box(f.label(t, now).unwrap());
                }
            }),
        ),
        (
            "C fd_format_many (1000)",
            "c_format_many_ns",
            Box::new(|| {
                let mut buf = vec![0u8; BATCH * 64];
                let mut ends = vec![0usize; BATCH];
                let mut next = 0i64;
                for chunk in ts.chunks(BATCH) {
                    let s = unsafe {
                        sys::fd_format_many(
                            raw,
                            chunk.as_ptr(),
                            BATCH,
                            now,
                            buf.as_mut_ptr().cast(),
                            buf.len(),
                            ends.as_mut_ptr(),
                            &mut next,
                        )
                    };
                    assert_eq!(s, 0);
                    black_box(&buf);
                }
            }),
        ),
        (
            "Rust format_many (1000)",
            "rust_format_many_ns",
            Box::new(|| {
                for chunk in ts.chunks(BATCH) {
                    black_box(f.format_many(chunk, now).unwrap());
                }
            }),
        ),
    ];
    for r in &rows {
        (r.2)(); // warm
    }
    let rounds = 5;
    let mut samples = vec![Vec::new(); rows.len()];
    for _ in 0..rounds {
        for (i, r) in rows.iter().enumerate() {
            samples[i].push(per_label(&*r.2));
        }
    }
    println!("Rust binding vs direct C, FEED zh_CN Asia/Shanghai, {n} labels, median of {rounds} rounds");
    let med: Vec<f64> = samples.into_iter().map(median).collect();
    let mut json = format!("{{\n \"labels_per_run\": {n}");
    for (i, r) in rows.iter().enumerate() {
        let mut line = format!("  {:<26} {:8.1} ns/label", r.0, med[i]);
        if i % 2 == 1 {
            line += &format!(
                "   binding overhead {:+.1} ns ({:.2}x)",
                med[i] - med[i - 1],
                med[i] / med[i - 1]
            );
        }
        println!("{line}");
        json += &format!(",\n \"{}\": {:.1}", r.1, med[i]);
    }
    println!(
        "  Rust format_many vs Rust format: {:.2}x the cost per label",
        med[5] / med[1]
    );
    unsafe { sys::fd_formatter_free(raw) };
    if let Some(path) = out {
        std::fs::write(path, json + "\n}\n").expect("write the figures");
    }
}
