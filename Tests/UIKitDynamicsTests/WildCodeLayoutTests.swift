import CoreMotion
import PlaygroundSupport
import Testing
import UIKitDynamics

@Suite struct WildCodeLayoutTests {
    @Test("anchors place a view; changing a constraint's constant moves it; the superview holds them")
    func constraintsPlaceAndMoveAView() {
        let controller = PinnedBoxViewController()
        let window = show(controller)
        let width = controller.view.bounds.width
        #expect(controller.box.frame == CGRect(x: width / 2 - 40, y: 40, width: 80, height: 40))
        #expect(controller.label.frame == CGRect(x: 16, y: 88, width: 120, height: 20))
        // Each kept by the items' nearest common ancestor: sizes by the view itself.
        #expect(controller.view.constraints.count == 4)
        #expect(controller.box.constraints.count == 2 && controller.label.constraints.count == 2)
        #expect(controller.topConstraint.isActive && controller.topConstraint.firstItem === controller.box)

        controller.topConstraint.constant = 200
        #expect(controller.box.frame.minY == 200)
        #expect(controller.label.frame.minY == 248, "the label follows the box it is constrained to")

        // Deactivated, the constant no longer moves it.
        controller.topConstraint.isActive = false
        controller.topConstraint.constant = 10
        #expect(controller.box.frame.minY == 200)
        #expect(controller.view.constraints.count == 3)
        _ = window
    }

    @Test("with no accelerometer the code's own fallback runs, and no sample ever comes")
    func coreMotionHasNoSensors() {
        let controller = PinnedBoxViewController()
        let window = show(controller)
        #expect(!controller.motion.isAccelerometerAvailable && !controller.motion.isDeviceMotionAvailable)
        #expect(controller.motion.isDeviceMotionActive)
        #expect(controller.gravity.gravityDirection == CGVector(dx: 0, dy: 1))
        controller.animator.addBehavior(controller.gravity)
        let top = controller.box.frame.minY
        window.advanceClock(by: 0.5)
        #expect(controller.samples == 0)
        #expect(controller.box.frame.minY > top + 50, "gravity pulls the box down")
        controller.motion.stopDeviceMotionUpdates()
        #expect(!controller.motion.isDeviceMotionActive)
    }

    @Test("a playground page's live view is the view or the view controller's")
    func playgroundPageLiveView() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        PlaygroundPage.current.liveView = view
        #expect(PlaygroundPage.current.liveRootView === view)
        let controller = PinnedBoxViewController()
        PlaygroundPage.current.liveView = controller
        #expect(PlaygroundPage.current.liveRootView === controller.view)
        PlaygroundPage.current.needsIndefiniteExecution = true
        PlaygroundPage.current.liveView = nil
    }
}
