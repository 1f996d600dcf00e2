import Physics2D

/// Small builders for engine tests, in SI units.
enum Fixture {
    static func world(gravity: Vec2 = Vec2(0, 10)) -> World {
        World(gravity: gravity)
    }

    /// A static ground: the segment from (-50, y) to (50, y). In this y-down world, "up" is -y.
    @discardableResult
    static func ground(_ world: World, y: Float = 0, friction: Float = 0.6) -> BodyID {
        var shape = ShapeDef()
        shape.friction = friction
        return staticBody(world, .segment(Segment(point1: Vec2(-50, y), point2: Vec2(50, y))), shape)
    }

    /// A static body at the origin, with one shape of `geometry` when there is one.
    @discardableResult
    static func staticBody(_ world: World, _ geometry: ShapeGeometry? = nil, _ shape: ShapeDef = ShapeDef()) -> BodyID {
        var def = BodyDef()
        def.type = .static
        let body = world.createBody(def)
        if let geometry { _ = world.createShape(on: body, shape, geometry) }
        return body
    }

    @discardableResult
    static func box(
        _ world: World, at p: Vec2, halfWidth: Float = 0.5, halfHeight: Float = 0.5, angle: Float = 0,
        density: Float = 1, friction: Float = 0.6, restitution: Float = 0, bullet: Bool = false
    ) -> BodyID {
        body(
            world, at: p, rotation: Rot(angle: angle), bullet: bullet,
            .polygon(Polygon.box(halfWidth: halfWidth, halfHeight: halfHeight)),
            density: density, friction: friction, restitution: restitution)
    }

    @discardableResult
    static func ball(
        _ world: World, at p: Vec2, radius: Float = 0.5, density: Float = 1, friction: Float = 0.6,
        restitution: Float = 0
    ) -> BodyID {
        body(world, at: p, .circle(Circle(radius: radius)), density: density, friction: friction, restitution: restitution)
    }

    /// A dynamic body at `p` with one shape of `geometry`.
    static func body(
        _ world: World, at p: Vec2, rotation: Rot = .identity, bullet: Bool = false, _ geometry: ShapeGeometry,
        density: Float, friction: Float, restitution: Float
    ) -> BodyID {
        var def = BodyDef()
        def.position = p
        def.rotation = rotation
        def.isBullet = bullet
        let body = world.createBody(def)
        var shape = ShapeDef()
        shape.density = density
        shape.friction = friction
        shape.restitution = restitution
        _ = world.createShape(on: body, shape, geometry)
        return body
    }

    /// A pyramid of unit boxes on the ground at y = 0 (y down): `base` boxes on the bottom
    /// row, one fewer on each row above, boxes exactly touching. Returns the top box.
    @discardableResult
    static func pyramid(_ world: World, base: Int) -> BodyID {
        var top = BodyID.null
        for row in 0..<base {
            let n = base - row
            for i in 0..<n {
                let x = Float(i) - Float(n) * 0.5 + 0.5
                top = box(world, at: Vec2(x, -0.5 - Float(row)))
            }
        }
        return top
    }

    static func run(_ world: World, seconds: Float, dt: Float = 1.0 / 60) {
        let steps = Int((seconds / dt).rounded())
        for _ in 0..<steps { world.step(dt) }
    }
}
