// The vector files a Swift suite runs (SPEC section 10), chosen in this one
// place for Tests/FeedDateTests and Tests/FeedDateFoundationTests.
import Foundation

public enum VectorFiles {
    /// Tests/vectors of this checkout.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("vectors")

    /// The files the variable `env` names (":"-separated) when it is set;
    /// else every .jsonl of Tests/vectors/`sub`, each taken from
    /// Tests/vectors/icu<major>/`sub` instead, for the ICU the library runs
    /// on, where that folder has a file of the name, plus any file only that
    /// folder has. Sorted by name; empty when neither folder has a file.
    public static func files(_ sub: String = "", env: String = "FEEDDATE_VECTORS", icuVersion: String) -> [URL] {
        if let named = ProcessInfo.processInfo.environment[env], !named.isEmpty {
            return named.split(separator: ":").map { URL(fileURLWithPath: String($0)) }
        }
        let major = icuVersion.split(separator: ".").first.map(String.init) ?? ""
        let own = root.appendingPathComponent("icu\(major)")
        var byName: [String: URL] = [:]
        for dir in [root, own].map({ sub.isEmpty ? $0 : $0.appendingPathComponent(sub) }) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            for name in names where name.hasSuffix(".jsonl") { byName[name] = dir.appendingPathComponent(name) }
        }
        return byName.keys.sorted().map { byName[$0]! }
    }
}
