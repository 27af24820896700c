package org.feeddate;

import java.time.Instant;

/**
 * A label and what the library reports besides its text.
 *
 * @param text       the label
 * @param nextChange the earliest instant after now at which the text changes,
 *                   or {@code null} when it never changes again
 * @param dayStart   start of the day part (relative word, weekday or date) as a
 *                   {@code char} index into text; an empty part is 0, 0
 * @param dayEnd     end (exclusive) of the day part
 * @param timeStart  start of the time part; an empty part is 0, 0
 * @param timeEnd    end (exclusive) of the time part
 * @param expired    COUNTDOWN: the deadline has been reached
 */
public record Label(String text, Instant nextChange, int dayStart, int dayEnd, int timeStart, int timeEnd,
        boolean expired) {

    /** The day part of the text ("" when there is none). */
    public String dayPart() {
        return text.substring(dayStart, dayEnd);
    }

    /** The time part of the text ("" when there is none). */
    public String timePart() {
        return text.substring(timeStart, timeEnd);
    }

    @Override
    public String toString() {
        return "Label[" + text + ", next change " + (nextChange == null ? "never" : nextChange)
                + (expired ? ", expired" : "") + "]";
    }
}
