import Physics2D

/// Engine-level scenes shared by the engine tests, the `newtons` tool and the benchmarks.
package enum EngineScenes {
    /// A tumbling scene (boxes and balls of mixed restitution, a spring) stepped `steps`
    /// times at 60 Hz, hashed (FNV-1a) over every body's transform bits. The same build must
    /// give the same hash in every process: the determinism check runs it in two.
    package static func tumblingHash(steps: Int) -> UInt64 {
        let world = World(gravity: Vec2(0, 10))
        var groundDef = BodyDef()
        groundDef.type = .static
        let ground = world.createBody(groundDef)
        _ = world.createShape(on: ground, ShapeDef(), .segment(Segment(point1: Vec2(-50, 0), point2: Vec2(50, 0))))
        var bodies: [BodyID] = []
        for i in 0..<30 {
            var def = BodyDef()
            def.position = Vec2(Float(i % 6) * 0.9 - 2.5, -1 - Float(i / 6) * 1.1)
            def.rotation = Rot(angle: Float(i) * 0.3)
            let body = world.createBody(def)
            var shape = ShapeDef()
            if i % 3 == 0 {
                shape.restitution = 0.3
                _ = world.createShape(on: body, shape, .circle(Circle(radius: 0.4)))
            } else {
                _ = world.createShape(on: body, shape, .polygon(Polygon.box(halfWidth: 0.4, halfHeight: 0.3)))
            }
            bodies.append(body)
        }
        var spring = DistanceJointDef(bodyA: bodies[0], bodyB: bodies[1])
        spring.length = 1
        spring.spring = JointSpring(enabled: true, hertz: 2, dampingRatio: 0.2)
        _ = world.createDistanceJoint(spring)
        for _ in 0..<steps { world.step(1.0 / 60) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for body in bodies {
            let t = world.transform(body)
            for v in [t.p.x, t.p.y, t.q.c, t.q.s] {
                hash = (hash ^ UInt64(v.bitPattern)) &* 0x100_0000_01b3
            }
        }
        return hash
    }
}
