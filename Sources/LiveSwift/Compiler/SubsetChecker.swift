import SwiftSyntax

/// Finds the constructs outside the live subset, each with the message docs/live-code.md
/// lists for it, before anything runs.
final class SubsetChecker: SyntaxVisitor {
    private let module: Module
    private(set) var diagnostics: [LiveDiagnostic] = []

    init(module: Module) {
        self.module = module
        super.init(viewMode: .sourceAccurate)
    }

    private func refuse(_ node: some SyntaxProtocol, _ message: String) -> SyntaxVisitorContinueKind {
        let (line, column) = module.position(of: node)
        diagnostics.append(LiveDiagnostic(file: module.fileName, line: line, column: column, message: message))
        return .skipChildren
    }

    private func unsupported(_ node: some SyntaxProtocol, _ what: String) -> SyntaxVisitorContinueKind {
        refuse(node, "\(what) \(what.hasSuffix("s") ? "are" : "is") not supported in live lessons")
    }

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.path.map(\.name.text).joined(separator: ".")
        if Compiler.allowedImports.contains(name) { return .skipChildren }
        return refuse(node.path, "no such module '\(name)' in live lessons (they may import Foundation and UIKit)")
    }

    /// Whether a type declaration stands at the top level or among a type's members (a nested
    /// type, known by its own name), not inside a function.
    private func isTypeLevel(_ node: some SyntaxProtocol) -> Bool {
        if node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true { return true }
        guard let item = node.parent?.as(MemberBlockItemSyntax.self) else { return false }
        let owner = item.parent?.parent?.parent
        return owner?.is(ClassDeclSyntax.self) == true || owner?.is(StructDeclSyntax.self) == true
            || owner?.is(EnumDeclSyntax.self) == true || owner?.is(ExtensionDeclSyntax.self) == true
    }

    /// Structs, with value semantics: stored and computed properties, methods (`mutating`
    /// ones change the variable they are called on), initialisers or the memberwise one.
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        if !isTypeLevel(node) { return refuse(node.structKeyword, "structs declared inside a function are not supported in live lessons") }
        return .visitChildren
    }
    /// Enums: cases (with raw values or associated values), methods, computed properties,
    /// static members, initialisers; at the top level or inside a type.
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        if !isTypeLevel(node) { return refuse(node.enumKeyword, "enums declared inside a function are not supported in live lessons") }
        return .visitChildren
    }
    /// Protocols at the top level: their requirements are names to conform to; their
    /// extensions give default members.
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.parent?.parent?.parent?.is(SourceFileSyntax.self) != true {
            return refuse(node.protocolKeyword, "protocol '\(node.name.text)' cannot be nested inside another declaration")
        }
        if let primary = node.primaryAssociatedTypeClause { return unsupported(primary, "primary associated types") }
        for member in node.memberBlock.members where member.decl.is(AssociatedTypeDeclSyntax.self) {
            return unsupported(member.decl, "associated types")
        }
        return .skipChildren
    }
    // Extensions of the lesson's own classes are taken (the compiler adds their members);
    // nested ones are not.
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.parent?.parent?.parent?.is(SourceFileSyntax.self) != true { return unsupported(node.extensionKeyword, "nested extensions") }
        return .visitChildren
    }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { unsupported(node.actorKeyword, "actors") }
    /// `typealias Vector = CGVector`: another name of a type (Module.typeAliases).
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        if !isTypeLevel(node) { return refuse(node.typealiasKeyword, "type aliases declared inside a function are not supported in live lessons") }
        return .skipChildren
    }
    /// Subscripts of the source's types: a getter, and a setter.
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.accessorBlock == nil { return refuse(node.subscriptKeyword, "expected '{' in subscript to specify getter and setter implementation") }
        return .visitChildren
    }
    /// `deinit` in a class: run once the last strong reference to an instance goes.
    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.parent?.as(MemberBlockItemSyntax.self)?.parent?.parent?.parent?.is(ClassDeclSyntax.self) != true {
            return refuse(node.deinitKeyword, "deinitializers may only be declared within a class, actor, or noncopyable type")
        }
        return .visitChildren
    }
    /// `infix operator **`, `prefix operator √`: the operator functions the source declares
    /// are found by their operator (the parser groups them by the source's own table).
    override func visit(_ node: OperatorDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.parent?.parent?.parent?.is(SourceFileSyntax.self) != true {
            return refuse(node, "operator '\(node.name.text)' may only be declared at file scope")
        }
        return .skipChildren
    }
    override func visit(_ node: PrecedenceGroupDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.parent?.parent?.parent?.is(SourceFileSyntax.self) != true {
            return refuse(node, "precedence group may only be declared at file scope")
        }
        return .skipChildren
    }
    override func visit(_ node: MacroDeclSyntax) -> SyntaxVisitorContinueKind { unsupported(node, "macros") }
    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind { unsupported(node, "macros") }
    override func visit(_ node: IfConfigDeclSyntax) -> SyntaxVisitorContinueKind { unsupported(node, "'#if' blocks") }
    override func visit(_ node: ThrowStmtSyntax) -> SyntaxVisitorContinueKind { unsupported(node.throwKeyword, "'throw' statements") }
    override func visit(_ node: DoStmtSyntax) -> SyntaxVisitorContinueKind { unsupported(node.doKeyword, "'do' statements") }
    override func visit(_ node: AwaitExprSyntax) -> SyntaxVisitorContinueKind { unsupported(node.awaitKeyword, "'await' and concurrency") }
    override func visit(_ node: KeyPathExprSyntax) -> SyntaxVisitorContinueKind { unsupported(node, "key paths") }
    override func visit(_ node: RegexLiteralExprSyntax) -> SyntaxVisitorContinueKind { unsupported(node, "regex literals") }
    override func visit(_ node: FallThroughStmtSyntax) -> SyntaxVisitorContinueKind { unsupported(node, "'fallthrough' statements") }
    override func visit(_ node: InOutExprSyntax) -> SyntaxVisitorContinueKind {
        // Swift allows `&x` only as a call's argument (an inout parameter).
        let isArgument = node.parent?.as(LabeledExprSyntax.self)?.parent?.parent?.is(FunctionCallExprSyntax.self) == true
        if !isArgument { return refuse(node, "'&' may only be used to pass an argument to inout parameter") }
        return .visitChildren
    }
    override func visit(_ node: PackExpansionExprSyntax) -> SyntaxVisitorContinueKind { unsupported(node, "parameter packs") }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        if ["selector", "function", "line", "file", "fileID", "filePath", "column"].contains(node.macroName.text) { return .skipChildren }
        return unsupported(node, "'#\(node.macroName.text)'")
    }

    override func visit(_ node: FunctionEffectSpecifiersSyntax) -> SyntaxVisitorContinueKind {
        unsupported(node, "'async' and 'throws' functions")
    }

    override func visit(_ node: TryExprSyntax) -> SyntaxVisitorContinueKind {
        unsupported(node.tryKeyword, "'try' expressions")
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        // A class inside a class or a function: the subset keeps classes at the top level.
        if !isTypeLevel(node) && node.parent?.parent?.parent?.is(SourceFileSyntax.self) != true {
            return refuse(node.classKeyword, "classes declared inside a function are not supported in live lessons")
        }
        return .visitChildren
    }


    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if !node.pattern.is(IdentifierPatternSyntax.self) && !node.pattern.is(TuplePatternSyntax.self)
            && !node.pattern.is(WildcardPatternSyntax.self)
        {
            return unsupported(node.pattern, "this pattern")
        }
        return .visitChildren
    }

    override func visit(_ node: IsTypePatternSyntax) -> SyntaxVisitorContinueKind { unsupported(node, "'is' patterns") }
}

