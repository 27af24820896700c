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

/// One setter a line: `field(arg: Type) = value;` is `pub fn field(mut self,
/// arg: Type) -> Self` that sets the field of that name to `value`, with a
/// doc line that links to the field.
macro_rules! setters {
    ($($field:ident($arg:ident: $t:ty) = $value:expr;)*) => {$(
        #[doc = concat!("Sets [`", stringify!($field), "`](field@Self::", stringify!($field), ").")]
        pub fn $field(mut self, $arg: $t) -> Self {
            self.$field = $value;
            self
        }
    )*};
}

impl Options {
    /// The defaults for `style`.
    pub fn new(style: Style) -> Self {
        Options {
            style,
            ..Default::default()
        }
    }
    setters! {
        locale(id: impl Into<String>) = Some(id.into());
        time_zone(id: impl Into<String>) = Some(id.into());
        hour_cycle(v: HourCycle) = v;
        width(v: Width) = v;
        recent_relative(v: bool) = v;
        just_now_ms(v: i64) = Some(v);
        skew_tolerance_ms(v: i64) = Some(v);
        cross_year_grace_days(v: i32) = Some(v);
        weekday_window_days(v: i32) = Some(v);
        precision(v: i32) = Some(v);
        countdown_days(v: bool) = v;
        plain_spaces(v: bool) = v;
        spoken(v: bool) = v;
        overtime(v: bool) = v;
        max_unit(v: Unit) = v;
        just_now_text(text: impl Into<String>) = Some(text.into());
        yesterday_text(text: impl Into<String>) = Some(text.into());
        day_before_yesterday_text(text: impl Into<String>) = Some(text.into());
        tomorrow_text(text: impl Into<String>) = Some(text.into());
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
