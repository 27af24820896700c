package org.feeddate;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.feeddate.TestKit.*;

/** Errors carry the library's status and its message, which names the value; one test per case. */
@ExtendWith(TestKit.Count.class)
class ErrorTests {
    static final long MAX_MS = 253402300799999L;  // FD_MAX_INSTANT_MS
    static final long MIN_MS = -62135596800000L;  // FD_MIN_INSTANT_MS
    static final long NOW = 1711348200000L;

    static Options.Builder en(Style s) {
        return Options.builder(s).locale("en_US").timeZone("UTC");
    }

    /** The vectors folder: -Dfeeddate.vectors (the pom: ../../Tests/vectors), else Tests/vectors. */
    static Path vectorsDir() {
        return Paths.get(System.getProperty("feeddate.vectors", "Tests/vectors"));
    }

    /** Runs body with a FEED en_US UTC formatter, closed after it. */
    static void withEn(FormatterBody body) throws Exception {
        try (Formatter f = new Formatter(en(Style.FEED).build())) {
            body.run(f);
        }
    }

    interface FormatterBody {
        void run(Formatter f) throws Exception;
    }

    /** An options error: the name, the status, the builder, the words its message names. */
    static DynamicTest optionError(String what, Status status, Options.Builder b, String... needles) {
        return test(what, () -> expectError(what, status, () -> new Formatter(b.build()), needles));
    }

    @TestFactory
    Stream<DynamicTest> optionErrors() {
        return Stream.of(
                optionError("malformed locale", Status.LOCALE, en(Style.FEED).locale("@@@"), "\"@@@\""),
                optionError("locale without data", Status.LOCALE, en(Style.FEED).locale("xx_YY"), "xx_YY"),
                optionError("unknown zone", Status.TIME_ZONE, en(Style.FEED).timeZone("Asia/Shangai"), "Asia/Shangai"),
                optionError("zone as a path", Status.TIME_ZONE, en(Style.FEED).timeZone("../../etc/passwd"),
                        "../../etc/passwd"),
                optionError("precision out of range", Status.ARGUMENT, en(Style.COUNTDOWN).precision(4), "precision",
                        "4", "0..3"),
                optionError("just_now_ms out of range", Status.ARGUMENT, en(Style.FEED).justNowMs(-5), "just_now_ms",
                        "-5"),
                optionError("skew_tolerance_ms out of range", Status.ARGUMENT,
                        en(Style.FEED).skewToleranceMs(86_400_001L), "skew_tolerance_ms", "86400001"),
                optionError("cross_year_grace_days out of range", Status.ARGUMENT,
                        en(Style.FEED).crossYearGraceDays(367), "cross_year_grace_days", "367"),
                optionError("weekday_window_days out of range", Status.ARGUMENT,
                        en(Style.CHAT_LIST).weekdayWindowDays(0), "weekday_window_days", "0"),
                // maxUnit cannot be out of range here (Unit is an enum); the words can.
                optionError("yesterdayText of 65 bytes", Status.ARGUMENT, en(Style.FEED).yesterdayText("y".repeat(65)),
                        "yesterday_text", "64 bytes"),
                optionError("yesterdayText of 22 characters, 66 bytes", Status.ARGUMENT,
                        en(Style.FEED).yesterdayText("昨".repeat(22)), "yesterday_text", "64 bytes"),
                optionError("tomorrowText with a tab", Status.ARGUMENT, en(Style.FEED).tomorrowText("to\tmorrow"),
                        "tomorrow_text", "control character U+9"),
                optionError("empty justNowText", Status.ARGUMENT, en(Style.FEED).justNowText(""), "just_now_text",
                        "0 bytes"),
                optionError("a NUL inside the locale", Status.ARGUMENT, en(Style.FEED).locale("en\0US"), "locale"),
                optionError("a NUL inside dayBeforeYesterdayText", Status.ARGUMENT,
                        en(Style.FEED).dayBeforeYesterdayText("a\0b"), "dayBeforeYesterdayText", "NUL", "index 1"));
    }

