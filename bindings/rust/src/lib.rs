//! Feed, chat and countdown labels for timestamps ("14:30", "昨天",
//! "5分钟前"), with the exact instant at which each label next changes.
//!
//! A thin binding over `libfeeddate.so.1` (`include/feeddate.h`): every rule,
//! default and range check is the C library's; this crate maps Rust types
//! onto the C API. A [`Formatter`] is immutable, `Send + Sync`: create it once
//! and share it (`Arc<Formatter>`) between threads; dropping it is closing it.
//! Instants are `i64` milliseconds since the epoch, or `SystemTime` through
//! [`Formatter::format_time`], [`Formatter::label_time`] and
//! [`Formatter::format_many_times`]. [`Formatter::schedule`] (1.2) gives the
//! labels an instant will show from now on, with the instant each starts and
//! the wire form that the web client takes ([`Schedule::json`]);
//! [`Formatter::html`] and [`Formatter::script_json`] (1.3) give the
//! library's markup of a live label and that wire form safe in `<script>`.
//!
//! ```
//! use feeddate::{Formatter, Options, Style};
//!
//! let f = Formatter::new(&Options::new(Style::Feed).locale("zh_CN").time_zone("Asia/Shanghai"))?;
//! let now = 1_711_348_200_000; // 2024-03-25 14:30 in Shanghai
//! assert_eq!(f.format(1_711_281_600_000, now)?, "昨天");
//! let label = f.label(1_711_337_400_000, now)?;
//! assert_eq!((label.text.as_str(), label.next_change_ms), ("11:30", Some(1_711_382_400_000)));
//! let (labels, next) = f.format_many(&[now - 60_000, now - 30 * 3_600_000], now)?;
//! assert_eq!((labels, next), (vec!["14:29".to_string(), "昨天".to_string()], Some(1_711_382_400_000)));
//!
//! let err = Formatter::new(&Options::new(Style::Countdown).precision(4)).unwrap_err();
//! assert_eq!((err.status(), err.message()), (feeddate::Status::Argument, "precision 4 is out of range 0..3"));
//! # Ok::<(), feeddate::Error>(())
//! ```
//!
//! The crate's modules, by job: `sys` (the C declarations of
//! `include/feeddate.h`, public), and behind the re-exports below `options`
//! (`Options` and its enums), `error` (`Status`, `Error`), `formatter`
//! (`Formatter`, `Label`), `batch` (`format_many`), `schedule`, `html`
//! (`html`, `script_json`), `quote`, `version`, and the helpers `buffer`
//! (fallible buffers, the thread's scratch) and `time` (`SystemTime` and
//! milliseconds).

pub mod sys;

mod batch;
mod buffer;
mod error;
mod formatter;
mod html;
mod options;
mod quote;
mod schedule;
mod time;
mod version;

pub use error::{Error, Status};
pub use formatter::{Formatter, Label};
pub use options::{HourCycle, Options, Style, Unit, Width};
#[doc(hidden)]
pub use quote::quote;
pub use schedule::{
    Schedule, ScheduleEntry, DEFAULT_HORIZON, DEFAULT_MAX_ENTRIES, SCHEDULE_MAX_ENTRIES, SCHEDULE_MAX_HORIZON,
};
pub use version::{data_version, icu_version, now_ms, version, version_number};
