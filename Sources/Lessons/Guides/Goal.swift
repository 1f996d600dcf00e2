import Foundation

/// A step's goal: every clause holds at once (`and`). Written on one line of a guide's front
/// matter (`goal: param damping <= 0.3 and gesture tap and distance frog tap <= 5 for 0.5s`);
/// the grammar and every term are in docs/guides.md.
public struct Goal: Sendable, Equatable {
    public var clauses: [GoalClause]
}

/// A number a comparison is made against: a literal, or the lesson's own value of the
/// parameter (`default`).
public enum GoalOperand: Sendable, Equatable {
    case number(Double)
    case lessonDefault
}

/// `< 5`, `>= default`, `in 90...110`.
public struct GoalComparison: Sendable, Equatable {
    public enum Operator: String, Sendable, CaseIterable {
        case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=", equal = "==", notEqual = "!="
        case within = "in"
    }

    public var op: Operator
    public var value: GoalOperand
    /// The range's upper end (`within` only; `value` is then its lower end).
    public var upper: Double?

    public init(_ op: Operator, _ value: GoalOperand, upper: Double? = nil) {
        self.op = op
        self.value = value
        self.upper = upper
    }

    /// At least one (a count's comparison when none is written).
    public static let atLeastOne = GoalComparison(.greaterOrEqual, .number(1))

    /// Whether `measured` satisfies it; `lessonDefault` is the lesson's own value where
    /// `default` was written. Equality allows for the rounding of a slider's steps.
    public func holds(_ measured: Double, lessonDefault: Double? = nil) -> Bool {
        guard measured.isFinite else { return false }
        let target: Double
        switch value {
        case .number(let n): target = n
        case .lessonDefault:
            guard let d = lessonDefault else { return false }
            target = d
        }
        let tolerance = 1e-9 * max(1, abs(target))
        switch op {
        case .less: return measured < target - tolerance
        case .lessOrEqual: return measured <= target + tolerance
        case .greater: return measured > target + tolerance
        case .greaterOrEqual: return measured >= target - tolerance
        case .equal: return abs(measured - target) <= tolerance
        case .notEqual: return abs(measured - target) > tolerance
        case .within: return measured >= target - tolerance && measured <= (upper ?? target) + tolerance
        }
    }

    public var text: String {
        let v: String
        switch value {
        case .number(let n): v = GoalFormat.number(n)
        case .lessonDefault: v = "default"
        }
        if op == .within { return "in \(v)...\(GoalFormat.number(upper ?? 0))" }
        return "\(op.rawValue) \(v)"
    }
}

/// Where a distance is measured to.
public enum GoalTarget: Sendable, Equatable {
    /// Another item, by name.
    case item(String)
    /// The member's last tap (or press) in the room.
    case tap
    /// A point of the reference view.
    case point(x: Double, y: Double)
}

/// A number measured from the room's authoritative state every step, in points, seconds and
/// radians (y down).
public enum GoalQuantity: Sendable, Equatable {
    case x(String), y(String)
    /// Velocity components and speed, points per second.
    case vx(String), vy(String), speed(String)
    /// Rotation in radians (positive clockwise on screen), and its rate.
    case angle(String), spin(String)
    /// Centre to a target, points.
    case distance(String, GoalTarget)
    /// The second item's centre minus the first's: `dy frog dragon` is how far below the frog
    /// the dragon is.
    case dx(String, String), dy(String, String)
    /// The last bounce's rebound height over the fall before it (1 = back to where it fell from).
    case bounce(String)
    /// Seconds since the lesson (last) started.
    case time

    /// The items it reads.
    public var items: [String] {
        switch self {
        case .x(let a), .y(let a), .vx(let a), .vy(let a), .speed(let a), .angle(let a), .spin(let a), .bounce(let a):
            return [a]
        case .distance(let a, let target):
            if case .item(let b) = target { return [a, b] }
            return [a]
        case .dx(let a, let b), .dy(let a, let b):
            return [a, b]
        case .time:
            return []
        }
    }

    /// How a student reads it (`distance frog–tap`), and its unit.
    public var label: String {
        switch self {
        case .x(let a): return "x of \(a)"
        case .y(let a): return "y of \(a)"
        case .vx(let a): return "vx of \(a)"
        case .vy(let a): return "vy of \(a)"
        case .speed(let a): return "speed of \(a)"
        case .angle(let a): return "angle of \(a)"
        case .spin(let a): return "spin of \(a)"
        case .distance(let a, .item(let b)): return "distance \(a)–\(b)"
        case .distance(let a, .tap): return "distance \(a)–tap"
        case .distance(let a, .point(let x, let y)): return "distance \(a)–(\(GoalFormat.number(x)), \(GoalFormat.number(y)))"
        case .dx(let a, let b): return "dx \(a)→\(b)"
        case .dy(let a, let b): return "dy \(a)→\(b)"
        case .bounce(let a): return "bounce of \(a)"
        case .time: return "time"
        }
    }

    public var unit: String {
        switch self {
        case .x, .y, .distance, .dx, .dy: return "pt"
        case .vx, .vy, .speed: return "pt/s"
        case .angle: return "rad"
        case .time: return "s"
        case .spin: return "rad/s"
        case .bounce: return ""
        }
    }
}

/// One condition of a goal.
public enum GoalClause: Sendable, Equatable {
    /// A live parameter's value now.
    case parameter(String, GoalComparison)
    /// How many gestures of this kind the member made since the step opened.
    case gesture(GestureKind, GoalComparison)
    /// How many of the lesson's events of this name (and containing this text) came since the
    /// step opened.
    case event(String, text: String?, GoalComparison)
    /// The member answered the step's prediction.
    case predicted
    /// The member ran code (their own) since the step opened.
    case codeRan
    /// The member ran code whose value of this parameter differs from the lesson's own.
    case codeChanges(String)
    /// A measured quantity compared, held for `hold` seconds of the lesson's time (0: at once).
    case measure(GoalQuantity, GoalComparison, hold: Double)
    /// Always holds once measured: the value the step reports (`report time`).
    case report(GoalQuantity)
}

/// Numbers as a student reads them in feedback: at most three decimals, no trailing zeros.
public enum GoalFormat {
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        var text = String(format: "%.3f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}
