// The contact solver in four lanes: Box2D v3's wide solver, in Swift SIMD types.
//
// Contacts are coloured so that no awake body appears twice in a colour; the contacts of
// a colour are then independent and are solved four at a time, each lane one contact. The
// order of colours is fixed (contacts between two moving bodies first, contacts against
// static bodies last, so the ground has the last word), so the result does not depend on
// how contacts happen to be listed, and stacks do not lean the way a sequential order
// pushes them.

typealias Lanes = SIMD4<Float>

/// Lane-wise maximum and minimum as selects, which compile to vector instructions (the
/// standard library's generic `pointwiseMax` does not inline here).
@inline(__always) func lanesMax(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: a .< b) }
@inline(__always) func lanesMin(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: b .< a) }
typealias IndexLanes = SIMD4<Int32>
let laneCount = 4

struct PointLanes {
    var anchorAX = Lanes(), anchorAY = Lanes(), anchorBX = Lanes(), anchorBY = Lanes()
    var baseSeparation = Lanes(), relativeVelocity = Lanes()
    var normalImpulse = Lanes(), tangentImpulse = Lanes(), maxNormalImpulse = Lanes()
    var normalMass = Lanes(), tangentMass = Lanes()
}

struct ContactBlock {
    /// Awake-state indices; -1 for a static body or an empty lane.
    var indexA = IndexLanes(repeating: -1)
    var indexB = IndexLanes(repeating: -1)
    /// Index into the step's scalar constraint list; -1 for an empty lane.
    var constraint = IndexLanes(repeating: -1)
    var normalX = Lanes(), normalY = Lanes(), friction = Lanes(), restitution = Lanes()
    var invMassA = Lanes(), invIA = Lanes(), invMassB = Lanes(), invIB = Lanes()
    var biasRate = Lanes(), massScale = Lanes(repeating: 1), impulseScale = Lanes()
    var p0 = PointLanes()
    var p1 = PointLanes()
}

/// Four bodies' velocities and substep motion, one per lane.
struct BodyLanes {
    var vx = Lanes(), vy = Lanes(), w = Lanes()
    var dpx = Lanes(), dpy = Lanes()
    var qc = Lanes(repeating: 1), qs = Lanes()
}

@inline(__always)
func gatherBodies(_ states: UnsafePointer<BodyState>, _ indices: IndexLanes) -> BodyLanes {
    var b = BodyLanes()
    for l in 0..<laneCount {
        let i = indices[l]
        guard i >= 0 else { continue }
        let s = states + Int(i)
        b.vx[l] = s.pointee.linearVelocity.x
        b.vy[l] = s.pointee.linearVelocity.y
        b.w[l] = s.pointee.angularVelocity
        b.dpx[l] = s.pointee.deltaPosition.x
        b.dpy[l] = s.pointee.deltaPosition.y
        b.qc[l] = s.pointee.deltaRotation.c
        b.qs[l] = s.pointee.deltaRotation.s
    }
    return b
}

@inline(__always)
func gatherVelocities(_ states: UnsafePointer<BodyState>, _ indices: IndexLanes) -> (Lanes, Lanes, Lanes) {
    var vx = Lanes(), vy = Lanes(), w = Lanes()
    for l in 0..<laneCount {
        let i = indices[l]
        guard i >= 0 else { continue }
        let s = states + Int(i)
        vx[l] = s.pointee.linearVelocity.x
        vy[l] = s.pointee.linearVelocity.y
        w[l] = s.pointee.angularVelocity
    }
    return (vx, vy, w)
}

@inline(__always)
func scatterVelocities(_ states: UnsafeMutablePointer<BodyState>, _ indices: IndexLanes, _ vx: Lanes, _ vy: Lanes, _ w: Lanes) {
    for l in 0..<laneCount {
        let i = indices[l]
        guard i >= 0 else { continue }
        let s = states + Int(i)
        s.pointee.linearVelocity = Vec2(vx[l], vy[l])
        s.pointee.angularVelocity = w[l]
    }
}

