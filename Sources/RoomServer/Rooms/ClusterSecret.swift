import Foundation

/// The secret every node of a cluster shares (`--cluster-secret FILE`), read once at start.
/// Refused with a message that says what to do: a missing or unreadable file, an empty one, one
/// that every user of the machine may read, or one too short to sign with.
public enum ClusterSecret {
    public static let minimumBytes = 16

    public static func read(path: String) throws -> [UInt8] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw ServerStartError(description: "--cluster-secret \(path): no such file (make one: openssl rand -hex 32 > \(path); chmod 600 \(path))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw ServerStartError(description: "--cluster-secret \(path): not a regular file")
        }
        guard info.st_mode & S_IROTH == 0 else {
            throw ServerStartError(description: "--cluster-secret \(path): readable by every user of this machine; chmod 600 \(path)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ServerStartError(description: "--cluster-secret \(path): cannot be read by this user")
        }
        // A trailing newline (echo, an editor) is not part of the secret.
        var bytes = Array(data)
        while let last = bytes.last, last == 10 || last == 13 || last == 32 || last == 9 { bytes.removeLast() }
        guard !bytes.isEmpty else {
            throw ServerStartError(description: "--cluster-secret \(path): the file is empty (openssl rand -hex 32 > \(path))")
        }
        guard bytes.count >= minimumBytes else {
            throw ServerStartError(description: "--cluster-secret \(path): at least \(minimumBytes) bytes, for a key no one can guess")
        }
        return bytes
    }
}
