package org.feeddate;

/** {@code enum fd_unit}: the largest unit a label counts in ({@link Options.Builder#maxUnit}). */
public enum Unit {
    /** No ceiling (the default). */
    YEAR(0),
    MONTH(1),
    WEEK(2),
    DAY(3),
    /** COMPACT: "59s", "5m", "23h", then "Mar 24". */
    HOUR(4),
    MINUTE(5),
    SECOND(6);

    final int code;

    Unit(int code) {
        this.code = code;
    }
}
