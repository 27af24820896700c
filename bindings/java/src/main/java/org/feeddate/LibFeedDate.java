package org.feeddate;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;

import java.io.File;
import java.io.IOException;

/**
 * The JNA mirror of include/feeddate.h: the only class that knows the C
 * names. Direct mapping ({@link Native#register}): each call is one JNI
 * transition on the calling thread, so fd_last_error() read right after a
 * failing call is that call's message.
 *
 * <p>Where the library is found, in this order:
 * <ol>
 * <li>the system property {@code feeddate.library} or else the environment
 *     variable {@code FEEDDATE_LIBRARY} (a path, and then only there);</li>
 * <li>the natives the jar carries (the jar of {@code make jar}: Linux x86_64),
 *     unpacked once into a private cache folder ({@link NativeLoader}); skipped
 *     with {@code -Dfeeddate.bundled=false}, and when the jar has none (the
 *     jar of {@code make java-jar});</li>
 * <li>the SONAME {@code libfeeddate.so.1} through JNA's search
 *     ({@code jna.library.path}, then the dynamic linker's path: the
 *     libfeeddate1 package, {@code LD_LIBRARY_PATH}). When the bundled
 *     natives were there but could not be used (no writable private folder, a
 *     noexec file system, too old a glibc), a warning says why, on the
 *     {@code org.feeddate} System.Logger; and the system's library is used
 *     only when its data version is the natives' (requireSameData).</li>
 * </ol>
 */
final class LibFeedDate {
    static final String SONAME = "libfeeddate.so.1";
    static final int EXPECTED_MAJOR = 1;
    /** The oldest library with every function mapped here (fd_quote, fd_data_version, fd_schedule_html). */
    static final String MINIMUM_VERSION = "1.3.0";
    static final long NEVER = Long.MAX_VALUE;        // FD_NEVER
    static final int LABEL_CAPACITY = 256;           // FD_LABEL_CAPACITY
    static final long SCHEDULE_MAX_HORIZON_MS = 31_622_400_000L; // FD_SCHEDULE_MAX_HORIZON_MS (366 days)
    static final int SCHEDULE_MAX_ENTRIES = 100_000; // FD_SCHEDULE_MAX_ENTRIES
    static final long SCHEDULE_DEFAULT_HORIZON_MS = 86_400_000L; // FD_SCHEDULE_DEFAULT_HORIZON_MS (one day, 1.3)
    static final int SCHEDULE_DEFAULT_MAX_ENTRIES = 1000; // FD_SCHEDULE_DEFAULT_MAX_ENTRIES (1.3)
    static final int QUOTE_CAPACITY = 262;           // FD_QUOTE_CAPACITY (1.3)
    static final int HTML_SPOKEN = 0x1;              // FD_HTML_SPOKEN (1.3): fd_schedule_html's flag
    /** The most bytes of a value fd_quote reads (its doc comment): a longer value may pass just these. */
    static final int QUOTE_READ_BYTES = 68;
    static final String LIBRARY_PATH;

