package org.feeddate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.feeddate.TestKit.*;

/**
 * Schedules (SPEC section 11): every line of the schedule vectors
 * (FEEDDATE_SCHEDULE_VECTORS, else Tests/vectors/schedule/*.jsonl: one set
 * for every host, SPEC 13) gives the same entries, until and wire bytes
 * through both overloads and matches label()/nextChange walked step by step;
 * random cases match that walk too; bad arguments are the library's
 * ARGUMENT error; the horizon is floored to the millisecond; threads agree.
 * (Schedule after close() is in CloseTests; the conversion vectors in ConversionTests.) One test per
 * vector line, random case and check.
 */
@ExtendWith(TestKit.Count.class)
class ScheduleTests {
    /** One parsed schedule vector line. */
    record Case(String where, Options options, long t, long now, long horizon, int maxEntries, List<String> texts,
            long[] starts, Long until, String json) {
    }

    static final long NOW = 1711348200000L;
    static final TestKit.Formatters FORMATTERS = new TestKit.Formatters();

    @AfterAll
    static void close() {
        FORMATTERS.close();
    }

    static Formatter formatter(Case c) {
        return FORMATTERS.get(c.options, c.where);
    }

    /** One test per line of the schedule vectors, then threads sharing their formatters. */
    @TestFactory
    Stream<DynamicTest> vectors() throws Exception {
        List<DynamicTest> tests = new ArrayList<>();
        List<Case> cases = new ArrayList<>();
        for (Path file : VectorTests.files(ErrorTests.vectorsDir(), "schedule", "FEEDDATE_SCHEDULE_VECTORS")) {
            List<Case> cs = jsonLines(file, "schedule vector", tests, ScheduleTests::schedule);
            if (cs.isEmpty()) tests.add(test(file.toString(), () -> fail(file.toString(), "holds no schedule vectors")));
            cases.addAll(cs);
        }
        for (Case c : cases) tests.add(test(c.where.substring(0, c.where.indexOf(' ')), () -> checkCase(formatter(c), c)));
        tests.add(test("schedule: threads", () -> threads(cases)));
        System.out.println("schedules: " + cases.size() + " vectors");
        return tests.stream();
    }

    // ---- what bindings/java/README.md says its example gives ----

    static final Instant README_NOW = Instant.parse("2024-03-25T06:30:00Z");

    @Test
    void readmesFirstExample() {
        Instant now = README_NOW;
        try (Formatter f = zh(Style.FEED)) {
            Schedule s = f.schedule(now.minus(Duration.ofMinutes(50)), now);
            check(s.entries().equals(List.of(new ScheduleEntry("13:40", now),
                    new ScheduleEntry("昨天", Instant.parse("2024-03-25T16:00:00Z"))))
                    && s.until().equals(Optional.of(Instant.parse("2024-03-26T16:00:00Z")))
                    && s.toJson().equals("{\"v\":1,\"now\":1711348200000,"
                            + "\"labels\":[[\"13:40\",0],[\"昨天\",34200000]],\"until\":1711468800000}"),
                    "schedule: the README's first example", s.toJson());
        }
    }

    @Test
    void readmesSecondExample() {
        Instant now = README_NOW;
        try (Formatter f = zh(Style.FEED)) {
            Schedule more = f.schedule(now.minus(Duration.ofHours(20)), now, Duration.ofDays(3), 100);
            List<String> texts = more.entries().stream().map(ScheduleEntry::text).toList();
            check(texts.equals(List.of("昨天", "前天", "3月24日"))
                    && more.entries().get(1).start().equals(Instant.parse("2024-03-25T16:00:00Z"))
                    && more.entries().get(2).start().equals(Instant.parse("2024-03-26T16:00:00Z"))
                    && more.until().equals(Optional.of(Instant.parse("2024-12-31T16:00:00Z"))),
                    "schedule: the README's second example", more);
        }
    }

