// The contact solver in lanes (four or eight, `SolverLanes.swift`): Box2D v3's wide solver,
// in Swift SIMD types.
//
// Contacts are coloured so that no awake body appears twice in a colour; the contacts of
// a colour are then independent and are solved a block of lanes at a time, each lane one contact. The
// order of colours is fixed (contacts between two moving bodies first, contacts against
// static bodies last, so the ground has the last word), so the result does not depend on
// how contacts happen to be listed, and stacks do not lean the way a sequential order
// pushes them.

struct PointLanes {
    var anchorAX = Lanes(), anchorAY = Lanes(), anchorBX = Lanes(), anchorBY = Lanes()
    var baseSeparation = Lanes()
    var normalImpulse = Lanes(), tangentImpulse = Lanes(), maxNormalImpulse = Lanes()
    var normalMass = Lanes(), tangentMass = Lanes()
}

/// A block of lanes as the substeps' passes read it, 1,152 bytes. What they never read is kept
/// apart, in the block's `ContactBlockLinks`: each pass streams through every block (twelve
/// passes a step at four substeps; 2.2 MB of blocks at pyramid base 100), so every byte left
/// out of the block is read twelve times fewer.
struct ContactBlock {
    /// The bodies' state records, one per lane, as the passes load them (`StatePointers`).
    var stateA: StatePointers
    var stateB: StatePointers
    var normalX = Lanes(), normalY = Lanes(), friction = Lanes()
    var invMassA = Lanes(), invIA = Lanes(), invMassB = Lanes(), invIB = Lanes()
    /// Lanes with a static body, or empty: their softness is the step's static one, the
    /// others' its contact one. The solve picks between the two (three lanes of scales here
    /// would be 64 more bytes a block, streamed twelve times a step).
    var isStatic = LaneMask(repeating: true)
    var p0 = PointLanes()
    var p1 = PointLanes()
    /// K's off-diagonal, and K⁻¹ where the lane's two points are solved as a block (see
    /// `ContactBlock.prepareLanes`); zero elsewhere, so `inverse11 > 0` tells the block lanes.
    var coupling = Lanes()
    var inverse11 = Lanes(), inverse12 = Lanes(), inverse22 = Lanes()

    /// An empty block: every lane reads and writes `dummy`.
    init(dummy: UnsafeMutablePointer<BodyState>) {
        stateA = StatePointers(dummy)
        stateB = StatePointers(dummy)
    }

    /// Empties lane `l`, as in `init(dummy:)`.
    @inline(__always)
    mutating func clearLane(_ l: Int, dummy: UnsafeMutablePointer<BodyState>) {
        stateA.set(l, dummy)
        stateB.set(l, dummy)
        normalX[l] = 0
        normalY[l] = 0
        friction[l] = 0
        invMassA[l] = 0
        invIA[l] = 0
        invMassB[l] = 0
        invIB[l] = 0
        isStatic[l] = true
        p0.clearLane(l)
        p1.clearLane(l)
        clearBlockSolve(l)
    }

    /// Lane `l` solves its points one after the other, with no coupling (as in `init(dummy:)`).
    @inline(__always)
    mutating func clearBlockSolve(_ l: Int) {
        coupling[l] = 0
        inverse11[l] = 0
        inverse12[l] = 0
        inverse22[l] = 0
    }
}

/// The rest of a block (`ContactBlock`): which contact and bodies each lane is, read when
/// the block is prepared, by the impact pass and by `storeImpulses`; and restitution's inputs,
/// read once a step after the substeps.
struct ContactBlockLinks {
    /// Awake-state indices; -1 for a static body or an empty lane.
    var indexA = IndexLanes(repeating: -1)
    var indexB = IndexLanes(repeating: -1)
    /// The contact's index in the world's contacts (where `storeImpulses` writes its
    /// impulses back); -1 for an empty lane.
    var contact = IndexLanes(repeating: -1)
    var restitution = Lanes()
    /// Each point's approach speed when the block was prepared (zero where there is no point):
    /// what restitution reverses.
    var relativeVelocity0 = Lanes(), relativeVelocity1 = Lanes()

    /// Empties lane `l`, as in a new `ContactBlockLinks`.
    @inline(__always)
    mutating func clearLane(_ l: Int) {
        indexA[l] = -1
        indexB[l] = -1
        contact[l] = -1
        restitution[l] = 0
        relativeVelocity0[l] = 0
        relativeVelocity1[l] = 0
    }
}

extension PointLanes {
    /// Lane `l` as in a new `PointLanes`: no point (zero masses give it no impulse).
    @inline(__always)
    mutating func clearLane(_ l: Int) {
        anchorAX[l] = 0
        anchorAY[l] = 0
        anchorBX[l] = 0
        anchorBY[l] = 0
        baseSeparation[l] = 0
        normalImpulse[l] = 0
        tangentImpulse[l] = 0
        maxNormalImpulse[l] = 0
        normalMass[l] = 0
        tangentMass[l] = 0
    }
}

