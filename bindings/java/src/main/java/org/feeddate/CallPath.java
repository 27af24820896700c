package org.feeddate;

/**
 * Picks the {@link Calls} of this runtime, once. This is the Java 17 class:
 * JNA. The multi-release jar carries a Java 22 one
 * ({@code META-INF/versions/22/org/feeddate/CallPath.class}) that picks the
 * Foreign Function and Memory API. {@link FeedDate#nativeAccess()} says
 * which one is in use.
 */
final class CallPath {
    static final Calls CALLS = new JnaCalls();

    private CallPath() {
    }
}
