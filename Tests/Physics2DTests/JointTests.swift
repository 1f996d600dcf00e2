import Physics2D
import Testing

/// A static anchor body at the origin, for joints to hang from.
private func anchorBody(_ world: World) -> BodyID {
    Fixture.staticBody(world)
}

/// The distance between the joint's two anchors now.
private func anchorGap(_ world: World, _ joint: JointID) -> Float {
    let (a, b) = world.jointWorldAnchors(joint)
    return distance(a, b)
}

/// The largest `measure` reads after each of `steps` steps of 1/60 s (0 if never larger).
private func largestOverSteps(_ world: World, _ steps: Int, _ measure: () -> Float) -> Float {
    var largest: Float = 0
    for _ in 0..<steps {
        world.step(1.0 / 60)
        largest = max(largest, measure())
    }
    return largest
}

@Suite struct DistanceJointTests {
    @Test func rigidRodKeepsItsLengthWhileSwinging() {
        let world = Fixture.world()
        let anchor = anchorBody(world)
        let bob = Fixture.ball(world, at: Vec2(2, 0), radius: 0.1)
        var def = DistanceJointDef(bodyA: anchor, bodyB: bob)
        def.length = 2
        let joint = world.createDistanceJoint(def)
        let worst = largestOverSteps(world, 300) { abs(anchorGap(world, joint) - 2) }
        #expect(worst < 0.01)
    }

    @Test func springOscillatesAtItsFrequency() {
        // A 1 kg body on a 1 Hz spring to a fixed anchor, no gravity: period 1 s.
        let world = Fixture.world(gravity: .zero)
        let anchor = anchorBody(world)
        let body = Fixture.ball(world, at: Vec2(0, 1.2), radius: 0.2)
        world.setFixedRotation(body, true)
        var def = DistanceJointDef(bodyA: anchor, bodyB: body)
        def.length = 1
        def.spring = JointSpring(enabled: true, hertz: 1, dampingRatio: 0)
        _ = world.createDistanceJoint(def)
        // Time between successive maxima of y.
        var previous = world.position(body).y
        var rising = false
        var peaks: [Float] = []
        for step in 1...600 {
            world.step(1.0 / 60)
            let y = world.position(body).y
            if y > previous { rising = true } else if rising {
                peaks.append(Float(step - 1) / 60)
                rising = false
            }
            previous = y
        }
        #expect(peaks.count >= 5)
        let periods = zip(peaks.dropFirst(), peaks).map { $0 - $1 }
        let mean = periods.reduce(0, +) / Float(periods.count)
        // The soft spring is the implicit one of the solver: slightly slow, within 3 %.
        #expect(abs(mean - 1) < 0.03, "period \(mean) s")
    }

    @Test func ropeAllowsSlackButNeverExceedsItsMaximum() {
        let world = Fixture.world()
        let anchor = anchorBody(world)
        let body = Fixture.ball(world, at: Vec2(0.5, 0), radius: 0.1)
        var def = DistanceJointDef(bodyA: anchor, bodyB: body)
        def.length = 2
        def.enableLimit = true
        def.minLength = 0
        def.maxLength = 2
        def.spring = JointSpring(enabled: true, hertz: 0)
        let joint = world.createDistanceJoint(def)
        let longest = largestOverSteps(world, 300) { anchorGap(world, joint) }
        #expect(longest < 2.01)
        #expect(longest > 1.9, "the rope went taut")
    }
}

@Suite struct RevoluteJointTests {
    @Test func rodPendulumHasTheSmallAngleTimePeriod() {
        // A point-like bob on a massless pin arm: model it as a small ball pinned 1 m away,
        // through a rigid distance joint to the pin. T = 2π sqrt(L / g) ≈ 1.987 s.
        let world = Fixture.world()
        let anchor = anchorBody(world)
        let bob = Fixture.ball(world, at: Vec2(0.1, 0.995), radius: 0.02, density: 100)
        var def = DistanceJointDef(bodyA: anchor, bodyB: bob)
        def.length = 1
        _ = world.createDistanceJoint(def)
        var crossings: [Float] = []
        var previousX = world.position(bob).x
        for step in 1...900 {
            world.step(1.0 / 60)
            let x = world.position(bob).x
            if previousX > 0 && x <= 0 { crossings.append(Float(step) / 60) }
            previousX = x
        }
        #expect(crossings.count >= 3)
        let period = (crossings.last! - crossings.first!) / Float(crossings.count - 1)
        #expect(abs(period - 1.987) < 0.04, "period \(period) s")
    }

