package org.feeddate;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The suites of {@link AllTests} under JUnit 5 ({@code mvn test}, pom.xml): one test per suite,
 * failing with the suite's FAIL lines, and failing when a suite made no check at all. The vectors
 * come from the system property feeddate.vectors (the pom: ../../Tests/vectors).
 */
class SuitesTest {
    @TestFactory
    Stream<DynamicTest> suites() {
        Path vectors = Paths.get(System.getProperty("feeddate.vectors", "../../Tests/vectors"));
        return AllTests.SUITES.keySet().stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            int checks = TestKit.passed.get() + TestKit.failed.get();
            int failures = TestKit.failures.size();
            AllTests.run(name, vectors);
            List<String> failed = TestKit.failures.subList(failures, TestKit.failures.size());
            assertTrue(failed.isEmpty(), () -> failed.size() + " failed checks:\n" + String.join("\n", failed));
            assertTrue(TestKit.passed.get() + TestKit.failed.get() > checks, "the suite made no check");
        }));
    }

    /** The count the other suites close with, for the log. */
    @AfterAll
    static void summary() {
        System.out.println(TestKit.passed.get() + " passed, " + TestKit.failed.get() + " failed");
    }
}
