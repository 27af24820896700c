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

use std::cell::Cell;
use std::collections::TryReserveError;
use std::ffi::{CStr, CString};
use std::fmt;
use std::mem::MaybeUninit;
use std::ops::Range;
use std::os::raw::c_char;
use std::ptr::{self, NonNull};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The C declarations of `include/feeddate.h`, as they are.
#[allow(non_camel_case_types)]
pub mod sys {
    use std::os::raw::c_char;

    pub type fd_status = i32;
    pub type fd_style = u32;
    pub type fd_hour_cycle = u32;
    pub type fd_width = u32;
    pub type fd_unit = u32;

    pub const FD_OK: fd_status = 0;
    pub const FD_ERR_RANGE: fd_status = 4;
    pub const FD_ERR_BUFFER: fd_status = 5;
    pub const FD_ERR_MEMORY: fd_status = 7;
    pub const FD_NEVER: i64 = i64::MAX;
    pub const FD_LABEL_CAPACITY: usize = 256;
    pub const FD_MIN_INSTANT_MS: i64 = -62_135_596_800_000;
    pub const FD_MAX_INSTANT_MS: i64 = 253_402_300_799_999;
    /// (1.2) The longest schedule horizon: 366 days.
    pub const FD_SCHEDULE_MAX_HORIZON_MS: i64 = 31_622_400_000;
    /// (1.2) The most entries a schedule takes.
    pub const FD_SCHEDULE_MAX_ENTRIES: usize = 100_000;
    /// (1.3) The default horizon: one day.
    pub const FD_SCHEDULE_DEFAULT_HORIZON_MS: i64 = 86_400_000;
    /// (1.3) The default number of entries.
    pub const FD_SCHEDULE_DEFAULT_MAX_ENTRIES: usize = 1000;
    /// (1.3) What `fd_quote` may write, NUL included: 2 quotes, 64 bytes as
    /// `\xNN`, "…" and the NUL.
    pub const FD_QUOTE_CAPACITY: usize = 262;
    /// (1.3) `fd_schedule_html`'s flag for `data-spoken-schedule`.
    pub const FD_HTML_SPOKEN: u32 = 0x1;

    /// `fd_options`, field for field (the layout of the 1.1 header, which
    /// `fd_options_init_sized` is given the size of).
    #[repr(C)]
    #[derive(Clone, Copy, Debug)]
    pub struct fd_options {
        pub size: u32,
        pub style: fd_style,
        pub locale: *const c_char,
        pub time_zone: *const c_char,
        pub hour_cycle: fd_hour_cycle,
        pub width: fd_width,
        pub recent_relative: i32,
        pub just_now_ms: i64,
        pub skew_tolerance_ms: i64,
        pub cross_year_grace_days: i32,
        pub weekday_window_days: i32,
        pub precision: i32,
        pub countdown_days: i32,
        // 1.1
        pub plain_spaces: i32,
        pub spoken: i32,
        pub overtime: i32,
        pub max_unit: fd_unit,
        pub just_now_text: *const c_char,
        pub yesterday_text: *const c_char,
        pub day_before_yesterday_text: *const c_char,
        pub tomorrow_text: *const c_char,
    }

    #[repr(C)]
    #[derive(Clone, Copy, Debug, Default)]
    pub struct fd_label {
        pub length: usize,
        pub next_change_ms: i64,
        pub day_offset: usize,
        pub day_length: usize,
        pub time_offset: usize,
        pub time_length: usize,
        pub expired: i32,
    }

    #[repr(C)]
    pub struct fd_formatter {
        _private: [u8; 0],
    }

    extern "C" {
        pub fn fd_options_init_sized(opts: *mut fd_options, size: usize, style: fd_style) -> fd_status;
        pub fn fd_formatter_new(opts: *const fd_options, out: *mut *mut fd_formatter) -> fd_status;
        pub fn fd_formatter_free(f: *mut fd_formatter);
        pub fn fd_format(
            f: *const fd_formatter,
            t_ms: i64,
            now_ms: i64,
            buf: *mut c_char,
            cap: usize,
            info: *mut fd_label,
        ) -> fd_status;
        pub fn fd_format_many(
            f: *const fd_formatter,
            t_ms: *const i64,
            n: usize,
            now_ms: i64,
            buf: *mut c_char,
            cap: usize,
            ends: *mut usize,
            next_change_min: *mut i64,
        ) -> fd_status;
        // 1.2
        pub fn fd_schedule(
            f: *const fd_formatter,
            t_ms: i64,
            now_ms: i64,
            horizon_ms: i64,
            max_entries: usize,
            buf: *mut c_char,
            cap: usize,
            ends: *mut usize,
            from_ms: *mut i64,
            n: *mut usize,
            until_ms: *mut i64,
        ) -> fd_status;
        pub fn fd_schedule_json(
            f: *const fd_formatter,
            t_ms: i64,
            now_ms: i64,
            horizon_ms: i64,
            max_entries: usize,
            buf: *mut c_char,
            cap: usize,
            length: *mut usize,
        ) -> fd_status;
        // 1.3
        pub fn fd_quote(
            value: *const c_char,
            length: usize,
            buf: *mut c_char,
            cap: usize,
            quoted_length: *mut usize,
        ) -> fd_status;
        pub fn fd_schedule_html(
            f: *const fd_formatter,
            t_ms: i64,
            now_ms: i64,
            horizon_ms: i64,
            max_entries: usize,
            flags: u32,
            buf: *mut c_char,
            cap: usize,
            length: *mut usize,
        ) -> fd_status;
        pub fn fd_schedule_script_json(
            f: *const fd_formatter,
            t_ms: i64,
            now_ms: i64,
            horizon_ms: i64,
            max_entries: usize,
            buf: *mut c_char,
            cap: usize,
            length: *mut usize,
        ) -> fd_status;
        pub fn fd_formatter_locale(f: *const fd_formatter) -> *const c_char;
        pub fn fd_formatter_time_zone(f: *const fd_formatter) -> *const c_char;
        pub fn fd_formatter_tz_source(f: *const fd_formatter) -> *const c_char;
        pub fn fd_status_message(status: fd_status) -> *const c_char;
        pub fn fd_last_error() -> *const c_char;
        pub fn fd_icu_version() -> *const c_char;
        pub fn fd_data_version() -> *const c_char;
        pub fn fd_version() -> u32;
        pub fn fd_version_string() -> *const c_char;
        pub fn fd_now_ms() -> i64;
    }
}

/// The kind of label (SPEC section 3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Style {
    /// "14:30", "昨天", "前天", "3月25日", "2023年12月30日"
    #[default]
    Feed = 0,
    /// "2024年3月25日 14:30"
    FeedDetail = 1,
    /// "14:30", "昨天", "星期三", "2024/3/18"
    ChatList = 2,
    /// "昨天 11:11", "星期三 11:11"
    ChatBubble = 3,
    /// "5分钟前", "3 days ago", "in 2 hours"
    Relative = 4,
    /// "59s", "1m", "2h", "3d"
    Compact = 5,
    /// "0:04:59.3", "1d 03:04:05.6"
    Countdown = 6,
}

/// 12- or 24-hour times.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum HourCycle {
    /// The locale's own (a `-u-hc-` keyword counts).
    #[default]
    Locale = 0,
    /// 0..23
    H23 = 1,
    /// 1..12 with AM/PM
    H12 = 2,
}

/// The wording of "N units ago / in N units".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Width {
    /// "5 minutes ago"
    #[default]
    Long = 0,
    /// "5 min. ago"
    Short = 1,
    /// "5m ago"
    Narrow = 2,
}

/// A unit of time: [`Options::max_unit`], the largest unit a label counts in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Unit {
    /// No ceiling.
    #[default]
    Year = 0,
    Month = 1,
    Week = 2,
    Day = 3,
    /// COMPACT: "59s", "5m", "23h", then "Mar 24".
    Hour = 4,
    Minute = 5,
    Second = 6,
}

