//! Finds libfeeddate.so.1 for the linker: FEEDDATE_LIB_DIR (and
//! FEEDDATE_INCLUDE_DIR) first, then pkg-config's feeddate.pc.
use std::env;
use std::fs;
use std::path::Path;
use std::process::Command;

fn main() {
    for var in ["FEEDDATE_LIB_DIR", "FEEDDATE_INCLUDE_DIR", "PKG_CONFIG_PATH"] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    let include = if let Ok(dir) = env::var("FEEDDATE_LIB_DIR") {
        println!("cargo:rustc-link-search=native={dir}");
        println!("cargo:rustc-link-lib=dylib=feeddate");
        // This package's own tests, examples and benches run against that
        // directory without LD_LIBRARY_PATH (dependents are not affected).
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
        env::var("FEEDDATE_INCLUDE_DIR").ok()
    } else {
        let libs = pkg_config(&["--libs", "feeddate"]).unwrap_or_else(|why| {
            panic!(
                "feeddate: cannot find libfeeddate: {why}.\n  Install libfeeddate-dev (feeddate.pc), \
                 point PKG_CONFIG_PATH at a feeddate.pc, or set FEEDDATE_LIB_DIR to the directory \
                 of libfeeddate.so (e.g. build/lib of the source tree)."
            )
        });
        for flag in libs.split_whitespace() {
            if let Some(dir) = flag.strip_prefix("-L") {
                println!("cargo:rustc-link-search=native={dir}");
            } else if let Some(lib) = flag.strip_prefix("-l") {
                println!("cargo:rustc-link-lib=dylib={lib}");
            }
        }
        env::var("FEEDDATE_INCLUDE_DIR")
            .ok()
            .or_else(|| pkg_config(&["--variable=includedir", "feeddate"]).ok())
    };
    // The header, when found, must be of the ABI this crate declares (major 1).
    if let Some(dir) = include {
        let header = Path::new(dir.trim()).join("feeddate.h");
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
            println!("cargo:include={}", dir.trim());
        }
    }
}

fn pkg_config(args: &[&str]) -> Result<String, String> {
    let pc = env::var("PKG_CONFIG").unwrap_or_else(|_| "pkg-config".into());
    let out = Command::new(&pc)
        .args(args)
        .output()
        .map_err(|e| format!("cannot run {pc}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{pc} {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}
