package org.feeddate;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Collection;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.RandomAccess;

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
 * formatter is immutable and may be used by any number of threads at once.
 * {@link #close()} may race with calls on other threads: calls in flight
 * finish with their labels, close() waits for them before it frees the
 * native formatter, and later calls throw {@link IllegalStateException}. A
 * formatter that is never closed is freed once it is unreachable (never
 * while a call on it is in flight).
 *
 * <p>{@link #formatMany(long[], long)} works in bounded chunks, so a batch
 * of any length needs little memory beyond its result; running out of memory
 * is Java's own {@link OutOfMemoryError}.
 *
 * <p>{@link #schedule(Instant, Instant, Duration, int)} (1.2) gives the
 * labels an instant will show from now on with the instants they start, and
 * their wire form for a client that only swaps text (SPEC section 11);
 * {@link #html(Instant, Instant, Duration, int, boolean)} and
 * {@link #scriptJson(Instant, Instant, Duration, int)} (1.3) the library's
 * markup of a live label and the wire form safe inside {@code <script>}.
 *
 * <p>Instants are taken to the millisecond (sub-millisecond parts are dropped
 * toward the past). The library accepts 0001-01-01T00:00:00Z ..=
 * 9999-12-31T23:59:59.999Z; anything else is a {@link FeedDateException}
 * with {@link Status#RANGE}.
 */
public final class Formatter implements AutoCloseable {
    private static final Cleaner CLEANER = Cleaner.create();

    /** Per-thread native scratch of the error and schedule paths: a UTF-8 label buffer, then an fd_label. */
    private static final int INFO_OFFSET = LABEL_CAPACITY;
    private static final int SCRATCH_SIZE = INFO_OFFSET + new FdLabel().size();

    private static final class Scratch {
        final ByteBuffer bytes = ByteBuffer.allocateDirect(SCRATCH_SIZE).order(ByteOrder.nativeOrder());
        final long buf = Pointer.nativeValue(Native.getDirectBufferPointer(bytes));
        final long info = buf + INFO_OFFSET;
    }

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    /** format and label: JNA, or on Java 22+ the Foreign Function and Memory API (CallPath). */
    private static final Calls CALLS = CallPath.CALLS;

    /**
     * The native handle and the calls in flight on it. A call enters (one
     * atomic add), checks that the formatter is open, calls the library and
     * exits (one atomic add). Closing sets CLOSED, so that no call enters any
     * more, waits until the calls in flight have exited, then frees the
     * native formatter, once. close() and the Cleaner both run this.
     */
    private static final class Handle implements Runnable {
        private static final long CLOSED = 1L << 62;
        private static final VarHandle STATE;

        static {
            try {
                STATE = MethodHandles.lookup().findVarHandle(Handle.class, "state", long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final long address;
        /** CLOSED, or'ed with the number of calls in flight. */
        private volatile long state;
        /** Guarded by this. */
        private boolean freed;

        Handle(long address) {
            this.address = address;
        }

        /** The native address for one call; exit() must follow. Throws once the formatter is closed. */
        long enter() {
            long s = (long) STATE.getAndAdd(this, 1L);
            if ((s & CLOSED) != 0) {
                exit();
                throw new IllegalStateException("feeddate: the formatter is closed");
            }
            return address;
        }

        void exit() {
            long s = (long) STATE.getAndAdd(this, -1L);
            if (s == (CLOSED | 1L)) {
                synchronized (this) {
                    notifyAll(); // the last call in flight after close(): wake the closing thread(s)
                }
            }
        }

        /** Closes: no new calls, waits for those in flight, frees once. Every caller returns after the free. */
        @Override
        public void run() {
            STATE.getAndBitwiseOr(this, CLOSED);
            boolean interrupted = false;
            synchronized (this) {
                while ((state & ~CLOSED) != 0) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        interrupted = true; // close() has no way to give up half-way: wait on, and say so after
                    }
                }
                if (!freed) {
                    freed = true;
                    fd_formatter_free(address);
                }
            }
            if (interrupted) Thread.currentThread().interrupt();
        }
    }

    // format_many's first guess of UTF-8 bytes per label; a larger need costs one more call per chunk.
    private static final int MANY_BYTES_PER_LABEL = 32;
    // schedule's first guess of wire bytes per entry (a text, its start's difference, brackets).
    static final int SCHEDULE_BYTES_PER_ENTRY = 32;
    /** Instants per fd_format_many call: the memory a batch needs beyond its result is bounded by it. */
    static final int DEFAULT_CHUNK_LABELS = 16_384;
    /** The largest chunk: its labels' bytes (at most LABEL_CAPACITY - 1 each) fit a Java array. */
    static final int MAX_CHUNK_LABELS = (Integer.MAX_VALUE - 16) / LABEL_CAPACITY;

    private final Options options;
    private final Handle handle;
    private final Cleaner.Cleanable cleanable;
    private final String locale;
    private final String timeZone;
    private final String tzSource;
    /** Instants per fd_format_many call (settable for tests). */
    private volatile int chunkLabels = DEFAULT_CHUNK_LABELS;

    /**
     * Creates a formatter; the library checks the options.
     *
     * @throws FeedDateException with the library's status and message (an
     *                           option out of range, a malformed locale, an
     *                           unknown zone, a lone surrogate, ...);
     *                           {@link Status#ARGUMENT} from the binding for a
     *                           string option holding a NUL (which a C string
     *                           cannot carry), naming the option and the index
     */
    public Formatter(Options options) {
        this.options = Objects.requireNonNull(options, "options");
        FdOptions o = new FdOptions();
        int s = fd_options_init_sized(o.getPointer(), o.size(), options.style.code);
        if (s != 0) throw error(s);
        o.read();
        // Each option that was set, into its field of the struct (Options.Field: the one table).
        List<Memory> strings = new ArrayList<>();
        options.values.forEach((f, v) -> {
            Object c = v;
            if (v instanceof String text) strings.add((Memory) (c = cString(f.javaName, text)));
            else if (v instanceof Boolean on) c = on ? 1 : 0;
            else if (v instanceof HourCycle h) c = h.code;
            else if (v instanceof Width w) c = w.code;
            else if (v instanceof Unit u) c = u.code;
            o.writeField(f.cName, c);
        });
        long[] out = new long[1];
        s = fd_formatter_new(o.getPointer(), out);
        if (s != 0) throw error(s);
        Reference.reachabilityFence(strings);
        Reference.reachabilityFence(o);
        long address = out[0];
        this.handle = new Handle(address);
        this.cleanable = CLEANER.register(this, handle);
        this.locale = string(fd_formatter_locale(address));
        this.timeZone = string(fd_formatter_time_zone(address));
        this.tzSource = string(fd_formatter_tz_source(address));
    }

    /**
     * A NUL-terminated copy of s in UTF-8 (null for null), a lone surrogate as its 3 bytes of WTF-8
     * ({@link LibFeedDate#wtf8}): the library refuses it in its own words, naming the option and
     * quoting the value ("\xed\xa0\x80"). A NUL inside s would cut the C string short, so it is the
     * one value the binding refuses itself: {@link Status#ARGUMENT} naming the option, the value (quoted
     * by the library's fd_quote) and the index.
     */
    static Memory cString(String what, String s) {
        if (s == null) return null;
        int nul = s.indexOf('\0');
        if (nul >= 0) {
            throw new FeedDateException(Status.ARGUMENT.code(),
                    what + " " + Messages.quote(s) + " contains a NUL character at index " + nul);
        }
        byte[] b = wtf8(s, Integer.MAX_VALUE);
        Memory m = new Memory(b.length + 1);
        m.write(0, b, 0, b.length);
        m.setByte(b.length, (byte) 0);
        return m;
    }

    /** Milliseconds since the epoch of t, floored: {@link #epochMillis}. */
    static long millis(Instant t, String what) {
        Objects.requireNonNull(t, what);
        return epochMillis(t);
    }

    /**
     * Milliseconds since the epoch of t, floored. One beyond a long of
     * milliseconds ({@link Instant#MAX}, {@link Instant#MIN}) is clamped to
     * {@link Long#MAX_VALUE} or {@link Long#MIN_VALUE}, which the library
     * refuses with its own message for that value (SPEC 11, 1.3), as it does
     * any instant out of range: the binding words no range error of its own.
     */
    static long epochMillis(Instant t) {
        try {
            return t.toEpochMilli();
        } catch (ArithmeticException e) {
            return t.getEpochSecond() < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
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
        long f = handle.enter();
        try {
            return CALLS.format(f, tMs, nowMs);
        } finally {
            handle.exit();
            Reference.reachabilityFence(this);
        }
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
        long f = handle.enter();
        try {
            return CALLS.label(f, tMs, nowMs);
        } finally {
            handle.exit();
            Reference.reachabilityFence(this);
        }
    }

    /**
     * The labels of ts as seen at now and their earliest next change, as
     * {@link #formatMany(long[], long)}; the instants are read in chunks, so
     * no copy of the whole collection is made.
     */
    public Batch formatMany(Collection<Instant> ts, Instant now) {
        return many(ts.size(), millis(now, "now"), null, ts.iterator());
    }

    /** The labels of ts as seen now (the system clock) and their earliest next change. */
    public Batch formatMany(Collection<Instant> ts) {
        return formatMany(ts, Instant.now());
    }

    /**
     * The labels of tMs as seen at nowMs (milliseconds since the epoch) and
     * their earliest next change. A batch of any length is worked in chunks
     * of fd_format_many calls, so the memory it needs beyond its result is
     * bounded; running out of memory is an {@link OutOfMemoryError}. An
     * instant out of range fails the whole call, with an error naming its
     * index ("t[12]: ...").
     */
    public Batch formatMany(long[] tMs, long nowMs) {
        return many(tMs.length, nowMs, tMs, null);
    }

    /** Sets the instants per fd_format_many call, for tests (1 ..= MAX_CHUNK_LABELS). */
    Formatter chunkLabels(int n) {
        if (n < 1 || n > MAX_CHUNK_LABELS) throw new IllegalArgumentException("chunkLabels " + n);
        chunkLabels = n;
        return this;
    }

    /** The batch of n instants, from array (when not null) or else from it, in chunks. */
    private Batch many(int n, long nowMs, long[] array, Iterator<Instant> it) {
        String[] texts = new String[n];
        int chunk = Math.max(1, Math.min(n, chunkLabels));
        long earliest = NEVER;
        long[] ends = new long[chunk];
        long[] ms = it == null ? null : new long[chunk];
        // One native block: the chunk's instants, its ends, the earliest next change, then its text
        // (which moves to a block of its own when a chunk's labels need more).
        long tOff = 0, endsOff = 8L * chunk, nextOff = 16L * chunk, textOff = nextOff + 8;
        long textCap = Math.max(64L, (long) chunk * MANY_BYTES_PER_LABEL);
        byte[] bytes = new byte[(int) textCap];
        long f = handle.enter();
        Memory grown = null;
        try (Memory block = new Memory(textOff + textCap)) {
            long base = Pointer.nativeValue(block), textAddr = base + textOff;
            for (int start = 0; start < n; start += chunk) {
                int len = Math.min(chunk, n - start);
                if (array != null) {
                    block.write(tOff, array, start, len);
                } else {
                    for (int i = 0; i < len; i++) ms[i] = instantMillis(it, start + i);
                    block.write(tOff, ms, 0, len);
                }
                int s = fd_format_many(f, base + tOff, len, nowMs, textAddr, textCap, base + endsOff, base + nextOff);
                if (s == Status.BUFFER.code()) {
                    long need = block.getLong(endsOff + 8L * (len - 1));
                    if (need <= textCap || need > Integer.MAX_VALUE - 16) { // a broken library, never a crash
                        throw new FeedDateException(Status.INTERNAL.code(), "feeddate: fd_format_many asks for "
                                + need + " bytes for " + len + " labels with " + textCap + " at hand");
                    }
                    if (grown != null) grown.close();
                    grown = null;
                    bytes = null; // never the old and the new buffers at once
                    grown = new Memory(need);
                    bytes = new byte[(int) need];
                    textAddr = Pointer.nativeValue(grown);
                    textCap = need;
                    s = fd_format_many(f, base + tOff, len, nowMs, textAddr, textCap, base + endsOff, base + nextOff);
                }
                if (s != 0) throw chunkError(s, f, start, len, block, tOff, nowMs);
                block.read(endsOff, ends, 0, len);
                int total = (int) ends[len - 1];
                (grown != null ? grown : block).read(grown != null ? 0 : textOff, bytes, 0, total);
                int from = 0;
                for (int i = 0; i < len; i++) {
                    int to = (int) ends[i];
                    texts[start + i] = new String(bytes, from, to - from, StandardCharsets.UTF_8);
                    from = to;
                }
                earliest = Math.min(earliest, block.getLong(nextOff));
            }
        } finally {
            if (grown != null) grown.close();
            handle.exit();
            Reference.reachabilityFence(this);
        }
        if (it != null && it.hasNext()) throw new ConcurrentModificationException("ts grew during formatMany");
        return new Batch(new Texts(texts), instant(earliest));
    }

    /** The next instant of a collection, as milliseconds; index is its place in the collection. */
    private static long instantMillis(Iterator<Instant> it, int index) {
        if (!it.hasNext()) throw new ConcurrentModificationException("ts shrank during formatMany");
        Instant t = it.next();
        if (t == null) throw new NullPointerException("t[" + index + "]");
        return epochMillis(t);
    }

    /**
     * The error of a failed chunk, naming the instant that failed: its index
     * in the whole batch, found by labelling the chunk's instants one by one
     * (the library's rules, not a copy of them), or "now" when it is now
     * that is out of range. Runs only after a failure.
     */
    private static FeedDateException chunkError(int status, long f, int start, int len, Memory block, long tOff,
            long nowMs) {
        FeedDateException batch = error(status);
        Scratch sc = SCRATCH.get();
        int s = fd_format(f, nowMs, nowMs, sc.buf, LABEL_CAPACITY, 0);
        if (s == Status.RANGE.code()) return prefixed("now: ", error(s));
        for (int i = 0; i < len; i++) {
            long t = block.getLong(tOff + 8L * i);
            s = fd_format(f, t, nowMs, sc.buf, LABEL_CAPACITY, 0);
            if (s != 0) return prefixed("t[" + (start + i) + "]: ", error(s));
        }
        return batch;
    }

    private static FeedDateException prefixed(String prefix, FeedDateException e) {
        return new FeedDateException(e.statusCode(), prefix + e.getMessage());
    }

    /** The labels of a batch: an unmodifiable view of the array, which Batch keeps without a copy. */
    static final class Texts extends AbstractList<String> implements RandomAccess {
        private final String[] a;

        Texts(String[] a) {
            this.a = a;
        }

        @Override
        public String get(int index) {
            return a[index];
        }

        @Override
        public int size() {
            return a.length;
        }
    }

    /**
     * The schedule of t as seen from now, with the default horizon (one day,
     * {@link Schedule#DEFAULT_HORIZON}) and at most 1,000 entries
     * ({@link Schedule#DEFAULT_MAX_ENTRIES}); see
     * {@link #schedule(Instant, Instant, Duration, int)}.
     */
    public Schedule schedule(Instant t, Instant now) {
        return schedule(t, now, Schedule.DEFAULT_HORIZON, Schedule.DEFAULT_MAX_ENTRIES);
    }

    /**
     * The labels t will show from now on, each with the instant it starts
     * (SPEC section 11): entry 0 starts at now, entry i+1 at entry i's next
     * change. The list stops at the first entry whose label never changes
     * (the schedule is complete: {@link Schedule#until()} is empty), at
     * maxEntries entries, or at an entry whose next change is at or after
     * now + horizon ({@link Schedule#until()} is then that next change). A
     * horizon of zero gives one entry and its until. The formatter's options
     * apply as to {@link #format}.
     *
     * <p>The horizon is taken to the millisecond, floored (toward the past,
     * as instants are): 1.9999 ms is 1 ms, and any negative duration, even
     * -1 ns, is at most -1 ms and so an error rather than zero.
     *
     * @param horizon    0 ..= 366 days ({@link Schedule#MAX_HORIZON})
     * @param maxEntries 1 ..= 100,000 ({@link Schedule#MAX_ENTRIES})
     * @throws FeedDateException {@link Status#ARGUMENT} with the library's
     *                           message for a horizon or maxEntries out of
     *                           range (a negative maxEntries too: "max_entries
     *                           -5 is out of range 1...100000"); {@link Status#RANGE}
     *                           for an instant out of range
     * @throws IllegalStateException once the formatter is closed
     */
    public Schedule schedule(Instant t, Instant now, Duration horizon, int maxEntries) {
        return schedule(millis(t, "t"), millis(now, "now"), horizonMillis(horizon), maxEntries);
    }

    /**
     * The schedule of tMs as seen from nowMs (milliseconds since the epoch),
     * with a horizon in milliseconds; see {@link #schedule(Instant, Instant, Duration, int)}.
     */
    public Schedule schedule(long tMs, long nowMs, long horizonMs, int maxEntries) {
        // A negative maxEntries goes as the size_t of its two's complement (a long, sign-extended), which
        // the library names as the negative number meant ("max_entries -5 is out of range 1...100000").
        // The wire form first: the library judges every argument before any buffer is sized from maxEntries
        // (Integer.MAX_VALUE entries must be its FD_ERR_ARGUMENT, not 32 GB of ends and starts).
        Memory block = null, texts = null;
        long f = handle.enter();
        try {
            byte[] wire = written(f, "fd_schedule_json", wireGuess(maxEntries), (fp, buf, cap, length) ->
                    fd_schedule_json(fp, tMs, nowMs, horizonMs, maxEntries, buf, cap, length));
            String json = new String(wire, StandardCharsets.UTF_8);
            long jsonLength = wire.length;

            // Then the entries. The library accepted maxEntries above, so it is in range 1..=MAX_ENTRIES
            // (checked all the same: the block is sized from it). Every text is in the wire form (escaped,
            // so no shorter), so its length bounds theirs; FD_ERR_BUFFER all the same is retried once.
            if (maxEntries < 1 || maxEntries > SCHEDULE_MAX_ENTRIES) {
                throw broken("fd_schedule_json accepted max_entries " + maxEntries);
            }
            long m = maxEntries, endsOff = 0, fromOff = 8 * m, nOff = 16 * m, untilOff = nOff + 8;
            block = new Memory(untilOff + 8);
            long base = Pointer.nativeValue(block);
            long textCap = jsonLength + 1;
            texts = new Memory(textCap);
            int s = fd_schedule(f, tMs, nowMs, horizonMs, m, Pointer.nativeValue(texts), textCap, base + endsOff,
                    base + fromOff, base + nOff, base + untilOff);
            if (s == Status.BUFFER.code()) {
                long n = block.getLong(nOff);
                long need = n >= 1 && n <= m ? block.getLong(endsOff + 8 * (n - 1)) + 1 : -1;
                if (need <= textCap || need > Integer.MAX_VALUE - 16) {
                    throw broken("fd_schedule asks for " + need + " bytes with " + textCap + " at hand");
                }
                texts.close();
                texts = null;
                texts = new Memory(need);
                textCap = need;
                s = fd_schedule(f, tMs, nowMs, horizonMs, m, Pointer.nativeValue(texts), textCap, base + endsOff,
                        base + fromOff, base + nOff, base + untilOff);
                if (s == Status.BUFFER.code()) throw broken("fd_schedule asks for more bytes a second time");
            }
            if (s != 0) throw error(s);
            long n = block.getLong(nOff);
            if (n < 1 || n > m) throw broken("fd_schedule reports " + n + " entries of at most " + m);
            long[] ends = block.getLongArray(endsOff, (int) n);
            long[] froms = block.getLongArray(fromOff, (int) n);
            long total = ends[(int) n - 1];
            if (total > textCap) throw broken("fd_schedule reports " + total + " bytes in a buffer of " + textCap);
            byte[] bytes = texts.getByteArray(0, (int) total);
            List<ScheduleEntry> entries = new ArrayList<>((int) n);
            int from = 0;
            for (int i = 0; i < n; i++) {
                int to = (int) ends[i];
                if (to < from || to > total) throw broken("fd_schedule reports text " + i + " ending at " + to);
                entries.add(new ScheduleEntry(new String(bytes, from, to - from, StandardCharsets.UTF_8),
                        Instant.ofEpochMilli(froms[i])));
                from = to;
            }
            return new Schedule(entries, instant(block.getLong(untilOff)), json);
        } finally {
            if (block != null) block.close();
            if (texts != null) texts.close();
            handle.exit();
            Reference.reachabilityFence(this);
        }
    }

    /**
     * The markup of t's live label as seen from now, with the schedule's defaults (one day, 1,000 entries)
     * and no spoken schedule; see {@link #html(Instant, Instant, Duration, int, boolean)}.
     */
    public String html(Instant t, Instant now) {
        return html(t, now, Schedule.DEFAULT_HORIZON, Schedule.DEFAULT_MAX_ENTRIES, false);
    }

    /**
     * The markup of t's live label as seen from now (SPEC section 11, 1.3), exactly as the library's
     * {@code fd_schedule_html} writes it (the binding writes no markup or escape of its own):
     * {@code <time datetime="D" title="T"><feed-date data-schedule="WIRE">text</feed-date></time>}, D
     * being t in UTC, T its FEED_DETAIL label, WIRE the wire form of
     * {@link #schedule(Instant, Instant, Duration, int)} with the same arguments, and text its entry at
     * now, every value escaped. spoken adds {@code data-spoken-schedule="WIRE"}, the schedule with the
     * spoken option, for the web client's hidden spoken label ({@code FD_HTML_SPOKEN}).
     *
     * <p>t, now, horizon and maxEntries are taken as by schedule (the same conversion, floors and
     * ranges), and so are its errors: the library's message.
     *
     * @throws FeedDateException as {@link #schedule(Instant, Instant, Duration, int)}
     * @throws IllegalStateException once the formatter is closed
     */
    public String html(Instant t, Instant now, Duration horizon, int maxEntries, boolean spoken) {
        return html(millis(t, "t"), millis(now, "now"), horizonMillis(horizon), maxEntries, spoken);
    }

    /**
     * The markup of tMs's live label as seen from nowMs (milliseconds since the epoch), with a horizon in
     * milliseconds; see {@link #html(Instant, Instant, Duration, int, boolean)}.
     */
    public String html(long tMs, long nowMs, long horizonMs, int maxEntries, boolean spoken) {
        int flags = spoken ? HTML_SPOKEN : 0;
        return wireString("fd_schedule_html", htmlGuess(maxEntries, spoken), (f, buf, cap, length) ->
                fd_schedule_html(f, tMs, nowMs, horizonMs, maxEntries, flags, buf, cap, length));
    }

    /**
     * The wire form of t's schedule as seen from now, safe inside {@code <script>}, with the schedule's
     * defaults (one day, 1,000 entries); see {@link #scriptJson(Instant, Instant, Duration, int)}.
     */
    public String scriptJson(Instant t, Instant now) {
        return scriptJson(t, now, Schedule.DEFAULT_HORIZON, Schedule.DEFAULT_MAX_ENTRIES);
    }

    /**
     * The wire form of {@link #schedule(Instant, Instant, Duration, int)} with the same arguments, made
     * safe inside {@code <script>} by the library's {@code fd_schedule_script_json} (SPEC section 11,
     * 1.3): {@code < > &} U+2028 U+2029 as
     * <code>&#92;u003c &#92;u003e &#92;u0026 &#92;u2028 &#92;u2029</code>, valid JSON that parses to the
     * same object. ({@link Schedule#toJson()} is safe only inside an escaped attribute.) Arguments and
     * errors as schedule's.
     *
     * @throws FeedDateException as {@link #schedule(Instant, Instant, Duration, int)}
     * @throws IllegalStateException once the formatter is closed
     */
    public String scriptJson(Instant t, Instant now, Duration horizon, int maxEntries) {
        return scriptJson(millis(t, "t"), millis(now, "now"), horizonMillis(horizon), maxEntries);
    }

    /**
     * The script-safe wire form of tMs's schedule as seen from nowMs (milliseconds since the epoch),
     * with a horizon in milliseconds; see {@link #scriptJson(Instant, Instant, Duration, int)}.
     */
    public String scriptJson(long tMs, long nowMs, long horizonMs, int maxEntries) {
        return wireString("fd_schedule_script_json", wireGuess(maxEntries), (f, buf, cap, length) ->
                fd_schedule_script_json(f, tMs, nowMs, horizonMs, maxEntries, buf, cap, length));
    }

    /** The first guess of wire bytes for maxEntries (fd_schedule_json, fd_schedule_script_json). */
    static long wireGuess(int maxEntries) {
        return 64 + (long) SCHEDULE_BYTES_PER_ENTRY * Math.min(Math.max(maxEntries, 1), 512);
    }

    /** The first guess of markup bytes: one or two wires, escaped (a quote is 6 bytes), and the tags. */
    static long htmlGuess(int maxEntries, boolean spoken) {
        return 256 + (spoken ? 4 : 2) * wireGuess(maxEntries);
    }

    /**
     * One of the library's calls that writes NUL-terminated UTF-8 by fd_schedule_json's buffer contract,
     * with its other arguments bound: on formatter f, into buf of cap bytes, the length without the NUL
     * at the address length.
     */
    @FunctionalInterface
    private interface Writer {
        int write(long f, long buf, long cap, long length);
    }

    /** What w writes, as a String, held by the close guard; name is the C function's, for errors. */
    private String wireString(String name, long firstCap, Writer w) {
        long f = handle.enter();
        try {
            return new String(written(f, name, firstCap, w), StandardCharsets.UTF_8);
        } finally {
            handle.exit();
            Reference.reachabilityFence(this);
        }
    }

    /**
     * The bytes w writes on f, without the NUL: a first call with firstCap bytes; when the library
     * answers FD_ERR_BUFFER with the length it needs, a second call with that size exactly. A failure is
     * the library's status and message (read right after the call, on this thread).
     */
    private static byte[] written(long f, String name, long firstCap, Writer w) {
        Memory buf = null;
        try {
            long cap = firstCap;
            buf = new Memory(cap);
            Scratch sc = SCRATCH.get(); // its fd_label room holds *length
            long lengthAddr = sc.info;
            int s = w.write(f, Pointer.nativeValue(buf), cap, lengthAddr);
            if (s == Status.BUFFER.code()) {
                long need = sc.bytes.getLong(INFO_OFFSET) + 1; // with the NUL
                if (need <= cap || need > Integer.MAX_VALUE - 16) {
                    throw broken(name + " asks for " + need + " bytes with " + cap + " at hand");
                }
                buf.close();
                buf = null;
                buf = new Memory(need);
                cap = need;
                s = w.write(f, Pointer.nativeValue(buf), cap, lengthAddr);
                if (s == Status.BUFFER.code()) throw broken(name + " asks for more bytes a second time");
            }
            if (s != 0) throw error(s);
            long length = sc.bytes.getLong(INFO_OFFSET);
            if (length < 0 || length >= cap) throw broken(name + " reports " + length + " bytes in a buffer of " + cap);
            return buf.getByteArray(0, (int) length);
        } finally {
            if (buf != null) buf.close();
        }
    }

    /** A broken invariant of the library's answer: an error, never a crash or a wrong schedule. */
    private static FeedDateException broken(String what) {
        return new FeedDateException(Status.INTERNAL.code(), "feeddate: " + what);
    }

    /**
     * Milliseconds of a duration by SPEC 11's rule (1.3): a Duration is exact,
     * so it is floored (toward the past: -1 ns is -1 ms; {@link Duration#toMillis()}
     * truncates toward zero). One beyond a long of milliseconds is clamped to
     * {@link Long#MIN_VALUE} or {@link Long#MAX_VALUE}, which the library
     * refuses with its own message. Horizons and the options' durations.
     */
    static long floorMillis(Duration d, String what) {
        Objects.requireNonNull(d, what);
        long seconds = d.getSeconds();
        int millisOfSecond = d.getNano() / 1_000_000;
        try {
            // getNano() is 0 ..= 999,999,999 whatever the sign, so this is the floor. A negative duration is
            // summed from seconds + 1 so that Long.MIN_VALUE ms itself does not overflow on the way.
            return seconds >= 0 ? Math.addExact(Math.multiplyExact(seconds, 1000L), millisOfSecond)
                    : Math.addExact(Math.multiplyExact(seconds + 1, 1000L), millisOfSecond - 1000);
        } catch (ArithmeticException e) {
            return seconds >= 0 ? Long.MAX_VALUE : Long.MIN_VALUE;
        }
    }

    /** Milliseconds of a horizon: {@link #floorMillis}. */
    static long horizonMillis(Duration horizon) {
        return floorMillis(horizon, "horizon");
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

    /**
     * The zone database in use: "tzdata 2025b" when a file of the system's database was read, "posix"
     * for a POSIX TZ string or UTC. (A 1.1 library could report "icu 2022e", ICU's stale built-in
     * rules, where the system had no database; from 1.2 that is an error instead.)
     */
    public String tzSource() {
        return tzSource;
    }

    /**
     * Frees the native formatter once the calls in flight on other threads
     * have finished (it waits for them); calls that start later throw
     * {@link IllegalStateException}. Idempotent, and safe from any thread.
     */
    @Override
    public void close() {
        cleanable.clean(); // runs handle.run() unless the Cleaner or another close() did
        handle.run();      // a second close() racing the first returns only after the free, too
    }

    @Override
    public String toString() {
        return "Formatter[" + options.style + ", " + locale + ", " + timeZone + " (" + tzSource + ")]";
    }
}
