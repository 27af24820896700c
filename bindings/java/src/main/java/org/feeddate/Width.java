package org.feeddate;

/** {@code enum fd_width}: the wording of "N units ago / in N units". */
public enum Width {
    /** "5 minutes ago" */
    LONG(0),
    /** "5 min. ago" */
    SHORT(1),
    /** "5m ago" */
    NARROW(2);

    final int code;

    Width(int code) {
        this.code = code;
    }
}
