import DynamicsTesting
import Testing
import UIKitDynamics

/// The animator: a fixed 1/60-s clock, the behaviour tree, actions once per step, pause and
/// resume callbacks, write-back, queries and determinism.
@Suite struct DynamicAnimatorTests {
    @Test func anItemTakenOutMovedByHandAndAddedBackStartsWhereItWasPut() {
        // Out of its only behaviour, moved by hand, and back in before the next step: UIKit
        // reads the item anew, so it starts from where it was put (it used to jump back).
        let (_, animator, square) = makeRoom(withSquareAt: CGPoint(x: 100, y: 100), size: 40)
        let gravity = UIGravityBehavior(items: [square])
        animator.addBehavior(gravity)
        animator.run(steps: 30)
        gravity.removeItem(square)
        square.center = CGPoint(x: 300, y: 200)
        gravity.addItem(square)
        animator.run(steps: 1)
        #expect(abs(square.center.x - 300) < 0.001)
        #expect(square.center.y >= 200 && square.center.y < 201, "from rest at the new place: \(square.center)")
    }

    @Test func sixtyAdvancesOfASixtiethOfASecondTakeSixtySteps() {
        let (animator, steps) = countingSteps()
        for _ in 0..<60 { animator.advance(by: 1.0 / 60) }
        #expect(steps() == 60)
        #expect(abs(animator.elapsedTime() - 1) < 1e-9)
    }

    @Test func leftoverTimeIsCarriedToTheNextCall() {
        let (animator, steps) = countingSteps()
        animator.advance(by: 1.0 / 120)
        #expect(steps() == 0)
        animator.advance(by: 1.0 / 120)
        #expect(steps() == 1)
        animator.advance(by: 0.5)
        #expect(steps() == 31)
    }

    @Test func addingABehaviourSendsWillResumeSynchronouslyThenRuns() {
        let (view, animator) = makeRoom()
        let recorder = Recorder()
        animator.delegate = recorder
        #expect(!animator.isRunning)
        animator.addBehavior(UIGravityBehavior(items: [makeSquare(in: view, center: CGPoint(x: 100, y: 100))]))
        #expect(recorder.log == ["resume"])
        #expect(animator.isRunning)
        animator.addBehavior(UIGravityBehavior(items: []))
        #expect(recorder.log == ["resume"])
    }

    @Test func pausesOnceWhenEverythingRestsAndResumesOnAChange() {
        let (_, animator, square) = makeRoom(withSquareAt: CGPoint(x: 150, y: 150))
        let recorder = Recorder()
        animator.delegate = recorder
        let collision = UICollisionBehavior(items: [square])
        collision.translatesReferenceBoundsIntoBoundary = true
        let gravity = UIGravityBehavior(items: [square])
        animator.addBehaviors(gravity, collision)
        animator.run(seconds: 4)
        #expect(recorder.log == ["resume", "pause"])
        #expect(!animator.isRunning)
        let pausedAt = animator.elapsedTime()
        animator.run(seconds: 1)
        #expect(animator.elapsedTime() == pausedAt)  // a paused animator does not step
        gravity.angle = 0  // gravity to the right: it slides to the right wall
        #expect(recorder.log == ["resume", "pause", "resume"])
        animator.run(seconds: 4)
        #expect(abs(square.center.x - 325) < 0.5)
        #expect(recorder.log == ["resume", "pause", "resume", "pause"])
        #expect(animator.elapsedTime() > pausedAt)  // never reset by pauses
    }

    @Test func animatorWithNothingToMovePausesAtItsFirstStep() {
        let (_, animator) = makeRoom()
        let recorder = Recorder()
        animator.delegate = recorder
        animator.addBehaviors(UIGravityBehavior(), UICollisionBehavior())
        animator.run(steps: 1)
        #expect(recorder.log == ["resume", "pause"])
        #expect(abs(animator.elapsedTime() - 1.0 / 60) < 1e-12)
    }

    @Test func removeAllBehaviorsPausesAtTheNextStep() {
        let (_, animator, square) = makeRoom(height: 5000, withSquareAt: CGPoint(x: 150, y: 100))
        animator.addBehavior(UIGravityBehavior(items: [square]))
        animator.run(seconds: 0.5)
        animator.removeAllBehaviors()
        #expect(animator.behaviors.isEmpty)
        #expect(animator.isRunning)
        let y = square.center.y
        animator.run(steps: 1)
        #expect(!animator.isRunning)
        #expect(square.center.y == y)
    }

