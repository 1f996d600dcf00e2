import Foundation
import UIKitDynamics

// lesson:begin
// The iOS 9 basketball hoop (the tutorial's BallSwift): a board hung from a point by a
// short attachment, two small elliptical rim arms and a front rim pinned to it, an
// anchored floor, and a round ball under gravity. Swipe to throw: an instantaneous push
// whose angle and magnitude come from the swipe (the tutorial's throw: angle -1.35,
// magnitude 1.56). When the ball leaves the view, everything is set up again.

/// A UIView with a round body.
class Ellipse: UIView {
    override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .ellipse }
}

/// A UIImageView with a round body.
class Ball: UIImageView {
    override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .ellipse }
}

final class HoopViewController: UIViewController {
    var animator: UIDynamicAnimator?
    var board: UIView!
    var leftHoop: UIView!
    var rightHoop: UIView!
    var hoop: UIView!
    let hoopPosition = CGPoint(x: 240, y: 300)
    // The tutorial's values, kept in properties so that they can be tuned.
    var ballElasticity: CGFloat = 1
    var ballDensity: CGFloat = 3
    var ballBehavior: UIDynamicItemBehavior!

    let floor: UIView = {
        let floor = UIView()
        // Not in the tutorial (its ground was a background picture): a visible floor.
        floor.backgroundColor = UIColor(red: 0.55, green: 0.75, blue: 0.45, alpha: 1)
        return floor
    }()

    let ball: Ball = {
        let ball = Ball(frame: CGRect(x: 0, y: 0, width: 28, height: 28))
        ball.image = UIImage(named: "ball")
        // No image files here: an orange ball.
        ball.backgroundColor = .orange
        ball.layer.cornerRadius = 14
        return ball
    }()

    override func viewDidLoad() {
        super.viewDidLoad()

        animator = UIDynamicAnimator(referenceView: view)

        floor.frame = CGRect(x: 0, y: view.frame.size.height - 60, width: view.frame.size.width, height: 60)
        ball.center = CGPoint(x: 40, y: view.frame.size.height - 100)

        buildViews()
        setupBehaviors()
    }

    /// Build the hoop, set up the world's appearance.
    func buildViews() {
        board = UIView(frame: CGRect(x: hoopPosition.x, y: hoopPosition.y, width: 100, height: 100))
        // The tutorial's board is white with a light border; light grey shows on the page.
        board.backgroundColor = UIColor(white: 0.88, alpha: 1)
        board.layer.borderColor = UIColor(red: 0.98, green: 0.98, blue: 0.98, alpha: 1).cgColor
        board.layer.borderWidth = 2

        board.addSubview({
            let v = UIView(frame: CGRect(x: 30, y: 43, width: 40, height: 40))
            v.backgroundColor = .clear
            v.layer.borderColor = UIColor(red: 0.4, green: 0.4, blue: 0.4, alpha: 1).cgColor
            v.layer.borderWidth = 5
            return v
        }())

        leftHoop = Ellipse(frame: CGRect(x: hoopPosition.x + 20, y: hoopPosition.y + 80, width: 10, height: 6))
        leftHoop.backgroundColor = .clear
        leftHoop.layer.cornerRadius = 3

        rightHoop = Ellipse(frame: CGRect(x: hoopPosition.x + 70, y: hoopPosition.y + 80, width: 10, height: 6))
        rightHoop.backgroundColor = .clear
        rightHoop.layer.cornerRadius = 3

        hoop = UIView(frame: CGRect(x: hoopPosition.x + 20, y: hoopPosition.y + 80, width: 60, height: 6))
        hoop.backgroundColor = UIColor(red: 177.0 / 255.0, green: 25.0 / 255.0, blue: 25.0 / 255.0, alpha: 1)
        hoop.layer.cornerRadius = 3

        for subview in [board, leftHoop, rightHoop, floor, ball, hoop] as [UIView] {
            view.addSubview(subview)
        }
    }

