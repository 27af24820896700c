package org.feeddate;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.opentest4j.AssertionFailedError;

/**
 * The checks of the JUnit 5 tests: each is an assertion (a failed one fails its test with "what: detail"),
 * counted, so that a run can say how many checks its tests made ({@link Count}).
 */
final class TestKit {
    /** Every check made in this JVM, passed or failed. */
    static final AtomicInteger checks = new AtomicInteger();

    private TestKit() {
    }

    /** One check: fails the test with "what: detail" unless ok. Returns true (it returns only when ok). */
    static boolean check(boolean ok, String what, Object detail) {
        checks.incrementAndGet();
        if (!ok) throw new AssertionFailedError(what + ": " + detail);
        return true;
    }

    static boolean check(boolean ok, String what) {
        return check(ok, what, "");
    }

    /** A failed check. */
    static void fail(String what, Object detail) {
        check(false, what, detail);
    }

    /** Checks that body throws FeedDateException with the status and a message naming every needle. */
    static void expectError(String what, Status status, ThrowingRunnable body, String... needles) {
        FeedDateException e = thrown(what, status, body);
        boolean ok = e.status() == status && e.statusCode() == status.code();
        for (String n : needles) ok &= e.getMessage().contains(n);
        check(ok, what, "got " + e.status() + " (" + e.statusCode() + ") \"" + e.getMessage()
                + "\"; expected " + status + " naming " + String.join(", ", needles));
    }

    /** The FeedDateException body throws; no exception, or another one, is a failed check. */
    static FeedDateException thrown(String what, Status status, ThrowingRunnable body) {
        try {
            body.run();
        } catch (FeedDateException e) {
            return e;
        } catch (Throwable t) {
            throw new AssertionFailedError(what + ": threw " + t + "; expected FeedDateException " + status, t);
        }
        fail(what, "no exception; expected " + status);
        return null;
    }

    /** A test named what (its display name in the report) whose body is these checks. */
    static DynamicTest test(String what, ThrowingRunnable body) {
        return DynamicTest.dynamicTest(what, body::run);
    }

    interface ThrowingRunnable {
        void run() throws Exception;
    }

    /** Prints "== Class: N checks in T s" after a test class (@ExtendWith(TestKit.Count.class)). */
    static final class Count implements BeforeAllCallback, AfterAllCallback {
        private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(Count.class);

        @Override
        public void beforeAll(ExtensionContext context) {
            context.getStore(NS).put("start", new long[] {checks.get(), System.nanoTime()});
        }

        @Override
        public void afterAll(ExtensionContext context) {
            long[] start = context.getStore(NS).get("start", long[].class);
            System.out.printf("== %s: %d checks in %.1f s (%d in all so far)%n", context.getDisplayName(),
                    checks.get() - start[0], (System.nanoTime() - start[1]) / 1e9, checks.get());
        }
    }
}
