// The lanes of the wide contact solver, and moving body state in and out of them.
//
// Eight lanes where the engine is built for AVX2 (Package.swift passes NEWTONS_WIDE_LANES
// with the CPU flag, as Box2D v3's AVX2 build does), four (SSE2, NEON) elsewhere. Results do
// not depend on the width: the contacts of one colour share no body, so which of them share
// a block changes nothing, and every pass treats each lane on its own.

#if NEWTONS_WIDE_LANES
// AVX's in-lane unpacks for the transposes below: expressed through SIMD initialisers,
// LLVM merges the whole transpose into one shuffle of the loads and lowers it element by
// element (about 50 inserts per gather); the intrinsics keep it to the unpacks.
import _Builtin_intrinsics.intel

typealias Lanes = SIMD8<Float>
typealias IndexLanes = SIMD8<Int32>
let laneCount = 8
#else
typealias Lanes = SIMD4<Float>
typealias IndexLanes = SIMD4<Int32>
let laneCount = 4
#endif
typealias LaneMask = SIMDMask<IndexLanes>

/// Lane-wise maximum and minimum: `b` where `a < b` (`b < a`), else `a`, NaN and signed
/// zeros included. Eight wide, `vmaxps`/`vminps` with `b` first give exactly that (the second
/// operand where the comparison fails).
@inline(__always) func lanesMax(_ a: Lanes, _ b: Lanes) -> Lanes {
    #if NEWTONS_WIDE_LANES
    _mm256_max_ps(b, a)
    #else
    a.replacing(with: b, where: a .< b)
    #endif
}

@inline(__always) func lanesMin(_ a: Lanes, _ b: Lanes) -> Lanes {
    #if NEWTONS_WIDE_LANES
    _mm256_min_ps(b, a)
    #else
    a.replacing(with: b, where: b .< a)
    #endif
}

/// The mask whose lane l is set where bit l of `bits` is: one AND and one compare (the
/// standard library's generic `.!=` on integer lanes built the mask lane by lane, storing and
/// reloading the vector at each).
/// The inverse of `laneMask(bits:)`: bit l set where lane l is (`vmovmskps` eight wide).
@inline(__always) func laneBits(_ mask: LaneMask) -> UInt32 {
    #if NEWTONS_WIDE_LANES
    return UInt32(truncatingIfNeeded: _mm256_movemask_ps(unsafeBitCast(mask, to: Lanes.self)))
    #else
    var bits: UInt32 = 0
    for l in 0..<laneCount where mask[l] { bits |= 1 << UInt32(l) }
    return bits
    #endif
}

/// The lanes where `index` is negative (a static body or an empty lane): one compare eight
/// wide (the standard library's generic `.<` on integer lanes built the mask lane by lane,
/// storing and reloading the vector at each, as `laneMask(bits:)` says).
@inline(__always) func negativeLanes(_ index: IndexLanes) -> LaneMask {
    #if NEWTONS_WIDE_LANES
    let set = _mm256_cmpgt_epi32(_mm256_setzero_si256(), unsafeBitCast(index, to: __m256i.self))
    return unsafeBitCast(set, to: LaneMask.self)
    #else
    return index .< 0
    #endif
}

@inline(__always) func laneMask(bits: Int32) -> LaneMask {
    #if NEWTONS_WIDE_LANES
    let spread = _mm256_and_si256(
        _mm256_set1_epi32(bits), _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128))
    // Lanes equal to their bit are set: all ones where the bit is, zero elsewhere.
    let set = _mm256_cmpeq_epi32(spread, _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128))
    return unsafeBitCast(set, to: LaneMask.self)
    #else
    return (IndexLanes(repeating: bits) & IndexLanes(1, 2, 4, 8)) .!= 0
    #endif
}

#if NEWTONS_WIDE_LANES
extension SIMD8 where Scalar == Float {
    /// `other` where `mask` is set, else `self`: one `vblendvps`. The standard library's
    /// generic `replacing(with:where:)` picks lane by lane; LLVM put the picks back together
    /// in pieces (lanes 0-3, 4-5, 6, 7), and worked the values feeding them out in scalar
    /// code beside the vector code: a tenth of the solve pass's instructions. Chosen over
    /// the generic one wherever `Lanes` are combined (a concrete type's member wins).
    @inline(__always)
    func replacing(with other: Self, where mask: SIMDMask<SIMD8<Int32>>) -> Self {
        _mm256_blendv_ps(self, other, unsafeBitCast(mask, to: Self.self))
    }

