import Testing
import UIKitDynamics

/// `UISegmentedControl`: keeps its segments and selection; a tap on a segment selects it and
/// sends `.valueChanged`; `topLayoutGuide` has the view's top inset as its length.
@Suite struct SegmentedControlTests {
    final class Modes: UIViewController {
        var control: UISegmentedControl!
        var changes: [Int] = []

        override func loadView() {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
            control = UISegmentedControl(items: ["Instantaneous", "Continuous"])
            control.frame = CGRect(x: 16, y: 623, width: 343, height: 28)
            control.selectedSegmentIndex = 0
            control.addTarget(self, action: Selector(Self.changeMode(_:)), for: .valueChanged)
            root.addSubview(control)
            view = root
        }

        func changeMode(_ sender: UISegmentedControl) { changes.append(sender.selectedSegmentIndex) }
    }

    @Test func itemsAreSegmentsAndNoneIsSelectedAtFirst() {
        let control = UISegmentedControl(items: ["A", "B", "C"])
        #expect(control.numberOfSegments == 3 && control.selectedSegmentIndex == UISegmentedControl.noSegment)
        #expect(control.titleForSegment(at: 1) == "B" && control.titleForSegment(at: 3) == nil)
        control.selectedSegmentIndex = 2
        control.selectedSegmentIndex = 7  // outside the segments: ignored
        #expect(control.selectedSegmentIndex == 2)
        control.insertSegment(withTitle: "Z", at: 0, animated: false)
        #expect(control.selectedSegmentIndex == 3 && control.titleForSegment(at: 0) == "Z")
        control.removeSegment(at: 3, animated: false)
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment && control.numberOfSegments == 3)
    }

    @Test func settingTheIndexInCodeSendsNothingButSendActionsDoes() {
        let controller = Modes()
        _ = show(controller)
        controller.control.selectedSegmentIndex = 1
        #expect(controller.changes.isEmpty)
        controller.control.sendActions(for: .valueChanged)
        #expect(controller.changes == [1])
    }

    @Test func aTapOnAnotherSegmentSelectsItAndSendsValueChanged() {
        let controller = Modes()
        let window = show(controller)
        window.simulateTap(at: CGPoint(x: 300, y: 637))  // the right half: segment 1
        #expect(controller.control.selectedSegmentIndex == 1 && controller.changes == [1])
        window.advanceClock(by: 0.5)
        window.simulateTap(at: CGPoint(x: 310, y: 637))  // the same segment: no change
        #expect(controller.changes == [1])
        window.advanceClock(by: 0.5)
        window.simulateTap(at: CGPoint(x: 50, y: 637))
        #expect(controller.control.selectedSegmentIndex == 0 && controller.changes == [1, 0])
    }

    @Test func topLayoutGuideIsTheTopSafeAreaInset() {
        let controller = Modes()
        _ = show(controller)
        #expect(controller.topLayoutGuide.length == 0 && controller.bottomLayoutGuide.length == 0)
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 20, left: 0, bottom: 34, right: 0)
        #expect(controller.topLayoutGuide.length == 20 && controller.bottomLayoutGuide.length == 34)
    }
}
