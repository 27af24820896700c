package org.feeddate;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The labels an instant will show from now on, each with the instant it
 * starts (SPEC section 11), from {@link Formatter#schedule(Instant, Instant,
 * Duration, int)}: a server sends {@link #toJson()} to a client, which only
 * swaps text at those instants (the web client of {@code clients/web}).
 *
 * <p>The first entry starts at now; each next one at the previous label's
 * next change; consecutive texts differ. {@link #until()} is the next change
 * of the last entry (from then on the client holds no right text and needs a
 * new schedule), or empty when the last label never changes (the schedule is
 * complete). Immutable; equal when the wire forms are equal.
 */
public final class Schedule {
    /** The horizon of {@link Formatter#schedule(Instant, Instant)}: one day ({@code FD_SCHEDULE_DEFAULT_HORIZON_MS}). */
    public static final Duration DEFAULT_HORIZON = Duration.ofMillis(LibFeedDate.SCHEDULE_DEFAULT_HORIZON_MS);
    /** The entries at most of {@link Formatter#schedule(Instant, Instant)}: 1,000 ({@code FD_SCHEDULE_DEFAULT_MAX_ENTRIES}). */
    public static final int DEFAULT_MAX_ENTRIES = LibFeedDate.SCHEDULE_DEFAULT_MAX_ENTRIES;
    /** The longest horizon the library takes: 366 days ({@code FD_SCHEDULE_MAX_HORIZON_MS}). */
    public static final Duration MAX_HORIZON = Duration.ofMillis(LibFeedDate.SCHEDULE_MAX_HORIZON_MS);
    /** The most entries the library takes: 100,000 ({@code FD_SCHEDULE_MAX_ENTRIES}). */
    public static final int MAX_ENTRIES = LibFeedDate.SCHEDULE_MAX_ENTRIES;

    private final List<ScheduleEntry> entries;
    private final Instant until;
    private final String json;

    Schedule(List<ScheduleEntry> entries, Instant until, String json) {
        this.entries = List.copyOf(entries);
        this.until = until;
        this.json = Objects.requireNonNull(json, "json");
    }

    /** The entries, at least one, in order of their starts (unmodifiable). */
    public List<ScheduleEntry> entries() {
        return entries;
    }

    /** The next change of the last entry, or empty when the schedule is complete. */
    public Optional<Instant> until() {
        return Optional.ofNullable(until);
    }

    /**
     * The wire form, as {@code fd_schedule_json} writes it (the binding writes
     * no JSON of its own): {@code {"v":1,"now":N,"labels":[[text,d0],...],"until":U}}.
     * Its UTF-8 bytes ({@code toJson().getBytes(StandardCharsets.UTF_8)}) are the library's, byte for byte.
     */
    public String toJson() {
        return json;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Schedule s && s.json.equals(json) && s.entries.equals(entries)
                && Objects.equals(s.until, until);
    }

    @Override
    public int hashCode() {
        return json.hashCode();
    }

    @Override
    public String toString() {
        ScheduleEntry last = entries.get(entries.size() - 1);
        return "Schedule[" + entries.size() + " entries, \"" + entries.get(0).text() + "\" at "
                + entries.get(0).start() + (entries.size() > 1 ? " .. \"" + last.text() + "\" at " + last.start() : "")
                + ", until " + (until == null ? "never (complete)" : until) + "]";
    }
}