/// The fields of `fd_options`. `None` (and the defaults of the enums and
/// bools) leave the library's default (`fd_options_init_sized`); the library
/// checks every range. Build with [`Options::new`] and the setters, or as a
/// struct literal with `..Default::default()`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    pub style: Style,
    /// ICU ("zh_CN") or BCP 47 ("zh-Hans-CN") id; `None` = the host's default.
    pub locale: Option<String>,
    /// IANA id ("Asia/Shanghai"); `None` = the host's default (TZ, /etc/localtime).
    pub time_zone: Option<String>,
    pub hour_cycle: HourCycle,
    pub width: Width,
    /// FEED: "just now / 5 min ago / 3 h ago" before the day rules.
    pub recent_relative: bool,
    /// Below this, "just now" (default 60000; 0..=86400000).
    pub just_now_ms: Option<i64>,
    /// Clock skew tolerated (default 60000; 0..=86400000).
    pub skew_tolerance_ms: Option<i64>,
    /// FEED: days back within which last year's dates drop the year (default 0; 0..=366).
    pub cross_year_grace_days: Option<i32>,
    /// CHAT_LIST, CHAT_BUBBLE: up to this many days back, a weekday name (default 6; 1..=6).
    pub weekday_window_days: Option<i32>,
    /// COUNTDOWN fraction digits (default 1; 0..=3).
    pub precision: Option<i32>,
    /// COUNTDOWN: days split out from 24 h left ("1d 03:04:05.6").
    pub countdown_days: bool,
    /// Every space character (U+202F before "PM", U+00A0, ...) written as U+0020 (1.1).
    pub plain_spaces: bool,
    /// Text for a screen reader: "2 hours ago" for "2h", countdowns in
    /// words, full month names (1.1).
    pub spoken: bool,
    /// COUNTDOWN: after the deadline, count up after the minus sign ("-0:00:05.3") (1.1).
    pub overtime: bool,
    /// RELATIVE, COMPACT, FEED's recent labels: the largest unit counted,
    /// beyond it t's date (default [`Unit::Year`]) (1.1).
    pub max_unit: Unit,
    /// Your own word for just now; `None` = the locale's. This and the three
    /// below: 1..=64 bytes of UTF-8 without control characters, used as given (1.1).
    pub just_now_text: Option<String>,
    pub yesterday_text: Option<String>,
    pub day_before_yesterday_text: Option<String>,
    pub tomorrow_text: Option<String>,
}

impl Options {
    /// The defaults for `style`.
    pub fn new(style: Style) -> Self {
        Options {
            style,
            ..Default::default()
        }
    }
    pub fn locale(mut self, id: impl Into<String>) -> Self {
        self.locale = Some(id.into());
        self
    }
    pub fn time_zone(mut self, id: impl Into<String>) -> Self {
        self.time_zone = Some(id.into());
        self
    }
    pub fn hour_cycle(mut self, v: HourCycle) -> Self {
        self.hour_cycle = v;
        self
    }
    pub fn width(mut self, v: Width) -> Self {
        self.width = v;
        self
    }
    pub fn recent_relative(mut self, v: bool) -> Self {
        self.recent_relative = v;
        self
    }
    pub fn just_now_ms(mut self, v: i64) -> Self {
        self.just_now_ms = Some(v);
        self
    }
    pub fn skew_tolerance_ms(mut self, v: i64) -> Self {
        self.skew_tolerance_ms = Some(v);
        self
    }
    pub fn cross_year_grace_days(mut self, v: i32) -> Self {
        self.cross_year_grace_days = Some(v);
        self
    }
    pub fn weekday_window_days(mut self, v: i32) -> Self {
        self.weekday_window_days = Some(v);
        self
    }
    pub fn precision(mut self, v: i32) -> Self {
        self.precision = Some(v);
        self
    }
    pub fn countdown_days(mut self, v: bool) -> Self {
        self.countdown_days = v;
        self
    }
    pub fn plain_spaces(mut self, v: bool) -> Self {
        self.plain_spaces = v;
        self
    }
    pub fn spoken(mut self, v: bool) -> Self {
        self.spoken = v;
        self
    }
    pub fn overtime(mut self, v: bool) -> Self {
        self.overtime = v;
        self
    }
    pub fn max_unit(mut self, v: Unit) -> Self {
        self.max_unit = v;
        self
    }
    pub fn just_now_text(mut self, text: impl Into<String>) -> Self {
        self.just_now_text = Some(text.into());
        self
    }
    pub fn yesterday_text(mut self, text: impl Into<String>) -> Self {
        self.yesterday_text = Some(text.into());
        self
    }
    pub fn day_before_yesterday_text(mut self, text: impl Into<String>) -> Self {
        self.day_before_yesterday_text = Some(text.into());
        self
    }
    pub fn tomorrow_text(mut self, text: impl Into<String>) -> Self {
        self.tomorrow_text = Some(text.into());
        self
    }
}

/// What went wrong (`fd_status`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Status {
    /// An option out of range, an unknown value, a NUL byte in an id.
    Argument,
    /// A malformed locale id, or one without data.
    Locale,
    /// An unknown time zone id.
    TimeZone,
    /// An instant outside 0001-01-01 ..= 9999-12-31.
    Range,
    Buffer,
    Icu,
    Memory,
    Internal,
    /// A status this crate does not know (a newer library).
    Other(i32),
}

impl Status {
    fn from_code(code: i32) -> Status {
        match code {
            1 => Status::Argument,
            2 => Status::Locale,
            3 => Status::TimeZone,
            4 => Status::Range,
            5 => Status::Buffer,
            6 => Status::Icu,
            7 => Status::Memory,
            8 => Status::Internal,
            c => Status::Other(c),
        }
    }

    /// The C status code (`FD_ERR_...`).
    pub fn code(self) -> i32 {
        match self {
            Status::Argument => 1,
            Status::Locale => 2,
            Status::TimeZone => 3,
            Status::Range => 4,
            Status::Buffer => 5,
            Status::Icu => 6,
            Status::Memory => 7,
            Status::Internal => 8,
            Status::Other(c) => c,
        }
    }

    /// The library's English sentence for the status (`fd_status_message`).
    pub fn description(self) -> &'static str {
        static_str(unsafe { sys::fd_status_message(self.code()) })
    }
}

/// A failed call: the status and what `fd_last_error()` said about it
/// ("precision 4 is out of range 0..3").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    status: Status,
    message: String,
    index: Option<usize>,
}

impl Error {
    pub fn status(&self) -> Status {
        self.status
    }
    pub fn message(&self) -> &str {
        &self.message
    }
    /// A batch ([`Formatter::format_many`]): the index of the instant that
    /// failed (also named in the message, `"format_many: t_ms[7]: ..."`).
    pub fn index(&self) -> Option<usize> {
        self.index
    }

    fn new(status: Status, message: String) -> Error {
        Error {
            status,
            message,
            index: None,
        }
    }

    /// The error of the call that just returned `code` on this thread.
    #[cold]
    #[inline(never)]
    fn last(code: i32) -> Error {
        let status = Status::from_code(code);
        let mut message = c_string(unsafe { sys::fd_last_error() });
        if message.is_empty() {
            message = status.description().to_string();
        }
        Error::new(status, message)
    }

    /// `Status::Memory` (`FD_ERR_MEMORY`): a fallible reservation failed.
    fn memory(what: &str, count: usize, size: usize, why: TryReserveError) -> Error {
        Error::new(
            Status::Memory,
            format!("{what}: cannot reserve {count} × {size} bytes ({why})"),
        )
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "feeddate: {}", self.message)
    }
}

impl std::error::Error for Error {}

fn c_string(p: *const c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

fn static_str(p: *const c_char) -> &'static str {
    if p.is_null() {
        return "";
    }
    unsafe { CStr::from_ptr(p) }.to_str().unwrap_or("")
}

fn check(code: i32) -> Result<(), Error> {
    if code == sys::FD_OK {
        Ok(())
    } else {
        Err(Error::last(code))
    }
}

/// A label and what `fd_format` reports besides the text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Label {
    pub text: String,
    /// The earliest instant after now at which the text changes; `None`: never.
    pub next_change_ms: Option<i64>,
    /// Byte range of the day part (relative word, weekday or date) in `text`; empty when none.
    pub day_part: Range<usize>,
    /// Byte range of the time part in `text`; empty when none.
    pub time_part: Range<usize>,
    /// COUNTDOWN: the deadline has been reached.
    pub expired: bool,
}

impl Label {
    /// The day part ("昨天" of "昨天 11:11").
    pub fn day_text(&self) -> &str {
        &self.text[self.day_part.clone()]
    }
    /// The time part ("11:11" of "昨天 11:11").
    pub fn time_text(&self) -> &str {
        &self.text[self.time_part.clone()]
    }
    /// [`next_change_ms`](Self::next_change_ms) as a `SystemTime`; `None`: never.
    pub fn next_change(&self) -> Option<SystemTime> {
        self.next_change_ms.and_then(system_time)
    }
}

