//! Labels of a few instants, as a feed would show them: `cargo run
//! --offline -- [now_ms]` (now_ms defaults to 2024-03-25 14:30 in Shanghai).
use feeddate::{Formatter, Options, Style};

fn main() -> Result<(), feeddate::Error> {
    let now: i64 = match std::env::args().nth(1) {
        Some(arg) => arg.parse().expect("now_ms: milliseconds since the epoch"),
        None => 1_711_348_200_000,
    };
    let f = Formatter::new(&Options::new(Style::Feed).locale("zh_CN").time_zone("Asia/Shanghai"))?;
    println!("feeddate {} (zone rules: {})", feeddate::version(), f.tz_source());
    for ago_ms in [30_000, 300_000, 2 * 3_600_000, 30 * 3_600_000, 400 * 86_400_000] {
        let label = f.label(now - ago_ms, now)?;
        println!(
            "{:>12} ms ago: {} (next change: {:?})",
            ago_ms, label.text, label.next_change_ms
        );
    }
    Ok(())
}
