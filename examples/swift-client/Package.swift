// swift-tools-version:5.9
// An app's side of feeddate (SPEC 12, "Swift, 1.3"): a package of its own
// that depends on the product FeedDateClient alone, as an iOS or Linux app
// would, so that no ICU and none of the rules are built into it (`make
// example-swift` checks that the build graph has neither FeedDate nor CICU
// and that `ldd` of the binary names no ICU). From a release, the same
// dependency with `url:` and `from:`.
import PackageDescription

let package = Package(
    name: "FeedClient",
    dependencies: [
        .package(name: "feeddate", path: "../..")
    ],
    targets: [
        .executableTarget(name: "FeedClient", dependencies: [.product(name: "FeedDateClient", package: "feeddate")])
    ]
)
