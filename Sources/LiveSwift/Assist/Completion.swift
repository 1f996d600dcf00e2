import SwiftSyntax

/// One suggestion of the editor's completion.
public struct CompletionItem: Sendable, Equatable, Codable {
    /// As the list shows it: `damping`, `addBehavior(_:)`, `UISnapBehavior(item:snapTo:)`.
    public var label: String
    /// The name typed in: `damping`, `addBehavior`, `UISnapBehavior`.
    public var insert: String
    /// `type`, `property`, `method`, `initializer`, `symbol`, `static-value`,
    /// `static-method`, `function`, `variable`, `keyword`.
    public var kind: String
    /// The type it gives (`CGFloat`), where known.
    public var detail: String?
    /// Its quick-help key (web/help/*.json), for an API name.
    public var key: String?
    /// For a call: the argument labels, null for `_`; the page inserts them as placeholders.
    public var args: [String?]?
    /// The parameters' own names, where the source declares the function.
    public var names: [String]?
}

/// The suggestions for one place, and where the word they replace starts.
public struct Completions: Sendable, Equatable, Codable {
    public var line: Int
    public var column: Int
    public var items: [CompletionItem]
}

extension LiveSwift {
    /// At most this many suggestions are sent.
    public static let maxCompletions = 200

    static let keywords = [
        "let", "var", "func", "if", "else", "guard", "for", "in", "while", "repeat", "return", "class", "struct", "enum",
        "extension", "protocol", "self", "super", "true", "false", "nil", "switch", "case", "default", "break",
        "continue", "import", "override", "init", "deinit", "static", "private", "weak", "lazy", "as", "is", "where",
        "defer", "final", "inout", "mutating", "throw", "try",
    ]

    /// What may be typed at a place of a source (1-based line; column in UTF-16 units): after
    /// a dot, the members of what is before it; else the names in scope, types and keywords.
    /// Only a source over the limits is refused; a half-written one gets what can be found.
    public static func complete(
        source: String, line: Int, column: Int, limits: LiveLimits = .init()
    ) throws(LiveCompileError) -> Completions {
        try checkSize(source, limits: limits)
        let lines = SourceLines(source)
        let cursor = lines.offset(line: line, column: column)
        var start = cursor
        while let byte = lines.byte(at: start - 1), isIdentifierByte(byte) { start -= 1 }
        let bytes = Array(source.utf8)
        let prefix = String(decoding: bytes[start..<cursor], as: UTF8.self)
        let (startLine, startColumn) = lines.position(of: start)
        let afterDot = lines.byte(at: start - 1) == UInt8(ascii: ".")
        // A dot with nothing after it is read by the parser as part of whatever follows; a
        // name put there keeps it a member access of what is before it.
        let index =
            afterDot && prefix.isEmpty
            ? CodeIndex(source: String(decoding: bytes[..<cursor] + Array("completion".utf8) + bytes[cursor...], as: UTF8.self), limits: limits)
            : CodeIndex(source: source, limits: limits)
        var items: [CompletionItem]
        if afterDot {
            items = Completer(index: index).members(beforeDotAt: start - 1)
        } else {
            items = Completer(index: index).names(at: cursor)
        }
        items = filter(items, prefix: prefix)
        return Completions(line: startLine, column: startColumn, items: Array(items.prefix(maxCompletions)))
    }

    static func checkSize(_ source: String, limits: LiveLimits) throws(LiveCompileError) {
        if source.utf8.count > limits.maxSourceBytes {
            throw LiveCompileError([
                LiveDiagnostic(
                    file: "", line: 1, column: 1,
                    message: "the source is \(source.utf8.count) bytes; a live lesson may be at most \(limits.maxSourceBytes)")
            ])
        }
        if let deep = Compiler.firstTooDeepBracket(in: source, limit: limits.maxSourceDepth) {
            throw LiveCompileError([
                LiveDiagnostic(
                    file: "", line: deep.line, column: deep.column,
                    message: "the source nests more than \(limits.maxSourceDepth) levels deep")
            ])
        }
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
            || byte >= 0x80
    }

