import Foundation
import Lessons
import LiveSwift
import Testing

/// Enums with raw values, associated values, members and `switch` patterns over them.
@Suite struct EnumTests {
    @Test func rawValuesChooseABehaviour() throws {
        let before = """
            enum Kind: Int, CaseIterable {
                case gravity = 1, push, snap = 10, none
                var title: String {
                    switch self {
                    case .gravity: return "falls"
                    case .push, .snap: return "moves"
                    case .none: return "rests"
                    }
                }
            }
            enum Side: String {
                case left, right = "RIGHT"
            }
            """
        let members = """
            var animator: UIDynamicAnimator!
            var kind: Kind = .push
            """
        let body = """
            let box = UIView(frame: CGRect(x: 100, y: 100, width: 40, height: 40))
            view.addSubview(box)
            animator = UIDynamicAnimator(referenceView: view)
            let chosen = Kind(rawValue: 1)!
            switch chosen {
            case .gravity: animator.addBehavior(UIGravityBehavior(items: [box]))
            case .push, .snap: animator.addBehavior(UIPushBehavior(items: [box], mode: .instantaneous))
            case .none: break
            }
            let raws = Kind.allCases.map { $0.rawValue }
            let missing = Kind(rawValue: 5) == nil
            let sides = "\\(Side.left.rawValue) \\(Side.right.rawValue) \\(Side(rawValue: "RIGHT") == .right)"
            label.text = "\\(chosen) \\(chosen.title) \\(kind.title) \\(raws) \\(missing) \\(sides) \\(animator.behaviors.count)"
            """
        let lesson = try lessonRunning(members, body, before: before)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.items.first?.text == "gravity falls moves [1, 2, 10, 11] true left RIGHT true 1", "\(String(describing: lesson.items.first?.text))")
        for _ in 0..<30 { lesson.advance(by: 1.0 / 60) }
        #expect((lesson.items.last?.center.y ?? 0) > 120)  // gravity pulls the box down
    }

    @Test func associatedValuesAndPatterns() throws {
        let before = """
            enum Force {
                case push(CGVector)
                case gravity(magnitude: CGFloat)
                case spring(length: CGFloat, damping: CGFloat)
                case none

                func describe() -> String {
                    switch self {
                    case .push(let v): return "push \\(v.dx)"
                    case .gravity(let m) where m > 2: return "strong \\(m)"
                    case let .gravity(m): return "gravity \\(m)"
                    case .spring(length: let l, damping: _): return "spring \\(l)"
                    case .none: return "none"
                    }
                }
            }
            """
        let body = """
            let forces: [Force] = [.push(CGVector(dx: 1, dy: 0)), .gravity(magnitude: 3), Force.gravity(magnitude: 1),
                                   .spring(length: 50, damping: 0.5), .none]
            var parts = forces.map { $0.describe() }
            if case .spring(let length, let damping) = forces[3] { parts.append("\\(length)/\\(damping)") }
            if case .push = forces[0] { parts.append("is push") }
            parts.append(forces[1] == .gravity(magnitude: 3) ? "equal" : "different")
            parts.append("\\(forces[1])")
            label.text = parts.joined(separator: ", ")
            """
        let lesson = try lessonRunning("", body, before: before)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(
            lesson.items.first?.text
                == "push 1.0, strong 3.0, gravity 1.0, spring 50.0, none, 50.0/0.5, is push, equal, gravity(magnitude: 3.0)")
    }

    /// An enum nested in the view controller, a mutating method, static members.
    @Test func nestedEnumsWithMutatingMethods() throws {
        let members = """
            enum Phase {
                case idle, running, done
                mutating func advance() {
                    switch self {
                    case .idle: self = .running
                    case .running: self = .done
                    case .done: break
                    }
                }
                static var first: Phase { .idle }
            }
            var phase = Phase.first
            """
        let body = """
            phase.advance()
            var copy = phase
            copy.advance()
            let later: LangViewController.Phase = .done
            label.text = "\\(phase) \\(copy) \\(later == copy) \\(Phase.first)"
            """
        let lesson = try lessonRunning(members, body)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.items.first?.text == "running done true idle", "\(String(describing: lesson.items.first?.text))")
    }
}
