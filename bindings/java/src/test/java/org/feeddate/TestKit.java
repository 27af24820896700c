package org.feeddate;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** Counts checks and prints a FAIL line for each one that fails, as the C suites do. */
final class TestKit {
    static final AtomicInteger passed = new AtomicInteger();
    static final AtomicInteger failed = new AtomicInteger();
    /** Every FAIL line so far (SuitesTest puts a suite's into its assertion). */
    static final List<String> failures = new CopyOnWriteArrayList<>();

    private TestKit() {
    }

    /** Counts one check; prints "FAIL what: detail" when it failed. Returns ok. */
    static boolean check(boolean ok, String what, Object detail) {
        if (ok) {
            passed.incrementAndGet();
        } else {
            failed.incrementAndGet();
            failures.add(what + ": " + detail);
            System.out.println("FAIL " + what + ": " + detail);
        }
        return ok;
    }

    static boolean check(boolean ok, String what) {
        return check(ok, what, "");
    }

    static void fail(String what, Object detail) {
        check(false, what, detail);
    }

    /** Runs body; an exception it throws is one failed check. */
    static void run(String what, ThrowingRunnable body) {
        try {
            body.run();
        } catch (Throwable t) {
            fail(what, "threw " + t);
        }
    }

    /** Runs body and checks that it throws FeedDateException with the status and a message naming every needle. */
    static void expectError(String what, Status status, ThrowingRunnable body, String... needles) {
        try {
            body.run();
            fail(what, "no exception; expected " + status);
        } catch (FeedDateException e) {
            boolean ok = e.status() == status && e.statusCode() == status.code();
            for (String n : needles) ok &= e.getMessage().contains(n);
            check(ok, what, "got " + e.status() + " (" + e.statusCode() + ") \"" + e.getMessage()
                    + "\"; expected " + status + " naming " + String.join(", ", needles));
        } catch (Throwable t) {
            fail(what, "threw " + t + "; expected FeedDateException " + status);
        }
    }

    interface ThrowingRunnable {
        void run() throws Exception;
    }
}
