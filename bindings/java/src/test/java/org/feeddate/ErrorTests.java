package org.feeddate;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

import static org.feeddate.TestKit.*;

/** Errors carry the library's status and its message, which names the value. */
final class ErrorTests {
    private ErrorTests() {
    }

    static final long MAX_MS = 253402300799999L;  // FD_MAX_INSTANT_MS
    static final long MIN_MS = -62135596800000L;  // FD_MIN_INSTANT_MS

    static Options.Builder en(Style s) {
        return Options.builder(s).locale("en_US").timeZone("UTC");
    }

    static void run(Path vectorsDir) throws Exception {
        expectError("malformed locale", Status.LOCALE,
                () -> new Formatter(en(Style.FEED).locale("@@@").build()), "\"@@@\"");
        expectError("locale without data", Status.LOCALE,
                () -> new Formatter(en(Style.FEED).locale("xx_YY").build()), "xx_YY");
        expectError("unknown zone", Status.TIME_ZONE,
                () -> new Formatter(en(Style.FEED).timeZone("Asia/Shangai").build()), "Asia/Shangai");
        expectError("zone as a path", Status.TIME_ZONE,
                () -> new Formatter(en(Style.FEED).timeZone("../../etc/passwd").build()), "../../etc/passwd");
        expectError("precision out of range", Status.ARGUMENT,
                () -> new Formatter(en(Style.COUNTDOWN).precision(4).build()), "precision", "4", "0..3");
        expectError("just_now_ms out of range", Status.ARGUMENT,
                () -> new Formatter(en(Style.FEED).justNowMs(-5).build()), "just_now_ms", "-5");
        expectError("skew_tolerance_ms out of range", Status.ARGUMENT,
                () -> new Formatter(en(Style.FEED).skewToleranceMs(86_400_001L).build()), "skew_tolerance_ms",
                "86400001");
        expectError("cross_year_grace_days out of range", Status.ARGUMENT,
                () -> new Formatter(en(Style.FEED).crossYearGraceDays(367).build()), "cross_year_grace_days", "367");
        expectError("weekday_window_days out of range", Status.ARGUMENT,
                () -> new Formatter(en(Style.CHAT_LIST).weekdayWindowDays(0).build()), "weekday_window_days", "0");
        // maxUnit cannot be out of range here (Unit is an enum); the words can.
        expectError("yesterdayText of 65 bytes", Status.ARGUMENT,
                () -> new Formatter(en(Style.FEED).yesterdayText("y".repeat(65)).build()), "yesterday_text",
                "64 bytes");
        expectError("yesterdayText of 22 characters, 66 bytes", Status.ARGUMENT,
                () -> new Formatter(en(Style.FEED).yesterdayText("昨".repeat(22)).build()), "yesterday_text",
                "64 bytes");
        expectError("tomorrowText with a tab", Status.ARGUMENT,
                () -> new Formatter(en(Style.FEED).tomorrowText("to\tmorrow").build()), "tomorrow_text",
                "control character U+9");
        expectError("empty justNowText", Status.ARGUMENT,
                () -> new Formatter(en(Style.FEED).justNowText("").build()), "just_now_text", "0 bytes");
        expectError("a NUL inside the locale", Status.ARGUMENT,
                () -> new Formatter(en(Style.FEED).locale("en\0US").build()), "locale");
        expectError("a NUL inside dayBeforeYesterdayText", Status.ARGUMENT,
                () -> new Formatter(en(Style.FEED).dayBeforeYesterdayText("a\0b").build()), "dayBeforeYesterdayText",
                "NUL", "index 1");
        loneSurrogates();
        safeMessages();
        quoteVectors(vectorsDir);
        scheduleArguments();

        try (Formatter f = new Formatter(en(Style.FEED).build())) {
            long now = 1711348200000L;
            expectError("t after 9999", Status.RANGE, () -> f.format(MAX_MS + 1, now), "253402300800000");
            expectError("t before 0001", Status.RANGE, () -> f.label(MIN_MS - 1, now), "-62135596800001");
            expectError("now out of range", Status.RANGE, () -> f.format(now, Long.MAX_VALUE),
                    String.valueOf(Long.MAX_VALUE));
            expectError("formatMany with one instant out of range", Status.RANGE,
                    () -> f.formatMany(new long[] {now, MAX_MS + 1, now}, now), "253402300800000");
            // An Instant past a long of ms is clamped to Long.MAX_VALUE or Long.MIN_VALUE: the library's own
            // message for the clamped value (SPEC 11, 1.3), word for word what that long gets.
            String tooLate = "instant 9223372036854775807 ms is outside the supported range";
            String tooEarly = "instant -9223372036854775808 ms is outside the supported range";
            expectError("Instant.MAX", Status.RANGE, () -> f.format(Instant.MAX, Instant.EPOCH), tooLate);
            expectError("Instant.MIN as now", Status.RANGE, () -> f.label(Instant.EPOCH, Instant.MIN), tooEarly);
            expectError("10^16 s as an Instant", Status.RANGE,
                    () -> f.format(Instant.ofEpochSecond(10_000_000_000_000_000L), Instant.EPOCH), tooLate);
            String[] messages = new String[2];
            try {
                f.format(Long.MAX_VALUE, now);
            } catch (FeedDateException e) {
                messages[0] = e.getMessage();
            }
            try {
                f.format(Instant.MAX, Instant.ofEpochMilli(now));
            } catch (FeedDateException e) {
                messages[1] = e.getMessage();
            }
            check(messages[0] != null && messages[0].startsWith(tooLate) && messages[0].equals(messages[1]),
                    "Instant.MAX gets Long.MAX_VALUE's message", messages[0] + " / " + messages[1]);
            expectError("Instant beyond milliseconds in formatMany", Status.RANGE,
                    () -> f.formatMany(List.of(Instant.EPOCH, Instant.MIN), Instant.EPOCH), "t[1]", tooEarly);
            expectError("now beyond milliseconds in formatMany", Status.RANGE,
                    () -> f.formatMany(List.of(Instant.EPOCH), Instant.MAX), "now", tooLate);
            expectError("Instant year 10000", Status.RANGE,
                    () -> f.format(Instant.parse("+10000-01-01T00:00:00Z"), Instant.EPOCH), "253402300800000");
            // After an error the formatter still works, and the message was the failing call's.
            check(f.format(now - 1000, now).length() > 0, "works after an error");
        }
    }

