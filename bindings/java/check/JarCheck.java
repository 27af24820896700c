import org.feeddate.FeedDate;
import org.feeddate.Label;
import org.feeddate.Options;
import org.feeddate.Style;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The check of a jar of `make jar` (tools/jar-check.sh in a clean Debian 13
 * root, and `make jar` on this machine): with no FEEDDATE_LIBRARY, the jar's
 * own natives must be loaded, from its cache folder, and label as the vectors
 * say: ICU 78.3's, which libfeeddate.so.1 carries inside it (SPEC section 13).
 *
 *   java -cp feeddate-VERSION.jar:jna.jar JarCheck.java [--cache-root DIR] [--start-at EPOCH_MS]
 *
 * --cache-root: the folder the natives must be unpacked under (the check
 * fails when the library comes from anywhere else); --start-at: wait until
 * then before the first call (two JVMs started together meet at the lock).
 * Prints what the loader logged (unpacked / reused), the labels, and the
 * libfeeddate and libicu files /proc/self/maps lists (the jar's libfeeddate
 * alone: no libicu may be mapped); exits 1 on any failure.
 */
public final class JarCheck {
    record Case(Style style, String locale, String zone, long t, long now, String text, long next, String note) {
    }

    // From Tests/vectors/core.jsonl (ICU 78.3): the last two are among the labels that ICU 72 wrote
    // differently (10/22/2006, 23:30), so a system ICU 72 could not pass them.
    static final List<Case> CASES = List.of(
            new Case(Style.FEED, "zh_CN", "Asia/Shanghai", 1711281600000L, 1711348200000L, "\u6628\u5929", 1711382400000L,
                    "zh_CN: yesterday"),
            new Case(Style.FEED, "zh_CN", "Asia/Shanghai", 1711152000000L, 1711348200000L, "\u524d\u5929", 1711382400000L,
                    "zh_CN: two days ago"),
            new Case(Style.FEED, "zh_CN", "Asia/Shanghai", 1710979200000L, 1711348200000L, "3\u670821\u65e5",
                    1735660800000L, "zh_CN: month-day"),
            new Case(Style.CHAT_LIST, "en_US", "America/New_York", 1711379460000L, 1711391400000L, "11:11\u202fAM",
                    1711425600000L, "en_US: today -> time"),
            new Case(Style.CHAT_LIST, "en_US", "America/New_York", 1711293060000L, 1711391400000L, "Yesterday",
                    1711425600000L, "en_US: yesterday"),
            new Case(Style.CHAT_LIST, "en_CA", "America/St_Johns", 1161527400000L, 1162089030000L, "2006-10-22",
                    1162089060000L, "St. John's numeric date (ICU 72 wrote 10/22/2006)"),
            new Case(Style.CHAT_LIST, "es_MX", "America/Mexico_City", 1719811800000L, 1719813540000L,
                    "11:30\u202fp.m.", 1719813600000L, "Mexico City 12-hour time (ICU 72 wrote 23:30)"));

    static int failures;

    static void check(boolean ok, String what) {
        System.out.println((ok ? "ok   " : "FAIL ") + what);
        if (!ok) failures++;
    }

