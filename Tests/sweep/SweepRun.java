/*
 * SweepRun.java — the Java runner of the label sweep (Tests/sweep/README.md): every formatter of a
 * plan (Tests/sweep/sweep_plan.py) labels every instant of it through the feeddate Java binding, one
 * line per label, byte for byte what the C runner (sweep_run.c) writes for the same library. Run as
 * a single source file, with no library but the binding (and JNA):
 *
 *   java -cp CLASSPATH Tests/sweep/SweepRun.java PLAN OUT
 *
 * Build tree: CLASSPATH build/java/feeddate-VERSION.jar:/usr/share/java/jna.jar and
 * FEEDDATE_LIBRARY=build/lib/libfeeddate.so.1 (as mk/java.mk's suites). The jar of make jar:
 * CLASSPATH dist/java/feeddate-VERSION.jar:/usr/share/java/jna.jar (it loads the natives it carries).
 *
 * OUT gets "text<TAB>next_change_ms" ("-" when the label never changes) per label, or "!error" when
 * the formatter or the label fails; a summary goes to stderr. Exit 0 after the sweep (whatever the
 * labels), 2 on a usage, plan or output error. The plan is read as strictly as the C runner reads it
 * (Tests/c/jsonl.c: UTF-8, integers only, int64, no duplicate keys) and options as
 * Tests/c/vector_options.c reads them (a name or a value of the wrong type is the plan's fault).
 */

import java.io.BufferedWriter;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.feeddate.FeedDate;
import org.feeddate.FeedDateException;
import org.feeddate.Formatter;
import org.feeddate.HourCycle;
import org.feeddate.Label;
import org.feeddate.Options;
import org.feeddate.Style;
import org.feeddate.Unit;
import org.feeddate.Width;

public final class SweepRun {
    /** The plan cannot be read, or OUT written: exit 2 with this message. */
    static final class PlanError extends Exception {
        private static final long serialVersionUID = 1L;

