import SwiftSyntax

extension LiveSwift {
    /// Checks a source as Run would before it runs anything (syntax, the supported subset,
    /// names), and then the members used on the API's values (`snap.dampin`), for the editor's
    /// marks as one types. Columns are in UTF-16 units, as the editor counts them.
    public static func check(source: String, fileName: String, limits: LiveLimits = .init()) -> [LiveDiagnostic] {
        let lines = SourceLines(source)
        var diagnostics: [LiveDiagnostic]
        do {
            // The members are read from the tree the compiler parsed, not parsed again.
            let program = try compile(source: source, fileName: fileName, limits: limits)
            diagnostics = MemberCheck(index: CodeIndex(source: source, tree: program.module.tree), fileName: fileName).diagnostics()
        } catch {
            // The editor's helpers count lines in the source as sent: a lesson of several files
            // (SourceFiles) gets its errors back at the joined text's lines, as the members'.
            let files = SourceFiles(source, fileName: fileName)
            diagnostics = error.diagnostics.map { d in
                guard files.files.count > 1, let file = files.files.first(where: { $0.name == d.file }) else { return d }
                var joined = d
                joined.file = fileName
                joined.line = file.firstLine + d.line - 1
                return joined
            }
        }
        return diagnostics.map { d in
            var d = d
            d.column = lines.utf16Column(line: d.line, utf8Column: d.column)
            return d
        }
    }
}

/// Members read or called on a value whose API type is known from the declarations and that
/// the type does not have: what the interpreter would stop at when the line runs.
private struct MemberCheck {
    let index: CodeIndex
    let fileName: String

    func diagnostics() -> [LiveDiagnostic] {
        let finder = MemberAccesses(viewMode: .sourceAccurate)
        finder.walk(index.tree)
        let converter = SourceLocationConverter(fileName: fileName, tree: index.tree)
        var result: [LiveDiagnostic] = []
        for access in finder.accesses {
            guard let base = access.base, case .instance(let typeName)? = index.guess(base),
                index.types[typeName] == nil, let bridged = Bridge.shared.types[typeName]
            else { continue }
            let name = access.declName.baseName.text
            let known =
                bridged.lineage.contains { type in
                    type.declarations.contains { CodeIndex.baseName($0.name) == name && $0.kind != .initializer }
                        || type.allProperties[name] != nil || type.allMethods[name] != nil
                } || index.sourceLineage(typeName).contains { $0.members.contains { $0.name == name } }
            if known { continue }
            let place = converter.location(for: access.declName.positionAfterSkippingLeadingTrivia)
            result.append(
                LiveDiagnostic(
                    file: fileName, line: place.line, column: place.column,
                    message: "value of type '\(typeName)' has no member '\(name)'"))
        }
        return result
    }
}

private final class MemberAccesses: SyntaxVisitor {
    var accesses: [MemberAccessExprSyntax] = []
    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        accesses.append(node)
        return .visitChildren
    }
}
