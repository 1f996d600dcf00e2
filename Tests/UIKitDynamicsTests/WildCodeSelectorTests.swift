import Testing
import UIKitDynamics

// Target/action without the Objective-C runtime (docs/api.md): selectors by name registered
// once, a target answering for itself, and what happens when nothing answers; plus bad
// input to the headless drivers.

class NamedActionsController: UIViewController {
    var taps: [CGPoint] = []
    var pans = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        Selector.register("viewTapped:", NamedActionsController.viewTapped)
        Selector.register("viewPanned", NamedActionsController.viewPanned)
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: Selector("viewTapped:")))
        view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: "viewPanned"))
    }

    func viewTapped(_ sender: UITapGestureRecognizer) { taps.append(sender.location(in: view)) }
    func viewPanned() { pans += 1 }
}

/// A subclass inherits its superclass's registered names.
final class SubNamedActionsController: NamedActionsController {}

/// A target that finds its own methods by name, as an interpreter's objects do.
final class InterpretedTarget: SelectorPerforming {
    var calls: [String] = []
    func responds(to action: Selector) -> Bool { action.name.hasPrefix("handle") }
    func perform(_ action: Selector, with sender: Any?) { calls.append(action.name) }
}

@Suite("Wild code: selectors and bad input to the drivers")
struct WildCodeSelectorTests {
    @Test("selector names registered once call their methods, for subclasses too")
    func registeredNames() {
        for controller in [NamedActionsController(), SubNamedActionsController()] {
            let window = show(controller)
            window.simulateTap(at: CGPoint(x: 30, y: 40))
            window.simulateDrag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 100), steps: 5)
            #expect(controller.taps == [CGPoint(x: 30, y: 40)])
            // began, four changes, ended (the first move passes the 10-point threshold).
            #expect(controller.pans == 6)
        }
    }

    @Test("a target that answers for itself gets the names it knows; others do nothing")
    func selfAnsweringTarget() {
        let target = InterpretedTarget()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        view.addGestureRecognizer(UITapGestureRecognizer(target: target, action: Selector("handleTap:")))
        view.addGestureRecognizer(UILongPressGestureRecognizer(target: target, action: Selector("unknownThing:")))
        // No window: the view's own hierarchy takes the touches.
        view.simulateTap(at: CGPoint(x: 50, y: 50))
        view.simulateLongPress(at: CGPoint(x: 50, y: 50))
        #expect(target.calls == ["handleTap:"])
        #expect(Selector("handleTap:").isImplemented(by: target))
        #expect(!Selector("nothing").perform(on: target, with: nil))
    }

    @Test("targets are not retained: a released target's action is skipped")
    func weakTargets() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        var target: InterpretedTarget? = InterpretedTarget()
        view.addGestureRecognizer(UITapGestureRecognizer(target: target!, action: Selector("handleTap:")))
        weak var released = target
        target = nil
        #expect(released == nil)
        view.simulateTap(at: CGPoint(x: 50, y: 50))
    }

    @Test("non-finite and off-screen points deliver nothing and break nothing")
    func badPoints() {
        let controller = NamedActionsController()
        let window = show(controller)
        window.simulateTap(at: CGPoint(x: CGFloat.nan, y: 10))
        window.simulateTap(at: CGPoint(x: 10, y: CGFloat.infinity))
        window.simulateTap(at: CGPoint(x: -500, y: 10))
        let touch = window.simulateTouchBegan(at: CGPoint(x: 100, y: 100))
        window.simulateTouchMoved(touch, to: CGPoint(x: CGFloat.nan, y: 0))
        window.simulateTouchEnded(touch)
        window.simulateDrag(.moved, at: CGPoint(x: 10, y: 10))  // no drag under way
        window.advanceClock(by: .nan)
        window.advanceClock(by: -1)
        #expect(controller.taps == [CGPoint(x: 100, y: 100)])
        // The hierarchy still works.
        window.simulateTap(at: CGPoint(x: 60, y: 70))
        #expect(controller.taps.last == CGPoint(x: 60, y: 70))
    }
}
