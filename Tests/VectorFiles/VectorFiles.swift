// The vector files a Swift suite runs (SPEC section 10), chosen in this one
// place for Tests/FeedDateTests and Tests/FeedDateFoundationTests.
import Foundation

public enum VectorFiles {
    /// Tests/vectors of this checkout.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("vectors")

    /// The files the variable `env` names (":"-separated) when it is set;
    /// else every .jsonl of Tests/vectors/`sub`, sorted by name. One set for
    /// every host since 1.3 (SPEC section 13): no choice by ICU version.
    public static func files(_ sub: String = "", env: String = "FEEDDATE_VECTORS") -> [URL] {
        if let named = ProcessInfo.processInfo.environment[env], !named.isEmpty {
            return named.split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        }
        let dir = sub.isEmpty ? root : root.appendingPathComponent(sub)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.sorted().map { dir.appendingPathComponent($0) }
    }
}
