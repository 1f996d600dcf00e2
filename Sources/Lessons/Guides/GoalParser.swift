import Foundation

/// Parses a goal's one line (docs/guides.md, "Goals"). Errors say what was expected and what
/// was found; the caller adds the file and line.
public enum GoalParser {
    public struct Failure: Error, Equatable, Sendable {
        public var message: String
    }

    enum Token: Equatable {
        case word(String)
        case number(Double)
        case string(String)
        case symbol(String)

        var text: String {
            switch self {
            case .word(let w): return w
            case .number(let n): return GoalFormat.number(n)
            case .string(let s): return "\"\(s)\""
            case .symbol(let s): return s
            }
        }
    }

    /// Words that name an item and a quantity: `x frog`, `distance frog tap`.
    static var oneItemQuantities: [String: (String) -> GoalQuantity] {
        [
            "x": GoalQuantity.x, "y": GoalQuantity.y, "vx": GoalQuantity.vx, "vy": GoalQuantity.vy,
            "speed": GoalQuantity.speed, "angle": GoalQuantity.angle, "spin": GoalQuantity.spin,
            "bounce": GoalQuantity.bounce,
        ]
    }

    static var twoItemQuantities: [String: (String, String) -> GoalQuantity] {
        ["dx": GoalQuantity.dx, "dy": GoalQuantity.dy]
    }
    /// The speed under which `rest ITEM` holds, points per second.
    public static let restSpeed = 2.0

    public static func parse(_ text: String) throws(Failure) -> Goal {
        var parser = try Cursor(tokens: tokenize(text))
        var clauses: [GoalClause] = []
        repeat {
            clauses.append(try parser.clause())
            guard clauses.count <= GuideLimits.maxClauses else {
                throw Failure(message: "a goal has at most \(GuideLimits.maxClauses) clauses joined by `and`")
            }
        } while parser.take(.word("and"))
        if let extra = parser.peek {
            throw Failure(message: "expected `and` or the end of the goal, found `\(extra.text)`")
        }
        return Goal(clauses: clauses)
    }

    static func tokenize(_ text: String) throws(Failure) -> [Token] {
        var tokens: [Token] = []
        let chars = Array(text.unicodeScalars)
        var i = 0
        func isWordStart(_ c: Unicode.Scalar) -> Bool { c.properties.isAlphabetic || c == "_" }
        func isWordPart(_ c: Unicode.Scalar) -> Bool {
            c.properties.isAlphabetic || c == "_" || c == "-" || ("0"..."9").contains(c)
        }
        while i < chars.count {
            let c = chars[i]
            if c == " " || c == "\t" {
                i += 1
            } else if ("0"..."9").contains(c) || ((c == "-" || c == "+") && i + 1 < chars.count && ("0"..."9").contains(chars[i + 1])) {
                var j = i + 1
                while j < chars.count, ("0"..."9").contains(chars[j]) { j += 1 }
                if j + 1 < chars.count, chars[j] == ".", ("0"..."9").contains(chars[j + 1]) {
                    j += 1
                    while j < chars.count, ("0"..."9").contains(chars[j]) { j += 1 }
                }
                let literal = String(String.UnicodeScalarView(chars[i..<j]))
                guard let value = Double(literal), value.isFinite, abs(value) < 1e9 else {
                    throw Failure(message: "`\(literal)` is not a number a goal can use")
                }
                tokens.append(.number(value))
                i = j
            } else if isWordStart(c) {
                var j = i + 1
                while j < chars.count, isWordPart(chars[j]) { j += 1 }
                tokens.append(.word(String(String.UnicodeScalarView(chars[i..<j]))))
                i = j
            } else if c == "\"" {
                var j = i + 1
                while j < chars.count, chars[j] != "\"" { j += 1 }
                guard j < chars.count else { throw Failure(message: "a quoted name or text is not closed with \"") }
                tokens.append(.string(String(String.UnicodeScalarView(chars[(i + 1)..<j]))))
                i = j + 1
            } else {
                let rest = String(String.UnicodeScalarView(chars[i..<min(i + 3, chars.count)]))
                guard let symbol = ["...", "<=", ">=", "==", "!=", "<", ">", "(", ")", ","].first(where: rest.hasPrefix) else {
                    throw Failure(message: "unexpected character `\(c)` in the goal")
                }
                tokens.append(.symbol(symbol))
                i += symbol.unicodeScalars.count
            }
        }
        guard !tokens.isEmpty else { throw Failure(message: "the goal is empty") }
        return tokens
    }

    struct Cursor {
        var tokens: [Token]
        var index = 0
        /// True while reading the quantity of `report`.
        var reporting = false

        init(tokens: [Token]) throws(Failure) {
            self.tokens = tokens
        }

        var peek: Token? { index < tokens.count ? tokens[index] : nil }

        mutating func next(_ expected: String) throws(Failure) -> Token {
            guard let token = peek else { throw Failure(message: "expected \(expected), found the end of the goal") }
            index += 1
            return token
        }

        mutating func take(_ token: Token) -> Bool {
            guard peek == token else { return false }
            index += 1
            return true
        }

        mutating func name(_ what: String) throws(Failure) -> String {
            switch try next(what) {
            case .word(let w) where !GoalParser.reserved.contains(w): return w
            case .string(let s) where !s.isEmpty: return s
            case let other: throw Failure(message: "expected \(what), found `\(other.text)`")
            }
        }

        mutating func number(_ what: String) throws(Failure) -> Double {
            guard case .number(let n) = try next(what) else {
                index -= 1
                throw Failure(message: "expected \(what), found `\(tokens[index].text)`")
            }
            return n
        }

