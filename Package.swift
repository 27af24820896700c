// swift-tools-version:5.9
// feeddate: the rules in Swift (FeedDate), ICU behind a thin C target (CICU),
// the C ABI of include/feeddate.h exported from `feeddate` as libfeeddate.so,
// and FeedDateFoundation: the same rules with Foundation's Date, Locale,
// TimeZone and DiscreteFormatStyle (SPEC section 12).
import PackageDescription

let package = Package(
    name: "feeddate",
    products: [
        .library(name: "feeddate", type: .dynamic, targets: ["feeddate"]),
        .library(name: "FeedDate", targets: ["FeedDate"]),
        .library(name: "FeedDateFoundation", targets: ["FeedDateFoundation"]),
    ],
    targets: [
        // The fork gate: every path that takes a library lock or calls ICU is
        // inside it, and fork() waits until no thread is (forkgate.h).
        .target(name: "CForkGate"),
        // What the zone layer needs from the system beyond Glibc's Swift
        // overlay: opening a file below a folder without following links
        // out of it (openat2, csystem.h).
        .target(name: "CSystem"),
        // The only code that includes ICU headers: stable wrappers over ICU's
        // versioned symbols (udat_open_72, ...).
        .target(name: "CICU", dependencies: ["CForkGate"], linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        // include/feeddate.h exposed to Swift, so the exports take the C types.
        // It also keeps fd_last_error's thread-local message (abi.c).
        .target(name: "CFeedDateABI"),
        // The rules and the public Swift API: stdlib, Glibc and ICU only.
        .target(name: "FeedDate", dependencies: ["CICU", "CForkGate", "CSystem"]),
        // The @_cdecl exports and nothing else.
        .target(name: "feeddate", dependencies: ["FeedDate", "CFeedDateABI"]),
        // Swift's own types over the same rules (SPEC section 12): Date in
        // and out, Locale and TimeZone, Codable, and a DiscreteFormatStyle.
        // The only target that imports Foundation; FeedDate and feeddate never do.
        .target(name: "FeedDateFoundation", dependencies: ["FeedDate"]),
        // Which vector files the two test targets run (SPEC section 10).
        .target(name: "VectorFiles", path: "Tests/VectorFiles"),
        .testTarget(name: "FeedDateTests", dependencies: ["FeedDate", "CSystem", "VectorFiles"]),
        .testTarget(name: "FeedDateFoundationTests", dependencies: ["FeedDateFoundation", "VectorFiles"]),
    ]
)
