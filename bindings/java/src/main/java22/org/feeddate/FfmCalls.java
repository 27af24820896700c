package org.feeddate;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.Objects;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.feeddate.LibFeedDate.LABEL_CAPACITY;

/**
 * {@link Calls} through the Foreign Function and Memory API (Java 22+; in the
 * multi-release jar's {@code META-INF/versions/22/}). One downcall handle,
 * made once, to {@code fd_format_utf16} of the library JNA loaded (the same
 * file: the dynamic linker hands back the same handle), and one to
 * {@code fd_quote}, made when a message first needs it. The call is
 * {@linkplain Linker.Option#critical(boolean) critical}: fd_format_utf16 never
 * calls back into Java, so the JVM skips the thread-state transition, and the
 * label's code units and its fd_label are written straight into a per-thread
 * {@code char[]} and {@code long[]} (heap segments), which the String is then
 * made from: no native scratch, no copy but the String's own. The price: while
 * a call runs, this thread holds off the JVM's safepoints (a garbage
 * collection waits for it). A warm call takes tens of nanoseconds; one that
 * misses a text table first (a new day, a new count) asks ICU under the
 * locale's lock, tens of microseconds, and may wait for that lock while
 * another thread holds it (README: "FFM and pauses").
 *
 * <p>The formatter's address crosses as a {@code long} (size_t and pointers
 * are 64-bit here: LibFeedDate checks it), as on the JNA side. A failed call's
 * message is read through JNA (fd_last_error, the same thread), off the hot
 * path.
 */
final class FfmCalls implements Calls {
    /** struct fd_label of include/feeddate.h (size_t is 64-bit here). */
    private static final StructLayout FD_LABEL = MemoryLayout.structLayout(
            JAVA_LONG.withName("length"), JAVA_LONG.withName("next_change_ms"),
            JAVA_LONG.withName("day_offset"), JAVA_LONG.withName("day_length"),
            JAVA_LONG.withName("time_offset"), JAVA_LONG.withName("time_length"),
            JAVA_INT.withName("expired"), MemoryLayout.paddingLayout(4));
    private static final long OFF_LENGTH = offset("length"), OFF_NEXT = offset("next_change_ms"),
            OFF_DAY = offset("day_offset"), OFF_DAY_LEN = offset("day_length"), OFF_TIME = offset("time_offset"),
            OFF_TIME_LEN = offset("time_length"), OFF_EXPIRED = offset("expired");

    private static long offset(String name) {
        return FD_LABEL.byteOffset(MemoryLayout.PathElement.groupElement(name));
    }

    /** Per-thread scratch on the Java heap, passed to the critical call as heap segments. */
    private static final class Scratch {
        final char[] text = new char[LABEL_CAPACITY];
        final MemorySegment textSegment = MemorySegment.ofArray(text);
        final long[] info = new long[(int) (FD_LABEL.byteSize() / 8)];
        final MemorySegment infoSegment = MemorySegment.ofArray(info);
    }

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    /** fd_status fd_format_utf16(const fd_formatter *f, int64_t t_ms, int64_t now_ms, uint16_t *buf, size_t cap,
     *  fd_label *info): in a static final field, so that the JIT sees a constant handle. Made when
     *  CallPath first makes an FfmCalls; a failure there is a LinkageError, and CallPath takes JNA. */
    private static final class Handle {
        static final MethodHandle FORMAT = downcall(LibFeedDate.LIBRARY_PATH, "fd_format_utf16",
                FunctionDescriptor.of(JAVA_INT, JAVA_LONG, JAVA_LONG, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS));
    }

