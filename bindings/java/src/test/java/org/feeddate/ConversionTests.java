package org.feeddate;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.feeddate.TestKit.*;

/**
 * SPEC 11's rule (1.3) in Java's own types: the lines of
 * Tests/vectors/conversion/conversion-1.3.jsonl that an Instant (iso) and a
 * Duration (nanos) hold give the milliseconds, labels and wire bytes every
 * binding gives. The binding takes no float: the float forms (seconds,
 * millis, since_2001) are other bindings' to run.
 */
final class ConversionTests {
    private ConversionTests() {
    }

    @SuppressWarnings("unchecked")
    static void run(Path vectorsDir) throws Exception {
        Path file = vectorsDir.resolve("conversion").resolve("conversion-1.3.jsonl");
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        Map<Options, Formatter> formatters = new HashMap<>();
        Map<String, Integer> ran = new TreeMap<>();
        try (Formatter countdown = new Formatter(Options.builder(Style.COUNTDOWN).locale("en_US").timeZone("UTC")
                .precision(3).build())) {
            for (int n = 0; n < lines.size(); n++) {
                String where = file.getFileName() + ":" + (n + 1);
                Map<String, Object> j = (Map<String, Object>) Json.parse(lines.get(n));
                String kase = (String) j.get("case");
                String what = where + " (" + j.get("note") + ")";
                switch (kase) {
                    case "instant" -> {
                        if (!j.containsKey("iso")) continue;
                        Instant t = Instant.parse((String) j.get("iso"));
                        long want = (Long) j.get("expect_ms");
                        // The wire's "now" is the milliseconds the binding passed.
                        String json = countdown.schedule(t, t, Duration.ZERO, 1).toJson();
                        check(json.contains("\"now\":" + want + ","), what, json);
                    }
                    case "horizon" -> {
                        if (!j.containsKey("nanos")) continue;
                        long want = (Long) j.get("expect_ms");
                        check(Formatter.horizonMillis(Duration.ofNanos((Long) j.get("nanos"))) == want, what,
                                Formatter.horizonMillis(Duration.ofNanos((Long) j.get("nanos"))));
                        if (want < 0) {
                            expectError(what, Status.ARGUMENT, () -> countdown.schedule(Instant.EPOCH, Instant.EPOCH,
                                    Duration.ofNanos((Long) j.get("nanos")), 1),
                                    "horizon " + want + " ms is out of range 0...31622400000 (366 days)");
                        }
                    }
                    case "label", "schedule" -> {
                        Map<String, Object> tf = (Map<String, Object>) j.get("t");
                        Map<String, Object> nf = (Map<String, Object>) j.get("now");
                        if (!tf.containsKey("iso") || !nf.containsKey("iso")) continue;
                        Instant t = Instant.parse((String) tf.get("iso"));
                        Instant now = Instant.parse((String) nf.get("iso"));
                        Options o = VectorTests.options((String) j.get("style"), (Map<String, Object>) j.get("options"))
                                .build();
                        Formatter f = formatters.computeIfAbsent(o, Formatter::new);
                        if (kase.equals("label")) {
                            String text = f.format(t, now);
                            check(text.equals(j.get("text")), what, text);
                        } else {
                            Map<String, Object> hf = (Map<String, Object>) j.get("horizon");
                            if (!hf.containsKey("nanos")) continue;
                            Schedule s = f.schedule(t, now, Duration.ofNanos((Long) hf.get("nanos")),
                                    Math.toIntExact((Long) j.get("max_entries")));
                            check(s.toJson().equals(j.get("json")), what, s.toJson());
                        }
                    }
                    default -> fail(where, "unknown case " + kase);
                }
                ran.merge(kase, 1, Integer::sum);
            }
        } finally {
            for (Formatter f : formatters.values()) f.close();
        }
        for (String c : List.of("instant", "horizon", "label", "schedule")) {
            check(ran.getOrDefault(c, 0) > 0, "conversion vectors: no " + c + " line ran", ran);
        }
        System.out.println("conversion vectors run: " + ran);
    }
}
