// The reader's error in Foundation's terms: its message is the description
// an app shows or logs ("malformed schedule: labels[1]: d is 0; …"), not
// "The operation could not be completed".
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension FeedDateWireError: LocalizedError {
    /// "malformed schedule: " and what was wrong.
    public var errorDescription: String? { description }
}