    /**
     * A lone surrogate in any string option goes to the library as its 3 bytes of WTF-8, and the library
     * refuses it in its own words (issue 37 item 2): the locale and the zone quoting the value as
     * "\xed\xa0\x80", the words naming the option.
     */
    static void loneSurrogates() {
        // value, the library's quoting of it
        String[][] bad = {
            {"ab\uD800cd", "\"ab\\xed\\xa0\\x80cd\""}, {"ab\uDC00", "\"ab\\xed\\xb0\\x80\""},
            {"abc\uD83D", "\"abc\\xed\\xa0\\xbd\""}, {"\uDE00\uD83D", "\"\\xed\\xb8\\x80\\xed\\xa0\\xbd\""},
            {"\uD83D\uDE00x\uDBFF", "\"\uD83D\uDE00x\\xed\\xaf\\xbf\""},
        };
        for (String[] b : bad) {
            String v = b[0];
            expectLibrarys("lone surrogate in locale " + b[1], Status.LOCALE,
                    () -> new Formatter(en(Style.FEED).locale(v).build()).close(), "malformed locale id " + b[1]);
            expectLibrarys("lone surrogate in timeZone " + b[1], Status.TIME_ZONE,
                    () -> new Formatter(en(Style.FEED).timeZone(v).build()).close(), "unknown time zone " + b[1]);
        }
        List<String> names = List.of("just_now_text", "yesterday_text", "day_before_yesterday_text", "tomorrow_text");
        List<BiFunction<Options.Builder, String, Options.Builder>> setters = List.of(Options.Builder::justNowText,
                Options.Builder::yesterdayText, Options.Builder::dayBeforeYesterdayText, Options.Builder::tomorrowText);
        for (int k = 0; k < names.size(); k++) {
            String name = names.get(k);
            BiFunction<Options.Builder, String, Options.Builder> set = setters.get(k);
            for (String[] b : bad) {
                expectLibrarys("lone surrogate in " + name + " " + b[1], Status.ARGUMENT,
                        () -> new Formatter(set.apply(en(Style.FEED), b[0]).build()).close(),
                        name + " is not valid UTF-8");
            }
        }
        // A surrogate pair is one character, passed on as its 4 bytes of UTF-8.
        TestKit.run("a surrogate pair in justNowText", () -> {
            try (Formatter f = new Formatter(en(Style.FEED).recentRelative(true).justNowText("\uD83D\uDE00 now")
                    .build())) {
                check(f.format(1711348200000L - 1000, 1711348200000L).equals("\uD83D\uDE00 now"),
                        "a surrogate pair in justNowText is the character it makes");
            }
        });
    }