/// The two bodies of a block's contacts, in lanes: the velocities a pass changes and the inverse
/// masses it changes them by (zero for a static body or an empty lane). Every block pass
/// gathers them, applies impulses at the contact points, and stores them back.
struct BodyPairLanes {
    var vAx: Lanes, vAy: Lanes, wA: Lanes
    var vBx: Lanes, vBy: Lanes, wB: Lanes
    let mA: Lanes, iA: Lanes, mB: Lanes, iB: Lanes
    /// The block, whose state pointers the gathers and scatters load as they go (held in
    /// this struct, all sixteen were kept on the stack anyway).
    let block: UnsafeMutablePointer<ContactBlock>

    @inline(__always)
    init(_ c: UnsafeMutablePointer<ContactBlock>) {
        block = c
        (vAx, vAy, wA, _) = c.pointee.stateA.gather(0)
        (vBx, vBy, wB, _) = c.pointee.stateB.gather(0)
        mA = c.pointee.invMassA
        iA = c.pointee.invIA
        mB = c.pointee.invMassB
        iB = c.pointee.invIB
    }

    /// The same, gathering the bodies' substep motion too (displacement, rotation cos and sin).
    @inline(__always)
    init(_ c: UnsafeMutablePointer<ContactBlock>, motionA: inout (Lanes, Lanes, Lanes, Lanes),
         motionB: inout (Lanes, Lanes, Lanes, Lanes)) {
        block = c
        let a = c.pointee.stateA.gatherBoth(), b = c.pointee.stateB.gatherBoth()
        (vAx, vAy, wA) = (a.vx, a.vy, a.w)
        (vBx, vBy, wB) = (b.vx, b.vy, b.w)
        motionA = (a.dpx, a.dpy, a.c, a.s)
        motionB = (b.dpx, b.dpy, b.c, b.s)
        mA = c.pointee.invMassA
        iA = c.pointee.invIA
        mB = c.pointee.invMassB
        iB = c.pointee.invIB
    }

    /// Writes the velocities back to the bodies' states.
    @inline(__always)
    func store() {
        block.pointee.stateA.scatterVelocities(vAx, vAy, wA)
        block.pointee.stateB.scatterVelocities(vBx, vBy, wB)
    }

    /// The same behind a call, for the warm start: inlined there, LLVM sees each lane's
    /// value taken apart for the transpose and redoes the pass's arithmetic lane by lane in
    /// scalar code (a third more instructions, by callgrind); behind a call it stays in vectors.
    @inline(never)
    func storeThroughCall() {
        store()
    }

    /// B's velocity relative to A's at a contact point.
    @inline(__always)
    func relativeVelocity(at p: UnsafeMutablePointer<PointLanes>) -> (x: Lanes, y: Lanes) {
        let rAx = p.pointee.anchorAX, rAy = p.pointee.anchorAY
        let rBx = p.pointee.anchorBX, rBy = p.pointee.anchorBY
        return ((vBx - wB * rBy) - (vAx - wA * rAy), (vBy + wB * rBx) - (vAy + wA * rAx))
    }

    /// Applies the impulse (px, py) at a contact point: to B, and its opposite to A.
    @inline(__always)
    mutating func apply(_ px: Lanes, _ py: Lanes, at p: UnsafeMutablePointer<PointLanes>) {
        vAx -= mA * px
        vAy -= mA * py
        wA -= iA * (p.pointee.anchorAX * py - p.pointee.anchorAY * px)
        vBx += mB * px
        vBy += mB * py
        wB += iB * (p.pointee.anchorBX * py - p.pointee.anchorBY * px)
    }

    /// Sets both points' normal impulses to their new totals and applies the change.
    @inline(__always)
    mutating func applyNormalImpulses(
        _ p0: UnsafeMutablePointer<PointLanes>, _ p1: UnsafeMutablePointer<PointLanes>, _ new0: Lanes, _ new1: Lanes,
        nx: Lanes, ny: Lanes
    ) {
        for pass in 0..<2 {
            let p = pass == 0 ? p0 : p1
            let new = pass == 0 ? new0 : new1
            let impulse = new - p.pointee.normalImpulse
            p.pointee.normalImpulse = new
            p.pointee.maxNormalImpulse = lanesMax(p.pointee.maxNormalImpulse, impulse)
            apply(impulse * nx, impulse * ny, at: p)
        }
    }

    /// One friction solve at a point along the tangent (tx, ty): the accumulated impulse `old`
    /// moves towards stopping the sliding, kept within ±`limit`; only in `lanes` when given.
    /// Returns the new total.
    @inline(__always)
    mutating func solveFriction(
        at p: UnsafeMutablePointer<PointLanes>, old: Lanes, limit: Lanes, tx: Lanes, ty: Lanes
    ) -> Lanes {
        let dv = relativeVelocity(at: p)
        let vt = dv.x * tx + dv.y * ty
        let new = lanesMin(lanesMax(old - p.pointee.tangentMass * vt, -limit), limit)
        let impulse = new - old
        apply(impulse * tx, impulse * ty, at: p)
        return new
    }

