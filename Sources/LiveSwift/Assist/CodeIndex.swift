import SwiftParser
import SwiftSyntax

/// What the editor's helpers know of a source being typed: its own types and their members,
/// and a guess of each expression's type, from declarations alone (nothing runs). The source
/// may be half written: swift-syntax reads what it can and so does this.
final class CodeIndex {
    /// A member the source declares on one of its types, or adds to an API type.
    struct Member {
        enum Kind { case stored, computed, method, initializer, enumCase }
        var name: String
        var kind: Kind
        var isStatic: Bool
        /// Written type of a property, or the result of a method, as the source says it.
        var type: String?
        /// The initial value of a stored property without a written type.
        var initial: ExprSyntax?
        /// Argument labels of a method or initialiser (nil for `_`), and the parameters' names.
        var labels: [String?] = []
        var parameterNames: [String] = []
    }

    /// A type the source declares (class, struct, enum, protocol), or an API type it extends.
    final class SourceType {
        let name: String
        var superclass: String?
        var members: [Member] = []
        init(name: String, superclass: String?) {
            self.name = name
            self.superclass = superclass
        }
    }

    /// What an expression is: a value of a type, or the type itself (`UIColor` in `UIColor.red`).
    enum Guess: Equatable {
        case instance(String)
        case metatype(String)
    }

    let source: String
    let tree: SourceFileSyntax
    let lines: SourceLines
    private(set) var types: [String: SourceType] = [:]
    /// Members the source adds to the API's types (`extension CGRect { var center … }`).
    private(set) var extensions: [String: SourceType] = [:]

    convenience init(source: String, limits: LiveLimits = .init()) {
        var parser = Parser(source, maximumNestingLevel: limits.maxSourceDepth * 2)
        // Operators stay unfolded (a sequence `a = b`, `x as T`): folding a whole source costs as
        // much as parsing it, and the helpers need only these two shapes.
        self.init(source: source, tree: SourceFileSyntax.parse(from: &parser))
    }

    /// The index of a tree already parsed (and perhaps folded: both shapes are read).
    init(source: String, tree: SourceFileSyntax) {
        self.source = source
        self.tree = tree
        lines = SourceLines(source)
        collectTypes()
    }

    // MARK: Declarations

    private func collectTypes() {
        for statement in tree.statements {
            guard case .decl(let decl) = statement.item else { continue }
            collect(decl, outer: nil)
        }
    }

    private func collect(_ decl: DeclSyntax, outer: String?) {
        if let c = decl.as(ClassDeclSyntax.self) {
            add(c.name.text, superclass: c.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription, c.memberBlock)
        } else if let s = decl.as(StructDeclSyntax.self) {
            add(s.name.text, superclass: nil, s.memberBlock)
        } else if let e = decl.as(EnumDeclSyntax.self) {
            add(e.name.text, superclass: nil, e.memberBlock)
        } else if let p = decl.as(ProtocolDeclSyntax.self) {
            add(p.name.text, superclass: nil, p.memberBlock)
        } else if let x = decl.as(ExtensionDeclSyntax.self) {
            let name = x.extendedType.trimmedDescription
            let owner = types[name] ?? extensions[name] ?? SourceType(name: name, superclass: nil)
            if types[name] == nil { extensions[name] = owner }
            owner.members += members(of: x.memberBlock)
        }
    }

    private func add(_ name: String, superclass: String?, _ block: MemberBlockSyntax) {
        let type = types[name] ?? extensions[name] ?? SourceType(name: name, superclass: superclass)
        extensions[name] = nil
        type.superclass = type.superclass ?? superclass
        type.members += members(of: block)
        types[name] = type
        for item in block.members { collect(item.decl, outer: name) }
    }

