// The lanes of the wide contact solver, and moving body state in and out of them.
//
// Eight lanes where the engine is built for AVX2 (Package.swift passes NEWTONS_WIDE_LANES
// with the CPU flag, as Box2D v3's AVX2 build does), four (SSE2, NEON) elsewhere. Results do
// not depend on the width: the contacts of one colour share no body, so which of them share
// a block changes nothing, and every pass treats each lane on its own.

#if NEWTONS_WIDE_LANES
typealias Lanes = SIMD8<Float>
typealias IndexLanes = SIMD8<Int32>
let laneCount = 8
#else
typealias Lanes = SIMD4<Float>
typealias IndexLanes = SIMD4<Int32>
let laneCount = 4
#endif
typealias LaneMask = SIMDMask<IndexLanes>

/// Lane-wise maximum and minimum as selects, which compile to vector instructions (the
/// standard library's generic `pointwiseMax` does not inline here).
@inline(__always) func lanesMax(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: a .< b) }
@inline(__always) func lanesMin(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: b .< a) }

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

/// The state records of one block's bodies, one per lane.
struct StatePointers {
    #if NEWTONS_WIDE_LANES
    let p: (
        UnsafeMutableRawPointer, UnsafeMutableRawPointer, UnsafeMutableRawPointer, UnsafeMutableRawPointer,
        UnsafeMutableRawPointer, UnsafeMutableRawPointer, UnsafeMutableRawPointer, UnsafeMutableRawPointer
    )
    #else
    let p: (UnsafeMutableRawPointer, UnsafeMutableRawPointer, UnsafeMutableRawPointer, UnsafeMutableRawPointer)
    #endif

    @inline(__always)
    init(_ states: UnsafeMutablePointer<BodyState>, _ dummy: UnsafeMutablePointer<BodyState>, _ indices: IndexLanes) {
        @inline(__always) func at(_ l: Int) -> UnsafeMutableRawPointer {
            UnsafeMutableRawPointer(indices[l] >= 0 ? states + Int(indices[l]) : dummy)
        }
        #if NEWTONS_WIDE_LANES
        p = (at(0), at(1), at(2), at(3), at(4), at(5), at(6), at(7))
        #else
        p = (at(0), at(1), at(2), at(3))
        #endif
    }

    /// Row `offset` (0: velocity, 16: motion) of every lane's state, transposed into lanes.
    @inline(__always)
    func gather(_ offset: Int) -> (Lanes, Lanes, Lanes, Lanes) {
        @inline(__always) func row(_ q: UnsafeMutableRawPointer) -> SIMD4<Float> {
            q.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
        }
        let low = transpose4(row(p.0), row(p.1), row(p.2), row(p.3))
        #if NEWTONS_WIDE_LANES
        let high = transpose4(row(p.4), row(p.5), row(p.6), row(p.7))
        return (
            Lanes(lowHalf: low.0, highHalf: high.0), Lanes(lowHalf: low.1, highHalf: high.1),
            Lanes(lowHalf: low.2, highHalf: high.2), Lanes(lowHalf: low.3, highHalf: high.3)
        )
        #else
        return low
        #endif
    }

    /// Writes velocities back: (vx, vy, w) per lane, the row's padding zeroed.
    ///
    /// Eight lanes wide it is a call, on purpose: inlined, LLVM sees each lane's value taken
    /// apart for the transpose and computes the pass's last impulses lane by lane in scalar
    /// code (twice the instructions of the warm start); behind a call the arithmetic stays
    /// in vectors and the transpose is a few shuffles.
    #if NEWTONS_WIDE_LANES
    @inline(never)
    #else
    @inline(__always)
    #endif
    func scatterVelocities(_ vx: Lanes, _ vy: Lanes, _ w: Lanes) {
        #if NEWTONS_WIDE_LANES
        let low = transpose4(vx.lowHalf, vy.lowHalf, w.lowHalf, SIMD4())
        let high = transpose4(vx.highHalf, vy.highHalf, w.highHalf, SIMD4())
        p.4.storeBytes(of: high.0, as: SIMD4<Float>.self)
        p.5.storeBytes(of: high.1, as: SIMD4<Float>.self)
        p.6.storeBytes(of: high.2, as: SIMD4<Float>.self)
        p.7.storeBytes(of: high.3, as: SIMD4<Float>.self)
        #else
        let low = transpose4(vx, vy, w, SIMD4())
        #endif
        p.0.storeBytes(of: low.0, as: SIMD4<Float>.self)
        p.1.storeBytes(of: low.1, as: SIMD4<Float>.self)
        p.2.storeBytes(of: low.2, as: SIMD4<Float>.self)
        p.3.storeBytes(of: low.3, as: SIMD4<Float>.self)
    }
}
