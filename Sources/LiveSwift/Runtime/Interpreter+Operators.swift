import Foundation
import SwiftSyntax

extension Interpreter {
    func infix(_ e: InfixOperatorExprSyntax, _ scope: Scope) throws -> Value {
        if e.operator.is(AssignmentExprSyntax.self) {
            try assign(e.leftOperand, try eval(e.rightOperand, scope), scope)
            return .void
        }
        guard let op = e.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else {
            throw fault("this operator is not supported in live lessons", e.operator)
        }
        switch op {
        case "&&":
            guard try truth(try eval(e.leftOperand, scope), e.leftOperand) else { return .bool(false) }
            return .bool(try truth(try eval(e.rightOperand, scope), e.rightOperand))
        case "||":
            if try truth(try eval(e.leftOperand, scope), e.leftOperand) { return .bool(true) }
            return .bool(try truth(try eval(e.rightOperand, scope), e.rightOperand))
        case "??":
            let left = try eval(e.leftOperand, scope)
            return left.isNone ? try eval(e.rightOperand, scope) : left
        case "+=", "-=", "*=", "/=", "%=":
            let right = try eval(e.rightOperand, scope)
            if let candidates = module.operators[op] {
                // `static func += (left: inout CGPoint, right: CGPoint)`: the source's own, where
                // the operands' types fit its parameters.
                do {
                    try modify(e.leftOperand, scope) { value in
                        guard let code = candidates.first(where: { fits(value, right, $0) }) else {
                            value = try binary(String(op.dropLast()), value, right, at: e.operator)
                            return
                        }
                        let box = Box(value)
                        _ = try invoke(
                            code, Arguments(values: [value, right], labels: code.parameters.map(\.label), inoutBoxes: [box, nil]), captured: nil,
                            instance: nil, at: e.operator)
                        value = box.value
                    }
                } catch is ChainIsNil {}
                return .void
            }
            let base = String(op.dropLast())
            do {
                try modify(e.leftOperand, scope) { value in
                    value = try binary(base, value, right, at: e.operator)
                }
            } catch is ChainIsNil {}
            return .void
        default:
            return try binary(op, try eval(e.leftOperand, scope), try eval(e.rightOperand, scope), at: e.operator)
        }
    }

    func binary(_ op: String, _ l: Value, _ r: Value, at node: some SyntaxProtocol) throws -> Value {
        // `.pi / 2`: an implicit numeric member takes the number type it meets.
        var l = l, r = r
        // An operator of the source's own (`**`): Swift's numbers do not have it.
        if !module.operators.isEmpty, !Self.standardOperators.contains(op), let result = try sourceOperator(op, l, r, at: node) {
            return result
        }
        if case .symbol(let s) = l, let n = Bridge.numericSymbol(s) { l = .double(n) }
        if case .symbol(let s) = r, let n = Bridge.numericSymbol(s) { r = .double(n) }
        switch (l, r) {
        case (.int(let a), .int(let b)):
            return try integer(op, a, b, at: node)
        case (.int, .double), (.double, .int), (.double, .double):
            return try double(op, l.asDouble!, r.asDouble!, at: node)
        case (.string(let a), .string(let b)):
            switch op {
            case "+":
                try checkSize(a.utf8.count + b.utf8.count, at: node)
                return .string(a + b)
            default: if let result = ordering(op, a, b) { return result }
            }
        case (.array(let a), .array(let b)) where op == "+":
            try checkSize(a.count + b.count, at: node)
            return .array(a + b)
        default:
            break
        }
        if !module.operators.isEmpty, let result = try sourceOperator(op, l, r, at: node) { return result }
        switch op {
        case "==": return .bool(try equal(l, r, at: node))
        case "!=": return .bool(!(try equal(l, r, at: node)))
        case "===": return .bool(identical(l, r))
        case "!==": return .bool(!identical(l, r))
        default:
            throw fault("binary operator '\(op)' cannot be applied to operands of type '\(l.typeName)' and '\(r.typeName)'", node)
        }
    }

