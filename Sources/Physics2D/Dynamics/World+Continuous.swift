// Continuous collision: a dynamic body that moved farther than speculative contacts reach
// in one step, and might thereby have met something they did not see (`needsSweep`), is
// swept from where it started the step to where it ended, against static and kinematic
// shapes (bullets also against every dynamic shape not being swept this step), and stopped
// at the first time of impact, keeping its velocity. Speculative contacts then handle the
// touch next step.

/// A body that moves less than this fraction of its smallest extent in a step cannot pass
/// through anything by the discrete pass alone: the push-out still finds its centre on the
/// side it came from (Box2D v3's safety factor, `b2FinalizeBodiesTask`).
let continuousSafetyFactor: Float = 0.5

extension World {
    /// Whether a dynamic body that moved `motion` this step, farther than the speculative
    /// margin, must be swept. Not when it is no bullet and its path stays clear of
    /// `obstacles` (`sweepObstacleBounds`): its sweep stops only at static and kinematic
    /// shapes, and would find none (Box2D's joint grid, whose 10,000 swinging circles were
    /// swept every step past seven static ones). Nor when all three hold, so the discrete
    /// pass has already seen everything it can reach (a pile settling, where some 700 boxes a
    /// step at base 100 move a few centimetres and every sweep found nothing, its time of
    /// impact 0 or 1):
    /// 1. it moved less than half its smallest extent, so it cannot have passed through
    ///    anything (Box2D v3 sweeps only past this);
    /// 2. each shape's sweep from start to end pose (both poses' boxes, grown by how far a
    ///    turning corner bows out between them) stays inside its fat box, so every shape it
    ///    passed over was paired with it by the broad phase this step (fat boxes that do not
    ///    overlap have no contact) and the solver saw it. One it merely came within the
    ///    speculative margin of is paired at the next step's start, before the body moves on:
    ///    its box then reached past the fat box, so its proxy moved. (The sweep grown by that
    ///    margin as well swept every body of a settling pile whose proxy was about to move,
    ///    158 a step over base 100's first 60 steps, for nothing);
    /// 3. every such contact without manifold points is out of reach: the other shape's box,
    ///    grown by the speculative margin and by the other body's own reach this step, clears
    ///    this body's sweep. The contacts with points are rigid while apart (speculative), so
    ///    the solver stopped it at their surface.
    /// Otherwise it is swept, so an item that lands at any speed still stops on the surface
    /// instead of sinking a step's travel into it (Box2D v3 lets a body sink up to half its
    /// size for a few frames).
    func needsSweep(
        _ body: UnsafeMutablePointer<Body>, motion: Float, dt: Float, obstacles: AABB?,
        bodies: UnsafeMutableBufferPointer<Body>, states: UnsafeMutableBufferPointer<BodyState>
    ) -> Bool {
        if !body.pointee.isBullet {
            guard let obstacles else { return false }
            // Every point of the body stays within its largest extent of its centre, which the
            // sweep moves straight from its start to its end.
            let c0 = body.pointee.center0, c1 = body.pointee.center
            let reach = Vec2(body.pointee.maxExtent, body.pointee.maxExtent)
            let path = AABB(lowerBound: minVec(c0, c1) - reach, upperBound: maxVec(c0, c1) + reach)
            if !path.overlaps(obstacles) { return false }
        }
        if motion >= continuousSafetyFactor * body.pointee.minExtent { return true }
        let q0 = body.pointee.rotation0
        let start = Transform(p: body.pointee.center0 - q0.rotate(body.pointee.localCenter), q: q0)
        let end = body.pointee.transform
        // A point at distance r from the centre, turning through θ, strays from the straight
        // path between its two poses by at most r (1 - cos θ/2); cos θ/2 from cos θ.
        let cosTurn = q0.c * end.q.c + q0.s * end.q.s
        let bow = body.pointee.maxExtent * (1 - max(0, 0.5 * (1 + cosTurn)).squareRoot())
        return shapes.withUnsafeBufferPointer { shapeList in
            let shapeBase = shapeList.baseAddress!
            var reach: AABB? = nil
            var s = body.pointee.shapeHead
            while s != -1 {
                let shape = shapeBase + Int(s)
                s = shape.pointee.nextShape
                guard shape.pointee.filter.categoryBits != 0 || shape.pointee.filter.maskBits != 0 else { continue }
                guard shape.pointee.proxyKey != -1 else { return true }
                let geometry = shape.pointer(to: \.geometry)!
                let swept = ShapeGeometry.computeAABB(geometry, start).union(ShapeGeometry.computeAABB(geometry, end))
                guard shape.pointee.fatAABB.contains(swept.fattened(by: bow)) else { return true }
                reach = reach.map { $0.union(swept) } ?? swept
            }
            guard let reach else { return false }
            // Only a contact without points can fail condition 3, and this step's narrow phase
            // marked every body it left one to (unless a body woke since, whose contacts with
            // bodies asleep then it did not see): the walk below, a cache miss or two a contact,
            // is skipped for the rest (in a settling pile, nearly every body it reaches).
            if body.pointee.pointlessContactStamp != collideStamp - 1 && awakeSetVersion == scratch.collideAwakeSetVersion {
                return false
            }
            return contacts.withUnsafeBufferPointer { contactList in
                var key = body.pointee.contactHead
                while key != -1 {
                    let contact = contactList.baseAddress! + Int(key >> 1)
                    let isA = key & 1 == 0
                    key = isA ? contact.pointee.nextA : contact.pointee.nextB
                    guard contact.pointee.manifold.pointCount == 0 else { continue }
                    let other = shapeBase + Int(isA ? contact.pointee.shapeB : contact.pointee.shapeA)
                    // The other body's aabb is still the one of its start pose (boxes are
                    // updated after every body has moved): grow it by how far it may have come.
                    var margin = Tolerance.speculativeDistance
                    let otherBody = bodies.baseAddress! + Int(other.pointee.body)
                    let awake = otherBody.pointee.awakeIndex
                    if awake >= 0 {
                        let state = states[Int(awake)]
                        margin += (state.linearVelocity.length + abs(state.angularVelocity) * otherBody.pointee.maxExtent) * dt
                    }
                    if other.pointee.aabb.fattened(by: margin).overlaps(reach) { return true }
                }
                return false
            }
        }
    }

