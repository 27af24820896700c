//! cargo run --example feed: the README's example.
use feeddate::{Formatter, Options, Style};

fn main() -> Result<(), feeddate::Error> {
    let f = Formatter::new(&Options::new(Style::Feed).locale("zh_CN").time_zone("Asia/Shanghai"))?;
    let now = 1_711_348_200_000; // 2024-03-25 14:30 in Shanghai
    println!("{}", f.format(1_711_281_600_000, now)?); // 昨天
    let label = f.label(1_711_337_400_000, now)?;
    println!("{} changes at {:?}", label.text, label.next_change_ms); // 11:30 changes at Some(1711382400000)
    let (labels, next) = f.format_many(&[now - 60_000, now - 30 * 3_600_000, now - 400 * 86_400_000], now)?;
    println!("{labels:?}, one timer at {next:?}");
    match Formatter::new(&Options::new(Style::Countdown).precision(4)) {
        Err(e) => println!("{:?}: {}", e.status(), e.message()), // Argument: precision 4 is out of range 0..3
        Ok(_) => unreachable!(),
    }
    Ok(())
}
