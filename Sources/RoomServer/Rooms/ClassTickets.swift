import Crypto
import Foundation

/// Class codes and instructor keys that any node of a cluster can check without a shared store.
///
/// Every node is started with the same secret (`--cluster-secret`). `POST /api/classes` on any
/// node makes a random code and a key that says which lesson the class runs and until when the
/// key may open it, signed with HMAC-SHA256 over the code, the lesson and the expiry. The node
/// that nginx sends `room=CODE` to checks the key at the first `room=CODE&key=KEY` and opens
/// the room there. A node started without a secret makes one of its own: its keys then open
/// rooms on that node only, which is all a single node needs.
public struct ClassTickets: Sendable {
    /// What a key says about a code, once checked.
    public enum Check: Equatable, Sendable {
        case valid(lesson: String)
        /// Not made with this secret for this code (or not a key at all).
        case forged
        /// Made for this code, but too late to open the room with.
        case expired
    }

    private let secret: SymmetricKey
    /// How long a key may open its room, in seconds.
    public let lifetimeSeconds: Int

    public init(secret: [UInt8], lifetimeSeconds: Int = 12 * 3600) {
        self.secret = SymmetricKey(data: secret)
        self.lifetimeSeconds = max(1, lifetimeSeconds)
    }

    /// A node of its own: a random secret no other process knows.
    public static func local(lifetimeSeconds: Int = 12 * 3600) -> ClassTickets {
        ClassTickets(secret: Array(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }), lifetimeSeconds: lifetimeSeconds)
    }

    /// The key for a class of `lesson` with `code`, valid from `now` (Unix seconds) for the lifetime:
    /// `LESSON.EXPIRY.TAG`, the expiry in base 36 and the tag 128 bits of HMAC in URL-safe Base64,
    /// so that it fits the protocol's 64-byte strings for lesson ids up to 31 characters.
    public func key(code: String, lesson: String, now: Int) -> String {
        let expiry = String(now + lifetimeSeconds, radix: 36)
        return "\(lesson).\(expiry).\(tag(code: code, lesson: lesson, expiry: expiry))"
    }

    /// Checks `key` for `code` at `now` (Unix seconds).
    public func check(code: String, key: String, now: Int) -> Check {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[1].count <= 12, let expires = Int(parts[1], radix: 36) else {
            return .forged
        }
        let lesson = String(parts[0])
        let expected = tag(code: code, lesson: lesson, expiry: String(parts[1]))
        guard RoomCode.keysMatch(String(parts[2]), expected) else { return .forged }
        return now <= expires ? .valid(lesson: lesson) : .expired
    }

    private func tag(code: String, lesson: String, expiry: String) -> String {
        let message = Array("newtons-class-v1\n\(code)\n\(lesson)\n\(expiry)".utf8)
        let mac = HMAC<SHA256>.authenticationCode(for: message, using: secret)
        return Data(Array(mac).prefix(16)).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
