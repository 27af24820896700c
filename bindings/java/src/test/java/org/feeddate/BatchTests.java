package org.feeddate;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

import static org.feeddate.TestKit.*;

/**
 * formatMany in bounded chunks (SPEC 10, 1.2): any chunk size gives what one
 * big call gives (texts, earliest next change, the index an error names),
 * and running out of memory is Java's own OutOfMemoryError.
 */
final class BatchTests {
    private BatchTests() {
    }

    static final long NOW = 1711348200000L; // 2024-03-25T06:30:00Z
    static final long MIN = 60_000L, DAY = 86_400_000L;
    static final long MAX_MS = 253402300799999L;
    static final int[] CHUNKS = {1, 7, 1000};

    static Formatter make(Options.Builder b) {
        return new Formatter(b.build());
    }

    static List<Instant> instants(long[] ts) {
        List<Instant> l = new ArrayList<>(ts.length);
        for (long t : ts) l.add(Instant.ofEpochMilli(t));
        return l;
    }

    static void run() throws Exception {
        // 5003 instants over five years, past and future; the last one alone changes within a minute.
        long[] ts = new long[5003];
        long seed = 7;
        for (int i = 0; i < ts.length - 1; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            ts[i] = NOW - 2 * DAY - Long.remainderUnsigned(seed >>> 11, 5L * 365 * DAY) + (i % 5 == 0 ? 9 * DAY : 0);
        }
        ts[ts.length - 1] = NOW - 5 * MIN - 30_000;

        for (Options.Builder o : List.of(
                Options.builder(Style.RELATIVE).locale("en_US").timeZone("America/New_York"),
                Options.builder(Style.FEED).locale("zh_CN").timeZone("Asia/Shanghai"),
                Options.builder(Style.FEED_DETAIL).locale("my_MM").timeZone("Asia/Yangon"))) {
            long t0 = System.nanoTime();
            TestKit.run("batches: " + o.build(), () -> {
                try (Formatter f = make(o)) {
                    Batch one = f.chunkLabels(Formatter.MAX_CHUNK_LABELS).formatMany(ts, NOW);
                    String style = o.build().style().toString();
                    if (style.equals("RELATIVE")) {
                        Instant last = f.label(ts[ts.length - 1], NOW).nextChange();
                        check(one.nextChange().equals(last) && last.equals(Instant.ofEpochMilli(NOW + 30_000)),
                                "batches: the earliest next change is the last instant's", one.nextChange());
                    }
                    if (style.equals("FEED_DETAIL")) {
                        int longest = 0;
                        for (String s : one.texts()) longest = Math.max(longest,
                                s.getBytes(StandardCharsets.UTF_8).length);
                        check(longest > 32, "batches: FEED_DETAIL my_MM labels exceed the first guess of bytes",
                                longest);
                    }
                    boolean same = true;
                    for (int i = 0; i < ts.length; i += 97) same &= f.format(ts[i], NOW).equals(one.texts().get(i));
                    check(same, "batches: " + style + ", one big call equals format one by one");
                    for (int chunk : CHUNKS) {
                        f.chunkLabels(chunk);
                        Batch b = f.formatMany(ts, NOW);
                        check(b.texts().equals(one.texts()) && Objects.equals(b.nextChange(), one.nextChange()),
                                "batches: " + style + ", chunks of " + chunk + " equal one big call",
                                b.nextChange() + " vs " + one.nextChange());
                        Batch c = f.formatMany(instants(ts), Instant.ofEpochMilli(NOW));
                        check(c.equals(b), "batches: " + style + ", List<Instant> in chunks of " + chunk);
                    }
                }
            });
            System.out.printf("batches: %s, %d instants in chunks of 1, 7, 1000 and one: %.1f s%n",
                    o.build().style(), ts.length, (System.nanoTime() - t0) / 1e9);
        }
        long t1 = System.nanoTime();

        TestKit.run("batches: errors name the index", () -> {
            try (Formatter f = make(Options.builder(Style.FEED).locale("en_US").timeZone("UTC"))) {
                int[] bad = {0, 6, 7, 999, 1000, 2500, ts.length - 1};
                for (int chunk : new int[] {1, 7, 1000, Formatter.MAX_CHUNK_LABELS}) {
                    f.chunkLabels(chunk);
                    for (int k : bad) {
                        long[] t = ts.clone();
                        t[k] = MAX_MS + 1;
                        if (k + 3 < t.length) t[k + 3] = Long.MIN_VALUE; // a later one is not the one named
                        expectError("batches: chunks of " + chunk + ", instant " + k + " out of range", Status.RANGE,
                                () -> f.formatMany(t, NOW), "t[" + k + "]: ", "253402300800000");
                        List<Instant> l = new ArrayList<>(instants(ts));
                        l.set(k, Instant.ofEpochMilli(MAX_MS + 1));
                        expectError("batches: List<Instant>, chunks of " + chunk + ", instant " + k + " out of range",
                                Status.RANGE, () -> f.formatMany(l, Instant.ofEpochMilli(NOW)), "t[" + k + "]: ");
                        l.set(k, null);
                        try {
                            f.formatMany(l, Instant.ofEpochMilli(NOW));
                            fail("batches: a null at " + k, "no exception");
                        } catch (NullPointerException e) {
                            check(("t[" + k + "]").equals(e.getMessage()), "batches: chunks of " + chunk
                                    + ", a null at " + k + " is named", e.getMessage());
                        }
                    }
                    expectError("batches: chunks of " + chunk + ", now out of range", Status.RANGE,
                            () -> f.formatMany(ts, MAX_MS + 1), "now: ", "253402300800000");
                }
                check(f.format(NOW - MIN, NOW).length() > 0, "batches: the formatter works after the errors");
            }
        });

        System.out.printf("batches: errors: %.1f s%n", (System.nanoTime() - t1) / 1e9);
        TestKit.run("batches: the API around chunks", () -> {
            try (Formatter f = make(Options.builder(Style.FEED).locale("en_US").timeZone("UTC"))) {
                Batch b = f.chunkLabels(7).formatMany(Arrays.copyOf(ts, 20), NOW);
                try {
                    b.texts().set(0, "x");
                    fail("batches: texts are unmodifiable", "set worked");
                } catch (UnsupportedOperationException e) {
                    check(true, "batches: texts are unmodifiable");
                }
                check(new Batch(b.texts(), b.nextChange()).equals(b) && b.texts().size() == 20,
                        "batches: Batch of the binding's list");
                Batch none = f.formatMany(new long[0], NOW);
                check(none.texts().isEmpty() && none.nextChange() == null, "batches: an empty batch", none);
                for (int n : new int[] {0, -1, Formatter.MAX_CHUNK_LABELS + 1}) {
                    try {
                        f.chunkLabels(n);
                        fail("batches: chunkLabels(" + n + ")", "accepted");
                    } catch (IllegalArgumentException e) {
                        check(true, "batches: chunkLabels(" + n + ") refused");
                    }
                }
            }
        });

        long t2 = System.nanoTime();
        TestKit.run("batches: out of memory", BatchTests::outOfMemory);
        System.out.printf("batches: out of memory (a JVM of its own): %.1f s%n", (System.nanoTime() - t2) / 1e9);
    }

    /** A JVM with a 16 MB heap runs OomProbe: each batch too big for it is an OutOfMemoryError, then all is well. */
    static void outOfMemory() throws Exception {
        String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
        List<String> cmd = new ArrayList<>(List.of(java, "-Xmx16m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-XX:-UsePerfData", "-cp", System.getProperty("java.class.path")));
        String lib = System.getProperty("feeddate.library"); // else $FEEDDATE_LIBRARY, inherited
        if (lib != null) cmd.add(1, "-Dfeeddate.library=" + lib);
        cmd.add(OomProbe.class.getName());
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        boolean done = p.waitFor(60, TimeUnit.SECONDS);
        if (!done) p.destroyForcibly();
        check(done && p.exitValue() == 0 && out.endsWith("oom probe: ok"),
                "batches: out of memory in formatMany is Java's OutOfMemoryError (-Xmx16m), and the formatter"
                        + " still works and closes", (done ? "exit " + p.exitValue() : "timed out") + ": " + out);
    }
}
