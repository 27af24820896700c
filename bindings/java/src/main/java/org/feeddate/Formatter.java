package org.feeddate;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.Objects;

import static org.feeddate.LibFeedDate.*;

/**
 * Labels for instants, in one locale, zone and style: a thin wrapper over an
 * {@code fd_formatter} of libfeeddate.so.1.
 *
 * <pre>{@code
 * try (Formatter f = new Formatter(Options.builder(Style.FEED)
 *         .locale("zh_CN").timeZone("Asia/Shanghai").build())) {
 *     Label l = f.label(posted, Instant.now());
 *     // l.text() = "昨天", l.nextChange() = the coming local midnight
 * }
 * }</pre>
 *
 * <p>Creating one is costly (ICU data is opened): create once, reuse. A
 * formatter is immutable and may be used by any number of threads at once;
 * {@link #close()} must not race with calls on it (as {@code fd_formatter_free}).
 * A formatter that is never closed is freed once it is unreachable.
 *
 * <p>Instants are taken to the millisecond (sub-millisecond parts are dropped
 * toward the past). The library accepts 0001-01-01T00:00:00Z ..=
 * 9999-12-31T23:59:59.999Z; anything else is a {@link FeedDateException}
 * with {@link Status#RANGE}.
 */
public final class Formatter implements AutoCloseable {
    private static final Cleaner CLEANER = Cleaner.create();