    /**
     * Random styles, locales, instants, horizons and sizes: the schedule is the walk of label(). One test per
     * case; -Dfeeddate.seed=N repeats a run (each name says its seed).
     */
    @TestFactory
    Stream<DynamicTest> randomCasesAgainstLabel() {
        long seed = Long.getLong("feeddate.seed", System.nanoTime());
        Random r = new Random(seed);
        String[][] places = {{"zh_CN", "Asia/Shanghai"}, {"en_US", "America/New_York"}, {"ar_EG", "Africa/Cairo"},
            {"en_WS", "Pacific/Apia"}, {"ru_RU", "Europe/Moscow"}};
        Style[] styles = Style.values();
        int cases = 24;
        List<DynamicTest> tests = new ArrayList<>();
        for (int k = 0; k < cases; k++) {
            String[] place = places[r.nextInt(places.length)];
            Options.Builder b = Options.builder(styles[r.nextInt(styles.length)]).locale(place[0]).timeZone(place[1]);
            if (r.nextInt(3) == 0) b.spoken(true);
            if (r.nextInt(3) == 0) b.recentRelative(true);
            Options o = b.build();
            // now within 2000 .. 2030; t within ±2 hours, ±3 days or ±2 years of it.
            long now = 946_684_800_000L + (long) (r.nextDouble() * 30 * 365.25 * 86_400_000L);
            long[] spans = {2 * 3_600_000L, 3 * 86_400_000L, 2 * 366 * 86_400_000L};
            long span = spans[r.nextInt(spans.length)];
            long t = now + (long) ((r.nextDouble() * 2 - 1) * span);
            long horizon = r.nextInt(8) == 0 ? 0 : (long) (r.nextDouble() * 2 * 86_400_000L);
            int max = 1 + r.nextInt(r.nextBoolean() ? 5 : 400);
            String what = "schedule random #" + k + " (seed " + seed + "): " + o + " t=" + t + " now=" + now
                    + " horizon=" + horizon + " max=" + max;
            tests.add(test("random #" + k + " (seed " + seed + ")", () -> {
                try (Formatter f = new Formatter(o)) {
                    Schedule s = f.schedule(t, now, horizon, max);
                    String m = walkMismatch(f, t, now, horizon, max, s);
                    check(m == null, what, m);
                }
            }));
        }
        return tests.stream();
    }

    /**
     * The definition, walked with label() and its next change: entry 0 at
     * now, entry i+1 at entry i's next change, texts label(t, start), stop at
     * a label that never changes (until empty), at maxEntries, or at a next
     * change at or after now + horizon (until = that next change); consecutive
     * texts differ. Null when the schedule is that; else what differs.
     */
    static String walkMismatch(Formatter f, long t, long now, long horizon, int maxEntries, Schedule s) {
        List<ScheduleEntry> got = s.entries();
        long from = now;
        for (int i = 0;; i++) {
            Label l = f.label(t, from);
            if (i >= got.size()) return got.size() + " entries; label() goes on with \"" + l.text() + "\" at " + from;
            ScheduleEntry e = got.get(i);
            if (!e.text().equals(l.text()) || e.start().toEpochMilli() != from) {
                return "entry " + i + " is " + e + "; label() gives \"" + l.text() + "\" at " + from;
            }
            if (i > 0 && got.get(i - 1).text().equals(e.text())) return "entries " + (i - 1) + " and " + i + " equal";
            Instant next = l.nextChange();
            boolean last = next == null || i + 1 == maxEntries || next.toEpochMilli() >= now + horizon;
            if (last) {
                if (got.size() != i + 1) return got.size() + " entries; the walk stops at " + (i + 1);
                if (!s.until().equals(Optional.ofNullable(next))) {
                    return "until " + s.until() + "; the walk's is " + next;
                }
                return null;
            }
            from = next.toEpochMilli();
        }
    }

    // ---- out of range: the library's ARGUMENT (the binding's own where C's types cannot carry the value) ----

    static final long T = NOW - 30_000;
    static final Instant NOW_I = Instant.ofEpochMilli(NOW), T_I = Instant.ofEpochMilli(T);

