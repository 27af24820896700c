/**
 * Feed and chat date labels over libfeeddate: build {@link org.feeddate.Options} (a
 * {@link org.feeddate.Style}, a locale and a time zone), make a {@link org.feeddate.Formatter}
 * from them (AutoCloseable, thread-safe), and ask it for a {@link org.feeddate.Label} (the text,
 * its day and time parts, when it next changes), a {@link org.feeddate.Batch} of many labels with
 * one next change, or a {@link org.feeddate.Schedule} of the labels to come. Instants are
 * {@link java.time.Instant} or epoch milliseconds; every rule and every option check is the
 * library's, and its errors are {@link org.feeddate.FeedDateException} with the library's
 * {@link org.feeddate.Status} and message. {@link org.feeddate.FeedDate} says which library was
 * loaded and how the calls reach it (JNA, or the Foreign Function and Memory API on Java 22+).
 *
 * <pre>{@code
 * try (Formatter f = new Formatter(Options.builder(Style.FEED)
 *         .locale("zh_CN").timeZone("Asia/Shanghai").build())) {
 *     String text = f.format(Instant.parse("2024-03-24T03:11:00Z"), Instant.parse("2024-03-25T06:30:00Z"));
 *     // "昨天"
 * }
 * }</pre>
 */
package org.feeddate;