    private func members(of block: MemberBlockSyntax) -> [Member] {
        var result: [Member] = []
        for item in block.members {
            let decl = item.decl
            let isStatic = Self.isStatic(decl)
            if let v = decl.as(VariableDeclSyntax.self) {
                for binding in v.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    let computed = binding.accessorBlock.map { block in
                        if case .getter = block.accessors { return true }
                        if case .accessors(let list) = block.accessors {
                            return list.contains { $0.accessorSpecifier.tokenKind == .keyword(.get) }
                        }
                        return false
                    } ?? false
                    result.append(
                        Member(
                            name: name, kind: computed ? .computed : .stored, isStatic: isStatic,
                            type: binding.typeAnnotation?.type.trimmedDescription, initial: binding.initializer?.value))
                }
            } else if let f = decl.as(FunctionDeclSyntax.self) {
                let parameters = f.signature.parameterClause.parameters
                result.append(
                    Member(
                        name: f.name.text, kind: .method, isStatic: isStatic,
                        type: f.signature.returnClause?.type.trimmedDescription ?? "Void",
                        labels: parameters.map { $0.firstName.tokenKind == .wildcard ? nil : $0.firstName.text },
                        parameterNames: parameters.map { ($0.secondName ?? $0.firstName).text }))
            } else if let i = decl.as(InitializerDeclSyntax.self) {
                let parameters = i.signature.parameterClause.parameters
                result.append(
                    Member(
                        name: "init", kind: .initializer, isStatic: false, type: nil,
                        labels: parameters.map { $0.firstName.tokenKind == .wildcard ? nil : $0.firstName.text },
                        parameterNames: parameters.map { ($0.secondName ?? $0.firstName).text }))
            } else if let c = decl.as(EnumCaseDeclSyntax.self) {
                for element in c.elements {
                    result.append(Member(name: element.name.text, kind: .enumCase, isStatic: true, type: nil))
                }
            }
        }
        return result
    }

    private static func isStatic(_ decl: DeclSyntax) -> Bool {
        let modifiers: DeclModifierListSyntax? =
            decl.as(VariableDeclSyntax.self)?.modifiers ?? decl.as(FunctionDeclSyntax.self)?.modifiers
        return modifiers?.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) } ?? false
    }

    /// The source's own type, or the API type it extends, and its source superclasses, nearest first.
    func sourceLineage(_ name: String) -> [SourceType] {
        var result: [SourceType] = []
        var next: String? = name
        while let n = next, result.count < 16 {
            if let t = types[n] {
                result.append(t)
                if let e = extensions[n] { result.append(e) }
                next = t.superclass
            } else {
                if let e = extensions[n] { result.append(e) }
                next = nil
            }
        }
        return result
    }

    /// The API type a type is or inherits (a source class's bridged superclass).
    func bridgedBase(_ name: String) -> BridgeType? {
        var next: String? = name
        var hops = 0
        while let n = next, hops < 16 {
            if let t = Bridge.shared.types[n] { return t }
            next = types[n]?.superclass
            hops += 1
        }
        return nil
    }

    func isTypeName(_ name: String) -> Bool { types[name] != nil || Bridge.shared.isType(name) }

    // MARK: Guessing types

    /// `UIView!`, `UIView?`, `(UIView)` → `UIView`; `[UIView]` stays an array.
    static func plain(_ type: String) -> String {
        var t = type.trimmingCharacters(in: .whitespaces)
        while t.hasSuffix("?") || t.hasSuffix("!") { t.removeLast() }
        if t.hasPrefix("("), t.hasSuffix(")"), !t.contains(",") { t = String(t.dropFirst().dropLast()) }
        return t
    }

    /// The element type of `[T]`.
    static func element(of type: String) -> String? {
        let t = plain(type)
        guard t.hasPrefix("["), t.hasSuffix("]"), !t.contains(":") else { return nil }
        return plain(String(t.dropFirst().dropLast()))
    }

    func guess(_ expr: ExprSyntax, depth: Int = 0) -> Guess? {
        guard depth < 24 else { return nil }
        if let r = expr.as(DeclReferenceExprSyntax.self) {
            return guessName(r.baseName.text, at: Syntax(r), depth: depth + 1)
        }
        if let m = expr.as(MemberAccessExprSyntax.self) {
            guard let base = m.base, let owner = guess(base, depth: depth + 1) else { return nil }
            return memberGuess(owner, m.declName.baseName.text, called: false, depth: depth + 1)
        }
        if let call = expr.as(FunctionCallExprSyntax.self) {
            let called = call.calledExpression
            if let r = called.as(DeclReferenceExprSyntax.self) {
                let name = r.baseName.text
                if isTypeName(name) { return .instance(name) }
                if let function = enclosingFunctions(of: Syntax(r), named: name) { return function.type.map { .instance(Self.plain($0)) } }
                return nil
            }
            if let m = called.as(MemberAccessExprSyntax.self) {
                guard let base = m.base else { return nil }
                guard let owner = guess(base, depth: depth + 1) else { return nil }
                if m.declName.baseName.text == "init", case .metatype(let t) = owner { return .instance(t) }
                return memberGuess(owner, m.declName.baseName.text, called: true, depth: depth + 1)
            }
            return nil
        }
        if let f = expr.as(ForceUnwrapExprSyntax.self) { return guess(f.expression, depth: depth + 1) }
        if let o = expr.as(OptionalChainingExprSyntax.self) { return guess(o.expression, depth: depth + 1) }
        if let t = expr.as(TupleExprSyntax.self), t.elements.count == 1, let only = t.elements.first, only.label == nil {
            return guess(only.expression, depth: depth + 1)
        }
        if let a = expr.as(AsExprSyntax.self) { return .instance(Self.plain(a.type.trimmedDescription)) }
        // `x as! T` unfolded: [x, as!, T].
        if let sequence = expr.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true,
            let type = sequence.elements.last?.as(TypeExprSyntax.self)
        {
            return .instance(Self.plain(type.type.trimmedDescription))
        }
        if let s = expr.as(SubscriptCallExprSyntax.self), case .instance(let t)? = guess(s.calledExpression, depth: depth + 1) {
            return Self.element(of: t).map { .instance($0) }
        }
        if let array = expr.as(ArrayExprSyntax.self), let first = array.elements.first,
            case .instance(let t)? = guess(first.expression, depth: depth + 1)
        {
            return .instance("[\(t)]")
        }
        if expr.is(IntegerLiteralExprSyntax.self) { return .instance("Int") }
        if expr.is(FloatLiteralExprSyntax.self) { return .instance("Double") }
        if expr.is(StringLiteralExprSyntax.self) { return .instance("String") }
        if expr.is(BooleanLiteralExprSyntax.self) { return .instance("Bool") }
        return nil
    }

    /// The type of a member of a guessed value or type.
    func memberGuess(_ owner: Guess, _ name: String, called: Bool, depth: Int) -> Guess? {
        let (typeName, isStatic): (String, Bool) =
            switch owner {
            case .instance(let t): (Self.plain(t), false)
            case .metatype(let t): (Self.plain(t), true)
            }
        for type in sourceLineage(typeName) {
            for member in type.members where member.name == name && (member.isStatic == isStatic || member.kind == .enumCase) {
                if member.kind == .enumCase { return .instance(type.name) }
                if let written = member.type { return .instance(Self.plain(written)) }
                if let initial = member.initial { return guess(initial, depth: depth + 1) }
                return nil
            }
        }
        if isStatic, types[typeName] != nil, name == "init" { return .instance(typeName) }
        guard let bridged = bridgedBase(typeName) else { return nil }
        if isStatic, Bridge.shared.types["\(typeName).\(name)"] != nil { return .metatype("\(typeName).\(name)") }
        for type in bridged.lineage {
            for d in type.declarations where Self.baseName(d.name) == name {
                let staticKinds: [BridgeDeclaration.Kind] = [.staticValue, .staticMethod, .symbol, .initializer]
                guard staticKinds.contains(d.kind) == isStatic else { continue }
                if d.kind == .initializer { return .instance(typeName) }
                guard let result = d.result else { return nil }
                let shown = Bridge.shared.displayName(of: result)
                return shown == "Void" ? nil : .instance(Self.plain(shown))
            }
        }
        return nil
    }

    static func baseName(_ signature: String) -> String {
        signature.firstIndex(of: "(").map { String(signature[..<$0]) } ?? signature
    }

    /// What a bare name refers to at a place: a local, a parameter, a member of the enclosing
    /// type, a type, or a global.
    func guessName(_ name: String, at node: Syntax, depth: Int) -> Guess? {
        if name == "self" || name == "super" {
            guard let owner = enclosingTypeName(of: node) else { return nil }
            if name == "super", let parent = types[owner]?.superclass { return .instance(parent) }
            return .instance(owner)
        }
        if let local = localDeclaration(name, at: node) {
            switch local {
            case .typed(let t): return .instance(Self.plain(t))
            case .initial(let e): return guess(e, depth: depth + 1)
            case .element(let e):
                guard case .instance(let t)? = guess(e, depth: depth + 1) else { return nil }
                return Self.element(of: t).map { .instance($0) }
            case .unwrapped(let e): return guess(e, depth: depth + 1)
            case .unknown: return nil
            }
        }
        if let owner = enclosingTypeName(of: node), let found = memberGuess(.instance(owner), name, called: false, depth: depth + 1) {
            return found
        }
        if isTypeName(name) { return .metatype(name) }
        for statement in tree.statements {
            guard case .decl(let decl) = statement.item, let v = decl.as(VariableDeclSyntax.self) else { continue }
            for binding in v.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                if let t = binding.typeAnnotation?.type.trimmedDescription { return .instance(Self.plain(t)) }
                if let e = binding.initializer?.value { return guess(e, depth: depth + 1) }
            }
        }
        return nil
    }

    enum LocalDeclaration {
        case typed(String)
        case initial(ExprSyntax)
        /// A loop's variable: an element of this sequence.
        case element(ExprSyntax)
        /// `if let x = e`: e's type, unwrapped.
        case unwrapped(ExprSyntax)
        case unknown
    }

    /// The nearest declaration of `name` visible at `node` inside functions and closures.
    func localDeclaration(_ name: String, at node: Syntax) -> LocalDeclaration? {
        let position = node.position
        var current: Syntax? = node.parent
        var child = node
        while let scope = current {
            if let list = scope.as(CodeBlockItemListSyntax.self) {
                for item in list.reversed() where item.endPosition <= position || item.id == child.id {
                    if item.id == child.id { continue }
                    if case .decl(let decl) = item.item, let v = decl.as(VariableDeclSyntax.self) {
                        for binding in v.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                            if let t = binding.typeAnnotation?.type.trimmedDescription { return .typed(t) }
                            if let e = binding.initializer?.value { return .initial(e) }
                            return .unknown
                        }
                    }
                    if case .stmt(let stmt) = item.item, let g = stmt.as(GuardStmtSyntax.self),
                        let found = Self.binding(name, in: g.conditions)
                    {
                        return found
                    }
                }
            } else if let f = scope.as(FunctionDeclSyntax.self) {
                if let p = f.signature.parameterClause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
                    return .typed(p.type.trimmedDescription)
                }
            } else if let i = scope.as(InitializerDeclSyntax.self) {
                if let p = i.signature.parameterClause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
                    return .typed(p.type.trimmedDescription)
                }
            } else if let loop = scope.as(ForStmtSyntax.self), child.id == loop.body.id {
                if loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name { return .element(loop.sequence) }
            } else if let ifExpr = scope.as(IfExprSyntax.self), child.id == ifExpr.body.id {
                if let found = Self.binding(name, in: ifExpr.conditions) { return found }
            } else if let closure = scope.as(ClosureExprSyntax.self) {
                if let parameters = closure.signature?.parameterClause {
                    switch parameters {
                    case .simpleInput(let list) where list.contains(where: { $0.name.text == name }): return .unknown
                    case .parameterClause(let clause):
                        if let p = clause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
                            return p.type.map { .typed($0.trimmedDescription) } ?? .unknown
                        }
                    default: break
                    }
                }
            } else if scope.is(MemberBlockSyntax.self) || scope.is(SourceFileSyntax.self) {
                return nil
            }
            child = scope
            current = scope.parent
        }
        return nil
    }

    private static func binding(_ name: String, in conditions: ConditionElementListSyntax) -> LocalDeclaration? {
        for condition in conditions {
            guard case .optionalBinding(let b) = condition.condition,
                b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            else { continue }
            if let t = b.typeAnnotation?.type.trimmedDescription { return .typed(t) }
            if let e = b.initializer?.value { return .unwrapped(e) }
            return nil
        }
        return nil
    }

    /// The type whose body holds `node` (a class, struct, enum or extension).
    func enclosingTypeName(of node: Syntax) -> String? {
        var current: Syntax? = node.parent
        while let scope = current {
            if let c = scope.as(ClassDeclSyntax.self) { return c.name.text }
            if let s = scope.as(StructDeclSyntax.self) { return s.name.text }
            if let e = scope.as(EnumDeclSyntax.self) { return e.name.text }
            if let x = scope.as(ExtensionDeclSyntax.self) { return x.extendedType.trimmedDescription }
            current = scope.parent
        }
        return nil
    }

    /// A method of the enclosing type, or a global function, of that name.
    private func enclosingFunctions(of node: Syntax, named name: String) -> Member? {
        if let owner = enclosingTypeName(of: node) {
            for type in sourceLineage(owner) {
                if let m = type.members.first(where: { $0.name == name && $0.kind == .method }) { return m }
            }
        }
        for statement in tree.statements {
            if case .decl(let decl) = statement.item, let f = decl.as(FunctionDeclSyntax.self), f.name.text == name {
                return Member(name: name, kind: .method, isStatic: true, type: f.signature.returnClause?.type.trimmedDescription)
            }
        }
        return nil
    }
}
