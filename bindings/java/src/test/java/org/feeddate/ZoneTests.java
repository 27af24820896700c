package org.feeddate;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.feeddate.TestKit.*;

/**
 * Java zones (issue 22 #8): ZoneOffset ("Z", "+05:30") and offset ids
 * without a region ("UTC+05:30", "GMT-3") reach the library as POSIX TZ
 * strings, and label as java.time says the wall clock reads there.
 */
@ExtendWith(TestKit.Count.class)
class ZoneTests {
    static final Instant NOW = Instant.parse("2024-03-25T06:30:00Z");

    /** A ZoneId's id, the zone the library gets. */
    static final String[][] IDS = {
        {"Z", "UTC"}, {"+05:30", "<+0530>-5:30"}, {"+05:00", "<+05>-5"}, {"-03:00", "<-03>3"},
        {"+14:00", "<+14>-14"}, {"-09:30", "<-0930>9:30"}, {"+05:45", "<+0545>-5:45"},
        {"+05:30:15", "<+053015>-5:30:15"}, {"-18:00", "<-18>18"},
        {"UTC+05:30", "<+0530>-5:30"}, {"GMT-3", "<-03>3"}, {"UT+01:00", "<+01>-1"}, {"UT", "UTC"},
        {"UTC", "UTC"}, {"GMT", "GMT"}, {"Etc/GMT-3", "Etc/GMT-3"}, {"Asia/Kolkata", "Asia/Kolkata"},
        {"America/New_York", "America/New_York"},
    };

    @TestFactory
    Stream<DynamicTest> zoneIdPassesItsTz() {
        return Arrays.stream(IDS).map(c -> {
            String what = "zones: timeZone(ZoneId.of(\"" + c[0] + "\")) passes " + c[1];
            return test(what, () -> {
                String got = Options.builder(Style.FEED).timeZone(ZoneId.of(c[0])).build().timeZone();
                check(c[1].equals(got), what, got);
            });
        });
    }

    @Test
    void zoneOffsetUtcPassesUtc() {
        check(Options.builder(Style.FEED).timeZone(ZoneOffset.UTC).build().timeZone().equals("UTC"),
                "zones: timeZone(ZoneOffset.UTC) passes UTC");
    }

    // Each formats: CHAT_LIST's time of day is the wall clock java.time gives in that zone.
    @TestFactory
    Stream<DynamicTest> zoneIdLabelsTheWallClockThere() {
        DateTimeFormatter hm = DateTimeFormatter.ofPattern("HH:mm");
        return Arrays.stream(IDS).map(c -> test("zones: ZoneId.of(\"" + c[0] + "\") labels the wall clock there", () -> {
            ZoneId zone = ZoneId.of(c[0]);
            try (Formatter f = new Formatter(Options.builder(Style.CHAT_LIST).locale("en_US")
                    .hourCycle(HourCycle.H23).timeZone(zone).build())) {
                Instant t = NOW.minusSeconds(600);
                String want = ZonedDateTime.ofInstant(t, zone).format(hm);
                String got = f.format(t, NOW);
                check(got.equals(want), "zones: ZoneId.of(\"" + c[0] + "\") labels the wall clock there "
                        + "(" + f.timeZone() + ", " + f.tzSource() + ")", got + ", want " + want);
            }
        }));
    }

    @Test
    void zoneOffsetUtcMakesAFormatterInUtc() {
        try (Formatter f = new Formatter(Options.builder(Style.FEED).locale("en_US").timeZone(ZoneOffset.UTC)
                .build())) {
            check(f.timeZone().equals("UTC"), "zones: ZoneOffset.UTC makes a formatter in UTC", f.timeZone());
        }
    }

    // A string is the caller's id, passed as it is: the library judges it.
    @Test
    void aStringIsNotMapped() {
        expectError("zones: the string \"+05:30\" is not mapped", Status.TIME_ZONE,
                () -> new Formatter(Options.builder(Style.FEED).locale("en_US").timeZone("+05:30").build()).close(),
                "+05:30");
    }
}
