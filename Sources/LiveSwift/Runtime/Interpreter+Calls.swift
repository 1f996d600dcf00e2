import Foundation
import Lessons
import SwiftSyntax

/// The label a trailing closure carries: it fits whichever closure parameter comes next.
let trailingLabel = "\u{0}trailing"

/// Methods of Swift's collections that change the collection they are called on.
private let mutatingMethods: Set<String> = [
    "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeValue", "sort", "reverse",
    "shuffle", "swapAt", "popLast", "updateValue", "removeSubrange", "formUnion", "formIntersection", "subtract",
]

extension Interpreter {
    func arguments(_ e: FunctionCallExprSyntax, _ scope: Scope) throws -> (Arguments, [InoutArgument]) {
        let shape = callShape(e)
        var args = Arguments(values: [], labels: shape.labels)
        var inouts: [InoutArgument] = []
        args.values.reserveCapacity(shape.expressions.count)
        for (i, expression) in shape.expressions.enumerated() {
            if let reference = shape.inoutExpressions[i] {
                let (value, box, place) = try inoutArgument(reference, scope)
                if args.inoutBoxes.isEmpty { args.inoutBoxes = Array(repeating: nil, count: shape.expressions.count) }
                args.inoutBoxes[args.values.count] = box
                inouts.append(InoutArgument(index: args.values.count, box: box, place: place))
                args.values.append(value)
            } else {
                args.values.append(try eval(expression, scope))
            }
        }
        if shape.hasTrailingClosures {
            if let trailing = e.trailingClosure {
                args.values.append(.function(closure(trailing, scope)))
                args.labels.append(trailingLabel)
            }
            for extra in e.additionalTrailingClosures {
                args.values.append(.function(closure(extra.closure, scope)))
                args.labels.append(extra.label.text)
            }
        }
        if !args.inoutBoxes.isEmpty {
            args.inoutBoxes += Array(repeating: nil, count: args.values.count - args.inoutBoxes.count)
        }
        return (args, inouts)
    }

    /// A call's arguments as its syntax gives them, read once per call expression: walking
    /// the syntax on every call cost more than evaluating a lesson's usual arguments.
    private func callShape(_ e: FunctionCallExprSyntax) -> CallShape {
        caches.pointee.callShapes.value(for: e.id) {
            var shape = CallShape()
            for a in e.arguments {
                shape.expressions.append(a.expression)
                shape.inoutExpressions.append(a.expression.as(InOutExprSyntax.self))
                shape.labels.append(a.label?.text)
            }
            shape.hasTrailingClosures = e.trailingClosure != nil || !e.additionalTrailingClosures.isEmpty
            return shape
        }
    }

    /// Evaluates the call's arguments, runs `body` with them, then copies every `&x`
    /// argument's final value back to its place (Swift's copy-in copy-out).
    func withArguments(_ e: FunctionCallExprSyntax, _ scope: Scope, _ body: (Arguments) throws -> Value) throws -> Value {
        let (args, inouts) = try arguments(e, scope)
        let result = try body(args)
        if !inouts.isEmpty { try writeBack(inouts) }
        return result
    }