    @inline(__always)
    mutating func replace(with other: Self, where mask: SIMDMask<SIMD8<Int32>>) {
        self = replacing(with: other, where: mask)
    }
}
#endif

// Gathering and scattering load each body's state as two 16-byte rows (velocity, angular
// velocity, padding; then substep motion and rotation) and transpose them into lanes, as
// Box2D's SIMD paths do. Static bodies and empty lanes read and write a zeroed dummy state:
// their masses are zero, so what is written back there stays zero.

@inline(__always)
func transpose4(_ r0: SIMD4<Float>, _ r1: SIMD4<Float>, _ r2: SIMD4<Float>, _ r3: SIMD4<Float>)
    -> (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>)
{
    (SIMD4(r0[0], r1[0], r2[0], r3[0]), SIMD4(r0[1], r1[1], r2[1], r3[1]),
     SIMD4(r0[2], r1[2], r2[2], r3[2]), SIMD4(r0[3], r1[3], r2[3], r3[3]))
}

#if NEWTONS_WIDE_LANES
/// The low pairs of each 128-bit half of `a` and `b` (a0 a1 b0 b1 | a4 a5 b4 b5).
@inline(__always) func pairsLow(_ a: Lanes, _ b: Lanes) -> Lanes {
    _mm256_castpd_ps(_mm256_unpacklo_pd(_mm256_castps_pd(a), _mm256_castps_pd(b)))
}
/// The high pairs of each 128-bit half (a2 a3 b2 b3 | a6 a7 b6 b7).
@inline(__always) func pairsHigh(_ a: Lanes, _ b: Lanes) -> Lanes {
    _mm256_castpd_ps(_mm256_unpackhi_pd(_mm256_castps_pd(a), _mm256_castps_pd(b)))
}
#endif

/// The state records of one side of a block's bodies, one per lane: the body's awake state,
/// or the world's zeroed dummy for a static body or an empty lane. Worked out once, when the
/// block is prepared (`ContactBlock.prepare`): each pass then loads them from the block
/// instead of turning sixteen indices into addresses again (a third of the gather's cost).
/// Valid for the step that prepared the block; the states array stays put while it solves.
struct StatePointers {
    #if NEWTONS_WIDE_LANES
    var p: (
        UnsafeMutableRawPointer, UnsafeMutableRawPointer, UnsafeMutableRawPointer, UnsafeMutableRawPointer,
        UnsafeMutableRawPointer, UnsafeMutableRawPointer, UnsafeMutableRawPointer, UnsafeMutableRawPointer
    )
    #else
    var p: (UnsafeMutableRawPointer, UnsafeMutableRawPointer, UnsafeMutableRawPointer, UnsafeMutableRawPointer)
    #endif

    /// Every lane at `dummy`.
    init(_ dummy: UnsafeMutablePointer<BodyState>) {
        let d = UnsafeMutableRawPointer(dummy)
        #if NEWTONS_WIDE_LANES
        p = (d, d, d, d, d, d, d, d)
        #else
        p = (d, d, d, d)
        #endif
    }

    /// Points lane `l` at `state`.
    @inline(__always)
    mutating func set(_ l: Int, _ state: UnsafeMutablePointer<BodyState>) {
        withUnsafeMutableBytes(of: &p) {
            $0.storeBytes(
                of: UnsafeMutableRawPointer(state), toByteOffset: l * MemoryLayout<UnsafeMutableRawPointer>.stride,
                as: UnsafeMutableRawPointer.self)
        }
    }