/// The horizon to pass to [`Formatter::schedule`] when you have no reason
/// to pick another: one day of labels (SPEC 11,
/// `FD_SCHEDULE_DEFAULT_HORIZON_MS`).
pub const DEFAULT_HORIZON: Duration = Duration::from_millis(sys::FD_SCHEDULE_DEFAULT_HORIZON_MS as u64);
/// The number of entries to pass to [`Formatter::schedule`] when you have no
/// reason to pick another (`FD_SCHEDULE_DEFAULT_MAX_ENTRIES`).
pub const DEFAULT_MAX_ENTRIES: usize = sys::FD_SCHEDULE_DEFAULT_MAX_ENTRIES;
/// The longest horizon a schedule takes: 366 days
/// (`FD_SCHEDULE_MAX_HORIZON_MS`).
pub const SCHEDULE_MAX_HORIZON: Duration = Duration::from_millis(sys::FD_SCHEDULE_MAX_HORIZON_MS as u64);
/// The most entries a schedule takes: 100,000 (`FD_SCHEDULE_MAX_ENTRIES`).
pub const SCHEDULE_MAX_ENTRIES: usize = sys::FD_SCHEDULE_MAX_ENTRIES;

/// One label of a [`Schedule`] and the instant it starts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ScheduleEntry {
    pub text: String,
    /// When this text starts, in milliseconds since the epoch.
    pub start_ms: i64,
}

impl ScheduleEntry {
    /// [`start_ms`](Self::start_ms) as a `SystemTime` (every `i64` of
    /// milliseconds is one on Unix, where the library runs).
    pub fn start(&self) -> SystemTime {
        system_time(self.start_ms).expect("milliseconds since the epoch fit a SystemTime on Unix")
    }
}

/// The labels an instant will show from now on, each with the instant it
/// starts, and the same as the wire form (SPEC section 11, 1.2): what a
/// client that only swaps text needs to keep a label right without any rule
/// of its own. From [`Formatter::schedule`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Schedule {
    /// Entry 0 starts at now, each next one at the previous one's next
    /// change; consecutive texts differ. Never empty.
    pub entries: Vec<ScheduleEntry>,
    /// The next change of the last entry, in milliseconds since the epoch:
    /// from then on the client holds no right text and needs a new
    /// schedule. `None` when the schedule is complete (the last label never
    /// changes).
    pub until: Option<i64>,
    json: String,
}

impl Schedule {
    /// The wire form, as the library wrote it (`fd_schedule_json`):
    /// `{"v":1,"now":N,"labels":[[text,d0],...],"until":U}` with N now in
    /// milliseconds, each d the start's difference from the previous start
    /// (d0 = 0), U the until in milliseconds or `null`. Send these bytes as
    /// they are to the web client (`clients/web`); every binding gives the
    /// same bytes for the same schedule.
    pub fn json(&self) -> &str {
        &self.json
    }
    /// The wire form, owned ([`json`](Self::json) without a copy).
    pub fn into_json(self) -> String {
        self.json
    }
    /// [`until`](Self::until) as a `SystemTime`; `None`: complete.
    pub fn until_time(&self) -> Option<SystemTime> {
        self.until.and_then(system_time)
    }
    /// Whether the last label never changes (`until` is `None`).
    pub fn is_complete(&self) -> bool {
        self.until.is_none()
    }
}

/// A horizon in whole milliseconds, floored: SPEC 11's rule (1.3) for an
/// exact type, as [`epoch_ms`] reads a `SystemTime` (1000.4 ms is 1000 ms in
/// every language). Past an `i64`, `i64::MAX`: the library's
/// `Status::Argument` with its message for that value.
fn horizon_ms(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// Milliseconds since the epoch of `t`, floored (1.5 ms before the epoch is
/// -2), as Go's `UnixMilli` and Java's `toEpochMilli` read an instant. Past
/// what an i64 of milliseconds holds (±292 million years), `i64::MIN` or
/// `i64::MAX`: the library's `Status::Range` error, never a panic.
fn epoch_ms(t: SystemTime) -> i64 {
    match t.duration_since(UNIX_EPOCH) {
        Ok(after) => i64::try_from(after.as_millis()).unwrap_or(i64::MAX),
        Err(before) => {
            let d = before.duration();
            let ceil = d.as_millis() + u128::from(d.subsec_nanos() % 1_000_000 != 0);
            i64::try_from(ceil).map_or(i64::MIN, |ms| -ms)
        }
    }
}

/// The `SystemTime` of `ms` milliseconds since the epoch (every instant the
/// library reports has one).
fn system_time(ms: i64) -> Option<SystemTime> {
    let d = Duration::from_millis(ms.unsigned_abs());
    if ms >= 0 {
        UNIX_EPOCH.checked_add(d)
    } else {
        UNIX_EPOCH.checked_sub(d)
    }
}

/// Labels instants with one set of options. Immutable; `Send + Sync`.
///
/// Dropping it is closing it, and safe code cannot drop a formatter that
/// another thread is still calling: each method borrows it (`&self`), and
/// the borrow checker refuses a drop while any borrow lives, across threads
/// too. Shared through an `Arc`, the last clone dropped frees it, after
/// every other holder's calls have returned; with scoped threads it
/// outlives the scope. There is no `close(&self)` and no way to reach the
/// C pointer from safe code, so there is nothing for a "closed" error to
/// report and no call in flight can meet a freed formatter.
///
/// ```compile_fail,E0505
/// # use feeddate::{Formatter, Options, Style};
/// let f = Formatter::new(&Options::new(Style::Feed).time_zone("UTC")).unwrap();
/// std::thread::scope(|s| {
///     let shared = &f;
///     s.spawn(move || shared.format(0, 0));
///     drop(f); // error[E0505]: cannot move out of `f` because it is borrowed
/// });
/// ```
///
/// ```compile_fail,E0373
/// # use feeddate::{Formatter, Options, Style};
/// let f = Formatter::new(&Options::new(Style::Feed).time_zone("UTC")).unwrap();
/// let worker = std::thread::spawn(|| f.format(0, 0)); // error[E0373]: may outlive `f`
/// drop(f);
/// ```
pub struct Formatter {
    raw: NonNull<sys::fd_formatter>,
    locale: String,
    time_zone: String,
    tz_source: String,
}

// The header: "an fd_formatter is immutable after fd_formatter_new and may be
// used by any number of threads at once"; Drop, which frees it, has the
// formatter to itself (it takes `&mut self`, which no live `&self` borrow
// allows, and `raw` never leaves this module).
unsafe impl Send for Formatter {}
unsafe impl Sync for Formatter {}

impl Drop for Formatter {
    fn drop(&mut self) {
        unsafe { sys::fd_formatter_free(self.raw.as_ptr()) }
    }
}

impl fmt::Debug for Formatter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Formatter")
            .field("locale", &self.locale)
            .field("time_zone", &self.time_zone)
            .field("tz_source", &self.tz_source)
            .finish()
    }
}

/// How much of a value `fd_quote` reads: the 64 bytes a message quotes and
/// enough past them to know where the cut falls.
const QUOTE_READ: usize = 68;

/// `value` as every message quotes it, double quotes included: the library's
/// `fd_quote` (1.3), so the crate's own message quotes exactly as
/// `fd_last_error` does (SPEC 7, 1.2; `include/feeddate.h`): `\n` and `\t` as
/// those two characters, other C0 and C1 controls and DEL as `\xNN`, a value
/// longer than 64 bytes cut at a character boundary within its first 64,
/// with "…". Only the first 68 bytes cross, whatever the value's length.
/// Not part of the API: public, hidden, for the quote vectors
/// (`tests/quote.rs`).
#[doc(hidden)]
pub fn quote(value: &str) -> String {
    let value = &value.as_bytes()[..value.len().min(QUOTE_READ)];
    let mut buf = [0u8; sys::FD_QUOTE_CAPACITY];
    let mut len = 0usize;
    // SAFETY: value is `value.len()` readable bytes; buf is
    // FD_QUOTE_CAPACITY writable bytes, which always fit the quoted text.
    let code = unsafe {
        sys::fd_quote(
            value.as_ptr().cast(),
            value.len(),
            buf.as_mut_ptr().cast(),
            buf.len(),
            &mut len,
        )
    };
    match buf.get(..len) {
        // (fd_quote writes UTF-8: lossy changes nothing.)
        Some(text) if code == sys::FD_OK => String::from_utf8_lossy(text).into_owned(),
        // A broken library: the message says so rather than the value.
        _ => format!("(a value fd_quote failed to quote: status {code})"),
    }
}

