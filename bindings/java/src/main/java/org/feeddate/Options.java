package org.feeddate;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
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
 * library's message (a string option goes as its bytes, a lone surrogate
 * too, and the library words what is wrong with it). The one exception: a
 * string holding a NUL, which no C string carries, is refused by the
 * formatter in the binding's words, the value quoted by the library's
 * fd_quote.
 *
 * <pre>{@code
 * Options o = Options.builder(Style.FEED).locale("zh_CN").timeZone("Asia/Shanghai").build();
 * }</pre>
 */
public final class Options {
    /**
     * The options after the style, one constant each, named as include/feeddate.h names the field
     * of {@code struct fd_options} (upper case), with the Java type of its value: the one table
     * that the builder, {@link #toString()} and the C struct (in {@link Formatter}) go by. The Java
     * name ({@link #javaName}) is the C name in camel case.
     */
    enum Field {
        LOCALE(String.class), TIME_ZONE(String.class), HOUR_CYCLE(HourCycle.class), WIDTH(Width.class),
        RECENT_RELATIVE(Boolean.class), JUST_NOW_MS(Long.class), SKEW_TOLERANCE_MS(Long.class),
        CROSS_YEAR_GRACE_DAYS(Integer.class), WEEKDAY_WINDOW_DAYS(Integer.class), PRECISION(Integer.class),
        COUNTDOWN_DAYS(Boolean.class),
        // 1.1
        PLAIN_SPACES(Boolean.class), SPOKEN(Boolean.class), OVERTIME(Boolean.class), MAX_UNIT(Unit.class),
        JUST_NOW_TEXT(String.class), YESTERDAY_TEXT(String.class), DAY_BEFORE_YESTERDAY_TEXT(String.class),
        TOMORROW_TEXT(String.class);

        final Class<?> type;
        /** The field of {@code struct fd_options} ("just_now_ms"). */
        final String cName;
        /** The builder's name ("justNowMs"), used in messages and {@link Options#toString()}. */
        final String javaName;

        Field(Class<?> type) {
            this.type = type;
            this.cName = name().toLowerCase(Locale.ROOT);
            StringBuilder camel = new StringBuilder();
            for (String word : cName.split("_")) {
                camel.append(camel.length() == 0 ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
            }
            this.javaName = camel.toString();
        }

        /** The caller's own words (quoted by toString, so "a, b" is told from two options). */
        boolean isText() {
            return name().endsWith("_TEXT");
        }
    }

    final Style style;
    /** The options that were set, in the table's order; the others keep the library's default. */
    final Map<Field, Object> values;

    private Options(Builder b) {
        style = b.style;
        values = Collections.unmodifiableMap(new EnumMap<>(b.values));
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
        b.values.putAll(values);
        return b;
    }

    public Style style() {
        return style;
    }

    /** The locale id as given, or null for the host default. */
    public String locale() {
        return (String) values.get(Field.LOCALE);
    }

    /** The IANA zone id as given, or null for the host default. */
    public String timeZone() {
        return (String) values.get(Field.TIME_ZONE);
    }

    /**
     * The options that were set, as "Options[style=FEED, locale=zh_CN, ...]": the caller's words whole,
     * with \ and " escaped. Not the messages' quoting (fd_quote, Messages.quote: cut after 64 bytes), as
     * {@link #equals} and {@link #hashCode} are made from this text.
     */
    @Override
    public String toString() {
        StringJoiner j = new StringJoiner(", ", "Options[", "]");
        j.add("style=" + style);
        values.forEach((f, v) -> j.add(f.javaName + "=" + (f.isText() ? quoted((String) v) : v)));
        return j.toString();
    }

