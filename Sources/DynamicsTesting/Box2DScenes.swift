import Physics2D

// The scenes of Box2D v3.2's benchmark app (its `benchmark/` program, scenes in
// `shared/benchmarks.c`, the ragdoll of `rain` in `shared/human.c`), rebuilt through
// Physics2D's World: the same geometry, counts, densities, friction, restitution, joints,
// filters and sleep settings, in metres, gravity -10 m/s², 60 Hz, 4 substeps, and the same
// step counts. Written from reading those scenes, not copied.
//
// Where they differ (each scene's comment says more):
// - the world's tuning is this engine's own, as every user of it gets it: contacts at 60 Hz,
//   damping ratio 1 (Box2D: 30 Hz, 10); rigid joints 60 Hz, ratio 2 as Box2D's, but capped
//   at an eighth of the substep rate (30 Hz; Box2D a quarter). Box2D's restitution threshold
//   (1 m/s) and sleep threshold (0.05 m/s, 0.1 for the ragdolls) are set, since this
//   engine's defaults are tuned for UIKit's scale;
// - the sleep threshold is the world's in this engine, Box2D's is per body: the only scene
//   that sets one per body (rain's ragdolls, 0.1 m/s) has nothing else dynamic, so the
//   world's threshold is set to it there;
// - Physics2D has no capsule: each of Box2D's capsules (rain's ragdolls, a third of
//   spinner's bodies) is a rounded box with the capsule's extents (`capsule(_:_:radius:)`),
//   its end caps flattened over 2 cm, its density scaled to give the capsule's mass (the
//   box's area is 1 to 4 % more), collided as a four-vertex polygon;
// - Box2D's revolute joint frames are anchors here, with a frame's rotation as the joint's
//   reference angle (rain's lower arms), which gives the same joint angle.

/// A Box2D benchmark scene in a Physics2D world: build it with `init?(name:)`, then call
/// `step(index:)` for index 0, 1, 2, ... (the scene's own per-step action, as Box2D's app
/// runs it, then one world step of 1/60 s).
public final class Box2DBenchmarkScene {
    /// The scenes, in Box2D's order, with the step count its benchmark app runs each for.
    public static let scenes: [(name: String, steps: Int)] = [
        ("joint_grid", 500), ("large_pyramid", 500), ("many_pyramids", 200), ("rain", 1000),
        ("smash", 300), ("spinner", 500), ("tumbler", 750),
    ]

    public let name: String
    let world: World
    /// Every body the scene made that is alive, for the hash.
    var tracked: [BodyID] = []
    var stepHook: ((Int) -> Void)?
    /// rain: the 5 ragdolls of each (row, column) group, 11 bodies each.
    var rainGroups: [[BodyID]] = []
    var rainColumnCount = 0
    var rainColumnIndex = 0

    public init?(name: String) {
        self.name = name
        world = World(gravity: Vec2(0, -10))
        world.subStepCount = 4
        world.restitutionThreshold = 1
        world.sleepThreshold = 0.05
        switch name {
        case "joint_grid": buildJointGrid()
        case "large_pyramid": buildLargePyramid()
        case "many_pyramids": buildManyPyramids()
        case "rain": buildRain()
        case "smash": buildSmash()
        case "spinner": buildSpinner()
        case "tumbler": buildTumbler()
        default: return nil
        }
    }

    /// The scene's action before step `index` (rain's ragdolls), then one step of 1/60 s.
    public func step(index: Int) {
        stepHook?(index)
        world.step(1.0 / 60)
    }

    public var bodyCount: Int { world.bodyCount }
    public var jointCount: Int { world.jointCount }
    public var contactCount: Int { world.contactCount }
    /// Contacts whose manifold the last step kept rather than computed.
    public var recycledContactCount: Int { world.recycledContactCount }
    public var awakeBodyCount: Int { world.awakeBodyCount }

