/// Writes an `Encodable` value as the protocol's JSON, straight into a `JSONWriter`: keys in
/// the order the type's coding keys declare them, numbers as `JSONWriter` writes them (whole
/// numbers without a fraction, a non-finite one as 0), a nil optional left out (`Nullable`
/// writes it as `null`).
///
/// Why not Foundation's JSONEncoder: it writes `/` as `\/`, throws on a non-finite number, and
/// builds a tree of boxed values before writing; the wire's bytes were fixed before the
/// messages became types (ServerMessageBytesTests), and this writes them with no tree.
package enum WireJSON {
    package static func encode(_ value: some Encodable, capacity: Int = 256) -> [UInt8] {
        let encoder = StreamingEncoder(capacity: capacity)
        encoder.write(value)
        return encoder.finish()
    }

    /// A text message ready for any number of sockets.
    package static func message(_ value: some Encodable, capacity: Int = 256) -> WireBuffer {
        WireBuffer(encode(value, capacity: capacity), isBinary: false)
    }
}

/// A field written as `null` when it is nil (a plain optional is left out).
@propertyWrapper
package struct Nullable<Value: Encodable>: Encodable {
    package var wrappedValue: Value?

    package init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

/// Encodes by writing: each container writes its bracket when opened and is closed when the
/// value that opened it is written, or when a write to an outer container follows it.
private final class StreamingEncoder: Encoder {
    var json: JSONWriter
    /// The containers still open, innermost last: their closing bracket and how many values
    /// they hold so far.
    var open: [(closing: StaticString, count: Int)] = []
    /// Where the containers of the value being written begin in `open`.
    var base = 0

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(capacity: Int) {
        json = JSONWriter(capacity: capacity)
    }

    func finish() -> [UInt8] {
        close(downTo: 0)
        return json.bytes
    }

    func close(downTo depth: Int) {
        while open.count > depth { json.raw(open.removeLast().closing) }
    }

    /// Readies container `level` for its next value: closes what was opened inside it and writes
    /// the separator.
    func next(in level: Int) {
        close(downTo: level + 1)
        if open[level].count > 0 { json.comma() }
        open[level].count += 1
    }

    func push(_ opening: StaticString, _ closing: StaticString) -> Int {
        json.raw(opening)
        open.append((closing, 0))
        return open.count - 1
    }

    func write(_ value: some Encodable) {
        let outer = base
        base = open.count
        // The protocol's types throw nothing: their fields are plain values.
        try? value.encode(to: self)
        close(downTo: base)
        base = outer
    }

    func write(key: some CodingKey) {
        json.string(key.stringValue)
        json.raw(":")
    }

    /// The container of the value being written: opened by its first request, the same one after.
    func level(_ opening: StaticString, _ closing: StaticString) -> Int {
        if open.count > base {
            close(downTo: base + 1)
            return base
        }
        return push(opening, closing)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Keyed<Key>(encoder: self, level: level("{", "}")))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        Slot(encoder: self, level: level("[", "]"))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        Slot(encoder: self, level: nil)
    }

    func writeInteger(_ value: some BinaryInteger) {
        json.append(Array(String(value).utf8))
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: StreamingEncoder
        let level: Int
        var codingPath: [any CodingKey] { [] }

        /// Writes the separator and `"key":`, and hands back the encoder for the value.
        func at(_ key: Key) -> StreamingEncoder {
            encoder.next(in: level)
            encoder.write(key: key)
            return encoder
        }

        mutating func encodeNil(forKey key: Key) { at(key).json.null() }
        mutating func encode(_ value: Bool, forKey key: Key) { at(key).json.bool(value) }
        mutating func encode(_ value: String, forKey key: Key) { at(key).json.string(value) }
        mutating func encode(_ value: Double, forKey key: Key) { at(key).json.number(value) }
        mutating func encode(_ value: Float, forKey key: Key) { at(key).json.number(Double(value)) }
        mutating func encode(_ value: Int, forKey key: Key) { at(key).json.int(value) }
        mutating func encode(_ value: Int8, forKey key: Key) { at(key).writeInteger(value) }
        mutating func encode(_ value: Int16, forKey key: Key) { at(key).writeInteger(value) }
        mutating func encode(_ value: Int32, forKey key: Key) { at(key).writeInteger(value) }
        mutating func encode(_ value: Int64, forKey key: Key) { at(key).writeInteger(value) }
        mutating func encode(_ value: UInt, forKey key: Key) { at(key).writeInteger(value) }
        mutating func encode(_ value: UInt8, forKey key: Key) { at(key).writeInteger(value) }
        mutating func encode(_ value: UInt16, forKey key: Key) { at(key).writeInteger(value) }
        mutating func encode(_ value: UInt32, forKey key: Key) { at(key).writeInteger(value) }
        mutating func encode(_ value: UInt64, forKey key: Key) { at(key).writeInteger(value) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) { at(key).write(value) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Keyed<NestedKey>(encoder: encoder, level: at(key).push("{", "}")))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            Slot(encoder: encoder, level: at(key).push("[", "]"))
        }

        mutating func superEncoder() -> any Encoder {
            preconditionFailure("the protocol's messages do not inherit")
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            preconditionFailure("the protocol's messages do not inherit")
        }
    }

    /// An array's container (`level` set: each value after a comma) or a single value's (nil):
    /// the two protocols ask the same writes.
    struct Slot: UnkeyedEncodingContainer, SingleValueEncodingContainer {
        let encoder: StreamingEncoder
        let level: Int?
        var codingPath: [any CodingKey] { [] }
        var count: Int { level.map { encoder.open.indices.contains($0) ? encoder.open[$0].count : 0 } ?? 0 }

        /// Writes the separator an array needs before its next value, and hands back the encoder.
        var here: StreamingEncoder {
            if let level { encoder.next(in: level) }
            return encoder
        }

        mutating func encodeNil() { here.json.null() }
        mutating func encode(_ value: Bool) { here.json.bool(value) }
        mutating func encode(_ value: String) { here.json.string(value) }
        mutating func encode(_ value: Double) { here.json.number(value) }
        mutating func encode(_ value: Float) { here.json.number(Double(value)) }
        mutating func encode(_ value: Int) { here.json.int(value) }
        mutating func encode(_ value: Int8) { here.writeInteger(value) }
        mutating func encode(_ value: Int16) { here.writeInteger(value) }
        mutating func encode(_ value: Int32) { here.writeInteger(value) }
        mutating func encode(_ value: Int64) { here.writeInteger(value) }
        mutating func encode(_ value: UInt) { here.writeInteger(value) }
        mutating func encode(_ value: UInt8) { here.writeInteger(value) }
        mutating func encode(_ value: UInt16) { here.writeInteger(value) }
        mutating func encode(_ value: UInt32) { here.writeInteger(value) }
        mutating func encode(_ value: UInt64) { here.writeInteger(value) }
        mutating func encode<T: Encodable>(_ value: T) { here.write(value) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Keyed<NestedKey>(encoder: encoder, level: here.push("{", "}")))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            Slot(encoder: encoder, level: here.push("[", "]"))
        }

        mutating func superEncoder() -> any Encoder {
            preconditionFailure("the protocol's messages do not inherit")
        }
    }
}