    /// Those that start with the prefix (any case), those that match its case first, then
    /// by name; one of each label.
    static func filter(_ items: [CompletionItem], prefix: String) -> [CompletionItem] {
        let lower = prefix.lowercased()
        var seen: Set<String> = []
        let kept = items.filter { item in
            guard lower.isEmpty || item.insert.lowercased().hasPrefix(lower) else { return false }
            return seen.insert(item.label).inserted
        }
        return kept.enumerated().sorted { a, b in
            let ea = a.element.insert.hasPrefix(prefix), eb = b.element.insert.hasPrefix(prefix)
            if ea != eb { return ea }
            if a.element.kind == "keyword", b.element.kind != "keyword" { return false }
            if b.element.kind == "keyword", a.element.kind != "keyword" { return true }
            return a.offset < b.offset
        }.map(\.element)
    }
}

/// Finds the suggestions in a `CodeIndex`.
private struct Completer {
    let index: CodeIndex

    /// Members of the expression before the dot at `offset`; after a bare dot (`mode = .`),
    /// the implicit members of what it is assigned to, or of any API type.
    func members(beforeDotAt offset: Int) -> [CompletionItem] {
        let token = index.tree.token(at: AbsolutePosition(utf8Offset: offset))
        guard let token, token.tokenKind == .period else { return [] }
        if let access = token.parent?.as(MemberAccessExprSyntax.self) {
            if let base = access.base {
                guard let guess = index.guess(base) else { return [] }
                return members(of: guess)
            }
            return implicitMembers(for: Syntax(access))
        }
        return []
    }

    private func implicitMembers(for node: Syntax) -> [CompletionItem] {
        // `x.mode = .` → what `x.mode` is (the sequence `x.mode`, `=`, `.…` as written).
        if let list = node.parent?.as(ExprListSyntax.self) {
            let elements = Array(list)
            if let at = elements.firstIndex(where: { $0.id == node.id }), at >= 2, elements[at - 1].is(AssignmentExprSyntax.self),
                case .instance(let t)? = index.guess(elements[at - 2])
            {
                return members(of: .metatype(t)).filter { $0.kind == "symbol" || $0.kind == "static-value" }
            }
        }
        return LiveSwift.api.filter { $0.kind == .symbol }.map { symbol in
            CompletionItem(label: symbol.name, insert: symbol.name, kind: symbol.kind.rawValue, detail: symbol.owner, key: symbol.key)
        }
    }

    func members(of guess: CodeIndex.Guess) -> [CompletionItem] {
        let (typeName, isStatic): (String, Bool) =
            switch guess {
            case .instance(let t): (CodeIndex.plain(t), false)
            case .metatype(let t): (CodeIndex.plain(t), true)
            }
        var items: [CompletionItem] = []
        for type in index.sourceLineage(typeName) {
            for member in type.members where member.isStatic == isStatic || member.kind == .enumCase {
                if member.kind == .enumCase && !isStatic { continue }
                items.append(item(member))
            }
            if isStatic && type.members.allSatisfy({ $0.kind != .initializer }) && index.types[type.name] != nil
                && type.name == typeName
            {
                items.append(CompletionItem(label: "init()", insert: "init", kind: "initializer", detail: typeName, args: []))
            }
        }
        if let bridged = index.bridgedBase(typeName) {
            for type in bridged.lineage {
                for d in type.declarations {
                    let isStaticKind = [.staticValue, .staticMethod, .symbol, .initializer].contains(d.kind)
                    guard isStaticKind == isStatic else { continue }
                    items.append(item(d, owner: type.name))
                }
            }
        }
        return items
    }

