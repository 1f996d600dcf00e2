/// A growable buffer of plain values (no references) whose elements start on a 64-byte cache
/// line, for the contact solver's blocks. A Swift array's elements start 32 bytes into a
/// 16-byte-aligned allocation, so the blocks' 32-byte lanes could each straddle two cache
/// lines (at pyramid base 100 half of them did, in every pass of every substep), as Box2D v3's
/// aligned allocations never do. Its storage only grows, so a running world allocates here
/// only when it needs more blocks than ever before.
///
/// The bytes are a standard-library `ManagedBuffer`: a keyframe (Keyframes) keeps such an
/// object by reference, alive, and a restore writes the buffer and the count back together,
/// so they always belong to each other (raw memory held here would be freed under it).
package final class CacheAlignedBuffer<Element> {
    private var storage: ManagedBuffer<Void, UInt8>?
    package private(set) var count = 0

    package init() {
        precondition(_isPOD(Element.self), "a CacheAlignedBuffer holds plain values only")
    }

    package var isEmpty: Bool { count == 0 }

    /// How many elements fit without growing.
    package var capacity: Int {
        guard let storage else { return 0 }
        return (storage.capacity - 63) / MemoryLayout<Element>.stride
    }

    /// The first element's address: the first 64-byte boundary in the storage.
    private var elements: UnsafeMutablePointer<Element>? {
        guard let storage else { return nil }
        let bytes = storage.withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0) }
        let aligned = bytes + ((64 - Int(bitPattern: bytes) & 63) & 63)
        return aligned.bindMemory(to: Element.self, capacity: capacity)
    }

    /// Appends `n` copies of `value`.
    package func append(_ value: Element, count n: Int) {
        precondition(n >= 0, "a negative count")
        reserveCapacity(count + n)
        (elements! + count).initialize(repeating: value, count: n)
        count += n
    }

    /// Drops the last `n` elements (the storage stays).
    package func removeLast(_ n: Int) {
        precondition(n >= 0 && n <= count, "more elements than there are")
        count -= n
    }

    package func reserveCapacity(_ needed: Int) {
        guard needed > capacity else { return }
        let elementCount = max(needed, 2 * capacity, 16)
        let fresh = ManagedBuffer<Void, UInt8>.create(
            minimumCapacity: elementCount * MemoryLayout<Element>.stride + 63) { _ in () }
        let oldStorage = storage, old = elements
        storage = fresh
        if let old { elements!.initialize(from: old, count: count) }
        withExtendedLifetime(oldStorage) {}
    }

    package func withUnsafeMutableBufferPointer<R>(_ body: (UnsafeMutableBufferPointer<Element>) throws -> R) rethrows -> R {
        defer { withExtendedLifetime(storage) {} }
        return try body(UnsafeMutableBufferPointer(start: elements, count: count))
    }

    package func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        defer { withExtendedLifetime(storage) {} }
        return try body(UnsafeBufferPointer(start: elements, count: count))
    }
}
