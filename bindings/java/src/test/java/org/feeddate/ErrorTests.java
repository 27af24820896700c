package org.feeddate;

import java.time.Instant;
import java.util.List;
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

    static void run() {
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

        try (Formatter f = new Formatter(en(Style.FEED).build())) {
            long now = 1711348200000L;
            expectError("t after 9999", Status.RANGE, () -> f.format(MAX_MS + 1, now), "253402300800000");
            expectError("t before 0001", Status.RANGE, () -> f.label(MIN_MS - 1, now), "-62135596800001");
            expectError("now out of range", Status.RANGE, () -> f.format(now, Long.MAX_VALUE),
                    String.valueOf(Long.MAX_VALUE));
            expectError("formatMany with one instant out of range", Status.RANGE,
                    () -> f.formatMany(new long[] {now, MAX_MS + 1, now}, now), "253402300800000");
            expectError("Instant beyond milliseconds", Status.RANGE, () -> f.format(Instant.MAX, Instant.EPOCH),
                    "t", "+1000000000");
            expectError("Instant beyond milliseconds in formatMany", Status.RANGE,
                    () -> f.formatMany(List.of(Instant.EPOCH, Instant.MIN), Instant.EPOCH), "t[1]");
            expectError("Instant year 10000", Status.RANGE,
                    () -> f.format(Instant.parse("+10000-01-01T00:00:00Z"), Instant.EPOCH), "253402300800000");
            // After an error the formatter still works, and the message was the failing call's.
            check(f.format(now - 1000, now).length() > 0, "works after an error");
        }
    }

    /** SPEC 10 (1.2): a lone surrogate in any string option is FD_ERR_ARGUMENT naming the option and the index. */
    static void loneSurrogates() {
        List<String> names = List.of("locale", "timeZone", "justNowText", "yesterdayText", "dayBeforeYesterdayText",
                "tomorrowText");
        List<BiFunction<Options.Builder, String, Options.Builder>> setters = List.of(Options.Builder::locale,
                Options.Builder::timeZone, Options.Builder::justNowText, Options.Builder::yesterdayText,
                Options.Builder::dayBeforeYesterdayText, Options.Builder::tomorrowText);
        // value, index of the bad char, the char
        Object[][] bad = {
            {"ab\uD800cd", 2, "U+D800"}, {"ab\uDC00", 2, "U+DC00"}, {"abc\uD83D", 3, "U+D83D"},
            {"\uDE00\uD83D", 0, "U+DE00"}, {"\uD83D\uDE00x\uDBFF", 3, "U+DBFF"},
        };
        for (int k = 0; k < names.size(); k++) {
            String name = names.get(k);
            BiFunction<Options.Builder, String, Options.Builder> set = setters.get(k);
            for (Object[] b : bad) {
                String v = (String) b[0];
                expectError("lone surrogate in " + name + " at " + b[1], Status.ARGUMENT,
                        () -> new Formatter(set.apply(en(Style.FEED), v).build()).close(), name, (String) b[2],
                        "index " + b[1], "lone surrogate");
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

    /** SPEC 7 (1.2): what the binding quotes of caller input is cut after 64 bytes and has its controls escaped. */
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
        check(Messages.quote("a\uD800b").equals("\"a\\ud800b\""), "quote writes a lone surrogate as \\uXXXX",
                Messages.quote("a\uD800b"));

        String huge = "Asia/" + "x".repeat(1 << 20) + "\u0000";
        try {
            new Formatter(en(Style.FEED).timeZone(huge).build()).close();
            fail("a 1 MB zone with a NUL", "no exception");
        } catch (FeedDateException e) {
            check(e.status() == Status.ARGUMENT && e.getMessage().length() < 200 && e.getMessage().contains("…")
                    && e.getMessage().contains("index " + (huge.length() - 1)),
                    "a 1 MB zone with a NUL: a short message", e.getMessage().length() + " chars");
        }
        String ctl = "en\n\u001b[31mUS\uD800" + "y".repeat(1000);
        try {
            new Formatter(en(Style.FEED).locale(ctl).build()).close();
            fail("a locale with controls and a lone surrogate", "no exception");
        } catch (FeedDateException e) {
            String m = e.getMessage();
            boolean noControls = m.chars().noneMatch(c -> c < 0x20 || (c >= 0x7f && c <= 0x9f));
            check(noControls && m.contains("\"en\\n\\x1b[31mUS\\ud800y") && m.contains("…") && m.length() < 200,
                    "a locale with controls: escaped and cut in the message", m);
        }
    }
}
