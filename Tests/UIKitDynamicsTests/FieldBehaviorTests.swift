import DynamicsTesting
import Testing
import UIKitDynamics

/// Fields: each law checked against its closed form after one 1/60-s step (the force is
/// constant through a step, so the velocity after it is exactly a·dt), in metres-based
/// units: 100 points = 1 m, a 100 × 100-point item of density 1 has mass 1.
@Suite struct FieldBehaviorTests {
    private let dt = 1.0 / 60

    /// A big empty room with one 100 × 100 square at `center`, in `field`, optionally with
    /// an item behaviour (charge, density), run for `steps` steps; the square's velocity.
    private func velocity(
        in field: UIFieldBehavior, at center: CGPoint, charge: CGFloat? = nil, density: CGFloat? = nil,
        initialVelocity: CGPoint = .zero, steps: Int = 1
    ) -> CGPoint {
        let (view, animator) = makeRoom(width: 4000, height: 4000)
        let square = makeSquare(in: view, center: center)
        field.addItem(square)
        animator.addBehavior(field)
        let probe = velocityProbe([square], in: animator)
        if let charge { probe.charge = charge }
        if let density { probe.density = density }
        if initialVelocity != .zero { probe.addLinearVelocity(initialVelocity, for: square) }
        animator.run(steps: steps)
        return probe.linearVelocity(for: square)
    }

    // MARK: Radial gravity

    @Test func radialGravityPullsTowardsThePositionAsTheInverseSquareOfTheDistance() {
        let position = CGPoint(x: 2000, y: 2000)
        // S / r² m/s² with r in metres: 1 m/s² (100 points/s²) at 100 points, a quarter at 200.
        let near = velocity(in: .radialGravityField(position: position), at: CGPoint(x: 2100, y: 2000))
        let far = velocity(in: .radialGravityField(position: position), at: CGPoint(x: 2200, y: 2000))
        #expect(isClose(near.x, -100 * dt, relative: 1e-4))
        #expect(isClose(far.x, -25 * dt, relative: 1e-4))
        #expect(isClose(near.x / far.x, 4, relative: 1e-4))
        #expect(near.y == 0 && far.y == 0)
        // From below, it pulls up.
        let below = velocity(in: .radialGravityField(position: position), at: CGPoint(x: 2000, y: 2100))
        #expect(isClose(below.y, -100 * dt, relative: 1e-4) && below.x == 0)
    }

    @Test func radialGravityFalloffIsTheExponentOfTheDistance() {
        let position = CGPoint(x: 2000, y: 2000)
        func field(_ falloff: CGFloat) -> UIFieldBehavior {
            let f = UIFieldBehavior.radialGravityField(position: position)
            f.falloff = falloff
            f.strength = 3
            return f
        }
        #expect(UIFieldBehavior.radialGravityField(position: position).falloff == 2)
        for falloff in [0.0, 1.0, 3.0] {
            let near = velocity(in: field(falloff), at: CGPoint(x: 2000, y: 2100))
            let far = velocity(in: field(falloff), at: CGPoint(x: 2000, y: 2300))
            #expect(isClose(near.y, -300 * dt, relative: 1e-4), "3 m/s² at 1 m whatever the falloff")
            #expect(isClose(near.y / far.y, pow(3, falloff), relative: 1e-4), "falloff \(falloff)")
        }
    }

    @Test func radialGravityAcceleratesEveryMassAlike() {
        let position = CGPoint(x: 2000, y: 2000)
        let light = velocity(in: .radialGravityField(position: position), at: CGPoint(x: 2100, y: 2000))
        let heavy = velocity(in: .radialGravityField(position: position), at: CGPoint(x: 2100, y: 2000), density: 5)
        #expect(isClose(heavy.x, light.x, relative: 1e-4))
    }

