import Foundation
import SwiftSyntax

/// The source's enums, and members that extensions add to the API's types: both are values
/// whose methods run with `self` a value (in a box, which a `mutating` method changes and the
/// call writes back to the receiver's place).
extension Interpreter {
    // MARK: #function, #line, #file

    func literalMacro(_ e: MacroExpansionExprSyntax) -> Value {
        switch e.macroName.text {
        case "line": return .int(module.position(of: e).line)
        case "column": return .int(module.position(of: e).column)
        case "file", "filePath": return .string(module.fileName)
        case "fileID": return .string("LiveLesson/" + module.fileName)
        default: return .string(Self.enclosingFunctionName(of: e))
        }
    }

    /// `#function` as Swift writes it: `viewDidLoad()`, `handleTap(_:)`, `init(frame:)`, a
    /// property's name inside its accessors.
    static func enclosingFunctionName(of node: some SyntaxProtocol) -> String {
        var current = node.parent
        while let n = current {
            if let f = n.as(FunctionDeclSyntax.self) {
                return f.name.text + "(" + f.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined() + ")"
            }
            if let i = n.as(InitializerDeclSyntax.self) {
                return "init(" + i.signature.parameterClause.parameters.map { "\($0.firstName.text):" }.joined() + ")"
            }
            if n.is(DeinitializerDeclSyntax.self) { return "deinit" }
            if let binding = n.as(PatternBindingSyntax.self), let name = binding.pattern.as(IdentifierPatternSyntax.self) {
                return name.identifier.text
            }
            current = n.parent
        }
        return ""
    }

    // MARK: Enums

    /// The case of that name of the one source enum that has it (an implicit member, `.north`,
    /// read before a type was known).
    func enumCase(named name: String) -> EnumValue? {
        var found: EnumValue?
        for type in module.enumTypes.values {
            guard let value = type.caseValues[name] else { continue }
            if found != nil { return nil }  // ambiguous: left as the implicit member it is
            found = value
        }
        return found
    }

    /// `Kind.a`, `Kind.allCases`, `Kind.circle` (a case with associated values, as a function),
    /// a static member of the enum, or a type nested in it.
    func enumTypeMember(_ type: ClassCode, _ name: String, at node: some SyntaxProtocol) throws -> Value {
        if let value = type.caseValue(name) { return value }
        if name == "allCases", type.conforms(to: "CaseIterable") {
            return .array(type.cases.compactMap { type.caseValue($0.name) })
        }
        if type.caseIndex[name] != nil {
            return .function(Function(name: name) { [unowned self] args in try self.makeCase(type, name, args, at: node) })
        }
        if let value = try staticMember(type, name) { return value }
        if module.classes[name] != nil || module.enumTypes[name] != nil { return .type(name) }
        throw fault("type '\(type.name)' has no member '\(name)'", node)
    }

    /// `Shape.circle(radius: 2)`: a case with its associated values, converted to their types.
    func makeCase(_ type: ClassCode, _ name: String, _ args: Arguments, at node: some SyntaxProtocol) throws -> Value {
        guard let index = type.caseIndex[name] else { throw fault("type '\(type.name)' has no member '\(name)'", node) }
        let info = type.cases[index]
        guard let parameters = info.parameters else {
            throw fault("enum case '\(name)' has no associated values", node)
        }
        guard parameters.count == args.count else {
            throw fault("enum case '\(name)' takes \(parameters.count) associated values, not \(args.count)", node)
        }
        for (parameter, label) in zip(parameters, args.labels) where label != parameter.label && label != trailingLabel {
            throw fault("incorrect argument label in call (have '\(label ?? "_"):', expected '\(parameter.label ?? "_"):')", node)
        }
        let payload = try zip(args.values, parameters).map { try convert($0, to: $1.typeName, at: node) }
        let value = EnumValue(type: type, name: name, payload: payload, labels: parameters.map(\.label))
        if !payload.isEmpty { value.interpreter = self }
        return .enumCase(value)
    }

