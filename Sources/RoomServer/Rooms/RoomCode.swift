import Crypto

/// Class-room codes and instructor keys.
public enum RoomCode {
    /// Letters and digits that cannot be mistaken for one another: no 0/O, 1/I/L.
    public static let alphabet: [Character] = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
    public static let length = 6

    /// A fresh code of `length` characters from `alphabet`.
    public static func make(using random: inout some RandomNumberGenerator) -> String {
        String((0..<length).map { _ in alphabet[Int(random.next(upperBound: UInt32(alphabet.count)))] })
    }

    /// The code a user typed, in canonical form (upper case), or nil when it cannot be a code.
    public static func normalize(_ text: String) -> String? {
        let upper = text.uppercased()
        guard upper.count == length, upper.allSatisfy({ alphabet.contains($0) }) else { return nil }
        return upper
    }

    /// A secret instructor key: 128 random bits as 32 hex digits.
    public static func makeKey(using random: inout some RandomNumberGenerator) -> String {
        let hex = Array("0123456789abcdef")
        var text = ""
        for _ in 0..<2 {
            var word = random.next() as UInt64
            for _ in 0..<16 {
                text.append(hex[Int(word & 0xF)])
                word >>= 4
            }
        }
        return text
    }

    /// Compares two keys in time that depends only on their lengths, not on where they differ.
    public static func keysMatch(_ given: String, _ expected: String) -> Bool {
        let a = Array(given.utf8)
        let b = Array(expected.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for index in 0..<b.count {
            difference |= (index < a.count ? a[index] : 0) ^ b[index]
        }
        return difference == 0
    }

    /// SHA-256 of a key, hex: what the store keeps instead of the key.
    public static func keyHash(_ key: String) -> String {
        let hex = Array("0123456789abcdef")
        return String(SHA256.hash(data: Array(key.utf8)).flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 0xF)]] })
    }
}