    @Test func negativeStrengthRepelsAndMinimumRadiusCapsTheForce() {
        let position = CGPoint(x: 2000, y: 2000)
        let repel = UIFieldBehavior.radialGravityField(position: position)
        repel.strength = -1
        #expect(isClose(velocity(in: repel, at: CGPoint(x: 2100, y: 2000)).x, 100 * dt, relative: 1e-4))
        // Within the minimum radius (200 points = 2 m) the force is that at 2 m: 1/4 m/s².
        let capped = UIFieldBehavior.radialGravityField(position: position)
        capped.minimumRadius = 200
        #expect(isClose(velocity(in: capped, at: CGPoint(x: 2050, y: 2000)).x, -25 * dt, relative: 1e-4))
    }

    @Test func tappingANewPositionPullsTheItemThere() {
        let (_, animator, square) = makeRoom(width: 1000, height: 1000, withSquareAt: CGPoint(x: 500, y: 500), size: 20)
        let field = UIFieldBehavior.radialGravityField(position: CGPoint(x: 500, y: 500))
        field.addItem(square)
        animator.addBehavior(field)
        field.position = CGPoint(x: 800, y: 500)
        field.strength = 50
        animator.run(seconds: 0.3)
        #expect(square.center.x > 520 && abs(square.center.y - 500) < 1e-6)
    }

    // MARK: Regions

