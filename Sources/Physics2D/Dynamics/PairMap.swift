/// The contacts by pair of shapes (`pairKey`), so the broad phase never makes one twice: an
/// open-addressing table with linear probing and a multiplicative (Fibonacci) hash.
///
/// Every moved proxy reports all its overlaps, most of them pairs that already have their
/// contact, so this is looked up some 1,500 times a step in a settling pile of 5,000 boxes.
/// The standard library's Dictionary (and swift-collections' tables) hash every key with
/// SipHash, a few hundred instructions a lookup here; a key is two shape indices, already
/// well spread by one multiplication. Only lookups, insertions and removals: never iterated,
/// so its layout cannot change a result.
package struct PairMap {
    /// Keys by slot; 0 is an empty slot (no pair has key 0: its two shapes differ).
    private var keys: [UInt64] = []
    private var values: [Int32] = []
    /// 64 minus log2 of the slot count: the hash is the product's top bits.
    private var shift: UInt64 = 64
    package private(set) var count = 0

    package init() {}

    @inline(__always) private func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The slot holding `key`, or the empty slot where it would go.
    @inline(__always) private func slot(_ key: UInt64) -> Int {
        let mask = keys.count - 1
        var i = home(key)
        while keys[i] != key && keys[i] != 0 { i = (i + 1) & mask }
        return i
    }

    package subscript(key: UInt64) -> Int32? {
        get {
            // Key 0 (a shape paired with itself when it is shape 0) marks empty slots: absent.
            guard !keys.isEmpty, key != 0 else { return nil }
            let i = slot(key)
            return keys[i] == key ? values[i] : nil
        }
        set {
            precondition(key != 0, "a pair key is never 0")
            if let newValue { insert(key, newValue) } else { remove(key) }
        }
    }

    /// Whether `key` is present: reads the keys only (a lookup's value is a second cache
    /// miss, and most callers only ask whether the pair has a contact).
    package func contains(_ key: UInt64) -> Bool {
        guard key != 0 else { return false }
        return keys.withUnsafeBufferPointer { k in
            let mask = k.count - 1
            guard mask >= 0 else { return false }
            var i = home(key)
            while true {
                let found = k[i]
                if found == key { return true }
                if found == 0 { return false }
                i = (i + 1) & mask
            }
        }
    }

    private mutating func insert(_ key: UInt64, _ value: Int32) {
        // At most half full, so probes stay short.
        if 2 * (count + 1) > keys.count { grow() }
        let i = slot(key)
        if keys[i] != key {
            keys[i] = key
            count += 1
        }
        values[i] = value
    }

    private mutating func remove(_ key: UInt64) {
        guard !keys.isEmpty else { return }
        var i = slot(key)
        guard keys[i] == key else { return }
        // Backward-shift deletion: move up every later entry of the run that may not sit
        // past the hole (its home is not cyclically within (hole, its slot]).
        let mask = keys.count - 1
        var j = i
        while true {
            j = (j + 1) & mask
            if keys[j] == 0 { break }
            let h = home(keys[j])
            let staysPut = i <= j ? (i < h && h <= j) : (i < h || h <= j)
            if staysPut { continue }
            keys[i] = keys[j]
            values[i] = values[j]
            i = j
        }
        keys[i] = 0
        count -= 1
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        let capacity = max(16, 2 * keys.count)
        keys = Array(repeating: 0, count: capacity)
        values = Array(repeating: -1, count: capacity)
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        for (k, key) in oldKeys.enumerated() where key != 0 {
            let i = slot(key)
            keys[i] = key
            values[i] = oldValues[k]
        }
    }
}
