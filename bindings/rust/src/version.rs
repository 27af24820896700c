//! The loaded library's versions, its data's, and its clock.

use crate::error::static_str;
use crate::sys;

/// The version of the library actually loaded ("1.1.0").
pub fn version() -> &'static str {
    static_str(unsafe { sys::fd_version_string() })
}

/// The loaded library's `FD_VERSION_NUMBER` (10100 for 1.1.0).
pub fn version_number() -> u32 {
    unsafe { sys::fd_version() }
}

/// The version of ICU the library runs on ("78.3": the ICU inside the
/// library since 1.3).
pub fn icu_version() -> &'static str {
    static_str(unsafe { sys::fd_icu_version() })
}

/// What the labels are made from besides feeddate itself (1.3, SPEC section
/// 13), as `fd_data_version` writes it: `"ICU 78.3; CLDR 48.0; tzdata 2025b"`
/// (the zone database's tzdata version, `"tzdata unknown"` when it names
/// none). The library reads `TZDIR` when this is first asked, if no formatter
/// has yet.
pub fn data_version() -> &'static str {
    static_str(unsafe { sys::fd_data_version() })
}

/// The system clock in milliseconds since the epoch (`fd_now_ms`).
pub fn now_ms() -> i64 {
    unsafe { sys::fd_now_ms() }
}