    /// Names visible at `offset`: locals, the enclosing type's members, the source's types and
    /// functions, the API's types and initialisers, global functions, keywords.
    func names(at offset: Int) -> [CompletionItem] {
        var items: [CompletionItem] = []
        let token = index.tree.token(at: AbsolutePosition(utf8Offset: max(0, offset - 1)))
        if let token {
            items += locals(at: Syntax(token))
            if let owner = index.enclosingTypeName(of: Syntax(token)) {
                items += members(of: .instance(owner))
            }
        }
        for statement in index.tree.statements {
            guard case .decl(let decl) = statement.item else { continue }
            if let f = decl.as(FunctionDeclSyntax.self) {
                let parameters = f.signature.parameterClause.parameters
                items.append(
                    CompletionItem(
                        label: f.name.text + "(" + parameters.map { ($0.firstName.text) + ":" }.joined() + ")",
                        insert: f.name.text, kind: "function", detail: f.signature.returnClause?.type.trimmedDescription,
                        args: parameters.map { $0.firstName.tokenKind == .wildcard ? nil : $0.firstName.text },
                        names: parameters.map { ($0.secondName ?? $0.firstName).text }))
            }
            if let v = decl.as(VariableDeclSyntax.self) {
                for b in v.bindings {
                    if let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                        items.append(CompletionItem(label: name, insert: name, kind: "variable", detail: b.typeAnnotation?.type.trimmedDescription))
                    }
                }
            }
        }
        for name in index.types.keys.sorted() {
            items.append(CompletionItem(label: name, insert: name, kind: "type"))
        }
        for symbol in LiveSwift.api where symbol.kind == .type || symbol.kind == .function || symbol.kind == .initializer {
            switch symbol.kind {
            case .type:
                items.append(CompletionItem(label: symbol.name, insert: symbol.name, kind: "type", key: symbol.key))
            case .initializer:
                guard let owner = symbol.owner, !owner.contains(".") else { continue }
                let labels = parseSignature(symbol.name).labels
                items.append(
                    CompletionItem(
                        label: owner + String(symbol.name.dropFirst(4)), insert: owner, kind: "initializer", detail: owner,
                        key: symbol.key, args: labels))
            default:
                items.append(CompletionItem(label: symbol.name, insert: symbol.name, kind: "function", key: symbol.key, args: nil))
            }
        }
        for keyword in LiveSwift.keywords {
            items.append(CompletionItem(label: keyword, insert: keyword, kind: "keyword"))
        }
        return items
    }

    /// Variables and parameters declared before `node` in the functions and closures around it.
    private func locals(at node: Syntax) -> [CompletionItem] {
        var items: [CompletionItem] = []
        var current: Syntax? = node.parent
        var child = node
        let position = node.position
        func variable(_ name: String, _ type: String?) {
            items.append(CompletionItem(label: name, insert: name, kind: "variable", detail: type))
        }
        while let scope = current {
            if let list = scope.as(CodeBlockItemListSyntax.self) {
                for item in list where item.endPosition <= position && item.id != child.id {
                    guard case .decl(let decl) = item.item, let v = decl.as(VariableDeclSyntax.self) else { continue }
                    for b in v.bindings {
                        guard let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                        variable(name, b.typeAnnotation?.type.trimmedDescription ?? guessedType(b.initializer?.value))
                    }
                }
            } else if let f = scope.as(FunctionDeclSyntax.self) {
                for p in f.signature.parameterClause.parameters { variable((p.secondName ?? p.firstName).text, p.type.trimmedDescription) }
            } else if let loop = scope.as(ForStmtSyntax.self), child.id == loop.body.id,
                let name = loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            {
                variable(name, nil)
            } else if let closure = scope.as(ClosureExprSyntax.self), let parameters = closure.signature?.parameterClause {
                switch parameters {
                case .simpleInput(let list): for p in list { variable(p.name.text, nil) }
                case .parameterClause(let clause):
                    for p in clause.parameters { variable((p.secondName ?? p.firstName).text, p.type?.trimmedDescription) }
                }
            } else if scope.is(MemberBlockSyntax.self) {
                break
            }
            child = scope
            current = scope.parent
        }
        return items
    }

    private func guessedType(_ expr: ExprSyntax?) -> String? {
        guard let expr, let guess = index.guess(expr), case .instance(let t) = guess else { return nil }
        return t
    }

    private func item(_ member: CodeIndex.Member) -> CompletionItem {
        switch member.kind {
        case .method:
            return CompletionItem(
                label: member.name + "(" + member.labels.map { ($0 ?? "_") + ":" }.joined() + ")", insert: member.name,
                kind: "method", detail: member.type, args: member.labels, names: member.parameterNames)
        case .initializer:
            return CompletionItem(
                label: "init(" + member.labels.map { ($0 ?? "_") + ":" }.joined() + ")", insert: "init", kind: "initializer",
                args: member.labels, names: member.parameterNames)
        case .enumCase:
            return CompletionItem(label: member.name, insert: member.name, kind: "symbol")
        case .stored, .computed:
            return CompletionItem(
                label: member.name, insert: member.name, kind: "property",
                detail: member.type ?? member.initial.flatMap { guessedType($0) })
        }
    }

    private func item(_ d: BridgeDeclaration, owner: String) -> CompletionItem {
        let (name, labels) = parseSignature(d.name)
        let callable = d.name.contains("(")
        let shown = d.result.map(Bridge.shared.displayName(of:))
        return CompletionItem(
            label: d.name, insert: name, kind: APISymbol.Kind(d.kind).rawValue,
            detail: d.kind == .initializer ? owner : shown, key: "\(owner).\(d.name)", args: callable ? labels : nil)
    }
}