    /// `Kind(rawValue: 2)` (nil when no case has it), or an `init` the enum declares.
    func makeEnum(_ type: ClassCode, _ args: Arguments, at node: some SyntaxProtocol) throws -> Value {
        if let code = type.initializers.first(where: { $0.accepts(args.labels) }) {
            let box = Box(.none, declaredType: type.name)
            let result = try invoke(code, args, captured: nil, instance: nil, selfBox: box, at: node)
            return result.isNone ? .none : box.value
        }
        guard type.rawType != nil, args.count == 1, args.labels.first == "rawValue" else {
            throw fault("no initializer of '\(type.name)' takes these arguments", node)
        }
        for info in type.cases {
            if let raw = info.rawValue, try equal(raw, args[0], at: node) { return type.caseValue(info.name) ?? .none }
        }
        return .none
    }

    /// A member of an enum's value: `rawValue`, a computed property, a method (bound to it).
    func enumMember(_ e: EnumValue, _ name: String, at node: some SyntaxProtocol) throws -> Value? {
        if name == "rawValue", e.type.rawType != nil, let index = e.type.caseIndex[e.name] {
            return e.type.cases[index].rawValue
        }
        return try valueTypeMember(.enumCase(e), e.type, name, at: node)
    }

    /// A computed property's value or a method of a value's type (an enum, or an extension of
    /// an API type), with the value as `self`.
    func valueTypeMember(_ value: Value, _ type: ClassCode, _ name: String, at node: some SyntaxProtocol) throws -> Value? {
        if let computed = type.computedProperty(name) {
            return try runGetter(computed.get, selfBox: Box(value, declaredType: type.name, isLet: true), at: node)
        }
        if let code = type.methods(named: name)?.first {
            let scope = Scope(parent: nil, selfBox: Box(value, declaredType: type.name, isLet: true))
            scope.declare("self", box: scope.selfBox!)
            return .function(Function(name: name, body: .source(code, captured: scope, instance: nil)))
        }
        return nil
    }

    /// A getter's body run with `self` in its box.
    func runGetter(_ body: CodeBlockItemListSyntax, selfBox: Box, at node: some SyntaxProtocol) throws -> Value {
        try tick(node)
        callDepth += 1
        defer { callDepth -= 1 }
        if callDepth > limits.maxCallDepth {
            throw fault("the lesson's calls nested more than \(limits.maxCallDepth) deep (runaway recursion?)", node)
        }
        let scope = Scope(parent: nil, selfBox: selfBox)
        scope.declare("self", box: selfBox)
        if body.count == 1, let only = body.first, case .expr(let expr) = only.item { return try eval(expr, scope) }
        if case .returned(let value) = try run(body, scope) { return value }
        return .void
    }

    // MARK: Extensions of the API's types

    /// The API's type names a value answers to, most derived first (`UIButton`, `UIControl`,
    /// `UIView`…), for finding the members extensions add.
    func extensionTypeNames(_ value: Value) -> [String] {
        switch value {
        case .native(let object): return Bridge.shared.type(of: object)?.lineage.map(\.name) ?? []
        case .value(let v): return Bridge.shared.type(of: v)?.lineage.map(\.name) ?? []
        case .object(let instance):
            return instance.native.flatMap { Bridge.shared.type(of: $0)?.lineage.map(\.name) } ?? []
        case .int: return ["Int"]
        case .double: return ["CGFloat", "Double", "Float", "TimeInterval"]
        case .string: return ["String"]
        case .bool: return ["Bool"]
        case .array: return ["Array"]
        case .dictionary: return ["Dictionary"]
        default: return []
        }
    }

    /// The extension (of the value's API type) that declares `name`, if any.
    func extensionCode(_ value: Value, _ name: String) -> ClassCode? {
        guard module.extendsAPIMember(name) else { return nil }
        for typeName in extensionTypeNames(value) {
            if let code = module.typeExtensions[typeName], code.computedProperty(name) != nil || code.hasMethod(named: name) {
                return code
            }
        }
        return nil
    }

    func extensionMember(_ value: Value, _ name: String, at node: some SyntaxProtocol) throws -> Value? {
        guard let code = extensionCode(value, name) else { return nil }
        return try valueTypeMember(value, code, name, at: node)
    }

    /// The method a value's type declares (an enum's, or an extension's of its API type).
    func valueMethod(_ value: Value, _ name: String, labels: [String?]) -> (FunctionCode, ClassCode)? {
        switch value {
        case .enumCase(let e):
            return e.type.method(name, labels: labels).map { ($0, e.type) }
        case .symbol(let s):
            guard let e = enumCase(named: s) else { return nil }
            return e.type.method(name, labels: labels).map { ($0, e.type) }
        default:
            guard let code = extensionCode(value, name), let method = code.method(name, labels: labels) else { return nil }
            return (method, code)
        }
    }

