/// A growable buffer of values whose storage starts on a 64-byte cache line, for the
/// contact solver's blocks. A Swift array's elements start 32 bytes into a 16-byte-aligned
/// allocation, so the blocks' 32-byte lanes could each straddle two cache lines (at pyramid
/// base 100 half of them did, in every pass of every substep), as Box2D v3's aligned
/// allocations never do. Its storage only grows, so a running world allocates here only when
/// it needs more blocks than ever before.
package final class CacheAlignedBuffer<Element> {
    private var storage: UnsafeMutablePointer<Element>?
    package private(set) var count = 0
    package private(set) var capacity = 0

    package init() {}

    deinit {
        guard let storage else { return }
        storage.deinitialize(count: count)
        UnsafeMutableRawPointer(storage).deallocate()
    }

    package var isEmpty: Bool { count == 0 }

    /// Appends `n` copies of `value`.
    package func append(_ value: Element, count n: Int) {
        precondition(n >= 0, "a negative count")
        reserveCapacity(count + n)
        (storage! + count).initialize(repeating: value, count: n)
        count += n
    }

    /// Drops the last `n` elements (the storage stays).
    package func removeLast(_ n: Int) {
        precondition(n >= 0 && n <= count, "more elements than there are")
        count -= n
        if n > 0 { (storage! + count).deinitialize(count: n) }
    }

    package func reserveCapacity(_ needed: Int) {
        guard needed > capacity else { return }
        let newCapacity = max(needed, 2 * capacity, 16)
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: newCapacity * MemoryLayout<Element>.stride, alignment: max(64, MemoryLayout<Element>.alignment))
        let fresh = raw.bindMemory(to: Element.self, capacity: newCapacity)
        if let old = storage {
            fresh.moveInitialize(from: old, count: count)
            UnsafeMutableRawPointer(old).deallocate()
        }
        storage = fresh
        capacity = newCapacity
    }

    package func withUnsafeMutableBufferPointer<R>(_ body: (UnsafeMutableBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeMutableBufferPointer(start: storage, count: count))
    }

    package func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: storage, count: count))
    }
}