    @Test func pinKeepsTheSharedPointTogether() {
        let world = Fixture.world()
        let anchor = anchorBody(world)
        let arm = Fixture.box(world, at: Vec2(1, 0), halfWidth: 1, halfHeight: 0.1)
        var def = RevoluteJointDef(bodyA: anchor, bodyB: arm)
        def.localAnchorA = .zero
        def.localAnchorB = Vec2(-1, 0)
        let joint = world.createRevoluteJoint(def)
        let worst = largestOverSteps(world, 300) { anchorGap(world, joint) }
        #expect(worst < 0.01)
        #expect(abs(world.rotation(arm).angle) > 0.5, "the arm swung")
    }

    @Test func angleLimitHoldsTheArm() {
        let world = Fixture.world()
        let anchor = anchorBody(world)
        let arm = Fixture.box(world, at: Vec2(1, 0), halfWidth: 1, halfHeight: 0.1)
        var def = RevoluteJointDef(bodyA: anchor, bodyB: arm)
        def.localAnchorB = Vec2(-1, 0)
        def.limit = JointLimit(enabled: true, lower: -0.25, upper: 0.25)
        _ = world.createRevoluteJoint(def)
        let largest = largestOverSteps(world, 300) { abs(world.rotation(arm).angle) }
        #expect(largest < 0.27)
        #expect(largest > 0.2)
    }

    @Test func frictionTorqueStopsASpinningWheel() {
        let world = Fixture.world(gravity: .zero)
        let anchor = anchorBody(world)
        let wheel = Fixture.ball(world, at: .zero, radius: 0.5)
        var def = RevoluteJointDef(bodyA: anchor, bodyB: wheel)
        def.motor = JointMotor(enabled: true, maxForce: 0.5)
        _ = world.createRevoluteJoint(def)
        world.setAngularVelocity(wheel, 4)
        // I = m r² / 2 = (π 0.25) 0.25 / 2; deceleration = τ / I.
        let inertia = world.rotationalInertia(wheel)
        let stopTime = 4 * inertia / 0.5
        Fixture.run(world, seconds: stopTime * 0.5)
        #expect(abs(world.angularVelocity(wheel) - 2) < 0.1)
        Fixture.run(world, seconds: stopTime * 0.6)
        #expect(abs(world.angularVelocity(wheel)) < 1e-3)
    }
}

@Suite struct PrismaticJointTests {
    @Test func sliderMovesOnlyAlongItsAxisWithinLimits() {
        let world = Fixture.world()
        let anchor = anchorBody(world)
        let slider = Fixture.box(world, at: Vec2(0, 0), halfWidth: 0.2, halfHeight: 0.2)
        var def = PrismaticJointDef(bodyA: anchor, bodyB: slider)
        let axis = Vec2(1, 1).normalized
        def.localAxisA = axis
        def.limit = JointLimit(enabled: true, lower: -1, upper: 1)
        _ = world.createPrismaticJoint(def)
        let offAxis = largestOverSteps(world, 240) { abs(cross(axis, world.position(slider))) }
        let along = dot(world.position(slider), axis)
        #expect(offAxis < 0.01)
        #expect(abs(along - 1) < 0.02, "gravity slides it down the axis to the limit")
        #expect(abs(world.rotation(slider).angle) < 0.01)
    }
}

@Suite struct WeldJointTests {
    @Test func weldedBodiesMoveAsOne() {
        let world = Fixture.world()
        let anchor = anchorBody(world)
        let a = Fixture.box(world, at: Vec2(0.5, 0), halfWidth: 0.5, halfHeight: 0.1)
        let b = Fixture.box(world, at: Vec2(1.5, 0), halfWidth: 0.5, halfHeight: 0.1)
        var pin = RevoluteJointDef(bodyA: anchor, bodyB: a)
        pin.localAnchorB = Vec2(-0.5, 0)
        _ = world.createRevoluteJoint(pin)
        var weld = WeldJointDef(bodyA: a, bodyB: b)
        weld.localAnchorA = Vec2(0.5, 0)
        weld.localAnchorB = Vec2(-0.5, 0)
        _ = world.createWeldJoint(weld)
        let worstAngle = largestOverSteps(world, 240) { abs(relativeAngle(world.rotation(a), world.rotation(b))) }
        #expect(worstAngle < 0.02)
    }
}

@Suite struct TargetJointTests {
    @Test func targetJointBringsTheBodyToTheTargetAtAngleZero() {
        let world = Fixture.world(gravity: .zero)
        let body = Fixture.box(world, at: Vec2(0, 0), angle: 0.7)
        var def = TargetJointDef(body: body)
        def.target = Vec2(2, 1)
        def.hertz = 3
        def.dampingRatio = 0.7
        def.angularHertz = 3
        def.angularDampingRatio = 0.7
        _ = world.createTargetJoint(def)
        Fixture.run(world, seconds: 2)
        #expect(distance(world.position(body), Vec2(2, 1)) < 0.005)
        #expect(abs(world.rotation(body).angle) < 0.005)
    }
}
