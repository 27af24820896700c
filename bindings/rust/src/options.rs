//! `Options`, the fields of `fd_options`, and the enums of its values.

use std::ffi::CString;

use crate::error::{Error, Status};
use crate::quote::quote;

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

/// An option's string (id or word) as a C string: a NUL inside would cut it
/// short, so it is refused (`Status::Argument`, naming the option).
pub(crate) fn to_c(what: &str, id: &Option<String>) -> Result<Option<CString>, Error> {
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
