package org.feeddate;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.feeddate.TestKit.*;

/**
 * html and scriptJson (SPEC section 11, 1.3; issue 39 item 2): every line of
 * the shared html vectors (FEEDDATE_HTML_VECTORS when set, else
 * Tests/vectors/html/html-1.3.jsonl) gives the library's markup and script
 * form byte for byte, through the milliseconds, Instant/Duration and default
 * overloads; at least 12 cases run (one with the variable), and a missing
 * file fails. Then: bad arguments are schedule's errors in the library's
 * words, spoken adds data-spoken-schedule, outputs past the first buffer
 * guess, a closed formatter. One test per vector line and per check.
 */
@ExtendWith(TestKit.Count.class)
class HtmlTests {
    /** One parsed html vector line. */
    record Case(String where, Options options, long t, long now, long horizon, int maxEntries, boolean spoken,
            String html, String scriptJson) {
    }

    static final long NOW = 1711348200000L, T = NOW - 30_000;
    static final Instant NOW_I = Instant.ofEpochMilli(NOW), T_I = Instant.ofEpochMilli(T);
    static final TestKit.Formatters FORMATTERS = new TestKit.Formatters();

    @AfterAll
    static void close() {
        FORMATTERS.close();
    }

    /** One test per line of the html vectors; a missing file fails, and so do fewer than 12 cases. */
    @TestFactory
    Stream<DynamicTest> vectors() throws Exception {
        Path file = file(ErrorTests.vectorsDir());
        boolean named = System.getenv("FEEDDATE_HTML_VECTORS") != null && !System.getenv("FEEDDATE_HTML_VECTORS")
                .isEmpty();
        List<DynamicTest> tests = new ArrayList<>();
        tests.add(test("html vectors: the file", () -> check(Files.isRegularFile(file),
                "html vectors: no file " + file.toAbsolutePath())));
        if (!Files.isRegularFile(file)) return tests.stream();
        List<Case> cases = jsonLines(file, "html vector", tests, HtmlTests::html);
        for (Case c : cases) tests.add(test(c.where.substring(0, c.where.indexOf(' ')), () -> checkCase(FORMATTERS.get(c.options, c.where), c)));
        int ran = cases.size();
        tests.add(test("html vectors: how many", () -> check(named ? ran > 0 : ran >= 12, "html vectors: " + ran
                + " cases of " + file + (named ? " (FEEDDATE_HTML_VECTORS: one or more)" : " (12 or more)"), ran)));
        System.out.println("  " + ran + " html vectors of " + file);
        return tests.stream();
    }

    // ---- what bindings/java/README.md ("Markup: html and scriptJson") says its example gives ----

    static final Instant README_NOW = Instant.parse("2024-03-25T06:30:00Z");
    static final Instant README_T = README_NOW.minus(Duration.ofMinutes(50));
    static final String README_ATTR = "{&quot;v&quot;:1,&quot;now&quot;:1711348200000,&quot;labels&quot;:"
            + "[[&quot;13:40&quot;,0],[&quot;昨天&quot;,34200000]],&quot;until&quot;:1711468800000}";
    static final String README_HTML = "<time datetime=\"2024-03-25T05:40:00.000Z\" title=\"2024年3月25日 13:40\">"
            + "<feed-date data-schedule=\"" + README_ATTR + "\">13:40</feed-date></time>";

    @Test
    void readmesExample() {
        try (Formatter f = zh(Style.FEED)) {
            String html = f.html(README_T, README_NOW);
            check(html.equals(README_HTML), "html: the README's example", html);
        }
    }

    @Test
    void readmesSpokenExample() {
        try (Formatter f = zh(Style.FEED)) {
            String spoken = f.html(README_T, README_NOW, Duration.ofDays(1), 1000, true);
            check(spoken.equals(README_HTML.replace("\">13:40<", "\" data-spoken-schedule=\"" + README_ATTR
                    + "\">13:40<")), "html: the README's spoken example", spoken);
        }
    }

    @Test
    void readmesScriptJsonExample() {
        try (Formatter f = zh(Style.FEED)) {
            String wire = "{\"v\":1,\"now\":1711348200000,\"labels\":[[\"13:40\",0],[\"昨天\",34200000]],"
                    + "\"until\":1711468800000}";
            check(f.scriptJson(README_T, README_NOW).equals(wire), "scriptJson: the README's example",
                    f.scriptJson(README_T, README_NOW));
        }
    }

