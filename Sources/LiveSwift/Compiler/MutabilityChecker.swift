import SwiftSyntax

/// Refuses, before anything runs, what Swift's compiler refuses about `let`: passing a
/// constant as an inout argument (`&x`), assigning to it, calling a mutating method on it.
/// Names are resolved lexically (locals, parameters, loop and `if let` names, then the
/// enclosing class's properties); where the source does not make a value's kind evident
/// (a `let` that may hold an object), the run-time check in the interpreter decides.
final class MutabilityChecker: SyntaxVisitor {
    private enum Binding {
        /// A `let`: `hasValue` false for `let x: Int` set once later; `isValue` when the
        /// declaration shows a value type (so changing a part of it changes the constant).
        case constant(hasValue: Bool, isValue: Bool)
        case variable
    }

    private let module: Module
    private(set) var diagnostics: [LiveDiagnostic] = []
    private var scopes: [[String: Binding]] = [[:]]
    private var classes: [ClassCode?] = []
    private var initializerDepth = 0

    /// Swift's mutating methods of the values a lesson keeps (arrays, dictionaries, strings).
    private static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeValue", "sort", "reverse",
        "shuffle", "swapAt", "popLast", "updateValue", "removeSubrange", "formUnion", "formIntersection", "subtract",
    ]

    init(module: Module) {
        self.module = module
        super.init(viewMode: .sourceAccurate)
    }

    private func report(_ node: some SyntaxProtocol, _ message: String) {
        let (line, column) = module.position(of: node)
        diagnostics.append(LiveDiagnostic(file: module.fileName, line: line, column: column, message: message))
    }

    private func declare(_ name: String, _ binding: Binding) {
        scopes[scopes.count - 1][name] = binding
    }

    private func declare(_ pattern: PatternSyntax, _ binding: Binding) {
        for identifier in pattern.tokens(viewMode: .sourceAccurate) where identifier.parent?.is(IdentifierPatternSyntax.self) == true {
            declare(identifier.text, binding)
        }
    }

    private func push() { scopes.append([:]) }
    private func pop() { scopes.removeLast() }
    private func openScope() -> SyntaxVisitorContinueKind {
        push()
        return .visitChildren
    }

    // MARK: Scopes

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        classes.append(module.classes[node.name.text])
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) { classes.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        classes.append(module.classes[node.name.text])
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) { classes.removeLast() }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        classes.append(module.enumTypes[node.name.text])
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) { classes.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        classes.append(module.classes[node.extendedType.trimmedDescription])
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { classes.removeLast() }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        push()
        for parameter in node.signature.parameterClause.parameters { declareParameter(parameter) }
        return .visitChildren
    }
    override func visitPost(_ node: FunctionDeclSyntax) { pop() }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        push()
        initializerDepth += 1
        for parameter in node.signature.parameterClause.parameters { declareParameter(parameter) }
        return .visitChildren
    }
    override func visitPost(_ node: InitializerDeclSyntax) {
        initializerDepth -= 1
        pop()
    }

    private func declareParameter(_ parameter: FunctionParameterSyntax) {
        let isInout = parameter.type.as(AttributedTypeSyntax.self).map(Compiler.isInout) ?? false
        declare((parameter.secondName ?? parameter.firstName).text, isInout ? .variable : .constant(hasValue: true, isValue: false))
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        push()
        switch node.signature?.parameterClause {
        case .simpleInput(let list)?:
            for p in list { declare(p.name.text, .constant(hasValue: true, isValue: false)) }
        case .parameterClause(let clause)?:
            for p in clause.parameters {
                let isInout = p.type?.as(AttributedTypeSyntax.self).map(Compiler.isInout) ?? false
                declare((p.secondName ?? p.firstName).text, isInout ? .variable : .constant(hasValue: true, isValue: false))
            }
        case nil: break
        }
        return .visitChildren
    }
    override func visitPost(_ node: ClosureExprSyntax) { pop() }

    // Blocks, branches, loop bodies and switch cases each open a scope of their own.
    override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { openScope() }
    override func visit(_ node: IfExprSyntax) -> SyntaxVisitorContinueKind { openScope() }
    override func visit(_ node: WhileStmtSyntax) -> SyntaxVisitorContinueKind { openScope() }
    override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind { openScope() }
    override func visitPost(_ node: CodeBlockSyntax) { pop() }
    override func visitPost(_ node: IfExprSyntax) { pop() }
    override func visitPost(_ node: WhileStmtSyntax) { pop() }
    override func visitPost(_ node: SwitchCaseSyntax) { pop() }

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        push()
        if !node.pattern.is(ValueBindingPatternSyntax.self) { declare(node.pattern, .constant(hasValue: true, isValue: false)) }
        return .visitChildren
    }
    override func visitPost(_ node: ForStmtSyntax) { pop() }

    // `case let x`, `for var x`, `if case let`: the specifier says which.
    override func visit(_ node: ValueBindingPatternSyntax) -> SyntaxVisitorContinueKind {
        declareBinding(node.bindingSpecifier, node.pattern)
    }

    // `if let x`, `guard var x`: a guard's names stay in the enclosing block.
    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        declareBinding(node.bindingSpecifier, node.pattern)
    }

    private func declareBinding(_ specifier: TokenSyntax, _ pattern: PatternSyntax) -> SyntaxVisitorContinueKind {
        declare(pattern, specifier.tokenKind == .keyword(.let) ? .constant(hasValue: true, isValue: false) : .variable)
        return .visitChildren
    }

    // A local `let`/`var`: in scope after its own initial value.
    override func visitPost(_ node: VariableDeclSyntax) {
        guard node.parent?.is(MemberBlockItemSyntax.self) != true, node.parent?.parent?.parent?.is(SourceFileSyntax.self) != true else {
            return
        }
        let isLet = node.bindingSpecifier.tokenKind == .keyword(.let)
        for binding in node.bindings {
            let kind: Binding =
                isLet
                ? .constant(hasValue: binding.initializer != nil, isValue: Self.showsValueType(binding.typeAnnotation?.type.trimmedDescription, binding.initializer?.value))
                : .variable
            declare(binding.pattern, kind)
        }
    }

    // MARK: Checks

    override func visit(_ node: InOutExprSyntax) -> SyntaxVisitorContinueKind {
        if let reason = immutability(of: node.expression) {
            report(node.expression, "cannot pass immutable value as inout argument: \(reason.text)")
        }
        return .visitChildren
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        let isAssignment =
            node.operator.is(AssignmentExprSyntax.self)
            || ["+=", "-=", "*=", "/=", "%="].contains(node.operator.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "")
        guard isAssignment, let reason = immutability(of: node.leftOperand, assigning: true) else {
            return .visitChildren
        }
        // Swift's words: a whole local or a get-only property is a "value", a part or a `let`
        // property a "property", a subscript's element goes "through subscript".
        let what =
            node.leftOperand.is(SubscriptCallExprSyntax.self)
            ? "cannot assign through subscript" : reason.isWhole && !reason.isStoredProperty ? "cannot assign to value" : "cannot assign to property"
        report(node.leftOperand, "\(what): \(reason.text)")
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            Self.mutatingMethods.contains(member.declName.baseName.text),
            let reason = immutability(of: base, needsValueType: true)
        {
            report(base, "cannot use mutating member on immutable value: \(reason.text)")
        }
        checkAmpersands(node)
        return .visitChildren
    }

    /// A call of the source's own function or method (`bump(n)`, `self.bump(&n)`): each
    /// argument has `&` exactly where the parameter is inout, as Swift requires. Calls the
    /// source does not resolve to one declaration (several overloads disagree) are left to
    /// the run-time check.
    private func checkAmpersands(_ node: FunctionCallExprSyntax) {
        guard node.trailingClosure == nil, node.additionalTrailingClosures.isEmpty else { return }
        let name: String
        var candidates: [FunctionCode]?
        if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
            if scopes.contains(where: { $0[name] != nil }) { return }  // a local closure or function
            candidates = (classes.last ?? nil)?.methods(named: name) ?? module.functions[name]
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        {
            name = member.declName.baseName.text
            candidates = (classes.last ?? nil)?.methods(named: name)
        } else {
            return
        }
        let labels = node.arguments.map { $0.label?.text }
        guard let matching = candidates?.filter({ $0.accepts(labels) }), matching.count == 1, let function = matching.first else { return }
        var i = 0
        let arguments = Array(node.arguments)
        for parameter in function.parameters {
            guard i < arguments.count, arguments[i].label?.text == parameter.label else { continue }
            let argument = arguments[i].expression
            let type = parameter.typeName ?? "Any"
            if parameter.isInout && !argument.is(InOutExprSyntax.self) {
                report(argument, "passing value of type '\(type)' to an inout parameter requires explicit '&'")
            } else if !parameter.isInout && argument.is(InOutExprSyntax.self) {
                report(argument, "'&' used with non-inout argument of type '\(type)'")
            }
            i += 1
        }
    }

    /// Why changing `expr` (or a part of it) is refused, if it is: its root names a constant.
    /// `assigning` lets a `let` without a value be set (once, as Swift allows).
    private func immutability(
        of expr: ExprSyntax, assigning: Bool = false, needsValueType: Bool = false
    ) -> (text: String, isWhole: Bool, isStoredProperty: Bool)? {
        var root = expr
        var isWhole = true
        while true {
            if let tuple = root.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                root = only.expression
            } else if let member = root.as(MemberAccessExprSyntax.self), let base = member.base,
                base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind != .keyword(.self)
            {
                root = base
                isWhole = false
            } else if let subscriptCall = root.as(SubscriptCallExprSyntax.self) {
                root = subscriptCall.calledExpression
                isWhole = false
            } else if let unwrap = root.as(ForceUnwrapExprSyntax.self) {
                root = unwrap.expression
                isWhole = false
            } else {
                break
            }
        }
        let isValuePart = !isWhole || needsValueType
        var name: String
        var local = true
        if let reference = root.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = root.as(MemberAccessExprSyntax.self), member.base != nil {
            name = member.declName.baseName.text  // `self.name`
            local = false
        } else {
            return nil
        }
        if local, let binding = scopes.reversed().lazy.compactMap({ $0[name] }).first {
            guard case .constant(let hasValue, let isValue) = binding else { return nil }
            if assigning && isWhole && !hasValue { return nil }
            if isValuePart && !isValue { return nil }
            return ("'\(name)' is a 'let' constant", isWhole, false)
        }
        guard let type = classes.last ?? nil else { return nil }
        if let stored = type.storedProperty(name) {
            guard stored.isLet, initializerDepth == 0 else { return nil }
            if isValuePart && !Self.showsValueType(stored.typeName, stored.initial) {
                return nil
            }
            return ("'\(name)' is a 'let' constant", isWhole, true)
        }
        if let computed = type.computedProperty(name), computed.set == nil, isWhole {
            return ("'\(name)' is a get-only property", isWhole, false)
        }
        return nil
    }

    /// Whether a declaration shows a value type: its annotation names one, or its initial value
    /// is a literal or a value type's initializer (`CGPoint(x: 1, y: 2)`).
    private static func showsValueType(_ typeName: String?, _ initial: ExprSyntax?) -> Bool {
        if let typeName { return isValueTypeName(typeName) }
        guard let initial else { return false }
        if initial.is(ArrayExprSyntax.self) || initial.is(DictionaryExprSyntax.self) || initial.is(StringLiteralExprSyntax.self)
            || initial.is(IntegerLiteralExprSyntax.self) || initial.is(FloatLiteralExprSyntax.self) || initial.is(TupleExprSyntax.self)
        {
            return true
        }
        if let call = initial.as(FunctionCallExprSyntax.self), let callee = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            return isValueTypeName(callee.baseName.text)
        }
        return false
    }

    private static func isValueTypeName(_ name: String) -> Bool {
        if ["Int", "Double", "CGFloat", "Float", "Bool", "String", "TimeInterval"].contains(name) { return true }
        if name.hasPrefix("[") || name.hasPrefix("(") { return true }
        if let type = Bridge.shared.types[name] { return !type.isClass }
        return false
    }
}