    public static void main(String[] args) throws Exception {
        Path cacheRoot = null;
        long startAt = 0;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--cache-root" -> cacheRoot = Paths.get(args[++i]).toAbsolutePath();
                case "--start-at" -> startAt = Long.parseLong(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        // What the loader says: "natives unpacked into DIR" or "natives reused from DIR".
        List<String> log = new ArrayList<>();
        Logger jul = Logger.getLogger("org.feeddate");
        jul.setLevel(Level.FINE);
        jul.addHandler(new Handler() {
            @Override
            public void publish(LogRecord r) {
                synchronized (log) {
                    log.add(r.getLevel() + " " + r.getMessage());
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        });
        check(System.getenv("FEEDDATE_LIBRARY") == null && System.getProperty("feeddate.library") == null,
                "no FEEDDATE_LIBRARY, no -Dfeeddate.library");
        if (startAt > 0) {
            long wait = startAt - System.currentTimeMillis();
            System.out.println("     start: " + (wait > 0 ? "waited " + wait + " ms for" : "late by " + -wait + " ms for")
                    + " the agreed start");
            if (wait > 0) Thread.sleep(wait);
        }
        long t0 = System.nanoTime();
        String version = FeedDate.version();
        long loadMs = (System.nanoTime() - t0) / 1_000_000;
        synchronized (log) {
            for (String l : log) System.out.println("     log: " + l);
        }
        String lib = FeedDate.libraryPath();
        System.out.println("     library: " + lib + " (version " + version + ", ICU " + FeedDate.icuVersion()
                + ", binding " + FeedDate.bindingVersion() + "; loaded in " + loadMs + " ms)");
        // The jar is multi-release: on Java 22+ its META-INF/versions/22 classes call through FFM.
        String access = FeedDate.nativeAccess(), expectedAccess = Runtime.version().feature() >= 22 ? "FFM " : "JNA ";
        System.out.println("     calls: " + access + " on Java " + Runtime.version());
        check(access.startsWith(expectedAccess), "format and label through " + expectedAccess.trim() + " on Java "
                + Runtime.version().feature() + " (" + access + ")");
        check(version.equals(FeedDate.bindingVersion()), "the library's version is the jar's (" + version + ")");
        check(FeedDate.icuVersion().equals("78.3"), "ICU 78.3, inside the jar's libfeeddate.so.1 (not a system ICU)");
        check(FeedDate.dataVersion().startsWith("ICU 78.3; CLDR 48.0; tzdata "),
              "data version ICU 78.3; CLDR 48.0 (" + FeedDate.dataVersion() + ")");
        Path dir = Paths.get(lib).getParent();
        check(Paths.get(lib).getFileName().toString().equals("libfeeddate.so.1")
                        && dir.getFileName().toString().matches(java.util.regex.Pattern.quote(version) + "-[0-9a-f]{12}"),
                "loaded from a cache folder <version>-<hash>: " + dir);
        if (cacheRoot != null) check(cacheRoot.equals(dir.getParent()), "the cache folder is under " + cacheRoot);

        for (Case c : CASES) {
            try (org.feeddate.Formatter f = new org.feeddate.Formatter(
                    Options.builder(c.style()).locale(c.locale()).timeZone(c.zone()).build())) {
                Label l = f.label(c.t(), c.now());
                boolean ok = l.text().equals(c.text()) && l.nextChange() != null
                        && l.nextChange().equals(Instant.ofEpochMilli(c.next()));
                check(ok, c.style() + " " + c.locale() + " " + c.zone() + ": \"" + l.text() + "\", next change "
                        + l.nextChange() + (ok ? "" : "; expected \"" + c.text() + "\", " + Instant.ofEpochMilli(c.next()))
                        + " (" + c.note() + ")");
            }
        }

        // Every libfeeddate and libicu file this process has mapped.
        TreeSet<String> mapped = new TreeSet<>();
        for (String line : Files.readAllLines(Paths.get("/proc/self/maps"))) {
            String[] f = line.trim().split("\\s+", 6);
            if (f.length == 6 && f[5].matches(".*/lib(feeddate|icu)[^/]*")) mapped.add(f[5]);
        }
        for (String m : mapped) System.out.println("     mapped: " + m);
        check(mapped.contains(dir.resolve("libfeeddate.so.1").toString()), "/proc/self/maps: libfeeddate from " + dir);
        List<String> icu = mapped.stream().filter(m -> m.matches(".*/libicu[^/]*")).toList();
        check(icu.isEmpty(), "/proc/self/maps: no libicu mapped, ICU 78.3 is inside libfeeddate (" + icu.size() + " mapped)");
        check(mapped.size() == 1, "/proc/self/maps: nothing else named libfeeddate or libicu (" + mapped.size() + " files)");
        System.out.println(failures == 0 ? "JarCheck: passed" : "JarCheck: " + failures + " failed");
        System.exit(failures == 0 ? 0 : 1);
    }
}
