package org.feeddate;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

import static org.feeddate.TestKit.*;

/**
 * Every vector of the shared files through the binding, one test per vector line (named by its file and
 * line): label (text, next change, parts, expired) and format; then per group of identical options and
 * now, formatMany against the labels and their earliest next change, one test per group. The files are
 * FEEDDATE_VECTORS, else Tests/vectors/*.jsonl.
 */
@ExtendWith(TestKit.Count.class)
class VectorTests {
    /** One parsed vector line: id is its file and line ("core.jsonl:12"), where adds what it holds. */
    record Vector(String id, String where, Options options, long t, long now, String text, Long next, long[] day,
            long[] time, boolean expired) {
    }

    /** The formatters of the vectors' options. */
    static final TestKit.Formatters FORMATTERS = new TestKit.Formatters();

    @AfterAll
    static void close() {
        FORMATTERS.close();
    }

    static Formatter formatter(Vector v) {
        return FORMATTERS.get(v.options, v.where);
    }

    /**
     * The files to run (SPEC sections 10 and 13): FEEDDATE_VECTORS
     * (":"-separated) when set; else every .jsonl of the vectors folder,
     * sorted by name.
     */
    static List<Path> files(Path vectorsDir) throws IOException {
        return files(vectorsDir, "", "FEEDDATE_VECTORS");
    }

    /**
     * The files of a set: those the variable env names (":"-separated) when
     * it is set; else every .jsonl of vectorsDir/sub, sorted by name. One set
     * for every host since 1.3 (SPEC 13): no choice by ICU version. Prints
     * which files ran and what the labels came from (fd_data_version).
     */
    static List<Path> files(Path vectorsDir, String sub, String env) throws IOException {
        String what = sub.isEmpty() ? "vectors" : sub + " vectors";
        List<Path> l = choose(vectorsDir, sub, System.getenv(env));
        System.out.println(what + ": " + FeedDate.dataVersion() + ", " + l.size() + " file(s)"
                + (System.getenv(env) == null || System.getenv(env).isEmpty() ? " in " + vectorsDir.resolve(sub)
                        : " named by " + env));
        if (l.isEmpty()) {
            fail(what, "no .jsonl files in " + vectorsDir.resolve(sub) + " (set " + env + " to the files to run)");
        }
        return l;
    }