    @TestFactory
    Stream<DynamicTest> argumentErrors() {
        Duration day = Duration.ofDays(1);
        return Stream.of(
                zhError("schedule: horizon -1 ns (floored to -1 ms)", Status.ARGUMENT,
                        f -> f.schedule(T_I, NOW_I, Duration.ofNanos(-1), 10), "horizon -1 ms", "out of range"),
                zhError("schedule: horizon -1 ms", Status.ARGUMENT, f -> f.schedule(T, NOW, -1, 10), "horizon -1 ms"),
                zhError("schedule: horizon 366 days + 1 ms", Status.ARGUMENT,
                        f -> f.schedule(T_I, NOW_I, Schedule.MAX_HORIZON.plusMillis(1), 10), "horizon 31622400001 ms"),
                zhError("schedule: horizon Long.MAX_VALUE ms", Status.ARGUMENT,
                        f -> f.schedule(T_I, NOW_I, Duration.ofMillis(Long.MAX_VALUE), 10), "horizon 9223372036854775807"),
                // Past a long of ms: clamped, and the library's message for the clamped value (SPEC 11, 1.3).
                zhError("schedule: horizon past a long of ms (no overflow)", Status.ARGUMENT,
                        f -> f.schedule(T_I, NOW_I, Duration.ofSeconds(Long.MAX_VALUE), 10),
                        "horizon 9223372036854775807 ms is out of range 0...31622400000 (366 days)"),
                zhError("schedule: horizon below a long of ms (no overflow)", Status.ARGUMENT,
                        f -> f.schedule(T_I, NOW_I, Duration.ofSeconds(Long.MIN_VALUE), 10),
                        "horizon -9223372036854775808 ms is out of range"),
                zhError("schedule: horizon Long.MAX_VALUE ms + 1 ms (no overflow)", Status.ARGUMENT,
                        f -> f.schedule(T_I, NOW_I, Duration.ofMillis(Long.MAX_VALUE).plusMillis(1), 10), "out of range"),
                zhError("schedule: maxEntries 0", Status.ARGUMENT, f -> f.schedule(T_I, NOW_I, day, 0),
                        "max_entries 0 is out of range 1...100000"),
                zhError("schedule: maxEntries -1", Status.ARGUMENT, f -> f.schedule(T_I, NOW_I, day, -1),
                        "max_entries -1 is out of range 1...100000"),
                zhError("schedule: maxEntries Integer.MIN_VALUE", Status.ARGUMENT,
                        f -> f.schedule(T, NOW, 1000, Integer.MIN_VALUE), "max_entries -2147483648"),
                zhError("schedule: maxEntries 100,001", Status.ARGUMENT, f -> f.schedule(T_I, NOW_I, day, 100_001),
                        "max_entries 100001"),
                // The library judges maxEntries before the binding sizes anything from it (no 32 GB of buffers).
                zhError("schedule: maxEntries Integer.MAX_VALUE", Status.ARGUMENT,
                        f -> f.schedule(T_I, NOW_I, day, Integer.MAX_VALUE), "max_entries 2147483647"),
                zhError("schedule: t out of range", Status.RANGE,
                        f -> f.schedule(253402300800000L, NOW, 1000, 10), "253402300800000"),
                zhError("schedule: now out of range", Status.RANGE,
                        f -> f.schedule(T, -62135596800001L, 1000, 10), "-62135596800001"),
                zhError("schedule: an Instant past a long of ms", Status.RANGE,
                        f -> f.schedule(Instant.MAX, NOW_I), "instant 9223372036854775807 ms is outside the supported range"),
                zhError("schedule: now an Instant before a long of ms", Status.RANGE,
                        f -> f.schedule(T_I, Instant.MIN),
                        "instant -9223372036854775808 ms is outside the supported range"));
    }

    static DynamicTest nullArgument(String name, FormatterCall call) {
        return TestKit.nullArgument(name, "schedule: a null argument is a NullPointerException", () -> zh(Style.FEED),
                call);
    }

    @TestFactory
    Stream<DynamicTest> nullArguments() {
        return Stream.of(nullArgument("schedule(null, now)", f -> f.schedule(null, NOW_I)),
                nullArgument("schedule(t, null)", f -> f.schedule(T_I, null)),
                nullArgument("schedule(t, now, null, 10)", f -> f.schedule(T_I, NOW_I, null, 10)));
    }

    // ---- the edges that are in range ----

    @Test
    void horizon0GivesOneEntryAndItsUntil() {
        try (Formatter f = zh(Style.FEED)) {
            Schedule zero = f.schedule(T_I, NOW_I, Duration.ZERO, 10);
            Label first = f.label(T_I, NOW_I);
            check(zero.entries().equals(List.of(new ScheduleEntry(first.text(), NOW_I))) && first.nextChange() != null
                    && zero.until().equals(Optional.of(first.nextChange())),
                    "schedule: horizon 0 gives one entry and its until", zero);
        }
    }

