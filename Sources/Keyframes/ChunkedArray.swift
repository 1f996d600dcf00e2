#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A large array of plain values (the world's bodies, shapes, contacts, tree nodes) as a
/// shareable keyframe keeps it: its bytes cut into chunks of `Keyframe.chunkBytes`, each chunk
/// that reads as the previous keyframe's chunk at the same place being that same chunk. In a
/// settled pile most bodies sleep and their bytes do not change, so most chunks are shared
/// (docs/replay.md). Restoring builds the array again from its chunks.
struct ChunkedArray {
    let count: Int
    let capacity: Int
    let chunks: [ByteChunk]

    init(_ value: Any, as type: any PlainValueArray.Type, sharingWith previous: ChunkedArray?) {
        var count = 0, capacity = 0
        var chunks: [ByteChunk] = []
        type.withBytes(of: value) { bytes, elements, reserved in
            count = elements
            capacity = reserved
            let size = Keyframe.chunkBytes
            chunks.reserveCapacity((bytes.count + size - 1) / size)
            var at = 0
            while at < bytes.count {
                let piece = UnsafeRawBufferPointer(rebasing: bytes[at..<min(bytes.count, at + size)])
                let index = at / size
                if let old = previous?.chunks, index < old.count, old[index].matches(piece) {
                    chunks.append(old[index])
                } else {
                    chunks.append(ByteChunk(piece))
                }
                at += size
            }
        }
        self.count = count
        self.capacity = capacity
        self.chunks = chunks
    }

    /// True when every chunk is the previous keyframe's and the array's length is the same.
    func isSame(as previous: ChunkedArray?) -> Bool {
        guard let previous, previous.count == count, previous.chunks.count == chunks.count else { return false }
        return zip(chunks, previous.chunks).allSatisfy { $0 === $1 }
    }

    /// The array again, with the capacity it had.
    func rebuild(as type: any PlainValueArray.Type) -> Any {
        type.make(count: count, capacity: capacity) { destination in
            var at = 0
            for chunk in chunks {
                chunk.bytes.withUnsafeBytes { (destination.baseAddress! + at).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                at += chunk.bytes.count
            }
        }
    }
}

/// A piece of a large array's bytes, shared by the keyframes in which it reads the same.
final class ByteChunk {
    let bytes: [UInt8]

    init(_ source: UnsafeRawBufferPointer) {
        bytes = [UInt8](source)
    }

    func matches(_ other: UnsafeRawBufferPointer) -> Bool {
        bytes.count == other.count && bytes.withUnsafeBytes { memcmp($0.baseAddress!, other.baseAddress!, other.count) == 0 }
    }

    /// Bytes counted against a recording's budget: the copy, its object and array headers and
    /// the recording's count of it.
    var cost: Int { bytes.count + 64 + CapturedObject.ledgerCost }
}

/// An array type whose elements may be plain bytes (`hasPlainElements`): read and made as bytes.
/// (`Array` only: nothing a lesson reaches keeps a large `ContiguousArray`; one is kept whole.)
protocol PlainValueArray {
    static var hasPlainElements: Bool { get }
    /// The bytes of a value of this type given as `Any`.
    static func byteCount(of value: Any) -> Int
    static func withBytes(of value: Any, _ body: (UnsafeRawBufferPointer, _ count: Int, _ capacity: Int) -> Void)
    /// True when two values of this type hold the same elements, byte for byte.
    static func sameBytes(_ a: Any, _ b: Any) -> Bool
    /// An array of `count` elements with room for `capacity`, its bytes written by `fill`.
    static func make(count: Int, capacity: Int, fill: (UnsafeMutableRawBufferPointer) -> Void) -> Any
}

extension Array: PlainValueArray {
    static var hasPlainElements: Bool { _isPOD(Element.self) }
    static func byteCount(of value: Any) -> Int { (value as! Self).count * MemoryLayout<Element>.stride }
    static func withBytes(of value: Any, _ body: (UnsafeRawBufferPointer, Int, Int) -> Void) {
        let array = value as! Self
        array.withUnsafeBytes { body($0, array.count, array.capacity) }
    }
    static func sameBytes(_ a: Any, _ b: Any) -> Bool {
        let first = a as! Self, second = b as! Self
        guard first.count == second.count else { return false }
        return first.withUnsafeBytes { x in
            second.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }
    static func make(count: Int, capacity: Int, fill: (UnsafeMutableRawBufferPointer) -> Void) -> Any {
        Self(unsafeUninitializedCapacity: Swift.max(count, capacity)) { buffer, initialized in
            fill(UnsafeMutableRawBufferPointer(start: buffer.baseAddress, count: count * MemoryLayout<Element>.stride))
            initialized = count
        }
    }
}

extension FieldCopy {
    /// The value to write back into the field.
    func value(as arrayType: (any PlainValueArray.Type)?) -> Any {
        switch self {
        case .value(let value): return value
        case .shared(let shared): return shared.value
        case .chunked(let array): return array.rebuild(as: arrayType!)
        }
    }
}

extension FieldAccess {
    /// True when the field at `pointer` holds exactly the bits of `value` (a copy a keyframe
    /// keeps alive, so equal bits are the same references and storage).
    static func bitsEqual(_ value: Any, as type: Any.Type, at pointer: UnsafeRawPointer) -> Bool {
        func typed<T>(_: T.Type) -> Bool {
            guard MemoryLayout<T>.size > 0 else { return true }
            guard let typedValue = value as? T else { return false }
            return withUnsafeBytes(of: typedValue) { memcmp($0.baseAddress!, pointer, MemoryLayout<T>.size) == 0 }
        }
        return _openExistential(type, do: typed)
    }
}
