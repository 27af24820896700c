package org.feeddate;

import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.Properties;

/** The library as loaded: its version, ICU's version, its data's versions and where it was found. */
public final class FeedDate {
    private FeedDate() {
    }

    /** The version of the library actually loaded, "1.1.0" ({@code fd_version_string}). */
    public static String version() {
        return LibFeedDate.string(LibFeedDate.fd_version_string());
    }

    /** The same as a number, major * 10000 + minor * 100 + patch ({@code fd_version}). */
    public static int versionNumber() {
        return LibFeedDate.fd_version();
    }

    /** The version of ICU the library runs on, "78.3", the ICU inside it since 1.3 ({@code fd_icu_version}). */
    public static String icuVersion() {
        return LibFeedDate.string(LibFeedDate.fd_icu_version());
    }

    /**
     * What the labels are made from besides feeddate itself (1.3, SPEC section 13), as
     * {@code fd_data_version} writes it: "ICU 78.3; CLDR 48.0; tzdata 2025b" (the zone database's
     * tzdata version, "tzdata unknown" when it names none). The library reads {@code $TZDIR} when
     * this is first asked, if no formatter has yet.
     */
    public static String dataVersion() {
        return LibFeedDate.string(LibFeedDate.fd_data_version());
    }

    /**
     * The version of this binding: the library version it was built with
     * (org/feeddate/version.properties, written into the jar from
     * include/feeddate.h), or null when run from bare classes.
     */
    public static String bindingVersion() {
        try (InputStream in = FeedDate.class.getResourceAsStream("version.properties")) {
            if (in == null) return null;
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            return null;
        }
    }

    /** The path (or name) the library was loaded from. */
    public static String libraryPath() {
        return LibFeedDate.LIBRARY_PATH;
    }

    /**
     * What carries the per-label calls ({@code format}, {@code label}) on this runtime:
     * "FFM (java.lang.foreign, Java 25)" on Java 22+ with the multi-release jar, else
     * "JNA 5.13.0 (direct mapping)" (also on 22+ with {@code -Dfeeddate.ffm=false}, or when
     * native access is denied, which a warning on the {@code org.feeddate} logger then says).
     * The library is loaded, and formatters, batches and schedules are made, through JNA either way.
     */
    public static String nativeAccess() {
        return CallPath.CALLS.description();
    }

    /** The system clock as the library reads it ({@code fd_now_ms}). */
    public static Instant now() {
        return Instant.ofEpochMilli(LibFeedDate.fd_now_ms());
    }
}