    /// Friction at both points of the solve pass, each bounded by its point's normal impulse.
    ///
    /// A call, on purpose, for the same reason as `storeThroughCall` (inlined, the solve pass
    /// took 13 % more instructions); one call for both points, not one each.
    @inline(never)
    mutating func solveFriction(
        _ p0: UnsafeMutablePointer<PointLanes>, _ p1: UnsafeMutablePointer<PointLanes>, friction: Lanes, nx: Lanes,
        ny: Lanes
    ) {
        p0.pointee.tangentImpulse = solveFriction(
            at: p0, old: p0.pointee.tangentImpulse, limit: friction * p0.pointee.normalImpulse, tx: ny, ty: -nx)
        p1.pointee.tangentImpulse = solveFriction(
            at: p1, old: p1.pointee.tangentImpulse, limit: friction * p1.pointee.normalImpulse, tx: ny, ty: -nx)
    }

    /// The same, only in `lanes`: elsewhere the impulse stays `old`.
    @inline(__always)
    mutating func solveFriction(
        at p: UnsafeMutablePointer<PointLanes>, old: Lanes, limit: Lanes, tx: Lanes, ty: Lanes, only lanes: LaneMask
    ) -> Lanes {
        let dv = relativeVelocity(at: p)
        let vt = dv.x * tx + dv.y * ty
        let new = old.replacing(with: lanesMin(lanesMax(old - p.pointee.tangentMass * vt, -limit), limit), where: lanes)
        let impulse = new - old
        apply(impulse * tx, impulse * ty, at: p)
        return new
    }
}

func warmStartContactBlocks(_ blocks: UnsafeMutableBufferPointer<ContactBlock>) {
    for k in 0..<blocks.count {
        let c = blocks.baseAddress! + k
        var bodies = BodyPairLanes(c)
        let nx = c.pointee.normalX, ny = c.pointee.normalY
        let tx = ny, ty = -nx
        for pass in 0..<2 {
            let p = pass == 0 ? c.pointer(to: \.p0)! : c.pointer(to: \.p1)!
            let px = p.pointee.normalImpulse * nx + p.pointee.tangentImpulse * tx
            let py = p.pointee.normalImpulse * ny + p.pointee.tangentImpulse * ty
            bodies.apply(px, py, at: p)
        }
        bodies.storeThroughCall()
    }
}

func solveContactBlocks(
    _ blocks: UnsafeMutableBufferPointer<ContactBlock>, contactSoftness soft: Softness, staticSoftness stiff: Softness,
    inv_h: Float, pushout: Float, useBias: Bool
) {
    let zero = Lanes(repeating: 0)
    let one = Lanes(repeating: 1)
    let softBias = Lanes(repeating: soft.biasRate), stiffBias = Lanes(repeating: stiff.biasRate)
    let softMassScale = Lanes(repeating: soft.massScale), stiffMassScale = Lanes(repeating: stiff.massScale)
    let softImpulseScale = Lanes(repeating: soft.impulseScale), stiffImpulseScale = Lanes(repeating: stiff.impulseScale)
    let minBias = Lanes(repeating: -pushout)
    let invH = Lanes(repeating: inv_h)
    let count = blocks.count
    for k in 0..<count {
        let c = blocks.baseAddress! + k
        var bA = (zero, zero, zero, zero), bB = bA
        var bodies = BodyPairLanes(c, motionA: &bA, motionB: &bB)
        let dpx = bB.0 - bA.0, dpy = bB.1 - bA.1
        let nx = c.pointee.normalX, ny = c.pointee.normalY
        let isStatic = c.pointee.isStatic
        let biasRate = useBias ? softBias.replacing(with: stiffBias, where: isStatic) : zero
        let softMass = useBias ? softMassScale.replacing(with: stiffMassScale, where: isStatic) : one
        let softImpulse = useBias ? softImpulseScale.replacing(with: stiffImpulseScale, where: isStatic) : zero
        let p0 = c.pointer(to: \.p0)!
        let p1 = c.pointer(to: \.p1)!

        // Non-penetration. Each point's current separation and normal velocity; a one-point
        // contact's second point has zero mass and gets no impulse.
        @inline(__always) func terms(_ p: UnsafeMutablePointer<PointLanes>) -> (s: Lanes, vn: Lanes) {
            let rAx = p.pointee.anchorAX, rAy = p.pointee.anchorAY
            let rBx = p.pointee.anchorBX, rBy = p.pointee.anchorBY
            // Current separation from the substep motion, normal held fixed.
            // Motion rows: displacement (0, 1), rotation cos and sin (2, 3).
            let qAx = bA.2 * rAx - bA.3 * rAy, qAy = bA.3 * rAx + bA.2 * rAy
            let qBx = bB.2 * rBx - bB.3 * rBy, qBy = bB.3 * rBx + bB.2 * rBy
            let s = p.pointee.baseSeparation + (dpx + qBx - qAx) * nx + (dpy + qBy - qAy) * ny
            let dv = bodies.relativeVelocity(at: p)
            return (s, dv.x * nx + dv.y * ny)
        }
        // Speculative where still apart: the gap may close within this substep.
        @inline(__always) func bias(_ s: Lanes) -> Lanes {
            lanesMax(biasRate * s, minBias).replacing(with: s * invH, where: s .> zero)
        }
        let (s0, vn0) = terms(p0)
        let (s1, vn1) = terms(p1)
        let t0 = (vn: vn0, bias: bias(s0)), t1 = (vn: vn1, bias: bias(s1))
        // A contact is rigid (speculative) only while all its points are apart; otherwise all
        // of it is soft. Deciding point by point would treat the two points of a flat contact
        // differently when one sits a hair above zero separation and the other a hair below:
        // the soft one gives way where the rigid one does not, and the body is set spinning.
        // Whether a point already carries impulse does not matter: a speculative contact
        // loaded earlier in the step must still stop its body at the surface, and a one-point
        // contact is then decided exactly as Box2D v3 decides it.
        let hasSecond = p1.pointee.normalMass .> zero
        let rigid = (s0 .> zero) .& ((s1 .> zero) .| .!hasSecond)
        let massScale = softMass.replacing(with: one, where: rigid)
        let impulseScale = softImpulse.replacing(with: zero, where: rigid)
        let old0 = p0.pointee.normalImpulse, old1 = p1.pointee.normalImpulse
        // Both at once, kept where both stay pushing.
        let r0 = t0.vn + t0.bias, r1 = t1.vn + t1.bias
        var new0 = old0 - massScale * (c.pointee.inverse11 * r0 + c.pointee.inverse12 * r1) - impulseScale * old0
        var new1 = old1 - massScale * (c.pointee.inverse12 * r0 + c.pointee.inverse22 * r1) - impulseScale * old1
        let asBlock = (c.pointee.inverse11 .> zero) .& (new0 .>= zero) .& (new1 .>= zero)
        // Elsewhere one point after the other (Gauss-Seidel): the second sees the first's
        // impulse through the coupling. (Skipped when every lane solved as a block, as in most
        // blocks of a resting pile.)
        if !all(asBlock) {
            let seq0 = lanesMax(old0 - p0.pointee.normalMass * massScale * r0 - impulseScale * old0, zero)
            let vn1Seq = t1.vn + c.pointee.coupling * (seq0 - old0)
            let seq1 = lanesMax(old1 - p1.pointee.normalMass * massScale * (vn1Seq + t1.bias) - impulseScale * old1, zero)
            new0 = seq0.replacing(with: new0, where: asBlock)
            new1 = seq1.replacing(with: new1, where: asBlock)
        }
        bodies.applyNormalImpulses(p0, p1, new0, new1, nx: nx, ny: ny)

        bodies.solveFriction(p0, p1, friction: c.pointee.friction, nx: nx, ny: ny)
        bodies.store()
    }
}

