import DynamicsTesting
import Testing
import UIKitDynamics

/// Item groups: their members move as one rigid body in every behaviour the group is in.
@Suite struct ItemGroupTests {
    /// Pairwise distances between the members' centres, and their rotations.
    private func shape(of items: [UIView]) -> (distances: [CGFloat], angles: [CGFloat]) {
        var distances: [CGFloat] = []
        for i in items.indices {
            for j in items.indices where j > i { distances.append(distance(items[i].center, items[j].center)) }
        }
        return (distances, items.map { rotationAngle(of: $0) })
    }

    /// An L of three 40 × 40 squares with its corner at (x, y), added to `view`.
    private func makeL(in view: UIView, x: CGFloat, y: CGFloat) -> [UIView] {
        [
            makeSquare(in: view, center: CGPoint(x: x, y: y), size: 40),
            makeSquare(in: view, center: CGPoint(x: x + 40, y: y), size: 40),
            makeSquare(in: view, center: CGPoint(x: x, y: y - 40), size: 40),
        ]
    }

    @Test func centerAndBoundsAreTheMembersEnclosingRectangle() {
        let (view, _) = makeRoom()
        let members = makeL(in: view, x: 100, y: 200)
        let group = UIDynamicItemGroup(items: members)
        #expect(group.items.count == 3)
        // Frames span x 80…160, y 140…220.
        #expect(group.center == CGPoint(x: 120, y: 180))
        #expect(group.bounds == CGRect(x: 0, y: 0, width: 80, height: 80))
        #expect(group.transform == .identity)
    }

