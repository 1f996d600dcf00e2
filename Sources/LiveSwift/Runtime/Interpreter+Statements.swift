import Foundation
import SwiftSyntax

/// How a statement ended.
enum Flow {
    case normal
    case breakLoop(String?)
    case continueLoop(String?)
    case returned(Value)
    /// A `defer` block met: it runs when its enclosing block ends, however that ends.
    case deferred(CodeBlockSyntax)
}

extension Interpreter {
    func run(_ items: CodeBlockItemListSyntax, _ scope: Scope) throws -> Flow {
        // The block's statements as an array, read once: walking the syntax's list cost more
        // than running a short action block's statements.
        let statements = caches.pointee.blockStatements.value(for: items.id) { Array(items) }
        for (i, statement) in statements.enumerated() {
            let flow = try exec(statement, scope)
            if case .normal = flow { continue }
            if case .deferred(let block) = flow {
                return try run(items[items.index(items.startIndex, offsetBy: i + 1)...], scope, deferring: [block])
            }
            return flow
        }
        return .normal
    }

    /// The rest of a block after a `defer`: the deferred blocks run, last first, when it ends.
    private func run(_ items: CodeBlockItemListSyntax.SubSequence, _ scope: Scope, deferring: [CodeBlockSyntax]) throws -> Flow {
        var deferred = deferring
        var result = Flow.normal
        for item in items {
            let flow = try exec(item, scope)
            if case .normal = flow { continue }
            if case .deferred(let block) = flow {
                deferred.append(block)
                continue
            }
            result = flow
            break
        }
        for block in deferred.reversed() {
            _ = try run(block.statements, Scope(parent: scope))
        }
        return result
    }

    func exec(_ item: CodeBlockItemSyntax, _ scope: Scope) throws -> Flow {
        try tick(item)
        let flow: Flow
        switch item.item {
        case .expr(let expr):
            flow = try evalStatement(expr, scope)
        case .decl(let decl):
            try declare(decl, scope)
            flow = .normal
        case .stmt(let stmt):
            flow = try exec(stmt, scope, label: nil)
        }
        // The `deinit`s of the instances this statement let go of.
        if hasReleaseWork { try runDeinits(at: item) }
        if let trace { trace.record(item, scope, self) }
        return flow
    }

    /// An expression in statement position: `if` and `switch` are statements here.
    private func evalStatement(_ expr: ExprSyntax, _ scope: Scope) throws -> Flow {
        if let ifExpr = expr.as(IfExprSyntax.self) { return try execIf(ifExpr, scope) }
        if let switchExpr = expr.as(SwitchExprSyntax.self) { return try execSwitch(switchExpr, scope) }
        _ = try eval(expr, scope)
        return .normal
    }

