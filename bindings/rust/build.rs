//! Finds libfeeddate.so.1 for the linker: FEEDDATE_LIB_DIR (and
//! FEEDDATE_INCLUDE_DIR) first, then pkg-config's feeddate.pc.
//!
//! - Run path: the directory found gets a run path (`-Wl,-rpath,<libdir>`)
//!   unless it is one the dynamic loader searches anyway (/usr/lib, ...).
//!   Cargo passes `rustc-link-arg` only to this package's own tests,
//!   examples and benches, so the directory is also given to dependents'
//!   build scripts as DEP_FEEDDATE_RPATH (`links = "feeddate"`): a program's
//!   build.rs forwards it in three lines (README.md, "Linking").
//! - Not found: `cargo check`, `cargo doc` and `cargo clippy` never link, so
//!   they must work without the library (docs.rs has none). A build script
//!   cannot tell check from build (same environment, one run for both), so
//!   this one warns (cargo:warning) and links a stand-in `libfeeddate.so`
//!   from OUT_DIR: a linker script whose only input is a file named after the
//!   message, so a real link (`cargo build` of a program, `cargo test`) stops
//!   with "cannot find feeddate: libfeeddate.so.1 was not found ...; install
//!   ...", with GNU ld and with lld alike. Installing libfeeddate-dev (a new
//!   feeddate.pc in pkg-config's directories) or setting a variable below
//!   makes Cargo run this script again.
//! - DOCS_RS set: nothing is linked and nothing is looked for.
use std::env;
use std::fs;
use std::path::{Component, Path, PathBuf};
use std::process::Command;

const ENV_VARS: [&str; 7] = [
    "FEEDDATE_LIB_DIR",
    "FEEDDATE_INCLUDE_DIR",
    "PKG_CONFIG",
    "PKG_CONFIG_PATH",
    "PKG_CONFIG_LIBDIR",
    "PKG_CONFIG_SYSROOT_DIR",
    "DOCS_RS",
];

/// What the linker is given.
#[derive(Default)]
struct Found {
    search: Vec<String>,
    libs: Vec<String>,
    rpath: Vec<String>,
    libdir: String,
    include: Option<String>,
}

fn main() {
    for var in ENV_VARS {
        println!("cargo:rerun-if-env-changed={var}");
    }
    if env::var_os("DOCS_RS").is_some() {
        return; // docs.rs: rustdoc only, never a link
    }
    match find() {
        Ok(found) => link(found),
        Err(why) => not_found(&why),
    }
}

fn find() -> Result<Found, String> {
    let mut found = Found::default();
    if let Some(dir) = env::var("FEEDDATE_LIB_DIR").ok().filter(|d| !d.is_empty()) {
        let path = Path::new(&dir);
        if !path.is_absolute() {
            return Err(format!("FEEDDATE_LIB_DIR={dir} is not an absolute path"));
        }
        if !path.join("libfeeddate.so").exists() {
            return Err(format!("FEEDDATE_LIB_DIR={dir} has no libfeeddate.so"));
        }
        // The tarball's layout (lib/ beside include/) needs no FEEDDATE_INCLUDE_DIR.
        let sibling = path.join("../include");
        found.include = sibling
            .join("feeddate.h")
            .is_file()
            .then(|| sibling.display().to_string());
        found.search.push(dir.clone());
        found.libs.push("feeddate".into());
        found.libdir = dir;
    } else {
        let libs = pkg_config(&["--libs", "feeddate"])?;
        found.libdir = unescape(&pkg_config(&["--variable=libdir", "feeddate"])?);
        found.include = pkg_config(&["--variable=includedir", "feeddate"])
            .ok()
            .map(|d| unescape(&d));
        for flag in words(&libs) {
            let flag = flag.as_str();
            if let Some(dir) = flag.strip_prefix("-L") {
                found.search.push(dir.into());
            } else if let Some(lib) = flag.strip_prefix("-l") {
                found.libs.push(lib.into());
            } else if let Some(dirs) = flag
                .strip_prefix("-Wl,-rpath,")
                .or_else(|| flag.strip_prefix("-Wl,-rpath="))
                .or_else(|| flag.strip_prefix("-Wl,-R"))
            {
                found.rpath.extend(dirs.split([',', ':']).map(String::from));
            }
        }
        if found.libs.is_empty() {
            return Err(format!("pkg-config --libs feeddate gave no -l flag: {}", libs.trim()));
        }
    }
    if let Ok(dir) = env::var("FEEDDATE_INCLUDE_DIR") {
        found.include = Some(dir);
    }
    found.include = found.include.map(|d| d.trim().to_string());
    // The libdir, whether or not the .pc's Libs say -rpath (Debian's do not:
    // /usr/lib/<triplet> is the loader's own; build/pkgconfig's do not
    // either); then each run path tidied, once, none the loader's own.
    found.rpath.push(found.libdir.clone());
    for dir in found.rpath.iter_mut().chain([&mut found.libdir]) {
        *dir = tidy(dir);
    }
    let mut seen = Vec::new();
    found.rpath.retain(|d| {
        let keep = !d.is_empty() && !system_dir(d) && !seen.contains(d);
        seen.push(d.clone());
        keep
    });
    Ok(found)
}