    /**
     * As expectError, and the message is the library's: fd_last_error on this thread right after the
     * failed call, word for word (not one the binding wrote in the same words).
     */
    static void expectLibrarys(String what, Status status, ThrowingRunnable body, String... needles) {
        try {
            body.run();
            fail(what, "no exception; expected " + status);
        } catch (FeedDateException e) {
            String last = LibFeedDate.string(LibFeedDate.fd_last_error());
            boolean ok = e.status() == status && e.getMessage().equals(last);
            for (String n : needles) ok &= e.getMessage().contains(n);
            check(ok, what, "got " + e.status() + " \"" + e.getMessage() + "\" (fd_last_error \"" + last
                    + "\"); expected the library's " + status + " naming " + String.join(", ", needles));
        } catch (Throwable t) {
            fail(what, "threw " + t + "; expected FeedDateException " + status);
        }
    }

    /**
     * SPEC 7 (1.2): caller input in a message is cut after 64 bytes and has its controls escaped, by the
     * library's one rule: Messages.quote is fd_quote of the string's WTF-8 bytes.
     */
    static void safeMessages() {
        check(Messages.quote("a\nb\tc\u0001\u001b\u007f\u0085\u009f\u00a0d").equals(
                "\"a\\nb\\tc\\x01\\x1b\\x7f\\x85\\x9f\u00a0d\""), "quote escapes controls",
                Messages.quote("a\nb\tc\u0001\u001b\u007f\u0085\u009f\u00a0d"));
        check(Messages.quote("x".repeat(64)).equals("\"" + "x".repeat(64) + "\""), "quote keeps 64 bytes");
        check(Messages.quote("x".repeat(65)).equals("\"" + "x".repeat(64) + "…\""), "quote cuts 65 bytes");
        // 21 three-byte characters are 63 bytes; the 22nd does not fit in 64: cut at the character boundary.
        check(Messages.quote("昨".repeat(30)).equals("\"" + "昨".repeat(21) + "…\""), "quote cuts at a character",
                Messages.quote("昨".repeat(30)));
        check(Messages.quote("x".repeat(62) + "\uD83D\uDE00").equals("\"" + "x".repeat(62) + "…\""),
                "quote never splits a surrogate pair");
        check(Messages.quote("a\uD800b").equals("\"a\\xed\\xa0\\x80b\""),
                "quote writes a lone surrogate as its WTF-8 bytes, as the library does", Messages.quote("a\uD800b"));
        check(Messages.quote("").equals("\"\"") && Messages.quote(null).equals("null"), "quote of \"\" and null",
                Messages.quote(""));
        // Only a prefix goes to fd_quote (it reads 68 bytes): a 1 MB value is quoted as its start.
        String longValue = "é".repeat(1 << 20);
        check(Messages.quote(longValue).equals("\"" + "é".repeat(32) + "…\""), "quote of 1 MB: its start",
                Messages.quote(longValue).length() + " chars");

        String huge = "Asia/" + "x".repeat(1 << 20) + "\u0000";
        try {
            new Formatter(en(Style.FEED).timeZone(huge).build()).close();
            fail("a 1 MB zone with a NUL", "no exception");
        } catch (FeedDateException e) {
            check(e.status() == Status.ARGUMENT && e.getMessage().length() < 200 && e.getMessage().contains("…")
                    && e.getMessage().contains("index " + (huge.length() - 1)),
                    "a 1 MB zone with a NUL: a short message", e.getMessage().length() + " chars");
        }
        // No NUL: the library words it, quoting the controls and the lone surrogate by its rule.
        String ctl = "en\n\u001b[31mUS\uD800" + "y".repeat(1000);
        try {
            new Formatter(en(Style.FEED).locale(ctl).build()).close();
            fail("a locale with controls and a lone surrogate", "no exception");
        } catch (FeedDateException e) {
            String m = e.getMessage();
            boolean noControls = m.chars().noneMatch(c -> c < 0x20 || (c >= 0x7f && c <= 0x9f));
            check(e.status() == Status.LOCALE && noControls && m.contains("\"en\\n\\x1b[31mUS\\xed\\xa0\\x80y")
                    && m.contains("…") && m.length() < 200, "a locale with controls: escaped and cut in the message", m);
        }
    }

