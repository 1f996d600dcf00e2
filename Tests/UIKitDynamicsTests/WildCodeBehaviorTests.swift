import Testing
import UIKitDynamics

// In the style of Apple's "UIKit Dynamics Catalog" sample and of the books: behaviours
// subclassed and composed, a custom dynamic item that maps an item's position onto a view's
// bounds, a field subclass made by its factory, views that lay themselves out, draw, hit
// test and hear they moved to a window, colour literals and system colours. Only the
// mechanical changes of docs/api.md.

/// A composite behaviour, as Apple's sample and the WWDC talk write it: gravity and
/// collision in one, set up in `init(items:)`.
final class FallAndBounceBehavior: UIDynamicBehavior {
    let gravity: UIGravityBehavior
    let collision: UICollisionBehavior

    init(items: [UIDynamicItem]) {
        gravity = UIGravityBehavior(items: items)
        collision = UICollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        super.init()
        addChildBehavior(gravity)
        addChildBehavior(collision)
        let bounce = UIDynamicItemBehavior(items: items)
        bounce.elasticity = 0.6
        addChildBehavior(bounce)
    }
}

/// Apple's sample's APLPositionToBoundsMapping: a dynamic item whose centre drives the
/// bounds of a view (the animator moves the item, the view grows and shrinks).
final class PositionToBoundsMapping: NSObject, UIDynamicItem {
    let target: UIView

    init(target: UIView) {
        self.target = target
        super.init()
    }

    var bounds: CGRect { CGRect(x: 0, y: 0, width: 1, height: 1) }

    var center: CGPoint {
        get { CGPoint(x: target.bounds.size.width, y: target.bounds.size.height) }
        set { target.bounds = CGRect(x: 0, y: 0, width: newValue.x, height: newValue.y) }
    }

    var transform: CGAffineTransform = .identity
}

/// A field subclass: UIKit's factories return the subclass (`instancetype`).
final class TaggedSpringField: UIFieldBehavior {
    var tag = "spring"
}

/// A view that lays out its subview, draws, widens its touch area and hears the window.
final class BadgeView: UIView {
    let dot = UIView()
    var layouts = 0
    var draws = 0
    var windows: [String] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(dot)
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        layouts += 1
        dot.frame = CGRect(x: bounds.width - 10, y: 0, width: 10, height: 10)
    }

    override func draw(_ rect: CGRect) {
        draws += 1
        let path = UIBezierPath(ovalIn: rect.insetBy(dx: 2, dy: 2))
        tintColor.setFill()
        path.fill()
    }

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -20, dy: -20).contains(point)
    }

    override func willMove(toWindow newWindow: UIWindow?) {
        super.willMove(toWindow: newWindow)
        windows.append(newWindow == nil ? "leaving" : "joining")
    }
}

final class CatalogViewController: UIViewController {
    var animator: UIDynamicAnimator!
    let ball = UIView(frame: CGRect(x: 150, y: 100, width: 60, height: 60))
    let badge = BadgeView(frame: CGRect(x: 40, y: 40, width: 44, height: 44))
    var badgeTaps = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        ball.backgroundColor = #colorLiteral(red: 0.2, green: 0.6, blue: 0.86, alpha: 1)
        view.addSubview(ball)
        view.addSubview(badge)
        badge.addGestureRecognizer(UITapGestureRecognizer(target: self, action: Selector(Self.badgeTapped)))
        animator = UIDynamicAnimator(referenceView: view)
        animator.setValue(true, forKey: "debugEnabled")
        animator.addBehavior(FallAndBounceBehavior(items: [ball]))
    }

    func badgeTapped() { badgeTaps += 1 }
}

@Suite("Wild code: behaviours, custom items and views")
struct WildCodeBehaviorTests {
    @Test("a composite behaviour drops the ball and it bounces, then rests on the bottom edge")
    func compositeBehaviour() {
        let controller = CatalogViewController()
        let window = show(controller)
        #expect(controller.animator.value(forKey: "debugEnabled") as? Bool == true)
        var lowest: CGFloat = 0
        var bounced = false
        for _ in 0..<240 {
            window.advanceClock(by: 1.0 / 60)
            let y = controller.ball.center.y
            if lowest > 600 && y < lowest - 5 { bounced = true }
            lowest = max(lowest, y)
        }
        #expect(bounced)
        window.advanceClock(by: 4)
        #expect(abs(controller.ball.center.y - (667 - 30)) < 1)
    }