    func declare(_ decl: DeclSyntax, _ scope: Scope) throws {
        if let variable = decl.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
                let typeName = binding.typeAnnotation?.type.trimmedDescription
                var value = Value.none
                if let initial = binding.initializer?.value {
                    let raw = Self.isFloating(typeName) ? try evalFloating(initial, scope) : try eval(initial, scope)
                    value = try convert(raw, to: typeName, at: initial)
                }
                // A `let` without a value is set once later (`let x: Int; if … { x = 1 }`).
                let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let) && binding.initializer != nil
                try bind(binding.pattern, value, scope, type: typeName, isLet: isLet)
            }
        } else if let function = decl.as(FunctionDeclSyntax.self) {
            let code = FunctionCode(
                name: function.name.text, parameters: Compiler.parameters(function.signature.parameterClause),
                body: function.body?.statements ?? CodeBlockItemListSyntax([]), isClosure: false, node: Syntax(function))
            // Declared before it is bound, so a local function may call itself.
            scope.declare(code.name, .none)
            scope.lookup(code.name)?.value = .function(
                Function(name: code.name, body: .source(code, captured: scope, instance: scope.instance)))
        } else {
            throw fault("this declaration is not supported inside a function in live lessons", decl)
        }
    }

    /// Binds a pattern (`x`, `(a, b)`, `_`) to a value in `scope`.
    func bind(_ pattern: PatternSyntax, _ value: Value, _ scope: Scope, type: String? = nil, isLet: Bool = false) throws {
        if let identifier = pattern.as(IdentifierPatternSyntax.self) {
            scope.declare(identifier.identifier.text, value, type: type, isLet: isLet)
        } else if let tuple = pattern.as(TuplePatternSyntax.self) {
            guard case .tuple(let values, _) = value, values.count == tuple.elements.count else {
                throw fault("cannot destructure a value of type '\(value.typeName)' into \(tuple.elements.count) names", pattern)
            }
            for (element, v) in zip(tuple.elements, values) { try bind(element.pattern, v, scope, isLet: isLet) }
        } else if pattern.is(WildcardPatternSyntax.self) {
            return
        } else if let binding = pattern.as(ValueBindingPatternSyntax.self) {
            let isLet = binding.bindingSpecifier.tokenKind == .keyword(.let)
            try bind(binding.pattern, value, scope, type: type, isLet: isLet)
        } else {
            throw fault("this pattern is not supported in live lessons", pattern)
        }
    }

    func exec(_ stmt: StmtSyntax, _ scope: Scope, label: String?) throws -> Flow {
        switch stmt.as(StmtSyntaxEnum.self) {
        case .expressionStmt(let s):
            return try evalStatement(s.expression, scope)
        case .returnStmt(let s):
            return .returned(try s.expression.map { try eval($0, scope) } ?? .void)
        case .guardStmt(let s):
            let inner = Scope(parent: scope)
            if try conditions(s.conditions, inner, bindInto: scope) { return .normal }
            let flow = try run(s.body.statements, inner)
            if case .normal = flow {
                throw fault("'guard' body must not fall through; end it with 'return' or 'break'", s.guardKeyword)
            }
            return flow
        case .forStmt(let s):
            return try execFor(s, scope, label: label)
        case .whileStmt(let s):
            while true {
                try tick(s)
                let inner = Scope(parent: scope)
                guard try conditions(s.conditions, inner, bindInto: inner) else { break }
                switch try run(s.body.statements, inner) {
                case .breakLoop(let l) where l == nil || l == label: return .normal
                case .continueLoop(let l) where l == nil || l == label: continue
                case .normal: continue
                case let other: return other
                }
            }
            return .normal
        case .repeatStmt(let s):
            repeat {
                try tick(s)
                switch try run(s.body.statements, Scope(parent: scope)) {
                case .breakLoop(let l) where l == nil || l == label: return .normal
                case .continueLoop(let l) where l == nil || l == label: break
                case .normal: break
                case let other: return other
                }
            } while try truth(try eval(s.condition, scope), s.condition)
            return .normal
        case .breakStmt(let s):
            return .breakLoop(s.label?.text)
        case .continueStmt(let s):
            return .continueLoop(s.label?.text)
        case .labeledStmt(let s):
            return try exec(s.statement, scope, label: s.label.text)
        case .deferStmt(let s):
            return .deferred(s.body)
        default:
            throw fault("this statement is not supported in live lessons", stmt)
        }
    }

    private func execFor(_ s: ForStmtSyntax, _ scope: Scope, label: String?) throws -> Flow {
        let sequence = try eval(s.sequence, scope)
        var result = Flow.normal
        try iterate(sequence, at: s.sequence) { element in
            try tick(s)
            let inner = Scope(parent: scope)
            try bind(s.pattern, element, inner, isLet: true)
            if let condition = s.whereClause?.condition, !(try truth(try eval(condition, inner), condition)) { return true }
            switch try run(s.body.statements, inner) {
            case .breakLoop(let l) where l == nil || l == label: return false
            case .continueLoop(let l) where l == nil || l == label: return true
            case .normal: return true
            case let other:
                result = other
                return false
            }
        }
        return result
    }

    /// Calls `body` with each element of a sequence until it returns false.
    func iterate(_ sequence: Value, at node: some SyntaxProtocol, _ body: (Value) throws -> Bool) throws {
        switch sequence {
        case .array(let elements):
            for element in elements where !(try body(element)) { return }
        case .dictionary(let d):
            for (key, value) in d where !(try body(.tuple([key.value, value], labels: ["key", "value"]))) { return }
        case .string(let s):
            for c in s where !(try body(.string(String(c)))) { return }
        case .value(let set as LiveSet):
            for key in set.keys where !(try body(key.value)) { return }
        case .value(let range as LiveRange):
            var i = range.lower
            while range.closed ? i <= range.upper : i < range.upper {
                if !(try body(.int(i))) { return }
                i += 1
            }
        case .value(let stride as LiveStride):
            var x = stride.from
            var n = 0
            while stride.by > 0 ? (stride.through ? x <= stride.to : x < stride.to) : (stride.through ? x >= stride.to : x > stride.to) {
                let v: Value = stride.isInt ? .int(Int(x)) : .double(x)
                if !(try body(v)) { return }
                n += 1
                x = stride.from + Double(n) * stride.by
            }
        default:
            throw fault("for-in loop requires a sequence; '\(sequence.typeName)' is not one", node)
        }
    }

    private func execIf(_ s: IfExprSyntax, _ scope: Scope) throws -> Flow {
        let inner = Scope(parent: scope)
        if try conditions(s.conditions, inner, bindInto: inner) {
            return try run(s.body.statements, inner)
        }
        switch s.elseBody {
        case .ifExpr(let next): return try execIf(next, scope)
        case .codeBlock(let block): return try run(block.statements, Scope(parent: scope))
        case nil: return .normal
        }
    }

    /// Evaluates an `if`/`guard`/`while` condition list; bindings go into `bindInto`.
    func conditions(_ list: ConditionElementListSyntax, _ scope: Scope, bindInto target: Scope) throws -> Bool {
        let elements = caches.pointee.conditionLists.value(for: list.id) { Array(list) }
        for element in elements {
            switch element.condition {
            case .expression(let expr):
                if !(try truth(try eval(expr, scope), expr)) { return false }
            case .optionalBinding(let binding):
                let value: Value
                if let initial = binding.initializer?.value {
                    value = try eval(initial, scope)
                } else if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                    value = try lookup(name, scope, at: binding)
                } else {
                    throw fault("this binding is not supported in live lessons", binding)
                }
                if value.isNone { return false }
                try bind(
                    binding.pattern, value, target, type: binding.typeAnnotation?.type.trimmedDescription,
                    isLet: binding.bindingSpecifier.tokenKind == .keyword(.let))
            case .matchingPattern(let pattern):
                let value = try eval(pattern.initializer.value, scope)
                if !(try matches(pattern.pattern, value, target)) { return false }
            default:
                throw fault("this condition is not supported in live lessons", element)
            }
        }
        return true
    }

    func truth(_ value: Value, _ node: some SyntaxProtocol) throws -> Bool {
        guard case .bool(let b) = value else {
            throw fault("cannot convert value of type '\(value.typeName)' to expected condition type 'Bool'", node)
        }
        return b
    }

    private func execSwitch(_ s: SwitchExprSyntax, _ scope: Scope) throws -> Flow {
        let subject = try eval(s.subject, scope)
        for element in s.cases {
            guard case .switchCase(let c) = element else { continue }
            let inner = Scope(parent: scope)
            var matched = false
            switch c.label {
            case .default:
                matched = true
            case .case(let label):
                for item in label.caseItems {
                    if try matches(item.pattern, subject, inner) {
                        if let condition = item.whereClause?.condition, !(try truth(try eval(condition, inner), condition)) {
                            continue
                        }
                        matched = true
                        break
                    }
                }
            }
            guard matched else { continue }
            switch try run(c.statements, inner) {
            case .breakLoop(nil): return .normal
            case let flow: return flow
            }
        }
        return .normal
    }

    /// Whether `value` matches a `case` pattern; bindings go into `scope`. `binding`: inside
    /// `case let …`, where every bare name binds.
    func matches(_ pattern: PatternSyntax, _ value: Value, _ scope: Scope, binding: Bool = false) throws -> Bool {
        if let expression = pattern.as(ExpressionPatternSyntax.self) {
            return try matches(expression: expression.expression, value, scope, binding: binding)
        }
        if let valueBinding = pattern.as(ValueBindingPatternSyntax.self) {
            return try matches(valueBinding.pattern, value, scope, binding: true)
        }
        if let identifier = pattern.as(IdentifierPatternSyntax.self) {
            scope.declare(identifier.identifier.text, value)
            return true
        }
        if pattern.is(WildcardPatternSyntax.self) { return true }
        if let tuple = pattern.as(TuplePatternSyntax.self) {
            guard case .tuple(let values, _) = value, values.count == tuple.elements.count else { return false }
            for (element, v) in zip(tuple.elements, values) where !(try matches(element.pattern, v, scope, binding: binding)) { return false }
            return true
        }
        throw fault("this pattern is not supported in live lessons", pattern)
    }

    private func matches(expression expr: ExprSyntax, _ value: Value, _ scope: Scope, binding: Bool) throws -> Bool {
        // `case (let a, 0):`, written as a tuple expression with binding patterns inside.
        if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count > 1 {
            guard case .tuple(let values, _) = value, values.count == tuple.elements.count else { return false }
            for (element, v) in zip(tuple.elements, values) where !(try matches(expression: element.expression, v, scope, binding: binding)) {
                return false
            }
            return true
        }
        if let pattern = expr.as(PatternExprSyntax.self) { return try matches(pattern.pattern, value, scope, binding: binding) }
        if expr.is(DiscardAssignmentExprSyntax.self) { return true }
        if binding, let name = expr.as(DeclReferenceExprSyntax.self) {
            scope.declare(name.baseName.text, value)
            return true
        }
        // `case .circle(let r)`, `case let .rect(w, h)`, `case Shape.circle(radius: let r)`:
        // an enum case of the source, its associated values matched one by one.
        if let call = expr.as(FunctionCallExprSyntax.self), let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
            module.casesWithPayload[callee.declName.baseName.text] != nil
        {
            var subject = value
            if case .symbol(let s) = value, let e = enumCase(named: s) { subject = .enumCase(e) }
            guard case .enumCase(let e) = subject, e.name == callee.declName.baseName.text else { return false }
            if call.arguments.count == 1, e.payload.count > 1, let only = call.arguments.first {
                // `case .rect(let size)`: the associated values as one tuple.
                return try matches(expression: only.expression, .tuple(e.payload, labels: e.labels), scope, binding: binding)
            }
            guard call.arguments.count == e.payload.count else { return false }
            for (argument, v) in zip(call.arguments, e.payload) where !(try matches(expression: argument.expression, v, scope, binding: binding)) {
                return false
            }
            return true
        }
        // `case .push:` for a case with associated values: any of its values.
        if let member = expr.as(MemberAccessExprSyntax.self), module.casesWithPayload[member.declName.baseName.text] != nil,
            case .enumCase(let e) = value
        {
            return e.name == member.declName.baseName.text
        }
        let candidate = try eval(expr, scope)
        if case .value(let range as LiveRange) = candidate {
            guard let n = value.asDouble else { return false }
            return range.contains(n)
        }
        if case .value(let range as LiveDoubleRange) = candidate {
            guard let n = value.asDouble else { return false }
            return range.contains(n)
        }
        return try equal(candidate, value, at: expr)
    }
}

/// `a..<b` and `a...b` over integers.
struct LiveRange {
    var lower: Int
    var upper: Int
    var closed: Bool

    func contains(_ x: Double) -> Bool { closed ? Double(lower) <= x && x <= Double(upper) : Double(lower) <= x && x < Double(upper) }
    var count: Int { max(0, upper - lower + (closed ? 1 : 0)) }
}

/// `a..<b` and `a...b` over Double/CGFloat (for `contains`, `case` and `random(in:)`).
struct LiveDoubleRange {
    var lower: Double
    var upper: Double
    var closed: Bool

    func contains(_ x: Double) -> Bool { closed ? lower <= x && x <= upper : lower <= x && x < upper }
}

/// `stride(from:to:by:)` and `stride(from:through:by:)`.
struct LiveStride {
    var from: Double
    var to: Double
    var by: Double
    var through: Bool
    var isInt: Bool
}

extension Value {
    var asDouble: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }
}