fn link(found: Found) {
    for dir in &found.search {
        println!("cargo:rustc-link-search=native={dir}");
    }
    for lib in &found.libs {
        println!("cargo:rustc-link-lib=dylib={lib}");
    }
    // This package's own tests, examples and benches.
    for dir in &found.rpath {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
    }
    // Dependents' build scripts: DEP_FEEDDATE_LIBDIR, DEP_FEEDDATE_RPATH, DEP_FEEDDATE_INCLUDE.
    println!("cargo:libdir={}", found.libdir);
    if !found.rpath.is_empty() {
        println!("cargo:rpath={}", found.rpath.join(":"));
    }
    // The header, when found, must be of the ABI this crate declares (major 1).
    if let Some(dir) = found.include {
        let header = Path::new(&dir).join("feeddate.h");
        println!("cargo:rerun-if-changed={}", header.display());
        if let Ok(text) = fs::read_to_string(&header) {
            let major = text
                .lines()
                .find_map(|l| l.strip_prefix("#define FD_VERSION_MAJOR "))
                .map(str::trim);
            if major != Some("1") {
                panic!(
                    "feeddate: {} is version {:?} of the API; this crate binds libfeeddate.so.1",
                    header.display(),
                    major
                );
            }
            println!("cargo:include={dir}");
        }
    }
}

/// No library: a warning now, and a link that fails saying what to do.
fn not_found(why: &str) {
    let what = "install libfeeddate-dev (Debian; pkg-config then finds feeddate.pc), \
                or point PKG_CONFIG_PATH at the lib/pkgconfig of the feeddate tarball, \
                or set FEEDDATE_LIB_DIR to the absolute path of the folder holding libfeeddate.so";
    println!(
        "cargo:warning=feeddate: libfeeddate.so.1 not found ({why}). cargo check and cargo doc \
         work without it; linking a program or the tests does not: {what}."
    );
    // A file name of the linker script must hold neither '"' nor a newline.
    let message: String =
        format!("feeddate: libfeeddate.so.1 was not found when the feeddate crate was built ({why}); {what}")
            .chars()
            .map(|c| if c == '"' || c.is_control() { '\'' } else { c })
            .collect();
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("not-found");
    fs::create_dir_all(&out).expect("cannot create OUT_DIR/not-found");
    fs::write(
        out.join("libfeeddate.so"),
        format!("/* feeddate's build.rs: no libfeeddate.so.1 was found. */\nINPUT(\"{message}\")\n"),
    )
    .expect("cannot write OUT_DIR/not-found/libfeeddate.so");
    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rustc-link-lib=dylib=feeddate");
    // A feeddate.pc installed later (apt install libfeeddate-dev) runs this again.
    for dir in pkg_config_dirs() {
        println!("cargo:rerun-if-changed={dir}");
    }
}

/// `<dir>/lib/pkgconfig/../../lib` (the tarball's .pc, from `${pcfiledir}`) as
/// `<dir>/lib`, when both name the same folder (no link that `..` would cross).
fn tidy(dir: &str) -> String {
    let mut out = PathBuf::new();
    for c in Path::new(dir).components() {
        match c {
            Component::ParentDir if matches!(out.components().next_back(), Some(Component::Normal(_))) => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    match (fs::canonicalize(dir), fs::canonicalize(&out)) {
        (Ok(a), Ok(b)) if a == b => out.display().to_string(),
        _ => dir.to_string(),
    }
}

/// Directories the dynamic loader searches without a run path.
fn system_dir(dir: &str) -> bool {
    let dir = dir.trim_end_matches('/');
    if ["/lib", "/lib64", "/usr/lib", "/usr/lib64"].contains(&dir) {
        return true;
    }
    // Debian's multiarch directories: /usr/lib/x86_64-linux-gnu, /lib/aarch64-linux-gnu, ...
    ["/usr/lib/", "/lib/"].iter().any(|p| {
        dir.strip_prefix(p)
            .is_some_and(|t| !t.contains('/') && t.contains("-linux-"))
    })
}

/// The directories pkg-config searches that exist (PKG_CONFIG_LIBDIR or its own
/// pc_path, else Debian's; then PKG_CONFIG_PATH).
fn pkg_config_dirs() -> Vec<String> {
    let listed = pkg_config(&["--variable=pc_path", "pkg-config"]).unwrap_or_else(|_| {
        "/usr/local/lib/x86_64-linux-gnu/pkgconfig:/usr/local/lib/pkgconfig:/usr/local/share/pkgconfig:\
         /usr/lib/x86_64-linux-gnu/pkgconfig:/usr/lib/pkgconfig:/usr/share/pkgconfig"
            .into()
    });
    let libdir = env::var("PKG_CONFIG_LIBDIR").ok();
    let extra = env::var("PKG_CONFIG_PATH").unwrap_or_default();
    libdir
        .as_deref()
        .unwrap_or(listed.trim())
        .split(':')
        .chain(extra.split(':'))
        .filter(|d| !d.is_empty() && Path::new(d).is_dir())
        .map(String::from)
        .collect()
}

/// pkg-config's output split as it quotes it: words separated by white space,
/// a backslash keeping the next character (a folder with a space in its path
/// comes out as `/my\ projects/lib`, which `split_whitespace` would cut).
fn words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => word.get_or_insert_with(String::new).extend(chars.next()),
            c if c.is_whitespace() => out.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    out.extend(word);
    out
}

/// One value of `pkg-config --variable`, its escapes removed.
fn unescape(s: &str) -> String {
    words(s).join(" ")
}

fn pkg_config(args: &[&str]) -> Result<String, String> {
    let pc = env::var("PKG_CONFIG").unwrap_or_else(|_| "pkg-config".into());
    let out = Command::new(&pc)
        .args(args)
        .output()
        .map_err(|e| format!("cannot run {pc}: {e}"))?;
    if !out.status.success() {
        // pkg-config's first line says it ("Package feeddate was not found in the pkg-config search path.")
        let err = String::from_utf8_lossy(&out.stderr);
        return Err(format!(
            "{pc} {}: {}",
            args.join(" "),
            err.lines().next().unwrap_or("failed").trim()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}
