package org.feeddate;

/**
 * Picks the {@link Calls} of this runtime, once. This is the Java 22 class of
 * the multi-release jar ({@code META-INF/versions/22/}): the Foreign Function
 * and Memory API ({@link FfmCalls}), unless {@code -Dfeeddate.ffm=false} asks
 * for JNA, or the runtime refuses native access to this code (e.g.
 * {@code --illegal-native-access=deny} without
 * {@code --enable-native-access}): then JNA, and a warning on the
 * {@code org.feeddate} logger says why.
 */
final class CallPath {
    static final Calls CALLS = pick();

    private CallPath() {
    }

    private static Calls pick() {
        String library = LibFeedDate.LIBRARY_PATH; // loads the library (its errors are JNA's, as on 17)
        if ("false".equalsIgnoreCase(System.getProperty("feeddate.ffm", ""))) return new JnaCalls();
        try {
            return new FfmCalls();
        } catch (RuntimeException | LinkageError e) {
            System.getLogger("org.feeddate").log(System.Logger.Level.WARNING,
                    () -> "feeddate: the Foreign Function and Memory API cannot call " + library
                            + " (" + e + "); calls go through JNA. Run java with --enable-native-access=ALL-UNNAMED"
                            + " (or the module's name).");
            return new JnaCalls();
        }
    }
}
