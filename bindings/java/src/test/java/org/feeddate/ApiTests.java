package org.feeddate;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.feeddate.TestKit.*;

/** The API around the vectors: versions, resolved ids, overloads, formatMany, close. */
final class ApiTests {
    private ApiTests() {
    }

    static final Instant NOW = Instant.parse("2024-03-25T06:30:00Z"); // 14:30 in Shanghai

    static Formatter make(Style style, String locale, String zone) {
        return new Formatter(Options.builder(style).locale(locale).timeZone(zone).build());
    }

    static Options.Builder zh() {
        return Options.builder(Style.FEED).locale("zh_CN").timeZone("Asia/Shanghai");
    }

    /** The label of tMs at now by a formatter of these options, made for it. */
    static String text(Options.Builder options, long tMs) {
        try (Formatter f = new Formatter(options.build())) {
            return f.format(tMs, NOW.toEpochMilli());
        }
    }

    static void run() {
        String expected = System.getProperty("feeddate.expectedVersion");
        check(expected == null || expected.equals(FeedDate.version()), "version",
                "library says " + FeedDate.version() + ", tools/version.sh " + expected);
        String[] v = FeedDate.version().split("\\.");
        check(FeedDate.versionNumber() == Integer.parseInt(v[0]) * 10000 + Integer.parseInt(v[1]) * 100
                + Integer.parseInt(v[2]), "versionNumber", FeedDate.versionNumber());
        check(FeedDate.icuVersion().matches("\\d+\\.\\d+(\\.\\d+)*"), "icuVersion", FeedDate.icuVersion());
        // SPEC 13 (1.3): ICU 78.3 and CLDR 48 inside the library and the zone database's tzdata version,
        // fd_data_version's text as it is.
        String data = FeedDate.dataVersion();
        check(data.matches("ICU 78\\.3; CLDR 48\\.0; tzdata \\S+"), "dataVersion", data);
        check(data.equals(LibFeedDate.string(LibFeedDate.fd_data_version())), "dataVersion is fd_data_version's",
                data);
        check(data.startsWith("ICU " + FeedDate.icuVersion() + "; "), "dataVersion names icuVersion's ICU", data);
        String binding = FeedDate.bindingVersion();
        check(expected == null ? binding == null || binding.equals(FeedDate.version()) : expected.equals(binding),
                "bindingVersion (the jar's version.properties)", binding);
        check(FeedDate.libraryPath().contains("libfeeddate"), "libraryPath", FeedDate.libraryPath());
        check(Math.abs(FeedDate.now().toEpochMilli() - System.currentTimeMillis()) < 60_000, "now");
        // Which path carries format and label: make test-java (Java 17) expects JNA, make test-java-ffm (Java 25,
        // the multi-release jar) FFM; -Dfeeddate.expectedNativeAccess names it, so a fallback cannot pass unseen.
        String access = FeedDate.nativeAccess(), expectedAccess = System.getProperty("feeddate.expectedNativeAccess");
        check(expectedAccess == null || expectedAccess.isEmpty() || access.startsWith(expectedAccess + " "),
                "nativeAccess", access + ", expected " + expectedAccess);
        System.out.println("library: " + FeedDate.libraryPath() + ", version " + FeedDate.version() + ", "
                + FeedDate.dataVersion() + ", binding " + binding + ", calls: " + access + " on Java "
                + Runtime.version());

        TestKit.run("resolved ids", () -> {
            try (Formatter f = new Formatter(Options.builder(Style.FEED).locale(Locale.forLanguageTag("zh-CN"))
                    .timeZone(ZoneId.of("Asia/Shanghai")).build())) {
                check(f.locale().equals("zh_CN"), "locale(Locale) resolves to zh_CN", f.locale());
                check(f.timeZone().equals("Asia/Shanghai"), "timeZone(ZoneId)", f.timeZone());
                // SPEC 1.2: ICU's built-in rules ("icu 2022e") are never used for a named zone.
                check(f.tzSource().startsWith("tzdata "), "tzSource of a named zone is the system's tzdata",
                        f.tzSource());
                check(f.toString().contains("zh_CN") && f.options().style() == Style.FEED, "toString/options",
                        f);
            }
        });

        TestKit.run("label, overloads", () -> {
            try (Formatter f = make(Style.CHAT_BUBBLE, "zh_CN", "Asia/Shanghai")) {
                Instant t = Instant.parse("2024-03-24T03:11:00Z"); // yesterday 11:11
                Label l = f.label(t, NOW);
                check(l.text().equals("昨天 11:11") && l.dayPart().equals("昨天") && l.timePart().equals("11:11"),
                        "CHAT_BUBBLE label and parts", l.text() + " / " + l.dayPart() + " / " + l.timePart());
                check(Instant.parse("2024-03-25T16:00:00Z").equals(l.nextChange()), "next change at midnight",
                        l.nextChange());
                check(f.format(t, NOW).equals(l.text()) && f.format(t.toEpochMilli(), NOW.toEpochMilli())
                        .equals(l.text()) && f.label(t.toEpochMilli(), NOW.toEpochMilli()).equals(l),
                        "Instant and millisecond overloads agree");
                check(!f.format(t).isEmpty() && f.label(t).text().equals(f.format(t)), "format(t) uses the clock");
                // Sub-millisecond parts are floored: 0.999 ms before a minute boundary is still the old minute.
                Instant edge = Instant.parse("2024-03-25T06:29:00Z");
                check(f.format(edge.minusNanos(1), NOW).equals(f.format(edge.toEpochMilli() - 1, NOW.toEpochMilli())),
                        "sub-millisecond instants are floored");
            }
        });

        TestKit.run("never changes, expired", () -> {
            try (Formatter f = make(Style.FEED, "en_US", "America/New_York");
                    Formatter c = make(Style.COUNTDOWN, "en_US", "UTC")) {
                Label l = f.label(Instant.parse("2001-01-01T00:00:00Z"), Instant.parse("9999-12-31T00:00:00Z"));
                check(l.nextChange() == null, "a label that never changes has a null next change", l);
                Label done = c.label(NOW.minusSeconds(5), NOW);
                check(done.expired(), "COUNTDOWN past the deadline is expired", done);
                check(!c.label(NOW.plusSeconds(5), NOW).expired(), "COUNTDOWN before the deadline is not expired");
            }
        });

        TestKit.run("formatMany", () -> {
            try (Formatter f = make(Style.FEED, "zh_CN", "Asia/Shanghai")) {
                List<Instant> ts = new ArrayList<>();
                for (int i = 0; i < 3000; i++) ts.add(NOW.minus(Duration.ofMinutes(37L * i * i)));
                Batch b = f.formatMany(ts, NOW);
                boolean same = b.texts().size() == ts.size();
                Instant earliest = null;
                for (int i = 0; same && i < ts.size(); i++) {
                    Label l = f.label(ts.get(i), NOW);
                    same = l.text().equals(b.texts().get(i));
                    if (l.nextChange() != null && (earliest == null || l.nextChange().isBefore(earliest))) {
                        earliest = l.nextChange();
                    }
                }
                check(same, "formatMany equals label one by one");
                check(b.nextChange() != null && b.nextChange().equals(earliest), "formatMany's earliest next change",
                        b.nextChange() + " vs " + earliest);
                Batch empty = f.formatMany(List.of(), NOW);
                check(empty.texts().isEmpty() && empty.nextChange() == null, "formatMany of nothing", empty);
            }
            // Labels longer than formatMany's first guess of bytes per label: the second call.
            try (Formatter f = make(Style.FEED_DETAIL, "my_MM", "Asia/Yangon")) {
                long[] ts = new long[500];
                for (int i = 0; i < ts.length; i++) ts[i] = NOW.toEpochMilli() - 86_400_000L * 3 * i;
                Batch b = f.formatMany(ts, NOW.toEpochMilli());
                int longest = 0;
                boolean same = true;
                for (int i = 0; i < ts.length; i++) {
                    String want = f.format(ts[i], NOW.toEpochMilli());
                    same &= want.equals(b.texts().get(i));
                    longest = Math.max(longest, want.getBytes(StandardCharsets.UTF_8).length);
                }
                check(same && longest > 32, "formatMany with long labels (" + longest + " bytes)", b.texts().get(1));
            }
        });

        TestKit.run("close", () -> {
            Formatter f = make(Style.FEED, "en_US", "UTC");
            f.close();
            f.close(); // idempotent
            try {
                f.format(NOW, NOW);
                fail("format after close", "no exception");
            } catch (IllegalStateException e) {
                check(e.getMessage().contains("closed"), "format after close throws IllegalStateException");
            }
        });

        TestKit.run("the 1.1 struct", () -> {
            check(new LibFeedDate.FdOptions().size() == 120, "FdOptions is the 120-byte 1.1 fd_options",
                    new LibFeedDate.FdOptions().size());
        });

        TestKit.run("1.1 options", () -> {
            long now = NOW.toEpochMilli(), hour = 3_600_000L;
            Options.Builder compact = ErrorTests.en(Style.COMPACT);
            check(text(compact.maxUnit(Unit.HOUR), now - 5 * hour).equals("5h"), "maxUnit HOUR, 5 h");
            check(text(compact, now - 30 * hour).equals("Mar 24"), "maxUnit HOUR, 30 h: the date",
                    text(compact, now - 30 * hour));
            check(text(compact.maxUnit(Unit.YEAR), now - 30 * hour).equals("1d"), "maxUnit YEAR, 30 h");
            check(text(ErrorTests.en(Style.COMPACT).spoken(true), now - 2 * hour).equals("2 hours ago"),
                    "spoken COMPACT", text(ErrorTests.en(Style.COMPACT).spoken(true), now - 2 * hour));
            try (Formatter f = new Formatter(ErrorTests.en(Style.COUNTDOWN).overtime(true).build())) {
                Label l = f.label(now - 5300, now);
                check(l.text().equals("-0:00:05.3") && l.expired()
                        && Instant.ofEpochMilli(now + 100).equals(l.nextChange()), "overtime", l);
            }
            Options.Builder h12 = ErrorTests.en(Style.CHAT_LIST).hourCycle(HourCycle.H12);
            check(text(h12, now - hour).equals("5:30\u202fAM"), "H12 as ICU writes it", text(h12, now - hour));
            check(text(h12.plainSpaces(true), now - hour).equals("5:30 AM"), "plainSpaces", text(h12, now - hour));
            check(text(zh().recentRelative(true).justNowText("刚才"), now - 10_000).equals("刚才"), "justNowText");
            check(text(zh().yesterdayText("昨儿"), now - 24 * hour).equals("昨儿"), "yesterdayText");
            check(text(zh().dayBeforeYesterdayText("前儿"), now - 48 * hour).equals("前儿"), "dayBeforeYesterdayText");
            check(text(zh().tomorrowText("明儿"), now + 24 * hour).equals("明儿"), "tomorrowText");
            Options o = zh().yesterdayText("a\", b").maxUnit(Unit.DAY).build();
            check(o.equals(o.toBuilder().build()) && !o.equals(zh().yesterdayText("a").build())
                    && o.toString().contains("maxUnit=DAY")
                    && o.toString().contains("yesterdayText=\"a\\\", b\""),
                    "1.1 options in toBuilder, equals, toString", o);
        });

        TestKit.run("options", () -> {
            Options o = Options.builder(Style.COUNTDOWN).locale("en_US").timeZone("UTC").precision(3)
                    .countdownDays(true).build();
            check(o.equals(o.toBuilder().build()) && o.toString().contains("precision=3"), "toBuilder, toString", o);
            try (Formatter f = new Formatter(o);
                    Formatter g = new Formatter(o.toBuilder().precision(0).countdownDays(false).build())) {
                long t = NOW.toEpochMilli() + 90_061_234L; // 1 d 1 h 1 min 1.234 s
                check(f.format(t, NOW.toEpochMilli()).equals("1d 01:01:01.234"), "precision 3, countdown days",
                        f.format(t, NOW.toEpochMilli()));
                check(g.format(t, NOW.toEpochMilli()).equals("25:01:02"), "precision 0", g.format(t,
                        NOW.toEpochMilli()));
            }
            try (Formatter f = new Formatter(Options.builder(Style.RELATIVE).locale("en_US").timeZone("UTC")
                    .width(Width.SHORT).build());
                    Formatter h = new Formatter(Options.builder(Style.FEED).locale("en_US").timeZone("UTC")
                            .hourCycle(HourCycle.H23).recentRelative(true).justNow(Duration.ofMinutes(2))
                            .skewTolerance(Duration.ZERO).crossYearGraceDays(30).weekdayWindowDays(3).build())) {
                check(f.format(NOW.minus(Duration.ofMinutes(5)), NOW).equals("5 min. ago"), "width SHORT",
                        f.format(NOW.minus(Duration.ofMinutes(5)), NOW));
                check(h.format(NOW.minusSeconds(90), NOW).equals(h.format(NOW, NOW)), "justNow 2 min",
                        h.format(NOW.minusSeconds(90), NOW));
                check(h.format(NOW.minus(Duration.ofHours(30)), NOW).equals("Yesterday")
                        || h.format(NOW.minus(Duration.ofHours(30)), NOW).equals("yesterday"), "H23 FEED yesterday",
                        h.format(NOW.minus(Duration.ofHours(30)), NOW));
            }
        });
    }
}
