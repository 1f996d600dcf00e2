import Physics2D

/// Small builders for engine tests, in SI units.
enum Fixture {
    static func world(gravity: Vec2 = Vec2(0, 10)) -> World {
        World(gravity: gravity)
    }

    /// A static ground: the segment from (-50, y) to (50, y). In this y-down world, "up" is -y.
    @discardableResult
    static func ground(_ world: World, y: Float = 0, friction: Float = 0.6) -> BodyID {
        var def = BodyDef()
        def.type = .static
        let body = world.createBody(def)
        var shape = ShapeDef()
        shape.friction = friction
        _ = world.createShape(on: body, shape, .segment(Segment(point1: Vec2(-50, y), point2: Vec2(50, y))))
        return body
    }

    @discardableResult
    static func box(
        _ world: World, at p: Vec2, halfWidth: Float = 0.5, halfHeight: Float = 0.5, angle: Float = 0,
        density: Float = 1, friction: Float = 0.6, restitution: Float = 0, bullet: Bool = false
    ) -> BodyID {
        var def = BodyDef()
        def.position = p
        def.rotation = Rot(angle: angle)
        def.isBullet = bullet
        let body = world.createBody(def)
        var shape = ShapeDef()
        shape.density = density
        shape.friction = friction
        shape.restitution = restitution
        _ = world.createShape(on: body, shape, .polygon(Polygon.box(halfWidth: halfWidth, halfHeight: halfHeight)))
        return body
    }

    @discardableResult
    static func ball(
        _ world: World, at p: Vec2, radius: Float = 0.5, density: Float = 1, friction: Float = 0.6,
        restitution: Float = 0
    ) -> BodyID {
        var def = BodyDef()
        def.position = p
        let body = world.createBody(def)
        var shape = ShapeDef()
        shape.density = density
        shape.friction = friction
        shape.restitution = restitution
        _ = world.createShape(on: body, shape, .circle(Circle(radius: radius)))
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