    /**
     * Tests/vectors/quote/quote-1.3.jsonl (FEEDDATE_QUOTE_VECTORS when set), the cases a Java String holds
     * (those with "utf16"): its WTF-8 bytes are "bytes", Messages.quote gives "quoted", and a formatter
     * with it as the zone fails quoting it: the binding's NUL message for a "nul" case, else the library's
     * FD_ERR_TIME_ZONE. A missing file fails the suite (never a skip).
     */
    @SuppressWarnings("unchecked")
    static void quoteVectors(Path vectorsDir) throws Exception {
        String env = System.getenv("FEEDDATE_QUOTE_VECTORS");
        Path file = env != null && !env.isEmpty() ? Path.of(env) : vectorsDir.resolve("quote").resolve("quote-1.3.jsonl");
        if (!check(Files.isRegularFile(file), "quote vectors: no file " + file.toAbsolutePath())) return;
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        int ran = 0;
        for (int n = 0; n < lines.size(); n++) {
            if (lines.get(n).isBlank()) continue;
            Map<String, Object> j = (Map<String, Object>) Json.parse(lines.get(n));
            if (!j.containsKey("utf16")) continue; // bytes that are no string (invalid UTF-8): other bindings'
            String what = "quote vector " + file.getFileName() + ":" + (n + 1) + " (" + j.get("case") + ")";
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
            ran++;
        }
        check(ran > 0, "quote vectors: no case with utf16 in " + file, ran);
        System.out.println("  " + ran + " quote vectors (utf16) of " + file);
    }

    /** The schedule's argument errors are the library's own (issue 37 item 2): a negative maxEntries too. */
    static void scheduleArguments() {
        try (Formatter f = new Formatter(en(Style.FEED).build())) {
            long now = 1711348200000L;
            expectLibrarys("schedule: maxEntries -5", Status.ARGUMENT, () -> f.schedule(now, now, 1000, -5),
                    "max_entries -5 is out of range 1...100000");
            expectLibrarys("schedule: maxEntries Integer.MIN_VALUE", Status.ARGUMENT,
                    () -> f.schedule(now, now, 1000, Integer.MIN_VALUE),
                    "max_entries -2147483648 is out of range 1...100000");
            expectLibrarys("schedule: maxEntries 100001", Status.ARGUMENT, () -> f.schedule(now, now, 1000, 100_001),
                    "max_entries 100001 is out of range 1...100000");
            expectLibrarys("schedule: maxEntries 0", Status.ARGUMENT, () -> f.schedule(now, now, 1000, 0),
                    "max_entries 0 is out of range 1...100000");
            check(f.schedule(now, now, 1000, 1).entries().size() == 1, "schedule works after its argument errors");
        }
    }
}
