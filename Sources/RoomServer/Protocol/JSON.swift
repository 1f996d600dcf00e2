// A small, strict JSON reader and writer for the wire protocol.
//
// Why not JSONSerialization: it cannot tell `true` from `1` on Linux (both arrive as
// NSNumber), it allocates a Foundation object per value, and it refuses the `NaN` and
// `Infinity` literals that Python's json module writes by default. A client that sends
// `{"type":"tap","x":NaN}` must get `bad-value` (a number that is not finite), not
// `bad-message`, so the reader accepts those three literals as numbers and validation
// refuses them later.

/// A parsed JSON value. Objects keep their keys in order; a repeated key keeps its last value.
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value of `key` when this is an object.
    package subscript(key: String) -> JSONValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }
}

/// Why a text could not be read as JSON.
package struct JSONSyntaxError: Error, Equatable, Sendable {
    package var offset: Int
    package var reason: String
}

/// Reads one JSON value from UTF-8 bytes: the whole input, at most `maxDepth` levels deep.
package struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0
    private let maxDepth: Int

    package static func parse(_ bytes: [UInt8], maxDepth: Int = 16) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(bytes: bytes, maxDepth: maxDepth)
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.index == bytes.count else { throw reader.error("text after the value") }
        return value
    }

    private init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    private func error(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: index, reason: reason)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func readValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= maxDepth else { throw error("nested deeper than \(maxDepth) levels") }
        guard index < bytes.count else { throw error("unexpected end") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try readObject(depth: depth)
        case UInt8(ascii: "["): return try readArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try readLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try readLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try readLiteral("null"); return .null
        case UInt8(ascii: "N"): try readLiteral("NaN"); return .number(.nan)
        case UInt8(ascii: "I"): try readLiteral("Infinity"); return .number(.infinity)
        default: return .number(try readNumber())
        }
    }

    private mutating func readLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error("unexpected end") }
        let matches = word.withUTF8Buffer { literal in
            for offset in 0..<count where bytes[index + offset] != literal[offset] { return false }
            return true
        }
        guard matches else { throw error("unknown literal") }
        index += count
    }

    private mutating func readObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var fields: [String: JSONValue] = [:]
        if skipWhitespace(thenConsume: UInt8(ascii: "}")) { return .object(fields) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key") }
            let key = try readString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            fields[key] = try readValue(depth: depth + 1)
            if try readSeparator(closing: UInt8(ascii: "}")) { return .object(fields) }
        }
    }

    private mutating func readArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var values: [JSONValue] = []
        if skipWhitespace(thenConsume: UInt8(ascii: "]")) { return .array(values) }
        while true {
            skipWhitespace()
            values.append(try readValue(depth: depth + 1))
            if try readSeparator(closing: UInt8(ascii: "]")) { return .array(values) }
        }
    }

    /// Skips white space; then, if `byte` is next, consumes it and says so.
    private mutating func skipWhitespace(thenConsume byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// After an object's member or an array's element: consumes the ',' (false: another
    /// follows) or the `closing` bracket (true: the container ends); anything else is an error.
    private mutating func readSeparator(closing: UInt8) throws(JSONSyntaxError) -> Bool {
        if skipWhitespace(thenConsume: UInt8(ascii: ",")) { return false }
        guard index < bytes.count else { throw error("unexpected end") }
        guard bytes[index] == closing else { throw error("expected ',' or '\(Character(Unicode.Scalar(closing)))'") }
        index += 1
        return true
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("bad \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func readString() throws(JSONSyntaxError) -> String {
        index += 1  // opening quote
        var runStart = index
        var out: [UInt8] = []
        var usesSlowPath = false
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let c = bytes[index]
            if c == UInt8(ascii: "\"") {
                if !usesSlowPath {
                    let text = String(decoding: bytes[runStart..<index], as: UTF8.self)
                    index += 1
                    return text
                }
                out.append(contentsOf: bytes[runStart..<index])
                index += 1
                return String(decoding: out, as: UTF8.self)
            }
            if c < 0x20 { throw error("control character in string") }
            if c != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            usesSlowPath = true
            out.append(contentsOf: bytes[runStart..<index])
            index += 1
            guard index < bytes.count else { throw error("unterminated escape") }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var code = try readHex4()
                if (0xD800...0xDBFF).contains(code) {
                    // A surrogate pair; a lone half becomes U+FFFD.
                    if index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try readHex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            code = 0xFFFD
                        }
                    } else {
                        code = 0xFFFD
                    }
                } else if (0xDC00...0xDFFF).contains(code) {
                    code = 0xFFFD
                }
                let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                throw error("unknown escape")
            }
            runStart = index
        }
    }

    /// Skips a run of decimal digits and says how many there were.
    private mutating func skipDigits() -> Int {
        let first = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - first
    }

    private mutating func readNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "I") {
                try readLiteral("Infinity")
                return -.infinity
            }
        }
        guard skipDigits() > 0 else { throw error("not a value") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() > 0 else { throw error("digits expected after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard skipDigits() > 0 else { throw error("digits expected in exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        // Double(_:) turns an overflowing literal such as 1e999 into infinity, which
        // validation then refuses as a number that is not finite.
        guard let value = Double(text) else { throw error("not a number") }
        return value
    }
}

/// Appends JSON text to a byte buffer. Numbers must be finite: a non-finite number is a bug
/// in the server, and is written as 0 rather than as invalid JSON.
package struct JSONWriter {
    package private(set) var bytes: [UInt8] = []

    package init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    package mutating func string(_ text: String) {
        var text = text
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8 { utf8 in
            // Runs that need no escape are copied whole: most text has none.
            var runStart = 0
            for (index, unit) in utf8.enumerated() where unit < 0x20 || unit == 0x7F || unit == UInt8(ascii: "\"") || unit == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                runStart = index + 1
                escape(unit)
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ unit: UInt8) {
        switch unit {
        case UInt8(ascii: "\""): raw("\\\"")
        case UInt8(ascii: "\\"): raw("\\\\")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        default:
            let hex: StaticString = "0123456789abcdef"
            raw("\\u00")
            bytes.append(hex.utf8Start[Int(unit >> 4)])
            bytes.append(hex.utf8Start[Int(unit & 0xF)])
        }
    }

    package mutating func number(_ value: Double) {
        guard value.isFinite else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            int(Int(value))
        } else {
            var text = value.description
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }
    }

    /// Writes the digits in place: no string is made for a number.
    package mutating func int(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    package mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    package mutating func null() {
        raw("null")
    }

    /// Writes `"key":` (the caller writes separators).
    package mutating func key(_ name: StaticString) {
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        raw("\":")
    }

    package mutating func comma() {
        bytes.append(UInt8(ascii: ","))
    }

    package mutating func append(_ other: [UInt8]) {
        bytes.append(contentsOf: other)
    }

    /// Writes a JSON value.
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let number): self.number(number)
        case .string(let text): string(text)
        case .array(let values):
            raw("[")
            for (offset, element) in values.enumerated() {
                if offset > 0 { comma() }
                self.value(element)
            }
            raw("]")
        case .object(let fields):
            raw("{")
            for (offset, field) in fields.sorted(by: { $0.key < $1.key }).enumerated() {
                if offset > 0 { comma() }
                string(field.key)
                raw(":")
                self.value(field.value)
            }
            raw("}")
        }
    }
}