    /// Set up the behaviours of the world's objects.
    func setupBehaviors() {
        animator?.removeAllBehaviors()

        let bolts = [
            CGPoint(x: hoopPosition.x + 25, y: hoopPosition.y + 85),
            CGPoint(x: hoopPosition.x + 75, y: hoopPosition.y + 85),
            CGPoint(x: hoopPosition.x + 25, y: hoopPosition.y + 85),
            CGPoint(x: hoopPosition.x + 75, y: hoopPosition.y + 85),
        ]

        // Build the board
        for (item, offset) in zip([hoop!, hoop!, leftHoop!, rightHoop!], bolts) {
            animator?.addBehavior(UIAttachmentBehavior.pinAttachment(with: item, attachedTo: board, attachmentAnchor: offset))
        }

        // Hang the hoop
        animator?.addBehavior({
            let attachment = UIAttachmentBehavior(item: board, attachedToAnchor: CGPoint(x: hoopPosition.x, y: hoopPosition.y))
            attachment.length = 2
            attachment.damping = 5
            return attachment
        }())

        // Set the density of the hoop, and fix its angle
        animator?.addBehavior({
            let behavior = UIDynamicItemBehavior(items: [leftHoop, rightHoop])
            behavior.density = 10
            behavior.allowsRotation = false
            return behavior
        }())

        // Block the board rotation
        animator?.addBehavior({
            let behavior = UIDynamicItemBehavior(items: [board])
            behavior.allowsRotation = false
            return behavior
        }())

        // Set the elasticity and density of the ball
        ballBehavior = {
            let behavior = UIDynamicItemBehavior(items: [ball])
            behavior.elasticity = ballElasticity
            behavior.density = ballDensity
            behavior.action = { [unowned self] in
                if !ball.frame.intersects(view.frame) {
                    setupBehaviors()
                    ball.center = CGPoint(x: 40, y: view.frame.size.height - 100)
                }
            }
            return behavior
        }()
        animator?.addBehavior(ballBehavior)

        // Anchor the floor
        animator?.addBehavior({
            let behavior = UIDynamicItemBehavior(items: [floor])
            behavior.isAnchored = true
            return behavior
        }())

        animator?.addBehavior(UICollisionBehavior(items: [leftHoop, rightHoop, floor, ball]))

        // Gravity is working against me
        animator?.addBehavior(UIGravityBehavior(items: [ball]))
    }

    /// Applies the force to the ball.
    func shoot(angle: CGFloat = -1.35, magnitude: CGFloat = 1.56) {
        animator?.addBehavior(pushForPosition(angle: angle, magnitude: magnitude))
    }

    /// Build the force to apply to the ball: an instantaneous push.
    func pushForPosition(angle: CGFloat, magnitude: CGFloat) -> UIPushBehavior {
        let push = UIPushBehavior(items: [ball], mode: .instantaneous)
        push.angle = angle
        push.magnitude = magnitude
        return push
    }
}
// lesson:end

/// The room: a swipe throws the ball along the swipe (magnitude = swipe length / 100, at
/// most 3); a press without a swipe throws the tutorial's shot. Live: the press's throw,
/// the ball's elasticity and density.
final class HoopLesson: LessonHost<HoopViewController>, Lesson {
    static let info = LessonInfo.hoop

    private var throwAngle = -1.35
    private var throwMagnitude = 1.56
    private var elasticity = 1.0
    private var density = 3.0
    private var lastBallCenter: CGPoint?

    required init() {
        super.init(bounds: Self.info.bounds) { HoopViewController() }
        addParameter("throwAngle", "Throw angle for a press (rad)", min: -Double.pi, max: 0, step: 0.01,
                     get: { [unowned self] in throwAngle }, set: { [unowned self] in throwAngle = $0 })
        addParameter("throwMagnitude", "Throw magnitude for a press", min: 0, max: 3, step: 0.01,
                     get: { [unowned self] in throwMagnitude }, set: { [unowned self] in throwMagnitude = $0 })
        addParameter("elasticity", "Ball elasticity", min: 0, max: 1, step: 0.05,
                     get: { [unowned self] in elasticity },
                     set: { [unowned self] in elasticity = $0; applyBall() })
        addParameter("density", "Ball density", min: 0.5, max: 10, step: 0.1,
                     get: { [unowned self] in density },
                     set: { [unowned self] in density = $0; applyBall() })
    }

    override var animator: UIDynamicAnimator? { controller.animator }

    override func handlePush(at point: CGPoint, swipe: CGVector?) -> Bool {
        if let swipe, swipe.dx.isFinite, swipe.dy.isFinite, hypot(swipe.dx, swipe.dy) >= 1 {
            let length = hypot(swipe.dx, swipe.dy)
            controller.shoot(angle: atan2(swipe.dy, swipe.dx), magnitude: min(length, 300) / 100)
        } else {
            controller.shoot(angle: CGFloat(throwAngle), magnitude: CGFloat(throwMagnitude))
        }
        emit("throw", "Throw")
        return true
    }

    override func didRestart() {
        applyBall()
    }

    override func advance(by dt: TimeInterval) {
        super.advance(by: dt)
        // The tutorial's action puts the ball back when it leaves the view: say so.
        let center = controller.ball.center
        if let last = lastBallCenter, center != last, center == CGPoint(x: 40, y: controller.view.frame.height - 100) {
            emit("ball-reset", "The ball left the view: set up again", item: controller.ball)
        }
        lastBallCenter = center
    }

    private func applyBall() {
        controller.ballElasticity = CGFloat(elasticity)
        controller.ballDensity = CGFloat(density)
        controller.ballBehavior.elasticity = CGFloat(elasticity)
        controller.ballBehavior.density = CGFloat(density)
    }
}