/// An option's string (id or word) as a C string: a NUL inside would cut it
/// short, so it is refused (`Status::Argument`, naming the option).
fn to_c(what: &str, id: &Option<String>) -> Result<Option<CString>, Error> {
    match id {
        None => Ok(None),
        Some(s) => CString::new(s.as_str()).map(Some).map_err(|e| {
            Error::new(
                Status::Argument,
                format!(
                    "{what} {} contains a NUL byte (at byte {}): a C string ends at its first NUL",
                    quote(s),
                    e.nul_position()
                ),
            )
        }),
    }
}

impl Formatter {
    /// Creates a formatter (costly: create once, reuse). The error's message
    /// names the option, id or value and what is valid.
    pub fn new(options: &Options) -> Result<Formatter, Error> {
        let mut raw = MaybeUninit::<sys::fd_options>::zeroed();
        check(unsafe {
            sys::fd_options_init_sized(
                raw.as_mut_ptr(),
                std::mem::size_of::<sys::fd_options>(),
                options.style as u32,
            )
        })?;
        let mut o = unsafe { raw.assume_init() };
        let locale = to_c("locale", &options.locale)?;
        let zone = to_c("time_zone", &options.time_zone)?;
        let just_now = to_c("just_now_text", &options.just_now_text)?;
        let yesterday = to_c("yesterday_text", &options.yesterday_text)?;
        let day_before = to_c("day_before_yesterday_text", &options.day_before_yesterday_text)?;
        let tomorrow = to_c("tomorrow_text", &options.tomorrow_text)?;
        let ptr_of = |s: &Option<CString>| s.as_ref().map_or(ptr::null(), |s| s.as_ptr());
        o.locale = ptr_of(&locale);
        o.time_zone = ptr_of(&zone);
        o.just_now_text = ptr_of(&just_now);
        o.yesterday_text = ptr_of(&yesterday);
        o.day_before_yesterday_text = ptr_of(&day_before);
        o.tomorrow_text = ptr_of(&tomorrow);
        o.hour_cycle = options.hour_cycle as u32;
        o.width = options.width as u32;
        o.recent_relative = options.recent_relative as i32;
        o.countdown_days = options.countdown_days as i32;
        o.plain_spaces = options.plain_spaces as i32;
        o.spoken = options.spoken as i32;
        o.overtime = options.overtime as i32;
        o.max_unit = options.max_unit as u32;
        if let Some(v) = options.just_now_ms {
            o.just_now_ms = v;
        }
        if let Some(v) = options.skew_tolerance_ms {
            o.skew_tolerance_ms = v;
        }
        if let Some(v) = options.cross_year_grace_days {
            o.cross_year_grace_days = v;
        }
        if let Some(v) = options.weekday_window_days {
            o.weekday_window_days = v;
        }
        if let Some(v) = options.precision {
            o.precision = v;
        }
        let mut out = ptr::null_mut();
        check(unsafe { sys::fd_formatter_new(&o, &mut out) })?;
        let raw = NonNull::new(out)
            .ok_or_else(|| Error::new(Status::Internal, "fd_formatter_new returned no formatter".into()))?;
        unsafe {
            Ok(Formatter {
                locale: c_string(sys::fd_formatter_locale(out)),
                time_zone: c_string(sys::fd_formatter_time_zone(out)),
                tz_source: c_string(sys::fd_formatter_tz_source(out)),
                raw,
            })
        }
    }

    /// One `fd_format` into a buffer on the stack, the label copied into a
    /// String of its own: the only allocation of a call. `info` (`label`)
    /// gives the length; without it (`format`, which skips the next-change
    /// work) the NUL ends the label.
    #[inline]
    fn call(&self, t_ms: i64, now_ms: i64, info: Option<&mut sys::fd_label>) -> Result<String, Error> {
        let mut buf = MaybeUninit::<[u8; sys::FD_LABEL_CAPACITY]>::uninit();
        let (info_ptr, with_info) = match info {
            Some(i) => (i as *mut sys::fd_label, true),
            None => (ptr::null_mut(), false),
        };
        let code = unsafe {
            sys::fd_format(
                self.raw.as_ptr(),
                t_ms,
                now_ms,
                buf.as_mut_ptr().cast(),
                sys::FD_LABEL_CAPACITY,
                info_ptr,
            )
        };
        if code != sys::FD_OK {
            return Err(Error::last(code));
        }
        // FD_OK: the library wrote the label and its NUL within the buffer.
        let len = if with_info {
            // SAFETY: info_ptr is the caller's fd_label, which fd_format filled.
            unsafe { (*info_ptr).length }
        } else {
            // The bytes before the NUL, read one at a time: measured 5-7% of
            // a RELATIVE call faster than strlen (or a loop the compiler
            // turns into one), which loads 32 bytes at once right after the
            // library stored the label in pieces; a load that spans several
            // such stores waits for them to reach the cache, while a byte
            // load is served from the one store that holds it.
            // read_volatile keeps the loop a loop of byte loads.
            let p = buf.as_ptr().cast::<u8>();
            let mut n = 0;
            // SAFETY: FD_OK: the label and its NUL are bytes fd_format wrote,
            // within the buffer; n stays below its capacity.
            while n < sys::FD_LABEL_CAPACITY && unsafe { ptr::read_volatile(p.add(n)) } != 0 {
                n += 1;
            }
            n
        };
        if len >= sys::FD_LABEL_CAPACITY {
            return Err(too_long(len));
        }
        // SAFETY: the first len bytes of buf are the label fd_format wrote.
        label_string(unsafe { std::slice::from_raw_parts(buf.as_ptr().cast::<u8>(), len) })
    }

    /// The label of instant `t_ms` as seen at `now_ms` (milliseconds since
    /// the epoch). Skips the next-change work; [`label`](Self::label) does it.
    pub fn format(&self, t_ms: i64, now_ms: i64) -> Result<String, Error> {
        self.call(t_ms, now_ms, None)
    }

    /// The label with its next change, parts and expired flag.
    pub fn label(&self, t_ms: i64, now_ms: i64) -> Result<Label, Error> {
        let mut info = sys::fd_label::default();
        let text = self.call(t_ms, now_ms, Some(&mut info))?;
        Ok(Label {
            text,
            next_change_ms: (info.next_change_ms != sys::FD_NEVER).then_some(info.next_change_ms),
            day_part: info.day_offset..info.day_offset + info.day_length,
            time_part: info.time_offset..info.time_offset + info.time_length,
            expired: info.expired != 0,
        })
    }

    /// Labels every instant of `t_ms` at one `now_ms` and returns the
    /// earliest next change of them all (`None`: none changes). The cheap
    /// way to label a list: one timer for all. Any length: the library is
    /// called once per chunk of labels, so the memory in use beyond the
    /// labels returned stays bounded (a few MB however long the list).
    /// An instant out of range fails the whole call, with an error that
    /// names its index ([`Error::index`]). Out of memory is an `Err` of
    /// `Status::Memory`, not an abort.
    pub fn format_many(&self, t_ms: &[i64], now_ms: i64) -> Result<(Vec<String>, Option<i64>), Error> {
        self.format_many_in_chunks(t_ms, now_ms, BATCH_CHUNK)
    }

    /// [`format_many`](Self::format_many) with `chunk` labels per library
    /// call (0 is taken as 1): for tests of the chunking.
    #[doc(hidden)]
    pub fn format_many_in_chunks(
        &self,
        t_ms: &[i64],
        now_ms: i64,
        chunk: usize,
    ) -> Result<(Vec<String>, Option<i64>), Error> {
        let (labels, next) = self.many(t_ms, now_ms, chunk, "t_ms")?;
        Ok((labels, (next != sys::FD_NEVER).then_some(next)))
    }

    /// [`format`](Self::format) of `SystemTime`s. Sub-millisecond parts are
    /// floored to the millisecond (before 1970 too: 1.5 ms before the epoch
    /// reads as -2 ms), as the Go and Java bindings read theirs; a time
    /// outside 0001-01-01 ..= 9999-12-31 is the library's `Status::Range`
    /// error.
    ///
    /// ```
    /// use std::time::{Duration, SystemTime};
    /// use feeddate::{Formatter, Options, Style};
    ///
    /// let f = Formatter::new(&Options::new(Style::Relative).locale("en_US").time_zone("UTC"))?;
    /// let now = SystemTime::now();
    /// assert_eq!(f.format_time(now - Duration::from_secs(300), now)?, "5 minutes ago");
    /// let label = f.label_time(now - Duration::from_secs(300), now)?;
    /// assert!(label.next_change().unwrap() > now);
    /// # Ok::<(), feeddate::Error>(())
    /// ```
    pub fn format_time(&self, t: SystemTime, now: SystemTime) -> Result<String, Error> {
        self.format(epoch_ms(t), epoch_ms(now))
    }

