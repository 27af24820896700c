package org.feeddate;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.feeddate.TestKit.*;

/**
 * close() racing with calls on other threads (SPEC 10, 1.2): calls in flight
 * finish with the right label, later calls get the closed error
 * (IllegalStateException), and nothing crashes the process.
 */
@ExtendWith(TestKit.Count.class)
class CloseTests {

    static final long NOW = 1711348200000L;
    static final int WORKERS = 3;
    static final int MAX_ROUNDS = 2000;
    static final long BUDGET_NS = TimeUnit.MILLISECONDS.toNanos(
            Long.getLong("feeddate.closeRaceMillis", 2000L));

    static Options options() {
        return Options.builder(Style.FEED).locale("zh_CN").timeZone("Asia/Shanghai").build();
    }

    static boolean isClosed(Throwable e) {
        return e instanceof IllegalStateException && e.getMessage() != null && e.getMessage().contains("closed");
    }

    static final long[] ts = new long[64];
    static final String[] texts = new String[ts.length];
    static final Label[] labels = new Label[ts.length];
    static final Schedule[] schedules = new Schedule[ts.length];
    static Batch many;

    /** What each call gives on a formatter no one closes. */
    @BeforeAll
    static void expected() {
        for (int i = 0; i < ts.length; i++) ts[i] = NOW - (long) i * i * 2_111_111L;
        try (Formatter f = new Formatter(options())) {
            for (int i = 0; i < ts.length; i++) {
                texts[i] = f.format(ts[i], NOW);
                labels[i] = f.label(ts[i], NOW);
                schedules[i] = f.schedule(ts[i], NOW, 86_400_000L, 1000);
            }
            many = f.formatMany(ts, NOW);
        }
    }

    @Test
    void everyCallAfterCloseThrows() {
        Formatter f = new Formatter(options());
        f.close();
        f.close();
        List<String> wrong = new ArrayList<>();
        TestKit.ThrowingRunnable[] calls = {
            () -> f.format(ts[0], NOW), () -> f.label(ts[0], NOW), () -> f.formatMany(ts, NOW),
            () -> f.formatMany(new long[0], NOW), () -> f.formatMany(List.of(), java.time.Instant.now()),
            () -> f.schedule(ts[0], NOW, 86_400_000L, 1000),
            () -> f.schedule(java.time.Instant.ofEpochMilli(ts[0]), java.time.Instant.ofEpochMilli(NOW)),
            () -> f.schedule(ts[0], NOW, 0, 1), // the smallest schedule
        };
        for (int k = 0; k < calls.length; k++) {
            try {
                calls[k].run();
                wrong.add("call " + k + " returned");
            } catch (Throwable e) {
                if (!isClosed(e)) wrong.add("call " + k + " threw " + e);
            }
        }
        check(wrong.isEmpty(), "close: format, label, formatMany and schedule after close() throw "
                + "IllegalStateException"
                + " naming the closed formatter", wrong);
    }

    @Test
    void closeRacingCallsOnOtherThreads() throws Exception {
        // The race: WORKERS threads call the formatter while the main thread (and, some rounds, a
        // worker too) closes it after a random few microseconds.
        AtomicReference<Formatter> current = new AtomicReference<>();
        AtomicLong good = new AtomicLong(), closedErrors = new AtomicLong(), bad = new AtomicLong();
        AtomicReference<String> firstBad = new AtomicReference<>();
        CyclicBarrier start = new CyclicBarrier(WORKERS + 1), end = new CyclicBarrier(WORKERS + 1);
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < WORKERS; w++) {
            int id = w;
            Thread t = new Thread(() -> {
                try {
                    int round = 0;
                    while (true) {
                        start.await();
                        if (stop.get()) return;
                        Formatter f = current.get();
                        boolean closer = id == 0 && round % 8 == 7;
                        for (int k = ThreadLocalRandom.current().nextInt(3);; k++) {
                            if (closer && k == 5) f.close();
                            int i = k % ts.length;
                            try {
                                boolean ok;
                                switch ((k + id) % 4) {
                                    case 0 -> ok = f.format(ts[i], NOW).equals(texts[i]);
                                    case 1 -> ok = f.label(ts[i], NOW).equals(labels[i]);
                                    case 2 -> ok = f.schedule(ts[i], NOW, 86_400_000L, 1000).equals(schedules[i]);
                                    default -> {
                                        Batch b = f.formatMany(ts, NOW);
                                        ok = b.texts().equals(many.texts()) && b.nextChange().equals(many.nextChange());
                                    }
                                }
                                if (ok) {
                                    good.incrementAndGet();
                                } else {
                                    bad.incrementAndGet();
                                    firstBad.compareAndSet(null, "a wrong label on call " + k);
                                }
                            } catch (Throwable e) {
                                if (isClosed(e)) {
                                    closedErrors.incrementAndGet();
                                    break;
                                }
                                bad.incrementAndGet();
                                firstBad.compareAndSet(null, e.toString());
                                break;
                            }
                        }
                        round++;
                        end.await();
                    }
                } catch (Exception e) {
                    bad.incrementAndGet();
                    firstBad.compareAndSet(null, "worker: " + e);
                }
            }, "close-race-" + w);
            t.setDaemon(true);
            t.start();
            threads.add(t);
        }
        Options o = options();
        long t0 = System.nanoTime();
        int rounds = 0;
        try {
            while (rounds < MAX_ROUNDS && System.nanoTime() - t0 < BUDGET_NS) {
                Formatter f = new Formatter(o);
                current.set(f);
                start.await(10, TimeUnit.SECONDS);
                long spin = System.nanoTime() + ThreadLocalRandom.current().nextLong(60_000);
                while (System.nanoTime() < spin) Thread.onSpinWait();
                f.close();
                end.await(10, TimeUnit.SECONDS);
                rounds++;
            }
        } finally {
            stop.set(true);
            try {
                start.await(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                // a broken barrier: the workers are daemons
            }
            for (Thread t : threads) t.join(10_000);
        }
        System.out.printf("close race: %d rounds in %.1f s, %d calls right, %d closed errors, %d wrong%n", rounds,
                (System.nanoTime() - t0) / 1e9, good.get(), closedErrors.get(), bad.get());
        check(bad.get() == 0 && rounds > 0 && closedErrors.get() == (long) rounds * WORKERS,
                "close: " + rounds + " rounds of close() racing " + WORKERS
                        + " threads calling format/label/schedule/formatMany: each call a right label or the"
                        + " closed error",
                bad.get() + " wrong, first: " + firstBad.get() + "; " + closedErrors.get() + " closed errors");
        check(good.get() > 0, "close: calls in flight while closing gave right labels", good.get());
    }
}
