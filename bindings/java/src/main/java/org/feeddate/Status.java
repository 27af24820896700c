package org.feeddate;

/** The status codes of {@code enum fd_status} (include/feeddate.h), but OK. */
public enum Status {
    /** FD_ERR_ARGUMENT: an unknown or out-of-range option value, a null argument. */
    ARGUMENT(1),
    /** FD_ERR_LOCALE: a malformed locale id. */
    LOCALE(2),
    /** FD_ERR_TIME_ZONE: an unknown time zone id. */
    TIME_ZONE(3),
    /** FD_ERR_RANGE: an instant outside 0001-01-01T00:00:00Z ..= 9999-12-31T23:59:59.999Z. */
    RANGE(4),
    /** FD_ERR_BUFFER: a buffer too small (never seen through this binding). */
    BUFFER(5),
    /** FD_ERR_ICU: ICU failed (missing locale data, ...). */
    ICU(6),
    /** FD_ERR_MEMORY: out of memory. */
    MEMORY(7),
    /** FD_ERR_INTERNAL: the library could not work out a label (a broken invariant). */
    INTERNAL(8),
    /** A status this binding does not know (a newer library). */
    UNKNOWN(-1);

    private final int code;

    Status(int code) {
        this.code = code;
    }

    /** The C value of the status. */
    public int code() {
        return code;
    }

    static Status of(int code) {
        for (Status s : values()) {
            if (s.code == code) return s;
        }
        return UNKNOWN;
    }
}