    /** The file: FEEDDATE_HTML_VECTORS when set, else vectorsDir/html/html-1.3.jsonl (as the quote vectors). */
    static Path file(Path vectorsDir) {
        String env = System.getenv("FEEDDATE_HTML_VECTORS");
        return env != null && !env.isEmpty() ? Path.of(env) : vectorsDir.resolve("html").resolve("html-1.3.jsonl");
    }

    /** One line of the html vectors. */
    @SuppressWarnings("unchecked")
    private static Case html(String where, Map<String, Object> j) {
        Map<String, Object> opts = (Map<String, Object>) j.get("options");
        return new Case(where + " [" + j.get("style") + " " + opts + " t=" + j.get("t_ms") + " now="
                + j.get("now_ms") + " horizon=" + j.get("horizon_ms") + " max=" + j.get("max_entries")
                + " spoken=" + j.get("spoken") + "]",
                VectorTests.options((String) j.get("style"), opts).build(), (Long) j.get("t_ms"),
                (Long) j.get("now_ms"), (Long) j.get("horizon_ms"),
                Math.toIntExact((Long) j.get("max_entries")), (Boolean) j.get("spoken"),
                (String) j.get("html"), (String) j.get("script_json"));
    }

    private static boolean same(String got, String want) {
        return Arrays.equals(got.getBytes(StandardCharsets.UTF_8), want.getBytes(StandardCharsets.UTF_8));
    }

    /** One check per line: each overload's html and scriptJson are the vector's bytes. */
    private static boolean checkCase(Formatter f, Case c) {
        List<String> problems = new ArrayList<>();
        try {
            Instant t = Instant.ofEpochMilli(c.t), now = Instant.ofEpochMilli(c.now);
            Duration horizon = Duration.ofMillis(c.horizon);
            String html = f.html(c.t, c.now, c.horizon, c.maxEntries, c.spoken);
            if (!same(html, c.html)) problems.add("html: expected " + c.html + ", got " + html);
            String htmlI = f.html(t, now, horizon, c.maxEntries, c.spoken);
            if (!same(htmlI, c.html)) problems.add("html (Instant/Duration): expected " + c.html + ", got " + htmlI);
            String json = f.scriptJson(c.t, c.now, c.horizon, c.maxEntries);
            if (!same(json, c.scriptJson)) problems.add("scriptJson: expected " + c.scriptJson + ", got " + json);
            String jsonI = f.scriptJson(t, now, horizon, c.maxEntries);
            if (!same(jsonI, c.scriptJson)) {
                problems.add("scriptJson (Instant/Duration): expected " + c.scriptJson + ", got " + jsonI);
            }
            if (c.horizon == Schedule.DEFAULT_HORIZON.toMillis() && c.maxEntries == Schedule.DEFAULT_MAX_ENTRIES) {
                if (!c.spoken && !same(f.html(t, now), c.html)) problems.add("html(t, now) differs: " + f.html(t, now));
                String d = f.scriptJson(t, now);
                if (!same(d, c.scriptJson)) problems.add("scriptJson(t, now) differs: " + d);
            }
        } catch (RuntimeException e) {
            problems.add("threw " + e);
        }
        return check(problems.isEmpty(), c.where, String.join("; ", problems));
    }

    // ---- schedule's arguments and errors: the library's messages, the binding's conversion ----

