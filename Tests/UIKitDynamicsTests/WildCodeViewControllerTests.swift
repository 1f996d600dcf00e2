import Testing
import UIKitDynamics

// In the style of the common "UIKit Dynamics in Swift" tutorials: a view controller built
// in code drops a square under gravity into the screen's edges; a tap snaps it to the
// finger; dragging the square holds it on an attachment and a fling throws it with the
// pan's velocity. Written as for iOS; the only changes are mechanical (`import UIKit` →
// `import UIKitDynamics`, `@objc` dropped, `#selector(f(_:))` → `Selector(Self.f(_:))`).

final class PlaygroundViewController: UIViewController {
    var animator: UIDynamicAnimator!
    var square: UIView!
    var snap: UISnapBehavior?
    var attachment: UIAttachmentBehavior?
    var lifecycle: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        lifecycle.append("viewDidLoad")
        view.backgroundColor = .systemBackground

        square = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        square.backgroundColor = .systemGray
        view.addSubview(square)

        animator = UIDynamicAnimator(referenceView: view)
        let gravity = UIGravityBehavior(items: [square])
        let collision = UICollisionBehavior(items: [square])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(gravity)
        animator.addBehavior(collision)

        let tap = UITapGestureRecognizer(target: self, action: Selector(Self.handleTap(_:)))
        view.addGestureRecognizer(tap)
        let pan = UIPanGestureRecognizer(target: self, action: Selector(Self.handlePan(_:)))
        square.addGestureRecognizer(pan)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        lifecycle.append("viewWillAppear")
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        lifecycle.append("viewWillLayoutSubviews")
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        lifecycle.append("viewDidLayoutSubviews")
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        lifecycle.append("viewDidAppear")
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        lifecycle.append("viewWillDisappear")
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        lifecycle.append("viewDidDisappear")
    }

    func handleTap(_ sender: UITapGestureRecognizer) {
        let point = sender.location(in: view)
        if let snap {
            animator.removeBehavior(snap)
        }
        let newSnap = UISnapBehavior(item: square, snapTo: point)
        animator.addBehavior(newSnap)
        snap = newSnap
    }

    func handlePan(_ sender: UIPanGestureRecognizer) {
        let location = sender.location(in: view)
        switch sender.state {
        case .began:
            if let snap { animator.removeBehavior(snap) }
            let newAttachment = UIAttachmentBehavior(item: square, attachedToAnchor: location)
            animator.addBehavior(newAttachment)
            attachment = newAttachment
        case .changed:
            attachment?.anchorPoint = location
        case .ended, .cancelled:
            if let attachment { animator.removeBehavior(attachment) }
            attachment = nil
            let velocity = sender.velocity(in: view)
            let fling = UIDynamicItemBehavior(items: [square])
            fling.addLinearVelocity(velocity, for: square)
            animator.addBehavior(fling)
        default:
            break
        }
    }
}

/// The scene delegate's code: a window with the controller as its root, made visible
/// (shared by the WildCode suites).
func show(_ controller: UIViewController) -> UIWindow {
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.rootViewController = controller
    window.makeKeyAndVisible()
    return window
}

/// A playground controller shown in a window of its own.
private func shownPlayground() -> (PlaygroundViewController, UIWindow) {
    let controller = PlaygroundViewController()
    return (controller, show(controller))
}

extension PlaygroundViewController {
    /// The square (100 points high) lies on the screen's bottom edge, within a point.
    var squareRestsOnTheBottomEdge: Bool { abs(square.center.y - (UIScreen.main.bounds.height - 50)) < 1 }
}

@Suite("Wild code: a view controller built in code")
struct WildCodeViewControllerTests {
    @Test("the view loads lazily, screen-sized, and the lifecycle runs in UIKit's order")
    func lifecycle() {
        let controller = PlaygroundViewController()
        #expect(!controller.isViewLoaded)
        #expect(controller.lifecycle.isEmpty)
        let window = show(controller)
        #expect(controller.isViewLoaded)
        #expect(controller.view.bounds == UIScreen.main.bounds)
        #expect(controller.view.window === window)
        #expect(controller.view.superview === window)
        #expect(
            controller.lifecycle == [
                "viewDidLoad", "viewWillAppear", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "viewDidAppear",
            ])
        // Another root: the old controller's view leaves, with its disappearance calls.
        window.rootViewController = UIViewController()
        #expect(controller.lifecycle.suffix(2) == ["viewWillDisappear", "viewDidDisappear"])
        #expect(controller.view.window == nil)
    }

    @Test("gravity drops the square onto the bottom edge as the window's clock runs")
    func falls() {
        let (controller, window) = shownPlayground()
        window.advanceClock(by: 3)
        #expect(controller.squareRestsOnTheBottomEdge)
    }

    @Test("a tap on the background snaps the square to the finger")
    func tapSnaps() {
        let (controller, window) = shownPlayground()
        window.simulateTap(at: CGPoint(x: 250, y: 300))
        #expect(controller.snap != nil)
        window.advanceClock(by: 3)
        let c = controller.square.center
        #expect(hypot(c.x - 250, c.y - 300) < 2)
    }

    @Test("dragging the square holds it on an attachment; a still release leaves it to gravity")
    func dragHolds() {
        let (controller, window) = shownPlayground()
        // The square's own pan takes the drag; the background's tap fails.
        let touch = window.simulateTouchBegan(at: CGPoint(x: 150, y: 150))
        for i in 1...30 {
            window.advanceClock(by: 1.0 / 60)
            window.simulateTouchMoved(touch, to: CGPoint(x: 150 + CGFloat(i) * 3, y: 150 + CGFloat(i) * 2))
        }
        #expect(controller.attachment != nil)
        #expect(controller.snap == nil)
        // Held still at the finger for a while: the square hangs at the anchor (gravity pulls
        // it a little below).
        window.advanceClock(by: 2)
        let held = controller.square.center
        #expect(hypot(held.x - 240, held.y - 210) < 60)
        window.simulateTouchEnded(touch)
        #expect(controller.attachment == nil)
        window.advanceClock(by: 3)
        #expect(controller.squareRestsOnTheBottomEdge)
    }

    @Test("a fast fling throws the square with the pan's velocity")
    func flingThrows() {
        let (controller, window) = shownPlayground()
        // Stop gravity so only the fling moves it.
        controller.animator.behaviors.compactMap { $0 as? UIGravityBehavior }.forEach {
            controller.animator.removeBehavior($0)
        }
        window.simulateDrag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 250, y: 150), duration: 0.1, steps: 6)
        let fling = controller.animator.behaviors.compactMap { $0 as? UIDynamicItemBehavior }.last
        let velocity = fling?.linearVelocity(for: controller.square) ?? .zero
        // 100 points in 0.1 s: about 1000 points/s to the right, none downwards.
        #expect(velocity.x > 600)
        #expect(abs(velocity.y) < 50)
    }
}