    @Test func aFieldActsOnlyInsideItsRegionCentredOnItsPosition() {
        let position = CGPoint(x: 2000, y: 2000)
        func field(_ region: UIRegion) -> UIFieldBehavior {
            let f = UIFieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 1))
            f.position = position
            f.region = region
            return f
        }
        let inside = CGPoint(x: 2100, y: 2000)  // 100 points from the position
        let outside = CGPoint(x: 2300, y: 2000)  // 300 points
        let circle = UIRegion(radius: 200)
        #expect(velocity(in: field(circle), at: inside).y > 0)
        #expect(velocity(in: field(circle), at: outside) == .zero)
        #expect(velocity(in: field(circle.inverse()), at: inside) == .zero)
        #expect(velocity(in: field(circle.inverse()), at: outside).y > 0)
        // A ring: the big circle minus the small one.
        let ring = UIRegion(radius: 400).difference(from: UIRegion(radius: 200))
        #expect(velocity(in: field(ring), at: inside) == .zero)
        #expect(velocity(in: field(ring), at: outside).y > 0)
        let both = UIRegion(radius: 400).intersection(with: UIRegion(size: CGSize(width: 250, height: 250)))
        #expect(velocity(in: field(both), at: inside).y > 0)
        #expect(velocity(in: field(both), at: outside) == .zero)
        let either = UIRegion(radius: 150).union(with: UIRegion(size: CGSize(width: 700, height: 10)))
        #expect(velocity(in: field(either), at: inside).y > 0)
        #expect(velocity(in: field(either), at: outside).y > 0)
    }

    @Test func anItemLeavingTheRegionStopsFeelingTheField() {
        let (_, animator, square) = makeRoom(width: 2000, height: 2000, withSquareAt: CGPoint(x: 500, y: 500), size: 20)
        let field = UIFieldBehavior.linearGravityField(direction: CGVector(dx: 1, dy: 0))
        field.position = CGPoint(x: 500, y: 500)
        field.region = UIRegion(radius: 50)
        field.strength = 10
        field.addItem(square)
        animator.addBehavior(field)
        let probe = velocityProbe([square], in: animator)
        animator.run(seconds: 1)
        let v = probe.linearVelocity(for: square).x
        animator.run(seconds: 1)
        #expect(square.center.x > 550)
        #expect(probe.linearVelocity(for: square).x == v, "no more acceleration outside the region")
    }

    // MARK: Linear gravity and velocity

    @Test func linearGravityFieldIsAUniformAcceleration() {
        let field = { () -> UIFieldBehavior in
            let f = UIFieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 2))
            f.strength = 1.5
            return f
        }
        // strength × direction m/s² = 3 m/s² = 300 points/s², anywhere, any mass.
        let a = velocity(in: field(), at: CGPoint(x: 100, y: 100), steps: 60)
        let b = velocity(in: field(), at: CGPoint(x: 3000, y: 900), density: 7, steps: 60)
        #expect(isClose(a.y, 300, relative: 1e-4))
        #expect(isClose(b.y, 300, relative: 1e-4))
        #expect(a.x == 0 && b.x == 0)
        #expect(UIFieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 2)).direction == CGVector(dx: 0, dy: 2))
    }

    @Test func velocityFieldGivesItsVelocityWhateverTheItemDid() {
        let field = UIFieldBehavior.velocityField(direction: CGVector(dx: 1.5, dy: -0.5))
        let v = velocity(in: field, at: CGPoint(x: 500, y: 500), initialVelocity: CGPoint(x: -300, y: 80), steps: 3)
        #expect(isClose(v.x, 150, relative: 1e-5))
        #expect(isClose(v.y, -50, relative: 1e-5))
    }

    // MARK: Drag, vortex, spring

    @Test func dragSlowsInProportionToTheVelocity() {
        let drag = { () -> UIFieldBehavior in
            let f = UIFieldBehavior.dragField()
            f.strength = 2
            return f
        }
        // F = −S v on mass 1: one step takes S·v·dt off the speed.
        let slow = velocity(in: drag(), at: CGPoint(x: 500, y: 500), initialVelocity: CGPoint(x: 100, y: 0))
        let fast = velocity(in: drag(), at: CGPoint(x: 500, y: 500), initialVelocity: CGPoint(x: 200, y: 0))
        #expect(isClose(100 - slow.x, 100 * 2 * dt, relative: 1e-4))
        #expect(isClose((200 - fast.x) / (100 - slow.x), 2, relative: 1e-4))
        // Over a second the speed decays geometrically: v (1 − S dt)^60 ≈ v e^(−S).
        let later = velocity(in: drag(), at: CGPoint(x: 500, y: 500), initialVelocity: CGPoint(x: 100, y: 0), steps: 60)
        #expect(isClose(later.x, 100 * pow(1 - 2 * dt, 60), relative: 1e-3))
        // A still item feels nothing.
        #expect(velocity(in: drag(), at: CGPoint(x: 500, y: 500)) == .zero)
    }

    @Test func vortexPushesAtRightAnglesCounterClockwiseInProportionToDistance() {
        let vortex = { () -> UIFieldBehavior in
            let f = UIFieldBehavior.vortexField()
            f.position = CGPoint(x: 2000, y: 2000)
            return f
        }
        // Right of the centre, counter-clockwise on a y-down screen is up: a = S·r m/s².
        let right = velocity(in: vortex(), at: CGPoint(x: 2100, y: 2000))
        #expect(right.x == 0)
        #expect(isClose(right.y, -100 * dt, relative: 1e-4))
        // Below the centre it pushes right; twice as far, twice as hard.
        let below = velocity(in: vortex(), at: CGPoint(x: 2000, y: 2200))
        #expect(below.y == 0)
        #expect(isClose(below.x, 200 * dt, relative: 1e-4))
        // Heavier items feel proportionally more force: the same acceleration.
        let heavy = velocity(in: vortex(), at: CGPoint(x: 2100, y: 2000), density: 3)
        #expect(isClose(heavy.y, right.y, relative: 1e-4))
    }

    /// The angle an item orbiting on a spring field turns through in 2 s (unwrapped, radians,
    /// y-down: counter-clockwise is negative), with a vortex of `strength` on it too; and
    /// whether every sample turned counter-clockwise.
    private func orbit(vortexStrength strength: CGFloat) -> (turned: CGFloat, alwaysCounterClockwise: Bool) {
        let (_, animator, square) = makeRoom(width: 2000, height: 2000, withSquareAt: CGPoint(x: 1100, y: 1000), size: 10)
        let vortex = UIFieldBehavior.vortexField()
        vortex.position = CGPoint(x: 1000, y: 1000)
        vortex.strength = strength
        // A spring field supplies the pull inwards of a circular orbit (ω = 2 rad/s at 1 m,
        // 200 points/s).
        let spring = UIFieldBehavior.springField()
        spring.position = vortex.position
        spring.strength = 4 * square.bounds.width * square.bounds.height / 10_000
        vortex.addItem(square)
        spring.addItem(square)
        let probe = velocityProbe([square], in: animator)
        probe.addLinearVelocity(CGPoint(x: 0, y: -200), for: square)
        animator.addBehaviors(vortex, spring)
        var turned: CGFloat = 0
        var previous: CGFloat = 0
        var always = true
        for _ in 0..<60 {
            animator.run(steps: 2)
            let angle = atan2(square.center.y - 1000, square.center.x - 1000)
            let step = remainder(angle - previous, 2 * .pi)
            always = always && step < 0
            turned += step
            previous = angle
        }
        return (turned, always)
    }

    @Test func vortexSpeedsAnOrbitUpCounterClockwise() {
        let plain = orbit(vortexStrength: 0)
        let spun = orbit(vortexStrength: 2)
        let reversed = orbit(vortexStrength: -2)
        #expect(abs(plain.turned + 4) < 0.1, "the spring alone: 2 rad/s for 2 s")
        #expect(spun.alwaysCounterClockwise)
        #expect(spun.turned < plain.turned - 0.15, "the vortex adds counter-clockwise speed")
        #expect(reversed.turned > plain.turned + 0.15, "a negative strength takes it away")
    }

    @Test func springFieldOscillatesWithPeriodTwoPiRootMassOverStrength() {
        let (_, animator, square) = makeRoom(width: 2000, height: 2000, withSquareAt: CGPoint(x: 1100, y: 1000))
        let spring = UIFieldBehavior.springField()
        spring.position = CGPoint(x: 1000, y: 1000)
        spring.strength = 4  // mass 1: ω = 2 rad/s, period π s
        spring.addItem(square)
        animator.addBehavior(spring)
        animator.run(steps: 47)  // a quarter period: 0.785 s
        #expect(abs(square.center.x - 1000) < 6)
        animator.run(steps: 47)  // half a period: on the other side
        #expect(abs(square.center.x - 900) < 6)
    }

    @Test func springFieldNeverSwingsPastWhereTheItemWasReleased() {
        // A light item on a stiff spring (ω ≈ 16 rad/s): a force taken from the start of
        // each step alone made it swing out tenfold within 3 s.
        for (size, strength) in [(20.0, 1.0), (20.0, 10.0), (50.0, 100.0)] {
            let (_, animator, square) = makeRoom(width: 375, height: 667, withSquareAt: CGPoint(x: 237.5, y: 333.5), size: size)
            let spring = UIFieldBehavior.springField()
            spring.position = CGPoint(x: 187.5, y: 333.5)
            spring.strength = strength
            spring.addItem(square)
            animator.addBehavior(spring)
            var farthest = 0.0, farthestLeft = 0.0
            for _ in 0..<180 {
                animator.run(steps: 1)
                farthest = max(farthest, abs(square.center.x - 187.5))
                farthestLeft = max(farthestLeft, 187.5 - square.center.x)
            }
            #expect(farthest <= 50.01, "size \(size), strength \(strength): swung out to \(farthest)")
            #expect(farthestLeft > 40, "it still swings through to the other side")
        }
    }

    // MARK: Charge: electric and magnetic fields

    @Test func electricFieldPushesPositiveChargesAwayInProportionToCharge() {
        let electric = { () -> UIFieldBehavior in
            let f = UIFieldBehavior.electricField()
            f.position = CGPoint(x: 2000, y: 2000)
            return f
        }
        #expect(electric().falloff == 1)
        // F = S q / r: 1 N at 1 m for q = 1, on mass 1.
        let one = velocity(in: electric(), at: CGPoint(x: 2100, y: 2000), charge: 1)
        let two = velocity(in: electric(), at: CGPoint(x: 2100, y: 2000), charge: 2)
        let negative = velocity(in: electric(), at: CGPoint(x: 2100, y: 2000), charge: -1)
        #expect(isClose(one.x, 100 * dt, relative: 1e-4))
        #expect(isClose(two.x, 2 * one.x, relative: 1e-5), "charge doubled, force doubled")
        #expect(isClose(negative.x, -one.x, relative: 1e-5))
        // A heavier item with the same charge accelerates less (F = qE, a = F/m).
        let heavy = velocity(in: electric(), at: CGPoint(x: 2100, y: 2000), charge: 1, density: 2)
        #expect(isClose(heavy.x, one.x / 2, relative: 1e-4))
    }

    @Test func electricAndMagneticFieldsIgnoreUnchargedItems() {
        let electric = UIFieldBehavior.electricField()
        electric.position = CGPoint(x: 2000, y: 2000)
        electric.strength = 100
        #expect(velocity(in: electric, at: CGPoint(x: 2100, y: 2000)) == .zero)
        let magnetic = UIFieldBehavior.magneticField()
        magnetic.strength = 100
        let v = velocity(in: magnetic, at: CGPoint(x: 500, y: 500), initialVelocity: CGPoint(x: 100, y: 0), steps: 10)
        #expect(v == CGPoint(x: 100, y: 0))
        // An item behaviour with charge 0 set explicitly is uncharged too.
        let again = UIFieldBehavior.electricField()
        again.position = CGPoint(x: 2000, y: 2000)
        #expect(velocity(in: again, at: CGPoint(x: 2100, y: 2000), charge: 0) == .zero)
    }

    @Test func magneticFieldTurnsMovingChargesWithoutSpeedingThemUp() {
        let magnetic = { () -> UIFieldBehavior in
            let f = UIFieldBehavior.magneticField()
            f.strength = 2
            return f
        }
        // Moving right at 1 m/s, a positive charge is pushed up (counter-clockwise): F = S q v.
        let one = velocity(in: magnetic(), at: CGPoint(x: 500, y: 500), charge: 1, initialVelocity: CGPoint(x: 100, y: 0))
        let two = velocity(in: magnetic(), at: CGPoint(x: 500, y: 500), charge: 2, initialVelocity: CGPoint(x: 100, y: 0))
        #expect(isClose(one.y, -200 * dt, relative: 1e-4))
        #expect(one.x == 100)
        #expect(isClose(two.y, 2 * one.y, relative: 1e-5), "charge doubled, force doubled")
        // Over many steps the speed stays about the same while the direction turns.
        let turned = velocity(
            in: magnetic(), at: CGPoint(x: 1000, y: 1000), charge: 1, initialVelocity: CGPoint(x: 100, y: 0), steps: 47)
        let speed = (turned.x * turned.x + turned.y * turned.y).squareRoot()
        #expect(isClose(speed, 100, relative: 0.05))
        #expect(turned.y < -90 && abs(turned.x) < 20, "a quarter turn after π/(2·S·q/m) s")
    }

    @Test func chargeChangedWhileRunningTakesEffect() {
        let (_, animator, square) = makeRoom(width: 4000, height: 4000, withSquareAt: CGPoint(x: 2100, y: 2000))
        let electric = UIFieldBehavior.electricField()
        electric.position = CGPoint(x: 2000, y: 2000)
        electric.addItem(square)
        let material = UIDynamicItemBehavior(items: [square])
        animator.addBehaviors(electric, material)
        animator.run(steps: 5)
        #expect(material.linearVelocity(for: square) == .zero)
        material.charge = 3
        animator.run(steps: 1)
        #expect(isClose(material.linearVelocity(for: square).x, 300 * dt, relative: 1e-3))
    }

    // MARK: Noise and turbulence

    private func noiseScene(speed: CGFloat = 1, turbulence: Bool = false) -> (UIDynamicAnimator, [UIView]) {
        let (view, animator) = makeRoom(width: 1000, height: 1000)
        let items = (0..<6).map { i in makeSquare(in: view, center: CGPoint(x: 150 + 130 * CGFloat(i), y: 400), size: 30) }
        let field = turbulence
            ? UIFieldBehavior.turbulenceField(smoothness: 0.3, animationSpeed: speed)
            : UIFieldBehavior.noiseField(smoothness: 0.3, animationSpeed: speed)
        field.strength = 0.5
        for item in items { field.addItem(item) }
        animator.addBehavior(field)
        if turbulence {
            let material = UIDynamicItemBehavior(items: items)
            for item in items { material.addLinearVelocity(CGPoint(x: 0, y: 50), for: item) }
            animator.addBehavior(material)
        }
        return (animator, items)
    }

    @Test func noiseIsReproducibleBitForBit() {
        let (a, itemsA) = noiseScene()
        let (b, itemsB) = noiseScene()
        a.run(seconds: 2)
        b.run(seconds: 2)
        #expect(stateHash(of: itemsA) == stateHash(of: itemsB))
        // It did move the items, each its own way.
        let moves = itemsA.enumerated().map { i, item in
            CGPoint(x: item.center.x - (150 + 130 * CGFloat(i)), y: item.center.y - 400)
        }
        #expect(moves.allSatisfy { abs($0.x) + abs($0.y) > 1 })
        #expect(Set(moves.map { Int($0.x * 1000) }).count == moves.count)
        let (t1, turbulentA) = noiseScene(turbulence: true)
        let (t2, turbulentB) = noiseScene(turbulence: true)
        t1.run(seconds: 1)
        t2.run(seconds: 1)
        #expect(stateHash(of: turbulentA) == stateHash(of: turbulentB))
    }

    @Test func noiseKeepsTheAnimatorRunningAndStaysBounded() {
        let (animator, items) = noiseScene(speed: 3)
        animator.run(seconds: 5)
        #expect(animator.isRunning)
        #expect(allFinite(items))
        // 0.5 N at most about (the noise is within ±1 per axis) on 0.09 kg for 5 s.
        for item in items { #expect(abs(item.center.y - 400) < 0.5 * 1.5 / 0.09 * 12.5 * 100) }
    }

    @Test func turbulenceLeavesStillItemsAlone() {
        let field = UIFieldBehavior.turbulenceField(smoothness: 0.5, animationSpeed: 1)
        field.strength = 10
        #expect(velocity(in: field, at: CGPoint(x: 500, y: 500), steps: 30) == .zero)
        #expect(field.smoothness == 0.5 && field.animationSpeed == 1)
    }

    // MARK: Custom fields, anchored items, defaults, bad input

    @Test func evaluationBlockForceIsAppliedInUIKitNewtons() throws {
        var seen: (CGPoint, CGVector, CGFloat, CGFloat, TimeInterval)?
        let field = UIFieldBehavior.field { _, position, velocity, mass, charge, dt in
            seen = (position, velocity, mass, charge, dt)
            return CGVector(dx: 2, dy: 0)
        }
        let v = velocity(in: field, at: CGPoint(x: 300, y: 400), charge: 0.5, initialVelocity: CGPoint(x: 0, y: 10))
        #expect(isClose(v.x, 200 * dt, relative: 1e-4))
        let s = try #require(seen)
        #expect(s.0 == CGPoint(x: 300, y: 400) && s.1.dx == 0 && isClose(s.1.dy, 10, relative: 1e-6))
        #expect(s.2 == 1 && s.3 == 0.5 && s.4 == dt)
        let off = UIFieldBehavior.field { _, _, _, _, _, _ in CGVector(dx: 5, dy: 5) }
        off.strength = 0
        #expect(velocity(in: off, at: CGPoint(x: 300, y: 400)) == .zero)
    }

    @Test func anchoredItemsAreNotMovedByFields() {
        let (_, animator, square) = makeRoom(width: 1000, height: 1000, withSquareAt: CGPoint(x: 600, y: 500))
        let field = UIFieldBehavior.radialGravityField(position: CGPoint(x: 500, y: 500))
        field.strength = 100
        field.addItem(square)
        let anchor = UIDynamicItemBehavior(items: [square])
        anchor.isAnchored = true
        animator.addBehaviors(field, anchor)
        animator.run(seconds: 1)
        #expect(square.center == CGPoint(x: 600, y: 500))
    }

    @Test func defaultsAndRemoval() {
        let field = UIFieldBehavior.dragField()
        #expect(field.strength == 1 && field.falloff == 0 && field.position == .zero)
        #expect(field.minimumRadius > 0 && field.minimumRadius < 0.01)
        #expect(field.region.contains(CGPoint(x: 1e9, y: -1e9)))
        #expect(field.direction == .zero && field.smoothness == 0 && field.animationSpeed == 0)
        #expect(UIFieldBehavior.springField().falloff == 0 && UIFieldBehavior.magneticField().falloff == 0)
        #expect(UIFieldBehavior.radialGravityField(position: CGPoint(x: 3, y: 4)).position == CGPoint(x: 3, y: 4))
        let noise = UIFieldBehavior.noiseField(smoothness: 0.4, animationSpeed: 2)
        #expect(noise.smoothness == 0.4 && noise.animationSpeed == 2)
        // Removing the field (or the item) stops its force.
        let (_, animator, square) = makeRoom(width: 4000, height: 4000, withSquareAt: CGPoint(x: 100, y: 100))
        let gravity = UIFieldBehavior.linearGravityField(direction: CGVector(dx: 1, dy: 0))
        gravity.addItem(square)
        #expect(gravity.items.count == 1)
        animator.addBehavior(gravity)
        let probe = velocityProbe([square], in: animator)
        animator.run(steps: 10)
        let v = probe.linearVelocity(for: square)
        gravity.removeItem(square)
        #expect(gravity.items.isEmpty)
        animator.run(steps: 10)
        #expect(probe.linearVelocity(for: square) == v)
    }

    @Test func badValuesAreIgnoredOrClampedAndNeverBreakTheScene() {
        let field = UIFieldBehavior.radialGravityField(position: CGPoint(x: 500, y: 500))
        field.strength = .nan
        field.falloff = .infinity
        field.position = CGPoint(x: CGFloat.nan, y: 3)
        field.minimumRadius = -5
        field.direction = CGVector(dx: .infinity, dy: 0)
        field.smoothness = 7
        field.animationSpeed = -2
        #expect(field.strength == 1 && field.falloff == 2 && field.position == CGPoint(x: 500, y: 500))
        #expect(field.minimumRadius == 0 && field.direction == .zero)
        #expect(field.smoothness == 1 && field.animationSpeed == 0)
        // Huge strengths, falloffs and an item right on the position: positions stay finite.
        let (view, animator) = makeRoom(width: 1000, height: 1000)
        let items = [CGPoint(x: 500, y: 500), CGPoint(x: 500.001, y: 500), CGPoint(x: 900, y: 100)].map {
            makeSquare(in: view, center: $0, size: 10)
        }
        let fields: [UIFieldBehavior] = [
            .radialGravityField(position: CGPoint(x: 500, y: 500)), .vortexField(), .electricField(), .springField(),
            .noiseField(smoothness: 0, animationSpeed: 1e300), .dragField(), .magneticField(),
            .linearGravityField(direction: CGVector(dx: 1e300, dy: 0)),
        ]
        for (i, f) in fields.enumerated() {
            f.position = CGPoint(x: 500, y: 500)
            f.strength = i.isMultiple(of: 2) ? 1e30 : -CGFloat.greatestFiniteMagnitude
            f.falloff = i.isMultiple(of: 3) ? 1e6 : -40
            f.minimumRadius = 0
            for item in items { f.addItem(item) }
            animator.addBehavior(f)
        }
        let charge = UIDynamicItemBehavior(items: items)
        charge.charge = 1e30
        charge.charge = .nan
        #expect(charge.charge == 1e30)
        animator.addBehavior(charge)
        animator.run(seconds: 1)
        #expect(allFinite(items))
        #expect(UIRegion(radius: .nan).contains(.zero) == false)
    }

    /// The benchmark's scene: a thousand items fall towards the field's position, each
    /// straight in (a radial field has no sideways pull).
    @Test func aThousandItemsInARadialFieldFallStraightTowardsItsPosition() {
        let scene = DynamicsScenes.radialField(count: 1000)
        let centre = CGPoint(x: 1000, y: 1000)
        let start = scene.items.map(\.center)
        scene.animator.run(seconds: 0.25)
        #expect(scene.items.count == 1000)
        for (item, from) in zip(scene.items, start) where distance(from, centre) > 250 {
            #expect(distance(item.center, centre) < distance(from, centre))
            let before = atan2(from.y - centre.y, from.x - centre.x)
            let after = atan2(item.center.y - centre.y, item.center.x - centre.x)
            #expect(abs(remainder(after - before, 2 * .pi)) < 1e-3)
        }
    }
}
