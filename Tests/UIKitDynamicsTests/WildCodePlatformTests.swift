import Foundation
import Testing
import UIKitDynamics

// The long tail of UIKit that code from other authors' tutorials and books reaches for, besides
// the dynamics: watching a view's centre with KVO while the animator moves it, switching on the
// animator's debug overlay by selector, template images, an orientation the controller
// prefers, timing in nanoseconds, geometry written as text. Written as for iOS; the changes are
// mechanical (`import UIKit` → `import UIKitDynamics`, `@objc` dropped).

final class ObservingViewController: UIViewController {
    var animator: UIDynamicAnimator!
    let ball = UIImageView(image: UIImage(named: "ball")?.withRenderingMode(.alwaysTemplate))
    var centers: [CGPoint] = []
    var oldCenters: [CGPoint] = []
    var tapped = 0
    lazy var button = UIButton(type: .system, primaryAction: UIAction(title: "Drop") { [unowned self] _ in tapped += 1 })

    override var supportedInterfaceOrientations: UIInterfaceOrientationMask { .portrait }
    override var shouldAutorotate: Bool { false }

    override func viewDidLoad() {
        super.viewDidLoad()
        ball.frame = CGRect(x: 100, y: 100, width: 28, height: 28)
        view.addSubview(ball)
        button.contentHorizontalAlignment = .left
        view.addSubview(button)
        animator = UIDynamicAnimator(referenceView: view)
        animator.perform(NSSelectorFromString("setDebugEnabled:"), with: true)
        animator.addBehavior(UIGravityBehavior(items: [ball]))
        ball.addObserver(self, forKeyPath: "center", options: [.new, .old], context: nil)
    }

    override func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?
    ) {
        guard keyPath == "center", let new = change?[.newKey] as? CGPoint, let old = change?[.oldKey] as? CGPoint else { return }
        centers.append(new)
        oldCenters.append(old)
    }

    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        coordinator.animate(alongsideTransition: nil, completion: nil)
    }
}

@Suite struct WildCodePlatformTests {
    @Test("KVO on a view's centre hears every move the animator makes, with the old and new values")
    func keyValueObservingFollowsTheAnimator() {
        let controller = ObservingViewController()
        let window = show(controller)
        window.advanceClock(by: 0.5)
        #expect(controller.centers.count >= 25, "one change a step at least: \(controller.centers.count)")
        #expect(controller.centers.last == controller.ball.center)
        #expect(zip(controller.centers, controller.centers.dropFirst()).allSatisfy { $0.y <= $1.y }, "falling")
        #expect(zip(controller.oldCenters.dropFirst(), controller.centers).allSatisfy { $0 == $1 }, "each old value the last new one")
        // Removed, it hears no more.
        let heard = controller.centers.count
        controller.ball.removeObserver(controller, forKeyPath: "center")
        window.advanceClock(by: 0.2)
        #expect(controller.centers.count == heard)
    }

    @Test("the initial option tells at once; an observer of another key path hears nothing of the centre")
    func initialAndOtherKeyPaths() {
        let controller = ObservingViewController()
        _ = controller.view
        let other = ObservingViewController()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.addObserver(other, forKeyPath: "center", options: [.new, .old, .initial], context: nil)
        #expect(other.centers.isEmpty, "initial carries no old value, so this observer's guard skips it")
        view.addObserver(controller, forKeyPath: "alpha", options: [.new], context: nil)
        view.center = CGPoint(x: 50, y: 60)
        #expect(other.centers == [CGPoint(x: 50, y: 60)])
        #expect(controller.centers.isEmpty)
    }

    @Test("the debug overlay by selector, a template image, a primary action, an orientation")
    func theLongTailCompilesAndBehaves() {
        let controller = ObservingViewController()
        _ = controller.view
        #expect(controller.animator.value(forKey: "debugEnabled") as? Bool == true)
        controller.animator.perform(NSSelectorFromString("setDebugEnabled:"), with: false)
        #expect(controller.animator.value(forKey: "debugEnabled") as? Bool == false)
        #expect(controller.ball.image?.renderingMode == .alwaysTemplate)
        #expect(controller.ball.image?.size == CGSize(width: 28, height: 28))
        #expect(controller.button.title(for: .normal) == "Drop")
        #expect(controller.button.contentHorizontalAlignment == .left)
        controller.button.sendActions(for: .primaryActionTriggered)
        #expect(controller.tapped == 1)
        #expect(controller.supportedInterfaceOrientations == .portrait)
        #expect(UIInterfaceOrientation.landscapeLeft.isLandscape)
        #expect(UIImage.animatedImageNamed("no-such-frames-", duration: 1) == nil)
        let frames = UIImage.animatedImage(with: [UIImage(named: "frog")!, UIImage(named: "dragon")!], duration: 0.5)
        #expect(frames?.images?.count == 2 && frames?.duration == 0.5)
    }

    @Test("timing in nanoseconds and geometry as text, as Apple's Foundation has them")
    func foundationNamesLinuxLeavesOut() {
        #expect(Double(NSEC_PER_SEC) * 0.5 == 5e8)
        #expect(NSEC_PER_MSEC * MSEC_PER_SEC == NSEC_PER_SEC)
        #expect(NSCoder.string(for: CGPoint(x: 12.5, y: 34)) == "{12.5, 34}")
        #expect(NSCoder.string(for: CGRect(x: 1, y: 2, width: 3, height: 4)) == "{{1, 2}, {3, 4}}")
        #expect(NSCoder.cgPoint(for: "{12.5, 34}") == CGPoint(x: 12.5, y: 34))
        #expect(NSCoder.cgRect(for: NSCoder.string(for: CGRect(x: 1, y: 2, width: 3, height: 4))) == CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(NSCoder.cgPoint(for: "not a point") == .zero)
        #expect(NSStringFromSelector(NSSelectorFromString("setDebugEnabled:")) == "setDebugEnabled:")
    }
}