    /// [`label`](Self::label) of `SystemTime`s (read as
    /// [`format_time`](Self::format_time) reads them);
    /// [`Label::next_change`] gives the next change as a `SystemTime`.
    pub fn label_time(&self, t: SystemTime, now: SystemTime) -> Result<Label, Error> {
        self.label(epoch_ms(t), epoch_ms(now))
    }

    /// [`format_many`](Self::format_many) of `SystemTime`s (read as
    /// [`format_time`](Self::format_time) reads them, a chunk at a time), and
    /// the earliest next change as a `SystemTime`.
    pub fn format_many_times(
        &self,
        ts: &[SystemTime],
        now: SystemTime,
    ) -> Result<(Vec<String>, Option<SystemTime>), Error> {
        self.format_many_times_in_chunks(ts, now, BATCH_CHUNK)
    }

    /// [`format_many_times`](Self::format_many_times) with `chunk` labels per
    /// library call: for tests.
    #[doc(hidden)]
    pub fn format_many_times_in_chunks(
        &self,
        ts: &[SystemTime],
        now: SystemTime,
        chunk: usize,
    ) -> Result<(Vec<String>, Option<SystemTime>), Error> {
        let (labels, next) = self.many(ts, epoch_ms(now), chunk, "ts")?;
        Ok((labels, (next != sys::FD_NEVER).then(|| system_time(next)).flatten()))
    }

    /// The labels of `ts`, `chunk` at a time through one set of C buffers
    /// (grown when a chunk needs more), and the earliest next change
    /// (`FD_NEVER` for none). `arg` names the list in error messages.
    fn many<T: Instants>(&self, ts: &[T], now_ms: i64, chunk: usize, arg: &str) -> Result<(Vec<String>, i64), Error> {
        let n = ts.len();
        let mut labels: Vec<String> = Vec::new();
        reserve(&mut labels, n, "format_many: the labels")?;
        if n == 0 {
            return Ok((labels, sys::FD_NEVER));
        }
        let mut scratch = Scratch::take();
        let next = self.chunks(ts, now_ms, chunk.clamp(1, n), arg, &mut scratch, &mut labels);
        scratch.keep();
        Ok((labels, next?))
    }

    fn chunks<T: Instants>(
        &self,
        ts: &[T],
        now_ms: i64,
        chunk: usize,
        arg: &str,
        scratch: &mut Scratch,
        labels: &mut Vec<String>,
    ) -> Result<i64, Error> {
        let Scratch { ends, text, ms } = scratch;
        if ends.len() < chunk {
            reserve(ends, chunk - ends.len(), "format_many: the label ends")?;
            ends.resize(chunk, 0);
        }
        grow(
            text,
            chunk.saturating_mul(BYTES_PER_LABEL_GUESS).saturating_add(1),
            TEXT_BUFFER,
        )?;
        let mut next = sys::FD_NEVER;
        for (k, part) in ts.chunks(chunk).enumerate() {
            let t_ms = T::millis(part, ms)?;
            let m = t_ms.len();
            let mut chunk_next = sys::FD_NEVER;
            loop {
                let code = unsafe {
                    sys::fd_format_many(
                        self.raw.as_ptr(),
                        t_ms.as_ptr(),
                        m,
                        now_ms,
                        text.as_mut_ptr().cast(),
                        text.len(),
                        ends.as_mut_ptr(),
                        &mut chunk_next,
                    )
                };
                if code == sys::FD_ERR_BUFFER && ends[m - 1] >= text.len() {
                    // The library says how much this chunk needs; later chunks reuse the room.
                    grow(text, ends[m - 1].saturating_add(1), TEXT_BUFFER)?;
                    continue;
                }
                if code != sys::FD_OK {
                    return Err(self.batch_error(code, t_ms, k * chunk, now_ms, arg));
                }
                break;
            }
            next = next.min(chunk_next);
            // Each label is UTF-8 as the library wrote it (label_string).
            let all = text.get(..ends[m - 1]).ok_or_else(bad_ends)?;
            let mut start = 0;
            for &end in &ends[..m] {
                labels.push(label_string(all.get(start..end).ok_or_else(bad_ends)?)?);
                start = end;
            }
        }
        Ok(next)
    }

    /// The error of a chunk (`t_ms`, from index `base` of the caller's list)
    /// that failed with `code`: the library's error for the first instant
    /// that fails alone, naming its index; else the chunk's, naming its range.
    #[cold]
    fn batch_error(&self, code: i32, t_ms: &[i64], base: usize, now_ms: i64, arg: &str) -> Error {
        let err = Error::last(code);
        if !(sys::FD_MIN_INSTANT_MS..=sys::FD_MAX_INSTANT_MS).contains(&now_ms) {
            return err; // now: the library's message names it
        }
        let mut buf = [0u8; sys::FD_LABEL_CAPACITY];
        for (i, &t) in t_ms.iter().enumerate() {
            let mut info = sys::fd_label::default();
            let c = unsafe {
                sys::fd_format(
                    self.raw.as_ptr(),
                    t,
                    now_ms,
                    buf.as_mut_ptr().cast(),
                    buf.len(),
                    &mut info,
                )
            };
            if c != sys::FD_OK {
                let one = Error::last(c);
                return Error {
                    status: one.status,
                    message: format!("format_many: {arg}[{}]: {}", base + i, one.message),
                    index: Some(base + i),
                };
            }
        }
        Error::new(
            err.status,
            format!("format_many: {arg}[{}..{}]: {}", base, base + t_ms.len(), err.message),
        )
    }

    /// The resolved locale id ("zh_CN").
    pub fn locale(&self) -> &str {
        &self.locale
    }
    /// The resolved zone id ("Asia/Shanghai").
    pub fn time_zone(&self) -> &str {
        &self.time_zone
    }
    /// Where the zone rules come from: the system's zone database and its
    /// version ("tzdata 2025b"), or a POSIX TZ string. ICU's built-in rules
    /// are never used for a named zone: with no database, `Formatter::new`
    /// fails with `Status::TimeZone`.
    pub fn tz_source(&self) -> &str {
        &self.tz_source
    }
}

impl Formatter {
    /// The labels `t_ms` shows from `now_ms` on, each with the instant it
    /// starts, and the wire form of the same ([`Schedule::json`]), for a
    /// client that swaps text at those instants (SPEC section 11, 1.2).
    /// Entry 0 starts at `now_ms`; entry i+1 at entry i's next change (what
    /// [`label`](Self::label) reports). The list stops at the first of: an
    /// entry whose label never changes (complete: `until` is `None`),
    /// `max_entries` entries, an entry whose next change is at or after
    /// `now_ms + horizon`; `until` is then that next change. A zero horizon
    /// gives one entry and its until. Pass [`DEFAULT_HORIZON`] and
    /// [`DEFAULT_MAX_ENTRIES`] when you have no reason to pick others.
    ///
    /// The horizon is taken in whole milliseconds, floored (SPEC 11, 1.3:
    /// 1000.4 ms is 1000 ms in every language). One over 366 days ([`SCHEDULE_MAX_HORIZON`])
    /// or `max_entries` outside 1..=100,000 ([`SCHEDULE_MAX_ENTRIES`]) is
    /// the library's `Status::Argument` error with its message (a
    /// `Duration` is never negative; a `max_entries` of 2^63 or more is named
    /// as the negative count it came from, "max_entries -5 is out of range
    /// 1...100000" for `-5_i64 as usize`); an instant outside years 1..=9999 is
    /// `Status::Range`.
    ///
    /// The cost is one label and one next change per entry, twice: the
    /// entries come from `fd_schedule`, the wire form from
    /// `fd_schedule_json` (the crate writes no JSON of its own). Memory is
    /// bounded by `max_entries` and reserved fallibly: out of memory is an
    /// `Err` of `Status::Memory`, not an abort.
    ///
    /// ```
    /// use feeddate::{Formatter, Options, Style, DEFAULT_HORIZON, DEFAULT_MAX_ENTRIES};
    ///
    /// let f = Formatter::new(&Options::new(Style::ChatList).locale("zh_CN").time_zone("Asia/Shanghai"))?;
    /// let now = 1_711_348_200_000; // 2024-03-25 14:30 in Shanghai
    /// let sent = now - 2 * 3_600_000; // 12:30 the same day
    /// let s = f.schedule(sent, now, DEFAULT_HORIZON, DEFAULT_MAX_ENTRIES)?;
    /// let entries: Vec<(&str, i64)> = s.entries.iter().map(|e| (e.text.as_str(), e.start_ms)).collect();
    /// assert_eq!(entries, [("12:30", now), ("昨天", 1_711_382_400_000)]); // 昨天 from midnight
    /// assert_eq!(s.until, Some(1_711_468_800_000)); // then a new schedule is needed
    /// assert_eq!(
    ///     s.json(),
    ///     r#"{"v":1,"now":1711348200000,"labels":[["12:30",0],["昨天",34200000]],"until":1711468800000}"#
    /// );
    ///
    /// let long = f.schedule(sent, now, std::time::Duration::from_secs(8 * 86_400), DEFAULT_MAX_ENTRIES)?;
    /// assert_eq!((long.entries.len(), long.is_complete()), (4, true)); // ..., 星期六, 2024/3/25: never changes again
    ///
    /// let err = f.schedule(sent, now, DEFAULT_HORIZON, 0).unwrap_err();
    /// assert_eq!((err.status(), err.message()), (feeddate::Status::Argument, "max_entries 0 is out of range 1...100000"));
    /// # Ok::<(), feeddate::Error>(())
    /// ```
    pub fn schedule(&self, t_ms: i64, now_ms: i64, horizon: Duration, max_entries: usize) -> Result<Schedule, Error> {
        let mut scratch = Scratch::take();
        let schedule = self.schedule_in(t_ms, now_ms, horizon, max_entries, &mut scratch, true);
        scratch.keep();
        schedule
    }