        PlanError(String message) {
            super(message);
        }
    }

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("sweep_run (java): usage: java -cp CLASSPATH SweepRun.java PLAN OUT");
            System.exit(2);
        }
        long[] counts;
        try {
            counts = sweep(args[0], args[1]);
        } catch (PlanError e) {
            System.err.println("sweep_run (java): " + e.getMessage());
            System.exit(2);
            return;
        } catch (IOException e) {
            System.err.println("sweep_run (java): " + args[1] + ": " + e.getMessage());
            System.exit(2);
            return;
        }
        System.err.println("sweep_run (java): " + FeedDate.libraryPath() + " (library " + FeedDate.version() + ", "
                + FeedDate.dataVersion() + "): " + counts[0] + " formatters, " + counts[1] + " labels, " + counts[2]
                + " errors");
    }

    /** {formatters, labels, errors} of the sweep. */
    static long[] sweep(String planPath, String outPath) throws PlanError, IOException {
        String text;
        try {
            byte[] bytes = Files.readAllBytes(Paths.get(planPath));
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new PlanError(planPath + ": not valid UTF-8");
        } catch (NoSuchFileException e) {
            throw new PlanError(planPath + ": no such file");
        } catch (IOException e) {
            throw new PlanError(planPath + ": " + e);
        }
        Lines plan = new Lines(planPath, text);
        Object header = plan.next();
        if (header == null) throw new PlanError("the plan has no header line: " + planPath);
        Map<?, ?> h = header instanceof Map<?, ?> m ? m : Map.of();
        if (!Long.valueOf(1).equals(h.get("sweep")) || !(h.get("now_ms") instanceof Long now)
                || !(h.get("t_ms") instanceof List<?> tList)) {
            throw new PlanError("the plan's header is not {\"sweep\": 1, \"now_ms\": ..., \"t_ms\": [...]}: " + planPath);
        }
        long[] ts = new long[tList.size()];
        for (int i = 0; i < ts.length; i++) {
            if (!(tList.get(i) instanceof Long t)) throw new PlanError("t_ms holds something other than integers: " + planPath);
            ts[i] = t;
        }

        long formatters = 0, labels = 0, errors = 0;
        Writer out;
        try {
            out = new BufferedWriter(new OutputStreamWriter(new FileOutputStream(outPath), StandardCharsets.UTF_8),
                    1 << 20);
        } catch (IOException e) {
            throw new PlanError(e.getMessage()); // FileNotFoundException's: the path and why
        }
        try (out) {
            for (Object value = plan.next(); value != null; value = plan.next()) {
                Map<?, ?> l = value instanceof Map<?, ?> m ? m : Map.of();
                if (!(l.get("style") instanceof String style)) {
                    throw new PlanError("a plan line without a style: " + planPath + ", line " + plan.number);
                }
                Options options = options(style, l.get("options"), planPath + ", line " + plan.number);
                formatters++;
                labels += ts.length;
                Formatter f = null;
                try {
                    f = new Formatter(options);
                } catch (FeedDateException e) {
                    // the library's refusal: every label of this formatter is an error
                }
                for (long t : ts) {
                    Label label = null;
                    if (f != null) {
                        try {
                            label = f.label(t, now);
                        } catch (FeedDateException e) {
                            // this label's error
                        }
                    }
                    if (label == null) {
                        errors++;
                        out.write("!error\n");
                    } else {
                        out.write(label.text());
                        out.write('\t');
                        out.write(label.nextChange() == null ? "-" : Long.toString(label.nextChange().toEpochMilli()));
                        out.write('\n');
                    }
                }
                if (f != null) f.close();
            }
        }
        return new long[] {formatters, labels, errors};
    }

    /**
     * A plan line's style and options (the vectors' spelling, Tests/vectors/README.md) as the
     * binding's Options, or the PlanError that says what vector_options.c would refuse.
     */
    static Options options(String styleName, Object given, String where) throws PlanError {
        Style style = enumOf(Style.values(), styleName);
        if (style == null) throw new PlanError(where + ": unknown style");
        if (!(given instanceof Map<?, ?> map)) throw new PlanError(where + ": options missing or not an object");
        Options.Builder b = Options.builder(style);
        for (Map.Entry<?, ?> e : map.entrySet()) {
            Value v = new Value(where, (String) e.getKey(), e.getValue());
            switch (v.name) {
                case "locale" -> b.locale(v.text());
                case "tz" -> b.timeZone(v.text());
                case "hour_cycle" -> b.hourCycle(v.choice(HourCycle.values()));
                case "width" -> b.width(v.choice(Width.values()));
                case "max_unit" -> b.maxUnit(v.choice(Unit.values()));
                case "recent_relative" -> b.recentRelative(v.flag());
                case "countdown_days" -> b.countdownDays(v.flag());
                case "plain_spaces" -> b.plainSpaces(v.flag());
                case "spoken" -> b.spoken(v.flag());
                case "overtime" -> b.overtime(v.flag());
                case "just_now_ms" -> b.justNowMs(v.int64());
                case "skew_tolerance_ms" -> b.skewToleranceMs(v.int64());
                case "cross_year_grace_days" -> b.crossYearGraceDays(v.int32());
                case "weekday_window_days" -> b.weekdayWindowDays(v.int32());
                case "precision" -> b.precision(v.int32());
                case "just_now_text" -> b.justNowText(v.text());
                case "yesterday_text" -> b.yesterdayText(v.text());
                case "day_before_yesterday_text" -> b.dayBeforeYesterdayText(v.text());
                case "tomorrow_text" -> b.tomorrowText(v.text());
                default -> throw new PlanError(where + ": " + v.name + ": unknown option name");
            }
        }
        return b.build();
    }

    /** An option's value of a plan line, as the type its field takes (vector_options.c's checks). */
    record Value(String where, String name, Object v) {
        private PlanError wrong() {
            return new PlanError(where + ": " + name + ": option value of the wrong type or unknown");
        }

        /** A string the C reader passes on (no NUL inside). */
        String text() throws PlanError {
            if (v instanceof String s && s.indexOf('\0') < 0) return s;
            throw wrong();
        }

        boolean flag() throws PlanError {
            if (v instanceof Boolean on) return on;
            throw wrong();
        }

        long int64() throws PlanError {
            if (v instanceof Long n) return n;
            throw wrong();
        }

        int int32() throws PlanError {
            if (v instanceof Long n && n >= Integer.MIN_VALUE && n <= Integer.MAX_VALUE) return n.intValue();
            throw wrong();
        }

        <E extends Enum<E>> E choice(E[] values) throws PlanError {
            E e = enumOf(values, v);
            if (e != null) return e;
            throw wrong();
        }
    }

    /** The constant whose name is v in lower case, as the vectors write it ("h12", "chat_list"), or null. */
    static <E extends Enum<E>> E enumOf(E[] values, Object v) {
        for (E e : values) if (e.name().toLowerCase(Locale.ROOT).equals(v)) return e;
        return null;
    }

    /** The plan's values, one per non-blank line (blank: only spaces, tabs and CRs), as jsonl.c reads them. */
    static final class Lines {
        final String path;
        final String text;
        int pos;
        int number; // the line number of the value next() returned last

        Lines(String path, String text) {
            this.path = path;
            this.text = text;
        }

        /** The next line's value, or null at the end. */
        Object next() throws PlanError {
            while (pos < text.length()) {
                int nl = text.indexOf('\n', pos);
                int end = nl < 0 ? text.length() : nl;
                String line = text.substring(pos, end);
                pos = nl < 0 ? end : end + 1;
                number++;
                if (line.chars().allMatch(c -> c == ' ' || c == '\t' || c == '\r')) continue;
                try {
                    return new Json(line).document();
                } catch (IllegalArgumentException e) {
                    throw new PlanError(path + ", line " + number + ": a malformed plan line: " + e.getMessage());
                }
            }
            return null;
        }
    }

    /**
     * One JSON value, read as strictly as Tests/c/jsonl.c: objects (LinkedHashMap, no duplicate
     * keys), arrays (List), strings (control characters escaped, no lone surrogate), true/false,
     * null (JSON_NULL, never a value a runner takes) and integers that fit in a long (Long; no
     * fraction, exponent or leading zero). Errors are IllegalArgumentExceptions with the offset.
     */
    static final class Json {
        static final Object NULL = new Object();
        private final String s;
        private int i;

        Json(String s) {
            this.s = s;
        }

        Object document() {
            Object v = value(0);
            space();
            if (i != s.length()) throw fail("trailing characters after the value");
            return v;
        }

        private IllegalArgumentException fail(String what) {
            return new IllegalArgumentException("offset " + i + ": " + what);
        }

        private void space() {
            while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t' || s.charAt(i) == '\n'
                    || s.charAt(i) == '\r')) i++;
        }

        private boolean at(char c) {
            return i < s.length() && s.charAt(i) == c;
        }

        private Object value(int depth) {
            if (depth > 64) throw fail("nesting deeper than 64");
            space();
            if (i >= s.length()) throw fail("unexpected end of input");
            char c = s.charAt(i);
            if (c == '{') {
                Map<String, Object> m = new LinkedHashMap<>();
                i++;
                space();
                if (at('}')) {
                    i++;
                    return m;
                }
                for (;;) {
                    space();
                    if (!at('"')) throw fail("expected a string key");
                    int keyAt = i;
                    String key = string();
                    if (m.containsKey(key)) {
                        i = keyAt;
                        throw fail("duplicate key");
                    }
                    space();
                    if (!at(':')) throw fail("expected ':'");
                    i++;
                    m.put(key, value(depth + 1));
                    if (more('}')) continue;
                    return m;
                }
            }
            if (c == '[') {
                List<Object> l = new ArrayList<>();
                i++;
                space();
                if (at(']')) {
                    i++;
                    return l;
                }
                do l.add(value(depth + 1)); while (more(']'));
                return l;
            }
            if (c == '"') return string();
            if (s.startsWith("true", i)) return literal(4, Boolean.TRUE);
            if (s.startsWith("false", i)) return literal(5, Boolean.FALSE);
            if (s.startsWith("null", i)) return literal(4, NULL);
            return integer();
        }

        /** After an element: true for ',' (more follows), false for close. */
        private boolean more(char close) {
            space();
            if (at(',')) {
                i++;
                return true;
            }
            if (at(close)) {
                i++;
                return false;
            }
            throw fail("expected ',' or '" + close + "'");
        }

        private Object literal(int length, Object v) {
            i += length;
            return v;
        }

        private Long integer() {
            int start = i;
            if (at('-')) i++;
            if (i >= s.length() || s.charAt(i) < '0' || s.charAt(i) > '9') {
                throw fail(start == i ? "unexpected character" : "expected a digit");
            }
            if (at('0') && i + 1 < s.length() && s.charAt(i + 1) >= '0' && s.charAt(i + 1) <= '9') throw fail("leading zero in number");
            while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') i++;
            if (at('.') || at('e') || at('E')) throw fail("only integers are supported (no fraction or exponent)");
            BigInteger n = new BigInteger(s.substring(start, i));
            if (n.bitLength() > 63) {
                i = start;
                throw fail("integer does not fit in int64");
            }
            return n.longValue();
        }

        private String string() {
            StringBuilder b = new StringBuilder();
            i++; // the opening quote
            for (;;) {
                if (i >= s.length()) throw fail("unterminated string");
                char c = s.charAt(i);
                if (c == '"') {
                    i++;
                    return b.toString();
                }
                if (c < 0x20) throw fail("unescaped control character in string");
                if (c != '\\') {
                    b.append(c); // the text came from valid UTF-8: no lone surrogate here
                    i++;
                    continue;
                }
                if (++i >= s.length()) throw fail("unterminated escape");
                char e = s.charAt(i++);
                switch (e) {
                    case '"', '\\', '/' -> b.append(e);
                    case 'b' -> b.append('\b');
                    case 'f' -> b.append('\f');
                    case 'n' -> b.append('\n');
                    case 'r' -> b.append('\r');
                    case 't' -> b.append('\t');
                    case 'u' -> {
                        char u = hex4();
                        if (Character.isLowSurrogate(u)) throw fail("lone low surrogate");
                        b.append(u);
                        if (Character.isHighSurrogate(u)) {
                            if (!s.startsWith("\\u", i)) throw fail("high surrogate not followed by \\u");
                            i += 2;
                            char low = hex4();
                            if (!Character.isLowSurrogate(low)) throw fail("high surrogate not followed by a low one");
                            b.append(low);
                        }
                    }
                    default -> {
                        i--;
                        throw fail("unknown escape");
                    }
                }
            }
        }

        private char hex4() {
            if (i + 4 > s.length()) throw fail("truncated \\u escape");
            int v = 0;
            for (int k = 0; k < 4; k++) {
                int d = Character.digit(s.charAt(i + k), 16);
                if (d < 0 || s.charAt(i + k) > 'f') throw fail("bad hex digit in \\u escape");
                v = v * 16 + d;
            }
            i += 4;
            return (char) v;
        }
    }
}