    /// The box around every shape a non-bullet's sweep may stop at this step: the static
    /// tree's; everything when there are kinematic proxies (their boxes are this step's only
    /// once every body has moved); nil when there is neither.
    func sweepObstacleBounds() -> AABB? {
        let trees = broadPhase.trees
        if trees[BodyType.kinematic.rawValue].proxyCount > 0 {
            return AABB(lowerBound: Vec2(-.infinity, -.infinity), upperBound: Vec2(.infinity, .infinity))
        }
        let statics = trees[BodyType.static.rawValue]
        return statics.proxyCount > 0 ? statics.rootBounds : nil
    }

    func solveContinuous() {
        // Two passes: every sweep first, reading the world in place; then the poses and boxes,
        // in the same order. A sweep reads no fast body's pose or box (fast bodies are not
        // obstacles, and a box grown only adds fast proxies to what a query finds), so its
        // result is the same as when each body was moved right after its own sweep; read in
        // place, a pile's settling wave (some 1,500 bullets a step at base 100, each finding
        // half a dozen touching neighbours) no longer copies records and retains storage per
        // shape.
        var fractions = scratch.sweepFractions
        scratch.sweepFractions = []
        fractions.removeAll(keepingCapacity: true)
        // Taken out once for every sweep (none changes them): read through `self` in a
        // query's callback, each lookup copied them, retaining and releasing their storage.
        let broadPhase = self.broadPhase, contactMap = self.contactMap, customFilter = self.customFilter
        bodies.withUnsafeBufferPointer { bodyList in
            shapes.withUnsafeBufferPointer { shapeList in
                contacts.withUnsafeBufferPointer { contactList in
                    scratch.fastBodies.withUnsafeBufferPointer { fastBodies in
                        for n in 0..<fastBodies.count {
                            fractions.append(
                                sweepFraction(
                                    fastBodies[n], skipsTouching: !scratch.fastBodyMayTunnel[n], bodies: bodyList,
                                    shapes: shapeList, contacts: contactList, broadPhase: broadPhase,
                                    contactMap: contactMap, customFilter: customFilter))
                        }
                    }
                }
            }
        }
        bodies.withUnsafeMutableBufferPointer { bodyList in
            shapes.withUnsafeMutableBufferPointer { shapeList in
                for (n, bodyIndex) in scratch.fastBodies.enumerated() {
                    let body = bodyList.baseAddress! + Int(bodyIndex)
                    if fractions[n] < 1 {
                        let sweep = Sweep(
                            localCenter: body.pointee.localCenter, c1: body.pointee.center0, c2: body.pointee.center,
                            q1: body.pointee.rotation0, q2: body.pointee.transform.q)
                        let xf = sweep.transform(at: fractions[n])
                        body.pointee.transform = xf
                        body.pointee.center = xf.apply(body.pointee.localCenter)
                    }
                    body.pointee.center0 = body.pointee.center
                    body.pointee.rotation0 = body.pointee.transform.q
                    updateBodyAABBs(body, shapes: shapeList)
                }
            }
        }
        scratch.sweepFractions = fractions
        // Cleared only now, so that no fast body is an obstacle to another, whatever the order.
        for bodyIndex in scratch.fastBodies { bodies[Int(bodyIndex)].isFast = false }
    }

