package org.feeddate;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.feeddate.TestKit.*;

/** The API around the vectors: versions, resolved ids, overloads, formatMany, close; one test per check. */
@ExtendWith(TestKit.Count.class)
class ApiTests {
    static final Instant NOW = Instant.parse("2024-03-25T06:30:00Z"); // 14:30 in Shanghai
    static final long HOUR = 3_600_000L;

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

    static String expected() {
        return System.getProperty("feeddate.expectedVersion");
    }

    @BeforeAll
    static void library() {
        System.out.println("library: " + FeedDate.libraryPath() + ", version " + FeedDate.version() + ", "
                + FeedDate.dataVersion() + ", binding " + FeedDate.bindingVersion() + ", calls: "
                + FeedDate.nativeAccess() + " on Java " + Runtime.version());
    }

    // ---- the library as loaded ----

    @Test
    void version() {
        check(expected() == null || expected().equals(FeedDate.version()), "version",
                "library says " + FeedDate.version() + ", tools/version.sh " + expected());
    }

    @Test
    void versionNumber() {
        String[] v = FeedDate.version().split("\\.");
        check(FeedDate.versionNumber() == Integer.parseInt(v[0]) * 10000 + Integer.parseInt(v[1]) * 100
                + Integer.parseInt(v[2]), "versionNumber", FeedDate.versionNumber());
    }

    @Test
    void icuVersion() {
        check(FeedDate.icuVersion().matches("\\d+\\.\\d+(\\.\\d+)*"), "icuVersion", FeedDate.icuVersion());
    }

    // SPEC 13 (1.3): ICU 78.3 and CLDR 48 inside the library and the zone database's tzdata version,
    // fd_data_version's text as it is.
    @Test
    void dataVersion() {
        String data = FeedDate.dataVersion();
        check(data.matches("ICU 78\\.3; CLDR 48\\.0; tzdata \\S+"), "dataVersion", data);
    }

    @Test
    void dataVersionIsFdDataVersions() {
        String data = FeedDate.dataVersion();
        check(data.equals(LibFeedDate.string(LibFeedDate.fd_data_version())), "dataVersion is fd_data_version's",
                data);
    }

    @Test
    void dataVersionNamesIcuVersionsIcu() {
        String data = FeedDate.dataVersion();
        check(data.startsWith("ICU " + FeedDate.icuVersion() + "; "), "dataVersion names icuVersion's ICU", data);
    }

    @Test
    void bindingVersion() {
        String binding = FeedDate.bindingVersion();
        check(expected() == null ? binding == null || binding.equals(FeedDate.version()) : expected().equals(binding),
                "bindingVersion (the jar's version.properties)", binding);
    }

    @Test
    void libraryPath() {
        check(FeedDate.libraryPath().contains("libfeeddate"), "libraryPath", FeedDate.libraryPath());
    }

    @Test
    void now() {
        check(Math.abs(FeedDate.now().toEpochMilli() - System.currentTimeMillis()) < 60_000, "now");
    }

    // Which path carries format and label: make test-java (Java 17) expects JNA, make test-java-ffm (Java 25,
    // the multi-release jar) FFM; -Dfeeddate.expectedNativeAccess names it, so a fallback cannot pass unseen.
    @Test
    void nativeAccess() {
        String access = FeedDate.nativeAccess(), expectedAccess = System.getProperty("feeddate.expectedNativeAccess");
        check(expectedAccess == null || expectedAccess.isEmpty() || access.startsWith(expectedAccess + " "),
                "nativeAccess", access + ", expected " + expectedAccess);
    }

    // ---- resolved ids ----

    static Formatter zhFromJavaTypes() {
        return new Formatter(Options.builder(Style.FEED).locale(Locale.forLanguageTag("zh-CN"))
                .timeZone(ZoneId.of("Asia/Shanghai")).build());
    }

    @Test
    void localeOfALocale() {
        try (Formatter f = zhFromJavaTypes()) {
            check(f.locale().equals("zh_CN"), "locale(Locale) resolves to zh_CN", f.locale());
        }
    }

    @Test
    void timeZoneOfAZoneId() {
        try (Formatter f = zhFromJavaTypes()) {
            check(f.timeZone().equals("Asia/Shanghai"), "timeZone(ZoneId)", f.timeZone());
        }
    }