    func call(_ e: FunctionCallExprSyntax, _ scope: Scope) throws -> Value {
        let callee = e.calledExpression
        if let m = callee.as(MemberAccessExprSyntax.self) {
            let name = identifier(m.declName)
            guard let baseExpr = m.base else {
                // `.random(in: 0...1)` where a number is expected: the number type the context names.
                if name == "random" {
                    let type = Self.contextualNumberType(of: e)
                    return try withArguments(e, scope) { args in
                        try Bridge.shared.call(.type(type), name, args, interpreter: self, at: m.declName)
                    }
                }
                // `.circle(radius: 2)`: a case with associated values of the one source enum that has it.
                if let owners = module.casesWithPayload[name], owners.count == 1 {
                    return try withArguments(e, scope) { args in try makeCase(owners[0], name, args, at: m.declName) }
                }
                // `.now() + .seconds(2)`: Dispatch's times, as seconds of the lesson's clock.
                if let seconds = try dispatchTime(name, e, scope) { return .double(seconds) }
                throw fault("implicit member calls ('.\(name)(…)') are not supported in live lessons; name the type", m)
            }
            if baseExpr.is(SuperExprSyntax.self), let instance = scope.instance {
                if name == "init" { return try withArguments(e, scope) { args in try delegatingInit(instance, args, e, m) } }
                return try withArguments(e, scope) { args in try callSuper(instance, name, args, e, m) }
            }
            // `self.init(…)`: a convenience initialiser handing over to another.
            if name == "init", baseExpr.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
                if let instance = scope.instance {
                    return try withArguments(e, scope) { args in try delegatingInit(instance, args, e, m) }
                }
                if let box = scope.selfBox {
                    return try withArguments(e, scope) { args in
                        try delegatingInit(box, args, at: m.declName)
                        return .void
                    }
                }
            }
            var base: Value? = try eval(baseExpr, scope)
            return try withArguments(e, scope) { args in
                if base!.isCollection, mutatingMethods.contains(name) {
                    base = nil  // let go of this copy, so the collection changes in place
                    var result = Value.void
                    try modify(baseExpr, scope, mutating: true) { value in
                        result = try Bridge.shared.callMutating(&value, name, args, interpreter: self, at: m.declName)
                    }
                    return result
                }
                if module.hasMutatingMethod(name), let code = structMutatingMethod(base!, name, args.labels) {
                    // A struct's mutating method: on the variable's own copy, changed in place.
                    base = nil
                    var result = Value.void
                    try modify(baseExpr, scope, mutating: true) { value in
                        guard let unique = uniqueStruct(&value) else { return }
                        result = try invoke(code, args, captured: nil, instance: unique, at: m.declName)
                    }
                    return result
                }
                if module.hasMutatingMethod(name), let (code, type) = valueMethod(base!, name, labels: args.labels),
                    code.isMutating
                {
                    base = nil
                    var result = Value.void
                    try modify(baseExpr, scope, mutating: true) { value in
                        result = try callValueMethod(&value, code, of: type, args, at: m.declName)
                    }
                    return result
                }
                return try callMember(base!, name, args, at: m.declName)
            }
        }
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            // `Selector(Self.handlePan(_:))`: a method named, not called.
            if name == "Selector", e.arguments.count == 1, let argument = e.arguments.first?.expression,
                argument.as(MemberAccessExprSyntax.self)?.declName.argumentNames != nil
                    || argument.as(DeclReferenceExprSyntax.self)?.argumentNames != nil
                    || isMethodOfType(argument, scope),
                let selector = methodReference(argument)
            {
                return .value(Selector(selector))
            }
            return try withArguments(e, scope) { args in try callName(name, args, scope, e, reference) }
        }
        // `Set<Int>()`, `Set<String>(["a"])`: the generic arguments are not needed.
        if let generic = callee.as(GenericSpecializationExprSyntax.self), let reference = generic.expression.as(DeclReferenceExprSyntax.self) {
            return try withArguments(e, scope) { args in try callName(reference.baseName.text, args, scope, e, reference) }
        }
        // `[String]()`, `[String: Int]()`: an empty collection.
        if callee.is(ArrayExprSyntax.self) && e.arguments.isEmpty { return .array([]) }
        if callee.is(DictionaryExprSyntax.self) && e.arguments.isEmpty { return .dictionary([:]) }
        let function = try eval(callee, scope)
        return try withArguments(e, scope) { args in try callValue(function, args, at: e) }
    }

    /// `Self.tapped`, `ViewController.tapped`, `tapped` naming a method of the class whose code
    /// runs (`Selector(Self.tapped)`, docs/api.md's form of `#selector(tapped)`), not a value.
    private func isMethodOfType(_ expr: ExprSyntax, _ scope: Scope) -> Bool {
        guard let type = scope.instance?.type ?? scope.staticType else { return false }
        if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
            base.baseName.text == "Self" || base.baseName.text == "self" || module.classes[base.baseName.text] != nil
        {
            let owner = module.classes[base.baseName.text] ?? type
            return owner.hasMethod(named: member.declName.baseName.text)
        }
        if let reference = expr.as(DeclReferenceExprSyntax.self), scope.lookup(reference.baseName.text) == nil {
            return type.hasMethod(named: reference.baseName.text)
        }
        return false
    }

    /// The mutating method of that name of a struct value, if it is one.
    private func structMutatingMethod(_ value: Value, _ name: String, _ labels: [String?]) -> FunctionCode? {
        guard case .object(let instance) = value, instance.type.isStruct,
            let code = instance.type.method(name, labels: labels), code.isMutating
        else { return nil }
        return code
    }

    /// `self.init(…)` / `super.init(…)` in a source class's initialiser: another of its
    /// initialisers (the superclass's for `super`) runs on the same instance.
    private func delegatingInit(
        _ instance: Instance, _ args: Arguments, _ e: FunctionCallExprSyntax, _ m: MemberAccessExprSyntax
    ) throws -> Value {
        let isSuper = m.base?.is(SuperExprSyntax.self) == true
        let type = isSuper ? definingClass(of: e, instance).superCode : definingClass(of: e, instance)
        if let code = type?.initializers.first(where: { $0.accepts(args.labels) }) {
            initializing.append(instance)
            defer { initializing.removeLast() }
            _ = try invoke(code, args, captured: nil, instance: instance, at: e)
            if instance.native == nil, let base = instance.type.nativeBase {
                // An initialiser that did not write `super.init()`: Swift calls the API class's `init()` at its end.
                instance.native = try LiveViewClasses.make(base, Arguments(values: [], labels: []), owner: instance, interpreter: self, at: e)
            }
            return .void
        }
        if instance.type.nativeBase != nil {
            // The API superclass's own initialiser (`super.init(…)`, or `self.init()` inherited by
            // a class that declares no designated one): it makes the instance's native part.
            if instance.native == nil, let base = instance.type.nativeBase {
                instance.native = try LiveViewClasses.make(base, args, owner: instance, interpreter: self, at: e)
            }
            return .void
        }
        if isSuper { return .void }
        throw fault("no initializer of '\(instance.type.name)' takes these arguments", m)
    }

    private func callSuper(
        _ instance: Instance, _ name: String, _ args: Arguments, _ e: FunctionCallExprSyntax, _ m: MemberAccessExprSyntax
    ) throws -> Value {
        // `super` is the superclass of the class whose code calls it, not of the instance's class.
        if let parent = definingClass(of: e, instance).superCode, let code = parent.method(name, labels: args.labels) {
            return try invoke(code, args, captured: nil, instance: instance, at: e)
        }
        if let native = instance.native as? LiveNative {
            // The API class's own method, not the native part's forwarding override.
            if let result = try native.callBase(name, args, interpreter: self) { return result }
        }
        // UIViewController's own lifecycle methods do nothing beyond what the host does.
        if Bridge.viewControllerLifecycle.contains(name) { return .void }
        if let native = instance.native {
            return try Bridge.shared.call(.native(native), name, args, interpreter: self, at: m.declName)
        }
        throw fault("'super' has no method '\(name)'", m)
    }

    /// `.now()`, `.seconds(n)`, `.milliseconds(n)`, …: a `DispatchTime` or `DispatchTimeInterval`
    /// written as an implicit member, in seconds (deadlines are times of the lesson's clock).
    private func dispatchTime(_ name: String, _ e: FunctionCallExprSyntax, _ scope: Scope) throws -> Double? {
        let scale: Double
        switch name {
        case "now": return e.arguments.isEmpty ? runLoop.now : nil
        case "seconds": scale = 1
        case "milliseconds": scale = 1e-3
        case "microseconds": scale = 1e-6
        case "nanoseconds": scale = 1e-9
        default: return nil
        }
        guard e.arguments.count == 1, let argument = e.arguments.first?.expression,
            let amount = try eval(argument, scope).asDouble
        else { return nil }
        return amount * scale
    }

    /// The source class whose declaration (or extension) holds `node`: where `super` starts.
    func definingClass(of node: some SyntaxProtocol, _ instance: Instance) -> ClassCode {
        var next = node.parent
        while let parent = next {
            if let c = parent.as(ClassDeclSyntax.self) { return module.classes[c.name.text] ?? instance.type }
            if let e = parent.as(ExtensionDeclSyntax.self) {
                return module.classes[Self.lastComponent(e.extendedType.trimmedDescription)] ?? instance.type
            }
            next = parent.parent
        }
        return instance.type
    }

    /// `name(args)`: a variable holding a function, a method of `self`, a function of the
    /// source, a class or bridged type (an initializer), or a global function.
    private func callName(
        _ name: String, _ args: Arguments, _ scope: Scope, _ e: FunctionCallExprSyntax, _ reference: DeclReferenceExprSyntax
    ) throws -> Value {
        if let box = scope.lookup(name) ?? globalBox(name, scope) { return try callValue(box.value, args, at: e) }
        if let target = aliasedType(name) { return try callName(target, args, scope, e, reference) }
        if let instance = scope.instance {
            if let code = instance.type.method(name, labels: args.labels) {
                return try invoke(code, args, captured: nil, instance: instance, at: e)
            }
            if let value = instance.fields[name] { return try callValue(value, args, at: e) }
        }
        if let box = scope.selfBox, scope.instance == nil {
            // A method of `self`, a value (an enum's, an API type's through an extension, or the API's own).
            if let (code, type) = valueMethod(box.value, name, labels: args.labels) {
                if code.isMutating && box.isLet {
                    throw fault("cannot use mutating member on immutable value: 'self' is immutable", reference)
                }
                var value = box.value
                let result = try callValueMethod(&value, code, of: type, args, at: e)
                if code.isMutating { box.value = value }
                return result
            }
            if case .native = box.value, selfHasMember(box.value, name) { return try callMember(box.value, name, args, at: e) }
            if case .value = box.value, selfHasMember(box.value, name) { return try callMember(box.value, name, args, at: e) }
        }
        if let type = scope.staticType, let (code, owner) = type.staticMethod(name, labels: args.labels) {
            return try invokeStatic(code, of: owner, args, at: e)
        }
        if let code = module.functions[name]?.first(where: { $0.accepts(args.labels) }) {
            return try invoke(code, args, captured: nil, instance: nil, at: e)
        }
        if let type = module.classes[name] {
            return .object(try instantiate(type, arguments: args, native: nil, at: e))
        }
        if let type = module.enumTypes[name] { return try makeEnum(type, args, at: e) }
        if !module.typeExtensions.isEmpty, let value = try extensionInit(name, args, at: e) { return value }
        if Bridge.shared.isType(name) { return try Bridge.shared.construct(name, args, interpreter: self, at: e) }
        if let global = Bridge.shared.globals[name] {
            do {
                try Bridge.refuseInout(name, args)
                return try global(args, self)
            } catch let error as BridgeError {
                throw fault(error.message, e)
            }
        }
        if let instance = scope.instance, instance.type.hasMethod(named: name) {
            throw fault("no method '\(name)' of '\(instance.type.name)' takes these arguments", e)
        }
        if let native = scope.instance?.native, Bridge.shared.hasMember(native, name) {
            // A method the API class gives the source's subclass (`addChildBehavior(_:)`).
            return try Bridge.shared.call(.native(native), name, args, interpreter: self, at: reference)
        }
        throw fault("cannot find '\(name)' in scope", reference)
    }

    /// The number type an implicit `.random(in:)` takes from where it stands: a declaration's
    /// annotation (`let n: Int = .random(in: 0..<3)`) or the function's return type; CGFloat
    /// otherwise (UIKit's arguments: `UIColor(red: .random(in: 0...1), …)`).
    static func contextualNumberType(of call: FunctionCallExprSyntax) -> String {
        var type: TypeSyntax?
        if let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) {
            type = binding.typeAnnotation?.type
        } else if call.parent?.is(ReturnStmtSyntax.self) == true
            || call.parent?.parent?.parent?.is(CodeBlockSyntax.self) == true
        {
            var node = call.parent
            while let n = node, !n.is(FunctionDeclSyntax.self), !n.is(ClosureExprSyntax.self) { node = n.parent }
            type = node?.as(FunctionDeclSyntax.self)?.signature.returnClause?.type
        }
        var name = type?.trimmedDescription ?? "CGFloat"
        while name.hasSuffix("?") || name.hasSuffix("!") { name.removeLast() }
        return ["Int", "Double", "Float", "CGFloat", "TimeInterval", "Bool"].contains(name) ? name : "CGFloat"
    }

    func callValue(_ value: Value, _ args: Arguments, at node: some SyntaxProtocol) throws -> Value {
        switch value {
        case .function(let f): return try call(f, args, at: node)
        case .type(let name):
            if let type = module.classes[name] { return .object(try instantiate(type, arguments: args, native: nil, at: node)) }
            if let type = module.enumTypes[name] { return try makeEnum(type, args, at: node) }
            if !module.typeExtensions.isEmpty, let value = try extensionInit(name, args, at: node) { return value }
            return try Bridge.shared.construct(name, args, interpreter: self, at: node)
        case .none: throw fault("Unexpectedly found nil while unwrapping an Optional value", node)
        default: throw fault("cannot call value of non-function type '\(value.typeName)'", node)
        }
    }

    /// `base.name(args)`.
    func callMember(_ base: Value, _ name: String, _ args: Arguments, at node: some SyntaxProtocol) throws -> Value {
        switch base {
        case .object(let instance):
            if let code = instance.type.method(name, labels: args.labels) {
                return try invoke(code, args, captured: nil, instance: instance, at: node)
            }
            if let value = instance.fields[name] { return try callValue(value, args, at: node) }
            if let native = instance.native {
                if let (code, type) = valueMethod(.native(native), name, labels: args.labels) {
                    var value = Value.native(native)
                    return try callValueMethod(&value, code, of: type, args, at: node)
                }
                return try Bridge.shared.call(.native(native), name, args, interpreter: self, at: node)
            }
            throw fault("value of type '\(instance.type.name)' has no member '\(name)'", node)
        case .enumCase(let e):
            guard let code = e.type.method(name, labels: args.labels) else {
                throw fault("value of type '\(e.type.name)' has no member '\(name)' that takes these arguments", node)
            }
            var value = base
            return try callValueMethod(&value, code, of: e.type, args, at: node)
        case .symbol(let s) where enumCase(named: s) != nil:
            return try callMember(.enumCase(enumCase(named: s)!), name, args, at: node)
        case .type(let typeName) where module.enumTypes[typeName] != nil:
            let type = module.enumTypes[typeName]!
            if name == "init" { return try makeEnum(type, args, at: node) }
            if type.caseIndex[name] != nil { return try makeCase(type, name, args, at: node) }
            if let (code, owner) = type.staticMethod(name, labels: args.labels) { return try invokeStatic(code, of: owner, args, at: node) }
            if let value = try staticMember(type, name) { return try callValue(value, args, at: node) }
            throw fault("type '\(typeName)' has no member '\(name)'", node)
        case .none:
            throw fault("Unexpectedly found nil while implicitly unwrapping an Optional value (calling '\(name)')", node)
        case .type(let typeName) where module.typeExtensions[typeName]?.hasStaticMember(name) == true:
            let type = module.typeExtensions[typeName]!
            if let (code, owner) = type.staticMethod(name, labels: args.labels) { return try invokeStatic(code, of: owner, args, at: node) }
            return try callValue(try staticMember(type, name) ?? .none, args, at: node)
        case .type(let typeName) where module.classes[typeName] != nil:
            if name == "init" { return try callValue(base, args, at: node) }
            if let (code, owner) = module.classes[typeName]!.staticMethod(name, labels: args.labels) {
                return try invokeStatic(code, of: owner, args, at: node)
            }
            if let value = try staticMember(module.classes[typeName]!, name) { return try callValue(value, args, at: node) }
            // `Grid.Cell(row: 1)`: a type nested in a source type, known by its own name.
            if module.classes[name] != nil || module.enumTypes[name] != nil { return try callValue(.type(name), args, at: node) }
            throw fault("type '\(typeName)' has no member '\(name)' that takes these arguments", node)
        default:
            if module.extendsAPIMember(name), let (code, type) = valueMethod(base, name, labels: args.labels) {
                var value = base
                return try callValueMethod(&value, code, of: type, args, at: node)
            }
            if !args.hasInout, let value = try callBridged(base, name, args, at: node) { return value }
            return try Bridge.shared.call(base, name, args, interpreter: self, at: node)
        }
    }

    /// A bridged method of a bridged object or value, through the inline cache of the call
    /// expression `node` (the method its receiver's type and labels found the last time);
    /// nil where the bridge has none, for `Bridge.call` to answer or refuse.
    private func callBridged(_ base: Value, _ name: String, _ args: Arguments, at node: some SyntaxProtocol) throws -> Value? {
        let receiver: Any
        let object: AnyObject?
        switch base {
        case .native(let o): receiver = o; object = o
        case .value(let v): receiver = v; object = nil
        default: return nil
        }
        let receiverType = ObjectIdentifier(Swift.type(of: receiver))
        let method: BridgeType.Method
        if let cached = caches.pointee.methodCalls[node.id], cached.receiverType == receiverType, cached.name == name,
            cached.labels == args.labels
        {
            method = cached.method
        } else {
            guard let found = Bridge.shared.method(of: receiver, name, labels: args.labels) else { return nil }
            caches.pointee.methodCalls[node.id] = MethodCall(name: name, labels: args.labels, receiverType: receiverType, method: found)
            method = found
        }
        do {
            if let object, let call = method.object { return try call(object, args, self) }
            var any = receiver
            return try method.body(&any, args, self)
        } catch let error as BridgeError {
            throw fault(error.message, node)
        } catch let error as LiveFault where error.line == 0 {
            throw fault(error.message, node)
        }
    }

    // MARK: Assignment

    /// Changes the value that `expr` names, in place: a variable, a property (through any
    /// chain of value-type properties, which are written back), a subscript.
    /// `mutating` names a mutating method's call, for the message a `let` gets.
    func modify(_ expr: ExprSyntax, _ scope: Scope, mutating: Bool = false, _ body: (inout Value) throws -> Void) throws {
        switch expr.as(ExprSyntaxEnum.self) {
        case .declReferenceExpr(let e):
            let name = e.baseName.text
            if let box = scope.lookup(name) ?? globalBox(name, scope) {
                if box.isLet {
                    let what = mutating ? "cannot use mutating member on immutable value" : "cannot assign to value"
                    throw fault("\(what): '\(name)' is a 'let' constant", e)
                }
                var value = box.value
                box.value = .void  // one owner while it changes: arrays grow in place
                defer { box.value = value }
                try body(&value)
                // A changed collection keeps its elements as they are (converting them all on
                // every append would cost a pass over the whole collection).
                if !value.isCollection { value = try convert(value, to: box.declaredType, at: e) }
                return
            }
            if let type = scope.staticType, let (stored, owner) = type.staticProperty(name) {
                var value = try staticValue(stored, of: owner)
                try body(&value)
                try setStaticValue(stored, of: owner, value, at: e)
                return
            }
            if scope.instance == nil, let box = scope.selfBox {
                // A property of `self`, a value, inside its method: a mutating one may change it.
                if box.isLet, !box.value.isReference { throw fault("cannot assign to property: 'self' is immutable", e) }
                var container = box.value
                var value = try get(container, name, at: e)
                try body(&value)
                try setValueMember(&container, name, value, at: e)
                box.value = container
                return
            }
            guard let instance = scope.instance else { throw fault("cannot find '\(name)' in scope", e) }
            if instance.type.storedProperty(name)?.didSet == nil, instance.type.storedProperty(name)?.willSet == nil,
                var value = instance.fields[name]
            {
                instance.fields[name] = .void
                defer { instance.fields[name] = value }
                try body(&value)
                if !value.isCollection { value = try convert(value, to: instance.type.storedProperty(name)?.typeName, at: e) }
                return
            }
            guard var value = try instanceMember(instance, name, at: e) else {
                throw fault("cannot find '\(name)' in scope", e)
            }
            try body(&value)
            try setInstanceMember(instance, name, value, at: e)
        case .memberAccessExpr(let e):
            let name = e.declName.baseName.text
            guard let baseExpr = e.base else { throw fault("cannot assign to '.\(name)'", e) }
            if baseExpr.is(SuperExprSyntax.self), let instance = scope.instance {
                guard var value = try instanceMember(instance, name, at: e) else { throw fault("'super' has no member '\(name)'", e) }
                try body(&value)
                try setInstanceMember(instance, name, value, at: e)
                return
            }
            let base = try eval(baseExpr, scope)
            if Self.isStructValue(base), baseExpr.as(DeclReferenceExprSyntax.self)?.baseName.text != "self" {
                // A part of a struct: the variable (or property, element) that holds it changes.
                try modify(baseExpr, scope, mutating: mutating) { container in
                    var value = try get(container, name, at: e.declName)
                    try body(&value)
                    try setValueMember(&container, name, value, at: e.declName)
                }
                return
            }
            switch base {
            case .object(let instance):
                guard var value = try instanceMember(instance, name, at: e.declName) else {
                    throw fault("value of type '\(instance.type.name)' has no member '\(name)'", e.declName)
                }
                try body(&value)
                try setInstanceMember(instance, name, value, at: e.declName)
            case .type(let typeName) where module.classes[typeName]?.staticProperty(name) != nil:
                let (stored, owner) = module.classes[typeName]!.staticProperty(name)!
                var value = try staticValue(stored, of: owner)
                try body(&value)
                try setStaticValue(stored, of: owner, value, at: e.declName)
            case .native:
                var value = try get(base, name, at: e.declName)
                try body(&value)
                var target = base
                if module.extendsAPIMember(name), try extensionSet(&target, name, value, at: e.declName) { return }
                try Bridge.shared.set(&target, name, value, interpreter: self, at: e.declName)
            case .none:
                throw fault("Unexpectedly found nil while implicitly unwrapping an Optional value (setting '\(name)')", e.declName)
            default:
                try modify(baseExpr, scope, mutating: mutating) { container in
                    var value = try get(container, name, at: e.declName)
                    try body(&value)
                    try setValueMember(&container, name, value, at: e.declName)
                }
            }
        case .subscriptCallExpr(let e):
            let index = try e.arguments.map { try eval($0.expression, scope) }
            if case .object(let instance) = try eval(e.calledExpression, scope), !instance.type.isStruct {
                // A class's subscript changes the object, whatever holds the reference (a `let`).
                var container = Value.object(instance)
                var value = try subscriptGet(container, index, at: e)
                try body(&value)
                try subscriptSet(&container, index, value, at: e)
                return
            }
            try modify(e.calledExpression, scope, mutating: mutating) { container in
                var value = try subscriptGet(container, index, at: e)
                try body(&value)
                try subscriptSet(&container, index, value, at: e)
            }
        case .forceUnwrapExpr(let e):
            try modify(e.expression, scope, mutating: mutating) { value in
                if value.isNone { throw fault("Unexpectedly found nil while unwrapping an Optional value", e) }
                try body(&value)
            }
        case .optionalChainingExpr(let e):
            try modify(e.expression, scope, mutating: mutating) { value in
                if value.isNone { throw ChainIsNil() }
                try body(&value)
            }
        case .discardAssignmentExpr:
            var ignored = Value.void
            try body(&ignored)
        default:
            throw fault("cannot assign to this expression", expr)
        }
    }

    static func isStructValue(_ value: Value) -> Bool {
        if case .object(let instance) = value { return instance.type.isStruct }
        return false
    }

    func setValueMember(_ container: inout Value, _ name: String, _ value: Value, at node: some SyntaxProtocol) throws {
        if let instance = uniqueStruct(&container) {
            try setInstanceMember(instance, name, value, at: node)
            return
        }
        if case .tuple(var values, let labels) = container {
            if let i = Int(name) ?? labels.firstIndex(of: name), i < values.count {
                values[i] = value
                container = .tuple(values, labels: labels)
                return
            }
        }
        if module.extendsAPIMember(name), try extensionSet(&container, name, value, at: node) { return }
        try Bridge.shared.set(&container, name, value, interpreter: self, at: node)
    }

    func assign(_ target: ExprSyntax, _ value: Value, _ scope: Scope) throws {
        if let tuple = target.as(TupleExprSyntax.self), tuple.elements.count > 1 {
            guard case .tuple(let values, _) = value, values.count == tuple.elements.count else {
                throw fault("cannot assign a value of type '\(value.typeName)' to a tuple of \(tuple.elements.count)", target)
            }
            for (element, v) in zip(tuple.elements, values) { try assign(element.expression, v, scope) }
            return
        }
        do {
            try modify(target, scope) { $0 = value }
        } catch is ChainIsNil {
            return  // `a?.b = c` with a nil: nothing happens, as in Swift
        }
    }
}

extension Value {
    /// An object (the API's or the source's): its properties may change through a constant.
    var isReference: Bool {
        switch self {
        case .native, .object: return true
        default: return false
        }
    }

    /// Arrays, dictionaries and strings: values whose mutating methods change a variable.
    var isCollection: Bool {
        switch self {
        case .array, .dictionary, .string: return true
        case .value(let v): return v is LiveSet
        default: return false
        }
    }
}

/// The parts of a call's syntax that `arguments` reads (Interpreter.callShapes).
struct CallShape {
    var expressions: [ExprSyntax] = []
    var inoutExpressions: [InOutExprSyntax?] = []
    var labels: [String?] = []
    var hasTrailingClosures = false
}

/// One entry of the interpreter's inline cache of bridged method calls.
struct MethodCall {
    let name: String
    let labels: [String?]
    let receiverType: ObjectIdentifier
    let method: BridgeType.Method
}
