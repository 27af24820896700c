import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.LongFunction;

import com.ibm.icu.text.RelativeDateTimeFormatter;
import com.ibm.icu.text.RelativeDateTimeFormatter.AbsoluteUnit;
import com.ibm.icu.text.RelativeDateTimeFormatter.Direction;
import com.ibm.icu.text.RelativeDateTimeFormatter.RelativeUnit;
import com.ibm.icu.util.ULocale;
import com.ibm.icu.util.VersionInfo;

import org.feeddate.FeedDate;
import org.feeddate.Formatter;
import org.feeddate.Options;
import org.feeddate.Style;

/**
 * make bench-peers-java (mk/java.mk): Formatter.format, one call per label,
 * against what a Java programmer would pick instead, on the same instants, in
 * alternating rounds in this one JVM (medians of the per-round ratios):
 *
 *   RELATIVE en_US and zh_CN  vs ICU4J's RelativeDateTimeFormatter (Debian's libicu4j-java), the unit
 *                             and count picked by hand from the elapsed time (under a minute: NOW;
 *                             minutes; hours; days under 7; weeks under 30 days; 30-day months under
 *                             365 days; 365-day years): the same ICU patterns, fewer rules
 *   FEED zh_CN                vs java.time by hand (DateTimeFormatter HH:mm, 昨天, 前天, M月d日, y年M月d日
 *                             by calendar days in Asia/Shanghai): checked equal on every instant
 *
 * Instant sets as bench/bench.c writes them (xorshift64 from 88172645463325252, now
 * 2024-03-25T06:30Z): "400d" and "mix". Writes the rows (the bench-peers contract) for this
 * runtime; mk/java.mk merges the runs on Java 17 (JNA) and Java 25 (FFM).
 *
 *   java BenchPeersJava OUT_JSON [ROUNDS [N]]
 */
public class BenchPeersJava {
    static final long NOW = 1711348200000L;
    static volatile long sink;
    static long warmUpNs = 1_500_000_000L;

    static long[] instants(String set, int n) {
        long x = 88172645463325252L;
        long[] ts = new long[n];
        for (int i = 0; i < n; i++) {
            long back;
            x ^= x << 13; x ^= x >>> 7; x ^= x << 17;
            if (set.equals("mix")) {
                boolean week = Long.remainderUnsigned(x, 10) < 7;
                x ^= x << 13; x ^= x >>> 7; x ^= x << 17;
                back = Long.remainderUnsigned(x, week ? 7L * 86400000 : 5L * 365 * 86400000);
            } else {
                back = Long.remainderUnsigned(x, 400L * 86400000);
            }
            ts[i] = NOW - back;
        }
        return ts;
    }

    /** RELATIVE as a user of ICU4J writes it: the unit by elapsed time, ICU4J's words. */
    static final class IcuRelative implements LongFunction<String> {
        final RelativeDateTimeFormatter f;

        IcuRelative(String locale) {
            f = RelativeDateTimeFormatter.getInstance(new ULocale(locale));
        }

        @Override
        public String apply(long t) {
            long d = NOW - t;
            if (d < 60_000) return f.format(Direction.PLAIN, AbsoluteUnit.NOW);
            if (d < 3_600_000) return f.format(d / 60_000, Direction.LAST, RelativeUnit.MINUTES);
            if (d < 86_400_000) return f.format(d / 3_600_000, Direction.LAST, RelativeUnit.HOURS);
            long days = d / 86_400_000;
            if (days < 7) return f.format(days, Direction.LAST, RelativeUnit.DAYS);
            if (days < 30) return f.format(days / 7, Direction.LAST, RelativeUnit.WEEKS);
            if (days < 365) return f.format(days / 30, Direction.LAST, RelativeUnit.MONTHS);
            return f.format(days / 365, Direction.LAST, RelativeUnit.YEARS);
        }
    }

    /** FEED in zh_CN written by hand with java.time (as bindings/go/internal/peers does with time.Format). */
    static final class JavaTimeFeed implements LongFunction<String> {
        static final ZoneId ZONE = ZoneId.of("Asia/Shanghai");
        static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm", Locale.ROOT);
        static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("M月d日", Locale.ROOT);
        static final DateTimeFormatter FULL = DateTimeFormatter.ofPattern("y年M月d日", Locale.ROOT);
        final LocalDate today = Instant.ofEpochMilli(NOW).atZone(ZONE).toLocalDate();

        @Override
        public String apply(long t) {
            ZonedDateTime z = Instant.ofEpochMilli(t).atZone(ZONE);
            long days = today.toEpochDay() - z.toLocalDate().toEpochDay();
            if (days == 0) return TIME.format(z);
            if (days == 1) return "昨天";
            if (days == 2) return "前天";
            if (z.getYear() == today.getYear()) return DAY.format(z);
            return FULL.format(z);
        }
    }