func applyRestitutionBlocks(
    _ blocks: UnsafeMutableBufferPointer<ContactBlock>, _ links: UnsafeBufferPointer<ContactBlockLinks>, threshold: Float
) {
    let zero = Lanes(repeating: 0)
    let minusThreshold = Lanes(repeating: -threshold)
    for k in 0..<blocks.count {
        let c = blocks.baseAddress! + k
        let e = links[k].restitution
        guard any(e .!= zero) else { continue }
        let approach0 = links[k].relativeVelocity0, approach1 = links[k].relativeVelocity1
        var bodies = BodyPairLanes(c)
        let nx = c.pointee.normalX, ny = c.pointee.normalY
        let p0 = c.pointer(to: \.p0)!, p1 = c.pointer(to: \.p1)!
        // Only points that closed faster than the threshold and carried load bounce.
        @inline(__always) func bouncing(_ p: UnsafeMutablePointer<PointLanes>, _ approach: Lanes) -> (
            active: LaneMask, vn: Lanes
        ) {
            let active = (approach .< minusThreshold) .& (p.pointee.maxNormalImpulse .> zero)
                .& (e .!= zero)
            let dv = bodies.relativeVelocity(at: p)
            return (active, dv.x * nx + dv.y * ny)
        }
        let b0 = bouncing(p0, approach0), b1 = bouncing(p1, approach1)
        guard any(b0.active .| b1.active) else { continue }
        let old0 = p0.pointee.normalImpulse, old1 = p1.pointee.normalImpulse
        let r0 = b0.vn + e * approach0, r1 = b1.vn + e * approach1
        var seq0 = lanesMax(old0 - p0.pointee.normalMass * r0, zero)
        seq0.replace(with: old0, where: .!b0.active)
        var seq1 = lanesMax(old1 - p1.pointee.normalMass * (r1 + c.pointee.coupling * (seq0 - old0)), zero)
        seq1.replace(with: old1, where: .!b1.active)
        // A flat landing bounces both points together, without spin.
        let block0 = old0 - (c.pointee.inverse11 * r0 + c.pointee.inverse12 * r1)
        let block1 = old1 - (c.pointee.inverse12 * r0 + c.pointee.inverse22 * r1)
        let asBlock = (c.pointee.inverse11 .> zero) .& b0.active .& b1.active .& (block0 .>= zero) .& (block1 .>= zero)
        bodies.applyNormalImpulses(
            p0, p1, seq0.replacing(with: block0, where: asBlock), seq1.replacing(with: block1, where: asBlock),
            nx: nx, ny: ny)
        bodies.store()
    }
}

