// Continuous collision: a body that moved more than half its smallest extent in one step
// (or any bullet) is swept from where it started the step to where it ended, against
// static shapes (bullets also against every dynamic shape not being swept this step), and
// stopped at the first time of impact, keeping its velocity. Speculative contacts then
// handle the touch next step.

extension World {
    func solveContinuous() {
        for bodyIndex in scratch.fastBodies {
            var body = bodies[Int(bodyIndex)]
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
                broadPhase.query(box) { otherIndex in
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