    @Test
    void maxEntries1GivesOneEntryAndItsUntil() {
        try (Formatter f = zh(Style.FEED)) {
            Schedule zero = f.schedule(T_I, NOW_I, Duration.ZERO, 10);
            Schedule one = f.schedule(T_I, NOW_I, Duration.ofDays(1), 1);
            check(one.entries().equals(zero.entries()) && one.until().equals(zero.until()),
                    "schedule: maxEntries 1 gives one entry and its until", one);
        }
    }

    @Test
    void horizon366Days100000EntriesWalkAsLabel() {
        try (Formatter f = zh(Style.FEED)) {
            Schedule longest = f.schedule(T_I, NOW_I, Schedule.MAX_HORIZON, Schedule.MAX_ENTRIES);
            String walk = walkMismatch(f, T, NOW, Schedule.MAX_HORIZON.toMillis(), Schedule.MAX_ENTRIES, longest);
            check(walk == null, "schedule: horizon 366 days, 100,000 entries walk as label()", walk);
        }
    }

    @Test
    void defaultIsOneDay1000Entries() {
        try (Formatter f = zh(Style.FEED)) {
            Schedule dflt = f.schedule(T_I, NOW_I);
            String walk = walkMismatch(f, T, NOW, 86_400_000L, 1000, dflt);
            check(dflt.equals(f.schedule(T_I, NOW_I, Duration.ofDays(1), 1000)) && walk == null,
                    "schedule(t, now): one day, 1,000 entries", walk);
        }
    }

    // The value: unmodifiable entries, equals, toString.
    @Test
    void entriesAreUnmodifiable() {
        try (Formatter f = zh(Style.FEED)) {
            Schedule dflt = f.schedule(T_I, NOW_I);
            boolean refused = false;
            try {
                dflt.entries().add(new ScheduleEntry("x", NOW_I));
            } catch (UnsupportedOperationException e) {
                refused = true;
            }
            check(refused, "schedule: entries() is unmodifiable", "add() worked");
        }
    }

    @Test
    void equalsHashCodeToString() {
        try (Formatter f = zh(Style.FEED)) {
            Schedule dflt = f.schedule(T_I, NOW_I), zero = f.schedule(T_I, NOW_I, Duration.ZERO, 10);
            check(dflt.hashCode() == f.schedule(T_I, NOW_I).hashCode() && !dflt.equals(zero)
                    && dflt.toString().contains(dflt.entries().size() + " entries"), "schedule: equals, hashCode, "
                    + "toString", dflt);
        }
    }

    // ---- the horizon is floored to the millisecond: a countdown ticking every second has 5 entries with a
    // horizon of 5 s (the fifth's next change is at now + 5 s, at the horizon) and 6 from 5.001 s; 5.001 s - 1 ns
    // is 5 s.

    static final long R_T = NOW + 60_000;
    static final Instant R_T_I = Instant.ofEpochMilli(R_T);

    static Formatter countdown() {
        return new Formatter(Options.builder(Style.COUNTDOWN).locale("en_US").timeZone("UTC").precision(0).build());
    }

    @Test
    void horizon5000And5001MillisecondsDiffer() {
        try (Formatter f = countdown()) {
            Schedule five = f.schedule(R_T, NOW, 5000, 100), fiveOne = f.schedule(R_T, NOW, 5001, 100);
            check(five.entries().size() == 5 && fiveOne.entries().size() == 6,
                    "schedule: horizon 5,000 ms and 5,001 ms differ (the case can tell)", five + " / " + fiveOne);
        }
    }

    @TestFactory
    Stream<DynamicTest> horizonsFlooredTo5000Milliseconds() {
        return Stream.of(Duration.ofMillis(5000), Duration.ofMillis(5000).plusNanos(1),
                Duration.ofMillis(5000).plusNanos(999_999), Duration.ofMillis(5001).minusNanos(1)).map(d ->
                test("horizon " + d + " is floored to 5,000 ms", () -> {
                    try (Formatter f = countdown()) {
                        Schedule s = f.schedule(R_T_I, NOW_I, d, 100);
                        check(s.equals(f.schedule(R_T, NOW, 5000, 100)), "schedule: horizon " + d
                                + " is floored to 5,000 ms", s);
                    }
                }));
    }

