import SwiftSyntax

/// What the name at a place is, for quick help: its API key where it is the API's (the page
/// shows that entry of its help catalog in its own language), and how it is declared.
public struct HelpTarget: Sendable, Equatable, Codable {
    /// `UISnapBehavior.damping`; nil for the source's own names.
    public var key: String?
    /// The name as declared: `damping`, `init(item:snapTo:)`, `let snap`.
    public var label: String
    /// Its type, where known: `CGFloat`, `UISnapBehavior`.
    public var detail: String?
    /// Where the name starts and ends on its line (1-based line; UTF-16 columns, end exclusive).
    public var line: Int
    public var column: Int
    public var endColumn: Int
}

extension LiveSwift {
    /// The name at a place of a source (1-based line, UTF-16 column), or nil where there is
    /// none or nothing is known of it.
    public static func help(source: String, line: Int, column: Int, limits: LiveLimits = .init()) throws(LiveCompileError) -> HelpTarget? {
        try checkSize(source, limits: limits)
        let index = CodeIndex(source: source, limits: limits)
        let offset = index.lines.offset(line: line, column: column)
        guard var token = index.tree.token(at: AbsolutePosition(utf8Offset: offset)) else { return nil }
        // The cursor just after a name (the end of a word) still means that name.
        if !token.isIdentifierLike, offset > 0,
            let before = index.tree.token(at: AbsolutePosition(utf8Offset: offset - 1)), before.isIdentifierLike
        {
            token = before
        }
        guard token.isIdentifierLike, let target = QuickHelp(index: index).target(of: token) else { return nil }
        let start = index.lines.position(of: token.positionAfterSkippingLeadingTrivia.utf8Offset)
        let end = index.lines.position(of: token.endPositionBeforeTrailingTrivia.utf8Offset)
        return HelpTarget(key: target.key, label: target.label, detail: target.detail, line: start.line, column: start.column, endColumn: end.column)
    }
}

extension TokenSyntax {
    fileprivate var isIdentifierLike: Bool {
        switch tokenKind {
        case .identifier, .keyword(.`init`), .keyword(.self), .keyword(.super): true
        default: false
        }
    }
}

private struct QuickHelp {
    let index: CodeIndex

    func target(of token: TokenSyntax) -> (key: String?, label: String, detail: String?)? {
        let name = token.text
        guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else {
            // A type written in a declaration: `var snap: UISnapBehavior!`.
            if token.parent?.is(IdentifierTypeSyntax.self) == true { return typeTarget(name) }
            return nil
        }
        let call = Self.call(of: Syntax(reference))
        if let access = reference.parent?.as(MemberAccessExprSyntax.self), access.declName.id == reference.id {
            guard let base = access.base else {
                // `.continuous`: an implicit member, the API's where one type has it.
                let owners = LiveSwift.api.filter { $0.kind == .symbol && $0.name == name }
                guard let only = owners.first, owners.count == 1 else { return nil }
                return (only.key, name, only.owner)
            }
            guard let guess = index.guess(base) else { return nil }
            return member(name, of: guess, labels: call.map(Self.labels))
        }
        if index.types[name] == nil, Bridge.shared.types[name] != nil {
            if let call {
                let labels = Self.labels(call)
                if let d = declaration(named: "init", labels: labels, in: Bridge.shared.types[name]!, kinds: [.initializer]) {
                    return ("\(name).\(d.name)", d.name, name)
                }
            }
            return typeTarget(name)
        }
        if call != nil, Bridge.shared.globalNames.contains(name), index.localDeclaration(name, at: Syntax(reference)) == nil {
            return (name, name, nil)
        }
        if let guess = index.guessName(name, at: Syntax(reference), depth: 0) {
            switch guess {
            case .instance(let t): return (nil, name, t)
            case .metatype(let t): return typeTarget(t)
            }
        }
        return nil
    }

    private func typeTarget(_ name: String) -> (key: String?, label: String, detail: String?)? {
        if Bridge.shared.types[name] != nil { return (name, name, Bridge.shared.types[name]?.parent) }
        if index.types[name] != nil { return (nil, name, index.types[name]?.superclass) }
        return nil
    }

    private func member(_ name: String, of guess: CodeIndex.Guess, labels: [String?]?) -> (key: String?, label: String, detail: String?)? {
        let (typeName, isStatic): (String, Bool) =
            switch guess {
            case .instance(let t): (CodeIndex.plain(t), false)
            case .metatype(let t): (CodeIndex.plain(t), true)
            }
        for type in index.sourceLineage(typeName) {
            if let m = type.members.first(where: { $0.name == name }) {
                return (nil, name, m.type ?? (m.kind == .enumCase ? type.name : nil))
            }
        }
        guard let bridged = index.bridgedBase(typeName) else { return nil }
        let kinds: [BridgeDeclaration.Kind] = isStatic ? [.staticValue, .staticMethod, .symbol, .initializer] : [.property, .method]
        for type in bridged.lineage {
            if let d = declaration(named: name, labels: labels, in: type, kinds: kinds) {
                return ("\(type.name).\(d.name)", d.name, d.result.map(Bridge.shared.displayName(of:)))
            }
        }
        return nil
    }

    /// The declaration of that base name whose labels match the call's (the first of the name
    /// when the labels are not known).
    private func declaration(named name: String, labels: [String?]?, in type: BridgeType, kinds: [BridgeDeclaration.Kind]) -> BridgeDeclaration? {
        let candidates = type.declarations.filter { kinds.contains($0.kind) && CodeIndex.baseName($0.name) == name }
        if let labels, let exact = candidates.first(where: { labelsMatch(labels, parseSignature($0.name).labels) }) { return exact }
        return candidates.first
    }

    /// The call a name is called by: `f(...)`, `a.f(...)`.
    private static func call(of reference: Syntax) -> FunctionCallExprSyntax? {
        var node = reference
        if let access = node.parent?.as(MemberAccessExprSyntax.self), access.declName.id == node.id { node = Syntax(access) }
        guard let call = node.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id else { return nil }
        return call
    }

    private static func labels(_ call: FunctionCallExprSyntax) -> [String?] {
        var labels = call.arguments.map { $0.label?.text }
        if call.trailingClosure != nil { labels.append(trailingLabel) }
        return labels
    }
}