    /// How far along its sweep (0-1) fast body `bodyIndex` first meets something it must
    /// stop at; 1 when nothing.
    private func sweepFraction(
        _ bodyIndex: Int32, skipsTouching: Bool, bodies: UnsafeBufferPointer<Body>, shapes: UnsafeBufferPointer<Shape>,
        contacts: UnsafeBufferPointer<Contact>, broadPhase: BroadPhase, contactMap: PairMap,
        customFilter: ((ShapeID, ShapeID) -> Bool)?
    ) -> Float {
        let body = bodies.baseAddress! + Int(bodyIndex)
        // Swept only because something was near that the discrete pass may not have seen
        // (`needsSweep`): when it moved less than half its size (`skipsTouching`), what it has
        // speculative points with stopped it already (those points are rigid while apart) and
        // it cannot have passed through it; the sweep skips those shapes (most of a pile's).
        let isBullet = body.pointee.isBullet
        let sweep = Sweep(
            localCenter: body.pointee.localCenter, c1: body.pointee.center0, c2: body.pointee.center,
            q1: body.pointee.rotation0, q2: body.pointee.transform.q)
        let start = sweep.transform(at: 0), end = body.pointee.transform
        var fraction: Float = 1
        var s = body.pointee.shapeHead
        while s != -1 {
            let fastIndex = s
            let fast = shapes.baseAddress! + Int(s)
            s = fast.pointee.nextShape
            let filter = fast.pointee.filter
            guard filter.categoryBits != 0 || filter.maskBits != 0 else { continue }
            let geometry = fast.pointer(to: \.geometry)!
            let box = ShapeGeometry.computeAABB(geometry, start).union(ShapeGeometry.computeAABB(geometry, end))
            // Built when a shape is first found that the sweep must test: in a pile, most
            // sweeps find only touching neighbours.
            var proxies: (fast: ShapeProxy, end: ShapeProxy)? = nil
            // Only a bullet stops at dynamic bodies: for any other body their tree (most of
            // the proxies) holds nothing to find.
            broadPhase.query(box, includingDynamic: isBullet) { otherIndex in
                let other = shapes.baseAddress! + Int(otherIndex)
                guard other.pointee.isAlive, other.pointee.body != bodyIndex else { return true }
                let otherBody = bodies.baseAddress! + Int(other.pointee.body)
                switch otherBody.pointee.type {
                case .static, .kinematic:
                    break
                case .dynamic:
                    // A bullet stops at any dynamic body that is not itself being swept this
                    // step (its pose is final and it moved within the speculative margin),
                    // other bullets included: items falling fast onto a resting pile would
                    // otherwise sink deep into it and be thrown back out.
                    guard isBullet && !otherBody.pointee.isFast else { return true }
                }
                guard filter.shouldCollide(with: other.pointee.filter) else { return true }
                // Each test skips the shape, and none has an effect: the cheapest first (most
                // of a pile's neighbours are touching, and the custom filter calls out).
                if skipsTouching, let contact = contactMap[pairKey(fastIndex, otherIndex)],
                    contacts[Int(contact)].manifold.pointCount > 0
                {
                    return true
                }
                guard !self.jointPreventsCollision(bodyIndex, other.pointee.body) else { return true }
                if let customFilter, !customFilter(self.shapeID(fastIndex), self.shapeID(otherIndex)) {
                    return true
                }
                if proxies == nil {
                    let fastProxy = ShapeProxy(geometry.pointee)
                    proxies = (fastProxy, fastProxy.transformed(by: end))
                }
                let otherGeometry = other.pointee.geometry
                if case .chainSegment(let chain) = otherGeometry {
                    // One-sided: ignore a sweep that starts behind the segment. One whose centre
                    // ends in front still counts when the shape sank past the speculative margin
                    // (a box landing fast on the ground); one that merely slides along it does
                    // not, so sliding never pauses.
                    let centroid = geometry.pointee.centroid
                    let p1 = otherBody.pointee.transform.apply(chain.segment.point1)
                    let e = otherBody.pointee.transform.q.rotate(chain.segment.point2 - chain.segment.point1)
                    let offset1 = cross(start.apply(centroid) - p1, e)
                    let offset2 = cross(end.apply(centroid) - p1, e)
                    if offset1 < 0 || offset1 == offset2 { return true }
                    if offset2 > 0 {
                        let front = e.rightPerp.normalized
                        let deepest = proxies!.end.support(-1 * front).point
                        let depth = -(dot(deepest - p1, front) - proxies!.end.radius)
                        if depth < Tolerance.speculativeDistance { return true }
                    }
                }
                let otherSweep = Sweep(
                    localCenter: otherBody.pointee.localCenter, c1: otherBody.pointee.center,
                    c2: otherBody.pointee.center, q1: otherBody.pointee.transform.q, q2: otherBody.pointee.transform.q)
                let otherProxy = ShapeProxy(otherGeometry)
                var output = timeOfImpact(
                    proxyA: otherProxy, sweepA: otherSweep, proxyB: proxies!.fast, sweepB: sweep, maxFraction: fraction)
                if output.fraction == 0 {
                    // Already touching at the start: sweep a small core of the shape instead, so
                    // a body resting on a surface can still not be pushed through it.
                    let centroid = geometry.pointee.centroid
                    let extent = self.shapeExtent(geometry.pointee, about: centroid)
                    let core = ShapeProxy(.circle(Circle(center: centroid, radius: 0.25 * extent.min)))
                    output = timeOfImpact(
                        proxyA: otherProxy, sweepA: otherSweep, proxyB: core, sweepB: sweep, maxFraction: fraction)
                }
                if output.fraction > 0 && output.fraction < fraction {
                    fraction = output.fraction
                }
                return true
            }
        }
        return fraction
    }
}
