import Foundation
import Lessons
import SwiftSyntax

extension Interpreter {
    func eval(_ expr: ExprSyntax, _ scope: Scope) throws -> Value {
        switch expr.as(ExprSyntaxEnum.self) {
        case .integerLiteralExpr(let e):
            return try integer(e.literal.text, e)
        case .floatLiteralExpr(let e):
            guard let d = Double(e.literal.text.replacingOccurrences(of: "_", with: "")) else {
                throw fault("'\(e.literal.text)' is not a number", e)
            }
            return .double(d)
        case .booleanLiteralExpr(let e):
            return .bool(e.literal.tokenKind == .keyword(.true))
        case .nilLiteralExpr:
            return .none
        case .stringLiteralExpr(let e):
            return try string(e, scope)
        case .declReferenceExpr(let e):
            return try lookup(identifier(e), scope, at: e)
        case .memberAccessExpr(let e):
            do {
                return try member(e, scope)
            } catch is ChainIsNil where isChainEnd(e) {
                return .none
            }
        case .functionCallExpr(let e):
            do {
                return try call(e, scope)
            } catch is ChainIsNil where isChainEnd(e) {
                return .none
            }
        case .subscriptCallExpr(let e):
            do {
                let base = try eval(e.calledExpression, scope)
                let index = try e.arguments.map { try eval($0.expression, scope) }
                return try subscriptGet(base, index, at: e)
            } catch is ChainIsNil where isChainEnd(e) {
                return .none
            }
        case .optionalChainingExpr(let e):
            let value = try eval(e.expression, scope)
            if value.isNone { throw ChainIsNil() }
            return value
        case .forceUnwrapExpr(let e):
            let value = try eval(e.expression, scope)
            if value.isNone { throw fault("Unexpectedly found nil while unwrapping an Optional value", e) }
            return value
        case .infixOperatorExpr(let e):
            return try infix(e, scope)
        case .prefixOperatorExpr(let e):
            let value = try eval(e.expression, scope)
            switch (e.operator.text, value) {
            case ("-", .int(let i)):
                guard i != .min else { throw fault("arithmetic overflow", e) }
                return .int(-i)
            case ("-", .double(let d)): return .double(-d)
            case ("-", .symbol(let s)) where Bridge.numericSymbol(s) != nil: return .double(-Bridge.numericSymbol(s)!)
            case ("+", .int), ("+", .double): return value
            case ("!", .bool(let b)): return .bool(!b)
            default:
                if let result = try sourceUnaryOperator(e.operator.text, value, postfix: false, at: e) { return result }
                throw fault("unary operator '\(e.operator.text)' cannot be applied to '\(value.typeName)'", e)
            }
        case .postfixOperatorExpr(let e):
            let value = try eval(e.expression, scope)
            if let result = try sourceUnaryOperator(e.operator.text, value, postfix: true, at: e) { return result }
            throw fault("unary operator '\(e.operator.text)' cannot be applied to '\(value.typeName)'", e)
        case .genericSpecializationExpr(let e):
            // `Stack<Int>`: the generic arguments are not needed to run it.
            return try eval(e.expression, scope)
        case .ternaryExpr(let e):
            return try truth(try eval(e.condition, scope), e.condition)
                ? try eval(e.thenExpression, scope) : try eval(e.elseExpression, scope)
        case .tupleExpr(let e):
            if e.elements.count == 1, e.elements.first?.label == nil { return try eval(e.elements.first!.expression, scope) }
            let values = try e.elements.map { try eval($0.expression, scope) }
            return .tuple(values, labels: e.elements.map { $0.label?.text })
        case .arrayExpr(let e):
            try checkSize(e.elements.count, at: e)
            return .array(try e.elements.map { try eval($0.expression, scope) })
        case .dictionaryExpr(let e):
            var d: [DictionaryKey: Value] = [:]
            if case .elements(let elements) = e.content {
                for element in elements {
                    let key = try dictionaryKey(try eval(element.key, scope), at: element.key)
                    d[key] = try eval(element.value, scope)
                }
            }
            return .dictionary(d)
        case .closureExpr(let e):
            return .function(closure(e, scope))
        case .isExpr(let e):
            let value = try eval(e.expression, scope)
            return .bool(isInstance(value, of: e.type.trimmedDescription))
        case .asExpr(let e):
            let value = try eval(e.expression, scope)
            let typeName = e.type.trimmedDescription
            switch e.questionOrExclamationMark?.tokenKind {
            case .postfixQuestionMark?:
                return isInstance(value, of: typeName) ? value : .none
            case .exclamationMark?:
                guard isInstance(value, of: typeName) else {
                    throw fault("Could not cast value of type '\(value.typeName)' to '\(typeName)'", e)
                }
                return value
            default:
                return try convert(value, to: typeName, at: e)
            }
        case .superExpr(let e):
            throw fault("'super' may only be used to call a method or read a property", e)
        case .macroExpansionExpr(let e) where e.macroName.text != "selector":
            return literalMacro(e)
        case .macroExpansionExpr(let e):
            // #selector(name(_:)) → the selector `name:`, which the target answers by name.
            guard let argument = e.arguments.first?.expression, let name = methodReference(argument) else {
                throw fault("#selector needs a method of this class", e)
            }
            return .value(Selector(name))
        case .discardAssignmentExpr(let e):
            throw fault("'_' can only appear on the left of an assignment", e)
        case .ifExpr(let e):
            throw fault("'if' may only be used as a statement in live lessons", e.ifKeyword)
        case .switchExpr(let e):
            throw fault("'switch' may only be used as a statement in live lessons", e.switchKeyword)
        case .typeExpr(let e):
            return .type(e.type.trimmedDescription)
        default:
            throw fault("this expression is not supported in live lessons", expr)
        }
    }

