import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension Process {
    /// The child's exit status once it has exited (for a child killed by a signal, the signal's
    /// number, as `terminationStatus` gives it), else nil; never blocks. Foundation on Linux
    /// sometimes misses a child's exit, and its `waitUntilExit` then spins for ever (the suite
    /// once sat at 100 % CPU beside a zombie server), so the exit is also seen here with
    /// `waitid(WNOWAIT)`, which leaves the child for Foundation to reap; `since` is when the
    /// caller began waiting: a second after that, a child Foundation has not reaped is reaped here.
    package func exitStatus(waitingSince since: ContinuousClock.Instant) -> Int32? {
        if !isRunning { return terminationStatus }
        guard hasExited else { return nil }
        let pid = processIdentifier
        guard ContinuousClock.now - since > .seconds(1) else { return nil }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return isRunning ? nil : terminationStatus }
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F
    }

    /// Whether the child has exited, reaped or not: the moment it exits, not the moment
    /// Foundation notices (which may be a second later on a busy machine). Never blocks.
    package var hasExited: Bool {
        if !isRunning { return true }
        let pid = processIdentifier
        var info = siginfo_t()
        let seen = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
        return seen == 0 && info._sifields._sigchld.si_pid == pid
    }

    /// Waits (blocking this thread) until the child has exited, at most `timeout`; nil if it
    /// still runs. For short commands; async code polls `exitStatus` between sleeps instead.
    package func waitForExit(timeout: Duration = .seconds(60)) -> Int32? {
        let started = ContinuousClock.now
        while ContinuousClock.now - started < timeout {
            if let status = exitStatus(waitingSince: started) { return status }
            usleep(2000)
        }
        return nil
    }

    /// Ends a child the caller is done with, without waiting for it.
    package func killWithoutWaiting() {
        if isRunning { kill(processIdentifier, SIGKILL) }
    }
}
