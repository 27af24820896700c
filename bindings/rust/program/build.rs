//! The run path of the libfeeddate the feeddate crate was linked with, so
//! that this program runs without LD_LIBRARY_PATH. feeddate's build script
//! gives it to the build scripts of the packages that depend on it as
//! DEP_FEEDDATE_RPATH (unset when the library is in a directory the loader
//! searches anyway, /usr/lib/<triplet>); Cargo passes a dependency's own
//! link arguments to none of its dependents, hence these lines.
fn main() {
    if let Ok(dir) = std::env::var("DEP_FEEDDATE_RPATH") {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
    }
}
