//! The server side of a live label (SPEC 11, 1.3): `html` and
//! `script_json`, as the library writes them.

use std::time::{Duration, SystemTime};

use crate::buffer::{wire_text, Buffers};
use crate::error::Error;
use crate::schedule::Args;
use crate::sys;
use crate::time::epoch_ms;
use crate::Formatter;

impl Formatter {
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
    /// (pass [`DEFAULT_HORIZON`](crate::DEFAULT_HORIZON) and
    /// [`DEFAULT_MAX_ENTRIES`](crate::DEFAULT_MAX_ENTRIES) when you have no
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
        self.html_in(Args::new(t_ms, now_ms, horizon, max_entries), spoken, Buffers::Guess)
    }

    /// The wire form of [`schedule`](Self::schedule) made safe inside a
    /// `<script>` element (SPEC section 11, "Script context", 1.3), as the
    /// library writes it (`fd_schedule_script_json`): [`Schedule::json`](crate::Schedule::json)
    /// with `< > &` U+2028 U+2029 written as `\u003c \u003e \u0026
    /// \u2028 \u2029`, valid JSON that parses to the same object. (The
    /// plain wire is safe only in an escaped attribute, as
    /// [`html`](Self::html) puts it.) The crate writes no escape of its own.
    /// Arguments and errors as [`schedule`](Self::schedule)'s.
    pub fn script_json(&self, t_ms: i64, now_ms: i64, horizon: Duration, max_entries: usize) -> Result<String, Error> {
        self.script_json_in(Args::new(t_ms, now_ms, horizon, max_entries), Buffers::Guess)
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
        self.html_in(Args::new(t_ms, now_ms, horizon, max_entries), spoken, Buffers::Small)
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
        self.script_json_in(Args::new(t_ms, now_ms, horizon, max_entries), Buffers::Small)
    }

    fn html_in(&self, a: Args, spoken: bool, buffers: Buffers) -> Result<String, Error> {
        let flags = if spoken { sys::FD_HTML_SPOKEN } else { 0 };
        // A first guess: a label of a day's few entries is some 300 bytes
        // escaped, twice with spoken; the library reports what a longer one needs.
        let first = buffers.first(if spoken { 1024 } else { 512 });
        buffers.with(|scratch| {
            wire_text(
                &mut scratch.text,
                first,
                "html: the markup buffer",
                |buf, cap, length| unsafe {
                    sys::fd_schedule_html(
                        self.raw.as_ptr(),
                        a.t_ms,
                        a.now_ms,
                        a.horizon_ms,
                        a.max_entries,
                        flags,
                        buf,
                        cap,
                        length,
                    )
                },
            )
        })
    }

    fn script_json_in(&self, a: Args, buffers: Buffers) -> Result<String, Error> {
        let first = buffers.first(256);
        buffers.with(|scratch| {
            self.wire(
                sys::fd_schedule_script_json,
                a,
                &mut scratch.text,
                first,
                "script_json: the buffer",
            )
        })
    }
}