    /** An error of a call on a FEED en_US UTC formatter. */
    static DynamicTest callError(String what, Status status, FormatterCall call, String... needles) {
        return TestKit.callError(what, () -> new Formatter(en(Style.FEED).build()), status, call, needles);
    }

    // An Instant past a long of ms is clamped to Long.MAX_VALUE or Long.MIN_VALUE: the library's own
    // message for the clamped value (SPEC 11, 1.3), word for word what that long gets.
    static final String TOO_LATE = "instant 9223372036854775807 ms is outside the supported range";
    static final String TOO_EARLY = "instant -9223372036854775808 ms is outside the supported range";

    @TestFactory
    Stream<DynamicTest> rangeErrors() {
        return Stream.of(
                callError("t after 9999", Status.RANGE, f -> f.format(MAX_MS + 1, NOW), "253402300800000"),
                callError("t before 0001", Status.RANGE, f -> f.label(MIN_MS - 1, NOW), "-62135596800001"),
                callError("now out of range", Status.RANGE, f -> f.format(NOW, Long.MAX_VALUE),
                        String.valueOf(Long.MAX_VALUE)),
                callError("formatMany with one instant out of range", Status.RANGE,
                        f -> f.formatMany(new long[] {NOW, MAX_MS + 1, NOW}, NOW), "253402300800000"),
                callError("Instant.MAX", Status.RANGE, f -> f.format(Instant.MAX, Instant.EPOCH), TOO_LATE),
                callError("Instant.MIN as now", Status.RANGE, f -> f.label(Instant.EPOCH, Instant.MIN), TOO_EARLY),
                callError("10^16 s as an Instant", Status.RANGE,
                        f -> f.format(Instant.ofEpochSecond(10_000_000_000_000_000L), Instant.EPOCH), TOO_LATE),
                callError("Instant beyond milliseconds in formatMany", Status.RANGE,
                        f -> f.formatMany(List.of(Instant.EPOCH, Instant.MIN), Instant.EPOCH), "t[1]", TOO_EARLY),
                callError("now beyond milliseconds in formatMany", Status.RANGE,
                        f -> f.formatMany(List.of(Instant.EPOCH), Instant.MAX), "now", TOO_LATE),
                callError("Instant year 10000", Status.RANGE,
                        f -> f.format(Instant.parse("+10000-01-01T00:00:00Z"), Instant.EPOCH), "253402300800000"));
    }

    @Test
    void instantMaxGetsLongMaxValuesMessage() throws Exception {
        withEn(f -> {
            String[] messages = {thrown("Long.MAX_VALUE", Status.RANGE, () -> f.format(Long.MAX_VALUE, NOW)).getMessage(),
                thrown("Instant.MAX", Status.RANGE, () -> f.format(Instant.MAX, Instant.ofEpochMilli(NOW))).getMessage()};
            check(messages[0].startsWith(TOO_LATE) && messages[0].equals(messages[1]),
                    "Instant.MAX gets Long.MAX_VALUE's message", messages[0] + " / " + messages[1]);
        });
    }

    // After an error the formatter still works.
    @Test
    void worksAfterAnError() throws Exception {
        withEn(f -> {
            thrown("t after 9999", Status.RANGE, () -> f.format(MAX_MS + 1, NOW));
            check(f.format(NOW - 1000, NOW).length() > 0, "works after an error");
        });
    }

