package org.feeddate;

import java.time.Instant;
import java.util.List;

/**
 * The labels of {@link Formatter#formatMany} and the earliest next change of
 * them all: one timer redraws the whole list.
 *
 * @param texts      the labels, in the order of the instants
 * @param nextChange the earliest next change, or {@code null} when no label changes again
 */
public record Batch(List<String> texts, Instant nextChange) {
    public Batch {
        // Formatter's own list is already unmodifiable: no second array of references for a huge batch.
        texts = texts instanceof Formatter.Texts ? texts : List.copyOf(texts);
    }
}
