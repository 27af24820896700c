package org.feeddate;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The Java binding's suite: java org.feeddate.AllTests [vectors-folder].
 * Prints a FAIL line per failed check and closes with "N passed, N failed";
 * exits 1 when a check failed. {@code -Dfeeddate.suites=close,batches} runs
 * only the suites named.
 */
public final class AllTests {
    /** A suite: its checks, given the vectors folder. */
    interface Suite {
        void run(Path vectors) throws Exception;
    }

    /** Every suite, in the order they run; SuitesTest runs the same under JUnit 5 (mvn test). */
    static final Map<String, Suite> SUITES = new LinkedHashMap<>();
    static {
        SUITES.put("api", v -> ApiTests.run());
        SUITES.put("errors", ErrorTests::run);
        SUITES.put("zones", v -> ZoneTests.run());
        SUITES.put("vectors", VectorTests::run);
        SUITES.put("threads", v -> ConcurrencyTests.run());
        SUITES.put("close", v -> CloseTests.run());
        SUITES.put("batches", v -> BatchTests.run());
        SUITES.put("schedules", ScheduleTests::run);
        SUITES.put("html", HtmlTests::run);
        SUITES.put("natives", v -> NativeLoaderTests.run());
    }

    private AllTests() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Paths.get(args.length > 0 ? args[0] : "Tests/vectors");
        String only = System.getProperty("feeddate.suites", "");
        for (String s : only.isEmpty() ? SUITES.keySet().toArray(new String[0]) : only.split(",")) {
            run(s, dir);
        }
        System.out.println(TestKit.passed.get() + " passed, " + TestKit.failed.get() + " failed");
        System.exit(TestKit.failed.get() == 0 ? 0 : 1);
    }

    /** Runs one suite (an exception is a failed check) and prints "== name: N checks, T s". */
    static void run(String name, Path vectors) {
        int before = TestKit.passed.get() + TestKit.failed.get();
        long t0 = System.nanoTime();
        try {
            Suite suite = SUITES.get(name);
            if (suite == null) throw new IllegalArgumentException("no suite " + name);
            suite.run(vectors);
        } catch (Throwable t) {
            TestKit.fail(name, "threw " + t);
            t.printStackTrace(System.out);
        }
        System.out.printf("== %s: %d checks, %.1f s%n", name, TestKit.passed.get() + TestKit.failed.get() - before,
                (System.nanoTime() - t0) / 1e9);
    }
}