/// Refuses names that nothing in the source or the API declares, as Swift does
/// ("cannot find 'FileManager' in scope"). This is what keeps files, processes, the network,
/// the environment and the clock out: they have no name in a live lesson.
struct NameChecker {
    let module: Module

    func check() -> [LiveDiagnostic] {
        let declared = DeclaredNames(viewMode: .sourceAccurate)
        declared.walk(module.tree)
        var names = declared.names
        names.formUnion(module.classes.keys)
        names.formUnion(module.enums.keys)
        names.formUnion(module.protocols.keys)
        // Inside an extension of an API type, its members are in scope bare (`midX`, `layer`).
        for name in module.typeExtensions.keys { names.formUnion(Bridge.shared.memberNames(ofType: name)) }
        if module.enumTypes.values.contains(where: { $0.rawType != nil }) { names.insert("rawValue") }
        names.formUnion(Bridge.shared.globalNames)
        names.formUnion(Bridge.shared.controllerMemberNames)
        // A subclass of an API class uses its inherited members bare (`addChildBehavior(_:)`).
        for code in module.classes.values { if let base = code.nativeBase { names.formUnion(Bridge.shared.memberNames(ofType: base)) } }
        names.formUnion(module.genericNames)
        let uses = NameUses(viewMode: .sourceAccurate)
        uses.walk(module.tree)
        var diagnostics: [LiveDiagnostic] = []
        for (name, node) in uses.uses
        where !names.contains(name) && !Bridge.shared.isType(name) && module.typeAliases[name] == nil
        {
            let (line, column) = module.position(of: node)
            diagnostics.append(
                LiveDiagnostic(file: module.fileName, line: line, column: column, message: "cannot find '\(name)' in scope"))
        }
        for (name, node) in uses.types
        where !module.classes.keys.contains(name) && module.enums[name] == nil && module.protocols[name] == nil
            && !Bridge.shared.isType(name) && module.typeAliases[name] == nil && !module.genericNames.contains(name)
        {
            let (line, column) = module.position(of: node)
            diagnostics.append(
                LiveDiagnostic(
                    file: module.fileName, line: line, column: column, message: "cannot find type '\(name)' in scope"))
        }
        return diagnostics
    }
}

