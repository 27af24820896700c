package org.feeddate;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToIntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.feeddate.TestKit.*;

/**
 * The numbers this binding repeats from include/feeddate.h (JNA cannot include C): LibFeedDate's
 * constants and the codes of Status, Style, HourCycle, Width and Unit, against the header, read as
 * bindings/rust/src/sys.rs reads it. A value that differs fails, and so does a status, enum value,
 * schedule limit or capacity of the header that has no counterpart here (issue 42 item 2).
 */
@ExtendWith(TestKit.Count.class)
class HeaderTests {
    private static final Pattern DEFINE = Pattern.compile("#define (FD_\\w+) (.+)");
    private static final Pattern ENUM_VALUE = Pattern.compile("(FD_\\w+) = (.+?),?");

    /** include/feeddate.h of the checkout whose vectors run (feeddate.vectors: ../../Tests/vectors). */
    static Path header() {
        return ErrorTests.vectorsDir().resolve("../../include/feeddate.h").toAbsolutePath().normalize();
    }

    /** A C integer literal of the header: (-62135596800000LL), INT64_C(31622400000), 0x1u, INT64_MAX. */
    static long number(String text) {
        String t = text.trim().replaceAll("^\\(+|\\)+$", "");
        if (t.equals("INT64_MAX")) return Long.MAX_VALUE;
        return Long.decode(t.replaceFirst("^INT64_C\\(", "").replaceAll("[LUlu]+$", ""));
    }

    /** The header's enum values and numeric #defines, the version ones left out. */
    static Map<String, Long> constants(String header) {
        Map<String, Long> out = new TreeMap<>();
        for (String raw : header.split("\n")) {
            String line = raw.split("/\\*", 2)[0].trim();
            Matcher m = DEFINE.matcher(line);
            if (!m.matches()) m = ENUM_VALUE.matcher(line);
            if (!m.matches() || m.group(1).startsWith("FD_VERSION_") || m.group(1).startsWith("FD_STRINGIFY")) continue;
            out.put(m.group(1), number(m.group(2)));
        }
        return out;
    }

    static Map<String, Long> header;

    static Map<String, Long> fromHeader() throws Exception {
        if (header == null) header = constants(Files.readString(header(), StandardCharsets.UTF_8));
        check(header.size() >= 40, "constants of " + header(), header);
        return header;
    }

    @Test
    void theReaderReadsC() {
        String c = "#define FD_A (-5LL) /* x */\n#define FD_B INT64_C(7)\n    FD_C = 3,  /* y */\n    FD_D = 0x1u\n"
                + "#define FD_STRINGIFY(x) #x\n#define FD_VERSION_MINOR 2\n#define FD_E INT64_MAX\n";
        check(constants(c).equals(Map.of("FD_A", -5L, "FD_B", 7L, "FD_C", 3L, "FD_D", 1L, "FD_E", Long.MAX_VALUE)),
                "the header reader", constants(c));
    }

    /** Each int or long constant of LibFeedDate named as a header's FD_ name is its value; the limits all are here. */
    @Test
    void libFeedDateConstants() throws Exception {
        Map<String, Long> h = fromHeader();
        Map<String, Long> here = new TreeMap<>();
        for (Field f : LibFeedDate.class.getDeclaredFields()) {
            int mod = f.getModifiers();
            if (!Modifier.isStatic(mod) || !Modifier.isFinal(mod)) continue;
            if (f.getType() == int.class) here.put("FD_" + f.getName(), (long) f.getInt(null));
            if (f.getType() == long.class) here.put("FD_" + f.getName(), f.getLong(null));
        }
        for (Map.Entry<String, Long> e : here.entrySet()) {
            Long want = h.get(e.getKey());
            check(want == null || want.equals(e.getValue()), e.getKey(),
                    "LibFeedDate has " + e.getValue() + ", feeddate.h " + want);
        }
        for (String name : h.keySet()) {
            boolean limit = name.startsWith("FD_SCHEDULE_") || name.endsWith("_CAPACITY") || name.equals("FD_NEVER")
                    || name.startsWith("FD_HTML_");
            check(!limit || here.containsKey(name), name, "feeddate.h declares it; LibFeedDate does not");
        }
    }

    /** prefix + each constant's name is a header value equal to its code, and every such header value is one. */
    static <E extends Enum<E>> void same(String prefix, Class<E> type, ToIntFunction<E> code, String except)
            throws Exception {
        Map<String, Long> h = fromHeader();
        int n = 0;
        for (Map.Entry<String, Long> e : h.entrySet()) {
            if (!e.getKey().startsWith(prefix)) continue;
            String name = e.getKey().substring(prefix.length());
            E value = null;
            for (E v : type.getEnumConstants()) if (v.name().equals(name)) value = v;
            check(value != null, e.getKey(), "feeddate.h declares it = " + e.getValue() + "; " + type.getSimpleName()
                    + " has no " + name);
            check(code.applyAsInt(value) == e.getValue(), e.getKey(), type.getSimpleName() + "." + name + " is "
                    + code.applyAsInt(value) + ", feeddate.h " + e.getValue());
            n++;
        }
        check(n + (except == null ? 0 : 1) == type.getEnumConstants().length, type.getSimpleName(),
                type.getEnumConstants().length + " constants, " + n + " values " + prefix + "* in feeddate.h");
    }

    @Test
    void statuses() throws Exception {
        same("FD_ERR_", Status.class, Status::code, "UNKNOWN");
        check(Status.UNKNOWN.code() < 0, "Status.UNKNOWN is no status of the header", Status.UNKNOWN.code());
    }

    @Test
    void enums() throws Exception {
        same("FD_STYLE_", Style.class, s -> s.code, null);
        same("FD_HOUR_CYCLE_", HourCycle.class, s -> s.code, null);
        same("FD_WIDTH_", Width.class, s -> s.code, null);
        same("FD_UNIT_", Unit.class, s -> s.code, null);
    }
}