    static {
        if (Native.SIZE_T_SIZE != 8 || Native.POINTER_SIZE != 8) {
            throw new UnsatisfiedLinkError("feeddate: this binding passes size_t and pointers as 64-bit values; "
                    + "this JVM has " + (8 * Native.SIZE_T_SIZE) + "-bit ones");
        }
        String explicit = System.getProperty("feeddate.library");
        String source = "system property feeddate.library";
        if (explicit == null || explicit.isEmpty()) {
            explicit = System.getenv("FEEDDATE_LIBRARY");
            source = "$FEEDDATE_LIBRARY";
        }
        NativeLibrary lib = null;
        String bundledFailure = null;
        try {
            if (explicit != null && !explicit.isEmpty()) {
                if (!new File(explicit).isFile()) {
                    throw new UnsatisfiedLinkError(explicit + " (" + source + "): no such file");
                }
                // Absolute: JNA reads a relative path (build/lib/...) as a library name.
                lib = NativeLibrary.getInstance(new File(explicit).getAbsolutePath());
            } else {
                if (!"false".equalsIgnoreCase(System.getProperty("feeddate.bundled", ""))) {
                    NativeLoader.Result bundled = null;
                    try {
                        bundled = NativeLoader.bundled();
                        if (bundled != null) lib = NativeLibrary.getInstance(bundled.library().toString());
                    } catch (IOException | UnsatisfiedLinkError | RuntimeException e) {
                        bundledFailure = "the jar's natives" + (bundled != null ? " (" + bundled.library() + ")" : "")
                                + " could not be used: " + e.getMessage();
                        String why = bundledFailure;
                        System.getLogger("org.feeddate").log(System.Logger.Level.WARNING,
                                () -> "feeddate: " + why + "; trying the system's " + SONAME);
                    }
                }
                if (lib == null) lib = NativeLibrary.getInstance(SONAME);
                if (bundledFailure != null) requireSameData(lib, bundledFailure);
            }
        } catch (UnsatisfiedLinkError e) {
            throw new UnsatisfiedLinkError("feeddate: cannot load " + SONAME + ": " + e.getMessage()
                    + (bundledFailure != null
                            ? "\n(" + bundledFailure + ")\nFix: make the jar's natives usable: -Dfeeddate.cache.dir=DIR"
                              + " (or $FEEDDATE_CACHE_DIR) names the folder they are unpacked into, which must be this"
                              + " user's alone and not on a noexec file system; or"
                            : "\nFix: use the jar of `make jar` (it carries the library for Linux x86_64), or")
                    + " run `make lib` in the feeddate checkout and set FEEDDATE_LIBRARY=/path/to/build/lib/"
                    + SONAME + ", or install the libfeeddate1 package.");
        }
        LIBRARY_PATH = lib.getFile() != null ? lib.getFile().getPath() : lib.getName();
        try {
            Native.register(LibFeedDate.class, lib);
        } catch (UnsatisfiedLinkError e) {
            // An older library lacks a function mapped here (fd_schedule_html is 1.3): say which version it is.
            String version;
            try {
                version = lib.getFunction("fd_version_string").invokeString(new Object[0], false);
            } catch (UnsatisfiedLinkError unknown) {
                version = "unknown";
            }
            throw new UnsatisfiedLinkError("feeddate: " + LIBRARY_PATH + " (version " + version
                    + ") lacks a function this binding calls: " + e.getMessage() + "; this binding needs "
                    + MINIMUM_VERSION + " or later");
        }
        int major = fd_version() / 10000;
        if (major != EXPECTED_MAJOR) {
            throw new UnsatisfiedLinkError("feeddate: " + LIBRARY_PATH + " is version "
                    + fd_version_string().getString(0, "UTF-8") + "; this binding needs " + EXPECTED_MAJOR + ".x");
        }
    }

    private LibFeedDate() {
    }

    /**
     * The jar's natives could not be used, and the system's library was found instead: it must write
     * the same words, so its data version (fd_data_version without the tzdata part) must be the one
     * the jar's natives name (SPEC 13: one ICU, one set of labels), else loading fails and says why.
     * A library before 1.3 has no fd_data_version, and its labels follow the system's ICU.
     */
    private static void requireSameData(NativeLibrary lib, String bundledFailure) {
        String expected = NativeLoader.bundledDataVersion();
        if (expected == null) return; // a jar without natives: the system's library is the plan
        String actual;
        try {
            actual = lib.getFunction("fd_data_version").invokeString(new Object[0], false);
            int tz = actual.indexOf("; tzdata");
            if (tz >= 0) actual = actual.substring(0, tz);
        } catch (UnsatisfiedLinkError e) {
            actual = "none (a library before 1.3, whose labels follow the system's ICU)";
        }
        if (!expected.equals(actual)) {
            String where = lib.getFile() != null ? lib.getFile().getPath() : lib.getName();
            throw new UnsatisfiedLinkError("the system's " + where + " writes other labels than this jar's natives "
                    + "(its data version: " + actual + "; the jar's: " + expected + "), so it is not used in their "
                    + "place");
        }
    }