    @TestFactory
    Stream<DynamicTest> argumentErrors() {
        Duration day = Duration.ofDays(1);
        return Stream.of(
                zhError("html: horizon -1 ns (floored to -1 ms)", Status.ARGUMENT,
                        f -> f.html(T_I, NOW_I, Duration.ofNanos(-1), 10, false),
                        "horizon -1 ms is out of range 0...31622400000 (366 days)"),
                zhError("scriptJson: horizon -1 ms", Status.ARGUMENT, f -> f.scriptJson(T, NOW, -1, 10),
                        "horizon -1 ms is out of range 0...31622400000 (366 days)"),
                zhError("html: horizon past a long of ms (clamped)", Status.ARGUMENT,
                        f -> f.html(T_I, NOW_I, Duration.ofSeconds(Long.MAX_VALUE), 10, true),
                        "horizon 9223372036854775807 ms is out of range"),
                zhError("html: maxEntries 0", Status.ARGUMENT, f -> f.html(T_I, NOW_I, day, 0, false),
                        "max_entries 0 is out of range 1...100000"),
                zhError("scriptJson: maxEntries -5", Status.ARGUMENT, f -> f.scriptJson(T_I, NOW_I, day, -5),
                        "max_entries -5 is out of range 1...100000"),
                zhError("html: maxEntries Integer.MAX_VALUE", Status.ARGUMENT,
                        f -> f.html(T, NOW, 1000, Integer.MAX_VALUE, true), "max_entries 2147483647"),
                zhError("html: t out of range", Status.RANGE,
                        f -> f.html(253402300800000L, NOW, 1000, 10, false), "253402300800000"),
                zhError("scriptJson: now out of range", Status.RANGE,
                        f -> f.scriptJson(T, -62135596800001L, 1000, 10), "-62135596800001"),
                zhError("html: an Instant past a long of ms", Status.RANGE, f -> f.html(Instant.MAX, NOW_I),
                        "instant 9223372036854775807 ms is outside the supported range"),
                zhError("scriptJson: now an Instant before a long of ms", Status.RANGE,
                        f -> f.scriptJson(T_I, Instant.MIN),
                        "instant -9223372036854775808 ms is outside the supported range"));
    }

    // The same message as schedule's, word for word.
    @Test
    void schedulesMessageForTheSameBadHorizon() {
        try (Formatter f = zh(Style.FEED)) {
            String message = thrown("schedule: horizon -1 ms", Status.ARGUMENT, () -> f.schedule(T, NOW, -1, 10))
                    .getMessage();
            expectError("html: schedule's message for the same bad horizon", Status.ARGUMENT,
                    () -> f.html(T, NOW, -1, 10, false), message);
        }
    }

    static DynamicTest nullArgument(String name, FormatterCall call) {
        return TestKit.nullArgument(name, "html: a null argument is a NullPointerException", () -> zh(Style.FEED), call);
    }

    @TestFactory
    Stream<DynamicTest> nullArguments() {
        return Stream.of(nullArgument("html(null, now)", f -> f.html(null, NOW_I)),
                nullArgument("html(t, null)", f -> f.html(T_I, null)),
                nullArgument("html(t, now, null, 10, false)", f -> f.html(T_I, NOW_I, null, 10, false)),
                nullArgument("scriptJson(null, now)", f -> f.scriptJson(null, NOW_I)),
                nullArgument("scriptJson(t, now, null, 10)", f -> f.scriptJson(T_I, NOW_I, null, 10)));
    }

    // The defaults are schedule's: one day, 1,000 entries, not spoken.
    @Test
    void defaultsAreSchedules() {
        try (Formatter f = zh(Style.FEED)) {
            check(f.html(T_I, NOW_I).equals(f.html(T, NOW, 86_400_000L, 1000, false))
                    && f.scriptJson(T_I, NOW_I).equals(f.scriptJson(T, NOW, 86_400_000L, 1000)),
                    "html(t, now), scriptJson(t, now): one day, 1,000 entries, not spoken");
        }
    }

    // The horizon's floor is schedule's: 999,999 ns is 0 ms.
    @Test
    void horizonFlooredAsSchedules() {
        try (Formatter f = zh(Style.FEED)) {
            check(f.scriptJson(T_I, NOW_I, Duration.ofNanos(999_999), 10).equals(f.scriptJson(T, NOW, 0, 10))
                    && f.html(T_I, NOW_I, Duration.ofNanos(999_999), 10, true).equals(f.html(T, NOW, 0, 10, true)),
                    "html, scriptJson: the horizon floored as schedule's");
        }
    }

    // No < > & U+2028 U+2029 in these labels: the script form is schedule's wire itself.
    @Test
    void scriptJsonIsSchedulesWireWhenNothingNeedsEscaping() {
        try (Formatter f = zh(Style.FEED)) {
            check(f.scriptJson(T_I, NOW_I).equals(f.schedule(T_I, NOW_I).toJson()),
                    "scriptJson: schedule's wire when nothing needs escaping", f.scriptJson(T_I, NOW_I));
        }
    }

