//! `Status` (`fd_status`) and `Error`: a failed call and its message.

use std::collections::TryReserveError;
use std::ffi::CStr;
use std::fmt;
use std::os::raw::c_char;

use crate::sys;

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
    /// The status of a C status code (every `FD_ERR_*` of the header: a
    /// test reads them from it).
    pub(crate) fn from_code(code: i32) -> Status {
        match code {
            sys::FD_ERR_ARGUMENT => Status::Argument,
            sys::FD_ERR_LOCALE => Status::Locale,
            sys::FD_ERR_TIME_ZONE => Status::TimeZone,
            sys::FD_ERR_RANGE => Status::Range,
            sys::FD_ERR_BUFFER => Status::Buffer,
            sys::FD_ERR_ICU => Status::Icu,
            sys::FD_ERR_MEMORY => Status::Memory,
            sys::FD_ERR_INTERNAL => Status::Internal,
            c => Status::Other(c),
        }
    }

    /// The C status code (`FD_ERR_...`).
    pub fn code(self) -> i32 {
        match self {
            Status::Argument => sys::FD_ERR_ARGUMENT,
            Status::Locale => sys::FD_ERR_LOCALE,
            Status::TimeZone => sys::FD_ERR_TIME_ZONE,
            Status::Range => sys::FD_ERR_RANGE,
            Status::Buffer => sys::FD_ERR_BUFFER,
            Status::Icu => sys::FD_ERR_ICU,
            Status::Memory => sys::FD_ERR_MEMORY,
            Status::Internal => sys::FD_ERR_INTERNAL,
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
    pub(crate) status: Status,
    pub(crate) message: String,
    pub(crate) index: Option<usize>,
}

impl Error {
    pub fn status(&self) -> Status {
        self.status
    }
    pub fn message(&self) -> &str {
        &self.message
    }
    /// A batch ([`Formatter::format_many`](crate::Formatter::format_many)): the index of the instant that
    /// failed (also named in the message, `"format_many: t_ms[7]: ..."`).
    pub fn index(&self) -> Option<usize> {
        self.index
    }

    pub(crate) fn new(status: Status, message: String) -> Error {
        Error {
            status,
            message,
            index: None,
        }
    }

    /// The error of the call that just returned `code` on this thread.
    #[cold]
    #[inline(never)]
    pub(crate) fn last(code: i32) -> Error {
        let status = Status::from_code(code);
        let mut message = c_string(unsafe { sys::fd_last_error() });
        if message.is_empty() {
            message = status.description().to_string();
        }
        Error::new(status, message)
    }

    /// `Status::Memory` (`FD_ERR_MEMORY`): a fallible reservation failed.
    pub(crate) fn memory(what: &str, count: usize, size: usize, why: TryReserveError) -> Error {
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

pub(crate) fn c_string(p: *const c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

pub(crate) fn static_str(p: *const c_char) -> &'static str {
    if p.is_null() {
        return "";
    }
    unsafe { CStr::from_ptr(p) }.to_str().unwrap_or("")
}

pub(crate) fn check(code: i32) -> Result<(), Error> {
    if code == sys::FD_OK {
        Ok(())
    } else {
        Err(Error::last(code))
    }
}

#[cold]
pub(crate) fn too_long(len: usize) -> Error {
    Error::new(
        Status::Internal,
        format!(
            "the library returned a label of {len} bytes or more, over the {} that FD_LABEL_CAPACITY allows",
            sys::FD_LABEL_CAPACITY - 1
        ),
    )
}

#[cold]
pub(crate) fn bad_ends() -> Error {
    Error::new(
        Status::Internal,
        "fd_format_many returned label ends out of order or past its buffer".into(),
    )
}

#[cold]
pub(crate) fn not_utf8() -> Error {
    Error::new(
        Status::Internal,
        "the library returned a label that is not UTF-8".into(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `FD_ERR_*` of the header is a `Status` of its own name, whose
    /// code is the header's: a code added to the header fails here until
    /// `Status` has it.
    #[test]
    fn every_status_code_of_the_header_has_a_status() {
        let codes = crate::sys::tests::header_constants();
        let mut seen = Vec::new();
        for (name, code) in codes.iter().filter(|(n, _)| n.starts_with("FD_ERR_")) {
            let code = i32::try_from(*code).unwrap();
            let status = Status::from_code(code);
            assert!(
                !matches!(status, Status::Other(_)),
                "{name} = {code} maps to {status:?}"
            );
            assert_eq!(status.code(), code, "{name}");
            // FD_ERR_TIME_ZONE is Status::TimeZone, FD_ERR_ICU Status::Icu.
            let want = name["FD_ERR_".len()..].replace('_', "").to_lowercase();
            assert_eq!(format!("{status:?}").to_lowercase(), want, "{name}");
            seen.push(status);
        }
        assert!(seen.len() >= 8, "{seen:?}: header.jsonl read wrong?");
        assert_eq!(codes.get("FD_OK"), Some(&0));
        assert_eq!(Status::from_code(9), Status::Other(9));
        assert_eq!(Status::Other(-1).code(), -1);
    }
}