    /// The lowest and highest body origins, metres (a check that nothing fell out of a scene).
    public var verticalRange: (lowest: Float, highest: Float) {
        var lowest = Float.infinity, highest = -Float.infinity
        for body in name == "rain" ? rainGroups.flatMap({ $0 }) : tracked where world.isValid(body) {
            let y = world.position(body).y
            lowest = min(lowest, y)
            highest = max(highest, y)
        }
        return (lowest, highest)
    }

    /// FNV-1a over the transform bits of the scene's live bodies: equal hashes, the same run.
    public var stateHash: UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let bodies = name == "rain" ? rainGroups.flatMap { $0 } : tracked
        for body in bodies where world.isValid(body) {
            let t = world.transform(body)
            for v in [t.p.x, t.p.y, t.q.c, t.q.s] {
                hash = (hash ^ UInt64(v.bitPattern)) &* 0x100_0000_01b3
            }
        }
        return hash
    }

    // MARK: Helpers

    private func body(_ type: BodyType = .dynamic, at position: Vec2, configure: (inout BodyDef) -> Void = { _ in })
        -> BodyID
    {
        var def = BodyDef()
        def.type = type
        def.position = position
        configure(&def)
        let id = world.createBody(def)
        if type != .static { tracked.append(id) }
        return id
    }

    private func staticBody(at position: Vec2 = .zero) -> BodyID { body(.static, at: position) }

    /// The half-width of the core box that stands for a capsule's segment (see `capsule`).
    package static let capsuleCore: Float = 0.01

    /// A capsule: the segment `p1`–`p2` (vertical or horizontal here) rounded by `radius`.
    /// Physics2D has no capsule shape and accepts polygons of 3 to 8 vertices only, so it is
    /// a rounded box with the capsule's extents: a core box `2 capsuleCore` across along the
    /// segment's length plus `capsuleCore` at each end, rounded by `radius - capsuleCore`.
    /// Its sides are the capsule's; its end caps are flattened over 2 cm, and it is collided
    /// as a four-vertex polygon where Box2D collides a capsule as a segment with a radius. Its
    /// area is 1 to 4 % more than the capsule's: `capsuleDensity` gives it the capsule's mass.
    package static func capsule(_ p1: Vec2, _ p2: Vec2, radius: Float) -> Polygon {
        let w = capsuleCore
        let half = 0.5 * (p2 - p1)
        let vertical = abs(half.y) >= abs(half.x)
        let length = vertical ? abs(half.y) : abs(half.x)
        return Polygon.box(
            halfWidth: vertical ? w : length + w, halfHeight: vertical ? length + w : w, center: p1 + half,
            rotation: .identity, radius: radius - w)
    }

    /// The density that gives `capsule(p1, p2, radius:)` the mass of the true capsule at `density`.
    package static func capsuleDensity(_ p1: Vec2, _ p2: Vec2, radius: Float, density: Float) -> Float {
        let area = 2 * radius * (p2 - p1).length + .pi * radius * radius
        let standIn = ShapeGeometry.polygon(capsule(p1, p2, radius: radius)).computeMass(density: 1).mass
        return density * area / standIn
    }

    private func revolute(
        _ a: BodyID, _ b: BodyID, anchorA: Vec2, anchorB: Vec2, configure: (inout RevoluteJointDef) -> Void = { _ in }
    ) {
        var def = RevoluteJointDef(bodyA: a, bodyB: b)
        def.localAnchorA = anchorA
        def.localAnchorB = anchorB
        configure(&def)
        _ = world.createRevoluteJoint(def)
    }

    // MARK: Scenes

    /// joint_grid: 100 × 100 circles (radius 0.4, density 1) one metre apart, each pinned to
    /// its neighbours above and to the left by revolute joints (19,800 joints), seven of the
    /// top row static; the circles' filter keeps them from colliding at all, so it is the
    /// joint solver alone. Sleeping off.
    private func buildJointGrid() {
        world.enableSleep = false
        let n = 100
        var shape = ShapeDef()
        shape.density = 1
        shape.filter = Filter(categoryBits: 2, maskBits: ~UInt64(2))
        var grid: [BodyID] = []
        grid.reserveCapacity(n * n)
        for k in 0..<n {
            for i in 0..<n {
                let isStatic = k >= n / 2 - 3 && k <= n / 2 + 3 && i == 0
                let id = body(isStatic ? .static : .dynamic, at: Vec2(Float(k), -Float(i)))
                _ = world.createShape(on: id, shape, .circle(Circle(radius: 0.4)))
                if i > 0 {
                    revolute(grid[grid.count - 1], id, anchorA: Vec2(0, -0.5), anchorB: Vec2(0, 0.5))
                }
                if k > 0 {
                    revolute(grid[grid.count - n], id, anchorA: Vec2(0.5, 0), anchorB: Vec2(-0.5, 0))
                }
                grid.append(id)
            }
        }
    }

    /// large_pyramid: a pyramid of 1 m boxes (density 1, friction 0.6) with a base of 100
    /// (5,050 boxes) on a 200 × 2 m static box. Sleeping off.
    private func buildLargePyramid() {
        world.enableSleep = false
        let ground = staticBody(at: Vec2(0, -1))
        _ = world.createShape(on: ground, ShapeDef(), .polygon(Polygon.box(halfWidth: 100, halfHeight: 1)))
        pyramid(base: 100, extent: 0.5, centerX: 0, baseY: 0, largeLayout: true)
    }

    /// One pyramid of boxes of half-size `extent`; `largeLayout` centres it as large_pyramid
    /// does, otherwise it starts at `centerX` as many_pyramids' small ones do.
    private func pyramid(base: Int, extent a: Float, centerX: Float, baseY: Float, largeLayout: Bool) {
        let box = ShapeGeometry.polygon(Polygon.box(halfWidth: a, halfHeight: a))
        var shape = ShapeDef()
        shape.density = 1
        for i in 0..<base {
            let y = (2 * Float(i) + 1) * a + baseY
            for j in i..<base {
                let x =
                    largeLayout
                    ? (Float(i) + 1) * a + 2 * Float(j - i) * a - a * Float(base)
                    : (Float(i) + 1) * a + 2 * Float(j - i) * a + centerX - 0.5
                let id = body(at: Vec2(x, y))
                _ = world.createShape(on: id, shape, box)
            }
        }
    }

    /// many_pyramids: 20 rows of 20 pyramids of base 10 (55 boxes each, 22,000 boxes), each
    /// row on its own static segment. Sleeping off.
    private func buildManyPyramids() {
        world.enableSleep = false
        let base = 10, extent: Float = 0.5, rows = 20, columns = 20
        let ground = staticBody()
        let groundDeltaY = 2 * extent * (Float(base) + 1)
        let groundWidth = 2 * extent * Float(columns) * (Float(base) + 1)
        var groundY: Float = 0
        for _ in 0..<rows {
            let segment = Segment(point1: Vec2(-0.5 * groundWidth, groundY), point2: Vec2(0.5 * groundWidth, groundY))
            _ = world.createShape(on: ground, ShapeDef(), .segment(segment))
            groundY += groundDeltaY
        }
        let baseWidth = 2 * extent * Float(base)
        var baseY: Float = 0
        for _ in 0..<rows {
            for j in 0..<columns {
                let centerX = -0.5 * groundWidth + Float(j) * (baseWidth + 2 * extent) + 2 * extent
                pyramid(base: base, extent: extent, centerX: centerX, baseY: baseY, largeLayout: false)
            }
            baseY += groundDeltaY
        }
    }

    /// rain: five floors of 501 static 0.5 m boxes, 45 m apart; every 8th step a column of
    /// ragdoll groups appears above them (a group of 5 ragdolls of 11 capsule bodies and 10
    /// revolute joints with friction, spring and limits on each floor), 40 columns; then each
    /// step that would add one replaces the oldest column instead. Sleeping on (ragdolls'
    /// threshold 0.1 m/s).
    private func buildRain() {
        world.sleepThreshold = 0.1
        let gridSize: Float = 0.5, gridCount = 500
        let rows = 5, columns = 40
        let ground = staticBody()
        var y: Float = 0
        for _ in 0..<rows {
            var x = -0.5 * Float(gridCount) * gridSize
            for _ in 0...gridCount {
                let box = Polygon.box(
                    halfWidth: 0.5 * gridSize, halfHeight: 0.5 * gridSize, center: Vec2(x, y), rotation: .identity)
                _ = world.createShape(on: ground, ShapeDef(), .polygon(box))
                x += gridSize
            }
            y += 45
        }
        tracked.removeAll()
        rainGroups = Array(repeating: [], count: rows * columns)
        let span = Float(gridCount) * gridSize
        let groupDistance = span / Float(columns)
        func createGroup(_ row: Int, _ column: Int) {
            var position = Vec2(-0.5 * span + groupDistance * (Float(column) + 0.5), 40 + 45 * Float(row))
            var bodies: [BodyID] = []
            for i in 0..<5 {
                bodies += ragdoll(at: position, group: Int32(i + 1), frictionTorque: 0.05, hertz: 5, dampingRatio: 0.5)
                position.x += 0.5
            }
            rainGroups[row * columns + column] = bodies
        }
        stepHook = { [unowned self] index in
            guard index & 7 == 0 else { return }
            if rainColumnCount < columns {
                for row in 0..<rows { createGroup(row, rainColumnCount) }
                rainColumnCount += 1
            } else {
                for row in 0..<rows {
                    for id in rainGroups[row * columns + rainColumnIndex] { world.destroyBody(id) }
                    createGroup(row, rainColumnIndex)
                }
                rainColumnIndex = (rainColumnIndex + 1) % columns
            }
        }
    }

    /// Box2D's sample ragdoll at scale 1, standing with its feet at `position`: 11 bodies
    /// (capsules, and a rounded foot polygon on each lower leg), joints with limits, a spring
    /// towards the rest pose and a friction motor. Its shapes never collide with ragdolls of
    /// the same `group`, and its feet only with the ground.
    private func ragdoll(at position: Vec2, group: Int32, frictionTorque: Float, hertz: Float, dampingRatio: Float)
        -> [BodyID]
    {
        var shape = ShapeDef()
        shape.friction = 0.2
        shape.filter = Filter(categoryBits: 2, maskBits: 1 | 2, groupIndex: -group)
        var foot = shape
        foot.friction = 0.05
        foot.filter.maskBits = 1
        let footPolygon = Polygon.make(
            points: [Vec2(-0.03, -0.185), Vec2(0.11, -0.185), Vec2(0.11, -0.16), Vec2(-0.03, -0.14)], radius: 0.015)!

        var bones: [BodyID] = []
        /// A bone: a body at `y` above the feet with a vertical capsule from `y1` to `y2`
        /// (body frame), pinned to `parent` at height `pivot` with its limits, the friction
        /// motor scaled by `frictionScale`; `frameAngle` is the parent frame's rotation.
        func bone(
            y: Float, capsule y1: Float, _ y2: Float, radius: Float, damping: Float = 0, parent: Int? = nil,
            pivot: Float = 0, lower: Float = 0, upper: Float = 0, frictionScale: Float = 1, frameAngle: Float = 0,
            hasFoot: Bool = false
        ) {
            let id = body(at: position + Vec2(0, y)) { $0.linearDamping = damping }
            var capsuleShape = shape
            capsuleShape.density = Self.capsuleDensity(Vec2(0, y1), Vec2(0, y2), radius: radius, density: shape.density)
            _ = world.createShape(
                on: id, capsuleShape, .polygon(Self.capsule(Vec2(0, y1), Vec2(0, y2), radius: radius)))
            if hasFoot { _ = world.createShape(on: id, foot, .polygon(footPolygon)) }
            if let parent {
                let parentID = bones[parent]
                let pivotPoint = position + Vec2(0, pivot)
                let anchorA = pivotPoint - world.position(parentID)
                let anchorB = pivotPoint - world.position(id)
                revolute(parentID, id, anchorA: anchorA, anchorB: anchorB) { def in
                    def.referenceAngle = frameAngle
                    def.limit = JointLimit(enabled: true, lower: lower * .pi, upper: upper * .pi)
                    def.motor = JointMotor(enabled: true, speed: 0, maxForce: frictionScale * frictionTorque)
                    def.spring = JointSpring(enabled: hertz > 0, hertz: hertz, dampingRatio: dampingRatio)
                }
            }
            bones.append(id)
        }
        // Bones in Box2D's order: hip, torso, head, left leg, right leg, left arm, right arm.
        bone(y: 0.95, capsule: -0.02, 0.02, radius: 0.095)
        bone(y: 1.2, capsule: -0.135, 0.135, radius: 0.09, parent: 0, pivot: 1.0, lower: -0.25, upper: 0, frictionScale: 0.5)
        bone(
            y: 1.475, capsule: -0.038, 0.039, radius: 0.075, damping: 0.1, parent: 1, pivot: 1.4, lower: -0.3, upper: 0.1,
            frictionScale: 0.25)
        for _ in 0..<2 {
            bone(y: 0.775, capsule: -0.125, 0.125, radius: 0.06, parent: 0, pivot: 0.9, lower: -0.05, upper: 0.4)
            bone(
                y: 0.475, capsule: -0.155, 0.125, radius: 0.045, parent: bones.count - 1, pivot: 0.625, lower: -0.5,
                upper: -0.02, frictionScale: 0.5, hasFoot: true)
        }
        for _ in 0..<2 {
            bone(
                y: 1.225, capsule: -0.125, 0.125, radius: 0.035, parent: 1, pivot: 1.35, lower: -0.1, upper: 0.8,
                frictionScale: 0.5)
            bone(
                y: 0.975, capsule: -0.125, 0.125, radius: 0.03, damping: 0.1, parent: bones.count - 1, pivot: 1.1,
                lower: -0.2, upper: 0.3, frictionScale: 0.1, frameAngle: 0.25 * .pi)
        }
        return bones
    }

    /// smash: in zero gravity an 8 × 8 m box of density 8 at 40 m/s into a sleeping block of
    /// 120 × 80 boxes of 0.4 m (density 1). Sleeping on, the block starts asleep.
    private func buildSmash() {
        world.gravity = .zero
        var heavy = ShapeDef()
        heavy.density = 8
        let ram = body(at: Vec2(-20, 0)) { $0.linearVelocity = Vec2(40, 0) }
        _ = world.createShape(on: ram, heavy, .polygon(Polygon.box(halfWidth: 4, halfHeight: 4)))
        let d: Float = 0.4
        let box = ShapeGeometry.polygon(Polygon.box(halfWidth: 0.5 * d, halfHeight: 0.5 * d))
        let columns = 120, rows = 80
        for i in 0..<columns {
            for j in 0..<rows {
                let id = body(at: Vec2(Float(i) * d + 30, (Float(j) - Float(rows) / 2) * d)) { $0.isAwake = false }
                _ = world.createShape(on: id, ShapeDef(), box)
            }
        }
    }

    /// spinner: a loop chain of 360 points (a circle of radius 40 m about (0, 32), friction
    /// 0.1) around a 0.8 × 40 m rounded bar (radius 0.2, friction 0) turned by a motor at
    /// 5 rad/s with unbounded torque, stirring 6,076 bodies (capsules, circles and boxes in
    /// turn, density 0.25, friction 0.1, restitution 0.1) that start overlapping in a grid
    /// half a metre apart. Sleeping on (the bar never sleeps).
    private func buildSpinner() {
        let ground = staticBody()
        let pointCount = 360
        let q = Rot(angle: -2 * .pi / Float(pointCount))
        var p = Vec2(40, 0)
        var points: [Vec2] = []
        for _ in 0..<pointCount {
            points.append(Vec2(p.x, p.y + 32))
            p = q.rotate(p)
        }
        var chainShape = ShapeDef()
        chainShape.friction = 0.1
        _ = world.createChain(on: ground, points: points, isLoop: true, chainShape)

        let spinner = body(at: Vec2(0, 12)) { $0.enableSleep = false }
        var barShape = ShapeDef()
        barShape.friction = 0
        let bar = Polygon.box(halfWidth: 0.4, halfHeight: 20, center: .zero, rotation: .identity, radius: 0.2)
        _ = world.createShape(on: spinner, barShape, .polygon(bar))
        revolute(ground, spinner, anchorA: Vec2(0, 12), anchorB: .zero) { def in
            def.motor = JointMotor(enabled: true, speed: 5, maxForce: .greatestFiniteMagnitude)
        }

        let capsule = ShapeGeometry.polygon(Self.capsule(Vec2(-0.25, 0), Vec2(0.25, 0), radius: 0.25))
        let circle = ShapeGeometry.circle(Circle(radius: 0.35))
        let square = ShapeGeometry.polygon(Polygon.box(halfWidth: 0.35, halfHeight: 0.35))
        var shape = ShapeDef()
        shape.friction = 0.1
        shape.restitution = 0.1
        shape.density = 0.25
        var capsuleShape = shape
        capsuleShape.density = Self.capsuleDensity(Vec2(-0.25, 0), Vec2(0.25, 0), radius: 0.25, density: 0.25)
        var x: Float = -23, y: Float = 2
        for i in 0..<(2 * 3038) {
            let id = body(at: Vec2(x, y))
            _ = world.createShape(on: id, i % 3 == 0 ? capsuleShape : shape, i % 3 == 0 ? capsule : i % 3 == 1 ? circle : square)
            x += 0.5
            if x >= 23 {
                x = -23
                y += 0.5
            }
        }
    }

    /// tumbler: a 20 m square drum of four 1 m thick walls (density 50) turned at 25°/s by a
    /// motor (torque up to 1e8 N·m) about (0, 10), holding a 45 × 45 grid of 0.25 m boxes.
    /// Sleeping on.
    private func buildTumbler() {
        let ground = staticBody()
        let drum = body(at: Vec2(0, 10))
        var wall = ShapeDef()
        wall.density = 50
        for (hw, hh, c) in [
            (Float(0.5), Float(10), Vec2(10, 0)), (0.5, 10, Vec2(-10, 0)), (10, 0.5, Vec2(0, 10)), (10, 0.5, Vec2(0, -10)),
        ] {
            let box = Polygon.box(halfWidth: hw, halfHeight: hh, center: c, rotation: .identity)
            _ = world.createShape(on: drum, wall, .polygon(box))
        }
        revolute(ground, drum, anchorA: Vec2(0, 10), anchorB: .zero) { def in
            def.motor = JointMotor(enabled: true, speed: (.pi / 180) * 25, maxForce: 1e8)
        }
        let gridCount = 45
        let box = ShapeGeometry.polygon(Polygon.box(halfWidth: 0.125, halfHeight: 0.125))
        var y = -0.2 * Float(gridCount) + 10
        for _ in 0..<gridCount {
            var x = -0.2 * Float(gridCount)
            for _ in 0..<gridCount {
                let id = body(at: Vec2(x, y))
                _ = world.createShape(on: id, ShapeDef(), box)
                x += 0.4
            }
            y += 0.4
        }
    }
}
