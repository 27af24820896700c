package org.feeddate;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.feeddate.TestKit.*;

/**
 * SPEC 11's rule (1.3) in Java's own types: the lines of
 * Tests/vectors/conversion/conversion-1.3.jsonl that an Instant (iso) and a
 * Duration (nanos) hold give the milliseconds, labels and wire bytes every
 * binding gives, one test per line. The binding takes no float: the float
 * forms (seconds, millis, since_2001) are other bindings' to run.
 */
@ExtendWith(TestKit.Count.class)
class ConversionTests {
    static final TestKit.Formatters FORMATTERS = new TestKit.Formatters();

    @AfterAll
    static void close() {
        FORMATTERS.close();
    }

    static Formatter countdown() {
        return FORMATTERS.get(Options.builder(Style.COUNTDOWN).locale("en_US").timeZone("UTC").precision(3).build(),
                "conversion vectors: the COUNTDOWN formatter");
    }

    @TestFactory
    @SuppressWarnings("unchecked")
    Stream<DynamicTest> conversionVectors() throws Exception {
        Path file = ErrorTests.vectorsDir().resolve("conversion").resolve("conversion-1.3.jsonl");
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        Map<String, Integer> ran = new TreeMap<>();
        List<DynamicTest> tests = new ArrayList<>();
        for (int n = 0; n < lines.size(); n++) {
            String where = file.getFileName() + ":" + (n + 1);
            Map<String, Object> j = (Map<String, Object>) Json.parse(lines.get(n));
            String kase = (String) j.get("case");
            String what = where + " (" + j.get("note") + ")";
            switch (kase) {
                case "instant" -> {
                    if (!j.containsKey("iso")) continue;
                    tests.add(test(what, () -> {
                        Instant t = Instant.parse((String) j.get("iso"));
                        long want = (Long) j.get("expect_ms");
                        // The wire's "now" is the milliseconds the binding passed.
                        String json = countdown().schedule(t, t, Duration.ZERO, 1).toJson();
                        check(json.contains("\"now\":" + want + ","), what, json);
                    }));
                }
                case "horizon" -> {
                    if (!j.containsKey("nanos")) continue;
                    tests.add(test(what, () -> {
                        long want = (Long) j.get("expect_ms");
                        check(Formatter.horizonMillis(Duration.ofNanos((Long) j.get("nanos"))) == want, what,
                                Formatter.horizonMillis(Duration.ofNanos((Long) j.get("nanos"))));
                        if (want < 0) {
                            expectError(what, Status.ARGUMENT, () -> countdown().schedule(Instant.EPOCH, Instant.EPOCH,
                                    Duration.ofNanos((Long) j.get("nanos")), 1),
                                    "horizon " + want + " ms is out of range 0...31622400000 (366 days)");
                        }
                    }));
                }
                case "label", "schedule" -> {
                    Map<String, Object> tf = (Map<String, Object>) j.get("t");
                    Map<String, Object> nf = (Map<String, Object>) j.get("now");
                    if (!tf.containsKey("iso") || !nf.containsKey("iso")) continue;
                    Map<String, Object> hf = (Map<String, Object>) j.get("horizon");
                    if (kase.equals("schedule") && !hf.containsKey("nanos")) continue;
                    tests.add(test(what, () -> {
                        Instant t = Instant.parse((String) tf.get("iso"));
                        Instant now = Instant.parse((String) nf.get("iso"));
                        Formatter f = FORMATTERS.get(VectorTests.options((String) j.get("style"),
                                (Map<String, Object>) j.get("options")).build(), what);
                        if (kase.equals("label")) {
                            String text = f.format(t, now);
                            check(text.equals(j.get("text")), what, text);
                        } else {
                            Schedule s = f.schedule(t, now, Duration.ofNanos((Long) hf.get("nanos")),
                                    Math.toIntExact((Long) j.get("max_entries")));
                            check(s.toJson().equals(j.get("json")), what, s.toJson());
                        }
                    }));
                }
                default -> tests.add(test(where, () -> fail(where, "unknown case " + kase)));
            }
            ran.merge(kase, 1, Integer::sum);
        }
        for (String c : List.of("instant", "horizon", "label", "schedule")) {
            tests.add(test("conversion vectors: some " + c + " line", () ->
                    check(ran.getOrDefault(c, 0) > 0, "conversion vectors: no " + c + " line ran", ran)));
        }
        System.out.println("conversion vectors: " + ran);
        return tests.stream();
    }
}