    private static String quoted(String value) {
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
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
        private final EnumMap<Field, Object> values = new EnumMap<>(Field.class);

        private Builder(Style style) {
            this.style = Objects.requireNonNull(style, "style");
        }

        /**
         * Sets option f (null: back to the library's default, except for the enum options, which
         * have no null). Every setter below comes here; the vector suites call it by table.
         */
        Builder set(Field f, Object value) {
            if (value == null) {
                if (f.type.isEnum()) throw new NullPointerException(f.javaName);
                values.remove(f);
            } else {
                values.put(f, f.type.cast(value));
            }
            return this;
        }

        public Builder style(Style style) {
            this.style = Objects.requireNonNull(style, "style");
            return this;
        }

        /** An ICU ("zh_CN", "ja_JP@calendar=japanese") or BCP 47 ("zh-Hans-CN") id; null = host default. */
        public Builder locale(String locale) {
            return set(Field.LOCALE, locale);
        }

        /** A Java locale, passed as its BCP 47 tag ({@link Locale#toLanguageTag()}). */
        public Builder locale(Locale locale) {
            return set(Field.LOCALE, locale == null ? null : locale.toLanguageTag());
        }

        /** An IANA zone id ("Asia/Shanghai"); null = host default (TZ, /etc/localtime). */
        public Builder timeZone(String timeZone) {
            return set(Field.TIME_ZONE, timeZone);
        }

        /**
         * A Java zone. A region id ("Asia/Shanghai", "UTC") is passed as it is: region ids are IANA ids.
         * A fixed offset, a {@link ZoneOffset} ("Z", "+05:30") or an offset id without a region
         * ("UTC+05:30", "GMT-03:00"), is passed as the POSIX TZ string the library takes: "UTC" for
         * zero, else {@code <+0530>-5:30} (POSIX counts west of UTC as positive), {@code <+05>-5},
         * {@code <-03>3}.
         */
        public Builder timeZone(ZoneId zone) {
            return set(Field.TIME_ZONE, zone == null ? null : zoneId(zone));
        }

        public Builder hourCycle(HourCycle hourCycle) {
            return set(Field.HOUR_CYCLE, hourCycle);
        }

        public Builder width(Width width) {
            return set(Field.WIDTH, width);
        }

        /** FEED: "just now / 5 min ago / 3 h ago" before the day rules. */
        public Builder recentRelative(boolean on) {
            return set(Field.RECENT_RELATIVE, on);
        }

        /** Below this, "just now" (milliseconds). */
        public Builder justNowMs(long ms) {
            return set(Field.JUST_NOW_MS, ms);
        }

        /** Below this, "just now" (the duration floored to the millisecond, SPEC 11, 1.3). */
        public Builder justNow(Duration d) {
            return justNowMs(Formatter.floorMillis(d, "justNow"));
        }

        /** τ: how far in the future t may lie and still be labelled as now (milliseconds). */
        public Builder skewToleranceMs(long ms) {
            return set(Field.SKEW_TOLERANCE_MS, ms);
        }

        /** τ as a duration, floored to the millisecond (SPEC 11, 1.3). */
        public Builder skewTolerance(Duration d) {
            return skewToleranceMs(Formatter.floorMillis(d, "skewTolerance"));
        }

        /** FEED: days back within which last year's dates drop the year. */
        public Builder crossYearGraceDays(int days) {
            return set(Field.CROSS_YEAR_GRACE_DAYS, days);
        }

        /** CHAT_LIST, CHAT_BUBBLE: up to this many days back, a weekday name. */
        public Builder weekdayWindowDays(int days) {
            return set(Field.WEEKDAY_WINDOW_DAYS, days);
        }

        /** COUNTDOWN fraction digits. */
        public Builder precision(int digits) {
            return set(Field.PRECISION, digits);
        }

        /** COUNTDOWN: days split out from 24 h left ("1d 03:04:05.6"). */
        public Builder countdownDays(boolean on) {
            return set(Field.COUNTDOWN_DAYS, on);
        }

        /** Every space character (U+202F before "PM", U+00A0, ...) written as U+0020. (1.1) */
        public Builder plainSpaces(boolean on) {
            return set(Field.PLAIN_SPACES, on);
        }

        /** Text for a screen reader: "2 hours ago" for "2h", countdowns in words, full month names. (1.1) */
        public Builder spoken(boolean on) {
            return set(Field.SPOKEN, on);
        }

        /** COUNTDOWN: after the deadline, count up after the locale's minus sign ("-0:00:05.3"). (1.1) */
        public Builder overtime(boolean on) {
            return set(Field.OVERTIME, on);
        }

        /**
         * RELATIVE, COMPACT and FEED's recent labels: the largest unit counted; beyond it, t's date
         * (default {@link Unit#YEAR}: no ceiling). (1.1)
         */
        public Builder maxUnit(Unit unit) {
            return set(Field.MAX_UNIT, unit);
        }

        /**
         * Your own word for just now; null = the locale's. This and the three below: 1..64 bytes of
         * UTF-8 without control characters, used as given. (1.1)
         */
        public Builder justNowText(String text) {
            return set(Field.JUST_NOW_TEXT, text);
        }

        /** Your own word for yesterday; null = the locale's. (1.1) */
        public Builder yesterdayText(String text) {
            return set(Field.YESTERDAY_TEXT, text);
        }

        /** Your own word for the day before yesterday; null = the locale's. (1.1) */
        public Builder dayBeforeYesterdayText(String text) {
            return set(Field.DAY_BEFORE_YESTERDAY_TEXT, text);
        }

        /** Your own word for tomorrow; null = the locale's. (1.1) */
        public Builder tomorrowText(String text) {
            return set(Field.TOMORROW_TEXT, text);
        }

        public Options build() {
            return new Options(this);
        }
    }
}