    /** {@code struct fd_options}: the layout of include/feeddate.h, its size passed to fd_options_init_sized. */
    @Structure.FieldOrder({"size", "style", "locale", "time_zone", "hour_cycle", "width", "recent_relative",
            "just_now_ms", "skew_tolerance_ms", "cross_year_grace_days", "weekday_window_days", "precision",
            "countdown_days", "plain_spaces", "spoken", "overtime", "max_unit", "just_now_text", "yesterday_text",
            "day_before_yesterday_text", "tomorrow_text"})
    public static final class FdOptions extends Structure {
        public int size;                  // uint32_t
        public int style;                 // fd_style
        public Pointer locale;            // const char * (UTF-8, written by the binding)
        public Pointer time_zone;         // const char *
        public int hour_cycle;            // fd_hour_cycle
        public int width;                 // fd_width
        public int recent_relative;       // int32_t
        public long just_now_ms;          // int64_t
        public long skew_tolerance_ms;    // int64_t
        public int cross_year_grace_days; // int32_t
        public int weekday_window_days;   // int32_t
        public int precision;             // int32_t
        public int countdown_days;        // int32_t
        // 1.1
        public int plain_spaces;          // int32_t
        public int spoken;                // int32_t
        public int overtime;              // int32_t
        public int max_unit;              // fd_unit
        public Pointer just_now_text;     // const char * (UTF-8, written by the binding)
        public Pointer yesterday_text;    // const char *
        public Pointer day_before_yesterday_text; // const char *
        public Pointer tomorrow_text;     // const char *
    }

    /** {@code struct fd_label}; used for its layout (size_t is 64-bit here, checked above). */
    @Structure.FieldOrder({"length", "next_change_ms", "day_offset", "day_length", "time_offset", "time_length",
            "expired"})
    public static final class FdLabel extends Structure {
        public long length;         // size_t
        public long next_change_ms; // int64_t
        public long day_offset;     // size_t
        public long day_length;     // size_t
        public long time_offset;    // size_t
        public long time_length;    // size_t
        public int expired;         // int32_t

        int offsetOf(String field) {
            return fieldOffset(field);
        }
    }

    /** (1.2) fd_utf16_call: fd_format_utf16's arguments in memory (JnaCalls' per-thread block). */
    @Structure.FieldOrder({"formatter", "t_ms", "now_ms", "buf", "cap", "info"})
    public static final class FdUtf16Call extends Structure {
        public long formatter; // const fd_formatter *
        public long t_ms;      // int64_t
        public long now_ms;    // int64_t
        public long buf;       // uint16_t *
        public long cap;       // size_t
        public long info;      // fd_label *

        int offsetOf(String field) {
            return fieldOffset(field);
        }
    }

    // fd_status fd_options_init_sized(fd_options *opts, size_t size, fd_style style);
    static native int fd_options_init_sized(Pointer opts, long size, int style);

    // fd_status fd_formatter_new(const fd_options *opts, fd_formatter **out);
    static native int fd_formatter_new(Pointer opts, long[] out);

    // void fd_formatter_free(fd_formatter *f);
    static native void fd_formatter_free(long f);

    // fd_status fd_format(const fd_formatter *f, int64_t t_ms, int64_t now_ms, char *buf, size_t cap, fd_label *info);
    static native int fd_format(long f, long tMs, long nowMs, long buf, long cap, long info);

    // (1.2) fd_status fd_format_utf16_call(const fd_utf16_call *call); JnaCalls' single call on Java 17:
    // one argument, where JNA's direct mapping costs 15-25 ns for each.
    static native int fd_format_utf16_call(long call);

    // fd_status fd_format_many(const fd_formatter *f, const int64_t *t_ms, size_t n, int64_t now_ms,
    //                          char *buf, size_t cap, size_t *ends, int64_t *next_change_min);
    // Every pointer as a native address: the binding passes chunks of its own native block (no array copies).
    static native int fd_format_many(long f, long tMs, long n, long nowMs, long buf, long cap, long ends,
            long nextChangeMin);

    // (1.2) fd_status fd_schedule(const fd_formatter *f, int64_t t_ms, int64_t now_ms, int64_t horizon_ms,
    //                             size_t max_entries, char *buf, size_t cap, size_t *ends, int64_t *from_ms,
    //                             size_t *n, int64_t *until_ms);
    // Every pointer as a native address, as for fd_format_many.
    static native int fd_schedule(long f, long tMs, long nowMs, long horizonMs, long maxEntries, long buf, long cap,
            long ends, long fromMs, long n, long untilMs);

    // (1.2) fd_status fd_schedule_json(const fd_formatter *f, int64_t t_ms, int64_t now_ms, int64_t horizon_ms,
    //                                  size_t max_entries, char *buf, size_t cap, size_t *length);
    static native int fd_schedule_json(long f, long tMs, long nowMs, long horizonMs, long maxEntries, long buf,
            long cap, long length);

