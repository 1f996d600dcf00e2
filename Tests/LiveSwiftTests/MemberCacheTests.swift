import Foundation
import LiveSwift
import Testing

/// The interpreter's inline caches: a member expression remembers how its receiver's class
/// read the property, and a call expression its arguments' syntax. A receiver of another
/// class at the same expression must read its own property, never the cached one.
@Suite struct MemberCacheTests {
    @Test func oneExpressionReadsReceiversOfManyClasses() throws {
        let before = """
            class Tile: UIView {}
            final class Wide: Tile {
                var extra: CGFloat = 7
            }
            """
        let body = """
            let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 11, height: 13))
            let views: [UIView] = [
                UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 5)),
                UILabel(frame: CGRect(x: 0, y: 0, width: 20, height: 5)),
                Tile(frame: CGRect(x: 0, y: 0, width: 30, height: 5)),
                UIImageView(frame: CGRect(x: 0, y: 0, width: 40, height: 5)),
                Wide(frame: CGRect(x: 0, y: 0, width: 50, height: 5)),
                UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 5)),
            ]
            var widths: [CGFloat] = []
            for _ in 0..<2 {
                for v in views { widths.append(v.bounds.width) }
            }
            // The same names on other classes: a path's bounds, a screen's.
            let boundsWidths = [path.bounds.width, view.bounds.width]
            // One expression, `item.center`, on items of unrelated classes: a view, then a
            // group (its own `center`, the middle of its members), then a view again.
            let left = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let right = UIView(frame: CGRect(x: 40, y: 0, width: 10, height: 10))
            let items: [UIDynamicItem] = [left, UIDynamicItemGroup(items: [left, right]), right]
            var xs: [CGFloat] = []
            for item in items { xs.append(item.center.x) }
            label.text = "\\(widths) \\(boundsWidths) \\((views[4] as! Wide).extra) \\(xs)"
            """
        let lesson = try lessonRunning("", body, before: before)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        let text = try #require(lesson.items.first?.text)
        #expect(
            text == "[10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0] [11.0, 375.0] 7.0 [5.0, 25.0, 45.0]", "\(text)")
    }

    @Test func aCachedReadFollowsTheObjectsChangesAndATickChangesTheReceiver() throws {
        // The action reads `current.center` each tick; the receiver alternates between a
        // view and a label, and each moves: every read sees its own object's state now.
        let members = """
            var animator: UIDynamicAnimator!
            var seen: [CGFloat] = []
            var tick = 0
            """
        let body = """
            let a = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let b = UILabel(frame: CGRect(x: 100, y: 0, width: 10, height: 10))
            view.addSubview(a)
            view.addSubview(b)
            let falling = UIView(frame: CGRect(x: 200, y: 0, width: 10, height: 10))
            view.addSubview(falling)
            animator = UIDynamicAnimator(referenceView: view)
            animator.addBehavior(UIGravityBehavior(items: [falling]))
            let watch = UIDynamicItemBehavior(items: [falling])
            watch.action = { [unowned self] in
                tick += 1
                let current: UIView = tick % 2 == 0 ? a : b
                current.center = CGPoint(x: current.center.x + 1, y: 0)
                if seen.count < 4 { seen.append(current.center.x) }
                label.text = "\\(seen)"
            }
            animator.addBehavior(watch)
            """
        let lesson = try lessonRunning(members, body)
        for _ in 0..<6 { lesson.advance(by: 1.0 / 60) }
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.items.first?.text == "[106.0, 6.0, 107.0, 7.0]", "\(String(describing: lesson.items.first?.text))")
    }

    @Test func aCallExpressionKeepsItsInoutAndTrailingClosureArguments() throws {
        let before = """
            func bump(_ x: inout Int, by step: Int, then finish: (Int) -> Int) -> Int {
                x += step
                return finish(x)
            }
            """
        let body = """
            var total = 0
            var results: [Int] = []
            for step in 1...3 {
                results.append(bump(&total, by: step) { $0 * 10 })
            }
            label.text = "\\(total) \\(results)"
            """
        let lesson = try lessonRunning("", body, before: before)
        #expect(lesson.runtimeError == nil, "\(String(describing: lesson.runtimeError))")
        #expect(lesson.items.first?.text == "6 [10, 30, 60]", "\(String(describing: lesson.items.first?.text))")
    }
}