    /// Row `offset` (0: velocity, 16: motion) of every lane's state, transposed into lanes.
    @inline(__always)
    func gather(_ offset: Int) -> (Lanes, Lanes, Lanes, Lanes) {
        @inline(__always) func row(_ q: UnsafeMutableRawPointer) -> SIMD4<Float> {
            q.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
        }
        #if NEWTONS_WIDE_LANES
        // Lanes l and l + 4 share a register (one row in each half); a 4 × 4 transpose within
        // each half then gives lanes 0-3 in the low half and 4-7 in the high one.
        let r0 = Lanes(lowHalf: row(p.0), highHalf: row(p.4)), r1 = Lanes(lowHalf: row(p.1), highHalf: row(p.5))
        let r2 = Lanes(lowHalf: row(p.2), highHalf: row(p.6)), r3 = Lanes(lowHalf: row(p.3), highHalf: row(p.7))
        let t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1)
        let t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3)
        return (pairsLow(t0, t2), pairsHigh(t0, t2), pairsLow(t1, t3), pairsHigh(t1, t3))
        #else
        return transpose4(row(p.0), row(p.1), row(p.2), row(p.3))
        #endif
    }

    /// Both rows of every lane's state at once, transposed into lanes: velocity (x, y),
    /// angular velocity, then substep motion (x, y) and rotation (cos, sin). Eight wide, each
    /// state is one 32-byte load and the transpose a full 8 × 8 one, as Box2D v3 gathers.
    @inline(__always)
    func gatherBoth() -> (
        vx: Lanes, vy: Lanes, w: Lanes, dpx: Lanes, dpy: Lanes, c: Lanes, s: Lanes
    ) {
        #if NEWTONS_WIDE_LANES
        @inline(__always) func state(_ q: UnsafeMutableRawPointer) -> Lanes { q.loadUnaligned(as: Lanes.self) }
        let r0 = state(p.0), r1 = state(p.1), r2 = state(p.2), r3 = state(p.3)
        let r4 = state(p.4), r5 = state(p.5), r6 = state(p.6), r7 = state(p.7)
        // Within each 128-bit half: rows 0-3 (then 4-7) transposed, fields 0-3 low, 4-7 high.
        let t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1)
        let t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3)
        let t4 = _mm256_unpacklo_ps(r4, r5), t5 = _mm256_unpackhi_ps(r4, r5)
        let t6 = _mm256_unpacklo_ps(r6, r7), t7 = _mm256_unpackhi_ps(r6, r7)
        let u0 = pairsLow(t0, t2), u1 = pairsHigh(t0, t2), u2 = pairsLow(t1, t3), u3 = pairsHigh(t1, t3)
        let u4 = pairsLow(t4, t6), u5 = pairsHigh(t4, t6), u6 = pairsLow(t5, t7), u7 = pairsHigh(t5, t7)
        // Then the halves joined: a field's lanes 0-3 from the first set, 4-7 from the second.
        return (
            Lanes(lowHalf: u0.lowHalf, highHalf: u4.lowHalf), Lanes(lowHalf: u1.lowHalf, highHalf: u5.lowHalf),
            Lanes(lowHalf: u2.lowHalf, highHalf: u6.lowHalf), Lanes(lowHalf: u0.highHalf, highHalf: u4.highHalf),
            Lanes(lowHalf: u1.highHalf, highHalf: u5.highHalf), Lanes(lowHalf: u2.highHalf, highHalf: u6.highHalf),
            Lanes(lowHalf: u3.highHalf, highHalf: u7.highHalf)
        )
        #else
        let v = gather(0), m = gather(16)
        return (v.0, v.1, v.2, m.0, m.1, m.2, m.3)
        #endif
    }

    /// Writes velocities back: (vx, vy, w) per lane, the row's padding zeroed.
    @inline(__always)
    func scatterVelocities(_ vx: Lanes, _ vy: Lanes, _ w: Lanes) {
        #if NEWTONS_WIDE_LANES
        // The gather's transpose run backwards: each register ends up holding the rows of
        // lanes l (low half) and l + 4 (high half).
        let t0 = _mm256_unpacklo_ps(vx, vy), t1 = _mm256_unpackhi_ps(vx, vy)
        let t2 = _mm256_unpacklo_ps(w, Lanes()), t3 = _mm256_unpackhi_ps(w, Lanes())
        let r0 = pairsLow(t0, t2), r1 = pairsHigh(t0, t2), r2 = pairsLow(t1, t3), r3 = pairsHigh(t1, t3)
        p.0.storeBytes(of: r0.lowHalf, as: SIMD4<Float>.self)
        p.1.storeBytes(of: r1.lowHalf, as: SIMD4<Float>.self)
        p.2.storeBytes(of: r2.lowHalf, as: SIMD4<Float>.self)
        p.3.storeBytes(of: r3.lowHalf, as: SIMD4<Float>.self)
        p.4.storeBytes(of: r0.highHalf, as: SIMD4<Float>.self)
        p.5.storeBytes(of: r1.highHalf, as: SIMD4<Float>.self)
        p.6.storeBytes(of: r2.highHalf, as: SIMD4<Float>.self)
        p.7.storeBytes(of: r3.highHalf, as: SIMD4<Float>.self)
        #else
        let low = transpose4(vx, vy, w, SIMD4())
        p.0.storeBytes(of: low.0, as: SIMD4<Float>.self)
        p.1.storeBytes(of: low.1, as: SIMD4<Float>.self)
        p.2.storeBytes(of: low.2, as: SIMD4<Float>.self)
        p.3.storeBytes(of: low.3, as: SIMD4<Float>.self)
        #endif
    }
}
