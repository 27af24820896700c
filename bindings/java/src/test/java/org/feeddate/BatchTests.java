package org.feeddate;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.feeddate.TestKit.*;

/**
 * formatMany in bounded chunks (SPEC 10, 1.2): any chunk size gives what one
 * big call gives (texts, earliest next change, the index an error names),
 * and running out of memory is Java's own OutOfMemoryError.
 */
@ExtendWith(TestKit.Count.class)
class BatchTests {
    static final long NOW = 1711348200000L; // 2024-03-25T06:30:00Z
    static final long MIN = 60_000L, DAY = 86_400_000L;
    static final long MAX_MS = 253402300799999L;
    static final int[] CHUNKS = {1, 7, 1000};
    /** 5003 instants over five years, past and future; the last one alone changes within a minute. */
    static final long[] TS = instants();

    static long[] instants() {
        long[] ts = new long[5003];
        long seed = 7;
        for (int i = 0; i < ts.length - 1; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            ts[i] = NOW - 2 * DAY - Long.remainderUnsigned(seed >>> 11, 5L * 365 * DAY) + (i % 5 == 0 ? 9 * DAY : 0);
        }
        ts[ts.length - 1] = NOW - 5 * MIN - 30_000;
        return ts;
    }

    static Formatter make(Options.Builder b) {
        return new Formatter(b.build());
    }

    static Formatter en() {
        return make(Options.builder(Style.FEED).locale("en_US").timeZone("UTC"));
    }

    static List<Instant> instants(long[] ts) {
        List<Instant> l = new ArrayList<>(ts.length);
        for (long t : ts) l.add(Instant.ofEpochMilli(t));
        return l;
    }

    interface BatchCheck {
        void run(Formatter f, Batch one, String style) throws Exception;
    }

    /** A test with a formatter of o and its one big call (chunks of MAX_CHUNK_LABELS) of TS. */
    static DynamicTest withOne(String what, Options.Builder o, BatchCheck body) {
        return test(what, () -> {
            try (Formatter f = make(o)) {
                Batch one = f.chunkLabels(Formatter.MAX_CHUNK_LABELS).formatMany(TS, NOW);
                body.run(f, one, o.build().style().toString());
            }
        });
    }

    /** Per style: one big call against format one by one, and every chunk size against one big call. */
    @TestFactory
    List<DynamicNode> chunks() {
        List<DynamicNode> nodes = new ArrayList<>();
        for (Options.Builder o : List.of(
                Options.builder(Style.RELATIVE).locale("en_US").timeZone("America/New_York"),
                Options.builder(Style.FEED).locale("zh_CN").timeZone("Asia/Shanghai"),
                Options.builder(Style.FEED_DETAIL).locale("my_MM").timeZone("Asia/Yangon"))) {
            String style = o.build().style().toString();
            List<DynamicTest> tests = new ArrayList<>();
            if (style.equals("RELATIVE")) {
                tests.add(withOne("the earliest next change is the last instant's", o, (f, one, s) -> {
                    Instant last = f.label(TS[TS.length - 1], NOW).nextChange();
                    check(one.nextChange().equals(last) && last.equals(Instant.ofEpochMilli(NOW + 30_000)),
                            "batches: the earliest next change is the last instant's", one.nextChange());
                }));
            }
            if (style.equals("FEED_DETAIL")) {
                tests.add(withOne("my_MM labels exceed the first guess of bytes", o, (f, one, s) -> {
                    int longest = 0;
                    for (String t : one.texts()) longest = Math.max(longest, t.getBytes(StandardCharsets.UTF_8).length);
                    check(longest > 32, "batches: FEED_DETAIL my_MM labels exceed the first guess of bytes", longest);
                }));
            }
            tests.add(withOne("one big call equals format one by one", o, (f, one, s) -> {
                boolean same = true;
                for (int i = 0; i < TS.length; i += 97) same &= f.format(TS[i], NOW).equals(one.texts().get(i));
                check(same, "batches: " + s + ", one big call equals format one by one");
            }));
            for (int chunk : CHUNKS) {
                tests.add(withOne("chunks of " + chunk + " equal one big call", o, (f, one, s) -> {
                    Batch b = f.chunkLabels(chunk).formatMany(TS, NOW);
                    check(b.texts().equals(one.texts()) && Objects.equals(b.nextChange(), one.nextChange()),
                            "batches: " + s + ", chunks of " + chunk + " equal one big call",
                            b.nextChange() + " vs " + one.nextChange());
                }));
                tests.add(withOne("List<Instant> in chunks of " + chunk, o, (f, one, s) -> {
                    Batch b = f.chunkLabels(chunk).formatMany(TS, NOW);
                    Batch c = f.formatMany(instants(TS), Instant.ofEpochMilli(NOW));
                    check(c.equals(b), "batches: " + s + ", List<Instant> in chunks of " + chunk);
                }));
            }
            nodes.add(DynamicContainer.dynamicContainer("batches: " + o.build(), tests));
        }
        return nodes;
    }

