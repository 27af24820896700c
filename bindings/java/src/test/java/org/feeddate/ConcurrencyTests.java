package org.feeddate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.feeddate.TestKit.*;

/**
 * One formatter shared by many threads gives what one thread gives; errors
 * on many threads at once each carry their own thread's message.
 */
@ExtendWith(TestKit.Count.class)
class ConcurrencyTests {

    static final int THREADS = 8;
    static final int LABELS = 20_000;
    static final long NOW = 1711348200000L;

    /** Everything label reports, as one string per instant. */
    static String[] labels(Formatter f, long[] ts) {
        String[] out = new String[ts.length];
        for (int i = 0; i < ts.length; i++) {
            Label l = f.label(ts[i], NOW);
            out[i] = l.text() + "|" + l.nextChange() + "|" + l.dayStart() + "," + l.dayEnd() + "|" + l.timeStart()
                    + "," + l.timeEnd() + "|" + l.expired();
        }
        return out;
    }

    static final long[] TS = instants();
    static final ExecutorService POOL = Executors.newFixedThreadPool(THREADS);

    @AfterAll
    static void shutdown() {
        POOL.shutdownNow();
    }

    static long[] instants() {
        long[] ts = new long[LABELS];
        long seed = 42;
        for (int i = 0; i < ts.length; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            long back = Long.remainderUnsigned(seed >>> 11, 5L * 365 * 86_400_000L);
            ts[i] = NOW - back + (i % 3 == 0 ? 86_400_000L : 0);
        }
        return ts;
    }

    @ParameterizedTest(name = "threads: {0}")
    @EnumSource(value = Style.class, names = {"FEED", "CHAT_BUBBLE", "RELATIVE", "COUNTDOWN"})
    void threadsOnOneFormatterEqualOneThreads(Style style) throws Exception {
        long[] ts = TS;
        try (Formatter f = new Formatter(Options.builder(style).locale("zh_CN").timeZone("Asia/Shanghai").build())) {
            String[] one = labels(f, ts);
            List<String> many = f.formatMany(ts, NOW).texts();
            List<Future<Boolean>> futures = new ArrayList<>();
            for (int k = 0; k < THREADS; k++) {
                boolean batch = k % 2 == 1;
                futures.add(POOL.submit(() -> batch ? f.formatMany(ts, NOW).texts().equals(many)
                        : Arrays.equals(labels(f, ts), one)));
            }
            int same = 0;
            for (Future<Boolean> fu : futures) if (fu.get()) same++;
            check(same == THREADS, "threads: " + style + ", " + THREADS + " threads x " + LABELS
                    + " labels on one formatter equal one thread's", same + " of " + THREADS + " agree");
        }
    }

    // fd_last_error is per thread: each thread's exception names its own value.
    @Test
    void errorsOnManyThreadsCarryTheirOwnMessages() throws Exception {
        List<Callable<Integer>> jobs = new ArrayList<>();
        for (int k = 0; k < THREADS; k++) {
            int id = k;
            jobs.add(() -> {
                int bad = 0;
                for (int i = 0; i < 300; i++) {
                    String zone = "No/Zone_" + id + "_" + i;
                    try {
                        new Formatter(Options.builder(Style.FEED).locale("en").timeZone(zone).build()).close();
                        bad++;
                    } catch (FeedDateException e) {
                        if (e.status() != Status.TIME_ZONE || !e.getMessage().contains("\"" + zone + "\"")) bad++;
                    }
                }
                return bad;
            });
        }
        int bad = 0;
        for (Future<Integer> fu : POOL.invokeAll(jobs)) bad += fu.get();
        check(bad == 0, "threads: errors on " + THREADS + " threads at once carry their own messages",
                bad + " wrong");
    }
}