    // ---- spoken adds data-spoken-schedule (the schedule of the spoken option), and only then ----

    static String spokenHtml(boolean spoken) {
        try (Formatter f = zh(Style.FEED)) {
            return f.html(T, NOW, 86_400_000L, 1000, spoken);
        }
    }

    @Test
    void spokenAddsDataSpokenSchedule() {
        String plain = spokenHtml(false), spoken = spokenHtml(true);
        check(!plain.contains("data-spoken-schedule") && spoken.contains(" data-spoken-schedule=\""),
                "html: spoken adds data-spoken-schedule", spoken);
    }

    // Its value is the wire of the spoken schedule; the test escapes the quotes to find it.
    @Test
    void dataSpokenScheduleIsTheSpokenOptionsSchedule() {
        String spoken = spokenHtml(true);
        try (Formatter s = new Formatter(Options.builder(Style.FEED).locale("zh_CN").timeZone("Asia/Shanghai")
                .spoken(true).build())) {
            String wire = s.schedule(T, NOW, 86_400_000L, 1000).toJson().replace("\"", "&quot;");
            check(spoken.contains("data-spoken-schedule=\"" + wire + "\""),
                    "html: data-spoken-schedule is the spoken option's schedule", spoken);
        }
    }

    @Test
    void timeDatetimeAndTheClosingTags() {
        String spoken = spokenHtml(true);
        check(spoken.startsWith("<time datetime=\"2024-03-25T06:29:30.000Z\" title=\"")
                && spoken.endsWith("</feed-date></time>"), "html: <time datetime> and the closing tags", spoken);
    }

    // ---- outputs longer than the binding's first guess: the second call, at the size the library asks ----

    static Formatter spokenCountdown() {
        return new Formatter(Options.builder(Style.COUNTDOWN).locale("en_US").timeZone("UTC").precision(0)
                .spoken(true).build());
    }

    static final long LARGE_T = NOW + 2 * 3_600_000L;
    static final int LARGE_MAX = 1000;

    @Test
    void largeScriptJson() {
        try (Formatter f = spokenCountdown()) {
            String json = f.schedule(LARGE_T, NOW, 3_600_000L, LARGE_MAX).toJson();
            String script = f.scriptJson(LARGE_T, NOW, 3_600_000L, LARGE_MAX);
            long jsonBytes = script.getBytes(StandardCharsets.UTF_8).length;
            check(jsonBytes > Formatter.wireGuess(LARGE_MAX) && script.equals(json), "scriptJson: " + jsonBytes
                    + " bytes (first guess " + Formatter.wireGuess(LARGE_MAX) + "), schedule's wire");
        }
    }

    @Test
    void largeHtml() {
        try (Formatter f = spokenCountdown()) {
            String json = f.schedule(LARGE_T, NOW, 3_600_000L, LARGE_MAX).toJson();
            String html = f.html(LARGE_T, NOW, 3_600_000L, LARGE_MAX, true);
            long htmlBytes = html.getBytes(StandardCharsets.UTF_8).length;
            String attr = json.replace("\"", "&quot;");
            check(htmlBytes > Formatter.htmlGuess(LARGE_MAX, true) && html.contains("data-schedule=\"" + attr + "\"")
                    && html.endsWith("</feed-date></time>"), "html: " + htmlBytes + " bytes (first guess "
                    + Formatter.htmlGuess(LARGE_MAX, true) + "), data-schedule the escaped wire", html.length());
        }
    }

    // ---- after close(): IllegalStateException, as schedule ----

    static void afterClose(String what, FormatterCall call) {
        Formatter f = zh(Style.FEED);
        f.close();
        Throwable thrown = null;
        try {
            call.run(f);
        } catch (Throwable e) {
            thrown = e;
        }
        check(thrown instanceof IllegalStateException && thrown.getMessage().contains("closed"),
                what + " after close(): \"the formatter is closed\"", thrown == null ? "no exception" : thrown);
    }

    @Test
    void htmlAfterClose() {
        afterClose("html", f -> f.html(0, 0, 0, 1, false));
    }

    @Test
    void scriptJsonAfterClose() {
        afterClose("scriptJson", f -> f.scriptJson(0, 0, 0, 1));
    }
}