/// Every name the source declares anywhere (variables, parameters, functions, closure parameters).
private final class DeclaredNames: SyntaxVisitor {
    var names: Set<String> = ["self", "super", "newValue", "oldValue", "_"]

    private func declare(_ name: String) -> SyntaxVisitorContinueKind {
        names.insert(name)
        return .visitChildren
    }

    override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind { declare(node.identifier.text) }
    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind { declare((node.secondName ?? node.firstName).text) }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { declare(node.name.text) }
    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind { declare(node.name.text) }
    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind { declare((node.secondName ?? node.firstName).text) }
    override func visit(_ node: ClosureCaptureSyntax) -> SyntaxVisitorContinueKind { declare(node.name.text) }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if let p = node.pattern.as(IdentifierPatternSyntax.self) { names.insert(p.identifier.text) }
        return .visitChildren
    }

    override func visit(_ node: AccessorParametersSyntax) -> SyntaxVisitorContinueKind { declare(node.name.text) }
}

/// Every bare name the source uses (not members after a dot), and every type it names.
private final class NameUses: SyntaxVisitor {
    var uses: [(String, Syntax)] = []
    var types: [(String, Syntax)] = []

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        if name.hasPrefix("$") { return .skipChildren }
        // The argument names inside #selector(...) are method names, checked when it runs.
        if node.parent?.is(LabeledExprSyntax.self) == true,
            node.parent?.parent?.parent?.as(MacroExpansionExprSyntax.self) != nil
        {
            return .skipChildren
        }
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName == node { return .skipChildren }
        uses.append((name, Syntax(node)))
        return .skipChildren
    }

    // Attributes (`@objc`) are accepted and ignored.
    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        types.append((node.name.text, Syntax(node)))
        return .visitChildren
    }

    override func visit(_ node: InheritedTypeSyntax) -> SyntaxVisitorContinueKind {
        if let t = node.type.as(IdentifierTypeSyntax.self) { types.append((t.name.text, Syntax(t))) }
        return .skipChildren
    }
}
