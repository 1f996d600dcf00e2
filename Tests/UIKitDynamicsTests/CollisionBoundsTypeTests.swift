import DynamicsTesting
import Testing
import UIKitDynamics

/// Collision outlines: rectangles, true ellipses (circles when square) and convex paths.
@Suite struct CollisionBoundsTypeTests {
    /// Drops `item` onto a line at y = 600 and returns where it rests.
    func restingCenter(of item: UIView, seconds: Double = 5) -> CGPoint {
        let (view, animator) = makeRoom()
        view.addSubview(item)
        let collision = UICollisionBehavior(items: [item])
        collision.addBoundary(withIdentifier: "floor" as NSString, from: CGPoint(x: -1000, y: 600), to: CGPoint(x: 2000, y: 600))
        let damping = UIDynamicItemBehavior(items: [item])
        damping.angularResistance = 3
        damping.resistance = 0.5
        animator.addBehaviors(damping, collision, UIGravityBehavior(items: [item]))
        animator.run(seconds: seconds)
        return item.center
    }

    @Test func defaultBoundsTypeIsTheRectangle() {
        #expect(UIView().collisionBoundsType == .rectangle)
        #expect(UIDynamicItemCollisionBoundsType.path.rawValue == 2)
        #expect(Particle(center: .zero, size: .zero).collisionBoundsType == .rectangle)
    }

    @Test func circleRestsOneRadiusAboveTheFloor() {
        let ball = ShapedView(frame: CGRect(x: 160, y: 300, width: 60, height: 60))
        ball.boundsType = .ellipse
        #expect(abs(restingCenter(of: ball).y - 570) < 0.5)
    }

    @Test func flatEllipseRestsOnItsShortRadius() {
        let ellipse = ShapedView(frame: CGRect(x: 140, y: 300, width: 100, height: 50))
        ellipse.boundsType = .ellipse
        #expect(abs(restingCenter(of: ellipse).y - 575) < 0.5)
    }

    @Test func ellipseMassIsDensityTimesItsArea() {
        // π/4 of the 100 × 100 square: a push of 1 gives 100 / (π/4) points/s².
        let (view, animator) = makeRoom(width: 5000)
        let ball = makeBall(in: view, frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        let push = UIPushBehavior(items: [ball], mode: .instantaneous)
        push.magnitude = 1
        animator.addBehavior(push)
        let probe = velocityProbe([ball], in: animator)
        animator.run(steps: 1)
        #expect(isClose(probe.linearVelocity(for: ball).x, 400 / .pi, relative: 0.001))
    }

    @Test func roundItemRollsDownASlopeButASquareSlidesFlatOnIt() {
        func run(_ type: UIDynamicItemCollisionBoundsType) -> CGFloat {
            let (view, animator) = makeRoom(width: 2000, height: 2000)
            let item = ShapedView(frame: CGRect(x: 80, y: 60, width: 40, height: 40))
            item.boundsType = type
            view.addSubview(item)
            let collision = UICollisionBehavior(items: [item])
            collision.addBoundary(withIdentifier: "slope" as NSString, from: CGPoint(x: 0, y: 100), to: CGPoint(x: 1000, y: 600))
            let grippy = UIDynamicItemBehavior(items: [item])
            grippy.friction = 1
            animator.addBehaviors(grippy, collision, UIGravityBehavior(items: [item]))
            animator.run(seconds: 1.5)
            return rotationAngle(of: item)
        }
        let slope = atan2(500.0, 1000.0)
        #expect(abs(run(.ellipse)) > 2)
        #expect(abs(run(.rectangle) - slope) < 0.05)
    }

    @Test func convexPathRestsOnItsFlatSide() {
        // A triangle pointing up, its base 30 points below the centre.
        let triangle = ShapedView(frame: CGRect(x: 150, y: 300, width: 80, height: 60))
        triangle.boundsType = .path
        let path = UIBezierPath()
        path.move(to: CGPoint(x: -40, y: 30))
        path.addLine(to: CGPoint(x: 0, y: -30))
        path.addLine(to: CGPoint(x: 40, y: 30))
        path.close()
        triangle.path = path
        let center = restingCenter(of: triangle)
        #expect(abs(center.y - 570) < 0.5)
        #expect(abs(rotationAngle(of: triangle)) < 0.01)
    }

    @Test func squarePathOffCentreShiftsTheOutlineRelativeToTheCentre() {
        // A 40 × 40 outline lying entirely below the item's centre: the item rests with its
        // centre 40 points above the floor.
        let item = ShapedView(frame: CGRect(x: 150, y: 300, width: 40, height: 40))
        item.boundsType = .path
        item.path = UIBezierPath(rect: CGRect(x: -20, y: 0, width: 40, height: 40))
        let center = restingCenter(of: item)
        #expect(abs(center.y - 560) < 0.5)
    }

    @Test func concavePathCollidesAsItsConvexHull() {
        // A "V" notch: its hull is the 80 × 40 rectangle.
        let item = ShapedView(frame: CGRect(x: 150, y: 300, width: 80, height: 40))
        item.boundsType = .path
        let notch = UIBezierPath()
        notch.move(to: CGPoint(x: -40, y: -20))
        notch.addLine(to: CGPoint(x: 0, y: 10))
        notch.addLine(to: CGPoint(x: 40, y: -20))
        notch.addLine(to: CGPoint(x: 40, y: 20))
        notch.addLine(to: CGPoint(x: -40, y: 20))
        notch.close()
        item.path = notch
        #expect(abs(restingCenter(of: item).y - 580) < 0.5)
    }

    @Test func emptyPathCollidesAsTheRectangle() {
        let item = ShapedView(frame: CGRect(x: 150, y: 300, width: 60, height: 30))
        item.boundsType = .path
        #expect(abs(restingCenter(of: item).y - 585) < 0.5)
    }
}
