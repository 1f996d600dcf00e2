import Foundation
import Lessons
import Testing
import UIKitDynamics

/// A root view with views nested three deep: a frame shows each one with every ancestor's
/// alpha multiplied in and hidden under any hidden ancestor, as UIKit composites a subtree.
final class NestedViewsController: UIViewController {
    let outer = UIView(frame: CGRect(x: 10, y: 10, width: 200, height: 200))
    let middle = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
    let inner = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
    let beside = UIView(frame: CGRect(x: 120, y: 10, width: 50, height: 50))

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(outer)
        outer.addSubview(middle)
        middle.addSubview(inner)
        outer.addSubview(beside)
    }
}

final class NestedViewsLesson: LessonHost<NestedViewsController>, Lesson {
    static let info = LessonInfo(
        id: "nested-views", title: "Nested views", summary: "Views inside views.", order: 9999, gestures: [],
        sourceFileName: "NestedViewsTests.swift")

    required init() {
        super.init(bounds: CGSize(width: 375, height: 667)) { NestedViewsController() }
    }
}

@Suite struct NestedViewsTests {
    @Test func aNestedViewIsShownWithItsAncestorsAlphaAndHiding() throws {
        let lesson = NestedViewsLesson()
        let c = lesson.controller
        c.outer.alpha = 0.5
        c.middle.alpha = 0.3
        c.inner.alpha = 0.7
        c.beside.alpha = 0.9
        lesson.advance(by: 1.0 / 60)
        var byID: [Int: ItemPose] = [:]
        for pose in lesson.poses { byID[pose.id] = pose }
        func shown(_ view: UIView) throws -> ItemPose { try #require(byID[lesson.itemID(of: view)]) }
        // Each product as UIKit's compositing reads it: the view's own alpha, then each ancestor's.
        #expect(try shown(c.outer).alpha == Double(CGFloat(0.5)))
        #expect(try shown(c.middle).alpha == Double(CGFloat(0.3) * 0.5))
        #expect(try shown(c.inner).alpha == Double(CGFloat(0.7) * 0.3 * 0.5))
        #expect(try shown(c.beside).alpha == Double(CGFloat(0.9) * 0.5))
        #expect(try [c.outer, c.middle, c.inner, c.beside].allSatisfy { try !shown($0).isHidden })

        c.middle.isHidden = true
        lesson.advance(by: 1.0 / 60)
        byID = [:]
        for pose in lesson.poses { byID[pose.id] = pose }
        #expect(try shown(c.middle).isHidden)
        #expect(try shown(c.inner).isHidden, "hidden with the view above it")
        #expect(try !shown(c.beside).isHidden, "a sibling of the hidden view is still shown")
        #expect(try !shown(c.outer).isHidden)
        #expect(lesson.poses == lesson.items.map(ItemPose.init))
    }
}