extension World {
    /// Colours the step's touching contacts and prepares them into blocks of lanes: first the
    /// contacts between two moving bodies, then those against static bodies, each set
    /// coloured greedily (first colour where neither body is used yet). Preparing marks the
    /// bodies of struck contacts for the impact pass.
    func buildContactBlocks(_ context: StepContext) {
        let blocks = scratch.blocks
        var links = scratch.blockLinks
        var masks = scratch.colorMasks
        var bits = scratch.colorBits
        var colorOf = scratch.colorOf
        var colorCounts = scratch.colorCounts
        var firstBlock = scratch.colorFirstBlock
        var fill = scratch.colorFill
        var impactChanged = scratch.impactChanged
        scratch.blockLinks = []
        scratch.colorMasks = []
        scratch.colorBits = []
        scratch.colorOf = []
        scratch.colorCounts = []
        scratch.colorFirstBlock = []
        scratch.colorFill = []
        scratch.impactChanged = []
        // The blocks of the last step are kept and overwritten lane by lane (`prepare` writes
        // every field of its lane, `clearLane` the lanes left over): filling every block from
        // an empty template first copied some 1.4 KB a block, 2.8 MB a step at base 100.
        var used = 0
        var hasImpact = false

        for pass in 0..<2 {
            let count = pass == 0 ? scratch.contactReferences.count : scratch.staticContactReferences.count
            guard count > 0 else { continue }
            let list = pass == 0 ? scratch.contactReferences : scratch.staticContactReferences
            let colorCount = list.withUnsafeBufferPointer {
                colorContacts($0, bodyCount: awakeBodies.count, masks: &masks, overflow: &bits, colorOf: &colorOf,
                              colorCounts: &colorCounts)
            }
            // Lay the colours out one after another, a block of lanes at a time.
            firstBlock.removeAll(keepingCapacity: true)
            fill.removeAll(keepingCapacity: true)
            var next = used
            for color in 0..<colorCount {
                firstBlock.append(next)
                fill.append(0)
                next += (colorCounts[color] + laneCount - 1) / laneCount
            }
            if blocks.count < next {
                blocks.append(ContactBlock(dummy: scratch.dummyState), count: next - blocks.count)
                links.append(contentsOf: repeatElement(ContactBlockLinks(), count: next - links.count))
            }
            let passBlocks = used..<next
            used = next
            func prepareAll(
                _ list: UnsafeBufferPointer<ContactReference>, _ blocks: CacheAlignedBuffer<ContactBlock>,
                _ links: inout [ContactBlockLinks], _ colorOf: [Int32],
                _ firstBlock: [Int], _ fill: inout [Int], _ passBlocks: Range<Int>, _ changed: inout [UInt8],
                _ hasImpact: inout Bool,
                _ contacts: UnsafeBufferPointer<Contact>, _ integration: UnsafePointer<BodyIntegration>,
                _ states: UnsafeMutableBufferPointer<BodyState>, _ dummy: UnsafeMutablePointer<BodyState>,
                _ context: StepContext
            ) {
                // The colour tables through buffers: `fill`'s write checked the array's
                // uniqueness once a contact.
                blocks.withUnsafeMutableBufferPointer { bp in
                    links.withUnsafeMutableBufferPointer { lp in
                    changed.withUnsafeMutableBufferPointer { marks in
                    fill.withUnsafeMutableBufferPointer { fill in
                    colorOf.withUnsafeBufferPointer { colorOf in
                    firstBlock.withUnsafeBufferPointer { firstBlock in
                        // A block's solver terms, once its lanes are in; the bodies of struck
                        // contacts are marked for the impact pass. Blocks are independent, so
                        // the order they are prepared in changes nothing.
                        @inline(__always) func prepare(_ k: Int) {
                            let link = lp.baseAddress! + k
                            var struck = (bp.baseAddress! + k).pointee.prepareLanes(link, context)
                            guard struck != 0 else { return }
                            hasImpact = true
                            while struck != 0 {
                                let l = struck.trailingZeroBitCount
                                struck &= struck - 1
                                let a = link.pointee.indexA[l], b = link.pointee.indexB[l]
                                if a >= 0 { marks[Int(a)] = 1 }
                                if b >= 0 { marks[Int(b)] = 1 }
                            }
                        }
                        // The contacts in the list's order (their records are read in the
                        // order they lie in memory); a block is prepared as soon as its last
                        // lane is in, while it is still in the cache. Prepared after all were
                        // filled, the blocks (2 MB at base 100) went out to L2 and came back.
                        for i in 0..<list.count {
                            let color = Int(colorOf[i])
                            let slot = fill[color]
                            fill[color] = slot + 1
                            let k = firstBlock[color] + slot / laneCount
                            let contact = contacts.baseAddress! + Int(list[i].contact)
                            (bp.baseAddress! + k).pointee.prepareInputs(
                                lane: slot % laneCount, contactIndex: list[i].contact, contact, indexA: list[i].indexA,
                                indexB: list[i].indexB, lp.baseAddress! + k, integration, states, dummy: dummy)
                            if slot % laneCount == laneCount - 1 { prepare(k) }
                        }
                        // The lanes after each colour's last contact are empty; that block is
                        // prepared now.
                        for color in 0..<fill.count where fill[color] % laneCount != 0 {
                            let k = firstBlock[color] + fill[color] / laneCount
                            for l in fill[color] % laneCount..<laneCount {
                                (bp.baseAddress! + k).pointee.clearLane(l, dummy: dummy)
                                (lp.baseAddress! + k).pointee.clearLane(l)
                            }
                            prepare(k)
                        }
                    }
                    }
                    }
                    }
                    }
                }
            }
            list.withUnsafeBufferPointer { listBuffer in
                contacts.withUnsafeBufferPointer { contactBuffer in
                    scratch.integration.withUnsafeBufferPointer { integrationBuffer in
                        // Mutable access makes the states' storage unique now (a keyframe may
                        // share it): the blocks keep pointers into it for the whole step.
                        states.withUnsafeMutableBufferPointer { stateBuffer in
                            scratch.blockStates = UnsafeMutableRawPointer(stateBuffer.baseAddress)
                            prepareAll(
                                listBuffer, blocks, &links, colorOf, firstBlock, &fill, passBlocks, &impactChanged, &hasImpact,
                                contactBuffer, integrationBuffer.baseAddress!, stateBuffer, scratch.dummyState, context)
                        }
                    }
                }
            }
        }
        if blocks.count > used {
            blocks.removeLast(blocks.count - used)
            links.removeLast(links.count - used)
        }
        // The impact pass keeps one entry per block: grown with the blocks, not on first use.
        if scratch.impacts.capacity < blocks.count { scratch.impacts.reserveCapacity(blocks.capacity) }
        scratch.blockLinks = links
        scratch.colorMasks = masks
        scratch.colorBits = bits
        scratch.colorOf = colorOf
        scratch.colorCounts = colorCounts
        scratch.colorFirstBlock = firstBlock
        scratch.colorFill = fill
        scratch.impactChanged = impactChanged
        scratch.hasImpact = hasImpact
    }
}

