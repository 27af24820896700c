package org.feeddate;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Objects;
import java.util.StringJoiner;

/**
 * The options of a {@link Formatter} (SPEC section 6), built with
 * {@link #builder(Style)}. Immutable.
 *
 * <p>An option that is not set keeps the library's default (from
 * {@code fd_options_init_sized}); values are checked by the library when the
 * formatter is created, never here, so a bad value is a
 * {@link FeedDateException} from {@link Formatter#Formatter(Options)} with the
 * library's message.
 *
 * <pre>{@code
 * Options o = Options.builder(Style.FEED).locale("zh_CN").timeZone("Asia/Shanghai").build();
 * }</pre>
 */
public final class Options {
    final Style style;
    final String locale;
    final String timeZone;
    final HourCycle hourCycle;
    final Width width;
    final Boolean recentRelative;
    final Long justNowMs;
    final Long skewToleranceMs;
    final Integer crossYearGraceDays;
    final Integer weekdayWindowDays;
    final Integer precision;
    final Boolean countdownDays;
    final Boolean plainSpaces;
    final Boolean spoken;
    final Boolean overtime;
    final Unit maxUnit;
    final String justNowText;
    final String yesterdayText;
    final String dayBeforeYesterdayText;
    final String tomorrowText;

    private Options(Builder b) {
        style = b.style;
        locale = b.locale;
        timeZone = b.timeZone;
        hourCycle = b.hourCycle;
        width = b.width;
        recentRelative = b.recentRelative;
        justNowMs = b.justNowMs;
        skewToleranceMs = b.skewToleranceMs;
        crossYearGraceDays = b.crossYearGraceDays;
        weekdayWindowDays = b.weekdayWindowDays;
        precision = b.precision;
        countdownDays = b.countdownDays;
        plainSpaces = b.plainSpaces;
        spoken = b.spoken;
        overtime = b.overtime;
        maxUnit = b.maxUnit;
        justNowText = b.justNowText;
        yesterdayText = b.yesterdayText;
        dayBeforeYesterdayText = b.dayBeforeYesterdayText;
        tomorrowText = b.tomorrowText;
    }

    /** A builder for the given style, every other option at the library's default. */
    public static Builder builder(Style style) {
        return new Builder(style);
    }

    /** The options of a style with every other option at the library's default. */
    public static Options of(Style style) {
        return builder(style).build();
    }

    /** A builder holding these options, to change some of them. */
    public Builder toBuilder() {
        Builder b = new Builder(style);
        b.locale = locale;
        b.timeZone = timeZone;
        b.hourCycle = hourCycle;
        b.width = width;
        b.recentRelative = recentRelative;
        b.justNowMs = justNowMs;
        b.skewToleranceMs = skewToleranceMs;
        b.crossYearGraceDays = crossYearGraceDays;
        b.weekdayWindowDays = weekdayWindowDays;
        b.precision = precision;
        b.countdownDays = countdownDays;
        b.plainSpaces = plainSpaces;
        b.spoken = spoken;
        b.overtime = overtime;
        b.maxUnit = maxUnit;
        b.justNowText = justNowText;
        b.yesterdayText = yesterdayText;
        b.dayBeforeYesterdayText = dayBeforeYesterdayText;
        b.tomorrowText = tomorrowText;
        return b;
    }

    public Style style() {
        return style;
    }

    /** The locale id as given, or null for the host default. */
    public String locale() {
        return locale;
    }

    /** The IANA zone id as given, or null for the host default. */
    public String timeZone() {
        return timeZone;
    }

    /** The options that were set, as "Options[style=FEED, locale=zh_CN, ...]". */
    @Override
    public String toString() {
        StringJoiner j = new StringJoiner(", ", "Options[", "]");
        j.add("style=" + style);
        add(j, "locale", locale);
        add(j, "timeZone", timeZone);
        add(j, "hourCycle", hourCycle);
        add(j, "width", width);
        add(j, "recentRelative", recentRelative);
        add(j, "justNowMs", justNowMs);
        add(j, "skewToleranceMs", skewToleranceMs);
        add(j, "crossYearGraceDays", crossYearGraceDays);
        add(j, "weekdayWindowDays", weekdayWindowDays);
        add(j, "precision", precision);
        add(j, "countdownDays", countdownDays);
        add(j, "plainSpaces", plainSpaces);
        add(j, "spoken", spoken);
        add(j, "overtime", overtime);
        add(j, "maxUnit", maxUnit);
        addText(j, "justNowText", justNowText);
        addText(j, "yesterdayText", yesterdayText);
        addText(j, "dayBeforeYesterdayText", dayBeforeYesterdayText);
        addText(j, "tomorrowText", tomorrowText);
        return j.toString();
    }

