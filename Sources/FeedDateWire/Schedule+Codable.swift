// Decodable and Encodable of the wire object (SPEC section 12, "Swift,
// 1.3"): a schedule inside a larger response (`struct Post: Decodable {
// let schedule: FeedDateSchedule }`) is read by any decoder with the
// reader's rules. An encoder writes the same object, but its bytes are the
// encoder's (JSONEncoder may escape "/" or order keys): the exact wire
// bytes are `json`.

extension FeedDateSchedule: Codable {
    private enum CodingKeys: String, CodingKey { case v, now, labels, until }

    /// Reads `{"v":1,"now":N,"labels":[[text,d0],…],"until":U}` and checks
    /// section 11's rules as `init(json:)` does (unknown keys are passed
    /// over, as a Decodable type does; `init(json:)` refuses them, and the
    /// decoder decides about numbers like `1.0`); a wire that breaks them is
    /// `DecodingError.dataCorrupted` whose underlying error is the
    /// `FeedDateWireError` saying what was wrong.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let v = try c.decode(Int64.self, forKey: .v)
        guard v == 1 else { throw Self.corrupt(FeedDateWireError("v is \(v), not 1"), c.codingPath + [CodingKeys.v]) }
        let now = try c.decode(Int64.self, forKey: .now)
        var list = try c.nestedUnkeyedContainer(forKey: .labels)
        var labels: [(text: String, d: Int64)] = []
        while !list.isAtEnd {
            var pair = try list.nestedUnkeyedContainer()
            let text = try pair.decode(String.self)
            let d = try pair.decode(Int64.self)
            guard pair.isAtEnd else {
                throw Self.corrupt(
                    FeedDateWireError("labels[\(labels.count)] has more than [text, d]"), pair.codingPath)
            }
            labels.append((text, d))
        }
        guard c.contains(.until) else {
            throw Self.corrupt(FeedDateWireError("until is missing (null when the schedule is complete)"), c.codingPath)
        }
        let until = try c.decodeNil(forKey: .until) ? nil : try c.decode(Int64.self, forKey: .until)
        do {
            self = try Self.validated(now: now, labels: labels, until: until)
        } catch {
            throw Self.corrupt(error, c.codingPath)
        }
    }

    private static func corrupt(_ error: FeedDateWireError, _ path: [any CodingKey]) -> DecodingError {
        .dataCorrupted(.init(codingPath: path, debugDescription: error.description, underlyingError: error))
    }

    /// Writes the wire object: `v`, `now`, `labels` as [text, d] pairs,
    /// `until` (null when complete).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(1 as Int64, forKey: .v)
        try c.encode(nowMs, forKey: .now)
        var list = c.nestedUnkeyedContainer(forKey: .labels)
        var previous = nowMs
        for entry in entries {
            var pair = list.nestedUnkeyedContainer()
            try pair.encode(entry.text)
            try pair.encode(entry.fromMs &- previous)
            previous = entry.fromMs
        }
        if let untilMs { try c.encode(untilMs, forKey: .until) } else { try c.encodeNil(forKey: .until) }
    }
}
