package org.feeddate;

import com.sun.jna.Native;
import com.sun.jna.Pointer;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;

import static org.feeddate.LibFeedDate.*;

/**
 * {@link Calls} through JNA's direct mapping (Java 17+): fd_format_utf16_call
 * with the address of a per-thread direct buffer, which holds its arguments
 * (an fd_utf16_call), then the label's code units, then an fd_label. JNA's
 * direct mapping costs 15-25 ns an argument, so the arguments go in memory
 * (ByteBuffer.putLong: no JNI) and the call takes one.
 */
final class JnaCalls implements Calls {
    /** Per-thread native scratch: an fd_utf16_call, LABEL_CAPACITY code units, then an fd_label. */
    private static final int C_FORMATTER, C_T, C_NOW, C_BUF, C_CAP, C_INFO, BUF_OFFSET, INFO_OFFSET;
    private static final int OFF_LENGTH, OFF_NEXT, OFF_DAY, OFF_DAY_LEN, OFF_TIME, OFF_TIME_LEN, OFF_EXPIRED,
            SCRATCH_SIZE;

    static {
        FdUtf16Call c = new FdUtf16Call();
        C_FORMATTER = c.offsetOf("formatter");
        C_T = c.offsetOf("t_ms");
        C_NOW = c.offsetOf("now_ms");
        C_BUF = c.offsetOf("buf");
        C_CAP = c.offsetOf("cap");
        C_INFO = c.offsetOf("info");
        BUF_OFFSET = (c.size() + 7) & ~7;
        INFO_OFFSET = BUF_OFFSET + 2 * LABEL_CAPACITY;
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
        final CharBuffer chars = bytes.slice(BUF_OFFSET, 2 * LABEL_CAPACITY).order(ByteOrder.nativeOrder())
                .asCharBuffer();
        final long block = Pointer.nativeValue(Native.getDirectBufferPointer(bytes));
        final long info = block + INFO_OFFSET;
        final char[] text = new char[LABEL_CAPACITY];

        Scratch() {
            bytes.putLong(C_BUF, block + BUF_OFFSET); // the same every call: set once
            bytes.putLong(C_CAP, LABEL_CAPACITY);
        }

        /** The call's own arguments; info 0 (NULL): no next change worked out. */
        int call(long f, long tMs, long nowMs, long info) {
            bytes.putLong(C_FORMATTER, f);
            bytes.putLong(C_T, tMs);
            bytes.putLong(C_NOW, nowMs);
            bytes.putLong(C_INFO, info);
            return fd_format_utf16_call(block);
        }
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
    public String quote(byte[] value) {
        byte[] buf = new byte[QUOTE_CAPACITY];
        long[] length = new long[1];
        int s = fd_quote(value, value.length, buf, buf.length, length);
        if (s != 0) throw error(s);
        return Calls.quoted(buf, length[0]);
    }

    @Override
    public String format(long f, long tMs, long nowMs) {
        Scratch sc = SCRATCH.get();
        int s = sc.call(f, tMs, nowMs, 0);
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
        int s = sc.call(f, tMs, nowMs, sc.info);
        if (s != 0) throw error(s);
        ByteBuffer b = sc.bytes;
        int n = (int) Math.min(b.getLong(OFF_LENGTH), LABEL_CAPACITY);
        sc.chars.get(0, sc.text, 0, n);
        return Calls.label(new String(sc.text, 0, n), b.getLong(OFF_NEXT), b.getLong(OFF_DAY), b.getLong(OFF_DAY_LEN),
                b.getLong(OFF_TIME), b.getLong(OFF_TIME_LEN), b.getInt(OFF_EXPIRED));
    }
}