    @Test
    void horizon5001SecondsIs5001Milliseconds() {
        try (Formatter f = countdown()) {
            check(f.schedule(R_T_I, NOW_I, Duration.ofMillis(5001), 100).equals(f.schedule(R_T, NOW, 5001, 100)),
                    "schedule: horizon 5.001 s is 5,001 ms");
        }
    }

    @Test
    void horizon999999NanosecondsIs0Milliseconds() {
        try (Formatter f = countdown()) {
            check(f.schedule(R_T_I, NOW_I, Duration.ofNanos(999_999), 100)
                    .equals(f.schedule(R_T, NOW, 0, 100)), "schedule: horizon 999,999 ns is 0 ms");
        }
    }

    @Test
    void horizon366DaysAnd999999NanosecondsIs366Days() {
        try (Formatter f = countdown()) {
            check(f.schedule(R_T_I, NOW_I, Schedule.MAX_HORIZON.plusNanos(999_999), 100)
                    .equals(f.schedule(R_T, NOW, Schedule.MAX_HORIZON.toMillis(), 100)),
                    "schedule: horizon 366 days + 999,999 ns is 366 days, in range");
        }
    }

    @Test
    void horizonMillisFloorsNegativeDurationsAndReachesBothEnds() {
        check(Formatter.horizonMillis(Duration.ofMillis(-1).plusNanos(1)) == -1
                && Formatter.horizonMillis(Duration.ofSeconds(-3, 500_000_000)) == -2500
                && Formatter.horizonMillis(Duration.ofSeconds(-3, 500_000_001)) == -2500
                && Formatter.horizonMillis(Duration.ofMillis(Long.MAX_VALUE)) == Long.MAX_VALUE
                && Formatter.horizonMillis(Duration.ofMillis(Long.MIN_VALUE)) == Long.MIN_VALUE,
                "schedule: horizonMillis floors negative durations too, and reaches both ends of a long");
    }

    // ---- schedules larger than the binding's first guess of wire bytes (the second call, with the size the
    // library asks for), and 100,000 entries.

    @Test
    void largerThanTheFirstGuessOfWireBytes() {
        long now = NOW;
        try (Formatter f = new Formatter(Options.builder(Style.COUNTDOWN).locale("en_US").timeZone("UTC")
                .precision(0).spoken(true).build())) {
            long t = now + 2 * 3_600_000L;
            int max = 1000;
            Schedule s = f.schedule(t, now, 600_000, max);
            int bytes = s.toJson().getBytes(StandardCharsets.UTF_8).length;
            int guess = 64 + Formatter.SCHEDULE_BYTES_PER_ENTRY * Math.min(max, 512);
            String walk = walkMismatch(f, t, now, 600_000, max, s);
            check(bytes > guess && walk == null, "schedule: " + bytes + " bytes of wire form (first guess " + guess
                    + "), " + s.entries().size() + " spoken entries walk as label()", walk);
        }
    }

    @Test
    void countdownOf100000Entries() {
        long now = NOW;
        try (Formatter f = new Formatter(Options.builder(Style.COUNTDOWN).locale("en_US").timeZone("UTC").build())) {
            long t0 = System.nanoTime();
            Schedule s = f.schedule(now + 30 * 86_400_000L, now, Schedule.MAX_HORIZON.toMillis(), Schedule.MAX_ENTRIES);
            double ms = (System.nanoTime() - t0) / 1e6;
            List<ScheduleEntry> e = s.entries();
            boolean steps = true;
            for (int i = 1; steps && i < e.size(); i++) {
                steps = e.get(i).start().toEpochMilli() - e.get(i - 1).start().toEpochMilli() == 100;
            }
            check(e.size() == Schedule.MAX_ENTRIES && steps
                    && s.until().equals(Optional.of(e.get(e.size() - 1).start().plusMillis(100))),
                    "schedule: 100,000 countdown entries a tenth apart, until the next tenth (" + String.format("%.0f",
                    ms) + " ms)", s);
            System.out.printf("schedule: 100,000 entries, %d bytes of wire form, in %.0f ms%n",
                    s.toJson().length(), ms);
        }
    }

