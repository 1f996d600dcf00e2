import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The data folder's lock: one server at a time writes a folder. Held with `flock` on
/// `DIR/lock` for the life of the process (the kernel lets it go when the process dies, even
/// by `kill -9`), which says who holds it, so a second server is refused with the holder named.
final class DataFolderLock {
    private let descriptor: Int32

    /// Takes the lock of `folder`, or throws naming who holds it.
    init(folder: URL) throws(StoreError) {
        let path = folder.appendingPathComponent("lock").path
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw StoreError("cannot open \(path): \(String(cString: strerror(errno)))")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let holder = Self.read(fd).trimmingCharacters(in: .whitespacesAndNewlines)
            close(fd)
            throw StoreError(
                "the data folder \(folder.path) is held by another server (\(holder.isEmpty ? "unknown" : holder)); "
                    + "give each server a folder of its own")
        }
        descriptor = fd
        let host = ProcessInfo.processInfo.hostName
        let holder = "newtons pid \(getpid()) on \(host), since \(Date())\n"
        _ = ftruncate(fd, 0)
        _ = holder.withCString { pwrite(fd, $0, strlen($0), 0) }
    }

    deinit {
        close(descriptor)
    }

    private static func read(_ fd: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = pread(fd, &buffer, buffer.count, 0)
        return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : ""
    }
}

/// Why the store cannot do something: the message is what the log and the user read.
public struct StoreError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