/// The impact pass's own impulses, four contacts to a block. They are kept apart from the
/// soft solver's accumulated impulses, which warm start the substeps: an impact is over once
/// resolved, and must not be applied again at every substep.
struct ImpactLanes {
    var normal0 = Lanes(), normal1 = Lanes(), tangent0 = Lanes(), tangent1 = Lanes()
}

/// The impact pass's index of which blocks each awake body is in, and the blocks and bodies
/// of the sweep under way; kept from step to step.
struct ImpactSweepScratch {
    /// Per awake body, where its blocks start in `blockList` (one more entry than bodies).
    var offsets: [Int32] = []
    /// Each body's blocks, ascending (a body is in a block at most once: one colour).
    var blockList: [Int32] = []
    /// One bit per block: those the next sweep visits.
    var words: [UInt64] = []
    /// The bodies the last sweep changed, and (room for one entry per body) those this one does.
    var changedList: [Int32] = []
    var nextList: [Int32] = []

    mutating func prepare(links: [ContactBlockLinks], bodyCount: Int) {
        offsets.removeAll(keepingCapacity: true)
        offsets.append(contentsOf: repeatElement(0, count: bodyCount + 1))
        links.withUnsafeBufferPointer { bp in
        offsets.withUnsafeMutableBufferPointer { o in
            for k in 0..<bp.count {
                let indexA = bp[k].indexA, indexB = bp[k].indexB
                for l in 0..<laneCount {
                    let a = indexA[l], b = indexB[l]
                    if a >= 0 { o[Int(a) + 1] += 1 }
                    if b >= 0 { o[Int(b) + 1] += 1 }
                }
            }
            for i in 0..<bodyCount { o[i + 1] += o[i] }
        }
        }
        blockList.removeAll(keepingCapacity: true)
        blockList.append(contentsOf: repeatElement(0, count: Int(offsets[bodyCount])))
        nextList.removeAll(keepingCapacity: true)
        nextList.append(contentsOf: repeatElement(0, count: bodyCount))
        changedList.removeAll(keepingCapacity: true)
        words.removeAll(keepingCapacity: true)
        words.append(contentsOf: repeatElement(0, count: (links.count + 63) >> 6))
        // Filled through a running copy of the offsets (the last entry is never read).
        links.withUnsafeBufferPointer { bp in
        offsets.withUnsafeMutableBufferPointer { o in
            blockList.withUnsafeMutableBufferPointer { list in
                for k in 0..<bp.count {
                    let indexA = bp[k].indexA, indexB = bp[k].indexB
                    for l in 0..<laneCount {
                        let a = indexA[l], b = indexB[l]
                        if a >= 0 { list[Int(o[Int(a)])] = Int32(k); o[Int(a)] += 1 }
                        if b >= 0 { list[Int(o[Int(b)])] = Int32(k); o[Int(b)] += 1 }
                    }
                }
            }
            // Each body's start is now the next one's: shift back.
            for i in stride(from: bodyCount, to: 0, by: -1) { o[i] = o[i - 1] }
            o[0] = 0
        }
        }
    }