    // SPEC 1.2: ICU's built-in rules ("icu 2022e") are never used for a named zone.
    @Test
    void tzSourceOfANamedZone() {
        try (Formatter f = zhFromJavaTypes()) {
            check(f.tzSource().startsWith("tzdata "), "tzSource of a named zone is the system's tzdata", f.tzSource());
        }
    }

    @Test
    void formatterToStringAndOptions() {
        try (Formatter f = zhFromJavaTypes()) {
            check(f.toString().contains("zh_CN") && f.options().style() == Style.FEED, "toString/options", f);
        }
    }

    // ---- label and its overloads ----

    static final Instant YESTERDAY_1111 = Instant.parse("2024-03-24T03:11:00Z"); // yesterday 11:11 in Shanghai

    static Formatter chatBubble() {
        return make(Style.CHAT_BUBBLE, "zh_CN", "Asia/Shanghai");
    }

    @Test
    void chatBubbleLabelAndParts() {
        try (Formatter f = chatBubble()) {
            Label l = f.label(YESTERDAY_1111, NOW);
            check(l.text().equals("昨天 11:11") && l.dayPart().equals("昨天") && l.timePart().equals("11:11"),
                    "CHAT_BUBBLE label and parts", l.text() + " / " + l.dayPart() + " / " + l.timePart());
        }
    }

    @Test
    void nextChangeAtMidnight() {
        try (Formatter f = chatBubble()) {
            Label l = f.label(YESTERDAY_1111, NOW);
            check(Instant.parse("2024-03-25T16:00:00Z").equals(l.nextChange()), "next change at midnight",
                    l.nextChange());
        }
    }

    @Test
    void instantAndMillisecondOverloadsAgree() {
        try (Formatter f = chatBubble()) {
            Instant t = YESTERDAY_1111;
            Label l = f.label(t, NOW);
            check(f.format(t, NOW).equals(l.text()) && f.format(t.toEpochMilli(), NOW.toEpochMilli())
                    .equals(l.text()) && f.label(t.toEpochMilli(), NOW.toEpochMilli()).equals(l),
                    "Instant and millisecond overloads agree");
        }
    }

    @Test
    void formatWithoutNowUsesTheClock() {
        try (Formatter f = chatBubble()) {
            Instant t = YESTERDAY_1111;
            check(!f.format(t).isEmpty() && f.label(t).text().equals(f.format(t)), "format(t) uses the clock");
        }
    }

    // Sub-millisecond parts are floored: 0.999 ms before a minute boundary is still the old minute.
    @Test
    void subMillisecondInstantsAreFloored() {
        try (Formatter f = chatBubble()) {
            Instant edge = Instant.parse("2024-03-25T06:29:00Z");
            check(f.format(edge.minusNanos(1), NOW).equals(f.format(edge.toEpochMilli() - 1, NOW.toEpochMilli())),
                    "sub-millisecond instants are floored");
        }
    }

    // ---- labels that never change, expired ----

    @Test
    void neverChangesHasNullNextChange() {
        try (Formatter f = make(Style.FEED, "en_US", "America/New_York")) {
            Label l = f.label(Instant.parse("2001-01-01T00:00:00Z"), Instant.parse("9999-12-31T00:00:00Z"));
            check(l.nextChange() == null, "a label that never changes has a null next change", l);
        }
    }

    @Test
    void countdownPastTheDeadlineIsExpired() {
        try (Formatter c = make(Style.COUNTDOWN, "en_US", "UTC")) {
            Label done = c.label(NOW.minusSeconds(5), NOW);
            check(done.expired(), "COUNTDOWN past the deadline is expired", done);
        }
    }

    @Test
    void countdownBeforeTheDeadlineIsNotExpired() {
        try (Formatter c = make(Style.COUNTDOWN, "en_US", "UTC")) {
            check(!c.label(NOW.plusSeconds(5), NOW).expired(), "COUNTDOWN before the deadline is not expired");
        }
    }

    // ---- formatMany ----

    static List<Instant> manyInstants() {
        List<Instant> ts = new ArrayList<>();
        for (int i = 0; i < 3000; i++) ts.add(NOW.minus(Duration.ofMinutes(37L * i * i)));
        return ts;
    }