    /**
     * A lone surrogate in any string option goes to the library as its 3 bytes of WTF-8, and the library
     * refuses it in its own words (issue 37 item 2): the locale and the zone quoting the value as
     * "\xed\xa0\x80", the words naming the option.
     */
    @TestFactory
    Stream<DynamicTest> loneSurrogates() {
        // value, the library's quoting of it
        String[][] bad = {
            {"ab\uD800cd", "\"ab\\xed\\xa0\\x80cd\""}, {"ab\uDC00", "\"ab\\xed\\xb0\\x80\""},
            {"abc\uD83D", "\"abc\\xed\\xa0\\xbd\""}, {"\uDE00\uD83D", "\"\\xed\\xb8\\x80\\xed\\xa0\\xbd\""},
            {"\uD83D\uDE00x\uDBFF", "\"\uD83D\uDE00x\\xed\\xaf\\xbf\""},
        };
        List<DynamicTest> tests = new ArrayList<>();
        for (String[] b : bad) {
            String v = b[0];
            String what = "lone surrogate in locale " + b[1];
            tests.add(test(what, () -> expectLibrarys(what, Status.LOCALE,
                    () -> new Formatter(en(Style.FEED).locale(v).build()).close(), "malformed locale id " + b[1])));
            String whatZone = "lone surrogate in timeZone " + b[1];
            tests.add(test(whatZone, () -> expectLibrarys(whatZone, Status.TIME_ZONE,
                    () -> new Formatter(en(Style.FEED).timeZone(v).build()).close(), "unknown time zone " + b[1])));
        }
        List<String> names = List.of("just_now_text", "yesterday_text", "day_before_yesterday_text", "tomorrow_text");
        List<BiFunction<Options.Builder, String, Options.Builder>> setters = List.of(Options.Builder::justNowText,
                Options.Builder::yesterdayText, Options.Builder::dayBeforeYesterdayText, Options.Builder::tomorrowText);
        for (int k = 0; k < names.size(); k++) {
            String name = names.get(k);
            BiFunction<Options.Builder, String, Options.Builder> set = setters.get(k);
            for (String[] b : bad) {
                String what = "lone surrogate in " + name + " " + b[1];
                tests.add(test(what, () -> expectLibrarys(what, Status.ARGUMENT,
                        () -> new Formatter(set.apply(en(Style.FEED), b[0]).build()).close(),
                        name + " is not valid UTF-8")));
            }
        }
        return tests.stream();
    }

    // A surrogate pair is one character, passed on as its 4 bytes of UTF-8.
    @Test
    void surrogatePairInJustNowText() {
        try (Formatter f = new Formatter(en(Style.FEED).recentRelative(true).justNowText("\uD83D\uDE00 now")
                .build())) {
            check(f.format(NOW - 1000, NOW).equals("\uD83D\uDE00 now"),
                    "a surrogate pair in justNowText is the character it makes");
        }
    }

    /**
     * As expectError, and the message is the library's: fd_last_error on this thread right after the
     * failed call, word for word (not one the binding wrote in the same words).
     */
    static void expectLibrarys(String what, Status status, ThrowingRunnable body, String... needles) {
        FeedDateException e = thrown(what, status, body);
        String last = LibFeedDate.string(LibFeedDate.fd_last_error());
        boolean ok = e.status() == status && e.getMessage().equals(last);
        for (String n : needles) ok &= e.getMessage().contains(n);
        check(ok, what, "got " + e.status() + " \"" + e.getMessage() + "\" (fd_last_error \"" + last
                + "\"); expected the library's " + status + " naming " + String.join(", ", needles));
    }

    // ---- SPEC 7 (1.2): caller input in a message is cut after 64 bytes and has its controls escaped, by the
    // library's one rule: Messages.quote is fd_quote of the string's WTF-8 bytes.

    @Test
    void quoteEscapesControls() {
        String got = Messages.quote("a\nb\tc\u0001\u001b\u007f\u0085\u009f\u00a0d");
        check(got.equals("\"a\\nb\\tc\\x01\\x1b\\x7f\\x85\\x9f\u00a0d\""), "quote escapes controls", got);
    }

    @Test
    void quoteKeeps64Bytes() {
        check(Messages.quote("x".repeat(64)).equals("\"" + "x".repeat(64) + "\""), "quote keeps 64 bytes");
    }

