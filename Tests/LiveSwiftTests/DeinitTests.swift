import Foundation
import Lessons
import LiveSwift
import Testing

/// `deinit` runs when the last strong reference to an instance of the source's own class
/// goes, as Swift runs it: the tutorials remove their behaviours there.
@Suite struct DeinitTests {
    func lesson(_ source: String) throws -> LiveLesson {
        try #require(try LiveSwift.compile(source: source, fileName: "Deinit.swift").makeLesson() as? LiveLesson)
    }

    /// A helper that adds its gravity when made and removes it in `deinit`; a tap lets go of it.
    static let faller = """
        final class Faller {
            let gravity: UIGravityBehavior
            let animator: UIDynamicAnimator
            init(item: UIView, animator: UIDynamicAnimator) {
                gravity = UIGravityBehavior(items: [item])
                self.animator = animator
                animator.addBehavior(gravity)
            }
            deinit {
                animator.removeBehavior(gravity)
                FallViewController.released += 1
            }
        }

        final class FallViewController: UIViewController {
            static var released = 0
            let box = UIView(frame: CGRect(x: 100, y: 100, width: 40, height: 40))
            let label = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 40))
            var animator: UIDynamicAnimator!
            var faller: Faller?
            var other: Faller?

            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(label)
                view.addSubview(box)
                animator = UIDynamicAnimator(referenceView: view)
                faller = Faller(item: box, animator: animator)
                other = faller
                view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(handleTap(_:))))
                show()
            }

            func show() {
                label.text = "\\(animator.behaviors.count) behaviours, \\(Self.released) released"
            }

            @objc func handleTap(_ gesture: UITapGestureRecognizer) {
                if faller == nil { other = nil } else { faller = nil }
                show()
            }
        }
        """

    @Test func deinitRunsWhenTheLastReferenceGoesAndOnlyOnce() throws {
        let lesson = try lesson(Self.faller)
        lesson.advance(by: 1.0 / 60)
        #expect(lesson.items.first?.text == "1 behaviours, 0 released")
        lesson.tap(at: CGPoint(x: 10, y: 10))  // `other` still holds it
        #expect(lesson.items.first?.text == "1 behaviours, 0 released")
        lesson.tap(at: CGPoint(x: 10, y: 10))  // the last reference goes: deinit removes the gravity
        #expect(lesson.items.first?.text == "0 behaviours, 1 released")
        lesson.tap(at: CGPoint(x: 10, y: 10))
        lesson.advance(by: 1.0 / 60)
        #expect(lesson.items.first?.text == "0 behaviours, 1 released")
        #expect(lesson.runtimeError == nil)
    }

    /// The subclass's `deinit` runs before its superclass's; what a `deinit` lets go of runs its
    /// own; a temporary made and dropped in one statement runs it after that statement.
    @Test func deinitsChainAndCascade() throws {
        let before = """
            class Part {
                let name: String
                init(name: String) { self.name = name }
                deinit { Log.shared.lines.append("part \\(name)") }
            }
            class Log {
                static let shared = Log()
                var lines: [String] = []
            }
            class Base {
                deinit { Log.shared.lines.append("base") }
            }
            final class Machine: Base {
                var part = Part(name: "wheel")
                deinit { Log.shared.lines.append("machine \\(part.name)") }
            }
            """
        let body = """
            var machine: Machine? = Machine()
            Log.shared.lines.append("made")
            machine = nil
            _ = Part(name: "temporary")
            Log.shared.lines.append("end")
            label.text = Log.shared.lines.joined(separator: ", ")
            """
        let lesson = try lessonRunning("", body, before: before)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.items.first?.text == "made, machine wheel, base, part wheel, part temporary, end", "\(String(describing: lesson.items.first?.text))")
    }

    /// `weak var` and `[weak self]` let go of the source's own objects as Swift's do.
    @Test func weakReferencesToTheSourcesObjectsTurnNil() throws {
        let before = """
            protocol Watcher: AnyObject { func saw(_ n: Int) }
            final class Counter: Watcher {
                var seen = 0
                func saw(_ n: Int) { seen += n }
            }
            final class Ticker {
                weak var watcher: Watcher?
                var ticks = 0
                var tick: (() -> Void)?
                init() {
                    tick = { [weak self] in
                        guard let self else { return }
                        self.ticks += 1
                        self.watcher?.saw(self.ticks)
                    }
                }
                deinit { print("ticker gone") }
            }
            """
        let body = """
            var counter: Counter? = Counter()
            let ticker = Ticker()
            ticker.watcher = counter
            ticker.tick?()
            ticker.tick?()
            let seen = counter?.seen ?? -1
            counter = nil
            ticker.tick?()
            var gone: Ticker? = Ticker()
            probe = gone
            let alive = probe != nil
            gone = nil
            label.text = "\\(seen) \\(ticker.watcher == nil) \\(ticker.ticks) \\(alive) \\(probe == nil)"
            """
        let lesson = try lessonRunning("weak var probe: Ticker?", body, before: before)
        #expect(lesson.runtimeError == nil)
        #expect(lesson.items.first?.text == "3 true 3 true true")
    }
}

