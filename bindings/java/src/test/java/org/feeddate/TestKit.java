package org.feeddate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
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

    interface FormatterCall {
        void run(Formatter f) throws Exception;
    }

    /** A test that call, on a formatter of make's (closed after it), throws the error expectError checks. */
    static DynamicTest callError(String what, Supplier<Formatter> make, Status status, FormatterCall call,
            String... needles) {
        return test(what, () -> {
            try (Formatter f = make.get()) {
                expectError(what, status, () -> call.run(f), needles);
            }
        });
    }

    /** A zh_CN Asia/Shanghai formatter of this style. */
    static Formatter zh(Style style) {
        return new Formatter(Options.builder(style).locale("zh_CN").timeZone("Asia/Shanghai").build());
    }

    /** callError on a FEED zh_CN Asia/Shanghai formatter. */
    static DynamicTest zhError(String what, Status status, FormatterCall call, String... needles) {
        return callError(what, () -> zh(Style.FEED), status, call, needles);
    }

    /** A test that call, on a formatter of make's, throws NullPointerException (the check's name: what). */
    static DynamicTest nullArgument(String name, String what, Supplier<Formatter> make, FormatterCall call) {
        return test(name, () -> {
            try (Formatter f = make.get()) {
                Throwable thrown = null;
                try {
                    call.run(f);
                } catch (Throwable e) {
                    thrown = e;
                }
                check(thrown instanceof NullPointerException, what, thrown == null ? "no exception" : "threw " + thrown);
            }
        });
    }

    /**
     * What read makes of each line of a vector file (a JSON object; blank lines are skipped), given its id
     * ("file.jsonl:12"); a line it cannot read is a failing test in tests, "malformed KIND: why".
     */
    @SuppressWarnings("unchecked")
    static <T> List<T> jsonLines(Path file, String kind, List<? super DynamicTest> tests, LineReader<T> read)
            throws IOException {
        List<T> out = new ArrayList<>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int n = 0; n < lines.size(); n++) {
            if (lines.get(n).isBlank()) continue;
            String where = file.getFileName() + ":" + (n + 1);
            try {
                out.add(read.read(where, (Map<String, Object>) Json.parse(lines.get(n))));
            } catch (RuntimeException e) {
                tests.add(test(where, () -> fail(where, "malformed " + kind + ": " + e)));
            }
        }
        return out;
    }

    interface LineReader<T> {
        T read(String where, Map<String, Object> json);
    }

    /** The formatters of a test class's vectors, one per options, made when first asked and closed after it. */
    static final class Formatters {
        private final Map<Options, Formatter> made = new HashMap<>();

        /** The formatter of o; a failed check at where when it cannot be made. */
        synchronized Formatter get(Options o, String where) {
            try {
                return made.computeIfAbsent(o, Formatter::new);
            } catch (RuntimeException e) {
                fail(where, "new Formatter(" + o + ") threw " + e);
                return null;
            }
        }

        synchronized void close() {
            for (Formatter f : made.values()) f.close();
            made.clear();
        }
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