    @Test func actionRunsOncePerStepDepthFirstAfterWriteBack() {
        let (_, animator, square) = makeRoom(height: 5000, withSquareAt: CGPoint(x: 150, y: 100))
        var order: [String] = []
        let parent = UIDynamicBehavior()
        let child = UIGravityBehavior(items: [square])
        let grandchild = UIDynamicBehavior()
        let sibling = UIDynamicBehavior()
        parent.action = { order.append("parent") }
        child.action = { order.append("child") }
        grandchild.action = { order.append("grandchild") }
        sibling.action = { order.append("sibling") }
        child.addChildBehavior(grandchild)
        parent.addChildBehavior(child)
        var seen: [CGFloat] = []
        parent.action = {
            order.append("parent")
            seen.append(square.center.y)
        }
        animator.addBehaviors(parent, sibling)
        animator.run(steps: 2)
        #expect(order == ["parent", "child", "grandchild", "sibling", "parent", "child", "grandchild", "sibling"])
        // The first action already sees the stepped position.
        #expect(seen[0] > 100)
        #expect(parent.childBehaviors.first === child)
        #expect(child.dynamicAnimator === animator && grandchild.dynamicAnimator === animator)
    }

    @Test func childBehavioursOfACompositeActLikeTopLevelOnes() {
        let (_, animator, square) = makeRoom(withSquareAt: CGPoint(x: 150, y: 150))
        final class FallAndLand: UIDynamicBehavior {
            init(items: [UIDynamicItem]) {
                super.init()
                addChildBehavior(UIGravityBehavior(items: items))
                let collision = UICollisionBehavior(items: items)
                collision.translatesReferenceBoundsIntoBoundary = true
                addChildBehavior(collision)
            }
        }
        let composite = FallAndLand(items: [square])
        animator.addBehavior(composite)
        animator.run(seconds: 3)
        #expect(abs(square.center.y - 617) < 0.5)
        // Adding a child to a running composite takes effect too.
        let push = UIPushBehavior(items: [square], mode: .instantaneous)
        push.setAngle(-.pi / 2, magnitude: 2)
        composite.addChildBehavior(push)
        animator.run(steps: 10)
        #expect(square.center.y < 600)
        composite.removeChildBehavior(push)
        #expect(push.dynamicAnimator == nil)
    }

    @Test func willMoveIsCalledOnJoiningAndLeaving() {
        final class Watcher: UIDynamicBehavior {
            var moves: [Bool] = []
            override func willMove(to dynamicAnimator: UIDynamicAnimator?) { moves.append(dynamicAnimator != nil) }
        }
        let (_, animator) = makeRoom()
        let watcher = Watcher()
        animator.addBehavior(watcher)
        #expect(watcher.dynamicAnimator === animator)
        animator.removeBehavior(watcher)
        #expect(watcher.moves == [true, false])
        #expect(watcher.dynamicAnimator == nil)
    }

    @Test func itemsInRectFindsTheItemsItIntersects() {
        let (view, animator, a) = makeRoom(withSquareAt: CGPoint(x: 100, y: 100), size: 50)
        let b = makeSquare(in: view, center: CGPoint(x: 300, y: 100), size: 50)
        let outside = makeSquare(in: view, center: CGPoint(x: 300, y: 500), size: 50)
        animator.addBehavior(UICollisionBehavior(items: [a, b]))
        let found = animator.items(in: CGRect(x: 0, y: 0, width: 280, height: 200))
        #expect(found.count == 2)
        #expect(found.contains { $0 === a } && found.contains { $0 === b })
        #expect(!animator.items(in: CGRect(x: 0, y: 0, width: 270, height: 200)).contains { $0 === b })
        #expect(!found.contains { $0 === outside })
    }

