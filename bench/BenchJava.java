import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.feeddate.FeedDate;
import org.feeddate.Formatter;
import org.feeddate.Options;
import org.feeddate.Style;

/**
 * make bench-java: the per-label cost through the Java binding, FEED zh_CN,
 * beside the direct C figures that build/bench_direct wrote just before
 * (same instants, see bench/bench_direct.c).
 *
 *   java BenchJava C_JSON OUT_JSON
 */
public class BenchJava {
    static final long NOW = 1711348200000L;
    static final int ROUNDS = 7;
    static volatile long sink;

    interface Round {
        void run();
    }

    static double bestNs(int n, Round r) {
        for (int w = 0; w < 3; w++) r.run(); // JIT warm-up
        double[] ns = new double[ROUNDS];
        for (int i = 0; i < ROUNDS; i++) {
            long t0 = System.nanoTime();
            r.run();
            ns[i] = (System.nanoTime() - t0) / (double) n;
        }
        Arrays.sort(ns);
        return ns[0]; // the fastest round: the least disturbed on a shared machine
    }

    static double field(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\": ([0-9.eE+-]+)").matcher(json);
        if (!m.find()) throw new IllegalArgumentException("no " + name + " in " + json);
        return Double.parseDouble(m.group(1));
    }

    public static void main(String[] args) throws Exception {
        String c = Files.readString(Path.of(args[0]));
        int n = (int) field(c, "labels");
        long[] ts = new long[n];
        for (int i = 0; i < n; i++) {
            long r = (i * 2654435761L) % 4294967296L;
            long back = i % 10 < 7 ? r % (7L * 86400000) : (r * 1000) % (5L * 365 * 86400000);
            ts[i] = NOW - back;
        }
        List<Instant> instants = new ArrayList<>(n);
        for (long t : ts) instants.add(Instant.ofEpochMilli(t));
        Instant now = Instant.ofEpochMilli(NOW);
        try (Formatter f = new Formatter(Options.builder(Style.FEED).locale("zh_CN").timeZone("Asia/Shanghai")
                .build())) {
            String[] names = {"format(long, long)", "format(Instant, Instant)", "label(long, long)",
                    "formatMany(long[]) x50", "formatMany(List<Instant>) x50", "formatMany(long[]) x1000"};
            String[] cNames = {"format_ns", "format_ns", "label_ns", "many_50_ns", "many_50_ns", "many_1000_ns"};
            Round[] rounds = {
                () -> { long s = 0; for (long t : ts) s += f.format(t, NOW).length(); sink = s; },
                () -> { long s = 0; for (Instant t : instants) s += f.format(t, now).length(); sink = s; },
                () -> { long s = 0; for (long t : ts) s += f.label(t, NOW).text().length(); sink = s; },
                () -> batches(f, ts, 50),
                () -> { long s = 0; for (int i = 0; i < n; i += 50) s += f.formatMany(instants.subList(i,
                        Math.min(n, i + 50)), now).texts().size(); sink = s; },
                () -> batches(f, ts, 1000),
            };
            StringBuilder json = new StringBuilder("{\"labels\": " + n + ", \"rows\": [");
            System.out.printf("Java binding (%s, Java %s), FEED zh_CN, %d labels, fastest of %d rounds%n",
                    FeedDate.nativeAccess(), Runtime.version(), n, ROUNDS);
            System.out.printf("%-28s %10s %10s %10s%n", "call", "Java", "C", "overhead");
            for (int k = 0; k < names.length; k++) {
                double java = Math.min(bestNs(n, rounds[k]), bestNs(n, rounds[k])), direct = field(c, cNames[k]);
                System.out.printf(Locale.ROOT, "%-28s %7.0f ns %7.0f ns %+7.0f ns%n", names[k], java, direct,
                        java - direct);
                json.append(k == 0 ? "" : ", ").append(String.format(Locale.ROOT,
                        "{\"call\": \"%s\", \"java_ns\": %.1f, \"c_ns\": %.1f}", names[k], java, direct));
            }
            Files.writeString(Path.of(args[1]), json.append("]}\n").toString());
        }
    }

    static void batches(Formatter f, long[] ts, int size) {
        long s = 0;
        for (int i = 0; i < ts.length; i += size) {
            s += f.formatMany(Arrays.copyOfRange(ts, i, Math.min(ts.length, i + size)), NOW).texts().size();
        }
        sink = s;
    }
}
