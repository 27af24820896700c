// The fork gate (CForkGate, forkgate.h) seen from Swift: the one kind of
// lock the library takes, which holds the gate while it is held, so that
// fork() never finds a lock of the library taken.
import CForkGate
import Synchronization

/// A Mutex that is taken only inside the fork gate. A Swift Mutex held at
/// fork() stays held in the child by a thread that does not exist there
/// (acquiring it then fails outright: the PI futex's owner is gone), and it
/// cannot be reset safely; so instead fork() waits until no thread holds
/// one. Every lock of the library is one of these.
struct GatedMutex<Value: ~Copyable>: ~Copyable, Sendable {
    private let mutex: Mutex<Value>

    init(_ value: consuming sending Value) { mutex = Mutex(value) }

    /// Mutex.withLock, inside the gate.
    @inline(__always)
    borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        fdgate_enter()
        defer { fdgate_leave() }
        return try mutex.withLock(body)
    }
}

/// Entering the gate without waiting, for the writers of a Seqlock: a
/// writer that stopped halfway at fork() would leave its sequence number
/// odd in the child forever, and the cache it guards unusable there.
enum ForkGate {
    /// Whether the calling thread entered (then `leave` after); false while
    /// a fork waits or runs.
    @inline(__always)
    static func tryEnter() -> Bool { fdgate_try_enter() != 0 }

    @inline(__always)
    static func leave() { fdgate_leave() }
}
