package org.feeddate;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * The per-call paths into the library, the ones whose cost is the binding's
 * own: one label into a thread's scratch ({@code fd_format_utf16}, UTF-16
 * code units, so no transcoding; through JNA {@code fd_format_utf16_call},
 * the same with its arguments in the thread's scratch). Two implementations: {@link JnaCalls}
 * (Java 17+, JNA direct mapping) and, in the multi-release jar's
 * {@code META-INF/versions/22/}, {@code FfmCalls} (the Foreign Function and
 * Memory API); {@link CallPath} picks one when the binding loads.
 *
 * <p>The caller holds the formatter open around each call
 * ({@code Formatter.Handle.enter/exit}): f is a live native formatter. No
 * label rule lives here: the text, its parts and its next change are the
 * library's, copied. {@link #quote} (fd_quote) is off the hot path; it is here
 * so that the binding calls the library one way on each runtime.
 */
interface Calls {
    /** What carries the calls: "JNA 5.13.0 (direct mapping)", "FFM (java.lang.foreign, Java 25)". */
    String description();

    /** The label of tMs at nowMs (info NULL: the next change is not worked out). */
    String format(long f, long tMs, long nowMs);

    /** The label with its next change, parts and expiry. */
    Label label(long f, long tMs, long nowMs);

    /**
     * fd_quote of value[0..value.length) (at most QUOTE_READ_BYTES are read, so a prefix of a long value
     * gives the same): the library's quoting of a caller's value, double quotes included.
     * {@link Messages#quote} is its one caller.
     */
    String quote(byte[] value);

    /** The text fd_quote wrote: its UTF-8 bytes buf[0..length). */
    static String quoted(byte[] buf, long length) {
        if (length < 0 || length >= buf.length) {
            throw new FeedDateException(Status.INTERNAL.code(), "feeddate: fd_quote reports " + length
                    + " bytes in a buffer of " + buf.length);
        }
        return new String(buf, 0, (int) length, StandardCharsets.UTF_8);
    }

    /** The Label of a text and the fields of the fd_label the library filled (parts in code units). */
    static Label label(String text, long nextChangeMs, long day, long dayLength, long time, long timeLength,
            int expired) {
        return new Label(text, nextChangeMs == LibFeedDate.NEVER ? null : Instant.ofEpochMilli(nextChangeMs),
                (int) day, (int) (day + dayLength), (int) time, (int) (time + timeLength), expired != 0);
    }
}
