import DynamicsTesting
import Testing
import UIKitDynamics

/// Collisions: items stop on boundaries without sinking, collide only with items of a
/// collision behaviour they share, and the delegate hears each contact begin once and end.
@Suite struct CollisionBehaviorTests {
    /// A square falling onto the bottom edge of the reference bounds.
    func fallingSquare(mode: UICollisionBehavior.Mode = .everything) -> (UIView, UIDynamicAnimator, UIView, UICollisionBehavior) {
        let (view, animator, square) = makeRoom(withSquareAt: CGPoint(x: 150, y: 150))
        let collision = UICollisionBehavior(items: [square])
        collision.collisionMode = mode
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehaviors(UIGravityBehavior(items: [square]), collision)
        return (view, animator, square, collision)
    }

    @Test func squareFallsAndRestsOnTheBottomEdgeWithoutSinking() {
        let (_, animator, square, _) = fallingSquare()
        animator.run(seconds: 3)
        #expect(abs(square.center.y - 617) < 0.5)
        #expect(abs(rotationAngle(of: square)) < 0.01)
        #expect(!animator.isRunning)
        animator.run(seconds: 3)
        #expect(abs(square.center.y - 617) < 0.5)
    }

    @Test func inelasticSquareLandingOnTheBottomEdgeDoesNotBounce() {
        let (_, animator, square, _) = fallingSquare()
        var lowestAfterLanding = -CGFloat.infinity
        var rise: CGFloat = 0
        var landed = false
        for _ in 0..<180 {
            animator.run(steps: 1)
            if square.center.y > 616 { landed = true }
            if landed {
                // Once down, it never goes back up (y grows downwards).
                lowestAfterLanding = max(lowestAfterLanding, square.center.y)
                rise = max(rise, lowestAfterLanding - square.center.y)
            }
        }
        #expect(landed)
        #expect(rise < 0.1, "it rose \(rise) points after landing")
        #expect(lowestAfterLanding < 617.6, "it sank to \(lowestAfterLanding)")
    }

    @Test func squareFallingStraightLandsWithoutSlidingSideways() {
        let (_, animator, square, _) = fallingSquare()
        animator.run(seconds: 3)
        // Both contact points are solved together: a flat landing neither rocks nor slides.
        #expect(abs(square.center.x - 150) < 0.5)
    }

    @Test func insetsShrinkTheReferenceBoundary() {
        let (_, animator, square) = makeRoom(withSquareAt: CGPoint(x: 150, y: 150))
        let collision = UICollisionBehavior(items: [square])
        collision.setTranslatesReferenceBoundsIntoBoundary(with: UIEdgeInsets(top: 0, left: 0, bottom: 100, right: 0))
        #expect(collision.translatesReferenceBoundsIntoBoundary)
        animator.addBehaviors(UIGravityBehavior(items: [square]), collision)
        animator.run(seconds: 3)
        #expect(abs(square.center.y - 517) < 0.5)
        // Setting the flag again resets the insets (as UIKit).
        collision.translatesReferenceBoundsIntoBoundary = true
        #expect(collision.referenceBoundsInsets == .zero)
    }

    @Test func boundaryLineStopsTheSquareAtTheBarrier() {
        let (_, animator, square) = makeRoom(withSquareAt: CGPoint(x: 150, y: 150))
        let collision = UICollisionBehavior(items: [square])
        collision.addBoundary(withIdentifier: "barrier" as NSString, from: CGPoint(x: 0, y: 350), to: CGPoint(x: 375, y: 350))
        animator.addBehaviors(UIGravityBehavior(items: [square]), collision)
        animator.run(seconds: 3)
        #expect(abs(square.center.y - 300) < 0.5)
        #expect(abs(square.center.x - 150) < 3)
    }

    @Test func bezierPathBoundaryHoldsABallInItsBowl() {
        let (view, animator) = makeRoom()
        let ball = makeBall(in: view, frame: CGRect(x: 60, y: 100, width: 40, height: 40))
        // A bowl: a quadratic curve from (20, 300) down through its lowest point (187.5, 500)
        // and back up to (355, 300).
        let bowl = UIBezierPath()
        bowl.move(to: CGPoint(x: 20, y: 300))
        bowl.addQuadCurve(to: CGPoint(x: 355, y: 300), controlPoint: CGPoint(x: 187.5, y: 700))
        let collision = UICollisionBehavior(items: [ball])
        collision.addBoundary(withIdentifier: "bowl" as NSString, for: bowl)
        let rolling = UIDynamicItemBehavior(items: [ball])
        rolling.resistance = 1
        animator.addBehaviors(rolling, UIGravityBehavior(items: [ball]), collision)
        animator.run(seconds: 12)
        #expect(abs(ball.center.x - 187.5) < 5)
        #expect(abs(ball.center.y - 480) < 2)
    }