    /// An operator function of the source whose parameters' types the operands have.
    static let standardOperators: Set<String> = [
        "+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "&", "|", "^", "<<", ">>", "...", "..<", "===", "!==",
    ]

    /// A prefix or postfix operator function of the source (`prefix func - (v: CGVector)`)
    /// whose one parameter the operand fits.
    func sourceUnaryOperator(_ op: String, _ value: Value, postfix: Bool, at node: some SyntaxProtocol) throws -> Value? {
        guard let candidates = module.operators[op] else { return nil }
        for code in candidates where code.parameters.count == 1 && code.isPostfix == postfix {
            let typeName = code.parameters[0].typeName
            let fits =
                typeName == nil || module.genericNames.contains(typeName!) || isInstance(value, of: typeName!)
                || (Self.isFloating(typeName) && { if case .int = value { return true } else { return false } }())
            guard fits else { continue }
            return try invoke(code, Arguments(values: [value], labels: [code.parameters[0].label]), captured: nil, instance: nil, at: node)
        }
        return nil
    }

    private func sourceOperator(_ op: String, _ l: Value, _ r: Value, at node: some SyntaxProtocol) throws -> Value? {
        guard let candidates = module.operators[op] else { return nil }
        for code in candidates where fits(l, r, code) {
            return try invoke(code, Arguments(values: [l, r], labels: code.parameters.map(\.label)), captured: nil, instance: nil, at: node)
        }
        return nil
    }

    /// Whether two operands have the types of an operator function's parameters (an integer
    /// literal fits a floating parameter, as Swift infers it).
    private func fits(_ l: Value, _ r: Value, _ code: FunctionCode) -> Bool {
        guard code.parameters.count == 2 else { return false }
        func fits(_ v: Value, _ typeName: String?) -> Bool {
            guard let typeName, !module.genericNames.contains(typeName) else { return true }
            if case .int = v, Self.isFloating(typeName) { return true }
            return isInstance(v, of: typeName)
        }
        return fits(l, code.parameters[0].typeName) && fits(r, code.parameters[1].typeName)
    }

    private func integer(_ op: String, _ a: Int, _ b: Int, at node: some SyntaxProtocol) throws -> Value {
        func checked(_ result: (partialValue: Int, overflow: Bool)) throws -> Value {
            if result.overflow { throw fault("arithmetic overflow", node) }
            return .int(result.partialValue)
        }
        switch op {
        case "+": return try checked(a.addingReportingOverflow(b))
        case "-": return try checked(a.subtractingReportingOverflow(b))
        case "*": return try checked(a.multipliedReportingOverflow(by: b))
        case "/":
            if b == 0 { throw fault("Division by zero", node) }
            return try checked(a.dividedReportingOverflow(by: b))
        case "%":
            if b == 0 { throw fault("Division by zero in remainder operation", node) }
            return try checked(a.remainderReportingOverflow(dividingBy: b))
        case "==": return .bool(a == b)
        case "!=": return .bool(a != b)
        case "&": return .int(a & b)
        case "|": return .int(a | b)
        case "^": return .int(a ^ b)
        case "<<": return .int(b >= 64 ? 0 : a << b)
        case ">>": return .int(b >= 64 ? (a < 0 ? -1 : 0) : a >> b)
        case "..<":
            if b < a { throw fault("Range requires lowerBound <= upperBound", node) }
            return .value(LiveRange(lower: a, upper: b, closed: false))
        case "...":
            if b < a { throw fault("Range requires lowerBound <= upperBound", node) }
            return .value(LiveRange(lower: a, upper: b, closed: true))
        default:
            if let result = ordering(op, a, b) { return result }
            throw fault("binary operator '\(op)' cannot be applied to two 'Int' operands", node)
        }
    }

    private func double(_ op: String, _ a: Double, _ b: Double, at node: some SyntaxProtocol) throws -> Value {
        switch op {
        case "+": return .double(a + b)
        case "-": return .double(a - b)
        case "*": return .double(a * b)
        case "/": return .double(a / b)
        case "%": return .double(a.truncatingRemainder(dividingBy: b))
        case "==": return .bool(a == b)
        case "!=": return .bool(a != b)
        case "..<", "...":
            guard !(b < a), !a.isNaN, !b.isNaN else { throw fault("Range requires lowerBound <= upperBound", node) }
            return .value(LiveDoubleRange(lower: a, upper: b, closed: op == "..."))
        default:
            if let result = ordering(op, a, b) { return result }
            throw fault("binary operator '\(op)' cannot be applied to two 'Double' operands", node)
        }
    }

