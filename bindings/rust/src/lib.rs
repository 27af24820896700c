//! Feed, chat and countdown labels for timestamps ("14:30", "昨天",
//! "5分钟前"), with the exact instant at which each label next changes.
//!
//! A thin binding over `libfeeddate.so.1` (`include/feeddate.h`): every rule,
//! default and range check is the C library's; this crate maps Rust types
//! onto the C API. A [`Formatter`] is immutable, `Send + Sync`: create it once
//! and share it (`Arc<Formatter>`) between threads.
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

use std::ffi::{CStr, CString};
use std::fmt;
use std::ops::Range;
use std::os::raw::c_char;
use std::ptr::{self, NonNull};

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
    pub const FD_ERR_BUFFER: fd_status = 5;
    pub const FD_NEVER: i64 = i64::MAX;
    pub const FD_LABEL_CAPACITY: usize = 256;
    pub const FD_MIN_INSTANT_MS: i64 = -62_135_596_800_000;
    pub const FD_MAX_INSTANT_MS: i64 = 253_402_300_799_999;

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
        pub fn fd_formatter_locale(f: *const fd_formatter) -> *const c_char;
        pub fn fd_formatter_time_zone(f: *const fd_formatter) -> *const c_char;
        pub fn fd_formatter_tz_source(f: *const fd_formatter) -> *const c_char;
        pub fn fd_status_message(status: fd_status) -> *const c_char;
        pub fn fd_last_error() -> *const c_char;
        pub fn fd_icu_version() -> *const c_char;
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
}

impl Error {
    pub fn status(&self) -> Status {
        self.status
    }
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The error of the call that just returned `code` on this thread.
    fn last(code: i32) -> Error {
        let status = Status::from_code(code);
        let mut message = c_string(unsafe { sys::fd_last_error() });
        if message.is_empty() {
            message = status.description().to_string();
        }
        Error { status, message }
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
}

/// Labels instants with one set of options. Immutable; `Send + Sync`.
pub struct Formatter {
    raw: NonNull<sys::fd_formatter>,
    locale: String,
    time_zone: String,
    tz_source: String,
}

// The header: "an fd_formatter is immutable after fd_formatter_new and may be
// used by any number of threads at once"; Drop, which frees it, has the
// formatter to itself.
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

/// An option's string (id or word) as a C string: a NUL inside would cut it short, so it is refused.
fn to_c(what: &str, id: &Option<String>) -> Result<Option<CString>, Error> {
    match id {
        None => Ok(None),
        Some(s) => CString::new(s.as_str()).map(Some).map_err(|_| Error {
            status: Status::Argument,
            message: format!("{what} {s:?} contains a NUL byte"),
        }),
    }
}

impl Formatter {
    /// Creates a formatter (costly: create once, reuse). The error's message
    /// names the option, id or value and what is valid.
    pub fn new(options: &Options) -> Result<Formatter, Error> {
        let mut raw = std::mem::MaybeUninit::<sys::fd_options>::zeroed();
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
        let raw = NonNull::new(out).ok_or_else(|| Error {
            status: Status::Internal,
            message: "fd_formatter_new returned no formatter".into(),
        })?;
        unsafe {
            Ok(Formatter {
                locale: c_string(sys::fd_formatter_locale(out)),
                time_zone: c_string(sys::fd_formatter_time_zone(out)),
                tz_source: c_string(sys::fd_formatter_tz_source(out)),
                raw,
            })
        }
    }

    fn call(&self, t_ms: i64, now_ms: i64, info: *mut sys::fd_label) -> Result<String, Error> {
        let mut buf = [0u8; sys::FD_LABEL_CAPACITY];
        check(unsafe {
            sys::fd_format(
                self.raw.as_ptr(),
                t_ms,
                now_ms,
                buf.as_mut_ptr().cast(),
                buf.len(),
                info,
            )
        })?;
        let len = buf.iter().position(|&b| b == 0).unwrap_or(buf.len());
        utf8(buf[..len].to_vec())
    }

    /// The label of instant `t_ms` as seen at `now_ms` (milliseconds since
    /// the epoch). Skips the next-change work; [`label`](Self::label) does it.
    pub fn format(&self, t_ms: i64, now_ms: i64) -> Result<String, Error> {
        self.call(t_ms, now_ms, ptr::null_mut())
    }

    /// The label with its next change, parts and expired flag.
    pub fn label(&self, t_ms: i64, now_ms: i64) -> Result<Label, Error> {
        let mut info = sys::fd_label::default();
        let text = self.call(t_ms, now_ms, &mut info)?;
        Ok(Label {
            text,
            next_change_ms: (info.next_change_ms != sys::FD_NEVER).then_some(info.next_change_ms),
            day_part: info.day_offset..info.day_offset + info.day_length,
            time_part: info.time_offset..info.time_offset + info.time_length,
            expired: info.expired != 0,
        })
    }

    /// Labels every instant of `t_ms` at one `now_ms` in one call into the
    /// library, and returns the earliest next change of them all (`None`:
    /// none changes). An instant out of range fails the whole call. The cheap
    /// way to label a list: one call, one timer.
    pub fn format_many(&self, t_ms: &[i64], now_ms: i64) -> Result<(Vec<String>, Option<i64>), Error> {
        let n = t_ms.len();
        let mut ends = vec![0usize; n.max(1)];
        let mut buf = vec![0u8; 32 * n + 1];
        let mut next = 0i64;
        let one = [0i64; 1];
        let ts = if n == 0 { one.as_ptr() } else { t_ms.as_ptr() };
        loop {
            let code = unsafe {
                sys::fd_format_many(
                    self.raw.as_ptr(),
                    ts,
                    n,
                    now_ms,
                    buf.as_mut_ptr().cast(),
                    buf.len(),
                    ends.as_mut_ptr(),
                    &mut next,
                )
            };
            if code == sys::FD_ERR_BUFFER && n > 0 && ends[n - 1] >= buf.len() {
                buf = vec![0u8; ends[n - 1] + 1];
                continue;
            }
            check(code)?;
            break;
        }
        let mut labels = Vec::with_capacity(n);
        let mut start = 0;
        for &end in &ends[..n] {
            labels.push(utf8(buf[start..end].to_vec())?);
            start = end;
        }
        Ok((labels, (next != sys::FD_NEVER).then_some(next)))
    }

    /// The resolved locale id ("zh_CN").
    pub fn locale(&self) -> &str {
        &self.locale
    }
    /// The resolved zone id ("Asia/Shanghai").
    pub fn time_zone(&self) -> &str {
        &self.time_zone
    }
    /// The zone database in use ("tzdata 2025b", or "icu 2022e").
    pub fn tz_source(&self) -> &str {
        &self.tz_source
    }
}

fn utf8(bytes: Vec<u8>) -> Result<String, Error> {
    String::from_utf8(bytes).map_err(|_| Error {
        status: Status::Internal,
        message: "the library returned a label that is not UTF-8".into(),
    })
}

/// The version of the library actually loaded ("1.1.0").
pub fn version() -> &'static str {
    static_str(unsafe { sys::fd_version_string() })
}

/// The loaded library's `FD_VERSION_NUMBER` (10100 for 1.1.0).
pub fn version_number() -> u32 {
    unsafe { sys::fd_version() }
}

/// The version of ICU the library runs on ("72.1").
pub fn icu_version() -> &'static str {
    static_str(unsafe { sys::fd_icu_version() })
}

/// The system clock in milliseconds since the epoch (`fd_now_ms`).
pub fn now_ms() -> i64 {
    unsafe { sys::fd_now_ms() }
}
