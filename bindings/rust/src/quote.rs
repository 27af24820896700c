//! `quote`: a value as every message quotes it, by the library's `fd_quote`.

use crate::sys;

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