    /** files' rule with the variable's value given (named: null or empty when it is not set). */
    static List<Path> choose(Path vectorsDir, String sub, String named) throws IOException {
        List<Path> l = new ArrayList<>();
        if (named != null && !named.isEmpty()) {
            for (String p : named.split(":")) if (!p.isEmpty()) l.add(Paths.get(p));
            return l;
        }
        Path dir = vectorsDir.resolve(sub);
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(p -> p.getFileName().toString().endsWith(".jsonl")).sorted(
                        Comparator.comparing(p -> p.getFileName().toString())).forEach(l::add);
            }
        }
        return l;
    }

    // ---- the choice of files: Tests/vectors/*.jsonl sorted by name, no per-ICU folder; FEEDDATE_VECTORS wins.

    @Test
    void everyJsonlSortedByName() throws IOException {
        List<String> names = new ArrayList<>();
        for (Path p : choose(ErrorTests.vectorsDir(), "", null)) names.add(p.getFileName().toString());
        List<String> sorted = new ArrayList<>(names);
        Collections.sort(sorted);
        check(names.contains("core.jsonl") && names.equals(sorted), "vector files: every .jsonl, sorted by name",
                names);
    }

    @Test
    void anEmptyFeeddateVectorsIsNotSet() throws IOException {
        Path dir = ErrorTests.vectorsDir();
        check(choose(dir, "", null).equals(choose(dir, "", "")), "vector files: an empty FEEDDATE_VECTORS is not set");
    }

    @Test
    void noPerIcuFolder() throws IOException {
        try (Stream<Path> s = Files.list(ErrorTests.vectorsDir())) {
            List<Path> perIcu = s.filter(p -> Files.isDirectory(p) && p.getFileName().toString().startsWith("icu"))
                    .toList();
            check(perIcu.isEmpty(), "vector files: no per-ICU folder since 1.3", perIcu);
        }
    }

    @Test
    void allOfThem() throws IOException {
        Path dir = ErrorTests.vectorsDir();
        List<Path> files = choose(dir, "", null);
        try (Stream<Path> s = Files.list(dir)) {
            long jsonl = s.filter(p -> p.getFileName().toString().endsWith(".jsonl")).count();
            check(jsonl == files.size(), "vector files: all of them", jsonl + " in the folder, " + files.size());
        }
    }

    @Test
    void feeddateVectorsWinsInItsOrder() throws IOException {
        check(choose(ErrorTests.vectorsDir(), "", "/x/b.jsonl::a.jsonl").equals(List.of(Paths.get("/x/b.jsonl"),
                Paths.get("a.jsonl"))), "vector files: FEEDDATE_VECTORS wins, in its order");
    }

    /** Per file: one test per vector line, then one per group of identical options and now. */
    @TestFactory
    List<DynamicNode> vectors() throws IOException {
        List<DynamicNode> nodes = new ArrayList<>();
        List<Path> files = files(ErrorTests.vectorsDir());
        int count = 0;
        for (Path file : files) {
            List<DynamicNode> tests = new ArrayList<>();
            List<Vector> vs = jsonLines(file, "vector", tests, VectorTests::vector);
            count += vs.size();
            if (vs.isEmpty()) tests.add(test(file + ": vectors", () -> fail(file.toString(), "holds no vectors")));
            for (Vector v : vs) tests.add(test(v.id, () -> checkVector(formatter(v), v)));
            Map<String, List<Vector>> groups = new LinkedHashMap<>();
            for (Vector v : vs) groups.computeIfAbsent(v.options + "|" + v.now, k -> new ArrayList<>()).add(v);
            for (List<Vector> g : groups.values()) {
                tests.add(test(g.get(0).id + " formatMany group of " + g.size(), () -> checkGroup(g)));
            }
            nodes.add(DynamicContainer.dynamicContainer(file.getFileName().toString(), tests));
        }
        System.out.println("vectors: " + count + " vectors in " + files.size() + " file(s)");
        return nodes;
    }

    @SuppressWarnings("unchecked")
    private static Vector vector(String where, Map<String, Object> j) {
        Map<String, Object> opts = (Map<String, Object>) j.get("options");
        Options.Builder b = options((String) j.get("style"), opts);
        String note = (String) j.get("note");
        return new Vector(where + (note == null ? "" : " " + note), where + " [" + j.get("style") + " " + opts + " t=" + j.get("t_ms") + " now="
                + j.get("now_ms") + "]" + (note == null ? "" : " " + note), b.build(), (Long) j.get("t_ms"),
                (Long) j.get("now_ms"), (String) j.get("text"), (Long) j.get("next_change_ms"),
                pair(j.get("day_part")), pair(j.get("time_part")), (Boolean) j.get("expired"));
    }

    /** The options of a vector line: its "style" and "options" (shared with the schedule vectors). */
    static Options.Builder options(String styleName, Map<String, Object> opts) {
        Style style = Style.valueOf(styleName.toUpperCase());
        Options.Builder b = Options.builder(style);
        // The vectors name each option as struct fd_options does (the zone as "tz"): Options.Field.
        for (Map.Entry<String, Object> e : opts.entrySet()) {
            String name = e.getKey().equals("tz") ? "time_zone" : e.getKey();
            Options.Field f = Arrays.stream(Options.Field.values()).filter(x -> x.cName.equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("unknown option " + e.getKey()));
            Object v = e.getValue();
            if (f.type.isEnum()) v = enumValue(f.type, ((String) v).toUpperCase());
            else if (f.type == Integer.class) v = Math.toIntExact((Long) v);
            b.set(f, v);
        }
        return b;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumValue(Class<?> type, String name) {
        return Enum.valueOf((Class) type, name);
    }

    private static long[] pair(Object o) {
        List<?> l = (List<?>) o;
        if (l.size() != 2) throw new IllegalArgumentException("a part is not a [start, end) pair");
        return new long[] {(Long) l.get(0), (Long) l.get(1)};
    }

    private static int utf8Length(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    /** The expected part's bytes equal the reported part's, at the same byte offset (empty: 0, 0). */
    private static String partMismatch(String name, byte[] want, long[] part, Label l, int start, int end) {
        byte[] expected = Arrays.copyOfRange(want, (int) part[0], (int) part[1]);
        String text = l.text();
        if (start < 0 || end < start || end > text.length()) return name + " [" + start + "," + end + ") outside";
        byte[] gotBytes = text.substring(start, end).getBytes(StandardCharsets.UTF_8);
        int gotOffset = utf8Length(text.substring(0, start));
        boolean ok = Arrays.equals(expected, gotBytes) && (expected.length == 0 ? start == 0 && end == 0
                : gotOffset == part[0]);
        if (ok) return null;
        return name + ": expected bytes [" + part[0] + "," + part[1] + ") \""
                + new String(expected, StandardCharsets.UTF_8) + "\", got chars [" + start + "," + end + ") \""
                + text.substring(start, end) + "\" at byte " + gotOffset;
    }

    /** One check: label and format against the vector. */
    private static void checkVector(Formatter f, Vector v) {
        Label l;
        String formatted;
        try {
            l = f.label(v.t, v.now);
            formatted = f.format(v.t, v.now);
        } catch (RuntimeException e) {
            fail(v.where, "threw " + e);
            return;
        }
        List<String> problems = new ArrayList<>();
        if (!l.text().equals(v.text)) problems.add("text: expected \"" + v.text + "\", got \"" + l.text() + "\"");
        if (!formatted.equals(l.text())) problems.add("format \"" + formatted + "\" != label \"" + l.text() + "\"");
        Long next = l.nextChange() == null ? null : l.nextChange().toEpochMilli();
        if (next == null ? v.next != null : !next.equals(v.next)) {
            problems.add("next_change: expected " + v.next + ", got " + next);
        }
        byte[] want = v.text.getBytes(StandardCharsets.UTF_8);
        try {
            String p = partMismatch("day_part", want, v.day, l, l.dayStart(), l.dayEnd());
            if (p != null) problems.add(p);
            p = partMismatch("time_part", want, v.time, l, l.timeStart(), l.timeEnd());
            if (p != null) problems.add(p);
        } catch (RuntimeException e) {
            problems.add("parts: " + e);
        }
        if (l.expired() != v.expired) problems.add("expired: expected " + v.expired + ", got " + l.expired());
        check(problems.isEmpty(), v.where, String.join("; ", problems));
    }

    /** One check per group of identical options and now: formatMany equals the labels, earliest next change. */
    private static void checkGroup(List<Vector> g) {
        Vector first = g.get(0);
        String what = first.where + " formatMany group of " + g.size();
        Formatter f = formatter(first);
        try {
            long[] ts = g.stream().mapToLong(Vector::t).toArray();
            List<String> want = new ArrayList<>();
            Long earliest = null;
            for (Vector v : g) {
                Label l = f.label(v.t, v.now);
                want.add(l.text());
                var n = l.nextChange();
                if (n != null && (earliest == null || n.toEpochMilli() < earliest)) earliest = n.toEpochMilli();
            }
            Batch b = f.formatMany(ts, first.now);
            Long next = b.nextChange() == null ? null : b.nextChange().toEpochMilli();
            check(b.texts().equals(want) && (next == null ? earliest == null : next.equals(earliest)), what,
                    "expected " + want + " next " + earliest + ", got " + b.texts() + " next " + next);
        } catch (RuntimeException e) {
            fail(what, "threw " + e);
        }
    }
}
