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
    /// margin, must be swept. Not when all three hold, so the discrete pass has already seen
    /// everything it can reach (a pile settling, where some 700 boxes a step at base 100 move
    /// a few centimetres and every sweep found nothing, its time of impact 0 or 1):
    /// 1. it moved less than half its smallest extent, so it cannot have passed through
    ///    anything (Box2D v3 sweeps only past this);
    /// 2. each shape's sweep from start to end pose, grown by the speculative margin, stays
    ///    inside its fat box, so every shape it can reach was paired with it by the broad
    ///    phase this step (fat boxes that do not overlap have no contact), and one that was
    ///    not is too far for a body that moved less than the margin to come into its way;
    /// 3. every such contact without manifold points is out of reach: the other shape's box,
    ///    grown by the speculative margin and by the other body's own reach this step, clears
    ///    this body's sweep. The contacts with points are rigid while apart (speculative), so
    ///    the solver stopped it at their surface.
    /// Otherwise it is swept, so an item that lands at any speed still stops on the surface
    /// instead of sinking a step's travel into it (Box2D v3 lets a body sink up to half its
    /// size for a few frames).
    func needsSweep(
        _ body: UnsafeMutablePointer<Body>, motion: Float, dt: Float, bodies: UnsafeMutableBufferPointer<Body>,
        states: UnsafeMutableBufferPointer<BodyState>
    ) -> Bool {
        if motion >= continuousSafetyFactor * body.pointee.minExtent { return true }
        let q0 = body.pointee.rotation0
        let start = Transform(p: body.pointee.center0 - q0.rotate(body.pointee.localCenter), q: q0)
        let end = body.pointee.transform
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
                guard shape.pointee.fatAABB.contains(swept.fattened(by: Tolerance.speculativeDistance)) else { return true }
                reach = reach.map { $0.union(swept) } ?? swept
            }
            guard let reach else { return false }
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

    func solveContinuous() {
        for (n, bodyIndex) in scratch.fastBodies.enumerated() {
            var body = bodies[Int(bodyIndex)]
            // Swept only because something was near that the discrete pass may not have seen
            // (`needsSweep`): it moved less than half its size, so what it has speculative
            // points with stopped it already (those points are rigid while apart) and it cannot
            // have passed through it; the sweep skips those shapes (most of a pile's).
            let skipsTouching = !scratch.fastBodyMayTunnel[n]
            let sweep = Sweep(
                localCenter: body.localCenter, c1: body.center0, c2: body.center, q1: body.rotation0,
                q2: body.transform.q)
            let start = sweep.transform(at: 0)
            var fraction: Float = 1
            var s = body.shapeHead
            while s != -1 {
                let fastIndex = s
                let fast = shapes[Int(s)]
                s = fast.nextShape
                guard fast.filter.categoryBits != 0 || fast.filter.maskBits != 0 else { continue }
                let box = fast.geometry.computeAABB(start).union(fast.geometry.computeAABB(body.transform))
                let fastProxy = ShapeProxy(fast.geometry)
                let endProxy = fastProxy.transformed(by: body.transform)
                let centroidStart = start.apply(fast.geometry.centroid)
                let centroidEnd = body.transform.apply(fast.geometry.centroid)
                // Only a bullet stops at dynamic bodies: for any other body their tree (most
                // of the proxies) holds nothing to find.
                broadPhase.query(box, includingDynamic: body.isBullet) { otherIndex in
                    let other = self.shapes[Int(otherIndex)]
                    guard other.isAlive, other.body != bodyIndex else { return true }
                    let otherBody = self.bodies[Int(other.body)]
                    switch otherBody.type {
                    case .static, .kinematic:
                        break
                    case .dynamic:
                        // A bullet stops at any dynamic body that is not itself being swept
                        // this step (its pose is final and it moved within the speculative
                        // margin), other bullets included: items falling fast onto a resting
                        // pile would otherwise sink deep into it and be thrown back out.
                        guard body.isBullet && !otherBody.isFast else { return true }
                    }
                    guard fast.filter.shouldCollide(with: other.filter),
                        !self.jointPreventsCollision(bodyIndex, other.body)
                    else { return true }
                    if let customFilter = self.customFilter,
                        !customFilter(self.shapeID(fastIndex), self.shapeID(otherIndex))
                    {
                        return true
                    }
                    if skipsTouching, let contact = self.contactMap[pairKey(fastIndex, otherIndex)],
                        self.contacts[Int(contact)].manifold.pointCount > 0
                    {
                        return true
                    }
                    if case .chainSegment(let chain) = other.geometry {
                        // One-sided: ignore a sweep that starts behind the segment. One whose
                        // centre ends in front still counts when the shape sank past the
                        // speculative margin (a box landing fast on the ground); one that
                        // merely slides along it does not, so sliding never pauses.
                        let p1 = otherBody.transform.apply(chain.segment.point1)
                        let e = otherBody.transform.q.rotate(chain.segment.point2 - chain.segment.point1)
                        let offset1 = cross(centroidStart - p1, e)
                        let offset2 = cross(centroidEnd - p1, e)
                        if offset1 < 0 || offset1 == offset2 { return true }
                        if offset2 > 0 {
                            let front = e.rightPerp.normalized
                            let deepest = endProxy.support(-1 * front).point
                            let depth = -(dot(deepest - p1, front) - endProxy.radius)
                            if depth < Tolerance.speculativeDistance { return true }
                        }
                    }
                    let otherSweep = Sweep(
                        localCenter: otherBody.localCenter, c1: otherBody.center, c2: otherBody.center,
                        q1: otherBody.transform.q, q2: otherBody.transform.q)
                    var output = timeOfImpact(
                        proxyA: ShapeProxy(other.geometry), sweepA: otherSweep, proxyB: fastProxy, sweepB: sweep,
                        maxFraction: fraction)
                    if output.fraction == 0 {
                        // Already touching at the start: sweep a small core of the shape instead,
                        // so a body resting on a surface can still not be pushed through it.
                        let extent = self.shapeExtent(fast.geometry, about: fast.geometry.centroid)
                        let core = ShapeProxy(.circle(Circle(center: fast.geometry.centroid, radius: 0.25 * extent.min)))
                        output = timeOfImpact(
                            proxyA: ShapeProxy(other.geometry), sweepA: otherSweep, proxyB: core, sweepB: sweep,
                            maxFraction: fraction)
                    }
                    if output.fraction > 0 && output.fraction < fraction {
                        fraction = output.fraction
                    }
                    return true
                }
            }
            if fraction < 1 {
                let xf = sweep.transform(at: fraction)
                body.transform = xf
                body.center = xf.apply(body.localCenter)
            }
            body.center0 = body.center
            body.rotation0 = body.transform.q
            bodies[Int(bodyIndex)] = body
            updateBodyAABBs(bodyIndex)
        }
        // Cleared only now, so that no fast body is an obstacle to another, whatever the order.
        for bodyIndex in scratch.fastBodies { bodies[Int(bodyIndex)].isFast = false }
    }
}
