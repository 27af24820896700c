package org.feeddate;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.feeddate.TestKit.*;

/**
 * html and scriptJson (SPEC section 11, 1.3; issue 39 item 2): every line of
 * the shared html vectors (FEEDDATE_HTML_VECTORS when set, else
 * Tests/vectors/html/html-1.3.jsonl) gives the library's markup and script
 * form byte for byte, through the milliseconds, Instant/Duration and default
 * overloads; at least 12 cases run (one with the variable), and a missing
 * file fails. Then: bad arguments are schedule's errors in the library's
 * words, spoken adds data-spoken-schedule, outputs past the first buffer
 * guess, a closed formatter.
 */
final class HtmlTests {
    private HtmlTests() {
    }

    /** One parsed html vector line. */
    record Case(String where, Options options, long t, long now, long horizon, int maxEntries, boolean spoken,
            String html, String scriptJson) {
    }

    static void run(Path vectorsDir) throws Exception {
        TestKit.run("html: vectors", () -> vectors(vectorsDir));
        TestKit.run("html: arguments", HtmlTests::arguments);
        TestKit.run("html: spoken", HtmlTests::spoken);
        TestKit.run("html: large", HtmlTests::large);
        TestKit.run("html: closed", HtmlTests::closed);
        TestKit.run("html: the README's example", HtmlTests::readme);
    }

    /** What bindings/java/README.md ("Markup: html and scriptJson") says its example gives. */
    private static void readme() {
        Instant now = Instant.parse("2024-03-25T06:30:00Z");
        try (Formatter f = zh(Style.FEED)) {
            Instant t = now.minus(Duration.ofMinutes(50));
            String wire = "{\"v\":1,\"now\":1711348200000,\"labels\":[[\"13:40\",0],[\"昨天\",34200000]],"
                    + "\"until\":1711468800000}";
            String attr = "{&quot;v&quot;:1,&quot;now&quot;:1711348200000,&quot;labels&quot;:[[&quot;13:40&quot;,0],"
                    + "[&quot;昨天&quot;,34200000]],&quot;until&quot;:1711468800000}";
            String html = f.html(t, now);
            check(html.equals("<time datetime=\"2024-03-25T05:40:00.000Z\" title=\"2024年3月25日 13:40\"><feed-date "
                    + "data-schedule=\"" + attr + "\">13:40</feed-date></time>"), "html: the README's example", html);
            String spoken = f.html(t, now, Duration.ofDays(1), 1000, true);
            check(spoken.equals(html.replace("\">13:40<", "\" data-spoken-schedule=\"" + attr + "\">13:40<")),
                    "html: the README's spoken example", spoken);
            check(f.scriptJson(t, now).equals(wire), "scriptJson: the README's example", f.scriptJson(t, now));
        }
    }

    /** The file: FEEDDATE_HTML_VECTORS when set, else vectorsDir/html/html-1.3.jsonl (as the quote vectors). */
    static Path file(Path vectorsDir) {
        String env = System.getenv("FEEDDATE_HTML_VECTORS");
        return env != null && !env.isEmpty() ? Path.of(env) : vectorsDir.resolve("html").resolve("html-1.3.jsonl");
    }

    private static void vectors(Path vectorsDir) throws Exception {
        Path file = file(vectorsDir);
        boolean named = System.getenv("FEEDDATE_HTML_VECTORS") != null && !System.getenv("FEEDDATE_HTML_VECTORS")
                .isEmpty();
        if (!check(Files.isRegularFile(file), "html vectors: no file " + file.toAbsolutePath())) return;
        List<Case> cases = load(file);
        Map<Options, Formatter> formatters = new HashMap<>();
        int ran = 0;
        try {
            for (Case c : cases) {
                Formatter f;
                try {
                    f = formatters.computeIfAbsent(c.options, Formatter::new);
                } catch (RuntimeException e) {
                    fail(c.where, "new Formatter(" + c.options + ") threw " + e);
                    continue;
                }
                if (checkCase(f, c)) ran++;
            }
        } finally {
            for (Formatter f : formatters.values()) f.close();
        }
        check(named ? ran > 0 : ran >= 12, "html vectors: " + ran + " cases ran of " + file
                + (named ? " (FEEDDATE_HTML_VECTORS: one or more)" : " (12 or more)"), ran);
        System.out.println("  " + ran + " html vectors of " + file + ", " + formatters.size() + " formatters");
    }