    /// [`schedule`](Self::schedule) of `SystemTime`s (read as
    /// [`format_time`](Self::format_time) reads them);
    /// [`ScheduleEntry::start`] and [`Schedule::until_time`] give the
    /// instants back as `SystemTime`s.
    pub fn schedule_time(
        &self,
        t: SystemTime,
        now: SystemTime,
        horizon: Duration,
        max_entries: usize,
    ) -> Result<Schedule, Error> {
        self.schedule(epoch_ms(t), epoch_ms(now), horizon, max_entries)
    }

    /// [`schedule`](Self::schedule) through buffers that start at one byte,
    /// grown to the sizes the library reports: for tests.
    #[doc(hidden)]
    pub fn schedule_from_small_buffers(
        &self,
        t_ms: i64,
        now_ms: i64,
        horizon: Duration,
        max_entries: usize,
    ) -> Result<Schedule, Error> {
        self.schedule_in(t_ms, now_ms, horizon, max_entries, &mut Scratch::default(), false)
    }

    fn schedule_in(
        &self,
        t_ms: i64,
        now_ms: i64,
        horizon: Duration,
        max_entries: usize,
        scratch: &mut Scratch,
        guess: bool,
    ) -> Result<Schedule, Error> {
        let horizon_ms = horizon_ms(horizon);
        // The library checks the horizon and max_entries before it writes
        // anything: a count it refuses gets arrays of one element.
        let arrays = if (1..=SCHEDULE_MAX_ENTRIES).contains(&max_entries) {
            max_entries
        } else {
            1
        };
        let Scratch { ends, text, ms: from } = scratch;
        grow(ends, arrays, "schedule: the text ends")?;
        grow(from, arrays, "schedule: the starts")?;
        // A first guess at the texts (most labels are under 16 bytes); the
        // library reports what a longer schedule needs and is called again.
        let first = if guess { arrays.min(4096) * 16 + 1 } else { 1 };
        grow(text, first, "schedule: the text buffer")?;
        let (mut n, mut until) = (0usize, sys::FD_NEVER);
        loop {
            let code = unsafe {
                sys::fd_schedule(
                    self.raw.as_ptr(),
                    t_ms,
                    now_ms,
                    horizon_ms,
                    max_entries,
                    text.as_mut_ptr().cast(),
                    text.len(),
                    ends.as_mut_ptr(),
                    from.as_mut_ptr(),
                    &mut n,
                    &mut until,
                )
            };
            if code == sys::FD_ERR_BUFFER && (1..=arrays).contains(&n) && ends[n - 1] >= text.len() {
                grow(text, ends[n - 1].saturating_add(1), "schedule: the text buffer")?;
                continue;
            }
            check(code)?;
            break;
        }
        if !(1..=arrays).contains(&n) {
            return Err(Error::new(
                Status::Internal,
                format!("fd_schedule returned {n} entries for max_entries {max_entries}"),
            ));
        }
        let mut entries: Vec<ScheduleEntry> = Vec::new();
        reserve(&mut entries, n, "schedule: the entries")?;
        let all = text
            .get(..ends[n - 1])
            .and_then(|bytes| std::str::from_utf8(bytes).ok())
            .ok_or_else(not_utf8)?;
        let mut start = 0;
        for (&end, &start_ms) in ends[..n].iter().zip(&from[..n]) {
            let text = owned(all.get(start..end).ok_or_else(not_utf8)?)?;
            entries.push(ScheduleEntry { text, start_ms });
            start = end;
        }

        // The wire form, into the same text buffer (the entries own their
        // texts now): the texts escaped (rarely longer than they are), each
        // start's difference (at most 11 digits), ~100 bytes around them.
        let first = if guess {
            ends[n - 1]
                .saturating_mul(2)
                .saturating_add(n.saturating_mul(24))
                .saturating_add(128)
        } else {
            1
        };
        if !guess {
            *text = Vec::new();
        }
        let json = wire_text(
            text,
            first,
            "schedule: the wire form buffer",
            |buf, cap, length| unsafe {
                sys::fd_schedule_json(
                    self.raw.as_ptr(),
                    t_ms,
                    now_ms,
                    horizon_ms,
                    max_entries,
                    buf,
                    cap,
                    length,
                )
            },
        )?;
        Ok(Schedule {
            json,
            entries,
            until: (until != sys::FD_NEVER).then_some(until),
        })
    }

    /// The markup of a live label for `t_ms` (SPEC section 11, "Semantics and
    /// screen readers", 1.3), as the library writes it (`fd_schedule_html`):
    ///
    /// ```text
    /// <time datetime="D" title="T"><feed-date data-schedule="WIRE">text</feed-date></time>
    /// ```
    ///
    /// D is `t_ms` in UTC (`YYYY-MM-DDTHH:MM:SS.sssZ`), T the `FeedDetail`
    /// label of `t_ms` seen at `now_ms` (this formatter's locale, zone and
    /// options), WIRE the wire form of [`schedule`](Self::schedule) with the
    /// same arguments and text its entry at `now_ms`; every value is escaped
    /// (`& < > " '` as `&amp; &lt; &gt; &quot; &#39;`). With `spoken`,
    /// `data-spoken-schedule="WIRE2"` follows `data-schedule`: the schedule
    /// of the same options plus spoken, for the web client's hidden spoken
    /// label. Put it in a page as it is; the web client (`clients/web`) keeps
    /// the text right. The crate writes no markup or escape of its own: every
    /// binding gives the same bytes for the same arguments.
    ///
    /// The arguments are [`schedule`](Self::schedule)'s, read the same way
    /// (pass [`DEFAULT_HORIZON`] and [`DEFAULT_MAX_ENTRIES`] when you have no
    /// reason to pick others), and so are the errors: the library's
    /// `Status::Argument` with its message for a horizon over 366 days or
    /// `max_entries` outside 1..=100,000, `Status::Range` for an instant
    /// outside years 1..=9999.
    ///
    /// ```
    /// use feeddate::{Formatter, Options, Style, DEFAULT_HORIZON, DEFAULT_MAX_ENTRIES};
    ///
    /// let f = Formatter::new(&Options::new(Style::ChatList).locale("zh_CN").time_zone("Asia/Shanghai"))?;
    /// let now = 1_711_348_200_000; // 2024-03-25 14:30 in Shanghai
    /// let sent = now - 2 * 3_600_000; // 12:30 the same day
    /// assert_eq!(
    ///     f.html(sent, now, DEFAULT_HORIZON, DEFAULT_MAX_ENTRIES, false)?,
    ///     concat!(
    ///         r#"<time datetime="2024-03-25T04:30:00.000Z" title="2024年3月25日 12:30"><feed-date data-schedule=""#,
    ///         "{&quot;v&quot;:1,&quot;now&quot;:1711348200000,&quot;labels&quot;:[[&quot;12:30&quot;,0],",
    ///         r#"[&quot;昨天&quot;,34200000]],&quot;until&quot;:1711468800000}">12:30</feed-date></time>"#
    ///     )
    /// );
    /// assert!(f.html(sent, now, DEFAULT_HORIZON, DEFAULT_MAX_ENTRIES, true)?.contains(" data-spoken-schedule=\""));
    /// assert_eq!(
    ///     f.script_json(sent, now, DEFAULT_HORIZON, DEFAULT_MAX_ENTRIES)?,
    ///     r#"{"v":1,"now":1711348200000,"labels":[["12:30",0],["昨天",34200000]],"until":1711468800000}"#
    /// );
    ///
    /// let err = f.html(sent, now, DEFAULT_HORIZON, 0, false).unwrap_err();
    /// assert_eq!((err.status(), err.message()), (feeddate::Status::Argument, "max_entries 0 is out of range 1...100000"));
    /// # Ok::<(), feeddate::Error>(())
    /// ```
    pub fn html(
        &self,
        t_ms: i64,
        now_ms: i64,
        horizon: Duration,
        max_entries: usize,
        spoken: bool,
    ) -> Result<String, Error> {
        let mut scratch = Scratch::take();
        let html = self.html_in(t_ms, now_ms, horizon, max_entries, spoken, &mut scratch, true);
        scratch.keep();
        html
    }

