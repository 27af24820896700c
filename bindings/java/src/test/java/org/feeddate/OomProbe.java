package org.feeddate;

import java.time.Instant;
import java.util.AbstractCollection;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * java -Xmx16m org.feeddate.OomProbe (run by BatchTests): batches too big
 * for the heap are each an OutOfMemoryError, never a crash or another
 * exception, and the formatter works and closes after them. Prints
 * "oom probe: ok" when every check held.
 */
public final class OomProbe {
    private OomProbe() {
    }

    static final long NOW = BatchTests.NOW;

    /** n instants, made as they are read: no array of them. */
    static final class Lazy extends AbstractCollection<Instant> {
        final int n;
        int read;

        Lazy(int n) {
            this.n = n;
        }

        @Override
        public int size() {
            return n;
        }

        @Override
        public Iterator<Instant> iterator() {
            return new Iterator<>() {
                int i;

                @Override
                public boolean hasNext() {
                    return i < n;
                }

                @Override
                public Instant next() {
                    read = i + 1;
                    return Instant.ofEpochMilli(NOW - 7_919_000L * (i++ % 100_000));
                }
            };
        }
    }

    interface Call {
        Batch run();
    }

    /** Runs call, which must throw OutOfMemoryError; the formatter works after it. */
    static void expectOom(Formatter f, String what, Call call, List<String> wrong) {
        try {
            Batch b = call.run();
            wrong.add(what + " returned " + b.texts().size() + " labels");
        } catch (OutOfMemoryError e) {
            System.out.println(what + ": " + e);
        } catch (Throwable e) {
            wrong.add(what + " threw " + e);
        }
        if (f.format(NOW - 1000, NOW).isEmpty()) wrong.add("format after " + what);
    }

    public static void main(String[] args) {
        List<String> wrong = new ArrayList<>();
        try (Formatter f = new Formatter(Options.builder(Style.FEED_DETAIL).locale("en_US").timeZone("UTC")
                .build())) {
            expectOom(f, "List of Integer.MAX_VALUE instants",
                    () -> f.formatMany(new Lazy(Integer.MAX_VALUE), Instant.ofEpochMilli(NOW)), wrong);
            // Out of memory midway: after some chunks (the instants read so far say so).
            Lazy lazy = new Lazy(500_000);
            expectOom(f, "List of 500000 instants", () -> f.formatMany(lazy, Instant.ofEpochMilli(NOW)), wrong);
            if (lazy.read <= Formatter.DEFAULT_CHUNK_LABELS) wrong.add("List: out of memory before the 2nd chunk");
            System.out.println("  after " + lazy.read + " instants read");
            long[] a = new long[500_000];
            for (int i = 0; i < a.length; i++) a[i] = NOW - 7_919_000L * (i % 100_000);
            expectOom(f, "long[500000]", () -> f.formatMany(a, NOW), wrong);
        } catch (Throwable e) {
            wrong.add("threw " + e);
        }
        System.out.println(wrong.isEmpty() ? "oom probe: ok" : "oom probe: " + wrong);
    }
}
