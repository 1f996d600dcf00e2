import Foundation
import Lessons
import LiveSwift
import Testing

/// The Swift that UIKit Dynamics code from the wild is written in (issue 32): top-level
/// variables, type aliases, generics, subscripts, the source's own operators, `super` in a
/// hierarchy of the source's classes, a controller's whole lifecycle, subclasses of the API's
/// classes, and playground pages.
@Suite struct WildSwiftTests {
    private func started(_ source: String, fileName: String = "Wild.swift") throws -> LiveLesson {
        try #require(try LiveSwift.compile(source: source, fileName: fileName).makeLesson() as? LiveLesson)
    }

    @Test func topLevelVariablesAreInScopeEverywhereAndAPropertyHidesOne() throws {
        let before = """
            let ballSize: CGFloat = 40
            var launches = 0
            let label = "global"
            func launch() { launches += 1 }
            """
        let lesson = try lessonRunning(
            "", """
            launch()
            launch()
            launches += 10
            let ball = UIView(frame: CGRect(x: 0, y: 0, width: ballSize, height: ballSize))
            view.addSubview(ball)
            label.text = "\\(launches) \\(ball.bounds.width) \\(label.frame.width)"
            """, before: before)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        // `label` is the controller's property (a UILabel) here, not the global string.
        #expect(lesson.items.first?.text == "12 40.0 300.0", "\(String(describing: lesson.items.first?.text))")
    }