func warmStartContactBlocks(_ blocks: UnsafeMutableBufferPointer<ContactBlock>, _ states: UnsafeMutablePointer<BodyState>) {
    for k in 0..<blocks.count {
        let c = blocks.baseAddress! + k
        var (vAx, vAy, wA) = gatherVelocities(states, c.pointee.indexA)
        var (vBx, vBy, wB) = gatherVelocities(states, c.pointee.indexB)
        let nx = c.pointee.normalX, ny = c.pointee.normalY
        let tx = ny, ty = -nx
        let mA = c.pointee.invMassA, iA = c.pointee.invIA, mB = c.pointee.invMassB, iB = c.pointee.invIB
        @inline(__always) func apply(_ p: PointLanes) {
            let px = p.normalImpulse * nx + p.tangentImpulse * tx
            let py = p.normalImpulse * ny + p.tangentImpulse * ty
            wA -= iA * (p.anchorAX * py - p.anchorAY * px)
            vAx -= mA * px
            vAy -= mA * py
            wB += iB * (p.anchorBX * py - p.anchorBY * px)
            vBx += mB * px
            vBy += mB * py
        }
        apply(c.pointee.p0)
        apply(c.pointee.p1)
        scatterVelocities(states, c.pointee.indexA, vAx, vAy, wA)
        scatterVelocities(states, c.pointee.indexB, vBx, vBy, wB)
    }
}

func solveContactBlocks(
    _ blocks: UnsafeMutableBufferPointer<ContactBlock>, _ states: UnsafeMutablePointer<BodyState>,
    inv_h: Float, pushout: Float, useBias: Bool
) {
    let zero = Lanes(repeating: 0)
    let one = Lanes(repeating: 1)
    let minBias = Lanes(repeating: -pushout)
    let invH = Lanes(repeating: inv_h)
    let count = blocks.count
    for k in 0..<count {
        let c = blocks.baseAddress! + k
        let bA = gatherBodies(states, c.pointee.indexA)
        let bB = gatherBodies(states, c.pointee.indexB)
        var vAx = bA.vx, vAy = bA.vy, wA = bA.w
        var vBx = bB.vx, vBy = bB.vy, wB = bB.w
        let dpx = bB.dpx - bA.dpx, dpy = bB.dpy - bA.dpy
        let mA = c.pointee.invMassA, iA = c.pointee.invIA, mB = c.pointee.invMassB, iB = c.pointee.invIB
        let nx = c.pointee.normalX, ny = c.pointee.normalY
        let biasRate = useBias ? c.pointee.biasRate : zero
        let softMass = useBias ? c.pointee.massScale : one
        let softImpulse = useBias ? c.pointee.impulseScale : zero
        let p0 = c.pointer(to: \.p0)!
        let p1 = c.pointer(to: \.p1)!

        // Non-penetration, both points. A one-point contact's second point has zero mass.
        for pass in 0..<2 {
            let p = pass == 0 ? p0 : p1
            let rAx = p.pointee.anchorAX, rAy = p.pointee.anchorAY
            let rBx = p.pointee.anchorBX, rBy = p.pointee.anchorBY
            // Current separation from the substep motion, normal held fixed.
            let qAx = bA.qc * rAx - bA.qs * rAy, qAy = bA.qs * rAx + bA.qc * rAy
            let qBx = bB.qc * rBx - bB.qs * rBy, qBy = bB.qs * rBx + bB.qc * rBy
            let s = p.pointee.baseSeparation + (dpx + qBx - qAx) * nx + (dpy + qBy - qAy) * ny
            // Speculative where still apart: the gap may close within this substep.
            let apart = s .> zero
            let velocityBias = lanesMax(biasRate * s, minBias).replacing(with: s * invH, where: apart)
            let massScale = softMass.replacing(with: one, where: apart)
            let impulseScale = softImpulse.replacing(with: zero, where: apart)
            let dvx = (vBx - wB * rBy) - (vAx - wA * rAy)
            let dvy = (vBy + wB * rBx) - (vAy + wA * rAx)
            let vn = dvx * nx + dvy * ny
            let old = p.pointee.normalImpulse
            let newImpulse = lanesMax(old - p.pointee.normalMass * massScale * (vn + velocityBias) - impulseScale * old, zero)
            let impulse = newImpulse - old
            p.pointee.normalImpulse = newImpulse
            p.pointee.maxNormalImpulse = lanesMax(p.pointee.maxNormalImpulse, impulse)
            let px = impulse * nx, py = impulse * ny
            vAx -= mA * px
            vAy -= mA * py
            wA -= iA * (rAx * py - rAy * px)
            vBx += mB * px
            vBy += mB * py
            wB += iB * (rBx * py - rBy * px)
        }

        // Friction, bounded by each point's normal impulse.
        let friction = c.pointee.friction
        let tx = ny, ty = -nx
        for pass in 0..<2 {
            let p = pass == 0 ? p0 : p1
            let rAx = p.pointee.anchorAX, rAy = p.pointee.anchorAY
            let rBx = p.pointee.anchorBX, rBy = p.pointee.anchorBY
            let dvx = (vBx - wB * rBy) - (vAx - wA * rAy)
            let dvy = (vBy + wB * rBx) - (vAy + wA * rAx)
            let vt = dvx * tx + dvy * ty
            let old = p.pointee.tangentImpulse
            let maxFriction = friction * p.pointee.normalImpulse
            let newImpulse = lanesMin(lanesMax(old - p.pointee.tangentMass * vt, -maxFriction), maxFriction)
            let impulse = newImpulse - old
            p.pointee.tangentImpulse = newImpulse
            let px = impulse * tx, py = impulse * ty
            vAx -= mA * px
            vAy -= mA * py
            wA -= iA * (rAx * py - rAy * px)
            vBx += mB * px
            vBy += mB * py
            wB += iB * (rBx * py - rBy * px)
        }
        scatterVelocities(states, c.pointee.indexA, vAx, vAy, wA)
        scatterVelocities(states, c.pointee.indexB, vBx, vBy, wB)
    }
}