    static final int[] BAD = {0, 6, 7, 999, 1000, 2500, 5003 - 1};

    /** Per chunk size and bad instant: the error names that instant's index, in long[] and List<Instant>. */
    @TestFactory
    Stream<DynamicTest> errorsNameTheIndex() {
        List<DynamicTest> tests = new ArrayList<>();
        for (int chunk : new int[] {1, 7, 1000, Formatter.MAX_CHUNK_LABELS}) {
            for (int k : BAD) {
                tests.add(test("chunks of " + chunk + ", instant " + k + " out of range", () -> {
                    try (Formatter f = en()) {
                        f.chunkLabels(chunk);
                        long[] t = TS.clone();
                        t[k] = MAX_MS + 1;
                        if (k + 3 < t.length) t[k + 3] = Long.MIN_VALUE; // a later one is not the one named
                        expectError("batches: chunks of " + chunk + ", instant " + k + " out of range", Status.RANGE,
                                () -> f.formatMany(t, NOW), "t[" + k + "]: ", "253402300800000");
                        List<Instant> l = new ArrayList<>(instants(TS));
                        l.set(k, Instant.ofEpochMilli(MAX_MS + 1));
                        expectError("batches: List<Instant>, chunks of " + chunk + ", instant " + k + " out of range",
                                Status.RANGE, () -> f.formatMany(l, Instant.ofEpochMilli(NOW)), "t[" + k + "]: ");
                        l.set(k, null);
                        NullPointerException npe = null;
                        try {
                            f.formatMany(l, Instant.ofEpochMilli(NOW));
                        } catch (NullPointerException e) {
                            npe = e;
                        }
                        if (npe == null) fail("batches: a null at " + k, "no exception");
                        check(("t[" + k + "]").equals(npe.getMessage()), "batches: chunks of " + chunk
                                + ", a null at " + k + " is named", npe.getMessage());
                    }
                }));
            }
            tests.add(test("chunks of " + chunk + ", now out of range", () -> {
                try (Formatter f = en()) {
                    f.chunkLabels(chunk);
                    expectError("batches: chunks of " + chunk + ", now out of range", Status.RANGE,
                            () -> f.formatMany(TS, MAX_MS + 1), "now: ", "253402300800000");
                }
            }));
        }
        return tests.stream();
    }

    @Test
    void theFormatterWorksAfterTheErrors() {
        try (Formatter f = en()) {
            long[] t = TS.clone();
            t[6] = MAX_MS + 1;
            thrown("batches: instant 6 out of range", Status.RANGE, () -> f.chunkLabels(7).formatMany(t, NOW));
            thrown("batches: now out of range", Status.RANGE, () -> f.formatMany(TS, MAX_MS + 1));
            check(f.format(NOW - MIN, NOW).length() > 0, "batches: the formatter works after the errors");
        }
    }

    // ---- the API around chunks ----

    @Test
    void textsAreUnmodifiable() {
        try (Formatter f = en()) {
            Batch b = f.chunkLabels(7).formatMany(Arrays.copyOf(TS, 20), NOW);
            boolean refused = false;
            try {
                b.texts().set(0, "x");
            } catch (UnsupportedOperationException e) {
                refused = true;
            }
            check(refused, "batches: texts are unmodifiable", "set worked");
        }
    }

    @Test
    void batchOfTheBindingsList() {
        try (Formatter f = en()) {
            Batch b = f.chunkLabels(7).formatMany(Arrays.copyOf(TS, 20), NOW);
            check(new Batch(b.texts(), b.nextChange()).equals(b) && b.texts().size() == 20,
                    "batches: Batch of the binding's list");
        }
    }

    @Test
    void anEmptyBatch() {
        try (Formatter f = en()) {
            Batch none = f.chunkLabels(7).formatMany(new long[0], NOW);
            check(none.texts().isEmpty() && none.nextChange() == null, "batches: an empty batch", none);
        }
    }

    @ParameterizedTest(name = "chunkLabels({0}) is refused")
    @ValueSource(ints = {0, -1, Formatter.MAX_CHUNK_LABELS + 1})
    void chunkLabelsOutOfRangeIsRefused(int n) {
        try (Formatter f = en()) {
            boolean refused = false;
            try {
                f.chunkLabels(n);
            } catch (IllegalArgumentException e) {
                refused = true;
            }
            check(refused, "batches: chunkLabels(" + n + ") refused", "accepted");
        }
    }

    /** A JVM with a 16 MB heap runs OomProbe: each batch too big for it is an OutOfMemoryError, then all is well. */
    @Test
    void outOfMemoryIsJavasOutOfMemoryError() throws Exception {
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
