//! Schedules (SPEC section 11, 1.2): `Schedule`, its entries, the limits,
//! and `Formatter::schedule`.

use std::os::raw::c_char;
use std::time::{Duration, SystemTime};

use crate::buffer::{grow, owned, reserve, wire_text, with_room, Buffers};
use crate::error::{check, not_utf8, Error, Status};
use crate::sys;
use crate::time::{epoch_ms, horizon_ms, system_time};
use crate::Formatter;

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
        self.schedule_in(Args::new(t_ms, now_ms, horizon, max_entries), Buffers::Guess)
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
        self.schedule_in(Args::new(t_ms, now_ms, horizon, max_entries), Buffers::Small)
    }

    fn schedule_in(&self, a: Args, buffers: Buffers) -> Result<Schedule, Error> {
        // The library checks the horizon and max_entries before it writes
        // anything: a count it refuses gets arrays of one element.
        let arrays = if (1..=SCHEDULE_MAX_ENTRIES).contains(&a.max_entries) {
            a.max_entries
        } else {
            1
        };
        buffers.with(|scratch| {
            let (ends, text, from) = (&mut scratch.ends, &mut scratch.text, &mut scratch.ms);
            grow(ends, arrays, "schedule: the text ends")?;
            grow(from, arrays, "schedule: the starts")?;
            // A first guess at the texts (most labels are under 16 bytes); the
            // library reports what a longer schedule needs and is called again.
            let first = buffers.first(arrays.min(4096) * 16 + 1);
            let (mut n, mut until) = (0usize, sys::FD_NEVER);
            check(with_room(text, first, "schedule: the text buffer", |buf, cap| {
                let code = unsafe {
                    sys::fd_schedule(
                        self.raw.as_ptr(),
                        a.t_ms,
                        a.now_ms,
                        a.horizon_ms,
                        a.max_entries,
                        buf,
                        cap,
                        ends.as_mut_ptr(),
                        from.as_mut_ptr(),
                        &mut n,
                        &mut until,
                    )
                };
                (code, if (1..=arrays).contains(&n) { ends[n - 1] } else { 0 })
            })?)?;
            if !(1..=arrays).contains(&n) {
                return Err(Error::new(
                    Status::Internal,
                    format!("fd_schedule returned {n} entries for max_entries {}", a.max_entries),
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
            let first = buffers.first(
                ends[n - 1]
                    .saturating_mul(2)
                    .saturating_add(n.saturating_mul(24))
                    .saturating_add(128),
            );
            if buffers == Buffers::Small {
                *text = Vec::new();
            }
            let json = self.wire(sys::fd_schedule_json, a, text, first, "schedule: the wire form buffer")?;
            Ok(Schedule {
                json,
                entries,
                until: (until != sys::FD_NEVER).then_some(until),
            })
        })
    }

    /// The text of `call` (`fd_schedule_json`, `fd_schedule_script_json`)
    /// for `a`, through `text` grown from `first` bytes as the library asks.
    pub(crate) fn wire(
        &self,
        call: WireCall,
        a: Args,
        text: &mut Vec<u8>,
        first: usize,
        what: &str,
    ) -> Result<String, Error> {
        wire_text(text, first, what, |buf, cap, length| unsafe {
            call(
                self.raw.as_ptr(),
                a.t_ms,
                a.now_ms,
                a.horizon_ms,
                a.max_entries,
                buf,
                cap,
                length,
            )
        })
    }
}

/// The arguments every schedule call takes (`fd_schedule`, `fd_schedule_json`,
/// `fd_schedule_html`, `fd_schedule_script_json`), as the library takes them.
#[derive(Clone, Copy)]
pub(crate) struct Args {
    pub(crate) t_ms: i64,
    pub(crate) now_ms: i64,
    pub(crate) horizon_ms: i64,
    pub(crate) max_entries: usize,
}

impl Args {
    pub(crate) fn new(t_ms: i64, now_ms: i64, horizon: Duration, max_entries: usize) -> Args {
        let horizon_ms = horizon_ms(horizon);
        Args {
            t_ms,
            now_ms,
            horizon_ms,
            max_entries,
        }
    }
}

/// A wire-form call: `fd_schedule_json`'s arguments and buffer contract.
pub(crate) type WireCall = unsafe extern "C" fn(
    *const sys::fd_formatter,
    i64,
    i64,
    i64,
    usize,
    *mut c_char,
    usize,
    *mut usize,
) -> sys::fd_status;
