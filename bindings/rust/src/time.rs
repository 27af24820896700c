//! Instants: `SystemTime` and `Duration` as the library's milliseconds.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A horizon in whole milliseconds, floored: SPEC 11's rule (1.3) for an
/// exact type, as [`epoch_ms`] reads a `SystemTime` (1000.4 ms is 1000 ms in
/// every language). Past an `i64`, `i64::MAX`: the library's
/// `Status::Argument` with its message for that value.
pub(crate) fn horizon_ms(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// Milliseconds since the epoch of `t`, floored (1.5 ms before the epoch is
/// -2), as Go's `UnixMilli` and Java's `toEpochMilli` read an instant. Past
/// what an i64 of milliseconds holds (±292 million years), `i64::MIN` or
/// `i64::MAX`: the library's `Status::Range` error, never a panic.
pub(crate) fn epoch_ms(t: SystemTime) -> i64 {
    match t.duration_since(UNIX_EPOCH) {
        Ok(after) => i64::try_from(after.as_millis()).unwrap_or(i64::MAX),
        Err(before) => {
            let d = before.duration();
            let ceil = d.as_millis() + u128::from(d.subsec_nanos() % 1_000_000 != 0);
            i64::try_from(ceil).map_or(i64::MIN, |ms| -ms)
        }
    }
}

/// The `SystemTime` of `ms` milliseconds since the epoch (every instant the
/// library reports has one).
pub(crate) fn system_time(ms: i64) -> Option<SystemTime> {
    let d = Duration::from_millis(ms.unsigned_abs());
    if ms >= 0 {
        UNIX_EPOCH.checked_add(d)
    } else {
        UNIX_EPOCH.checked_sub(d)
    }
}

// The reading of SystemTime, which the public API reaches only through the library.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::sys;

    #[test]
    fn system_times_floor_to_the_millisecond() {
        let ms = |d: u64| Duration::from_nanos(d);
        assert_eq!(epoch_ms(UNIX_EPOCH), 0);
        assert_eq!(epoch_ms(UNIX_EPOCH + ms(999_999)), 0);
        assert_eq!(epoch_ms(UNIX_EPOCH + ms(1_000_000)), 1);
        assert_eq!(epoch_ms(UNIX_EPOCH - ms(1)), -1);
        assert_eq!(epoch_ms(UNIX_EPOCH - ms(1_000_000)), -1);
        assert_eq!(epoch_ms(UNIX_EPOCH - ms(1_500_000)), -2);
        assert_eq!(epoch_ms(UNIX_EPOCH - ms(1_000_001)), -2);
        let year1 = UNIX_EPOCH - Duration::from_millis(62_135_596_800_000);
        assert_eq!(epoch_ms(year1), sys::FD_MIN_INSTANT_MS);
        assert_eq!(epoch_ms(year1 - ms(1)), sys::FD_MIN_INSTANT_MS - 1);
        // Past an i64 of milliseconds: saturated, so the library says Range.
        let far = Duration::from_secs(i64::MAX as u64 / 1000 + 1);
        if let Some(t) = UNIX_EPOCH.checked_add(far) {
            assert_eq!(epoch_ms(t), i64::MAX);
        }
        if let Some(t) = UNIX_EPOCH.checked_sub(far) {
            assert_eq!(epoch_ms(t), i64::MIN);
        }
        for v in [
            0,
            1,
            -1,
            -2,
            sys::FD_MIN_INSTANT_MS,
            sys::FD_MAX_INSTANT_MS,
            i64::MAX,
            i64::MIN + 1,
        ] {
            assert_eq!(system_time(v).map(epoch_ms), Some(v), "{v}");
        }
    }
}
