// swift-tools-version:5.9
// A Swift program that uses feeddate as a user's package would: a package of
// its own, depending on this checkout by path (from a release, the same line
// with `url:` and `from:`). `swift run` here prints a feed.
import PackageDescription

let package = Package(
    name: "FeedDemo",
    dependencies: [
        .package(name: "feeddate", path: "../..")
    ],
    targets: [
        .executableTarget(name: "FeedDemo", dependencies: [.product(name: "FeedDateFoundation", package: "feeddate")]),
        // README.md's Swift snippet, byte for byte (make example-swift
        // checks they are equal, builds and runs it): it compiles as written.
        .executableTarget(
            name: "ReadmeSnippet", dependencies: [.product(name: "FeedDateFoundation", package: "feeddate")]),
    ]
)