    @Test
    void quoteCuts65Bytes() {
        check(Messages.quote("x".repeat(65)).equals("\"" + "x".repeat(64) + "…\""), "quote cuts 65 bytes");
    }

    // 21 three-byte characters are 63 bytes; the 22nd does not fit in 64: cut at the character boundary.
    @Test
    void quoteCutsAtACharacter() {
        check(Messages.quote("昨".repeat(30)).equals("\"" + "昨".repeat(21) + "…\""), "quote cuts at a character",
                Messages.quote("昨".repeat(30)));
    }

    @Test
    void quoteNeverSplitsASurrogatePair() {
        check(Messages.quote("x".repeat(62) + "\uD83D\uDE00").equals("\"" + "x".repeat(62) + "…\""),
                "quote never splits a surrogate pair");
    }

    @Test
    void quoteWritesALoneSurrogateAsItsWtf8Bytes() {
        check(Messages.quote("a\uD800b").equals("\"a\\xed\\xa0\\x80b\""),
                "quote writes a lone surrogate as its WTF-8 bytes, as the library does", Messages.quote("a\uD800b"));
    }

    @Test
    void quoteOfEmptyAndNull() {
        check(Messages.quote("").equals("\"\"") && Messages.quote(null).equals("null"), "quote of \"\" and null",
                Messages.quote(""));
    }

    // Only a prefix goes to fd_quote (it reads 68 bytes): a 1 MB value is quoted as its start.
    @Test
    void quoteOf1MegabyteIsItsStart() {
        String longValue = "é".repeat(1 << 20);
        check(Messages.quote(longValue).equals("\"" + "é".repeat(32) + "…\""), "quote of 1 MB: its start",
                Messages.quote(longValue).length() + " chars");
    }

    @Test
    void zoneOf1MegabyteWithANulHasAShortMessage() {
        String huge = "Asia/" + "x".repeat(1 << 20) + "\u0000";
        FeedDateException e = thrown("a 1 MB zone with a NUL", Status.ARGUMENT,
                () -> new Formatter(en(Style.FEED).timeZone(huge).build()).close());
        check(e.status() == Status.ARGUMENT && e.getMessage().length() < 200 && e.getMessage().contains("…")
                && e.getMessage().contains("index " + (huge.length() - 1)),
                "a 1 MB zone with a NUL: a short message", e.getMessage().length() + " chars");
    }

    // No NUL: the library words it, quoting the controls and the lone surrogate by its rule.
    @Test
    void localeWithControlsIsEscapedAndCut() {
        String ctl = "en\n\u001b[31mUS\uD800" + "y".repeat(1000);
        FeedDateException e = thrown("a locale with controls and a lone surrogate", Status.LOCALE,
                () -> new Formatter(en(Style.FEED).locale(ctl).build()).close());
        String m = e.getMessage();
        boolean noControls = m.chars().noneMatch(c -> c < 0x20 || (c >= 0x7f && c <= 0x9f));
        check(e.status() == Status.LOCALE && noControls && m.contains("\"en\\n\\x1b[31mUS\\xed\\xa0\\x80y")
                && m.contains("…") && m.length() < 200, "a locale with controls: escaped and cut in the message", m);
    }