    /** One line of the schedule vectors. */
    @SuppressWarnings("unchecked")
    private static Case schedule(String where, Map<String, Object> j) {
        Map<String, Object> opts = (Map<String, Object>) j.get("options");
        List<List<Object>> entries = (List<List<Object>>) j.get("entries");
        List<String> texts = new ArrayList<>();
        long[] starts = new long[entries.size()];
        for (int i = 0; i < entries.size(); i++) {
            texts.add((String) entries.get(i).get(0));
            starts[i] = (Long) entries.get(i).get(1);
        }
        return new Case(where + " [" + j.get("style") + " " + opts + " t=" + j.get("t_ms") + " now="
                + j.get("now_ms") + " horizon=" + j.get("horizon_ms") + " max=" + j.get("max_entries") + "]",
                VectorTests.options((String) j.get("style"), opts).build(), (Long) j.get("t_ms"),
                (Long) j.get("now_ms"), (Long) j.get("horizon_ms"),
                Math.toIntExact((Long) j.get("max_entries")),
                texts, starts, (Long) j.get("until_ms"), (String) j.get("json"));
    }

    /** What differs between a schedule and a vector's entries, until and wire bytes (empty: nothing). */
    static List<String> differences(Schedule s, Case c) {
        List<String> problems = new ArrayList<>();
        List<String> texts = s.entries().stream().map(ScheduleEntry::text).toList();
        long[] starts = s.entries().stream().mapToLong(e -> e.start().toEpochMilli()).toArray();
        if (!texts.equals(c.texts)) problems.add("texts: expected " + c.texts + ", got " + texts);
        if (!Arrays.equals(starts, c.starts)) {
            problems.add("starts: expected " + Arrays.toString(c.starts) + ", got " + Arrays.toString(starts));
        }
        Optional<Instant> until = Optional.ofNullable(c.until).map(Instant::ofEpochMilli);
        if (!s.until().equals(until)) problems.add("until: expected " + until + ", got " + s.until());
        if (!Arrays.equals(s.toJson().getBytes(StandardCharsets.UTF_8), c.json.getBytes(StandardCharsets.UTF_8))) {
            problems.add("json: expected " + c.json + ", got " + s.toJson());
        }
        return problems;
    }

    /** One check per line: the ms and the Instant/Duration overloads (and the default one) give the vector. */
    static void checkCase(Formatter f, Case c) {
        List<String> problems = new ArrayList<>();
        try {
            Schedule s = f.schedule(c.t, c.now, c.horizon, c.maxEntries);
            problems.addAll(differences(s, c));
            Schedule d = f.schedule(Instant.ofEpochMilli(c.t), Instant.ofEpochMilli(c.now),
                    Duration.ofMillis(c.horizon), c.maxEntries);
            if (!d.equals(s)) problems.add("the Instant/Duration overload differs: " + d);
            if (c.horizon == Schedule.DEFAULT_HORIZON.toMillis() && c.maxEntries == Schedule.DEFAULT_MAX_ENTRIES) {
                Schedule e = f.schedule(Instant.ofEpochMilli(c.t), Instant.ofEpochMilli(c.now));
                if (!e.equals(s)) problems.add("the default overload differs: " + e);
            }
            String walk = walkMismatch(f, c.t, c.now, c.horizon, c.maxEntries, s);
            if (walk != null) problems.add("against label(): " + walk);
        } catch (RuntimeException e) {
            problems.add("threw " + e);
        }
        check(problems.isEmpty(), c.where, String.join("; ", problems));
    }

    /** Threads sharing formatters give the vectors' schedules. */
    private static void threads(List<Case> cases) throws Exception {
        int threads = 4, rounds = 5;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Integer>> futures = new ArrayList<>();
            for (int k = 0; k < threads; k++) {
                futures.add(pool.submit(() -> {
                    int bad = 0;
                    for (int r = 0; r < rounds; r++) {
                        for (Case c : cases) {
                            Formatter f = formatter(c);
                            if (!differences(f.schedule(c.t, c.now, c.horizon, c.maxEntries), c).isEmpty()) bad++;
                        }
                    }
                    return bad;
                }));
            }
            int bad = 0;
            for (Future<Integer> fu : futures) bad += fu.get();
            check(bad == 0, "schedule: " + threads + " threads x " + rounds
                    + " rounds of every vector give the vectors", bad + " wrong");
        } finally {
            pool.shutdownNow();
        }
    }
}