extension DeinitTests {
    /// A long chain of the source's objects let go of at once is released one level at a time
    /// (a recursive release would exhaust the thread's stack).
    @Test func aLongChainIsReleasedWithoutRecursion() throws {
        let before = """
            final class Node {
                var next: Node?
                let value: Int
                init(value: Int, next: Node?) { self.value = value; self.next = next }
            }
            final class Counted {
                static var gone = 0
                deinit { Counted.gone += 1 }
            }
            final class Holder {
                var counted = Counted()
                var next: Holder?
            }
            indirect enum Chain {
                case link(Int, Chain)
                case end
            }
            struct Tree { var children: [Tree] = [] }
            """
        let body = """
            var head: Node? = nil
            for i in 0..<3000 { head = Node(value: i, next: head) }
            let top = head?.value ?? -1
            head = nil
            var holder: Holder? = Holder()
            for _ in 0..<400 { let h = Holder(); h.next = holder; holder = h }
            holder = nil
            var chain = Chain.end
            for i in 0..<5000 { chain = .link(i, chain) }
            var tree = Tree()
            for _ in 0..<3000 { tree = Tree(children: [tree]) }
            chain = .end
            tree = Tree()
            label.text = "\\(top) \\(Counted.gone)"
            """
        // What is measured is the stack, not the time: a loaded machine may take longer than
        // the callback's budget of 0.25 s to make and let go of 11,400 objects.
        var limits = LiveLimits()
        limits.maxSecondsPerCallback = 10
        let lesson = try lessonRunning("", body, before: before, limits: limits)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.items.first?.text == "2999 401", "\(String(describing: lesson.items.first?.text))")
    }
}

extension DeinitTests {
    /// Chains far deeper than a recursive release could take (an `indirect` enum's, a struct's
    /// through its array, the source's objects'), with the budgets raised to build them.
    @Test func deepChainsAreReleasedWithoutExhaustingTheStack() throws {
        var limits = LiveLimits()
        limits.maxSecondsPerCallback = 60
        limits.maxStepsPerCallback = 20_000_000
        limits.maxObjects = 200_000
        let source = """
            indirect enum Chain { case link(Int, Chain), end }
            struct Tree { var children: [Tree] = [] }
            final class Node {
                var next: Node?
                init(next: Node?) { self.next = next }
            }
            final class DeepViewController: UIViewController {
                let label = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 40))
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(label)
                    var chain = Chain.end
                    for i in 0..<150000 { chain = .link(i, chain) }
                    chain = .end
                    var tree = Tree()
                    for _ in 0..<100000 { tree = Tree(children: [tree]) }
                    tree = Tree()
                    var head: Node? = nil
                    for _ in 0..<150000 { head = Node(next: head) }
                    head = nil
                    label.text = "done"
                }
            }
            """
        let lesson = try #require(try LiveSwift.compile(source: source, fileName: "Deep.swift", limits: limits).makeLesson() as? LiveLesson)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.items.first?.text == "done")
    }
}
