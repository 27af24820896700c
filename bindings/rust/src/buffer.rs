//! Buffers: fallible reservations (`Status::Memory`, never an abort), the
//! thread's scratch buffers, labels copied into Strings of their own, and
//! the grow-and-call-again loop of the wire-form calls.

use std::cell::Cell;
use std::os::raw::c_char;
use std::ptr;

use crate::error::{check, not_utf8, Error, Status};
use crate::sys;

/// The C buffers of `format_many` (one chunk's ends and text, and the
/// milliseconds of a chunk of `SystemTime`s). Kept for the thread's next
/// call while they are this small, so that a short batch allocates no
/// large block each time; a longer batch's are freed when it returns.
const SCRATCH_KEPT: usize = 256 << 10;

#[derive(Default)]
pub(crate) struct Scratch {
    pub(crate) ends: Vec<usize>,
    pub(crate) text: Vec<u8>,
    pub(crate) ms: Vec<i64>,
}

thread_local! {
    static SCRATCH: Cell<Scratch> = Cell::default();
}

impl Scratch {
    /// This thread's buffers (empty ones when it has none, or while its
    /// thread-locals are being destroyed).
    pub(crate) fn take() -> Scratch {
        SCRATCH.try_with(Cell::take).unwrap_or_default()
    }

    pub(crate) fn keep(self) {
        let bytes = self.ends.capacity() * std::mem::size_of::<usize>()
            + self.text.capacity()
            + self.ms.capacity() * std::mem::size_of::<i64>();
        if bytes <= SCRATCH_KEPT {
            let _ = SCRATCH.try_with(|c| c.set(self));
        }
    }
}

/// Room for `additional` more elements, or `Status::Memory`.
pub(crate) fn reserve<T>(v: &mut Vec<T>, additional: usize, what: &str) -> Result<(), Error> {
    v.try_reserve_exact(additional)
        .map_err(|e| Error::memory(what, additional, std::mem::size_of::<T>(), e))
}

/// A zeroed buffer of at least `len` elements (never shrinks); `what` names
/// it in a `Status::Memory` error.
pub(crate) fn grow<T: Copy + Default>(v: &mut Vec<T>, len: usize, what: &str) -> Result<(), Error> {
    if len > v.len() {
        reserve(v, len - v.len(), what)?;
        v.resize(len, T::default());
    }
    Ok(())
}

pub(crate) const TEXT_BUFFER: &str = "format_many: the text buffer";

/// `s` in a String of its own, or `Status::Memory` (a fallible allocation:
/// one malloc and one copy, as `String::from` makes, which would abort).
#[inline]
pub(crate) fn owned(s: &str) -> Result<String, Error> {
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
pub(crate) fn label_string(bytes: &[u8]) -> Result<String, Error> {
    owned(std::str::from_utf8(bytes).map_err(|_| not_utf8())?)
}

/// Where a call's C buffers come from: the thread's scratch, first sized by
/// a guess at what the call needs (`Guess`), or new ones that start at one
/// byte (`Small`: for tests, through every grow-and-call-again path).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Buffers {
    Guess,
    Small,
}

impl Buffers {
    /// `call` with these buffers (the thread's are kept for its next call).
    pub(crate) fn with<R>(self, call: impl FnOnce(&mut Scratch) -> R) -> R {
        match self {
            Buffers::Guess => {
                let mut scratch = Scratch::take();
                let r = call(&mut scratch);
                scratch.keep();
                r
            }
            Buffers::Small => call(&mut Scratch::default()),
        }
    }

    /// The first size of a buffer: `guess`, or 1 byte for `Small`.
    pub(crate) fn first(self, guess: usize) -> usize {
        match self {
            Buffers::Guess => guess,
            Buffers::Small => 1,
        }
    }
}

/// The grow-and-call-again loop of every call that writes into a caller's
/// buffer and, when it is too small, returns `FD_ERR_BUFFER` with the length
/// it needs: `call` gets `text` (grown to `first` bytes) and its capacity
/// and returns its status and the length written or needed; while that is
/// `FD_ERR_BUFFER` with a need past the buffer, `text` grows to it and its
/// NUL and `call` runs again. The last status, or `Status::Memory` (`what`
/// names the buffer).
pub(crate) fn with_room(
    text: &mut Vec<u8>,
    first: usize,
    what: &str,
    mut call: impl FnMut(*mut c_char, usize) -> (sys::fd_status, usize),
) -> Result<sys::fd_status, Error> {
    grow(text, first.max(1), what)?;
    loop {
        let (code, needed) = call(text.as_mut_ptr().cast(), text.len());
        if code != sys::FD_ERR_BUFFER || needed < text.len() {
            return Ok(code);
        }
        grow(text, needed.saturating_add(1), what)?;
    }
}

/// The text of `call`, one library call with `fd_schedule_json`'s buffer
/// contract (NUL-terminated; `FD_ERR_BUFFER` with the length needed),
/// through [`with_room`]; the library's error with its message otherwise.
pub(crate) fn wire_text(
    text: &mut Vec<u8>,
    first: usize,
    what: &str,
    mut call: impl FnMut(*mut c_char, usize, &mut usize) -> sys::fd_status,
) -> Result<String, Error> {
    let mut length = 0usize;
    check(with_room(text, first, what, |buf, cap| {
        (call(buf, cap, &mut length), length)
    })?)?;
    let json = text
        .get(..length)
        .and_then(|bytes| std::str::from_utf8(bytes).ok())
        .ok_or_else(not_utf8)?;
    owned(json)
}

// What the public API cannot reach without allocating for real: the
// reservations that fail, and a broken library's labels.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{bad_ends, too_long};

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
}
