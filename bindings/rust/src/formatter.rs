//! `Formatter`: creation, one label (`format`, `label`), the getters; and
//! `Label`.

use std::ffi::CString;
use std::fmt;
use std::mem::MaybeUninit;
use std::ops::Range;
use std::ptr::{self, NonNull};
use std::time::SystemTime;

use crate::buffer::label_string;
use crate::error::{c_string, check, too_long, Error, Status};
use crate::options::{to_c, Options};
use crate::sys;
use crate::time::{epoch_ms, system_time};

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
    pub(crate) raw: NonNull<sys::fd_formatter>,
    locale: String,
    time_zone: String,
    tz_source: String,
}

// The header: "an fd_formatter is immutable after fd_formatter_new and may be
// used by any number of threads at once"; Drop, which frees it, has the
// formatter to itself (it takes `&mut self`, which no live `&self` borrow
// allows, and `raw` never leaves this crate: the batch, schedule and html
// modules call through it, none frees it or hands it out).
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
        o.just_now_ms = options.just_now_ms.unwrap_or(o.just_now_ms);
        o.skew_tolerance_ms = options.skew_tolerance_ms.unwrap_or(o.skew_tolerance_ms);
        o.cross_year_grace_days = options.cross_year_grace_days.unwrap_or(o.cross_year_grace_days);
        o.weekday_window_days = options.weekday_window_days.unwrap_or(o.weekday_window_days);
        o.precision = options.precision.unwrap_or(o.precision);
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