    @Test func updateItemUsingCurrentStateMovesTheBodyToWhereTheItemWasPut() {
        let (_, animator, square) = makeRoom(withSquareAt: CGPoint(x: 150, y: 150))
        let collision = UICollisionBehavior(items: [square])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehaviors(UIGravityBehavior(items: [square]), collision)
        animator.run(seconds: 3)
        #expect(!animator.isRunning)
        // Moving the view by hand alone does nothing to the (sleeping) body...
        square.center = CGPoint(x: 250, y: 100)
        square.transform = CGAffineTransform(rotationAngle: 0.3)
        animator.updateItem(usingCurrentState: square)
        #expect(animator.isRunning)
        animator.run(steps: 1)
        #expect(abs(square.center.x - 250) < 0.5)
        #expect(square.center.y < 110)
        #expect(abs(rotationAngle(of: square) - 0.3) < 0.01)
        animator.run(seconds: 3)
        #expect(square.center.y > 600)
    }

    @Test func movingARestingItemByHandWithoutUpdatingKeepsTheNewCentre() {
        // The attachment lesson's frog: in a collision behaviour but still, it is dragged by
        // setting its centre; the animator writes only poses that changed.
        let (view, animator, frog) = makeRoom(withSquareAt: CGPoint(x: 187.5, y: 200))
        let dragon = makeSquare(in: view, center: CGPoint(x: 187.5, y: 430))
        let collision = UICollisionBehavior(items: [dragon, frog])
        collision.collisionMode = .boundaries
        collision.translatesReferenceBoundsIntoBoundary = true
        let rod = UIAttachmentBehavior(item: dragon, attachedToAnchor: frog.center)
        animator.addBehaviors(collision, rod)
        animator.run(steps: 5)
        frog.center = CGPoint(x: 120, y: 150)
        rod.anchorPoint = frog.center
        animator.run(seconds: 1)
        #expect(frog.center == CGPoint(x: 120, y: 150))
    }

    @Test func writeBackReplacesTheTransformWithAPureRotation() {
        let (_, animator, square) = makeRoom(withSquareAt: CGPoint(x: 187.5, y: 300))
        square.transform = CGAffineTransform(scaleX: 2, y: 2).rotated(by: 0.5)
        let spin = UIDynamicItemBehavior(items: [square])
        spin.addAngularVelocity(1, for: square)
        animator.addBehavior(spin)
        animator.run(steps: 1)
        let t = square.transform
        #expect(abs(t.a * t.a + t.b * t.b - 1) < 1e-6)
        #expect(abs(t.a - t.d) < 1e-9 && abs(t.b + t.c) < 1e-9)
        #expect(abs(rotationAngle(of: square) - (0.5 + 1.0 / 60)) < 1e-4)
    }

    /// As in UIKit, an item no behaviour references loses its body: removing every
    /// behaviour inside an action and adding new ones (seed 003's reset) starts the item
    /// afresh, at rest where the action put it, not with its old speed.
    @Test func anItemReleasedByEveryBehaviourStartsAfreshWhenAddedAgain() {
        let (_, animator, ball) = makeRoom(width: 2000, height: 2000, withSquareAt: CGPoint(x: 100, y: 100), size: 20)
        var resets = 0
        func setUp() {
            let gravity = UIGravityBehavior(items: [ball])
            gravity.action = { [unowned animator] in
                guard ball.center.y > 400 else { return }
                animator.removeAllBehaviors()
                ball.center = CGPoint(x: 100, y: 100)
                resets += 1
                setUp()
            }
            animator.addBehavior(gravity)
        }
        setUp()
        var steps = 0
        while resets == 0 && steps < 120 {
            animator.run(steps: 1)
            steps += 1
        }
        #expect(resets == 1)
        #expect(ball.center == CGPoint(x: 100, y: 100))
        // One step of free fall from rest moves it a fraction of a point (it was falling at
        // ~770 points/s, ~13 points a step).
        animator.run(steps: 1)
        #expect(ball.center.y > 100.05 && ball.center.y < 100.5)
    }

    @Test func viewsOutsideTheReferenceViewAreNotSimulated() {
        let (_, animator) = makeRoom()
        let stray = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        animator.addBehavior(UIGravityBehavior(items: [stray]))
        animator.run(seconds: 1)
        #expect(stray.center == CGPoint(x: 125, y: 125))
        #expect(!animator.isRunning)
    }

    @Test func aViewAddedToTheReferenceViewLaterStartsMoving() {
        let (view, animator) = makeRoom()
        let late = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        animator.addBehavior(UIGravityBehavior(items: [late]))
        animator.run(seconds: 1)
        view.addSubview(late)
        #expect(animator.isRunning)
        animator.run(seconds: 0.5)
        #expect(late.center.y > 200)
    }

