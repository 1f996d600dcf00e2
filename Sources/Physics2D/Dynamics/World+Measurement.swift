// Read-only views of the forces the solver applied in the last step, for drawing them (force
// arrows, contact points, tension). They read impulses the solver keeps anyway for warm
// starting, so measuring changes nothing in the simulation and allocates nothing.
//
// The solver's accumulated impulses are per substep (warm starting re-applies them every
// substep), so the mean force over the step is impulse / substep, as Box2D v3 reports it.

/// One touching contact point as seen from one of its bodies.
package struct ContactPointMeasurement: Sendable {
    /// World point, metres.
    package var point: Vec2
    /// Unit normal pointing into the measured body (from the other body, or the boundary).
    package var normal: Vec2
    /// Force on the measured body at this point (normal and friction), newtons.
    package var force: Vec2
    /// The other body (a static body for a boundary).
    package var other: BodyID
}

extension World {
    /// The force joint `id` applied to its body B during the last step, newtons (on body A it
    /// is the opposite). Zero for an invalid joint or before any step.
    package func jointForce(_ id: JointID) -> Vec2 {
        guard isValid(id) else { return .zero }
        let joint = joints[Int(id.index)]
        let scale = lastInverseSubstep
        switch joint.data {
        case .distance(let d):
            let (a, b) = jointWorldAnchors(id)
            return ((d.impulse + d.lowerImpulse - d.upperImpulse) * scale) * (b - a).normalized
        case .revolute(let r):
            return scale * r.linearImpulse
        case .weld(let w):
            return scale * w.linearImpulse
        case .prismatic(let p):
            let axial = p.motorImpulse + p.lowerImpulse - p.upperImpulse
            return scale * (axial * p.axisA + p.impulse.x * p.axisA.leftPerp)
        case .target(let t):
            return scale * t.linearImpulse
        }
    }

    /// Energy stored in a distance joint's spring now, joules: ½ k x² with the stiffness the
    /// soft constraint uses (k = effective mass × (2π hertz)²). Zero for a rigid joint.
    package func springEnergy(_ id: JointID) -> Float {
        guard isValid(id), case .distance(let d) = joints[Int(id.index)].data else { return 0 }
        let spring = d.settings.spring
        guard spring.enabled, spring.hertz > 0 else { return 0 }
        let (a, b) = jointWorldAnchors(id)
        let stretch = (b - a).length - d.settings.length
        let omega = 2 * Float.pi * spring.hertz
        return 0.5 * d.axialMass * omega * omega * stretch * stretch
    }

    /// Visits every touching contact point of `body` with the force it received there in the
    /// last step. Speculative points (not yet touching) carry no impulse and are skipped.
    package func forEachContactPoint(of body: BodyID, _ visit: (ContactPointMeasurement) -> Void) {
        guard isValid(body) else { return }
        let scale = lastInverseSubstep
        var key = bodies[Int(body.index)].contactHead
        while key != -1 {
            let c = contacts[Int(key >> 1)]
            let isA = (key & 1) == 0
            key = isA ? c.nextA : c.nextB
            guard c.isTouching else { continue }
            let m = c.manifold
            // The manifold's normal points from A to B: impulses push B along it.
            let sign: Float = isA ? -1 : 1
            let normal = sign * m.normal
            let tangent = m.normal.rightPerp
            for i in 0..<m.pointCount {
                let p = m.points[i]
                guard p.normalImpulse > 0 else { continue }
                let impulse = p.normalImpulse * m.normal + p.tangentImpulse * tangent
                visit(
                    ContactPointMeasurement(
                        point: p.point, normal: normal, force: (sign * scale) * impulse,
                        other: bodyID(isA ? c.bodyB : c.bodyA)))
            }
        }
    }
}