    @Test func aliasesGenericsSubscriptsAndTheSourcesOwnOperators() throws {
        let before = """
            typealias Vector = CGVector
            typealias Points = [CGPoint]
            struct Stack<Element> {
                var items: [Element] = []
                mutating func push(_ item: Element) { items.append(item) }
                subscript(index: Int) -> Element {
                    get { items[index] }
                    set { items[index] = newValue }
                }
            }
            final class Grid {
                var cells = [0, 0, 0, 0]
                subscript(row: Int, column: Int) -> Int {
                    get { cells[row * 2 + column] }
                    set(value) { cells[row * 2 + column] = value }
                }
            }
            func largest<T: Comparable>(_ a: T, _ b: T) -> T where T: Equatable { a > b ? a : b }
            infix operator ** : MultiplicationPrecedence
            func ** (base: Double, power: Double) -> Double { pow(base, power) }
            prefix operator √
            prefix func √ (value: Double) -> Double { sqrt(value) }
            postfix operator °
            postfix func ° (degrees: Double) -> Double { degrees * .pi / 180 }
            extension CGVector {
                static prefix func - (v: CGVector) -> CGVector { CGVector(dx: -v.dx, dy: -v.dy) }
            }
            """
        let lesson = try lessonRunning(
            "", """
            var a = Stack<Int>()
            a.push(1)
            a.push(2)
            var b = a
            b[0] = 7
            let grid = Grid()
            grid[1, 0] = 5
            let v: Vector = -Vector(dx: 1, dy: 2)
            let points: Points = [CGPoint(x: 1, y: 1)]
            label.text = "\\(a[0]) \\(b[0]) \\(grid[1, 0]) \\(largest(3, 9)) \\(largest("a", "b")) \\(2 ** 10) \\(√16) \\(180°) \\(v.dy) \\(points.count)"
            """, before: before)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        // A struct with a subscript keeps value semantics: b's change leaves a alone.
        #expect(
            lesson.items.first?.text == "1 7 5 9 b 1024.0 4.0 \(Double.pi) -2.0 1",
            "\(String(describing: lesson.items.first?.text))")
    }

    @Test func superCallsTheSuperclassOfTheClassWhoseCodeRunsNotTheInstances() throws {
        let lesson = try started(
            """
            class BaseViewController: UIViewController {
                var log: [String] = []
                override func viewDidLoad() {
                    super.viewDidLoad()
                    log.append("base")
                }
                func describe() -> String { "base" }
            }
            class MiddleViewController: BaseViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    log.append("middle")
                }
            }
            final class LeafViewController: MiddleViewController {
                override func describe() -> String { "leaf+" + super.describe() }
                override func viewDidLoad() {
                    super.viewDidLoad()
                    log.append("leaf")
                    let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
                    label.text = log.joined(separator: " ") + " " + describe()
                    view.addSubview(label)
                }
            }
            """)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.items.first?.text == "base middle leaf leaf+base", "\(String(describing: lesson.items.first?.text))")
    }

    @Test func loadViewBuildsTheViewAndViewDidAppearStartsTheScene() throws {
        let lesson = try started(
            """
            final class AppearViewController: UIViewController {
                var animator: UIDynamicAnimator!
                var square: UIView!
                var order: [String] = []
                override func loadView() {
                    view = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
                    square = UIView(frame: CGRect(x: 100, y: 100, width: 40, height: 40))
                    view.addSubview(square)
                    order.append("loadView")
                }
                override func viewDidLoad() {
                    super.viewDidLoad()
                    order.append("viewDidLoad")
                }
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    order.append("viewWillAppear")
                }
                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    order.append("viewDidAppear")
                    animator = UIDynamicAnimator(referenceView: view)
                    animator.addBehavior(UIGravityBehavior(items: [square]))
                    print(order.joined(separator: ","))
                }
            }
            """)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        let printed = lesson.drainEvents().filter { $0.name == "print" }.map(\.text)
        #expect(printed == ["loadView,viewDidLoad,viewWillAppear,viewDidAppear"])
        let start = try #require(lesson.items.first?.center)
        lesson.advance(by: 0.5)
        #expect(try #require(lesson.items.first?.center).y > start.y + 100, "the square falls once the view appeared")
    }

    @Test func aBehaviourSubclassComposesChildBehavioursAndHearsWillMove() throws {
        let lesson = try started(
            """
            final class PendulumBehavior: UIDynamicBehavior {
                var moves = 0
                convenience init(item: UIDynamicItem, suspendedFrom point: CGPoint) {
                    self.init()
                    addChildBehavior(UIGravityBehavior(items: [item]))
                    addChildBehavior(UIAttachmentBehavior(item: item, attachedToAnchor: point))
                }
                override func willMove(to dynamicAnimator: UIDynamicAnimator?) {
                    super.willMove(to: dynamicAnimator)
                    moves += 1
                }
            }
            final class PendulumViewController: UIViewController {
                var animator: UIDynamicAnimator!
                var pendulum: PendulumBehavior!
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let bob = UIView(frame: CGRect(x: 280, y: 180, width: 40, height: 40))
                    view.addSubview(bob)
                    animator = UIDynamicAnimator(referenceView: view)
                    pendulum = PendulumBehavior(item: bob, suspendedFrom: CGPoint(x: 200, y: 200))
                    animator.addBehavior(pendulum)
                    print(pendulum.childBehaviors.count, pendulum.moves)
                }
            }
            """)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.drainEvents().filter { $0.name == "print" }.map(\.text) == ["2 1"])
        lesson.advance(by: 0.5)
        // The bob swings on its 100-point rope: a quarter period (about 0.5 s) brings it under
        // the pivot, and it stays 100 points from it.
        let bob = try #require(lesson.items.first?.center)
        #expect(bob.y > 280)
        #expect(abs(hypot(bob.x - 200, bob.y - 200) - 100) < 3, "\(bob)")
    }

    @Test func aPlaygroundPageRunsItsTopLevelAndItsLiveViewIsTheStage() throws {
        let lesson = try started(
            """
            import UIKit
            import PlaygroundSupport

            let view = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
            view.backgroundColor = .white
            let ball = UIView(frame: CGRect(x: 180, y: 50, width: 40, height: 40))
            view.addSubview(ball)
            let animator = UIDynamicAnimator(referenceView: view)
            let collision = UICollisionBehavior(items: [ball])
            collision.translatesReferenceBoundsIntoBoundary = true
            animator.addBehavior(collision)
            animator.addBehavior(UIGravityBehavior(items: [ball]))
            func greet() { print("ready \\(view.bounds.height)") }
            greet()
            PlaygroundPage.current.liveView = view
            PlaygroundPage.current.needsIndefiniteExecution = true
            """, fileName: "Falling.swift")
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.program.info.bounds == CGSize(width: 400, height: 600))
        #expect(lesson.items.count == 1, "the page's view is the stage; its one subview is the item")
        lesson.advance(by: 3)
        #expect(abs(try #require(lesson.items.first?.center).y - 580) < 1, "the ball rests on the page's floor")
        #expect(lesson.drainEvents().filter { $0.name == "print" }.map(\.text) == ["ready 600.0"])
    }

    @Test func aPlaygroundPageMayShowAViewControllerOfItsOwn() throws {
        let lesson = try started(
            """
            import PlaygroundSupport
            import UIKit

            class DropViewController: UIViewController {
                var animator: UIDynamicAnimator?
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let box = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
                    view.addSubview(box)
                    animator = UIDynamicAnimator(referenceView: view)
                    animator?.addBehavior(UIGravityBehavior(items: [box]))
                }
            }
            PlaygroundPage.current.liveView = DropViewController()
            """)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        let start = try #require(lesson.items.last?.center)
        lesson.advance(by: 0.5)
        #expect(try #require(lesson.items.last?.center).y > start.y + 100)
    }

    @Test func codeWithNoControllerAndNoTopLevelSaysWhatALessonNeeds() throws {
        #expect {
            _ = try LiveSwift.compile(source: "import UIKit\nstruct Point { var x = 0 }\n", fileName: "Nothing.swift")
        } throws: { error in
            "\(error)".contains("PlaygroundPage.current.liveView")
        }
    }
}