    private static void add(StringJoiner j, String name, Object value) {
        if (value != null) j.add(name + "=" + value);
    }

    // Quoted, so that equals() (which compares toString()) tells "a, b" from two options.
    private static void addText(StringJoiner j, String name, String value) {
        if (value != null) j.add(name + "=\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Options other && toString().equals(other.toString());
    }

    @Override
    public int hashCode() {
        return toString().hashCode();
    }

    /** The id the library takes for a Java zone (see {@link Builder#timeZone(ZoneId)}). */
    static String zoneId(ZoneId zone) {
        if (zone instanceof ZoneOffset offset) return posixTimeZone(offset);
        String id = zone.getId();
        // ZoneId.of("UTC+05:30"), ("GMT-3"), ("UT+1"), ("UT"): a prefix and an offset, no region in the
        // zone database. Region ids (including "UTC", "GMT", "Etc/GMT-3") pass through.
        boolean prefixed = id.startsWith("UTC") || id.startsWith("GMT") ? id.length() > 3 && isSign(id.charAt(3))
                : id.startsWith("UT") && (id.length() == 2 || isSign(id.charAt(2)));
        if (prefixed && zone.getRules().isFixedOffset()) return posixTimeZone(zone.getRules().getOffset(Instant.EPOCH));
        return id;
    }

    private static boolean isSign(char c) {
        return c == '+' || c == '-';
    }

    /**
     * The POSIX TZ string of a fixed offset: "UTC" for zero; else a quoted
     * name of the offset as ISO 8601 writes it and the offset west of UTC,
     * as POSIX counts it: +05:30 is {@code <+0530>-5:30}, +05:00
     * {@code <+05>-5}, -03:00 {@code <-03>3}, +05:30:15 {@code <+053015>-5:30:15}.
     */
    static String posixTimeZone(ZoneOffset offset) {
        int total = offset.getTotalSeconds();
        if (total == 0) return "UTC";
        int abs = Math.abs(total), h = abs / 3600, m = abs / 60 % 60, sec = abs % 60;
        String east = total > 0 ? "+" : "-";
        StringBuilder b = new StringBuilder("<").append(east).append(two(h));
        if (m != 0 || sec != 0) b.append(two(m));
        if (sec != 0) b.append(two(sec));
        b.append('>').append(total > 0 ? "-" : "").append(h);
        if (m != 0 || sec != 0) b.append(':').append(two(m));
        if (sec != 0) b.append(':').append(two(sec));
        return b.toString();
    }

    private static String two(int n) {
        return n < 10 ? "0" + n : String.valueOf(n);
    }

    /** Sets options one by one; {@link #build()} makes the immutable {@link Options}. */
    public static final class Builder {
        private Style style;
        private String locale;
        private String timeZone;
        private HourCycle hourCycle;
        private Width width;
        private Boolean recentRelative;
        private Long justNowMs;
        private Long skewToleranceMs;
        private Integer crossYearGraceDays;
        private Integer weekdayWindowDays;
        private Integer precision;
        private Boolean countdownDays;
        private Boolean plainSpaces;
        private Boolean spoken;
        private Boolean overtime;
        private Unit maxUnit;
        private String justNowText;
        private String yesterdayText;
        private String dayBeforeYesterdayText;
        private String tomorrowText;

        private Builder(Style style) {
            this.style = Objects.requireNonNull(style, "style");
        }

        public Builder style(Style style) {
            this.style = Objects.requireNonNull(style, "style");
            return this;
        }

        /** An ICU ("zh_CN", "ja_JP@calendar=japanese") or BCP 47 ("zh-Hans-CN") id; null = host default. */
        public Builder locale(String locale) {
            this.locale = locale;
            return this;
        }

        /** A Java locale, passed as its BCP 47 tag ({@link Locale#toLanguageTag()}). */
        public Builder locale(Locale locale) {
            this.locale = locale == null ? null : locale.toLanguageTag();
            return this;
        }

        /** An IANA zone id ("Asia/Shanghai"); null = host default (TZ, /etc/localtime). */
        public Builder timeZone(String timeZone) {
            this.timeZone = timeZone;
            return this;
        }

        /**
         * A Java zone. A region id ("Asia/Shanghai", "UTC") is passed as it is: region ids are IANA ids.
         * A fixed offset, a {@link ZoneOffset} ("Z", "+05:30") or an offset id without a region
         * ("UTC+05:30", "GMT-03:00"), is passed as the POSIX TZ string the library takes: "UTC" for
         * zero, else {@code <+0530>-5:30} (POSIX counts west of UTC as positive), {@code <+05>-5},
         * {@code <-03>3}.
         */
        public Builder timeZone(ZoneId zone) {
            this.timeZone = zone == null ? null : zoneId(zone);
            return this;
        }

        public Builder hourCycle(HourCycle hourCycle) {
            this.hourCycle = Objects.requireNonNull(hourCycle, "hourCycle");
            return this;
        }

        public Builder width(Width width) {
            this.width = Objects.requireNonNull(width, "width");
            return this;
        }

        /** FEED: "just now / 5 min ago / 3 h ago" before the day rules. */
        public Builder recentRelative(boolean on) {
            this.recentRelative = on;
            return this;
        }

        /** Below this, "just now" (milliseconds). */
        public Builder justNowMs(long ms) {
            this.justNowMs = ms;
            return this;
        }

        /** Below this, "just now" (whole milliseconds of the duration). */
        public Builder justNow(Duration d) {
            return justNowMs(d.toMillis());
        }

        /** τ: how far in the future t may lie and still be labelled as now (milliseconds). */
        public Builder skewToleranceMs(long ms) {
            this.skewToleranceMs = ms;
            return this;
        }

        public Builder skewTolerance(Duration d) {
            return skewToleranceMs(d.toMillis());
        }

        /** FEED: days back within which last year's dates drop the year. */
        public Builder crossYearGraceDays(int days) {
            this.crossYearGraceDays = days;
            return this;
        }

        /** CHAT_LIST, CHAT_BUBBLE: up to this many days back, a weekday name. */
        public Builder weekdayWindowDays(int days) {
            this.weekdayWindowDays = days;
            return this;
        }

        /** COUNTDOWN fraction digits. */
        public Builder precision(int digits) {
            this.precision = digits;
            return this;
        }

        /** COUNTDOWN: days split out from 24 h left ("1d 03:04:05.6"). */
        public Builder countdownDays(boolean on) {
            this.countdownDays = on;
            return this;
        }

        /** Every space character (U+202F before "PM", U+00A0, ...) written as U+0020. (1.1) */
        public Builder plainSpaces(boolean on) {
            this.plainSpaces = on;
            return this;
        }

        /** Text for a screen reader: "2 hours ago" for "2h", countdowns in words, full month names. (1.1) */
        public Builder spoken(boolean on) {
            this.spoken = on;
            return this;
        }

        /** COUNTDOWN: after the deadline, count up after the locale's minus sign ("-0:00:05.3"). (1.1) */
        public Builder overtime(boolean on) {
            this.overtime = on;
            return this;
        }

        /**
         * RELATIVE, COMPACT and FEED's recent labels: the largest unit counted; beyond it, t's date
         * (default {@link Unit#YEAR}: no ceiling). (1.1)
         */
        public Builder maxUnit(Unit unit) {
            this.maxUnit = Objects.requireNonNull(unit, "maxUnit");
            return this;
        }

        /**
         * Your own word for just now; null = the locale's. This and the three below: 1..64 bytes of
         * UTF-8 without control characters, used as given. (1.1)
         */
        public Builder justNowText(String text) {
            this.justNowText = text;
            return this;
        }

        /** Your own word for yesterday; null = the locale's. (1.1) */
        public Builder yesterdayText(String text) {
            this.yesterdayText = text;
            return this;
        }

        /** Your own word for the day before yesterday; null = the locale's. (1.1) */
        public Builder dayBeforeYesterdayText(String text) {
            this.dayBeforeYesterdayText = text;
            return this;
        }

        /** Your own word for tomorrow; null = the locale's. (1.1) */
        public Builder tomorrowText(String text) {
            this.tomorrowText = text;
            return this;
        }

        public Options build() {
            return new Options(this);
        }
    }
}