    /// An initial value where a floating type is declared (`let b: CGFloat = 7 / 2`): integer
    /// literals in its arithmetic are that type, as Swift infers them, so 7 / 2 is 3.5.
    func evalFloating(_ expr: ExprSyntax, _ scope: Scope) throws -> Value {
        if let literal = expr.as(IntegerLiteralExprSyntax.self), case .int(let n) = try integer(literal.literal.text, literal) {
            return .double(Double(n))
        }
        if let infix = expr.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text,
            ["+", "-", "*", "/"].contains(op)
        {
            return try binary(op, try evalFloating(infix.leftOperand, scope), try evalFloating(infix.rightOperand, scope), at: infix.operator)
        }
        if let prefix = expr.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            let value = try evalFloating(prefix.expression, scope)
            if case .double(let d) = value { return .double(-d) }
            return value
        }
        if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return try evalFloating(only.expression, scope)
        }
        return try eval(expr, scope)
    }

    static func isFloating(_ typeName: String?) -> Bool {
        guard var name = typeName else { return false }
        while name.hasSuffix("?") || name.hasSuffix("!") { name.removeLast() }
        return name == "CGFloat" || name == "Double" || name == "Float" || name == "TimeInterval"
    }

    /// `handlePan(_:)`, `Self.handlePan(_:)`, `self.handlePan(_:)` as the selector name `handlePan:`.
    func methodReference(_ expr: ExprSyntax) -> String? {
        let reference: DeclReferenceExprSyntax
        if let r = expr.as(DeclReferenceExprSyntax.self) {
            reference = r
        } else if let m = expr.as(MemberAccessExprSyntax.self) {
            reference = m.declName
        } else {
            return nil
        }
        let count = reference.argumentNames?.arguments.count ?? 0
        return selectorName(reference.baseName.text, argumentCount: count)
    }

    private func integer(_ text: String, _ node: some SyntaxProtocol) throws -> Value {
        let digits = text.replacingOccurrences(of: "_", with: "")
        let parsed: Int?
        if digits.hasPrefix("0x") {
            parsed = Int(digits.dropFirst(2), radix: 16)
        } else if digits.hasPrefix("0b") {
            parsed = Int(digits.dropFirst(2), radix: 2)
        } else if digits.hasPrefix("0o") {
            parsed = Int(digits.dropFirst(2), radix: 8)
        } else {
            parsed = Int(digits)
        }
        guard let parsed else { throw fault("integer literal '\(text)' overflows when stored into 'Int'", node) }
        return .int(parsed)
    }

    private func string(_ e: StringLiteralExprSyntax, _ scope: Scope) throws -> Value {
        var result = ""
        for segment in e.segments {
            switch segment {
            case .stringSegment(let s):
                result += unescape(s.content.text)
            case .expressionSegment(let s):
                let value = try s.expressions.first.map { try eval($0.expression, scope) } ?? .void
                result += describe(value)
            }
            try checkSize(result.count, at: e)
        }
        return .string(result)
    }

    private func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        return text.replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\t", with: "\t")
            .replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
    }

    /// `"\(value)"`, as Swift prints it.
    func describe(_ value: Value) -> String {
        switch value {
        case .void: return "()"
        case .none: return "nil"
        case .bool(let b): return b.description
        case .int(let i): return i.description
        case .double(let d): return d.description
        case .string(let s): return s
        case .array(let a): return "[" + a.map { describeQuoted($0) }.joined(separator: ", ") + "]"
        case .dictionary(let d):
            if d.isEmpty { return "[:]" }
            return "[" + d.map { "\(describeQuoted($0.key.value)): \(describeQuoted($0.value))" }.joined(separator: ", ") + "]"
        case .tuple(let values, let labels):
            return "(" + zip(values, labels).map { ($1.map { "\($0): " } ?? "") + describeQuoted($0) }.joined(separator: ", ") + ")"
        case .object(let instance) where instance.type.computedProperty("description") != nil:
            // CustomStringConvertible: its `description`.
            if case .string(let text)? = try? instanceMember(instance, "description", at: TokenSyntaxPlaceholder.node) { return text }
            return instance.type.name
        case .enumCase(let e) where e.type.computedProperty("description") != nil:
            if case .string(let text)? = try? enumMember(e, "description", at: TokenSyntaxPlaceholder.node) { return text }
            return e.name
        case .object(let instance) where instance.type.isStruct:
            // `Point(x: 1.0, y: 2.0)`, as Swift prints a struct.
            let fields = instance.type.lineage.flatMap(\.stored).map { "\($0.name): " + describeQuoted(instance.fields[$0.name] ?? .none) }
            return "\(instance.type.name)(" + fields.joined(separator: ", ") + ")"
        case .object(let instance): return "\(instance.type.name)"
        case .native(let object): return String(describing: object)
        case .value(let set as LiveSet): return "[" + set.keys.map { describeQuoted($0.value) }.joined(separator: ", ") + "]"
        case .value(let v): return String(describing: v)
        case .symbol(let s): return s
        case .function: return "(Function)"
        case .type(let name): return name
        case .enumCase(let e):
            if e.payload.isEmpty { return e.name }
            return e.name + "(" + zip(e.labels, e.payload).map { ($0.map { "\($0): " } ?? "") + describeQuoted($1) }.joined(separator: ", ") + ")"
        }
    }

    private func describeQuoted(_ value: Value) -> String {
        if case .string(let s) = value { return "\"\(s)\"" }
        return describe(value)
    }

    /// True when `node` is the last link of an optional chain (its parent does not continue it).
    func isChainEnd(_ node: some SyntaxProtocol) -> Bool {
        guard let parent = node.parent else { return true }
        if let m = parent.as(MemberAccessExprSyntax.self), m.base?.id == node.id { return false }
        if let c = parent.as(FunctionCallExprSyntax.self), c.calledExpression.id == node.id { return false }
        if let s = parent.as(SubscriptCallExprSyntax.self), s.calledExpression.id == node.id { return false }
        if parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) { return false }
        return true
    }

    // MARK: Names

    func lookup(_ name: String, _ scope: Scope, at node: some SyntaxProtocol) throws -> Value {
        if let box = scope.lookup(name) ?? globalBox(name, scope) { return box.value }
        if name == "self" {
            if let instance = scope.instance { return .object(instance) }
            throw fault("cannot find 'self' in scope", node)
        }
        if let instance = scope.instance, let value = try instanceMember(instance, name, at: node) { return value }
        if let box = scope.selfBox, let value = try selfMember(box.value, name, at: node) { return value }
        if let type = scope.staticType, let value = try staticMember(type, name) { return value }
        // `Self` names the class whose code runs.
        if name == "Self", let type = scope.instance?.type ?? scope.staticType { return .type(type.name) }
        if let functions = module.functions[name], let first = functions.first {
            return .function(Function(name: name, body: .source(first, captured: Scope(parent: nil), instance: nil)))
        }
        if module.classes[name] != nil || module.enums[name] != nil || Bridge.shared.isType(name) { return .type(name) }
        if let target = aliasedType(name) { return .type(target) }
        if let global = Bridge.shared.globals[name] {
            return .function(Function(name: name) { [unowned self] args in try global(args, self) })
        }
        if let constant = Bridge.shared.constants[name] { return constant }
        throw fault("cannot find '\(name)' in scope", node)
    }

    /// A member of a source instance: a stored property, a computed one, a method, or the
    /// bridged superclass's member (`view`). Nil when it has none.
    func instanceMember(_ instance: Instance, _ name: String, at node: some SyntaxProtocol) throws -> Value? {
        if let value = instance.fields[name] { return value }
        let type = instance.type
        if !type.declaresMember(name) { return try nativeMember(instance, name, at: node) }
        if let stored = type.storedProperty(name), stored.isWeak { return instance.weakFields[name]?.value ?? .none }
        if let stored = type.storedProperty(name) {
            // A lazy property: its initial value, computed on first read.
            let value = try stored.initial.map { try eval($0, Scope(parent: nil, instance: instance)) } ?? .none
            let converted = try convert(value, to: stored.typeName, at: stored.node)
            instance.fields[name] = converted
            return converted
        }
        if let computed = type.computedProperty(name) {
            let scope = Scope(parent: nil, instance: instance)
            try tick(node)
            callDepth += 1
            defer { callDepth -= 1 }
            if callDepth > limits.maxCallDepth {
                throw fault("the lesson's calls nested more than \(limits.maxCallDepth) deep (runaway recursion?)", node)
            }
            if computed.get.count == 1, let only = computed.get.first, case .expr(let expr) = only.item {
                return try eval(expr, scope)
            }
            if case .returned(let value) = try run(computed.get, scope) { return value }
            return .void
        }
        if let code = type.method(name, labels: []) ?? type.methods(named: name)?.first {
            return .function(Function(name: name, body: .source(code, captured: Scope(parent: nil), instance: instance)))
        }
        return try nativeMember(instance, name, at: node)
    }

    /// A member of the bridged part of a source instance (`view` of a controller), or of an
    /// extension of its bridged superclass; nil when it has none.
    private func nativeMember(_ instance: Instance, _ name: String, at node: some SyntaxProtocol) throws -> Value? {
        guard let native = instance.native else { return nil }
        if !module.extensionMemberNames.isEmpty, let value = try extensionMember(.native(native), name, at: node) { return value }
        if let value = try readNative(native, name, at: node) { return value }
        return try Bridge.shared.memberIfAny(native, name, interpreter: self, at: node)
    }

    /// A bridged object's property, read through the inline cache of the expression `node`;
    /// nil when the object's class has no property of that name.
    func readNative(_ object: AnyObject, _ name: String, at node: some SyntaxProtocol) throws -> Value? {
        let receiverClass = ObjectIdentifier(Swift.type(of: object))
        let read: (AnyObject, Interpreter) throws -> Value
        if let cached = caches.pointee.memberReads[node.id], cached.receiverClass == receiverClass, cached.name == name {
            read = cached.read
        } else {
            guard let found = Bridge.shared.propertyReader(of: object, name) else { return nil }
            caches.pointee.memberReads[node.id] = MemberRead(name: name, receiverClass: receiverClass, read: found)
            read = found
        }
        do {
            return try read(object, self)
        } catch let error as BridgeError {
            throw fault(error.message, node)
        } catch let error as LiveFault where error.line == 0 {
            throw fault(error.message, node)
        }
    }

    func setInstanceMember(_ instance: Instance, _ name: String, _ value: Value, at node: some SyntaxProtocol) throws {
        if let stored = instance.type.storedProperty(name) {
            let converted = try convert(value, to: stored.typeName, at: node)
            if let willSet = stored.willSet {
                let scope = Scope(parent: nil, instance: instance)
                scope.declare("newValue", converted)
                _ = try run(willSet, scope)
            }
            if stored.isWeak {
                let old = instance.weakFields[name]?.value ?? .none
                instance.weakFields[name] = WeakValue(converted)
                if let didSet = stored.didSet {
                    let scope = Scope(parent: nil, instance: instance)
                    scope.declare("oldValue", old)
                    _ = try run(didSet, scope)
                }
                return
            }
            let old = instance.fields[name] ?? .none
            instance.fields[name] = converted
            if let didSet = stored.didSet {
                let scope = Scope(parent: nil, instance: instance)
                scope.declare("oldValue", old)
                _ = try run(didSet, scope)
            }
            return
        }
        if let computed = instance.type.computedProperty(name) {
            guard let setter = computed.set else { throw fault("cannot assign to property: '\(name)' is a get-only property", node) }
            let scope = Scope(parent: nil, instance: instance)
            scope.declare(computed.setName, value)
            _ = try run(setter, scope)
            return
        }
        if let native = instance.native {
            var target = Value.native(native)
            try Bridge.shared.set(&target, name, value, interpreter: self, at: node)
            return
        }
        throw fault("value of type '\(instance.type.name)' has no member '\(name)'", node)
    }

    // MARK: Members

    private func member(_ e: MemberAccessExprSyntax, _ scope: Scope) throws -> Value {
        let name = identifier(e.declName)
        guard let baseExpr = e.base else { return .symbol(name) }
        if baseExpr.is(SuperExprSyntax.self), let instance = scope.instance {
            if let native = instance.native { return try Bridge.shared.get(.native(native), name, interpreter: self, at: e) }
            if let value = try instanceMember(instance, name, at: e) { return value }
        }
        let base = try eval(baseExpr, scope)
        return try get(base, name, at: e.declName)
    }

    /// `base.name`.
    func get(_ base: Value, _ name: String, at node: some SyntaxProtocol) throws -> Value {
        switch base {
        case .object(let instance):
            if let value = try instanceMember(instance, name, at: node) { return value }
            throw fault("value of type '\(instance.type.name)' has no member '\(name)'", node)
        case .none:
            throw fault("Unexpectedly found nil while implicitly unwrapping an Optional value (reading '\(name)')", node)
        case .type(let typeName) where module.enumTypes[typeName] != nil:
            return try enumTypeMember(module.enumTypes[typeName]!, name, at: node)
        case .type(let typeName)
        where module.classes[typeName] != nil || module.typeExtensions[typeName]?.hasStaticMember(name) == true:
            // `Counter.total`, `UIColor.brand`: a static member of a source class or extension.
            if let value = try staticMember(module.classes[typeName] ?? module.typeExtensions[typeName]!, name) { return value }
            // `Game.State`: a type nested in a source type, known by its own name.
            if module.classes[name] != nil || module.enumTypes[name] != nil { return .type(name) }
            throw fault("type '\(typeName)' has no member '\(name)'", node)
        case .enumCase(let e):
            if let value = try enumMember(e, name, at: node) { return value }
            throw fault("value of type '\(e.type.name)' has no member '\(name)'", node)
        case .symbol(let symbol) where enumCase(named: symbol) != nil:
            return try get(.enumCase(enumCase(named: symbol)!), name, at: node)
        case .tuple(let values, let labels):
            if let i = Int(name), i >= 0, i < values.count { return values[i] }
            if let i = labels.firstIndex(of: name) { return values[i] }
            throw fault("value of tuple type has no member '\(name)'", node)
        default:
            if module.extendsAPIMember(name), let value = try extensionMember(base, name, at: node) { return value }
            if case .native(let object) = base, let value = try readNative(object, name, at: node) { return value }
            return try Bridge.shared.get(base, name, interpreter: self, at: node)
        }
    }

    // MARK: Subscripts

    func subscriptGet(_ base: Value, _ index: [Value], at node: some SyntaxProtocol) throws -> Value {
        switch (base, index.first) {
        case (.array(let a), .int(let i)?):
            guard i >= 0 && i < a.count else { throw fault("Index out of range (index \(i), count \(a.count))", node) }
            return a[i]
        case (.array(let a), .value(let r as LiveRange)?):
            guard r.lower >= 0, r.lower + r.count <= a.count else { throw fault("Range out of bounds", node) }
            return .array(Array(a[r.lower..<(r.lower + r.count)]))
        case (.dictionary(let d), let key?):
            // `d[key, default: value]`
            return d[try dictionaryKey(key, at: node)] ?? (index.count == 2 ? index[1] : .none)
        case (.none, _):
            throw fault("Unexpectedly found nil while implicitly unwrapping an Optional value", node)
        case (.object(let instance), _):
            guard let code = sourceSubscript(instance.type, index.count)?.get else {
                throw fault("value of type '\(base.typeName)' has no subscripts", node)
            }
            return try invoke(code, Arguments(values: index, labels: code.parameters.map(\.label)), captured: nil, instance: instance, at: node)
        default:
            throw fault("value of type '\(base.typeName)' has no subscripts", node)
        }
    }

    /// The source's subscript of a type (or a superclass) that takes `count` indices.
    func sourceSubscript(_ type: ClassCode, _ count: Int) -> (get: FunctionCode, set: FunctionCode?)? {
        for t in type.lineage {
            if let found = t.subscripts.first(where: { $0.get.parameters.count == count }) { return found }
        }
        return nil
    }

    func subscriptSet(_ base: inout Value, _ index: [Value], _ value: Value, at node: some SyntaxProtocol) throws {
        if case .object(let instance) = base {
            guard let code = sourceSubscript(instance.type, index.count)?.set else {
                throw fault("cannot assign through subscript: subscript is get-only", node)
            }
            // A struct is changed in its own copy, which `base` then holds.
            let target = uniqueStruct(&base) ?? instance
            _ = try invoke(
                code, Arguments(values: index + [value], labels: code.parameters.map(\.label)), captured: nil, instance: target, at: node)
            return
        }
        // Moved out of `base` while it changes, so that it has one owner and is not copied.
        if case .array = base, case .int(let i)? = index.first {
            guard case .array(var a) = base else { return }
            guard i >= 0 && i < a.count else { throw fault("Index out of range (index \(i), count \(a.count))", node) }
            base = .void
            a[i] = value
            base = .array(a)
            return
        }
        if case .dictionary = base, let key = index.first {
            guard case .dictionary(var d) = base else { return }
            base = .void
            d[try dictionaryKey(key, at: node)] = value.isNone ? nil : value
            base = .dictionary(d)
            try checkSize(d.count, at: node)
            return
        }
        switch base {
        default:
            throw fault("cannot assign through subscript: '\(base.typeName)' has no subscripts", node)
        }
    }

    func dictionaryKey(_ value: Value, at node: some SyntaxProtocol) throws -> DictionaryKey {
        switch value {
        case .int(let i): return .int(i)
        case .double(let d): return .double(d)
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        case .symbol(let s): return .symbol(s)
        case .enumCase(let e) where e.payload.isEmpty: return .symbol(e.name)
        default: throw fault("type '\(value.typeName)' cannot be a dictionary key in live lessons", node)
        }
    }

    // MARK: Type tests

    func isInstance(_ value: Value, of typeName: String) -> Bool {
        var name = typeName
        while name.hasSuffix("?") || name.hasSuffix("!") { name.removeLast() }
        switch value {
        case .none: return false
        case .int: return name == "Int"
        case .double: return ["Double", "CGFloat", "Float", "TimeInterval"].contains(name)
        case .string: return name == "String"
        case .bool: return name == "Bool"
        case .array: return name.hasPrefix("[") && !name.contains(":")
        case .dictionary: return name.hasPrefix("[") && name.contains(":")
        case .object(let instance):
            if instance.type.allProtocols.contains(name) { return true }
            var type: ClassCode? = instance.type
            while let t = type {
                if t.name == name || t.protocols.contains(name) { return true }
                if t.superCode == nil, let superclass = t.superclass, superclass == name { return true }
                type = t.superCode
            }
            if name == "AnyObject" || name == "Any" || name == "NSObject" { return true }
            return instance.native.map { Bridge.shared.isInstance($0, of: name) } ?? false
        case .native(let object): return name == "AnyObject" || name == "Any" || Bridge.shared.isInstance(object, of: name)
        case .value(let v): return name == "Any" || Bridge.shared.isInstance(v, of: name)
        case .symbol(let s): return name == "Any" || module.enums[name]?.contains(s) == true
        case .enumCase(let e):
            return name == e.type.name || name == "Any" || e.type.allProtocols.contains(name) || Self.lastComponent(name) == e.type.name
        default: return name == "Any"
        }
    }
}

/// One entry of the interpreter's inline cache of bridged property reads.
struct MemberRead {
    let name: String
    let receiverClass: ObjectIdentifier
    let read: (AnyObject, Interpreter) throws -> Value
}

extension Interpreter {
    /// A reference's name (`ball`, the `frame` of `ball.frame`), read from the syntax once:
    /// a token's text is made anew on every read, and these are read on every evaluation.
    func identifier(_ reference: DeclReferenceExprSyntax) -> String {
        caches.pointee.identifiers.value(for: reference.id) { reference.baseName.text }
    }
}
