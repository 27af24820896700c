package org.feeddate;

import java.nio.file.Paths;

/**
 * The Java binding's suite: java org.feeddate.AllTests [vectors-folder].
 * Prints a FAIL line per failed check and closes with "N passed, N failed";
 * exits 1 when a check failed. {@code -Dfeeddate.suites=close,batches} runs
 * only the suites named.
 */
public final class AllTests {
    private AllTests() {
    }

    public static void main(String[] args) throws Exception {
        String dir = args.length > 0 ? args[0] : "Tests/vectors";
        String[] suites = {"api", "errors", "zones", "vectors", "threads", "close", "batches", "schedules", "natives"};
        String only = System.getProperty("feeddate.suites", "");
        if (!only.isEmpty()) suites = only.split(",");
        for (String s : suites) {
            int before = TestKit.passed.get() + TestKit.failed.get();
            long t0 = System.nanoTime();
            try {
                switch (s) {
                    case "api" -> ApiTests.run();
                    case "errors" -> ErrorTests.run();
                    case "zones" -> ZoneTests.run();
                    case "vectors" -> VectorTests.run(Paths.get(dir));
                    case "threads" -> ConcurrencyTests.run();
                    case "close" -> CloseTests.run();
                    case "batches" -> BatchTests.run();
                    case "schedules" -> ScheduleTests.run(Paths.get(dir));
                    case "natives" -> NativeLoaderTests.run();
                    default -> throw new IllegalArgumentException("no suite " + s);
                }
            } catch (Throwable t) {
                TestKit.fail(s, "threw " + t);
                t.printStackTrace(System.out);
            }
            System.out.printf("== %s: %d checks, %.1f s%n", s, TestKit.passed.get() + TestKit.failed.get() - before,
                    (System.nanoTime() - t0) / 1e9);
        }
        System.out.println(TestKit.passed.get() + " passed, " + TestKit.failed.get() + " failed");
        System.exit(TestKit.failed.get() == 0 ? 0 : 1);
    }
}
