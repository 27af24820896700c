package org.feeddate;

import com.sun.jna.Native;
import com.sun.jna.Pointer;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;

import static org.feeddate.LibFeedDate.*;

/**
 * {@link Calls} through JNA's direct mapping (Java 17+): fd_format_utf16
 * writes into a per-thread direct buffer (the label's code units, then an
 * fd_label), every argument a primitive long, so JNA converts nothing.
 */
final class JnaCalls implements Calls {
    /** Per-thread native scratch: LABEL_CAPACITY code units, then an fd_label. */
    private static final int INFO_OFFSET = 2 * LABEL_CAPACITY;
    private static final int OFF_LENGTH, OFF_NEXT, OFF_DAY, OFF_DAY_LEN, OFF_TIME, OFF_TIME_LEN, OFF_EXPIRED,
            SCRATCH_SIZE;

    static {
        FdLabel l = new FdLabel();
        OFF_LENGTH = INFO_OFFSET + l.offsetOf("length");
        OFF_NEXT = INFO_OFFSET + l.offsetOf("next_change_ms");
        OFF_DAY = INFO_OFFSET + l.offsetOf("day_offset");
        OFF_DAY_LEN = INFO_OFFSET + l.offsetOf("day_length");
        OFF_TIME = INFO_OFFSET + l.offsetOf("time_offset");
        OFF_TIME_LEN = INFO_OFFSET + l.offsetOf("time_length");
        OFF_EXPIRED = INFO_OFFSET + l.offsetOf("expired");
        SCRATCH_SIZE = INFO_OFFSET + l.size();
    }

    private static final class Scratch {
        final ByteBuffer bytes = ByteBuffer.allocateDirect(SCRATCH_SIZE).order(ByteOrder.nativeOrder());
        final CharBuffer chars = bytes.asCharBuffer();
        final long buf = Pointer.nativeValue(Native.getDirectBufferPointer(bytes));
        final long info = buf + INFO_OFFSET;
        final char[] text = new char[LABEL_CAPACITY];
    }

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    /** JNA's version as loaded: its jar's Implementation-Version ("5.13.0 (b0)"), not Native.VERSION, which
     *  javac inlines as the constant of the jar it compiled against. */
    private static final String JNA_VERSION = jnaVersion();

    private static String jnaVersion() {
        Package p = Native.class.getPackage();
        String v = p == null ? null : p.getImplementationVersion();
        return v == null ? "5" : v.replaceFirst(" .*", "");
    }

    @Override
    public String description() {
        return "JNA " + JNA_VERSION + " (direct mapping)";
    }

    @Override
    public String format(long f, long tMs, long nowMs) {
        Scratch sc = SCRATCH.get();
        int s = fd_format_utf16(f, tMs, nowMs, sc.buf, LABEL_CAPACITY, 0);
        if (s != 0) throw error(s);
        CharBuffer c = sc.chars;
        int n = 0;
        while (n < LABEL_CAPACITY && c.get(n) != 0) n++;
        c.get(0, sc.text, 0, n);
        return new String(sc.text, 0, n);
    }

    @Override
    public Label label(long f, long tMs, long nowMs) {
        Scratch sc = SCRATCH.get();
        int s = fd_format_utf16(f, tMs, nowMs, sc.buf, LABEL_CAPACITY, sc.info);
        if (s != 0) throw error(s);
        ByteBuffer b = sc.bytes;
        int n = (int) Math.min(b.getLong(OFF_LENGTH), LABEL_CAPACITY);
        sc.chars.get(0, sc.text, 0, n);
        return Calls.label(new String(sc.text, 0, n), b.getLong(OFF_NEXT), b.getLong(OFF_DAY), b.getLong(OFF_DAY_LEN),
                b.getLong(OFF_TIME), b.getLong(OFF_TIME_LEN), b.getInt(OFF_EXPIRED));
    }
}
