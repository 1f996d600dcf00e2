import Physics2D
import Testing

/// The solver's blocks live in a `CacheAlignedBuffer`: its elements must start on a cache
/// line however it grew, and keep their values across growth. (That a keyframe's restore
/// leaves it whole is the replay suites' to show: they restore worlds mid-run.)
@Suite struct CacheAlignedBufferTests {
    /// 36 bytes: a stride that is no multiple of the alignment.
    struct Odd: Equatable {
        var a: SIMD8<Float>
        var tag: Int32
    }

    private func address<T>(_ buffer: CacheAlignedBuffer<T>) -> Int {
        buffer.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
    }

    @Test func storageStartsOnACacheLineThroughEveryGrowth() {
        let buffer = CacheAlignedBuffer<Odd>()
        #expect(buffer.isEmpty)
        var grown = 0
        for round in 0..<12 {
            let capacity = buffer.capacity
            buffer.append(Odd(a: SIMD8(repeating: Float(round)), tag: Int32(round)), count: 3 + round * round)
            if buffer.capacity != capacity { grown += 1 }
            #expect(address(buffer) % 64 == 0)
        }
        #expect(grown >= 3)
        // Every element kept its value through the moves.
        buffer.withUnsafeBufferPointer { elements in
            var i = 0
            for round in 0..<12 {
                for _ in 0..<(3 + round * round) {
                    #expect(elements[i] == Odd(a: SIMD8(repeating: Float(round)), tag: Int32(round)))
                    i += 1
                }
            }
            #expect(i == elements.count)
        }
    }

    @Test func removingKeepsTheStorageAndTheFirstElements() {
        let buffer = CacheAlignedBuffer<Int32>()
        buffer.append(7, count: 100)
        let capacity = buffer.capacity, start = address(buffer)
        buffer.removeLast(60)
        #expect(buffer.count == 40)
        buffer.append(9, count: 60)
        #expect(buffer.capacity == capacity)
        #expect(address(buffer) == start)
        buffer.withUnsafeBufferPointer { elements in
            #expect(elements.prefix(40).allSatisfy { $0 == 7 })
            #expect(elements.suffix(60).allSatisfy { $0 == 9 })
        }
    }
}