func applyRestitutionBlocks(
    _ blocks: UnsafeMutableBufferPointer<ContactBlock>, _ states: UnsafeMutablePointer<BodyState>, threshold: Float
) {
    let zero = Lanes(repeating: 0)
    let minusThreshold = Lanes(repeating: -threshold)
    for k in 0..<blocks.count {
        let c = blocks.baseAddress! + k
        let e = c.pointee.restitution
        guard any(e .!= zero) else { continue }
        var (vAx, vAy, wA) = gatherVelocities(states, c.pointee.indexA)
        var (vBx, vBy, wB) = gatherVelocities(states, c.pointee.indexB)
        let nx = c.pointee.normalX, ny = c.pointee.normalY
        let mA = c.pointee.invMassA, iA = c.pointee.invIA, mB = c.pointee.invMassB, iB = c.pointee.invIB
        @inline(__always) func bounce(_ p: UnsafeMutablePointer<PointLanes>) {
            // Only points that closed faster than the threshold and carried load bounce.
            let active = (p.pointee.relativeVelocity .< minusThreshold) .& (p.pointee.maxNormalImpulse .> zero)
                .& (e .!= zero)
            guard any(active) else { return }
            let rAx = p.pointee.anchorAX, rAy = p.pointee.anchorAY
            let rBx = p.pointee.anchorBX, rBy = p.pointee.anchorBY
            let dvx = (vBx - wB * rBy) - (vAx - wA * rAy)
            let dvy = (vBy + wB * rBx) - (vAy + wA * rAx)
            let vn = dvx * nx + dvy * ny
            let old = p.pointee.normalImpulse
            var newImpulse = lanesMax(old - p.pointee.normalMass * (vn + e * p.pointee.relativeVelocity), zero)
            newImpulse.replace(with: old, where: .!active)
            let impulse = newImpulse - old
            p.pointee.normalImpulse = newImpulse
            p.pointee.maxNormalImpulse = lanesMax(p.pointee.maxNormalImpulse, impulse)
            let px = impulse * nx, py = impulse * ny
            vAx -= mA * px
            vAy -= mA * py
            wA -= iA * (rAx * py - rAy * px)
            vBx += mB * px
            vBy += mB * py
            wB += iB * (rBx * py - rBy * px)
        }
        bounce(c.pointer(to: \.p0)!)
        bounce(c.pointer(to: \.p1)!)
        scatterVelocities(states, c.pointee.indexA, vAx, vAy, wA)
        scatterVelocities(states, c.pointee.indexB, vBx, vBy, wB)
    }
}

