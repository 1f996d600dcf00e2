import Foundation

/// Runs blocking work (a `recv` that waits for the server to close, or for its 5 s timeout; a
/// child process run to its end) on a thread of its own. Swift's cooperative pool has one thread
/// per core, two on the CI machine: a test blocking one of them for seconds stalled every test
/// beside it, whose own timeouts then fired (a class room's expiry, the instructor's grace
/// period, SIGTERM's two seconds) although the server had done its part in time.
func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