    /**
     * The binding's insides, by reflection (classes on the class path are in the unnamed module, open to
     * it), for two rows on a runtime where format goes through FFM: the same call through JNA in this JVM
     * (a JnaCalls of its own), and the floor, FfmCalls.formatStatus: the downcall alone, no String. The
     * MethodHandles are static finals, so the JIT calls them as it calls the binding's own.
     */
    static final class Insides {
        static final MethodHandle CALLS_FORMAT, FFM_STATUS;
        static final Object FFM, JNA;

        static {
            try {
                MethodHandles.Lookup lookup = MethodHandles.lookup();
                Method format = Class.forName("org.feeddate.Calls").getDeclaredMethod("format", long.class,
                        long.class, long.class);
                format.setAccessible(true);
                CALLS_FORMAT = lookup.unreflect(format).asType(MethodType.methodType(String.class, Object.class,
                        long.class, long.class, long.class));
                Field calls = Class.forName("org.feeddate.CallPath").getDeclaredField("CALLS");
                calls.setAccessible(true);
                FFM = calls.get(null);
                Method status = FFM.getClass().getDeclaredMethod("formatStatus", long.class, long.class, long.class);
                status.setAccessible(true);
                FFM_STATUS = lookup.unreflect(status).asType(MethodType.methodType(int.class, Object.class,
                        long.class, long.class, long.class));
                Constructor<?> jna = Class.forName("org.feeddate.JnaCalls").getDeclaredConstructor();
                jna.setAccessible(true);
                JNA = jna.newInstance();
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        /** The native address of f (Formatter.handle.address). */
        static long address(Formatter f) throws ReflectiveOperationException {
            Field handle = Formatter.class.getDeclaredField("handle");
            handle.setAccessible(true);
            Object h = handle.get(f);
            Field address = h.getClass().getDeclaredField("address");
            address.setAccessible(true);
            return address.getLong(h);
        }

        static String format(Object calls, long f, long t) {
            try {
                return (String) CALLS_FORMAT.invokeExact(calls, f, t, NOW);
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }

        /** The floor, as a String of the status's length so that pass() can sum it like the others. */
        static String floor(long f, long t) {
            try {
                int s = (int) FFM_STATUS.invokeExact(FFM, f, t, NOW);
                if (s != 0) throw new IllegalStateException("fd_format_utf16: status " + s);
                return "";
            } catch (RuntimeException e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** ns per label of one pass of f over ts. */
    static double pass(long[] ts, LongFunction<String> f) {
        long t0 = System.nanoTime();
        long s = 0;
        for (long t : ts) s += f.apply(t).length();
        long ns = System.nanoTime() - t0;
        sink += s;
        return ns / (double) ts.length;
    }

    static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    /** {ours ns, peer ns, ratio}: medians over alternating rounds, after warm-up passes (the JIT). */
    static double[] compare(long[] ts, int rounds, LongFunction<String> ours, LongFunction<String> peer) {
        // Warm-up: at least 15 passes each (C2 compiles both within about ten passes of 10,000) and at least
        // WARM_UP_NS, as the compiler threads share two cores with the other benchmarks of the machine.
        long until = System.nanoTime() + warmUpNs;
        for (int w = 0; w < 15 || System.nanoTime() < until; w++) {
            pass(ts, ours);
            pass(ts, peer);
        }
        double[] o = new double[rounds], p = new double[rounds], r = new double[rounds];
        for (int k = 0; k < rounds; k++) {
            if (k % 2 == 0) {
                o[k] = pass(ts, ours);
                p[k] = pass(ts, peer);
            } else {
                p[k] = pass(ts, peer);
                o[k] = pass(ts, ours);
            }
            r[k] = o[k] / p[k];
        }
        return new double[] {median(o), median(p), median(r)};
    }

    static String json(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 21;
        int n = args.length > 2 ? Integer.parseInt(args[2]) : 10_000;
        if (rounds < 21) warmUpNs = 20_000_000L; // the smoke run (BENCH_PEERS_QUICK=1)
        String access = FeedDate.nativeAccess();
        String path = access.startsWith("FFM") ? "FFM" : "JNA";
        String runtime = "Java " + Runtime.version() + ", " + access + ", ICU4J " + VersionInfo.ICU_VERSION
                + ", libfeeddate " + FeedDate.version() + " (ICU " + FeedDate.icuVersion() + ")";
        System.out.println("bench-peers-java: " + runtime + "; " + rounds + " alternating rounds, " + n
                + " instants per set, medians");
        List<String> rows = new ArrayList<>(), diagnostics = new ArrayList<>();
        String shortRuntime = "Java " + Runtime.version().feature() + ", " + path;
        for (String locale : new String[] {"en_US", "zh_CN"}) {
            try (Formatter f = new Formatter(Options.builder(Style.RELATIVE).locale(locale)
                    .timeZone(locale.equals("en_US") ? "America/New_York" : "Asia/Shanghai").build())) {
                IcuRelative peer = new IcuRelative(locale);
                for (String set : new String[] {"400d", "mix"}) {
                    long[] ts = instants(set, n);
                    int same = 0;
                    for (long t : ts) if (f.format(t, NOW).equals(peer.apply(t))) same++;
                    String note = String.format(Locale.ROOT, "ICU4J's words, the unit picked by hand (30-day months, "
                            + "365-day years, \"now\" under a minute where feeddate writes its just-now word; "
                            + "feeddate counts calendar days and months): %.1f%% of labels equal", 100.0 * same / n);
                    rows.add(row("RELATIVE " + locale + ", single call", set, path, shortRuntime,
                            "Formatter.format(long, long) (" + path + ")",
                            "ICU4J RelativeDateTimeFormatter.format, unit by hand", note,
                            compare(ts, rounds, t -> f.format(t, NOW), peer)));
                }
            }
        }
        try (Formatter f = new Formatter(Options.builder(Style.FEED).locale("zh_CN").timeZone("Asia/Shanghai")
                .build())) {
            JavaTimeFeed peer = new JavaTimeFeed();
            for (String set : new String[] {"400d", "mix"}) {
                long[] ts = instants(set, n);
                for (long t : ts) {
                    String ours = f.format(t, NOW), theirs = peer.apply(t);
                    if (!ours.equals(theirs)) {
                        throw new IllegalStateException("FEED zh_CN by hand differs at " + Instant.ofEpochMilli(t)
                                + ": feeddate " + ours + ", java.time " + theirs);
                    }
                }
                rows.add(row("FEED zh_CN, single call", set, path, shortRuntime, "Formatter.format(long, long) (" + path
                        + ")", "java.time DateTimeFormatter, FEED written by hand", "labels checked equal on every "
                        + "instant", compare(ts, rounds, t -> f.format(t, NOW), peer)));
            }
        }
        if (path.equals("FFM")) {
            // The call itself: FFM against JNA in this JVM, and the floor under format (the C work and a bare
            // downcall), FEED zh_CN and RELATIVE en_US and zh_CN, so that what the binding adds is measured.
            String[][] cases = {{"FEED", "zh_CN"}, {"RELATIVE", "en_US"}, {"RELATIVE", "zh_CN"}};
            for (String[] c : cases) {
                Style style = Style.valueOf(c[0]);
                String locale = c[1];
                try (Formatter f = new Formatter(Options.builder(style).locale(locale).timeZone("Asia/Shanghai")
                        .build())) {
                    long address = Insides.address(f);
                    String name = style + " " + locale + ", single call";
                    String paths = name + ": FFM vs JNA", floor = name + ": binding vs C floor";
                    for (String set : new String[] {"400d", "mix"}) {
                        long[] ts = instants(set, n);
                        for (long t : ts) {
                            if (!Insides.format(Insides.JNA, address, t).equals(f.format(t, NOW))) {
                                throw new IllegalStateException("JNA and FFM differ at " + t);
                            }
                        }
                        diagnostics.add(row(paths, set, path, shortRuntime, "Calls.format through FFM (FfmCalls)",
                                "the same call through JNA 5 in this JVM (JnaCalls)", "the binding's two paths, "
                                + "labels checked equal; ratio < 1: FFM is cheaper", compare(ts, rounds,
                                t -> Insides.format(Insides.FFM, address, t), t -> Insides.format(Insides.JNA,
                                address, t))));
                        diagnostics.add(row(floor, set, path, shortRuntime, "Formatter.format(long, long) (FFM)",
                                "floor: the fd_format_utf16 downcall alone, no String (FfmCalls.formatStatus)",
                                "not a peer: ours_ns - peer_ns is what the binding adds to the C call (the closed "
                                + "check, the scratch, the String)", compare(ts, rounds, t -> f.format(t, NOW),
                                t -> Insides.floor(address, t))));
                    }
                }
            }
        }
        // rows: feeddate against a peer (the bench-peers contract); diagnostics: the binding against itself (FFM
        // and JNA, and its floor), kept apart so that make bench-peers' table counts only peers.
        Files.writeString(Path.of(args[0]), "{\"runtime\": " + json(runtime) + ",\n \"rows\": [" + String.join(",\n  ",
                rows) + "],\n \"diagnostics\": [" + String.join(",\n  ", diagnostics) + "]}\n");
    }

    static String row(String name, String set, String path, String runtime, String ours, String peer, String note,
            double[] r) {
        System.out.printf(Locale.ROOT, "  %-50s %-5s %-4s ours %7.1f ns  peer %7.1f ns  ratio %.2f%n", name, set, path,
                r[0], r[1], r[2]);
        return String.format(Locale.ROOT, "{\"case\": %s, \"set\": %s, \"ours\": %s, \"peer\": %s, \"ours_ns\": %.1f, "
                + "\"peer_ns\": %.1f, \"ratio\": %.3f, \"runtime\": %s, \"note\": %s}", json(name), json(set),
                json(ours), json(peer), r[0], r[1], r[2], json(runtime), json(note));
    }
}