    /// Marks the blocks of `bodies` in `words`.
    mutating func markBlocks(of bodies: [Int32], blockCount: Int) {
        offsets.withUnsafeBufferPointer { o in
            blockList.withUnsafeBufferPointer { list in
                words.withUnsafeMutableBufferPointer { w in
                    for body in bodies {
                        for j in Int(o[Int(body)])..<Int(o[Int(body) + 1]) {
                            let k = Int(list[j])
                            w[k >> 6] |= 1 << UInt64(k & 63)
                        }
                    }
                }
            }
        }
    }
}

/// One Gauss-Seidel sweep of the impact pass (see `World.solveImpacts`) over the blocks
/// marked in `marks` (clearing them), in order, which are those with a body marked in
/// `changed`: rigid, velocity only, perfectly inelastic, with friction. Each point may
/// approach only as fast as closes its gap by the end of the step. Contacts with restitution
/// are left to the restitution pass. Marks in `next` the bodies this sweep changed by more
/// than `tolerance` (m/s), lists them in `nextList`, and returns how many it listed.
func solveImpactBlocks(
    _ blocks: UnsafeMutableBufferPointer<ContactBlock>, _ links: UnsafeBufferPointer<ContactBlockLinks>,
    _ impacts: UnsafeMutableBufferPointer<ImpactLanes>, inv_dt: Float,
    changed: UnsafePointer<UInt8>, next: UnsafeMutablePointer<UInt8>, tolerance: Float,
    marks: UnsafeMutableBufferPointer<UInt64>, nextList: UnsafeMutablePointer<Int32>
) -> Int {
    let zero = Lanes(repeating: 0)
    let invDt = Lanes(repeating: inv_dt)
    var marked = 0
    @inline(__always) func mark(_ i: Int32) {
        if next[Int(i)] == 0 {
            next[Int(i)] = 1
            nextList[marked] = i
            marked += 1
        }
    }
    for w in 0..<marks.count {
      while marks[w] != 0 {
        let k = w << 6 | marks[w].trailingZeroBitCount
        marks[w] &= marks[w] - 1
        let c = blocks.baseAddress! + k
        let indexA = links[k].indexA, indexB = links[k].indexB
        // Only the lanes with a changed body are swept: the others keep their impulses, so
        // the result does not depend on which contacts share a block.
        // Gathered as the bits of an integer, then spread to the lanes at once: writing a
        // mask lane by lane stored and reloaded the whole vector at each lane (a stalled
        // store forward), some 30 % of the pass.
        // Without branches (which of a block's bodies changed is data the predictor cannot
        // learn): a static body or empty lane (-1) reads entry 0 and masks it off.
        var touchedBits: Int32 = 0
        for l in 0..<laneCount {
            let a = indexA[l], b = indexB[l]
            let hitA = changed[Int(max(a, 0))] & UInt8(truncatingIfNeeded: ~(a >> 31))
            let hitB = changed[Int(max(b, 0))] & UInt8(truncatingIfNeeded: ~(b >> 31))
            touchedBits |= Int32(hitA | hitB != 0 ? 1 : 0) << Int32(l)
        }
        let touched = laneMask(bits: touchedBits)
        let q = impacts.baseAddress! + k
        var bodies = BodyPairLanes(c)
        let nx = c.pointee.normalX, ny = c.pointee.normalY
        let inelastic = (links[k].restitution .== zero) .& touched
        let p0 = c.pointer(to: \.p0)!, p1 = c.pointer(to: \.p1)!
        @inline(__always) func residual(_ p: UnsafeMutablePointer<PointLanes>) -> Lanes {
            let rAx = p.pointee.anchorAX, rAy = p.pointee.anchorAY
            let rBx = p.pointee.anchorBX, rBy = p.pointee.anchorBY
            let s = p.pointee.baseSeparation + (rBx - rAx) * nx + (rBy - rAy) * ny
            let dv = bodies.relativeVelocity(at: p)
            return dv.x * nx + dv.y * ny + lanesMax(s, zero) * invDt
        }
        let r0 = residual(p0), r1 = residual(p1)
        let old0 = q.pointee.normal0, old1 = q.pointee.normal1
        let seq0 = lanesMax(old0 - p0.pointee.normalMass * r0, zero)
        let seq1 = lanesMax(old1 - p1.pointee.normalMass * (r1 + c.pointee.coupling * (seq0 - old0)), zero)
        let block0 = old0 - (c.pointee.inverse11 * r0 + c.pointee.inverse12 * r1)
        let block1 = old1 - (c.pointee.inverse12 * r0 + c.pointee.inverse22 * r1)
        let asBlock = (c.pointee.inverse11 .> zero) .& (block0 .>= zero) .& (block1 .>= zero)
        let new0 = old0.replacing(with: seq0.replacing(with: block0, where: asBlock), where: inelastic)
        let new1 = old1.replacing(with: seq1.replacing(with: block1, where: asBlock), where: inelastic)
        q.pointee.normal0 = new0
        q.pointee.normal1 = new1
        bodies.apply((new0 - old0) * nx, (new0 - old0) * ny, at: p0)
        bodies.apply((new1 - old1) * nx, (new1 - old1) * ny, at: p1)
        @inline(__always) func magnitude(_ x: Lanes) -> Lanes { lanesMax(x, -x) }
        var change = magnitude(new0 - old0) + magnitude(new1 - old1)

        // Friction, bounded by the impact's own normal impulse.
        let friction = c.pointee.friction
        for pass in 0..<2 {
            let p = pass == 0 ? p0 : p1
            let old = pass == 0 ? q.pointee.tangent0 : q.pointee.tangent1
            let newImpulse = bodies.solveFriction(
                at: p, old: old, limit: friction * (pass == 0 ? new0 : new1), tx: ny, ty: -nx, only: touched)
            if pass == 0 { q.pointee.tangent0 = newImpulse } else { q.pointee.tangent1 = newImpulse }
            change += magnitude(newImpulse - old)
        }
        bodies.store()

        // A body whose velocity changed by more than the tolerance makes its contacts worth
        // another sweep.
        let moved = change * lanesMax(bodies.mA, bodies.mB) .> Lanes(repeating: tolerance)
        // The moved lanes as bits, visited in ascending order as before: most blocks have
        // none or one, and testing each lane of the mask extracted it from the vector.
        var movedBits = laneBits(moved)
        while movedBits != 0 {
            let l = movedBits.trailingZeroBitCount
            movedBits &= movedBits - 1
            if indexA[l] >= 0 { mark(indexA[l]) }
            if indexB[l] >= 0 { mark(indexB[l]) }
        }
      }
    }
    return marked
}