    /// The wire form of [`schedule`](Self::schedule) made safe inside a
    /// `<script>` element (SPEC section 11, "Script context", 1.3), as the
    /// library writes it (`fd_schedule_script_json`): [`Schedule::json`]
    /// with `< > &` U+2028 U+2029 written as `\u003c \u003e \u0026
    /// \u2028 \u2029`, valid JSON that parses to the same object. (The
    /// plain wire is safe only in an escaped attribute, as
    /// [`html`](Self::html) puts it.) The crate writes no escape of its own.
    /// Arguments and errors as [`schedule`](Self::schedule)'s.
    pub fn script_json(&self, t_ms: i64, now_ms: i64, horizon: Duration, max_entries: usize) -> Result<String, Error> {
        let mut scratch = Scratch::take();
        let json = self.script_json_in(t_ms, now_ms, horizon, max_entries, &mut scratch, true);
        scratch.keep();
        json
    }

    /// [`html`](Self::html) of `SystemTime`s (read as
    /// [`schedule_time`](Self::schedule_time) reads them).
    pub fn html_time(
        &self,
        t: SystemTime,
        now: SystemTime,
        horizon: Duration,
        max_entries: usize,
        spoken: bool,
    ) -> Result<String, Error> {
        self.html(epoch_ms(t), epoch_ms(now), horizon, max_entries, spoken)
    }

    /// [`script_json`](Self::script_json) of `SystemTime`s (read as
    /// [`schedule_time`](Self::schedule_time) reads them).
    pub fn script_json_time(
        &self,
        t: SystemTime,
        now: SystemTime,
        horizon: Duration,
        max_entries: usize,
    ) -> Result<String, Error> {
        self.script_json(epoch_ms(t), epoch_ms(now), horizon, max_entries)
    }

    /// [`html`](Self::html) through a buffer that starts at one byte, grown
    /// to the size the library reports: for tests.
    #[doc(hidden)]
    pub fn html_from_small_buffers(
        &self,
        t_ms: i64,
        now_ms: i64,
        horizon: Duration,
        max_entries: usize,
        spoken: bool,
    ) -> Result<String, Error> {
        self.html_in(
            t_ms,
            now_ms,
            horizon,
            max_entries,
            spoken,
            &mut Scratch::default(),
            false,
        )
    }

    /// [`script_json`](Self::script_json) through a buffer that starts at
    /// one byte, grown to the size the library reports: for tests.
    #[doc(hidden)]
    pub fn script_json_from_small_buffers(
        &self,
        t_ms: i64,
        now_ms: i64,
        horizon: Duration,
        max_entries: usize,
    ) -> Result<String, Error> {
        self.script_json_in(t_ms, now_ms, horizon, max_entries, &mut Scratch::default(), false)
    }

    #[allow(clippy::too_many_arguments)]
    fn html_in(
        &self,
        t_ms: i64,
        now_ms: i64,
        horizon: Duration,
        max_entries: usize,
        spoken: bool,
        scratch: &mut Scratch,
        guess: bool,
    ) -> Result<String, Error> {
        let horizon_ms = horizon_ms(horizon);
        let flags = if spoken { sys::FD_HTML_SPOKEN } else { 0 };
        // A first guess: a label of a day's few entries is some 300 bytes
        // escaped, twice with spoken; the library reports what a longer one needs.
        let first = match (guess, spoken) {
            (false, _) => 1,
            (true, false) => 512,
            (true, true) => 1024,
        };
        wire_text(
            &mut scratch.text,
            first,
            "html: the markup buffer",
            |buf, cap, length| unsafe {
                sys::fd_schedule_html(
                    self.raw.as_ptr(),
                    t_ms,
                    now_ms,
                    horizon_ms,
                    max_entries,
                    flags,
                    buf,
                    cap,
                    length,
                )
            },
        )
    }

    fn script_json_in(
        &self,
        t_ms: i64,
        now_ms: i64,
        horizon: Duration,
        max_entries: usize,
        scratch: &mut Scratch,
        guess: bool,
    ) -> Result<String, Error> {
        let horizon_ms = horizon_ms(horizon);
        let first = if guess { 256 } else { 1 };
        wire_text(
            &mut scratch.text,
            first,
            "script_json: the buffer",
            |buf, cap, length| unsafe {
                sys::fd_schedule_script_json(
                    self.raw.as_ptr(),
                    t_ms,
                    now_ms,
                    horizon_ms,
                    max_entries,
                    buf,
                    cap,
                    length,
                )
            },
        )
    }
}

/// The text of `call`, one library call with `fd_schedule_json`'s buffer
/// contract (NUL-terminated; `FD_ERR_BUFFER` with the length needed), made
/// into `text` grown to `first` bytes, and again with the room the library
/// reports when that is too small; the library's error with its message
/// otherwise. `what` names the buffer in a `Status::Memory` error.
fn wire_text(
    text: &mut Vec<u8>,
    first: usize,
    what: &str,
    mut call: impl FnMut(*mut c_char, usize, &mut usize) -> sys::fd_status,
) -> Result<String, Error> {
    grow(text, first.max(1), what)?;
    let mut length = 0usize;
    loop {
        let code = call(text.as_mut_ptr().cast(), text.len(), &mut length);
        if code == sys::FD_ERR_BUFFER && length >= text.len() {
            grow(text, length.saturating_add(1), what)?;
            continue;
        }
        check(code)?;
        break;
    }
    let json = text
        .get(..length)
        .and_then(|bytes| std::str::from_utf8(bytes).ok())
        .ok_or_else(not_utf8)?;
    owned(json)
}

/// Labels per library call of `format_many`: the C buffers hold one chunk
/// (its ends, 128 KiB, and its text, from 512 KiB), whatever the batch.
const BATCH_CHUNK: usize = 16_384;

/// The first guess of a chunk's text bytes per label; a chunk that needs
/// more is told so by the library and called again with the room it needs.
const BYTES_PER_LABEL_GUESS: usize = 32;

/// The C buffers of `format_many` (one chunk's ends and text, and the
/// milliseconds of a chunk of `SystemTime`s). Kept for the thread's next
/// call while they are this small, so that a short batch allocates no
/// large block each time; a longer batch's are freed when it returns.
const SCRATCH_KEPT: usize = 256 << 10;

#[derive(Default)]
struct Scratch {
    ends: Vec<usize>,
    text: Vec<u8>,
    ms: Vec<i64>,
}

thread_local! {
    static SCRATCH: Cell<Scratch> = Cell::default();
}

impl Scratch {
    /// This thread's buffers (empty ones when it has none, or while its
    /// thread-locals are being destroyed).
    fn take() -> Scratch {
        SCRATCH.try_with(Cell::take).unwrap_or_default()
    }

    fn keep(self) {
        let bytes = self.ends.capacity() * std::mem::size_of::<usize>()
            + self.text.capacity()
            + self.ms.capacity() * std::mem::size_of::<i64>();
        if bytes <= SCRATCH_KEPT {
            let _ = SCRATCH.try_with(|c| c.set(self));
        }
    }
}

/// The instants a batch takes, as the library's milliseconds a chunk at a time.
trait Instants: Sized {
    fn millis<'a>(chunk: &'a [Self], scratch: &'a mut Vec<i64>) -> Result<&'a [i64], Error>;
}

impl Instants for i64 {
    #[inline]
    fn millis<'a>(chunk: &'a [i64], _: &'a mut Vec<i64>) -> Result<&'a [i64], Error> {
        Ok(chunk)
    }
}

impl Instants for SystemTime {
    fn millis<'a>(chunk: &'a [SystemTime], scratch: &'a mut Vec<i64>) -> Result<&'a [i64], Error> {
        scratch.clear();
        reserve(scratch, chunk.len(), "format_many: the instants in milliseconds")?;
        scratch.extend(chunk.iter().map(|&t| epoch_ms(t)));
        Ok(scratch)
    }
}