    /** Per-thread native scratch: the label buffer, then an fd_label. */
    private static final int INFO_OFFSET = LABEL_CAPACITY;
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
        final long buf = Pointer.nativeValue(Native.getDirectBufferPointer(bytes));
        final long info = buf + INFO_OFFSET;
        final byte[] text = new byte[LABEL_CAPACITY];
    }

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    /** The native handle; freed once, by close() or by the Cleaner. */
    private static final class Handle implements Runnable {
        volatile long address;

        Handle(long address) {
            this.address = address;
        }

        @Override
        public void run() {
            long a = address;
            address = 0;
            if (a != 0) fd_formatter_free(a);
        }
    }

    // format_many's first guess of UTF-8 bytes per label; a larger need costs one more call.
    private static final int MANY_BYTES_PER_LABEL = 32;

    private final Options options;
    private final Handle handle;
    private final Cleaner.Cleanable cleanable;
    private final String locale;
    private final String timeZone;
    private final String tzSource;

    /**
     * Creates a formatter; the library checks the options.
     *
     * @throws FeedDateException with the library's status and message (an
     *                           option out of range, a malformed locale, an
     *                           unknown zone, ...)
     */
    public Formatter(Options options) {
        this.options = Objects.requireNonNull(options, "options");
        FdOptions o = new FdOptions();
        int s = fd_options_init_sized(o.getPointer(), o.size(), options.style.code);
        if (s != 0) throw error(s);
        o.read();
        Memory locale = cString("locale", options.locale);
        Memory zone = cString("timeZone", options.timeZone);
        Memory justNow = cString("justNowText", options.justNowText);
        Memory yesterday = cString("yesterdayText", options.yesterdayText);
        Memory dayBefore = cString("dayBeforeYesterdayText", options.dayBeforeYesterdayText);
        Memory tomorrow = cString("tomorrowText", options.tomorrowText);
        if (locale != null) o.locale = locale;
        if (zone != null) o.time_zone = zone;
        if (justNow != null) o.just_now_text = justNow;
        if (yesterday != null) o.yesterday_text = yesterday;
        if (dayBefore != null) o.day_before_yesterday_text = dayBefore;
        if (tomorrow != null) o.tomorrow_text = tomorrow;
        if (options.hourCycle != null) o.hour_cycle = options.hourCycle.code;
        if (options.width != null) o.width = options.width.code;
        if (options.recentRelative != null) o.recent_relative = options.recentRelative ? 1 : 0;
        if (options.justNowMs != null) o.just_now_ms = options.justNowMs;
        if (options.skewToleranceMs != null) o.skew_tolerance_ms = options.skewToleranceMs;
        if (options.crossYearGraceDays != null) o.cross_year_grace_days = options.crossYearGraceDays;
        if (options.weekdayWindowDays != null) o.weekday_window_days = options.weekdayWindowDays;
        if (options.precision != null) o.precision = options.precision;
        if (options.countdownDays != null) o.countdown_days = options.countdownDays ? 1 : 0;
        if (options.plainSpaces != null) o.plain_spaces = options.plainSpaces ? 1 : 0;
        if (options.spoken != null) o.spoken = options.spoken ? 1 : 0;
        if (options.overtime != null) o.overtime = options.overtime ? 1 : 0;
        if (options.maxUnit != null) o.max_unit = options.maxUnit.code;
        o.write();
        long[] out = new long[1];
        s = fd_formatter_new(o.getPointer(), out);
        if (s != 0) throw error(s);
        Reference.reachabilityFence(locale);
        Reference.reachabilityFence(zone);
        Reference.reachabilityFence(justNow);
        Reference.reachabilityFence(yesterday);
        Reference.reachabilityFence(dayBefore);
        Reference.reachabilityFence(tomorrow);
        Reference.reachabilityFence(o);
        long address = out[0];
        this.handle = new Handle(address);
        this.cleanable = CLEANER.register(this, handle);
        this.locale = string(fd_formatter_locale(address));
        this.timeZone = string(fd_formatter_time_zone(address));
        this.tzSource = string(fd_formatter_tz_source(address));
    }

    /** A NUL-terminated UTF-8 copy of s (null for null); a NUL inside s would cut it short, so it is refused. */
    private static Memory cString(String what, String s) {
        if (s == null) return null;
        if (s.indexOf('\0') >= 0) {
            throw new FeedDateException(Status.ARGUMENT.code(),
                    what + " \"" + s.replace("\0", "\\0") + "\" contains a NUL character");
        }
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        Memory m = new Memory(b.length + 1);
        m.write(0, b, 0, b.length);
        m.setByte(b.length, (byte) 0);
        return m;
    }

    private long address() {
        long a = handle.address;
        if (a == 0) throw new IllegalStateException("feeddate: the formatter is closed");
        return a;
    }

    /** Milliseconds since the epoch of t, floored. */
    static long millis(Instant t, String what) {
        Objects.requireNonNull(t, what);
        try {
            return t.toEpochMilli();
        } catch (ArithmeticException e) {
            throw new FeedDateException(Status.RANGE.code(),
                    what + " " + t + " cannot be written in milliseconds since the epoch");
        }
    }

    private static Instant instant(long ms) {
        return ms == NEVER ? null : Instant.ofEpochMilli(ms);
    }

    /** The label of t as seen at now. */
    public String format(Instant t, Instant now) {
        return format(millis(t, "t"), millis(now, "now"));
    }

    /** The label of t as seen now (the system clock). */
    public String format(Instant t) {
        return format(t, Instant.now());
    }

    /** The label of t as seen at now, both in milliseconds since the epoch. */
    public String format(long tMs, long nowMs) {
        Scratch sc = SCRATCH.get();
        try {
            // info NULL: the next change is not worked out.
            int s = fd_format(address(), tMs, nowMs, sc.buf, LABEL_CAPACITY, 0);
            if (s != 0) throw error(s);
        } finally {
            Reference.reachabilityFence(this);
        }
        ByteBuffer b = sc.bytes;
        int n = 0;
        while (b.get(n) != 0) n++;
        b.get(0, sc.text, 0, n);
        return new String(sc.text, 0, n, StandardCharsets.UTF_8);
    }

    /** The label of t as seen at now, with its next change, parts and expiry. */
    public Label label(Instant t, Instant now) {
        return label(millis(t, "t"), millis(now, "now"));
    }

    /** The label of t as seen now (the system clock). */
    public Label label(Instant t) {
        return label(t, Instant.now());
    }

    /** The label of t as seen at now, both in milliseconds since the epoch. */
    public Label label(long tMs, long nowMs) {
        Scratch sc = SCRATCH.get();
        try {
            int s = fd_format(address(), tMs, nowMs, sc.buf, LABEL_CAPACITY, sc.info);
            if (s != 0) throw error(s);
        } finally {
            Reference.reachabilityFence(this);
        }
        ByteBuffer b = sc.bytes;
        byte[] text = sc.text;
        int n = (int) b.getLong(OFF_LENGTH);
        b.get(0, text, 0, n);
        int day = (int) b.getLong(OFF_DAY), dayEnd = day + (int) b.getLong(OFF_DAY_LEN);
        int time = (int) b.getLong(OFF_TIME), timeEnd = time + (int) b.getLong(OFF_TIME_LEN);
        return new Label(new String(text, 0, n, StandardCharsets.UTF_8), instant(b.getLong(OFF_NEXT)),
                charIndex(text, day), charIndex(text, dayEnd), charIndex(text, time), charIndex(text, timeEnd),
                b.getInt(OFF_EXPIRED) != 0);
    }

    /** The UTF-16 index into the decoded text of a byte offset into the UTF-8 text. */
    private static int charIndex(byte[] utf8, int byteOffset) {
        int index = 0;
        for (int i = 0; i < byteOffset; i++) {
            int b = utf8[i] & 0xFF;
            if ((b & 0xC0) != 0x80) index += b >= 0xF0 ? 2 : 1;
        }
        return index;
    }

    /** The labels of ts as seen at now and their earliest next change, in one library call. */
    public Batch formatMany(Collection<Instant> ts, Instant now) {
        long[] ms = new long[ts.size()];
        int i = 0;
        for (Instant t : ts) {
            if (t == null) throw new NullPointerException("t[" + i + "]");
            try {
                ms[i++] = t.toEpochMilli();
            } catch (ArithmeticException e) {
                throw new FeedDateException(Status.RANGE.code(),
                        "t[" + (i - 1) + "] " + t + " cannot be written in milliseconds since the epoch");
            }
        }
        return formatMany(ms, millis(now, "now"));
    }

    /** The labels of ts as seen now (the system clock) and their earliest next change. */
    public Batch formatMany(Collection<Instant> ts) {
        return formatMany(ts, Instant.now());
    }

    /**
     * The labels of tMs as seen at nowMs (milliseconds since the epoch) and
     * their earliest next change, in one call of fd_format_many. An instant out
     * of range fails the whole call.
     */
    public Batch formatMany(long[] tMs, long nowMs) {
        int n = tMs.length;
        long[] ends = new long[n];
        long[] next = new long[1];
        long cap = Math.max(64L, (long) n * MANY_BYTES_PER_LABEL);
        byte[] bytes;
        try {
            for (;;) {
                try (Memory buf = new Memory(cap)) {
                    int s = fd_format_many(address(), tMs, n, nowMs, Pointer.nativeValue(buf), cap, ends, next);
                    if (s == Status.BUFFER.code() && n > 0 && ends[n - 1] >= cap) {
                        cap = ends[n - 1] + 1;
                        continue;
                    }
                    if (s != 0) throw error(s);
                    int total = n == 0 ? 0 : (int) ends[n - 1];
                    bytes = new byte[total];
                    buf.read(0, bytes, 0, total);
                    break;
                }
            }
        } finally {
            Reference.reachabilityFence(this);
        }
        String[] texts = new String[n];
        int start = 0;
        for (int i = 0; i < n; i++) {
            int end = (int) ends[i];
            texts[i] = new String(bytes, start, end - start, StandardCharsets.UTF_8);
            start = end;
        }
        return new Batch(Arrays.asList(texts), instant(next[0]));
    }

    /** The options this formatter was created with. */
    public Options options() {
        return options;
    }

    /** The resolved locale id ("zh_CN"). */
    public String locale() {
        return locale;
    }

    /** The resolved IANA zone id ("Asia/Shanghai"). */
    public String timeZone() {
        return timeZone;
    }

    /** The zone database in use ("tzdata 2025b", or "icu 2022e" where the system has none). */
    public String tzSource() {
        return tzSource;
    }

    /** Frees the native formatter; later calls throw {@link IllegalStateException}. Idempotent. */
    @Override
    public void close() {
        cleanable.clean();
    }

    @Override
    public String toString() {
        return "Formatter[" + options.style + ", " + locale + ", " + timeZone + " (" + tzSource + ")]";
    }
}