    @Test("a custom dynamic item maps an attachment's oscillation onto a view's bounds")
    func positionToBoundsMapping() {
        let container = UIView(frame: UIScreen.main.bounds)
        let button = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 50))
        container.addSubview(button)
        let animator = UIDynamicAnimator(referenceView: container)
        let mapping = PositionToBoundsMapping(target: button)
        let spring = UIAttachmentBehavior(item: mapping, attachedToAnchor: mapping.center)
        spring.frequency = 2
        spring.damping = 0.3
        animator.addBehavior(spring)
        let push = UIPushBehavior(items: [mapping], mode: .instantaneous)
        push.angle = .pi / 4
        push.magnitude = 2
        animator.addBehavior(push)
        var widest: CGFloat = 0
        for _ in 0..<30 {
            animator.advance(by: 1.0 / 60)
            widest = max(widest, button.bounds.width)
        }
        #expect(widest > 110, "the push grows the view's bounds")
        animator.advance(by: 6)
        #expect(abs(button.bounds.width - 100) < 2 && abs(button.bounds.height - 50) < 2, "and the spring brings them back")
    }

    @Test("a field subclass's factory returns the subclass, and its spring pulls")
    func fieldFactoryReturnsSelf() {
        let field = TaggedSpringField.springField()
        #expect(field.tag == "spring")
        let (view, animator) = makeRoom()
        let square = makeSquare(in: view, center: CGPoint(x: 250, y: 300), size: 40)
        field.position = CGPoint(x: 200, y: 300)
        field.addItem(square)
        animator.addBehavior(field)
        animator.run(steps: 20)
        #expect(square.center.x < 249)
    }

    @Test("views lay out, draw once shown, take touches in their widened area and hear the window")
    func viewOverrides() {
        let controller = CatalogViewController()
        #expect(controller.badge.windows.isEmpty)
        let window = show(controller)
        #expect(controller.badge.windows == ["joining"])
        #expect(controller.badge.layouts >= 1)
        #expect(controller.badge.dot.frame == CGRect(x: 34, y: 0, width: 10, height: 10))
        #expect(controller.badge.draws == 1)
        // Bigger: laid out again; marked for display: drawn again at the next turn.
        controller.badge.bounds.size = CGSize(width: 80, height: 44)
        controller.badge.setNeedsDisplay()
        window.advanceClock(by: 1.0 / 60)
        #expect(controller.badge.dot.frame.origin.x == 70)
        #expect(controller.badge.draws == 2)
        // 15 points outside its frame still hits it (point(inside:with:) widened).
        #expect(window.hitTest(CGPoint(x: 40 - 15, y: 60), with: nil) === controller.badge)
        window.simulateTap(at: CGPoint(x: 40 - 15, y: 60))
        #expect(controller.badgeTaps == 1)
        controller.badge.removeFromSuperview()
        #expect(controller.badge.windows == ["joining", "leaving"])
    }

    @Test("a spring animation (the tutorials' card snapping back) overshoots and ends on its value")
    func springAnimation() {
        let (view, animator) = makeRoom()
        let card = makeSquare(in: view, center: CGPoint(x: 300, y: 300), size: 80)
        UIView.animate(
            withDuration: 1, delay: 0, usingSpringWithDamping: 0.3, initialSpringVelocity: 0, options: [],
            animations: { card.center = CGPoint(x: 100, y: 300) })
        #expect(card.center == CGPoint(x: 100, y: 300), "the model value is set at once")
        var leftmost: CGFloat = 300
        for _ in 0..<60 {
            animator.advance(by: 1.0 / 60)
            leftmost = min(leftmost, card.presentationCenter.x)
        }
        #expect(leftmost < 90, "damping 0.3 overshoots the target")
        animator.advance(by: 0.1)
        #expect(card.presentationCenter == CGPoint(x: 100, y: 300))
    }

    @Test("colour literals, system colours, the tint, UIOffsetMake and image sizes are UIKit's")
    func uikitValues() {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        let literal: UIColor = #colorLiteral(red: 1, green: 0.5, blue: 0, alpha: 0.8)
        literal.getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(r == 1 && abs(g - 0.5) < 1e-6 && b == 0 && abs(a - 0.8) < 1e-6)
        UIColor.systemBlue.getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(r == 0 && abs(g - 122.0 / 255) < 1e-9 && b == 1)
        UIColor.lightText.getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(r == 1 && abs(a - 0.6) < 1e-9)
        let view = UIView()
        #expect(view.tintColor == .systemBlue)
        let parent = UIView()
        parent.tintColor = .systemRed
        parent.addSubview(view)
        #expect(view.tintColor == .systemRed, "inherited from the superview")
        #expect(UIOffsetMake(3, -4) == UIOffset(horizontal: 3, vertical: -4))
        #expect(view.safeAreaInsets == .zero)
        // The sprites have their sizes; an image view is sized to its image; a missing image is nil.
        let frog = UIImageView(image: UIImage(named: "frog"))
        #expect(frog.bounds.size == CGSize(width: 100, height: 100))
        #expect(UIImage(named: "no such picture") == nil)
        UIImage.registerImage(named: "crate", size: CGSize(width: 64, height: 48))
        #expect(UIImage(named: "crate")?.size == CGSize(width: 64, height: 48))
        #expect(UIImage(named: "../etc/passwd") == nil)
    }
}
