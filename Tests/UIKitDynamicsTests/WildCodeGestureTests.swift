import Testing
import UIKitDynamics

// Gesture code as the tutorials and Apple's samples write it: a double tap that a single tap
// waits for, a long press, swipes in two directions, a view dragged with touchesMoved, a
// button with target/action, a delegate that lets two recognisers work together, and
// selector names registered once. Only the mechanical changes of docs/api.md.

final class GesturesViewController: UIViewController, UIGestureRecognizerDelegate {
    var log: [String] = []
    var pinchLikePan: UIPanGestureRecognizer!
    var longPress: UILongPressGestureRecognizer!
    let button = UIButton(type: .system)
    let card = DraggableCard(frame: CGRect(x: 20, y: 500, width: 80, height: 80))

    override func viewDidLoad() {
        super.viewDidLoad()
        // Names, as code that keeps `Selector("…")` writes them, registered once.
        Selector.register("singleTapped:", GesturesViewController.singleTapped)
        Selector.register("doubleTapped:", GesturesViewController.doubleTapped)

        let doubleTap = UITapGestureRecognizer(target: self, action: Selector("doubleTapped:"))
        doubleTap.numberOfTapsRequired = 2
        view.addGestureRecognizer(doubleTap)

        let singleTap = UITapGestureRecognizer(target: self, action: Selector("singleTapped:"))
        singleTap.require(toFail: doubleTap)
        view.addGestureRecognizer(singleTap)

        longPress = UILongPressGestureRecognizer(target: self, action: Selector(Self.pressed(_:)))
        longPress.delegate = self
        view.addGestureRecognizer(longPress)

        for direction in [UISwipeGestureRecognizer.Direction.left, .right] {
            let swipe = UISwipeGestureRecognizer(target: self, action: Selector(Self.swiped(_:)))
            swipe.direction = direction
            view.addGestureRecognizer(swipe)
        }

        button.frame = CGRect(x: 250, y: 40, width: 100, height: 44)
        button.setTitle("Reset", for: .normal)
        button.addTarget(self, action: Selector(Self.resetTapped), for: .touchUpInside)
        view.addSubview(button)

        card.isUserInteractionEnabled = true
        view.addSubview(card)
    }

    func singleTapped(_ sender: UITapGestureRecognizer) { log.append("single") }
    func doubleTapped(_ sender: UITapGestureRecognizer) { log.append("double") }
    func swiped(_ sender: UISwipeGestureRecognizer) { log.append(sender.direction == .left ? "left" : "right") }
    func resetTapped() { log.append("reset") }

    func pressed(_ sender: UILongPressGestureRecognizer) {
        switch sender.state {
        case .began: log.append("press began")
        case .ended: log.append("press ended")
        default: break
        }
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        // No long press on the button's row.
        gestureRecognizer.location(in: view).y > 100
    }
}

/// A view the finger drags by itself, with the touches methods (a common tutorial pattern).
final class DraggableCard: UIView {
    var events: [String] = []

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        events.append("began")
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, let superview else { return }
        let location = touch.location(in: superview)
        let previous = touch.previousLocation(in: superview)
        center = CGPoint(x: center.x + location.x - previous.x, y: center.y + location.y - previous.y)
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        events.append("ended")
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        events.append("cancelled")
    }
}

private func shown() -> (GesturesViewController, UIWindow) {
    let controller = GesturesViewController()
    return (controller, show(controller))
}

@Suite("Wild code: gesture recognisers and touches")
struct WildCodeGestureTests {
    @Test("a single tap waits for the double tap to fail, then fires")
    func singleWaitsForDouble() {
        let (controller, window) = shown()
        window.simulateTap(at: CGPoint(x: 200, y: 300))
        #expect(controller.log.isEmpty)
        window.advanceClock(by: 0.5)
        #expect(controller.log == ["single"])
    }

    @Test("two quick taps are a double tap and no single tap")
    func doubleTap() {
        let (controller, window) = shown()
        window.simulateTap(at: CGPoint(x: 200, y: 300), numberOfTaps: 2)
        window.advanceClock(by: 0.5)
        #expect(controller.log == ["double"])
    }

    @Test("a long press begins after half a second and ends on lift; the taps fail")
    func longPress() {
        let (controller, window) = shown()
        let touch = window.simulateTouchBegan(at: CGPoint(x: 200, y: 300))
        window.advanceClock(by: 0.3)
        #expect(controller.log.isEmpty)
        window.advanceClock(by: 0.3)
        #expect(controller.log == ["press began"])
        window.simulateTouchEnded(touch)
        window.advanceClock(by: 0.5)
        #expect(controller.log == ["press began", "press ended"])
    }

    @Test("the delegate can refuse a long press")
    func delegateRefuses() {
        let (controller, window) = shown()
        window.simulateLongPress(at: CGPoint(x: 100, y: 60))
        #expect(!controller.log.contains("press began"))
        #expect(controller.longPress.state == .possible)
    }

    @Test("swipes are told apart by direction; a slow drag is no swipe")
    func swipes() {
        let (controller, window) = shown()
        window.simulateSwipe(from: CGPoint(x: 300, y: 300), to: CGPoint(x: 100, y: 310))
        window.simulateSwipe(from: CGPoint(x: 100, y: 400), to: CGPoint(x: 300, y: 390))
        window.simulateDrag(from: CGPoint(x: 100, y: 250), to: CGPoint(x: 300, y: 250), duration: 2, steps: 40)
        window.simulateSwipe(from: CGPoint(x: 200, y: 200), to: CGPoint(x: 200, y: 400))
        window.advanceClock(by: 0.5)
        #expect(controller.log == ["left", "right"])
    }

    @Test("a button sends its target/action on touch up inside, and not after dragging away")
    func buttonTargetAction() {
        let (controller, window) = shown()
        window.simulateTap(at: CGPoint(x: 300, y: 60))
        #expect(controller.log == ["reset"])
        let touch = window.simulateTouchBegan(at: CGPoint(x: 300, y: 60))
        window.simulateTouchMoved(touch, to: CGPoint(x: 300, y: 400))
        window.simulateTouchEnded(touch)
        #expect(controller.log == ["reset"])
    }

    @Test("a view dragged with touchesMoved follows the finger; a recogniser that wins cancels its touches")
    func touchesFamily() {
        let (controller, window) = shown()
        let touch = window.simulateTouchBegan(at: CGPoint(x: 60, y: 540))
        window.simulateTouchMoved(touch, to: CGPoint(x: 65, y: 545))
        window.simulateTouchMoved(touch, to: CGPoint(x: 68, y: 548))
        window.simulateTouchEnded(touch)
        #expect(controller.card.center == CGPoint(x: 68, y: 548))
        // The view's own touches end normally when the taps fail (they moved 8 points: the
        // single tap is still possible and recognises after its wait; the view saw an end).
        #expect(controller.card.events.prefix(2) == ["began", "ended"])
        // Held still: the long press recognises and takes the touch from the card.
        controller.card.events.removeAll()
        let press = window.simulateTouchBegan(at: controller.card.center)
        window.advanceClock(by: 0.6)
        window.simulateTouchEnded(press)
        #expect(controller.card.events == ["began", "cancelled"])
    }
}
