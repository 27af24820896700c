package org.feeddate;

/** {@code enum fd_hour_cycle}. */
public enum HourCycle {
    /** The locale's own (a -u-hc- keyword counts). */
    LOCALE(0),
    /** 0..23 */
    H23(1),
    /** 1..12 with AM/PM */
    H12(2);

    final int code;

    HourCycle(int code) {
        this.code = code;
    }
}
