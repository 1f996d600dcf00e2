import Foundation
import LiveSwift
import Testing

/// The API the corpus's last four programs needed, live: a property animator, shape layers,
/// a segmented control, `topLayoutGuide`, `convert(_:from:)` and a controller's touches.
@Suite struct LiveUIKitSurfaceTests {
    @Test func aPropertyAnimatorAnimatesOnlyOnceStartedOverItsDuration() throws {
        let lesson = try lessonRunning(
            """
            var animator: UIDynamicAnimator!
            var fader: UIViewPropertyAnimator?
            let box = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
            func start(_ sender: UITapGestureRecognizer) { fader?.startAnimation() }
            """,
            """
            view.addSubview(box)
            view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: Selector(Self.start(_:))))
            animator = UIDynamicAnimator(referenceView: view)
            fader = UIViewPropertyAnimator(duration: 0.2, curve: .linear, animations: {
                self.box.alpha = 0
            })
            fader?.addCompletion { _ in print("done \\(self.fader!.isRunning)") }
            label.text = "\\(fader!.state == .inactive) \\(fader!.duration)"
            """)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.items.first?.text == "true 0.2", "\(String(describing: lesson.items.first?.text))")
        func boxAlpha() -> Double? { lesson.items.first { $0.size == CGSize(width: 50, height: 50) }?.alpha }
        lesson.advance(by: 0.1)
        #expect(boxAlpha() == 1)
        lesson.tap(at: CGPoint(x: 300, y: 500))
        lesson.advance(by: 0.1)
        #expect(abs((boxAlpha() ?? 9) - 0.5) < 0.1, "\(String(describing: boxAlpha()))")
        lesson.advance(by: 0.15)
        #expect(boxAlpha() == 0)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.drainEvents().filter { $0.name == "print" }.map(\.text) == ["done false"])
    }

    @Test func shapeLayersAreKeptAsDecoration() throws {
        let lesson = try lessonRunning(
            """
            private lazy var shapeLayer: CAShapeLayer = {
                let shapeLayer = CAShapeLayer()
                shapeLayer.fillColor = UIColor.clear.cgColor
                shapeLayer.lineJoin = CAShapeLayerLineJoin.round
                shapeLayer.lineWidth = 2
                shapeLayer.strokeColor = UIColor.red.cgColor
                shapeLayer.strokeEnd = 1.0
                return shapeLayer
            }()
            """,
            """
            let path = UIBezierPath()
            path.move(to: CGPoint(x: 10, y: 20))
            path.addLine(to: CGPoint(x: 110, y: 70))
            shapeLayer.path = path.cgPath
            view.layer.addSublayer(shapeLayer)
            view.layer.addSublayer(shapeLayer)
            let box = shapeLayer.path!.boundingBox
            let kept = "\\(view.layer.sublayers!.count) \\(shapeLayer.lineWidth) \\(shapeLayer.lineJoin == .round) \\(box.width) \\(box.height)"
            shapeLayer.removeFromSuperlayer()
            label.text = kept + " \\(view.layer.sublayers!.count) \\(shapeLayer.strokeColor == UIColor.red.cgColor)"
            """)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.items.first?.text == "1 2.0 true 100.0 50.0 0 true", "\(String(describing: lesson.items.first?.text))")
        #expect(lesson.items.count == 1)  // the layer is no item
    }

    @Test func aTapOnASegmentSendsValueChangedToTheTarget() throws {
        let lesson = try lessonRunning(
            """
            var modes: UISegmentedControl!
            func changeMode(_ sender: UISegmentedControl) {
                print("mode \\(sender.selectedSegmentIndex) of \\(sender.numberOfSegments)")
            }
            """,
            """
            modes = UISegmentedControl(items: ["Instantaneous", "Continuous"])
            modes.frame = CGRect(x: 16, y: 623, width: 343, height: 28)
            modes.selectedSegmentIndex = 0
            modes.addTarget(self, action: Selector(Self.changeMode(_:)), for: .valueChanged)
            view.addSubview(modes)
            label.text = "\\(topLayoutGuide.length) \\(modes.titleForSegment(at: 1)!) \\(UISegmentedControl.noSegment)"
            """)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.items.first?.text == "0.0 Continuous -1", "\(String(describing: lesson.items.first?.text))")
        lesson.tap(at: CGPoint(x: 300, y: 637))
        lesson.advance(by: 0.5)
        lesson.tap(at: CGPoint(x: 300, y: 637))  // the selected one: no change
        lesson.advance(by: 0.5)
        lesson.tap(at: CGPoint(x: 60, y: 637))
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.drainEvents().filter { $0.name == "print" }.map(\.text) == ["mode 1 of 2", "mode 0 of 2"])
    }

    @Test func aControllersTouchOverridesHearTheFingerAndConvertWorks() throws {
        let lesson = try lessonRunning(
            """
            let box = UIView(frame: CGRect(x: 100, y: 100, width: 80, height: 80))
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                guard let touch = touches.first else { return }
                let p = touch.location(in: view)
                print("began \\(p.x) \\(p.y) \\(touches.count) \\(box.frame.contains(p))")
            }
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
                guard let touch = touches.first else { return }
                let p = touch.location(in: box)
                print("moved \\(p.x) \\(p.y)")
            }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
                print("ended")
                super.touchesEnded(touches, with: event)
            }
            """,
            """
            view.addSubview(box)
            let p = view.convert(CGPoint(x: 10, y: 20), from: box)
            let r = box.convert(CGRect(x: 110, y: 120, width: 5, height: 5), from: view)
            label.text = "\\(p.x) \\(p.y) \\(r.minX) \\(r.minY)"
            """)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.items.first?.text == "110.0 120.0 10.0 20.0", "\(String(describing: lesson.items.first?.text))")
        lesson.pan(.began, at: CGPoint(x: 120, y: 130))
        lesson.pan(.changed, at: CGPoint(x: 150, y: 160))
        lesson.pan(.ended, at: CGPoint(x: 150, y: 160))
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        let heard = lesson.drainEvents().filter { $0.name == "print" }.map(\.text)
        #expect(heard.first == "began 120.0 130.0 1 true" && heard.last == "ended", "\(heard)")
        #expect(heard.dropFirst().first == "moved 50.0 60.0", "\(heard)")
    }
}