extension World {
    /// Colours the step's constraints and packs them into blocks of four lanes.
    func buildContactBlocks() {
        let bodyCount = awakeBodies.count
        let words = (bodyCount + 63) >> 6
        var blocks = scratch.blocks
        scratch.blocks = []
        blocks.removeAll(keepingCapacity: true)

        // Two palettes: moving pairs first, then contacts against static bodies.
        for pass in 0..<2 {
            let list = pass == 0 ? scratch.constraints : scratch.staticConstraints
            guard !list.isEmpty else { continue }
            var bits = scratch.colorBits
            scratch.colorBits = []
            bits.removeAll(keepingCapacity: true)
            var colorOf = scratch.colorOf
            scratch.colorOf = []
            colorOf.removeAll(keepingCapacity: true)
            var colorCounts = scratch.colorCounts
            scratch.colorCounts = []
            colorCounts.removeAll(keepingCapacity: true)
            var colorCount = 0
            for c in list {
                var color = 0
                while true {
                    if color == colorCount {
                        bits.append(contentsOf: repeatElement(0, count: words))
                        colorCounts.append(0)
                        colorCount += 1
                    }
                    let base = color * words
                    let a = c.indexA, b = c.indexB
                    let usedA = a >= 0 && bits[base + Int(a >> 6)] & (1 << UInt64(a & 63)) != 0
                    let usedB = b >= 0 && bits[base + Int(b >> 6)] & (1 << UInt64(b & 63)) != 0
                    if !usedA && !usedB {
                        if a >= 0 { bits[base + Int(a >> 6)] |= 1 << UInt64(a & 63) }
                        if b >= 0 { bits[base + Int(b >> 6)] |= 1 << UInt64(b & 63) }
                        break
                    }
                    color += 1
                }
                colorOf.append(Int32(color))
                colorCounts[color] += 1
            }
            // Lay the colours out one after another, blocks of four.
            var firstBlock = scratch.colorFirstBlock
            scratch.colorFirstBlock = []
            firstBlock.removeAll(keepingCapacity: true)
            var fill = scratch.colorFill
            scratch.colorFill = []
            fill.removeAll(keepingCapacity: true)
            var next = blocks.count
            for color in 0..<colorCount {
                firstBlock.append(next)
                fill.append(0)
                next += (colorCounts[color] + laneCount - 1) / laneCount
            }
            blocks.append(contentsOf: repeatElement(ContactBlock(), count: next - blocks.count))
            let offset = pass == 0 ? 0 : scratch.constraints.count
            for (i, c) in list.enumerated() {
                let color = Int(colorOf[i])
                let slot = fill[color]
                fill[color] += 1
                let b = firstBlock[color] + slot / laneCount
                let l = slot % laneCount
                blocks[b].pack(c, lane: l, constraintIndex: Int32(offset + i))
            }
            scratch.colorBits = bits
            scratch.colorOf = colorOf
            scratch.colorCounts = colorCounts
            scratch.colorFirstBlock = firstBlock
            scratch.colorFill = fill
        }
        scratch.blocks = blocks
    }
}

extension ContactBlock {
    mutating func pack(_ c: ContactConstraint, lane l: Int, constraintIndex: Int32) {
        indexA[l] = c.indexA
        indexB[l] = c.indexB
        constraint[l] = constraintIndex
        normalX[l] = c.normal.x
        normalY[l] = c.normal.y
        friction[l] = c.friction
        restitution[l] = c.restitution
        invMassA[l] = c.invMassA
        invIA[l] = c.invIA
        invMassB[l] = c.invMassB
        invIB[l] = c.invIB
        biasRate[l] = c.softness.biasRate
        massScale[l] = c.softness.massScale
        impulseScale[l] = c.softness.impulseScale
        p0.pack(c.p0, lane: l)
        if c.pointCount > 1 { p1.pack(c.p1, lane: l) }
    }
}

extension PointLanes {
    mutating func pack(_ p: ContactConstraintPoint, lane l: Int) {
        anchorAX[l] = p.anchorA.x
        anchorAY[l] = p.anchorA.y
        anchorBX[l] = p.anchorB.x
        anchorBY[l] = p.anchorB.y
        baseSeparation[l] = p.baseSeparation
        relativeVelocity[l] = p.relativeVelocity
        normalImpulse[l] = p.normalImpulse
        tangentImpulse[l] = p.tangentImpulse
        maxNormalImpulse[l] = 0
        normalMass[l] = p.normalMass
        tangentMass[l] = p.tangentMass
    }
}