    @Test
    void formatManyEqualsLabelOneByOne() {
        try (Formatter f = make(Style.FEED, "zh_CN", "Asia/Shanghai")) {
            List<Instant> ts = manyInstants();
            Batch b = f.formatMany(ts, NOW);
            boolean same = b.texts().size() == ts.size();
            for (int i = 0; same && i < ts.size(); i++) same = f.label(ts.get(i), NOW).text().equals(b.texts().get(i));
            check(same, "formatMany equals label one by one");
        }
    }

    @Test
    void formatManysEarliestNextChange() {
        try (Formatter f = make(Style.FEED, "zh_CN", "Asia/Shanghai")) {
            List<Instant> ts = manyInstants();
            Batch b = f.formatMany(ts, NOW);
            Instant earliest = null;
            for (Instant t : ts) {
                Label l = f.label(t, NOW);
                if (l.nextChange() != null && (earliest == null || l.nextChange().isBefore(earliest))) {
                    earliest = l.nextChange();
                }
            }
            check(b.nextChange() != null && b.nextChange().equals(earliest), "formatMany's earliest next change",
                    b.nextChange() + " vs " + earliest);
        }
    }

    @Test
    void formatManyOfNothing() {
        try (Formatter f = make(Style.FEED, "zh_CN", "Asia/Shanghai")) {
            Batch empty = f.formatMany(List.of(), NOW);
            check(empty.texts().isEmpty() && empty.nextChange() == null, "formatMany of nothing", empty);
        }
    }

    // Labels longer than formatMany's first guess of bytes per label: the second call.
    @Test
    void formatManyWithLongLabels() {
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
    }

    // ---- close ----

    @Test
    void formatAfterCloseThrows() {
        Formatter f = make(Style.FEED, "en_US", "UTC");
        f.close();
        f.close(); // idempotent
        IllegalStateException e = null;
        try {
            f.format(NOW, NOW);
        } catch (IllegalStateException x) {
            e = x;
        }
        if (e == null) fail("format after close", "no exception");
        check(e.getMessage().contains("closed"), "format after close throws IllegalStateException", e.getMessage());
    }

    @Test
    void fdOptionsIsThe11Struct() {
        check(new LibFeedDate.FdOptions().size() == 120, "FdOptions is the 120-byte 1.1 fd_options",
                new LibFeedDate.FdOptions().size());
    }

    // ---- the 1.1 options ----

    @Test
    void maxUnitHourAt5Hours() {
        check(text(ErrorTests.en(Style.COMPACT).maxUnit(Unit.HOUR), NOW.toEpochMilli() - 5 * HOUR).equals("5h"),
                "maxUnit HOUR, 5 h");
    }

    @Test
    void maxUnitHourAt30HoursIsTheDate() {
        String got = text(ErrorTests.en(Style.COMPACT).maxUnit(Unit.HOUR), NOW.toEpochMilli() - 30 * HOUR);
        check(got.equals("Mar 24"), "maxUnit HOUR, 30 h: the date", got);
    }

    @Test
    void maxUnitYearAt30Hours() {
        check(text(ErrorTests.en(Style.COMPACT).maxUnit(Unit.YEAR), NOW.toEpochMilli() - 30 * HOUR).equals("1d"),
                "maxUnit YEAR, 30 h");
    }

    @Test
    void spokenCompact() {
        String got = text(ErrorTests.en(Style.COMPACT).spoken(true), NOW.toEpochMilli() - 2 * HOUR);
        check(got.equals("2 hours ago"), "spoken COMPACT", got);
    }

    @Test
    void overtime() {
        long now = NOW.toEpochMilli();
        try (Formatter f = new Formatter(ErrorTests.en(Style.COUNTDOWN).overtime(true).build())) {
            Label l = f.label(now - 5300, now);
            check(l.text().equals("-0:00:05.3") && l.expired() && Instant.ofEpochMilli(now + 100).equals(l.nextChange()),
                    "overtime", l);
        }
    }

    @Test
    void hourCycleH12AsIcuWritesIt() {
        String got = text(ErrorTests.en(Style.CHAT_LIST).hourCycle(HourCycle.H12), NOW.toEpochMilli() - HOUR);
        check(got.equals("5:30\u202fAM"), "H12 as ICU writes it", got);
    }