    /** (1.3) fd_status fd_quote(const char *value, size_t length, char *buf, size_t cap, size_t *quoted_length):
     *  made on the first {@link #quote} (a message the binding words itself), off the hot path. Critical
     *  as well (fd_quote never calls back into Java), so value and buf are heap segments, no copies. */
    private static final class QuoteHandle {
        static final MethodHandle QUOTE = downcall(LibFeedDate.LIBRARY_PATH, "fd_quote",
                FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, ADDRESS, JAVA_LONG, ADDRESS));
    }

    @SuppressWarnings("restricted") // the library is the one JNA loaded; the descriptors are the header's
    private static MethodHandle downcall(String library, String name, FunctionDescriptor descriptor) {
        // The library stays loaded for the JVM's life, as JNA keeps it.
        SymbolLookup lookup = library.indexOf('/') >= 0
                ? SymbolLookup.libraryLookup(Path.of(library), Arena.global())
                : SymbolLookup.libraryLookup(library, Arena.global());
        MemorySegment symbol = lookup.find(name)
                .orElseThrow(() -> new UnsatisfiedLinkError(library + " has no " + name));
        return Linker.nativeLinker().downcallHandle(symbol, descriptor, Linker.Option.critical(true));
    }

    /** Makes the downcall handle (of the library JNA loaded) now, so that a failure is CallPath's to see. */
    FfmCalls() {
        if (FD_LABEL.byteSize() != new LibFeedDate.FdLabel().size()) {
            throw new IllegalStateException("fd_label: " + FD_LABEL.byteSize() + " bytes here, "
                    + new LibFeedDate.FdLabel().size() + " for JNA");
        }
        Objects.requireNonNull(Handle.FORMAT);
    }

    @Override
    public String description() {
        return "FFM (java.lang.foreign, Java " + Runtime.version().feature() + ")";
    }

    private int call(long f, long tMs, long nowMs, MemorySegment buf, MemorySegment info) {
        try {
            return (int) Handle.FORMAT.invokeExact(f, tMs, nowMs, buf, (long) LABEL_CAPACITY, info);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e); // invokeExact of a downcall throws nothing checked
        }
    }

    /**
     * The downcall alone, into this thread's scratch, without the String: its status. Not API: make
     * bench-peers-java reaches it by reflection to measure the floor under {@link #format} (the C work and
     * the call), in the same JVM.
     */
    int formatStatus(long f, long tMs, long nowMs) {
        return call(f, tMs, nowMs, SCRATCH.get().textSegment, MemorySegment.NULL);
    }

    @Override
    public String quote(byte[] value) {
        byte[] buf = new byte[LibFeedDate.QUOTE_CAPACITY];
        long[] length = new long[1];
        int s;
        try {
            s = (int) QuoteHandle.QUOTE.invokeExact(MemorySegment.ofArray(value), (long) value.length,
                    MemorySegment.ofArray(buf), (long) buf.length, MemorySegment.ofArray(length));
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e); // invokeExact of a downcall throws nothing checked
        }
        if (s != 0) throw LibFeedDate.error(s);
        return Calls.quoted(buf, length[0]);
    }

    @Override
    public String format(long f, long tMs, long nowMs) {
        Scratch sc = SCRATCH.get();
        int s = call(f, tMs, nowMs, sc.textSegment, MemorySegment.NULL);
        if (s != 0) throw LibFeedDate.error(s);
        char[] text = sc.text;
        int n = 0;
        while (n < LABEL_CAPACITY && text[n] != 0) n++;
        return new String(text, 0, n);
    }

    @Override
    public Label label(long f, long tMs, long nowMs) {
        Scratch sc = SCRATCH.get();
        int s = call(f, tMs, nowMs, sc.textSegment, sc.infoSegment);
        if (s != 0) throw LibFeedDate.error(s);
        MemorySegment i = sc.infoSegment;
        int n = (int) Math.min(i.get(JAVA_LONG, OFF_LENGTH), LABEL_CAPACITY);
        return Calls.label(new String(sc.text, 0, n), i.get(JAVA_LONG, OFF_NEXT), i.get(JAVA_LONG, OFF_DAY),
                i.get(JAVA_LONG, OFF_DAY_LEN), i.get(JAVA_LONG, OFF_TIME), i.get(JAVA_LONG, OFF_TIME_LEN),
                i.get(JAVA_INT, OFF_EXPIRED));
    }
}