/// UIKit that code from the wild touches, through the bridge.
@Suite struct WildUIKitTests {
    @Test func aConstraintsConstantMovesItsViewAndKeyValueObservingHearsTheAnimator() throws {
        let lesson = try lessonRunning(
            """
            var box: UIView!
            var top: NSLayoutConstraint!
            var heard = 0
            var animator: UIDynamicAnimator!
            override func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey : Any]?, context: UnsafeMutableRawPointer?) {
                if keyPath == "center", let p = change?[.newKey] as? CGPoint, p.y > 320 {
                    heard += 1
                    if heard == 1 { print("heard \\(object is UIView)") }
                }
            }
            """,
            """
            box = UIView()
            box.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(box)
            top = box.topAnchor.constraint(equalTo: view.topAnchor, constant: 100)
            NSLayoutConstraint.activate([
                top,
                box.leadingAnchor.constraint(equalTo: view.leadingAnchor, constant: 50),
                box.widthAnchor.constraint(equalToConstant: 40),
                box.heightAnchor.constraint(equalTo: box.widthAnchor),
            ])
            view.layoutIfNeeded()
            let before = box.center
            top.constant = 300
            view.layoutIfNeeded()
            let motion = CMMotionManager()
            box.addObserver(self, forKeyPath: "center", options: [.new], context: nil)
            label.text = "\\(before.x) \\(before.y) \\(box.center.y) \\(motion.isAccelerometerAvailable) \\(M_PI_2 == .pi / 2)"
            animator = UIDynamicAnimator(referenceView: view)
            animator.addBehavior(UIGravityBehavior(items: [box]))
            """)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.items.first?.text == "70.0 120.0 320.0 false true", "\(String(describing: lesson.items.first?.text))")
        lesson.advance(by: 0.2)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        // The animator moves the box by setting its center: the observer hears it.
        #expect(lesson.drainEvents().filter { $0.name == "print" }.map(\.text) == ["heard true"])
    }
}