    @SuppressWarnings("unchecked")
    private static List<Case> load(Path file) throws Exception {
        List<Case> cs = new ArrayList<>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int n = 0; n < lines.size(); n++) {
            if (lines.get(n).isBlank()) continue;
            String where = file.getFileName() + ":" + (n + 1);
            try {
                Map<String, Object> j = (Map<String, Object>) Json.parse(lines.get(n));
                Map<String, Object> opts = (Map<String, Object>) j.get("options");
                cs.add(new Case(where + " [" + j.get("style") + " " + opts + " t=" + j.get("t_ms") + " now="
                        + j.get("now_ms") + " horizon=" + j.get("horizon_ms") + " max=" + j.get("max_entries")
                        + " spoken=" + j.get("spoken") + "]",
                        VectorTests.options((String) j.get("style"), opts).build(), (Long) j.get("t_ms"),
                        (Long) j.get("now_ms"), (Long) j.get("horizon_ms"),
                        Math.toIntExact((Long) j.get("max_entries")), (Boolean) j.get("spoken"),
                        (String) j.get("html"), (String) j.get("script_json")));
            } catch (RuntimeException e) {
                fail(where, "malformed html vector: " + e);
            }
        }
        return cs;
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

    private static Formatter zh(Style style) {
        return new Formatter(Options.builder(style).locale("zh_CN").timeZone("Asia/Shanghai").build());
    }

    /** schedule's arguments and errors: the library's messages, the binding's conversion. */
    private static void arguments() {
        long now = 1711348200000L, t = now - 30_000;
        Instant nowI = Instant.ofEpochMilli(now), tI = Instant.ofEpochMilli(t);
        Duration day = Duration.ofDays(1);
        try (Formatter f = zh(Style.FEED)) {
            expectError("html: horizon -1 ns (floored to -1 ms)", Status.ARGUMENT,
                    () -> f.html(tI, nowI, Duration.ofNanos(-1), 10, false),
                    "horizon -1 ms is out of range 0...31622400000 (366 days)");
            expectError("scriptJson: horizon -1 ms", Status.ARGUMENT, () -> f.scriptJson(t, now, -1, 10),
                    "horizon -1 ms is out of range 0...31622400000 (366 days)");
            expectError("html: horizon past a long of ms (clamped)", Status.ARGUMENT,
                    () -> f.html(tI, nowI, Duration.ofSeconds(Long.MAX_VALUE), 10, true),
                    "horizon 9223372036854775807 ms is out of range");
            expectError("html: maxEntries 0", Status.ARGUMENT, () -> f.html(tI, nowI, day, 0, false),
                    "max_entries 0 is out of range 1...100000");
            expectError("scriptJson: maxEntries -5", Status.ARGUMENT, () -> f.scriptJson(tI, nowI, day, -5),
                    "max_entries -5 is out of range 1...100000");
            expectError("html: maxEntries Integer.MAX_VALUE", Status.ARGUMENT,
                    () -> f.html(t, now, 1000, Integer.MAX_VALUE, true), "max_entries 2147483647");
            expectError("html: t out of range", Status.RANGE,
                    () -> f.html(253402300800000L, now, 1000, 10, false), "253402300800000");
            expectError("scriptJson: now out of range", Status.RANGE,
                    () -> f.scriptJson(t, -62135596800001L, 1000, 10), "-62135596800001");
            expectError("html: an Instant past a long of ms", Status.RANGE, () -> f.html(Instant.MAX, nowI),
                    "instant 9223372036854775807 ms is outside the supported range");
            expectError("scriptJson: now an Instant before a long of ms", Status.RANGE,
                    () -> f.scriptJson(tI, Instant.MIN), "instant -9223372036854775808 ms is outside the supported range");
            // The same message as schedule's, word for word.
            String scheduleMessage = null;
            try {
                f.schedule(t, now, -1, 10);
            } catch (FeedDateException e) {
                scheduleMessage = e.getMessage();
            }
            String message = scheduleMessage;
            expectError("html: schedule's message for the same bad horizon", Status.ARGUMENT,
                    () -> f.html(t, now, -1, 10, false), String.valueOf(message));
            for (TestKit.ThrowingRunnable call : new TestKit.ThrowingRunnable[] {() -> f.html(null, nowI),
                () -> f.html(tI, null), () -> f.html(tI, nowI, null, 10, false), () -> f.scriptJson(null, nowI),
                () -> f.scriptJson(tI, nowI, null, 10)}) {
                try {
                    call.run();
                    fail("html: null argument", "no exception");
                } catch (NullPointerException e) {
                    check(true, "html: a null argument is a NullPointerException");
                } catch (Throwable e) {
                    fail("html: null argument", "threw " + e);
                }
            }
            // The defaults are schedule's: one day, 1,000 entries, not spoken.
            check(f.html(tI, nowI).equals(f.html(t, now, 86_400_000L, 1000, false))
                    && f.scriptJson(tI, nowI).equals(f.scriptJson(t, now, 86_400_000L, 1000)),
                    "html(t, now), scriptJson(t, now): one day, 1,000 entries, not spoken");
            // The horizon's floor is schedule's: 999,999 ns is 0 ms.
            check(f.scriptJson(tI, nowI, Duration.ofNanos(999_999), 10).equals(f.scriptJson(t, now, 0, 10))
                    && f.html(tI, nowI, Duration.ofNanos(999_999), 10, true).equals(f.html(t, now, 0, 10, true)),
                    "html, scriptJson: the horizon floored as schedule's");
            // No < > & U+2028 U+2029 in these labels: the script form is schedule's wire itself.
            check(f.scriptJson(tI, nowI).equals(f.schedule(tI, nowI).toJson()),
                    "scriptJson: schedule's wire when nothing needs escaping", f.scriptJson(tI, nowI));
        }
    }