    /// Calls a value's method with the value as `self`; a `mutating` one changes `value`.
    func callValueMethod(
        _ value: inout Value, _ code: FunctionCode, of type: ClassCode, _ args: Arguments, at node: some SyntaxProtocol
    ) throws -> Value {
        if case .symbol(let s) = value, let e = enumCase(named: s) { value = .enumCase(e) }
        let box = Box(value, declaredType: type.name, isLet: !code.isMutating)
        let result = try invoke(code, args, captured: nil, instance: nil, selfBox: box, at: node)
        if code.isMutating { value = box.value }
        return result
    }

    /// A member of `self` named bare inside a value's method: its type's own, or the API's
    /// (`midX` in `extension CGRect`, `addSubview` in `extension UIView`).
    func selfMember(_ value: Value, _ name: String, at node: some SyntaxProtocol) throws -> Value? {
        switch value {
        case .enumCase(let e):
            return try enumMember(e, name, at: node)
        case .native(let object):
            if let member = try extensionMember(value, name, at: node) { return member }
            return try Bridge.shared.memberIfAny(object, name, interpreter: self, at: node)
        case .value(let v):
            if let member = try extensionMember(value, name, at: node) { return member }
            return Bridge.shared.hasMember(v, name) ? try Bridge.shared.get(value, name, interpreter: self, at: node) : nil
        case .none, .void:
            return nil
        default:
            if let member = try extensionMember(value, name, at: node) { return member }
            return try Builtins.get(value, name, self)
        }
    }

    /// Whether `self` (a value) has a member of that name, for a bare call or assignment.
    func selfHasMember(_ value: Value, _ name: String) -> Bool {
        switch value {
        case .enumCase(let e): return e.type.hasMethod(named: name) || e.type.computedProperty(name) != nil
        case .native(let object): return extensionCode(value, name) != nil || Bridge.shared.hasMember(object, name)
        case .value(let v): return extensionCode(value, name) != nil || Bridge.shared.hasMember(v, name)
        default: return extensionCode(value, name) != nil
        }
    }

    /// `self.init(…)` inside an initialiser of an API type's extension or of an enum.
    func delegatingInit(_ box: Box, _ args: Arguments, at node: some SyntaxProtocol) throws {
        guard let typeName = box.declaredType else { throw fault("'self.init' is not available here", node) }
        if let type = module.enumTypes[typeName] {
            box.value = try makeEnum(type, args, at: node)
        } else if let value = try extensionInit(typeName, args, at: node) {
            box.value = value
        } else {
            box.value = try Bridge.shared.construct(typeName, args, interpreter: self, at: node)
        }
    }

    /// `UIColor(hex: 0x336699)`: an initialiser an extension adds to an API type; nil when the
    /// extension has none that takes these arguments.
    func extensionInit(_ typeName: String, _ args: Arguments, at node: some SyntaxProtocol) throws -> Value? {
        guard let code = module.typeExtensions[typeName]?.initializers.first(where: { $0.accepts(args.labels) }) else { return nil }
        let box = Box(.none, declaredType: typeName)
        let result = try invoke(code, args, captured: nil, instance: nil, selfBox: box, at: node)
        if case Value.none = result { return Value.none }  // `return nil` in a failable initialiser
        if box.value.isNone { throw fault("'self.init' isn't called on all paths before returning from initializer", node) }
        return box.value
    }

    /// Sets a computed property an extension declares on `container` (an API value or object).
    func extensionSet(_ container: inout Value, _ name: String, _ value: Value, at node: some SyntaxProtocol) throws -> Bool {
        guard let code = extensionCode(container, name), let computed = code.computedProperty(name) else { return false }
        guard let setter = computed.set else { throw fault("cannot assign to property: '\(name)' is a get-only property", node) }
        let box = Box(container, declaredType: code.name)
        let scope = Scope(parent: nil, selfBox: box)
        scope.declare("self", box: box)
        scope.declare(computed.setName, value)
        _ = try run(setter, scope)
        container = box.value
        return true
    }
}
