// The vector files a Swift suite runs (SPEC section 10), chosen in this one
// place for every Swift test target, and their lines as JSON objects.
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

    /// The schedule vectors: FEEDDATE_SCHEDULE_VECTORS when set, else
    /// Tests/vectors/schedule.
    public static func scheduleFiles() -> [URL] {
        files("schedule", env: "FEEDDATE_SCHEDULE_VECTORS")
    }

    /// One line of a vector file.
    public struct Line {
        public let file: URL
        public let object: [String: Any]

        /// "file: note", for a failure message.
        public var place: String { "\(file.lastPathComponent): \(object["note"] as? String ?? "")" }
    }

    /// Every line of `urls`, in order, as a JSON object.
    public static func lines(_ urls: [URL]) throws -> [Line] {
        try urls.flatMap { url in
            try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
                Line(file: url, object: try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any])
            }
        }
    }
}
