// Why Tests/sanitize/tsan.supp exists: on Linux, ThreadSanitizer does not see
// Swift's Synchronization.Mutex (its lock lives in the uninstrumented
// libswiftSynchronization.so), so correctly locked code is reported as racy.
//
//   swiftc -O -sanitize=thread Tests/sanitize/tsan-mutex-demo.swift -o /tmp/demo && /tmp/demo
//
// prints "WARNING: ThreadSanitizer: Swift access race" (and data races in
// Array internals) although every access below holds the lock.
import Glibc
import Synchronization

final class Box: @unchecked Sendable { let m = Mutex<[Int]>([]) }
let box = Box()
var threads: [pthread_t] = []
for _ in 0..<4 {
    var t = pthread_t()
    pthread_create(
        &t, nil,
        { _ in
            for i in 0..<20000 {
                box.m.withLock {
                    $0.append(i); if $0.count > 100 { $0.removeAll() }
                }
            }
            return nil
        }, nil)
    threads.append(t)
}
for t in threads { pthread_join(t, nil) }
print("done:", box.m.withLock { $0.count }, "elements; every access held the lock")
