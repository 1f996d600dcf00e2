import Foundation
import SwiftOperators
import SwiftParser
import SwiftSyntax

/// How the shipped lessons' rooms apply their live values to the tutorial's controller,
/// written as the Swift the controller would run (`$name` is a value's current setting). A
/// live lesson offers a value only while its source still has every property the binding
/// uses, so edited code keeps the values that still apply.
struct ParameterBinding {
    /// Stored properties of the controller the binding uses.
    var requires: [String]
    /// Run after the value changes.
    var set: String
    /// Reads the value from the scene; without it, the last value set is reported.
    var get: String?
    /// Run when the lesson starts again, if not `set` (lessons in `reappliedOnRestart`).
    var restart: String?

    /// Lessons whose rooms start again on a tap (their code takes no taps).
    static let restartsOnTap: Set<String> = ["gravity", "collision", "properties", "race", "barrier"]

    /// Lessons whose rooms apply every value again when the lesson starts again.
    static let reappliedOnRestart: Set<String> = ["gravity", "collision", "properties", "race"]

    /// What a shipped lesson's room does before each tap reaches the code, as Swift the
    /// controller runs (the drops room keeps at most 120 blocks, as DropsLesson.maxBlocks).
    static let beforeTap: [String: ParameterBinding] = [
        "drops": ParameterBinding(
            requires: ["gravity", "collider"],
            set: """
                if view.subviews.count >= 120, let oldest = view.subviews.first {
                    gravity.removeItem(oldest); collider.removeItem(oldest); oldest.removeFromSuperview()
                }
                """)
    ]

    /// The name a shipped lesson's room gives the view a tap added (clients show it).
    static let tappedViewName: [String: String] = ["drops": "block"]

    static let table: [String: [String: ParameterBinding]] = {
        let gravity = ParameterBinding(requires: ["gravityBehavior"], set: "gravityBehavior.setAngle($angle, magnitude: $magnitude)")
        func item(_ property: String) -> ParameterBinding {
            ParameterBinding(requires: ["propertiesBehavior"], set: "propertiesBehavior.\(property) = $\(property)")
        }
        func attachment(_ property: String) -> ParameterBinding {
            ParameterBinding(
                requires: ["attachmentBehavior"], set: "attachmentBehavior.\(property) = $\(property)",
                get: "attachmentBehavior.\(property)")
        }
        return [
            "gravity": ["magnitude": gravity, "angle": gravity],
            "collision": ["magnitude": gravity, "angle": gravity],
            "attachment": ["length": attachment("length")],
            "spring": ["frequency": attachment("frequency"), "damping": attachment("damping"), "length": attachment("length")],
            "snap": [
                "damping": ParameterBinding(
                    requires: ["damping"], set: "damping = $damping; snapBehavior?.damping = $damping", get: "damping")
            ],
            "properties": [
                "elasticity": item("elasticity"), "density": item("density"), "friction": item("friction"),
                "resistance": item("resistance"), "angularResistance": item("angularResistance"),
            ],
            "drops": ["magnitude": ParameterBinding(requires: ["gravity"], set: "gravity.magnitude = $magnitude", get: "gravity.magnitude")],
            "race": [
                "magnitude": ParameterBinding(
                    requires: ["continuousPush", "instantaneousPush"], set: "continuousPush.magnitude = $magnitude",
                    restart: "continuousPush.magnitude = $magnitude; instantaneousPush.magnitude = $magnitude")
            ],
        ]
    }()

    /// Statements of a binding, parsed and with their operators grouped.
    static func statements(_ code: String) -> CodeBlockItemListSyntax? {
        let parsed = Parser.parse(source: code)
        guard !parsed.hasError, let folded = try? OperatorTable.standardOperators.foldAll(parsed).as(SourceFileSyntax.self) else {
            return nil
        }
        return folded.statements
    }
}