        /// A comparison; `default` allowed where the operand is a parameter's.
        mutating func comparison(allowsDefault: Bool) throws(Failure) -> GoalComparison {
            let token = try next("a comparison (<, <=, >, >=, ==, != or in A...B)")
            if token == .word("in") {
                let low = try number("the range's lower end")
                guard take(.symbol("...")) else { throw Failure(message: "expected `...` in the range `in A...B`") }
                let high = try number("the range's upper end")
                guard low <= high else { throw Failure(message: "the range \(GoalFormat.number(low))...\(GoalFormat.number(high)) is empty") }
                return GoalComparison(.within, .number(low), upper: high)
            }
            guard case .symbol(let s) = token, let op = GoalComparison.Operator(rawValue: s), op != .within else {
                throw Failure(message: "expected a comparison (<, <=, >, >=, ==, != or in A...B), found `\(token.text)`")
            }
            if allowsDefault, take(.word("default")) { return GoalComparison(op, .lessonDefault) }
            return GoalComparison(op, .number(try number(allowsDefault ? "a number or `default`" : "a number")))
        }

        /// A comparison if one follows, else at least one.
        mutating func countComparison() throws(Failure) -> GoalComparison {
            switch peek {
            case .symbol(let s) where GoalComparison.Operator(rawValue: s) != nil: return try comparison(allowsDefault: false)
            case .word("in"): return try comparison(allowsDefault: false)
            default: return .atLeastOne
            }
        }

        /// `for 2s`, `for 0.5 s`, or nothing (0).
        mutating func hold() throws(Failure) -> Double {
            guard take(.word("for")) else { return 0 }
            let seconds = try number("a duration in seconds after `for`")
            if !take(.word("s")) { _ = take(.word("seconds")) }
            guard seconds >= 0, seconds <= 600 else { throw Failure(message: "a duration is from 0 to 600 seconds") }
            return seconds
        }

        mutating func clause() throws(Failure) -> GoalClause {
            let head = try next("a clause (param, gesture, event, predicted, code, rest, or a measurement)")
            guard case .word(let word) = head else {
                throw Failure(message: "expected a clause (param, gesture, event, predicted, code, rest, report, or a measurement), found `\(head.text)`")
            }
            switch word {
            case "param":
                let name = try name("a parameter's name")
                return .parameter(name, try comparison(allowsDefault: true))
            case "gesture":
                let kindName = try name("a gesture (tap, pan or push)")
                guard let kind = GestureKind(rawValue: kindName) else {
                    throw Failure(message: "`\(kindName)` is not a gesture: tap, pan or push")
                }
                return .gesture(kind, try countComparison())
            case "event":
                let name = try name("an event's name")
                var text: String?
                if case .string(let s) = peek {
                    text = s
                    index += 1
                }
                return .event(name, text: text, try countComparison())
            case "predicted":
                return .predicted
            case "time":
                return try measured(.time)
            case "report":
                guard case .word(let what)? = peek,
                    what == "time" || what == "distance" || GoalParser.oneItemQuantities[what] != nil
                        || GoalParser.twoItemQuantities[what] != nil
                else { throw Failure(message: "expected a measurement after `report` (time, x, y, vx, vy, speed, angle, spin, distance, dx, dy or bounce)") }
                if take(.word("time")) { return .report(.time) }
                guard case .measure(let quantity, _, _) = try reportQuantity() else {
                    throw Failure(message: "expected a measurement after `report`")
                }
                return .report(quantity)
            case "code":
                if take(.word("ran")) { return .codeRan }
                guard take(.word("changes")) else {
                    throw Failure(message: "expected `code ran` or `code changes PARAMETER`")
                }
                return .codeChanges(try name("a parameter's name after `code changes`"))
            case "rest":
                let item = try name("an item's name after `rest`")
                return .measure(.speed(item), GoalComparison(.less, .number(GoalParser.restSpeed)), hold: try hold())
            case "distance":
                let item = try name("an item's name after `distance`")
                let target: GoalTarget
                if take(.word("tap")) {
                    target = .tap
                } else if take(.symbol("(")) {
                    let x = try number("x of the point")
                    guard take(.symbol(",")) else { throw Failure(message: "expected `,` in the point (x, y)") }
                    let y = try number("y of the point")
                    guard take(.symbol(")")) else { throw Failure(message: "expected `)` after the point (x, y)") }
                    target = .point(x: x, y: y)
                } else {
                    target = .item(try name("an item, `tap` or a point (x, y) to measure the distance to"))
                }
                return try measured(.distance(item, target))
            default:
                if let make = GoalParser.oneItemQuantities[word] {
                    return try measured(make(try name("an item's name after `\(word)`")))
                }
                if let make = GoalParser.twoItemQuantities[word] {
                    let a = try name("an item's name after `\(word)`")
                    return try measured(make(a, try name("a second item's name after `\(word) \(a)`")))
                }
                throw Failure(message: "`\(word)` does not begin a clause: param, gesture, event, predicted, code, rest, x, y, vx, vy, speed, angle, spin, distance, dx, dy, bounce, time or report")
            }
        }

        /// The quantity of `report QUANTITY`: parsed as a measurement clause with no comparison.
        mutating func reportQuantity() throws(Failure) -> GoalClause {
            reporting = true
            defer { reporting = false }
            return try clause()
        }

        mutating func measured(_ quantity: GoalQuantity) throws(Failure) -> GoalClause {
            if reporting { return .measure(quantity, .atLeastOne, hold: 0) }
            let comparison = try comparison(allowsDefault: false)
            return .measure(quantity, comparison, hold: try hold())
        }
    }

    /// Words that cannot be an unquoted name.
    static let reserved: Set<String> = ["and", "for", "in", "default"]
}