/// Room for `additional` more elements, or `Status::Memory`.
fn reserve<T>(v: &mut Vec<T>, additional: usize, what: &str) -> Result<(), Error> {
    v.try_reserve_exact(additional)
        .map_err(|e| Error::memory(what, additional, std::mem::size_of::<T>(), e))
}

/// A zeroed buffer of at least `len` elements (never shrinks); `what` names
/// it in a `Status::Memory` error.
fn grow<T: Copy + Default>(v: &mut Vec<T>, len: usize, what: &str) -> Result<(), Error> {
    if len > v.len() {
        reserve(v, len - v.len(), what)?;
        v.resize(len, T::default());
    }
    Ok(())
}

const TEXT_BUFFER: &str = "format_many: the text buffer";

/// `s` in a String of its own, or `Status::Memory` (a fallible allocation:
/// one malloc and one copy, as `String::from` makes, which would abort).
#[inline]
fn owned(s: &str) -> Result<String, Error> {
    if s.is_empty() {
        return Ok(String::new());
    }
    let layout =
        std::alloc::Layout::array::<u8>(s.len()).map_err(|_| Error::new(Status::Memory, "a label: too long".into()))?;
    // SAFETY: layout's size is not zero; the block is the global allocator's,
    // of exactly s.len() bytes, filled with s (UTF-8) before the String owns it.
    unsafe {
        let p = std::alloc::alloc(layout);
        if p.is_null() {
            return Err(Error::new(
                Status::Memory,
                format!("a label: cannot allocate {} bytes", s.len()),
            ));
        }
        ptr::copy_nonoverlapping(s.as_ptr(), p, s.len());
        Ok(String::from_raw_parts(p, s.len(), s.len()))
    }
}

/// A label the library wrote, in a String of its own (one allocation, one
/// copy; `Status::Memory` when the allocation fails).
///
/// Checked as UTF-8 (`from_utf8` reads ASCII a word at a time): the library
/// writes only UTF-8 (SPEC 7), but this crate's safe API cannot vouch for
/// whichever `libfeeddate.so.1` the dynamic linker finds, so a broken one is
/// an `Err`, never undefined behaviour.
#[inline]
fn label_string(bytes: &[u8]) -> Result<String, Error> {
    owned(std::str::from_utf8(bytes).map_err(|_| not_utf8())?)
}

#[cold]
fn too_long(len: usize) -> Error {
    Error::new(
        Status::Internal,
        format!(
            "the library returned a label of {len} bytes or more, over the {} that FD_LABEL_CAPACITY allows",
            sys::FD_LABEL_CAPACITY - 1
        ),
    )
}

#[cold]
fn bad_ends() -> Error {
    Error::new(
        Status::Internal,
        "fd_format_many returned label ends out of order or past its buffer".into(),
    )
}

#[cold]
fn not_utf8() -> Error {
    Error::new(
        Status::Internal,
        "the library returned a label that is not UTF-8".into(),
    )
}

/// The version of the library actually loaded ("1.1.0").
pub fn version() -> &'static str {
    static_str(unsafe { sys::fd_version_string() })
}

/// The loaded library's `FD_VERSION_NUMBER` (10100 for 1.1.0).
pub fn version_number() -> u32 {
    unsafe { sys::fd_version() }
}

/// The version of ICU the library runs on ("78.3": the ICU inside the
/// library since 1.3).
pub fn icu_version() -> &'static str {
    static_str(unsafe { sys::fd_icu_version() })
}

/// What the labels are made from besides feeddate itself (1.3, SPEC section
/// 13), as `fd_data_version` writes it: `"ICU 78.3; CLDR 48.0; tzdata 2025b"`
/// (the zone database's tzdata version, `"tzdata unknown"` when it names
/// none). The library reads `TZDIR` when this is first asked, if no formatter
/// has yet.
pub fn data_version() -> &'static str {
    static_str(unsafe { sys::fd_data_version() })
}

/// The system clock in milliseconds since the epoch (`fd_now_ms`).
pub fn now_ms() -> i64 {
    unsafe { sys::fd_now_ms() }
}

// What the public API cannot reach without allocating for real: the
// reservations that fail, the quoting, the reading of SystemTime.
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reservations_fail_with_memory_errors() {
        // Capacity overflow (usize::MAX Strings is more bytes than a usize counts).
        let e = reserve(&mut Vec::<String>::new(), usize::MAX, "format_many: the labels").unwrap_err();
        assert_eq!((e.status(), e.status().code()), (Status::Memory, sys::FD_ERR_MEMORY));
        assert!(
            e.message().starts_with("format_many: the labels: cannot reserve"),
            "{e}"
        );
        // A size within isize::MAX that no allocator gives: the allocator's
        // error comes back (Linux refuses it at once, without touching memory).
        let huge = isize::MAX as usize / std::mem::size_of::<String>();
        let e = reserve(&mut Vec::<String>::new(), huge, "format_many: the labels").unwrap_err();
        assert_eq!(e.status(), Status::Memory, "{e}");
        let e = grow(&mut Vec::<u8>::new(), isize::MAX as usize, TEXT_BUFFER).unwrap_err();
        assert_eq!(e.status(), Status::Memory, "{e}");
        assert!(e.message().contains("text buffer"), "{e}");
        let e = reserve(&mut Vec::<i64>::new(), usize::MAX / 4, "format_many: the instants").unwrap_err();
        assert_eq!(e.status(), Status::Memory, "{e}");
        // And the small ones succeed.
        assert_eq!(owned("昨天").unwrap(), "昨天");
        assert_eq!(label_string("昨天 11:11".as_bytes()).unwrap(), "昨天 11:11");
        assert_eq!(label_string(b"").unwrap(), "");
        // What a broken library would get: Internal errors that say what broke.
        let e = too_long(256);
        assert_eq!(e.status(), Status::Internal);
        assert!(e.message().contains("256 bytes or more, over the 255"), "{e}");
        assert!(bad_ends().message().contains("label ends out of order"));
        // A label that is not UTF-8 (a broken library found at run time) is an error, in release too.
        for bad in [&b"\xff"[..], b"ab\xe6\x98", b"\xe6\x98\xa8\xc0\x80"] {
            let e = label_string(bad).unwrap_err();
            assert_eq!(e.status(), Status::Internal);
            assert!(e.message().contains("not UTF-8"), "{e}");
        }
        let mut v = vec![1u8];
        grow(&mut v, 10, TEXT_BUFFER).unwrap();
        assert_eq!(v, [1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        grow(&mut v, 4, TEXT_BUFFER).unwrap(); // never shrinks
        assert_eq!(v.len(), 10);
    }

    #[test]
    fn system_times_floor_to_the_millisecond() {
        let ms = |d: u64| Duration::from_nanos(d);
        assert_eq!(epoch_ms(UNIX_EPOCH), 0);
        assert_eq!(epoch_ms(UNIX_EPOCH + ms(999_999)), 0);
        assert_eq!(epoch_ms(UNIX_EPOCH + ms(1_000_000)), 1);
        assert_eq!(epoch_ms(UNIX_EPOCH - ms(1)), -1);
        assert_eq!(epoch_ms(UNIX_EPOCH - ms(1_000_000)), -1);
        assert_eq!(epoch_ms(UNIX_EPOCH - ms(1_500_000)), -2);
        assert_eq!(epoch_ms(UNIX_EPOCH - ms(1_000_001)), -2);
        let year1 = UNIX_EPOCH - Duration::from_millis(62_135_596_800_000);
        assert_eq!(epoch_ms(year1), sys::FD_MIN_INSTANT_MS);
        assert_eq!(epoch_ms(year1 - ms(1)), sys::FD_MIN_INSTANT_MS - 1);
        // Past an i64 of milliseconds: saturated, so the library says Range.
        let far = Duration::from_secs(i64::MAX as u64 / 1000 + 1);
        if let Some(t) = UNIX_EPOCH.checked_add(far) {
            assert_eq!(epoch_ms(t), i64::MAX);
        }
        if let Some(t) = UNIX_EPOCH.checked_sub(far) {
            assert_eq!(epoch_ms(t), i64::MIN);
        }
        for v in [
            0,
            1,
            -1,
            -2,
            sys::FD_MIN_INSTANT_MS,
            sys::FD_MAX_INSTANT_MS,
            i64::MAX,
            i64::MIN + 1,
        ] {
            assert_eq!(system_time(v).map(epoch_ms), Some(v), "{v}");
        }
    }
}
