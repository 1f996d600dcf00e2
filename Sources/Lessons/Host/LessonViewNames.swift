import Foundation
import UIKitDynamics

/// A name a shipped lesson's room shows for one of its tutorial's views (the page's labels and
/// live values), by the controller property that holds the view.
public struct ViewName: Sendable {
    public enum Holder: Sendable {
        /// The property holds a view.
        case view
        /// The property holds a list of views: named `name 1`, `name 2`, …
        case numbered
        /// The buttons inside the view the property holds.
        case buttonsInside
    }

    public var property: String
    public var holder: Holder
    public var name: String

    public init(_ property: String, _ holder: Holder, _ name: String) {
        self.property = property
        self.holder = holder
        self.name = name
    }

    /// The view the property holds, named `name`.
    public init(_ property: String, _ name: String) {
        self.init(property, .view, name)
    }
}

/// One table for the compiled lesson and for its source run live (LiveSwift), so that both
/// name the same items alike; a property that edited source no longer has names nothing.
/// Views a lesson's own room code adds (the drops room's blocks) are named there.
public enum LessonViewNames {
    public static let table: [String: [ViewName]] = [
        "collision": [ViewName("collisionOneLabel", "frog label"), ViewName("collisionTwoLabel", "dragon label")],
        "push": [ViewName("centerMarker", "centre")],
        "race": [ViewName("redSquareView", "red square"), ViewName("blueSquareView", "blue square")],
        "alert": [
            ViewName("showAlertButton", "show alert"), ViewName("overlayView", "overlay"), ViewName("alertView", "alert"),
            ViewName("alertView", .buttonsInside, "dismiss"),
        ],
        "barrier": [ViewName("squareView", "square")],
        // The blank lesson's template, `MyLesson.swift` (LiveSwift.emptyLessonTemplate): its guide
        // measures the square.
        "my": [ViewName("square", "square")],
        "hoop": [
            ViewName("board", "board"), ViewName("leftHoop", "left rim"), ViewName("rightHoop", "right rim"),
            ViewName("hoop", "rim"), ViewName("floor", "floor"), ViewName("ball", "ball"),
        ],
        "fields": [
            ViewName("positiveOrbs", .numbered, "positive"), ViewName("negativeOrbs", .numbered, "negative"),
            ViewName("neutralOrbs", .numbered, "neutral"), ViewName("block", "anchored block"),
        ],
    ]
}

extension LessonHost {
    /// Names the views `LessonViewNames` names for this lesson, as the controller holds them
    /// now: after the scene is built, started again, or changed by a gesture.
    func nameViews() {
        guard let id = viewNamesID, let names = LessonViewNames.table[id] else { return }
        for entry in names {
            guard let held = controllerProperty(entry.property) else { continue }
            switch entry.holder {
            case .view:
                if let view = held as? UIView { name(view, entry.name) }
            case .numbered:
                if let views = held as? [UIView] {
                    for (i, view) in views.enumerated() { name(view, "\(entry.name) \(i + 1)") }
                }
            case .buttonsInside:
                if let view = held as? UIView {
                    for case let button as UIButton in view.subviews { name(button, entry.name) }
                }
            }
        }
    }
}