    @Test
    void plainSpaces() {
        String got = text(ErrorTests.en(Style.CHAT_LIST).hourCycle(HourCycle.H12).plainSpaces(true),
                NOW.toEpochMilli() - HOUR);
        check(got.equals("5:30 AM"), "plainSpaces", got);
    }

    @Test
    void justNowText() {
        check(text(zh().recentRelative(true).justNowText("刚才"), NOW.toEpochMilli() - 10_000).equals("刚才"),
                "justNowText");
    }

    @Test
    void yesterdayText() {
        check(text(zh().yesterdayText("昨儿"), NOW.toEpochMilli() - 24 * HOUR).equals("昨儿"), "yesterdayText");
    }

    @Test
    void dayBeforeYesterdayText() {
        check(text(zh().dayBeforeYesterdayText("前儿"), NOW.toEpochMilli() - 48 * HOUR).equals("前儿"),
                "dayBeforeYesterdayText");
    }

    @Test
    void tomorrowText() {
        check(text(zh().tomorrowText("明儿"), NOW.toEpochMilli() + 24 * HOUR).equals("明儿"), "tomorrowText");
    }

    @Test
    void options11InToBuilderEqualsToString() {
        Options o = zh().yesterdayText("a\", b").maxUnit(Unit.DAY).build();
        check(o.equals(o.toBuilder().build()) && !o.equals(zh().yesterdayText("a").build())
                && o.toString().contains("maxUnit=DAY")
                && o.toString().contains("yesterdayText=\"a\\\", b\""),
                "1.1 options in toBuilder, equals, toString", o);
    }

    // ---- the other options ----

    static Options countdown3() {
        return Options.builder(Style.COUNTDOWN).locale("en_US").timeZone("UTC").precision(3).countdownDays(true)
                .build();
    }

    static final long ONE_DAY_AND_MORE = NOW.toEpochMilli() + 90_061_234L; // 1 d 1 h 1 min 1.234 s

    @Test
    void optionsToBuilderToString() {
        Options o = countdown3();
        check(o.equals(o.toBuilder().build()) && o.toString().contains("precision=3"), "toBuilder, toString", o);
    }

    @Test
    void precision3CountdownDays() {
        try (Formatter f = new Formatter(countdown3())) {
            String got = f.format(ONE_DAY_AND_MORE, NOW.toEpochMilli());
            check(got.equals("1d 01:01:01.234"), "precision 3, countdown days", got);
        }
    }

    @Test
    void precision0() {
        try (Formatter g = new Formatter(countdown3().toBuilder().precision(0).countdownDays(false).build())) {
            String got = g.format(ONE_DAY_AND_MORE, NOW.toEpochMilli());
            check(got.equals("25:01:02"), "precision 0", got);
        }
    }

    @Test
    void widthShort() {
        try (Formatter f = new Formatter(Options.builder(Style.RELATIVE).locale("en_US").timeZone("UTC")
                .width(Width.SHORT).build())) {
            String got = f.format(NOW.minus(Duration.ofMinutes(5)), NOW);
            check(got.equals("5 min. ago"), "width SHORT", got);
        }
    }

    static Formatter h23Feed() {
        return new Formatter(Options.builder(Style.FEED).locale("en_US").timeZone("UTC").hourCycle(HourCycle.H23)
                .recentRelative(true).justNow(Duration.ofMinutes(2)).skewTolerance(Duration.ZERO)
                .crossYearGraceDays(30).weekdayWindowDays(3).build());
    }

    @Test
    void justNowOf2Minutes() {
        try (Formatter h = h23Feed()) {
            check(h.format(NOW.minusSeconds(90), NOW).equals(h.format(NOW, NOW)), "justNow 2 min",
                    h.format(NOW.minusSeconds(90), NOW));
        }
    }

    @Test
    void h23FeedYesterday() {
        try (Formatter h = h23Feed()) {
            String got = h.format(NOW.minus(Duration.ofHours(30)), NOW);
            check(got.equals("Yesterday") || got.equals("yesterday"), "H23 FEED yesterday", got);
        }
    }
}
