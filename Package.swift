// swift-tools-version:5.9
// feeddate: the rules in Swift (FeedDate), ICU behind a thin C target (CICU),
// the C ABI of include/feeddate.h exported from `FeedDateExports` as the
// product `feeddate`, libfeeddate.so; the schedule and its wire in the
// standard library alone (FeedDateWire), an app's side of it (FeedDateClient),
// and FeedDateFoundation: the same rules with Foundation's Date, Locale,
// TimeZone and DiscreteFormatStyle (SPEC section 12).
import PackageDescription
import Foundation

// The one ICU (SPEC section 13): ICU 78.3, built once per machine by
// `make icu` (tools/icu-build.sh) into $FEEDDATE_ICU_DIR or this checkout's
// .cache/icu-78.3, and linked statically, with its data inside the library
// (tools/icu-data.sh). FEEDDATE_ICU=system links the system's libicu-dev
// instead (`make ICU=system`, for distributions: the labels then follow that
// ICU). FEEDDATE_ICU_DATA=NAME links libfeeddate_icudata_NAME.a instead of the
// trimmed data: "full", all the data ICU's build made (`make icu-data-check`
// compares the two), or a trial of tools/icu-data-search.sh.
let environment = Context.environment
let icuDirectory =
    environment["FEEDDATE_ICU_DIR"].flatMap { $0.isEmpty ? nil : $0 }
    ?? Context.packageDirectory + "/.cache/icu-78.3"
let icuBuilt =
    FileManager.default.fileExists(atPath: icuDirectory + "/stamp")
    && FileManager.default.fileExists(atPath: icuDirectory + "/lib/libfeeddate_icudata.a")
let icuData =
    environment["FEEDDATE_ICU_DATA"].flatMap { $0.isEmpty ? nil : "feeddate_icudata_" + $0 } ?? "feeddate_icudata"
let icuCSettings: [CSetting]
let icuLinkerSettings: [LinkerSetting]
if environment["FEEDDATE_ICU"] == "system" {
    icuCSettings = [.define("FEEDDATE_ICU_SYSTEM")]
    icuLinkerSettings = [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]
} else if icuBuilt {
    // -I before the system's include folders: ICU 78's headers win over a
    // libicu-dev in /usr/include (whose headers would ask for _72 symbols).
    // -L before the system's library folders: only static archives are there.
    icuCSettings = [
        .unsafeFlags(["-I", icuDirectory + "/include"]), .define("U_STATIC_IMPLEMENTATION"),
        .define("U_SHOW_CPLUSPLUS_API", to: "0"),
    ]
    icuLinkerSettings = [
        .unsafeFlags(["-L", icuDirectory + "/lib"]), .linkedLibrary("icui18n"),
        .linkedLibrary("icuuc"), .linkedLibrary(icuData), .linkedLibrary("stdc++"),
        .linkedLibrary("m"),
    ]
} else {
    // cicu.c stops the build with the instruction (#error) before any ICU header.
    icuCSettings = [.define("FEEDDATE_ICU_MISSING", to: "\"" + icuDirectory + "\"")]
    icuLinkerSettings = []
}

let package = Package(
    name: "feeddate",
    products: [
        .library(name: "feeddate", type: .dynamic, targets: ["FeedDateExports"]),
        .library(name: "FeedDate", targets: ["FeedDate"]),
        .library(name: "FeedDateWire", targets: ["FeedDateWire"]),
        .library(name: "FeedDateClient", targets: ["FeedDateClient"]),
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
        // versioned symbols (udat_open_78, ...).
        .target(name: "CICU", dependencies: ["CForkGate"], cSettings: icuCSettings, linkerSettings: icuLinkerSettings),
        // include/feeddate.h exposed to Swift, so the exports take the C types.
        // It also keeps fd_last_error's thread-local message (abi.c).
        .target(name: "CFeedDateABI"),
        // The schedule in milliseconds, its wire reader and writer and the
        // client rule (SPEC 12, 1.3): the standard library only (no
        // Foundation, no C, no ICU), so that an app can have it.
        .target(name: "FeedDateWire"),
        // An app's side of a schedule (SPEC 12, 1.3): Date views, a
        // DiscreteFormatStyle and a SwiftUI TimelineSchedule over
        // FeedDateWire; FoundationEssentials where it exists, no C, no ICU.
        .target(name: "FeedDateClient", dependencies: ["FeedDateWire"]),
        // The rules and the public Swift API: stdlib, Glibc and ICU only (and
        // the header's limits, from CFeedDateABI's fdabi.h).
        .target(name: "FeedDate", dependencies: ["FeedDateWire", "CICU", "CForkGate", "CSystem", "CFeedDateABI"]),
        // The @_cdecl exports and nothing else: the product `feeddate`,
        // libfeeddate.so. Not named `feeddate` since 1.3, so that no two
        // targets differ only by case (FeedDate): they would collide on a
        // case-insensitive file system (SPEC 12, 1.3).
        .target(name: "FeedDateExports", dependencies: ["FeedDate", "CFeedDateABI"]),
        // Swift's own types over the same rules (SPEC section 12): Date in
        // and out, Locale and TimeZone, Codable, and a DiscreteFormatStyle.
        // With FeedDateClient, the only targets that import Foundation; FeedDate,
        // FeedDateWire and FeedDateExports never do.
        .target(name: "FeedDateFoundation", dependencies: ["FeedDate", "FeedDateClient"]),
        // Which vector files the two test targets run (SPEC section 10).
        .target(name: "VectorFiles", path: "Tests/VectorFiles"),
        // A vector line's options and a label vector, for the two test targets of the rules.
        .target(name: "VectorReader", dependencies: ["FeedDate", "VectorFiles"], path: "Tests/VectorReader"),
        // The label sweep's Swift runner (Tests/sweep/README.md): `--product
        // feeddate-sweep`. No product is declared: an executable target is a
        // product of the root package only, so dependents never see it.
        .executableTarget(
            name: "feeddate-sweep", dependencies: ["FeedDate", "CFeedDateABI"], path: "Tests/sweep/swift"),
        .testTarget(name: "FeedDateWireTests", dependencies: ["FeedDateWire", "VectorFiles"]),
        .testTarget(name: "FeedDateClientTests", dependencies: ["FeedDateClient", "VectorFiles"]),
        .testTarget(name: "FeedDateTests", dependencies: ["FeedDate", "CSystem", "VectorFiles", "VectorReader"]),
        .testTarget(
            name: "FeedDateFoundationTests", dependencies: ["FeedDateFoundation", "VectorFiles", "VectorReader"]),
    ]
)
