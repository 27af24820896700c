package org.feeddate;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.ToIntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.feeddate.TestKit.*;

/**
 * The numbers this binding repeats from include/feeddate.h (JNA cannot include C): LibFeedDate's
 * constants and the codes of Status, Style, HourCycle, Width and Unit, against the header's integer
 * constants in Tests/vectors/header/header.jsonl (make check-vectors holds it to the header and the
 * compiler). A value that differs fails, and so does a status, enum value, schedule limit or capacity
 * of the header that has no counterpart here (issue 42 item 2).
 */
@ExtendWith(TestKit.Count.class)
class HeaderTests {
    /** Tests/vectors/header/header.jsonl (FEEDDATE_HEADER_VECTORS when set), as the quote vectors. */
    static Path file() {
        String env = System.getenv("FEEDDATE_HEADER_VECTORS");
        return env != null && !env.isEmpty() ? Path.of(env) : ErrorTests.vectorsDir().resolve("header")
                .resolve("header.jsonl");
    }

    static Map<String, Long> header;

    /**
     * header.jsonl's constants, one {"name": "FD_...", "value": "<decimal>"} a line (make_header.py's):
     * any other line, or a name twice, fails.
     */
    @SuppressWarnings("unchecked")
    static Map<String, Long> fromHeader() throws Exception {
        if (header == null) {
            Map<String, Long> out = new TreeMap<>();
            List<String> lines = Files.readAllLines(file(), StandardCharsets.UTF_8);
            for (int n = 0; n < lines.size(); n++) {
                String at = file() + ":" + (n + 1);
                Map<String, Object> j = (Map<String, Object>) Json.parse(lines.get(n));
                check(j.keySet().equals(Set.of("name", "value")) && j.get("name") instanceof String name
                        && name.startsWith("FD_") && j.get("value") instanceof String, at, lines.get(n));
                check(out.put((String) j.get("name"), Long.parseLong((String) j.get("value"))) == null, at,
                        j.get("name") + " twice");
            }
            header = out;
        }
        check(header.size() >= 40, "constants of " + file(), header);
        return header;
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