    @Test func removingABoundaryLetsTheItemFall() {
        let (_, animator, square) = makeRoom(height: 2000, withSquareAt: CGPoint(x: 150, y: 150))
        let collision = UICollisionBehavior(items: [square])
        collision.addBoundary(withIdentifier: "barrier" as NSString, from: CGPoint(x: 0, y: 350), to: CGPoint(x: 375, y: 350))
        animator.addBehaviors(UIGravityBehavior(items: [square]), collision)
        animator.run(seconds: 2)
        #expect(abs(square.center.y - 300) < 0.5)
        collision.removeBoundary(withIdentifier: "barrier" as NSString)
        #expect(collision.boundary(withIdentifier: "barrier" as NSString) == nil)
        animator.run(seconds: 1)
        #expect(square.center.y > 600)
    }

    @Test func boundaryIdentifiersListTheAddedBoundaries() {
        let collision = UICollisionBehavior(items: [])
        #expect(collision.boundaryIdentifiers == nil)
        collision.addBoundary(withIdentifier: "a" as NSString, from: .zero, to: CGPoint(x: 10, y: 0))
        collision.addBoundary(withIdentifier: 7 as NSNumber, for: UIBezierPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5)))
        // Reusing an identifier replaces its boundary.
        collision.addBoundary(withIdentifier: "a" as NSString, from: .zero, to: CGPoint(x: 20, y: 0))
        let identifiers = collision.boundaryIdentifiers ?? []
        #expect(identifiers.count == 2)
        #expect(collision.boundary(withIdentifier: "a" as NSString)?.bounds.width == 20)
        #expect(collision.boundary(withIdentifier: 7 as NSNumber) != nil)
        collision.removeAllBoundaries()
        #expect(collision.boundaryIdentifiers == nil)
    }

    @Test func itemsOfOneCollisionBehaviourCollide() {
        let (animator, bottom, top) = stackedSquares()
        let collision = UICollisionBehavior(items: [bottom, top])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehaviors(UIGravityBehavior(items: [bottom, top]), collision)
        animator.run(seconds: 4)
        #expect(abs(bottom.center.y - 617) < 0.5)
        #expect(abs(top.center.y - 517) < 1)
    }

    @Test func itemsOfDifferentCollisionBehavioursPassThroughEachOther() {
        let (animator, bottom, top) = stackedSquares()
        for item in [bottom, top] {
            let collision = UICollisionBehavior(items: [item])
            collision.translatesReferenceBoundsIntoBoundary = true
            animator.addBehavior(collision)
        }
        animator.addBehavior(UIGravityBehavior(items: [bottom, top]))
        animator.run(seconds: 4)
        #expect(abs(bottom.center.y - 617) < 0.5)
        #expect(abs(top.center.y - 617) < 0.5)
    }

    @Test func boundariesModeItemsIgnoreEachOther() {
        let (animator, bottom, top) = stackedSquares()
        let collision = UICollisionBehavior(items: [bottom, top])
        collision.collisionMode = .boundaries
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehaviors(UIGravityBehavior(items: [bottom, top]), collision)
        animator.run(seconds: 4)
        #expect(abs(top.center.y - 617) < 0.5)
    }

    @Test func itemsModeItemsFallThroughBoundaries() {
        let (_, animator, square, _) = fallingSquare(mode: .items)
        animator.run(seconds: 2)
        #expect(square.center.y > 1000)
    }

    @Test func changingTheModeOfARunningBehaviourTakesEffect() {
        let (_, animator, square, collision) = fallingSquare()
        animator.run(seconds: 2)
        #expect(abs(square.center.y - 617) < 0.5)
        collision.collisionMode = .items
        animator.run(seconds: 1)
        #expect(square.center.y > 700)
    }

    @Test func delegateHearsTheBarrierWithItsIdentifierAndTheContactPoint() {
        let (_, animator, square) = makeRoom(withSquareAt: CGPoint(x: 150, y: 150))
        let collision = UICollisionBehavior(items: [square])
        collision.addBoundary(withIdentifier: "barrier" as NSString, from: CGPoint(x: 0, y: 350), to: CGPoint(x: 375, y: 350))
        let recorder = Recorder()
        collision.collisionDelegate = recorder
        animator.addBehaviors(UIGravityBehavior(items: [square]), collision)
        animator.run(seconds: 3)
        #expect(recorder.boundaryBegan.count == 1)
        let first = recorder.boundaryBegan.first
        #expect(first?.item === square)
        #expect((first?.identifier as? NSString) == "barrier")
        #expect(abs((first?.point.y ?? 0) - 350) < 1)
        #expect(abs((first?.point.x ?? 0) - 150) < 51)
    }

    @Test func delegateHearsTheReferenceBoundsWithANilIdentifierAndARestingItemDoesNotRefire() {
        let (_, animator, square, collision) = fallingSquare()
        let recorder = Recorder()
        collision.collisionDelegate = recorder
        animator.run(seconds: 3)
        #expect(recorder.boundaryBegan.count == 1)
        #expect(recorder.boundaryBegan.first?.identifier == nil)
        #expect(recorder.boundaryBegan.first?.item === square)
        #expect(abs((recorder.boundaryBegan.first?.point.y ?? 0) - 667) < 3)
        animator.run(seconds: 5)
        #expect(recorder.boundaryBegan.count == 1)
        #expect(recorder.boundaryEnded.isEmpty)
    }

    @Test func delegateHearsContactEndWhenABouncingBallLeavesTheFloor() {
        let (view, animator) = makeRoom()
        let ball = makeBall(in: view, frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        let collision = UICollisionBehavior(items: [ball])
        collision.addBoundary(withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: 600), to: CGPoint(x: 375, y: 600))
        let bouncy = UIDynamicItemBehavior(items: [ball])
        bouncy.elasticity = 0.8
        let recorder = Recorder()
        collision.collisionDelegate = recorder
        animator.addBehaviors(bouncy, UIGravityBehavior(items: [ball]), collision)
        animator.run(seconds: 3)
        #expect(recorder.boundaryBegan.count >= 2)
        #expect(recorder.boundaryEnded.count >= 1)
        #expect((recorder.boundaryEnded.first?.identifier as? NSString) == "floor")
    }

    @Test func itemPairIsReportedByEveryBehaviourHoldingBoth() {
        let (view, animator, bottom) = makeRoom(withSquareAt: CGPoint(x: 150, y: 600))
        let top = makeSquare(in: view, center: CGPoint(x: 150, y: 300))
        let one = UICollisionBehavior(items: [bottom, top])
        one.translatesReferenceBoundsIntoBoundary = true
        let two = UICollisionBehavior(items: [bottom, top])
        let boundariesOnly = UICollisionBehavior(items: [bottom, top])
        boundariesOnly.collisionMode = .boundaries
        let recorders = [Recorder(), Recorder(), Recorder()]
        one.collisionDelegate = recorders[0]
        two.collisionDelegate = recorders[1]
        boundariesOnly.collisionDelegate = recorders[2]
        animator.addBehavior(UIGravityBehavior(items: [top]))
        for b in [one, two, boundariesOnly] { animator.addBehavior(b) }
        animator.run(seconds: 2)
        #expect(recorders[0].itemsBegan.count == 1)
        #expect(recorders[1].itemsBegan.count == 1)
        #expect(recorders[2].itemsBegan.isEmpty)
        let contact = recorders[0].itemsBegan.first
        #expect(abs((contact?.2.y ?? 0) - 550) < 2)
    }

    @Test func everyBeganCallbackPrecedesEveryEndedOneAndBothPrecedeActions() {
        // Two balls: one lands on the floor as the other, bouncing, leaves it, in one step.
        let (view, animator) = makeRoom()
        let recorder = Recorder()
        let lander = ShapedView(frame: CGRect(x: 40, y: 100, width: 40, height: 40))
        let bouncer = ShapedView(frame: CGRect(x: 200, y: 300, width: 40, height: 40))
        for ball in [lander, bouncer] {
            ball.boundsType = .ellipse
            view.addSubview(ball)
        }
        let collision = UICollisionBehavior(items: [lander, bouncer])
        collision.addBoundary(withIdentifier: "floor" as NSString, from: CGPoint(x: 0, y: 600), to: CGPoint(x: 375, y: 600))
        collision.collisionDelegate = recorder
        collision.action = { recorder.log.append("action") }
        let bouncy = UIDynamicItemBehavior(items: [bouncer])
        bouncy.elasticity = 1
        animator.addBehaviors(bouncy, UIGravityBehavior(items: [lander, bouncer]), collision)
        animator.run(seconds: 3)
        // Within each step (between two actions) no began follows an ended.
        var sawEnded = false
        for entry in recorder.log {
            if entry == "action" { sawEnded = false }
            if entry.hasPrefix("ended") { sawEnded = true }
            if entry.hasPrefix("began") { #expect(!sawEnded) }
        }
        #expect(recorder.log.contains { $0.hasPrefix("ended") })
    }

    /// Two equal items, elasticity 1, meeting head on at `speed`: their final velocities.
    func headOnCollision(_ type: UIDynamicItemCollisionBoundsType, speed: CGFloat) -> (CGFloat, CGFloat) {
        let (view, animator) = makeRoom(width: 2000)
        let mover = ShapedView(frame: CGRect(x: 175, y: 275, width: 50, height: 50))
        let target = ShapedView(frame: CGRect(x: 375, y: 275, width: 50, height: 50))
        for item in [mover, target] {
            item.boundsType = type
            view.addSubview(item)
        }
        let elastic = UIDynamicItemBehavior(items: [mover, target])
        elastic.elasticity = 1
        elastic.friction = 0
        animator.addBehaviors(elastic, UICollisionBehavior(items: [mover, target]))
        elastic.addLinearVelocity(CGPoint(x: speed, y: 0), for: mover)
        animator.run(seconds: 1)
        return (elastic.linearVelocity(for: mover).x, elastic.linearVelocity(for: target).x)
    }

    @Test func elasticBallsOfEqualMassExchangeTheirVelocities() {
        // Momentum and energy conserved: the moving ball stops, the other leaves at its speed.
        let (mover, target) = headOnCollision(.ellipse, speed: 300)
        #expect(abs(mover) < 0.5)
        #expect(isClose(target, 300, relative: 0.002))
    }

    @Test func elasticSquaresOfEqualMassExchangeTheirVelocities() {
        let (mover, target) = headOnCollision(.rectangle, speed: 300)
        #expect(abs(mover + target - 300) < 0.5)  // momentum holds either way
        #expect(abs(mover) < 3)
        #expect(isClose(target, 300, relative: 0.01))
    }

    @Test func fastItemDoesNotTunnelThroughABoundaryLine() {
        let (_, animator, bullet) = makeRoom(width: 20_000, height: 20_000, withSquareAt: CGPoint(x: 100, y: 1000), size: 10)
        let collision = UICollisionBehavior(items: [bullet])
        collision.addBoundary(withIdentifier: "wall" as NSString, from: CGPoint(x: 1000, y: 0), to: CGPoint(x: 1000, y: 2000))
        let push = UIPushBehavior(items: [bullet], mode: .instantaneous)
        push.setAngle(0, magnitude: 1000)  // Δv = 100 × 1000 / 0.01 points/s: capped at the engine's 40,000
        animator.addBehaviors(collision, push)
        for _ in 0..<60 {
            animator.run(steps: 1)
            #expect(bullet.center.x < 1000)
        }
    }

    @Test func fastItemDoesNotTunnelThroughAThinItem() {
        let (view, animator, bullet) = makeRoom(width: 20_000, height: 20_000, withSquareAt: CGPoint(x: 100, y: 1000), size: 10)
        let plank = UIView(frame: CGRect(x: 1000, y: 900, width: 4, height: 200))
        view.addSubview(plank)
        let anchor = UIDynamicItemBehavior(items: [plank])
        anchor.density = 1000
        let push = UIPushBehavior(items: [bullet], mode: .instantaneous)
        push.setAngle(0, magnitude: 30)  // 30,000 points/s
        animator.addBehaviors(anchor, UICollisionBehavior(items: [bullet, plank]), push)
        animator.run(seconds: 0.5)
        #expect(bullet.center.x < plank.center.x)
    }

    @Test func aStackOfTenStands() {
        let scene = DynamicsScenes.stack(count: 10, size: 50)
        let start = scene.items.map(\.center)
        scene.animator.run(seconds: 4)
        for (item, p) in zip(scene.items, start) {
            #expect(abs(item.center.x - p.x) < 2)
            #expect(abs(item.center.y - p.y) < 2)
        }
        #expect(!scene.animator.isRunning)
    }

    @Test func aPyramidOfTenRowsStands() {
        let scene = DynamicsScenes.pyramid(base: 10)
        let top = scene.items.last!
        let start = top.center
        scene.animator.run(seconds: 3)
        #expect(distance(top.center, start) < 5)
        #expect(allFinite(scene.items))
    }

    /// A default room with two squares, one above the other (centres at y = 400 and 200).
    private func stackedSquares() -> (UIDynamicAnimator, UIView, UIView) {
        let (view, animator, bottom) = makeRoom(withSquareAt: CGPoint(x: 150, y: 400))
        return (animator, bottom, makeSquare(in: view, center: CGPoint(x: 150, y: 200)))
    }
}