    @Test func membersKeepTheirPlacementWhileFallingAndBouncing() {
        let (view, animator) = makeRoom()
        let members = makeL(in: view, x: 150, y: 150)
        let group = UIDynamicItemGroup(items: members)
        let start = shape(of: members)
        let gravity = UIGravityBehavior(items: [group])
        let collision = UICollisionBehavior(items: [group])
        collision.translatesReferenceBoundsIntoBoundary = true
        let bounce = UIDynamicItemBehavior(items: [group])
        bounce.elasticity = 0.6
        animator.addBehaviors(gravity, collision, bounce)
        var lowest: CGFloat = 0
        var roseAgain = false
        var previousY = members[0].center.y
        for _ in 0..<240 {
            animator.run(steps: 1)
            let now = shape(of: members)
            for (a, b) in zip(now.distances, start.distances) { #expect(abs(a - b) < 0.01) }
            for angle in now.angles { #expect(abs(remainder(angle - now.angles[0], 2 * .pi)) < 1e-4) }
            let y = members[0].center.y
            lowest = max(lowest, y)
            if y < previousY - 0.5 && lowest > 500 { roseAgain = true }
            previousY = y
        }
        #expect(lowest > 500, "it fell to the bottom")
        #expect(roseAgain, "and bounced")
        for member in members {
            #expect(member.frame.maxY <= 667.5, "the members' outlines collide: none sinks through the floor")
        }
        // The bounce the group took is on its members: the group's centre moved with them.
        let centroid = CGPoint(
            x: members.map(\.center.x).reduce(0, +) / 3, y: members.map(\.center.y).reduce(0, +) / 3)
        #expect(distance(centroid, group.center) < 30)
    }

    @Test func aGroupTurnsAsOneBody() {
        // An off-centre push spins the L; each member turns by the group's angle about it.
        let (view, animator) = makeRoom(width: 2000, height: 2000)
        let members = makeL(in: view, x: 1000, y: 1000)
        let group = UIDynamicItemGroup(items: members)
        let start = shape(of: members)
        let push = UIPushBehavior(items: [group], mode: .instantaneous)
        push.setAngle(.pi / 2, magnitude: 2)
        push.setTargetOffsetFromCenter(UIOffset(horizontal: 40, vertical: 0), for: group)
        animator.addBehavior(push)
        animator.run(seconds: 0.5)
        let angle = rotationAngle(of: group)
        #expect(abs(angle) > 0.05)
        for member in members { #expect(abs(remainder(rotationAngle(of: member) - angle, 2 * .pi)) < 1e-6) }
        let now = shape(of: members)
        for (a, b) in zip(now.distances, start.distances) { #expect(abs(a - b) < 0.01) }
    }

    @Test func massIsTheSumOfTheMembers() {
        // Two 100 × 100 squares of density 1: mass 2, so 1 UIKit Newton gives 50 points/s².
        let (view, animator, a) = makeRoom(width: 4000, height: 4000, withSquareAt: CGPoint(x: 200, y: 200))
        let b = makeSquare(in: view, center: CGPoint(x: 300, y: 200))
        let group = UIDynamicItemGroup(items: [a, b])
        let push = UIPushBehavior(items: [group], mode: .continuous)
        push.magnitude = 1
        animator.addBehavior(push)
        let probe = velocityProbe([group], in: animator)
        animator.run(seconds: 1)
        #expect(isClose(probe.linearVelocity(for: group).x, 50, relative: 1e-3))
        #expect(isClose(b.center.x - a.center.x, 100, relative: 1e-6))
        #expect(isClose(a.center.x - 200, 25, relative: 0.02))
    }

    @Test func convexMembersMakeAConcaveCupThatHoldsABall() {
        // A U of three bars, anchored: a ball dropped into it rests inside, between the arms,
        // where the convex hull of the U would have kept it out.
        let (view, animator, floor) = makeRoom(withSquareAt: CGPoint(x: 187.5, y: 500), size: 10)
        floor.bounds = CGRect(x: 0, y: 0, width: 160, height: 20)
        let left = UIView(frame: CGRect(x: 107.5, y: 380, width: 20, height: 110))
        let right = UIView(frame: CGRect(x: 247.5, y: 380, width: 20, height: 110))
        view.addSubview(left)
        view.addSubview(right)
        let cup = UIDynamicItemGroup(items: [floor, left, right])
        let ball = makeBall(in: view, frame: CGRect(x: 172.5, y: 300, width: 30, height: 30))
        let anchored = UIDynamicItemBehavior(items: [cup])
        anchored.isAnchored = true
        animator.addBehaviors(anchored, UIGravityBehavior(items: [ball]), UICollisionBehavior(items: [cup, ball]))
        animator.run(seconds: 3)
        // The cup's floor top is at y 490: the ball rests on it, below the arms' tops (380).
        #expect(abs(ball.center.y - 475) < 1)
        #expect(abs(ball.center.x - 187.5) < 1)
        #expect(floor.center == CGPoint(x: 187.5, y: 500) && left.center == CGPoint(x: 117.5, y: 435))
    }

    @Test func collisionCallbacksNameTheGroup() {
        let (view, animator) = makeRoom()
        let members = makeL(in: view, x: 150, y: 300)
        let group = UIDynamicItemGroup(items: members)
        let collision = UICollisionBehavior(items: [group])
        collision.translatesReferenceBoundsIntoBoundary = true
        let recorder = Recorder()
        collision.collisionDelegate = recorder
        animator.addBehaviors(collision, UIGravityBehavior(items: [group]))
        animator.run(seconds: 2)
        #expect(recorder.boundaryBegan.first?.item === group)
    }

    @Test func settingCenterAndTransformPlacesTheMembersRigidly() {
        let (view, _) = makeRoom()
        let a = makeSquare(in: view, center: CGPoint(x: 100, y: 100), size: 20)
        let b = makeSquare(in: view, center: CGPoint(x: 140, y: 100), size: 20)
        let group = UIDynamicItemGroup(items: [a, b])
        #expect(group.center == CGPoint(x: 120, y: 100))
        group.center = CGPoint(x: 220, y: 300)
        #expect(a.center == CGPoint(x: 200, y: 300) && b.center == CGPoint(x: 240, y: 300))
        group.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(distance(a.center, CGPoint(x: 220, y: 280)) < 1e-9)
        #expect(distance(b.center, CGPoint(x: 220, y: 320)) < 1e-9)
        #expect(abs(rotationAngle(of: a) - .pi / 2) < 1e-9)
        group.center = CGPoint(x: CGFloat.nan, y: 0)
        #expect(group.center == CGPoint(x: 220, y: 300))
    }

    @Test func nestedGroupsAndRepeatedItemsAreLeftOut() {
        let (view, animator, a) = makeRoom(withSquareAt: CGPoint(x: 100, y: 100), size: 20)
        let b = makeSquare(in: view, center: CGPoint(x: 200, y: 100), size: 20)
        let inner = UIDynamicItemGroup(items: [b])
        let outer = UIDynamicItemGroup(items: [a, inner, a])
        #expect(outer.items.count == 1 && outer.items[0] === a)
        #expect(outer.center == a.center && outer.bounds.size == CGSize(width: 20, height: 20))
        // An empty group gets no body and breaks nothing.
        let empty = UIDynamicItemGroup(items: [])
        animator.addBehavior(UIGravityBehavior(items: [empty, outer]))
        animator.run(seconds: 0.5)
        #expect(a.center.y > 100 && empty.center == .zero)
    }
}