/// Colours `list` greedily, in order: each contact takes the first colour in which neither of
/// its awake bodies (indices below `bodyCount`, -1 for a static body) is used yet. Returns how
/// many colours were used; `colorOf[i]` is contact i's colour and `colorCounts[c]` the size of
/// colour c.
///
/// Each body keeps the set of the first 64 colours it is in (`masks`), so a contact's colour
/// is the lowest bit set in neither of its bodies' sets: one step instead of a test per
/// colour tried. Only a contact whose two bodies are together in all 64 already looks
/// further, through one bit set of bodies per colour past 64 (`overflow`): the same first fit.
package func colorContacts(
    _ list: UnsafeBufferPointer<ContactReference>, bodyCount: Int, masks: inout [UInt64], overflow: inout [UInt64],
    colorOf: inout [Int32], colorCounts: inout [Int]
) -> Int {
    masks.removeAll(keepingCapacity: true)
    masks.append(contentsOf: repeatElement(0, count: bodyCount))
    colorOf.removeAll(keepingCapacity: true)
    colorOf.append(contentsOf: repeatElement(0, count: list.count))
    overflow.removeAll(keepingCapacity: true)
    let words = (bodyCount + 63) >> 6
    var colorCount = 0
    masks.withUnsafeMutableBufferPointer { maskBuffer in
        colorOf.withUnsafeMutableBufferPointer { colorBuffer in
            let mask = maskBuffer.baseAddress!
            for i in 0..<list.count {
                let a = Int(list[i].indexA), b = Int(list[i].indexB)
                let used = (a >= 0 ? mask[a] : 0) | (b >= 0 ? mask[b] : 0)
                var color: Int
                if used != .max {
                    color = (~used).trailingZeroBitCount
                    let bit: UInt64 = 1 << UInt64(color)
                    if a >= 0 { mask[a] |= bit }
                    if b >= 0 { mask[b] |= bit }
                } else {
                    color = 64 + firstFreeOverflowColor(a, b, words: words, &overflow)
                }
                colorBuffer[i] = Int32(color)
                colorCount = max(colorCount, color + 1)
            }
        }
    }
    colorCounts.removeAll(keepingCapacity: true)
    colorCounts.append(contentsOf: repeatElement(0, count: colorCount))
    // Through buffers: the array's write checked its uniqueness once a contact.
    colorCounts.withUnsafeMutableBufferPointer { counts in
        colorOf.withUnsafeBufferPointer { colors in
            for c in colors { counts[Int(c)] += 1 }
        }
    }
    return colorCount
}

/// The first colour past 64 in which neither awake body `a` nor `b` (-1: static) is used yet,
/// marked used for both; `overflow` holds one bit set of `words` words per such colour and
/// grows by a colour when none fits.
private func firstFreeOverflowColor(_ a: Int, _ b: Int, words: Int, _ overflow: inout [UInt64]) -> Int {
    var color = 0
    while true {
        if overflow.count == color * words { overflow.append(contentsOf: repeatElement(0, count: words)) }
        let base = color * words
        let freeA = a < 0 || overflow[base + a >> 6] & (1 << UInt64(a & 63)) == 0
        let freeB = b < 0 || overflow[base + b >> 6] & (1 << UInt64(b & 63)) == 0
        if freeA && freeB {
            if a >= 0 { overflow[base + a >> 6] |= 1 << UInt64(a & 63) }
            if b >= 0 { overflow[base + b >> 6] |= 1 << UInt64(b & 63) }
            return color
        }
        color += 1
    }
}
