// Errors in Foundation's terms (SPEC 12, 1.3): the library's message
// (fd_last_error's) is the description an app shows or logs, not "The
// operation could not be completed".
import Foundation
import FeedDate

extension FeedDateError: LocalizedError {
    /// What was wrong and what would be valid: `description`, the message
    /// `fd_last_error` gives in C.
    public var errorDescription: String? { description }
}