    @Test func aViewRemovedFromItsSuperviewStopsAndLetsTheAnimatorPause() {
        let (_, animator, alert) = makeRoom(height: 5000, withSquareAt: CGPoint(x: 187.5, y: 300))
        animator.addBehavior(UIGravityBehavior(items: [alert]))
        animator.run(seconds: 0.5)
        alert.removeFromSuperview()
        let y = alert.center.y
        animator.run(seconds: 0.5)
        #expect(alert.center.y == y)
        #expect(!animator.isRunning)
    }

    @Test func abstractAnimatorMovesItemsThatAreNotViews() {
        let animator = UIDynamicAnimator()
        #expect(animator.referenceView == nil)
        let particle = Particle(center: CGPoint(x: 0, y: 0), size: CGSize(width: 10, height: 10))
        animator.addBehavior(UIGravityBehavior(items: [particle]))
        animator.run(seconds: 1)
        #expect(isClose(particle.center.y, 500, relative: 0.01))
    }

    @Test func twoAnimatorsAreIndependent() {
        let (viewA, animatorA) = makeRoom(height: 5000)
        let (viewB, animatorB) = makeRoom(height: 5000)
        let a = makeSquare(in: viewA, center: CGPoint(x: 100, y: 100))
        let b = makeSquare(in: viewB, center: CGPoint(x: 100, y: 100))
        animatorA.addBehavior(UIGravityBehavior(items: [a]))
        animatorB.addBehavior(UIGravityBehavior(items: [b]))
        animatorA.run(seconds: 1)
        #expect(b.center.y == 100)
        animatorB.run(seconds: 1)
        #expect(a.center == b.center)
    }

    @Test func theSameSceneRunTwiceGivesTheSameStateHash() {
        func run() -> UInt64 {
            let scene = DynamicsScenes.twoItemLesson()
            scene.animator.run(seconds: 3)
            let drop = DynamicsScenes.stack(count: 5)
            drop.animator.run(seconds: 2)
            return stateHash(of: scene.items + drop.items)
        }
        let first = run()
        #expect(run() == first)
    }

    @Test func twoItemLessonSceneDoesWhatTheLessonSays() {
        // The properties lesson: the frog (elasticity 1, density 3, no rotation) bounces like
        // a rubber ball; the dragon, with the defaults, lands dead.
        let scene = DynamicsScenes.twoItemLesson()
        let frog = scene.items[0], dragon = scene.items[1]
        var frogBounces = 0, dragonBounces = 0
        var frogWasFalling = true, dragonWasFalling = true
        var lastFrog = frog.center.y, lastDragon = dragon.center.y
        for _ in 0..<(60 * 4) {
            scene.animator.run(steps: 1)
            let frogFalling = frog.center.y > lastFrog + 0.5
            let dragonFalling = dragon.center.y > lastDragon + 0.5
            if frogWasFalling && frog.center.y < lastFrog - 0.5 { frogBounces += 1 }
            if dragonWasFalling && dragon.center.y < lastDragon - 0.5 { dragonBounces += 1 }
            frogWasFalling = frogFalling || (frogWasFalling && frog.center.y >= lastFrog - 0.5)
            dragonWasFalling = dragonFalling || (dragonWasFalling && dragon.center.y >= lastDragon - 0.5)
            lastFrog = frog.center.y
            lastDragon = dragon.center.y
        }
        #expect(frogBounces >= 3)
        #expect(rotationAngle(of: frog) == 0)
        withKnownIssue("engine: a fast box hitting a chain loop is pushed back up ~2 points", isIntermittent: true) {
            #expect(dragonBounces == 0)
        }
        #expect(abs(dragon.center.y - 617) < 1)
    }

    /// A falling square in a tall room whose gravity counts the animator's steps (a
    /// behaviour's action runs once a step), and how to read the count.
    private func countingSteps() -> (UIDynamicAnimator, () -> Int) {
        let (_, animator, square) = makeRoom(height: 5000, withSquareAt: CGPoint(x: 150, y: 100))
        let gravity = UIGravityBehavior(items: [square])
        var steps = 0
        gravity.action = { steps += 1 }
        animator.addBehavior(gravity)
        return (animator, { steps })
    }
}