    /// `<`, `>`, `<=` or `>=` of two numbers or two strings; nil for any other operator.
    private func ordering<T: Comparable>(_ op: String, _ a: T, _ b: T) -> Value? {
        switch op {
        case "<": return .bool(a < b)
        case ">": return .bool(a > b)
        case "<=": return .bool(a <= b)
        case ">=": return .bool(a >= b)
        default: return nil
        }
    }

    /// `a == b` where `a`'s class is Equatable and `b` is of its type; nil where it is not Equatable.
    static func equatableEqual(_ a: AnyObject, _ b: AnyObject) -> Bool? {
        guard let x = a as? any Equatable else { return nil }
        func compare<T: Equatable>(_ x: T) -> Bool { (b as? T).map { x == $0 } ?? false }
        return compare(x)
    }

    func identical(_ l: Value, _ r: Value) -> Bool {
        switch (l, r) {
        case (.object(let a), .object(let b)): return a === b
        case (.native(let a), .native(let b)): return a === b
        case (.object(let a), .native(let b)), (.native(let b), .object(let a)): return a.native === b
        case (.none, .none): return true
        default: return false
        }
    }

    /// `==` over the values a lesson compares: numbers, strings, enums (also against `.began`),
    /// bridged values, arrays, tuples, API objects as their `Equatable` conformance compares
    /// them (`CGColor`), and other objects by identity.
    func equal(_ l: Value, _ r: Value, at node: some SyntaxProtocol) throws -> Bool {
        switch (l, r) {
        case (.none, .none): return true
        case (.none, _), (_, .none): return false
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.int, .double), (.double, .int), (.double, .double): return l.asDouble! == r.asDouble!
        case (.symbol(let a), .symbol(let b)): return a == b
        case (.enumCase(let a), .enumCase(let b)):
            guard a !== b else { return true }
            guard a.type === b.type, a.name == b.name, a.payload.count == b.payload.count else { return false }
            for (x, y) in zip(a.payload, b.payload) where !(try equal(x, y, at: node)) { return false }
            return true
        case (.enumCase(let a), .symbol(let s)), (.symbol(let s), .enumCase(let a)): return a.payload.isEmpty && a.name == s
        case (.symbol(let s), .value(let v)), (.value(let v), .symbol(let s)):
            if let resolved = Bridge.shared.resolve(symbol: s, like: v) { return Bridge.equalValues(resolved, v) }
            return String(describing: v) == s
        case (.value(let a as LiveSet), .value(let b as LiveSet)): return a.members == b.members
        case (.value(let a), .value(let b)): return Bridge.equalValues(a, b)
        case (.array(let a), .array(let b)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) where !(try equal(x, y, at: node)) { return false }
            return true
        case (.tuple(let a, _), .tuple(let b, _)):
            guard a.count == b.count else { return false }
            for (x, y) in zip(a, b) where !(try equal(x, y, at: node)) { return false }
            return true
        case (.object(let a), .object(let b)) where a.type.isStruct && a.type === b.type:
            // An Equatable struct: equal when its stored properties are.
            for stored in a.type.stored where !(try equal(a.fields[stored.name] ?? .none, b.fields[stored.name] ?? .none, at: node)) {
                return false
            }
            return true
        case (.native(let a), .native(let b)):
            // An API class that is Equatable compares as compiled code does (`CGColor` by its
            // components, an `NSObject` by `isEqual(_:)`); any other object by identity.
            return Self.equatableEqual(a, b) ?? (a === b)
        case (.object, _), (.native, _): return identical(l, r)
        default:
            throw fault("binary operator '==' cannot be applied to operands of type '\(l.typeName)' and '\(r.typeName)'", node)
        }
    }
}
