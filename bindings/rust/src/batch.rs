//! `format_many`: a list of instants labelled a chunk at a time through
//! one set of C buffers.

use std::time::SystemTime;

use crate::buffer::{grow, label_string, reserve, with_room, Buffers, Scratch, TEXT_BUFFER};
use crate::error::{bad_ends, Error};
use crate::sys;
use crate::time::{epoch_ms, system_time};
use crate::Formatter;

/// Labels per library call of `format_many`: the C buffers hold one chunk
/// (its ends, 128 KiB, and its text, from 512 KiB), whatever the batch.
const BATCH_CHUNK: usize = 16_384;

/// The first guess of a chunk's text bytes per label; a chunk that needs
/// more is told so by the library and called again with the room it needs.
const BYTES_PER_LABEL_GUESS: usize = 32;

impl Formatter {
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
        let next =
            Buffers::Guess.with(|scratch| self.chunks(ts, now_ms, chunk.clamp(1, n), arg, scratch, &mut labels))?;
        Ok((labels, next))
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
        grow(ends, chunk, "format_many: the label ends")?;
        let first = chunk.saturating_mul(BYTES_PER_LABEL_GUESS).saturating_add(1);
        let mut next = sys::FD_NEVER;
        for (k, part) in ts.chunks(chunk).enumerate() {
            let t_ms = T::millis(part, ms)?;
            let m = t_ms.len();
            let mut chunk_next = sys::FD_NEVER;
            // The library says how much a chunk needs; later chunks reuse the room.
            let code = with_room(text, first, TEXT_BUFFER, |buf, cap| {
                let code = unsafe {
                    sys::fd_format_many(
                        self.raw.as_ptr(),
                        t_ms.as_ptr(),
                        m,
                        now_ms,
                        buf,
                        cap,
                        ends.as_mut_ptr(),
                        &mut chunk_next,
                    )
                };
                (code, ends[m - 1])
            })?;
            if code != sys::FD_OK {
                return Err(self.batch_error(code, t_ms, k * chunk, now_ms, arg));
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
