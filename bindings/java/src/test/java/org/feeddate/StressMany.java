package org.feeddate;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * make stress-java (not part of make test): one formatMany of N instants
 * (default 100,000,000), FEED_DETAIL zh_CN, whose labels take more than
 * 2 GiB of UTF-8 (a single int-sized buffer cannot hold them). Reports the
 * peak RSS that the call adds (VmHWM, reset just before it) beside the size
 * of its result on the heap, and fails when the ratio is above 1.25.
 *
 *   java -Xmx12g -XX:+UseSerialGC -Xmn256m org.feeddate.StressMany [N]
 */
public final class StressMany {
    private StressMany() {
    }

    static final long NOW = 1711348200000L;
    static final double MAX_RATIO = 1.25;

    static long status(String field) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith(field + ":")) return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
        throw new IOException("no " + field + " in /proc/self/status");
    }

    static long heapUsed() {
        System.gc();
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    static String mb(long bytes) {
        return String.format("%,.0f MB", bytes / 1048576.0);
    }

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0].replace("_", "")) : 100_000_000;
        long[] ts = new long[n];
        for (int i = 0; i < n; i++) {
            long r = (i * 2654435761L) % 4294967296L;
            ts[i] = NOW - (r * 1000) % (5L * 365 * 86_400_000L);
        }
        Options o = Options.builder(Style.FEED_DETAIL).locale("zh_CN").timeZone("Asia/Shanghai").build();
        try (Formatter f = new Formatter(o)) {
            f.formatMany(new long[] {NOW}, NOW); // load what the first call loads
            long heapBefore = heapUsed();
            Files.writeString(Path.of("/proc/self/clear_refs"), "5"); // VmHWM := VmRSS
            long rssBefore = status("VmRSS");
            long t0 = System.nanoTime();
            Batch b = f.formatMany(ts, NOW);
            double seconds = (System.nanoTime() - t0) / 1e9;
            long peak = status("VmHWM");
            long result = heapUsed() - heapBefore;
            List<String> texts = b.texts();
            long utf8 = 0;
            for (String s : texts) {
                for (int i = 0; i < s.length(); i++) {
                    char c = s.charAt(i);
                    utf8 += c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isSurrogate(c) ? 2 : 3;
                }
            }
            boolean same = texts.size() == n;
            for (int i = 0; same && i < n; i += Math.max(1, n / 1000)) same = texts.get(i).equals(f.format(ts[i], NOW));
            double ratio = (peak - rssBefore) / (double) result;
            System.out.printf("stress-java: formatMany of %,d instants (%s, chunks of %,d) in %.1f s, %.0f ns/label%n",
                    n, o, Formatter.DEFAULT_CHUNK_LABELS, seconds, seconds * 1e9 / n);
            System.out.printf("  labels: %,d bytes of UTF-8 (%.2f GiB), earliest next change %s, sample %s%n", utf8,
                    utf8 / 1073741824.0, b.nextChange(), texts.get(n - 1));
            System.out.printf("  result on the heap: %s; RSS before the call %s, peak during it %s (+%s)%n",
                    mb(result), mb(rssBefore), mb(peak), mb(peak - rssBefore));
            System.out.printf("  peak added / result = %.3f (limit %.2f); %s%n", ratio, MAX_RATIO,
                    same ? "1000 sampled labels equal format()" : "LABELS DIFFER from format()");
            if (!same || ratio > MAX_RATIO) {
                System.out.println("stress-java: FAILED");
                System.exit(1);
            }
            System.out.println("stress-java: ok");
        }
    }
}
