//! The run path of libfeeddate (as program/build.rs), and the compiler's
//! version for the benchmark's "runtime" field.
fn main() {
    if let Ok(dir) = std::env::var("DEP_FEEDDATE_RPATH") {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
    }
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = std::process::Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map_or_else(|| "rustc (unknown version)".into(), |s| s.trim().to_string());
    println!("cargo:rustc-env=PEERS_RUSTC_VERSION={version} x86_64-linux");
}