    /** spoken adds data-spoken-schedule (the schedule of the spoken option), and only then. */
    private static void spoken() {
        long now = 1711348200000L, t = now - 30_000;
        try (Formatter f = zh(Style.FEED);
             Formatter s = new Formatter(Options.builder(Style.FEED).locale("zh_CN").timeZone("Asia/Shanghai")
                     .spoken(true).build())) {
            String plain = f.html(t, now, 86_400_000L, 1000, false);
            String spoken = f.html(t, now, 86_400_000L, 1000, true);
            check(!plain.contains("data-spoken-schedule") && spoken.contains(" data-spoken-schedule=\""),
                    "html: spoken adds data-spoken-schedule", spoken);
            // Its value is the wire of the spoken schedule; the test escapes the quotes to find it.
            String wire = s.schedule(t, now, 86_400_000L, 1000).toJson().replace("\"", "&quot;");
            check(spoken.contains("data-spoken-schedule=\"" + wire + "\""),
                    "html: data-spoken-schedule is the spoken option's schedule", spoken);
            check(spoken.startsWith("<time datetime=\"2024-03-25T06:29:30.000Z\" title=\"")
                    && spoken.endsWith("</feed-date></time>"), "html: <time datetime> and the closing tags", spoken);
        }
    }

    /** Outputs longer than the binding's first guess: the second call, at the size the library asks. */
    private static void large() {
        long now = 1711348200000L, t = now + 2 * 3_600_000L;
        int max = 1000;
        try (Formatter f = new Formatter(Options.builder(Style.COUNTDOWN).locale("en_US").timeZone("UTC")
                .precision(0).spoken(true).build())) {
            String json = f.schedule(t, now, 3_600_000L, max).toJson();
            String script = f.scriptJson(t, now, 3_600_000L, max);
            String html = f.html(t, now, 3_600_000L, max, true);
            long jsonBytes = script.getBytes(StandardCharsets.UTF_8).length;
            long htmlBytes = html.getBytes(StandardCharsets.UTF_8).length;
            check(jsonBytes > Formatter.wireGuess(max) && script.equals(json),
                    "scriptJson: " + jsonBytes + " bytes (first guess " + Formatter.wireGuess(max) + "), schedule's wire");
            String attr = json.replace("\"", "&quot;");
            check(htmlBytes > Formatter.htmlGuess(max, true) && html.contains("data-schedule=\"" + attr + "\"")
                    && html.endsWith("</feed-date></time>"), "html: " + htmlBytes + " bytes (first guess "
                    + Formatter.htmlGuess(max, true) + "), data-schedule the escaped wire", html.length());
        }
    }

    /** After close(): IllegalStateException, as schedule. */
    private static void closed() {
        Formatter f = zh(Style.FEED);
        f.close();
        for (TestKit.ThrowingRunnable call : new TestKit.ThrowingRunnable[] {() -> f.html(0, 0, 0, 1, false),
            () -> f.scriptJson(0, 0, 0, 1)}) {
            try {
                call.run();
                fail("html: after close()", "no exception");
            } catch (IllegalStateException e) {
                check(e.getMessage().contains("closed"), "html, scriptJson: after close(), \"the formatter is closed\"",
                        e.getMessage());
            } catch (Throwable e) {
                fail("html: after close()", "threw " + e);
            }
        }
    }
}
