// The one cache of formatters behind FeedDateFormatStyle: a style is a small
// value made and copied freely (SwiftUI makes one per view update), while a
// formatter opens ICU data. Formatters are immutable and safe to share
// between threads, so every style with the same options shares one.
import Synchronization

/// Formatters by their options, made on first use and shared by every
/// `FeedDateFormatStyle` (and every thread) that asks with the same options.
///
/// Options that cannot make a formatter are kept too, with their error, so
/// that a style built from them formats as "" without trying again at every
/// call; a failure for want of memory is not kept. At most `limit` options
/// are kept: when one more is asked for, the cache is emptied first (styles
/// that hold a formatter keep it; a program rarely uses more than a handful
/// of options at once).
final class FormatterCache: Sendable {
    /// The cache every style uses.
    static let shared = FormatterCache()

    /// How many options are kept at most.
    static let limit = 64

    private let entries = Mutex<[FeedDateOptions: Result<FeedDateFormatter, FeedDateError>]>([:])

    /// The formatter of `options`, or why there is none. A formatter is made
    /// outside the lock (two threads may make one each the first time; one
    /// of them is kept).
    func formatter(_ options: FeedDateOptions) -> Result<FeedDateFormatter, FeedDateError> {
        if let known = entries.withLock({ $0[options] }) { return known }
        let made: Result<FeedDateFormatter, FeedDateError>
        do throws(FeedDateError) { made = .success(try FeedDateFormatter(options)) } catch { made = .failure(error) }
        if case .failure(.memory) = made { return made }
        return entries.withLock { table in
            if let known = table[options] { return known }
            if table.count >= Self.limit { table.removeAll() }
            table[options] = made
            return made
        }
    }

    /// How many options are kept now (for tests).
    var count: Int { entries.withLock { $0.count } }
}