    // (1.3) fd_status fd_schedule_html(const fd_formatter *f, int64_t t_ms, int64_t now_ms, int64_t horizon_ms,
    //                                  size_t max_entries, uint32_t flags, char *buf, size_t cap, size_t *length);
    // The markup of a live label (SPEC 11), written by the library alone; buffers as fd_schedule_json.
    static native int fd_schedule_html(long f, long tMs, long nowMs, long horizonMs, long maxEntries, int flags,
            long buf, long cap, long length);

    // (1.3) fd_status fd_schedule_script_json(const fd_formatter *f, int64_t t_ms, int64_t now_ms,
    //                                         int64_t horizon_ms, size_t max_entries, char *buf, size_t cap,
    //                                         size_t *length);
    // The wire form safe inside <script>; buffers as fd_schedule_json.
    static native int fd_schedule_script_json(long f, long tMs, long nowMs, long horizonMs, long maxEntries,
            long buf, long cap, long length);

    // const char *fd_formatter_locale(const fd_formatter *f); and the zone, the zone database
    static native Pointer fd_formatter_locale(long f);

    static native Pointer fd_formatter_time_zone(long f);

    static native Pointer fd_formatter_tz_source(long f);

    // const char *fd_status_message(fd_status status);
    static native Pointer fd_status_message(int status);

    // const char *fd_last_error(void);
    static native Pointer fd_last_error();

    // const char *fd_icu_version(void);
    static native Pointer fd_icu_version();

    // (1.3) const char *fd_data_version(void);
    static native Pointer fd_data_version();

    // uint32_t fd_version(void); const char *fd_version_string(void);
    static native int fd_version();

    static native Pointer fd_version_string();

    // int64_t fd_now_ms(void);
    static native long fd_now_ms();

    // (1.3) fd_status fd_quote(const char *value, size_t length, char *buf, size_t cap, size_t *quoted_length);
    // JnaCalls.quote's call (Messages.quote); the arrays are copied in and out by JNA.
    static native int fd_quote(byte[] value, long length, byte[] buf, long cap, long[] quotedLength);

    /** A NUL-terminated UTF-8 string owned by the library. */
    static String string(Pointer p) {
        return p == null ? "" : p.getString(0, "UTF-8");
    }

    /**
     * The bytes a string goes to the library as: UTF-8, where a lone surrogate (no character: Java
     * strings are UTF-16 code units) is the 3 bytes its code unit takes in generalized UTF-8
     * (WTF-8, 0xED 0xA0..0xBF 0x80..0xBF), so the library sees it and words what is wrong with
     * it; a surrogate pair is its character's 4 bytes. At most the first limit bytes (cut
     * anywhere: fd_quote reads no more than QUOTE_READ_BYTES anyway). String.getBytes would
     * turn a lone surrogate into '?' in silence.
     */
    static byte[] wtf8(String s, int limit) {
        long length = 0;
        int n = s.length();
        for (int i = 0; i < n && length < limit; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                length += 1;
            } else if (c < 0x800) {
                length += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                length += 4;
                i++;
            } else {
                length += 3;
            }
        }
        length = Math.min(length, limit);
        if (length > Integer.MAX_VALUE - 16) {
            throw new OutOfMemoryError("feeddate: a string of " + length + " bytes of UTF-8 does not fit a Java array");
        }
        byte[] out = new byte[(int) length];
        int o = 0;
        for (int i = 0; i < n && o < out.length; i++) {
            int c = s.charAt(i);
            if (Character.isHighSurrogate((char) c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                c = Character.toCodePoint((char) c, s.charAt(++i));
            }
            if (c < 0x80) {
                out[o++] = (byte) c;
                continue;
            }
            // The bytes of c, lead first; as many as fit (a cut prefix may end inside a character).
            int count = c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
            for (int k = 0; k < count && o < out.length; k++) {
                int shift = 6 * (count - 1 - k);
                out[o++] = (byte) (k == 0 ? (0xF00 >> count) & 0xFF | c >> shift : 0x80 | (c >> shift) & 0x3F);
            }
        }
        return out;
    }

    /** The exception for a failed call: call right after it, on the same thread. */
    static FeedDateException error(int status) {
        String message = string(fd_last_error());
        if (message.isEmpty()) message = string(fd_status_message(status));
        return new FeedDateException(status, message);
    }

}
