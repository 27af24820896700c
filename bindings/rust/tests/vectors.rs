//! Every golden vector through Formatter::label and format, then each group of
//! vectors with the same options and now through one format_many, and again
//! two labels per library call (format_many's chunks).
//! Files: common::vector_files (FEEDDATE_VECTORS, else every file of
//! Tests/vectors, SPEC 10 and 13).

use std::collections::HashMap;

use feeddate::{Formatter, Options};

mod common;
use common::{
    boolean, choose_vector_files, field, int, options, part, string, vector_files, vector_root, Json, Reader,
};

#[test]
fn json_reader() {
    let v =
        Reader::parse(r#"{"a": [1, -2, null], "b": "x\u00e9\ud83d\ude00\"", "c": {"d": true, "e": false}}"#).unwrap();
    let Json::Object(m) = v else { panic!() };
    assert_eq!(m["a"], Json::Array(vec![Json::Int(1), Json::Int(-2), Json::Null]));
    assert_eq!(m["b"], Json::Str("xé😀\"".into()));
    assert!(Reader::parse("{\"a\": 1.5}").is_err());
    assert!(Reader::parse("[1, 2").is_err());
}

// One set for every host since 1.3 (SPEC 13): every .jsonl of Tests/vectors,
// sorted by name, unless FEEDDATE_VECTORS names the files.
#[test]
fn vector_files_are_tests_vectors_or_the_variable() {
    let root = vector_root();
    let mut want: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    want.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
    assert!(want.iter().any(|p| p.ends_with("core.jsonl")));
    assert_eq!(choose_vector_files("", "FEEDDATE_VECTORS", None), want);
    assert_eq!(choose_vector_files("", "FEEDDATE_VECTORS", Some("")), want);
    let per_icu: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir() && p.file_name().unwrap().to_string_lossy().starts_with("icu"))
        .collect();
    assert!(per_icu.is_empty(), "per-ICU folders are gone since 1.3: {per_icu:?}");
    assert_eq!(
        choose_vector_files("", "FEEDDATE_VECTORS", Some("/x/b.jsonl::a.jsonl")),
        [std::path::PathBuf::from("/x/b.jsonl"), "a.jsonl".into()]
    );
}

// ---- the vectors ----

struct Vector {
    place: String,
    options_key: String,
    options: Options,
    t_ms: i64,
    now_ms: i64,
    text: String,
    next_change_ms: Option<i64>,
    day_part: (usize, usize),
    time_part: (usize, usize),
    expired: bool,
}

fn vector(line: &str, place: String) -> Result<Vector, String> {
    let Json::Object(m) = Reader::parse(line)? else {
        return Err("not an object".into());
    };
    let o = options(&m)?;
    let note = m.get("note").map(string).transpose()?.unwrap_or_default();
    Ok(Vector {
        place: format!("{place} ({note})"),
        options_key: format!("{o:?}"),
        options: o,
        t_ms: int(field(&m, "t_ms")?)?,
        now_ms: int(field(&m, "now_ms")?)?,
        text: string(field(&m, "text")?)?,
        next_change_ms: match field(&m, "next_change_ms")? {
            Json::Null => None,
            j => Some(int(j)?),
        },
        day_part: part(field(&m, "day_part")?)?,
        time_part: part(field(&m, "time_part")?)?,
        expired: boolean(field(&m, "expired")?)?,
    })
}

#[test]
fn vectors() {
    let mut vectors = Vec::new();
    for file in vector_files("", "FEEDDATE_VECTORS") {
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let place = format!("{}:{}", file.display(), i + 1);
            vectors.push(vector(line, place.clone()).unwrap_or_else(|e| panic!("{place}: {e}")));
        }
    }
    assert!(!vectors.is_empty(), "no vectors");

    let mut formatters: HashMap<String, Formatter> = HashMap::new();
    let mut groups: Vec<(String, i64, Vec<usize>)> = Vec::new();
    let mut group_of: HashMap<(String, i64), usize> = HashMap::new();
    let mut failures = Vec::new();
    let mut passed = 0;
    for (i, v) in vectors.iter().enumerate() {
        if !formatters.contains_key(&v.options_key) {
            match Formatter::new(&v.options) {
                Ok(f) => formatters.insert(v.options_key.clone(), f),
                Err(e) => {
                    failures.push(format!("{}: new: {e}", v.place));
                    continue;
                }
            };
        }
        let f = &formatters[&v.options_key];
        let l = match f.label(v.t_ms, v.now_ms) {
            Ok(l) => l,
            Err(e) => {
                failures.push(format!("{}: label: {e}", v.place));
                continue;
            }
        };
        let before = failures.len();
        let mut check = |what: &str, got: String, want: String| {
            if got != want {
                failures.push(format!("{}: {what} = {got:?}, want {want:?}", v.place));
            }
        };
        check("text", l.text.clone(), v.text.clone());
        check(
            "next change",
            format!("{:?}", l.next_change_ms),
            format!("{:?}", v.next_change_ms),
        );
        // Only the bytes a part covers are significant.
        let bytes = |p: (usize, usize)| v.text.get(p.0..p.1).unwrap_or("<bad part>").to_string();
        check("day part", l.day_text().into(), bytes(v.day_part));
        check("time part", l.time_text().into(), bytes(v.time_part));
        check("expired", l.expired.to_string(), v.expired.to_string());
        check(
            "format",
            format!("{:?}", f.format(v.t_ms, v.now_ms)),
            format!("{:?}", Ok::<_, feeddate::Error>(v.text.clone())),
        );
        if failures.len() == before {
            passed += 1;
        }
        let key = (v.options_key.clone(), v.now_ms);
        let g = *group_of.entry(key).or_insert_with(|| {
            groups.push((v.options_key.clone(), v.now_ms, Vec::new()));
            groups.len() - 1
        });
        groups[g].2.push(i);
    }
    let mut groups_passed = 0;
    for (key, now, members) in &groups {
        let ts: Vec<i64> = members.iter().map(|&i| vectors[i].t_ms).collect();
        let earliest = members.iter().filter_map(|&i| vectors[i].next_change_ms).min();
        match formatters[key].format_many(&ts, *now) {
            Err(e) => failures.push(format!("format_many {key} now={now}: {e}")),
            Ok((labels, next)) => {
                let texts: Vec<&str> = members.iter().map(|&i| vectors[i].text.as_str()).collect();
                if labels != texts || next != earliest {
                    failures.push(format!(
                        "format_many {key} now={now}: {labels:?} {next:?}, want {texts:?} {earliest:?}"
                    ));
                } else {
                    groups_passed += 1;
                }
            }
        }
        // The same group two labels per library call: the same labels and
        // earliest change as in one call.
        match formatters[key].format_many_in_chunks(&ts, *now, 2) {
            Err(e) => failures.push(format!("format_many in chunks of 2 {key} now={now}: {e}")),
            Ok(got) => {
                let texts: Vec<String> = members.iter().map(|&i| vectors[i].text.clone()).collect();
                if got != (texts, earliest) {
                    failures.push(format!("format_many in chunks of 2 {key} now={now}: {got:?}"));
                }
            }
        }
    }
    println!(
        "{passed} of {} vectors passed, {groups_passed} of {} format_many groups ({}, {} formatters)",
        vectors.len(),
        groups.len(),
        feeddate::data_version(),
        formatters.len()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
