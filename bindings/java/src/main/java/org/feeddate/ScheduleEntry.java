package org.feeddate;

import java.time.Instant;
import java.util.Objects;

/**
 * One entry of a {@link Schedule}: the label shown from {@code start} on,
 * until the next entry's start (or the schedule's {@link Schedule#until()}).
 *
 * @param text  the label, as {@link Formatter#format} writes it at start
 * @param start the instant from which it is shown (the first entry's is the schedule's now)
 */
public record ScheduleEntry(String text, Instant start) {
    public ScheduleEntry {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(start, "start");
    }
}