    /**
     * Tests/vectors/quote/quote-1.3.jsonl (FEEDDATE_QUOTE_VECTORS when set), the cases a Java String holds
     * (those with "utf16"), one test per line: its WTF-8 bytes are "bytes", Messages.quote gives "quoted",
     * and a formatter with it as the zone fails quoting it: the binding's NUL message for a "nul" case, else
     * the library's FD_ERR_TIME_ZONE. A missing file fails (never a skip), and so does a file with no case.
     */
    @TestFactory
    @SuppressWarnings("unchecked")
    Stream<DynamicTest> quoteVectors() throws Exception {
        String env = System.getenv("FEEDDATE_QUOTE_VECTORS");
        Path file = env != null && !env.isEmpty() ? Path.of(env)
                : vectorsDir().resolve("quote").resolve("quote-1.3.jsonl");
        List<DynamicTest> tests = new ArrayList<>();
        tests.add(test("quote vectors: the file", () -> check(Files.isRegularFile(file),
                "quote vectors: no file " + file.toAbsolutePath())));
        if (!Files.isRegularFile(file)) return tests.stream();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        int ran = 0;
        for (int n = 0; n < lines.size(); n++) {
            if (lines.get(n).isBlank()) continue;
            Map<String, Object> j = (Map<String, Object>) Json.parse(lines.get(n));
            if (!j.containsKey("utf16")) continue; // bytes that are no string (invalid UTF-8): other bindings'
            String what = "quote vector " + file.getFileName() + ":" + (n + 1) + " (" + j.get("case") + ")";
            tests.add(test(what, () -> quoteVector(what, j)));
            ran++;
        }
        int cases = ran;
        tests.add(test("quote vectors: some case with utf16", () -> check(cases > 0,
                "quote vectors: no case with utf16 in " + file, cases)));
        return tests.stream();
    }

    @SuppressWarnings("unchecked")
    static void quoteVector(String what, Map<String, Object> j) {
        List<Object> units = (List<Object>) j.get("utf16");
        char[] chars = new char[units.size()];
        for (int k = 0; k < chars.length; k++) chars[k] = (char) (long) (Long) units.get(k);
        String value = new String(chars);
        String quoted = (String) j.get("quoted");
        boolean nul = (Boolean) j.get("nul");
        String bytes = HexFormat.of().formatHex(LibFeedDate.wtf8(value, Integer.MAX_VALUE));
        check(bytes.equals(j.get("bytes")), what + ": WTF-8", bytes + ", want " + j.get("bytes"));
        String got = Messages.quote(value);
        check(got.equals(quoted), what + ": Messages.quote", got + ", want " + quoted);
        if (nul) {
            expectError(what + ": the binding's NUL message", Status.ARGUMENT,
                    () -> new Formatter(en(Style.FEED).timeZone(value).build()).close(), "timeZone " + quoted,
                    "contains a NUL character at index " + value.indexOf('\0'));
        } else {
            expectLibrarys(what + ": the library's zone message", Status.TIME_ZONE,
                    () -> new Formatter(en(Style.FEED).timeZone(value).build()).close(), quoted);
        }
    }

    /** The schedule's argument errors are the library's own (issue 37 item 2): a negative maxEntries too. */
    static DynamicTest scheduleArgument(String what, int maxEntries, String needle) {
        return test(what, () -> withEn(f -> expectLibrarys(what, Status.ARGUMENT,
                () -> f.schedule(NOW, NOW, 1000, maxEntries), needle)));
    }

    @TestFactory
    Stream<DynamicTest> scheduleArguments() {
        return Stream.of(
                scheduleArgument("schedule: maxEntries -5", -5, "max_entries -5 is out of range 1...100000"),
                scheduleArgument("schedule: maxEntries Integer.MIN_VALUE", Integer.MIN_VALUE,
                        "max_entries -2147483648 is out of range 1...100000"),
                scheduleArgument("schedule: maxEntries 100001", 100_001, "max_entries 100001 is out of range 1...100000"),
                scheduleArgument("schedule: maxEntries 0", 0, "max_entries 0 is out of range 1...100000"));
    }

    @Test
    void scheduleWorksAfterItsArgumentErrors() throws Exception {
        withEn(f -> {
            for (int max : new int[] {-5, Integer.MIN_VALUE, 100_001, 0}) {
                thrown("schedule: maxEntries " + max, Status.ARGUMENT, () -> f.schedule(NOW, NOW, 1000, max));
            }
            check(f.schedule(NOW, NOW, 1000, 1).entries().size() == 1, "schedule works after its argument errors");
        });
    }
}
