package org.feeddate;

import java.time.Instant;
import java.util.List;

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
                "NUL");

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
}
