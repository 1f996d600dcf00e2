import Foundation
import Lessons
import SwiftOperators
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// Reads a lesson's source: parses it with swift-syntax, reports syntax errors and every
/// construct outside the supported subset (docs/live-code.md), and collects its classes.
struct Compiler {
    let fileName: String
    let limits: LiveLimits

    /// Modules a lesson may import: the ones the tutorials import. Any other is refused.
    static let allowedImports: Set<String> = ["Foundation", "UIKit", "UIKitDynamics", "CoreGraphics", "Lessons"]

    func compile(_ source: String) throws(LiveCompileError) -> LiveProgram {
        if source.utf8.count > limits.maxSourceBytes {
            throw LiveCompileError([
                LiveDiagnostic(
                    file: fileName, line: 1, column: 1,
                    message: "the source is \(source.utf8.count) bytes; a live lesson may be at most \(limits.maxSourceBytes)")
            ])
        }
        // Deep nesting is refused before the parser sees it, so no source can exhaust its stack.
        if let deep = Self.firstTooDeepBracket(in: source, limit: limits.maxSourceDepth) {
            throw LiveCompileError([
                LiveDiagnostic(
                    file: fileName, line: deep.line, column: deep.column,
                    message: "the source nests more than \(limits.maxSourceDepth) levels deep")
            ])
        }
        var parser = Parser(source, maximumNestingLevel: limits.maxSourceDepth * 2)
        let parsed = SourceFileSyntax.parse(from: &parser)
        let module = Module(fileName: fileName, tree: parsed)
        var diagnostics = ParseDiagnosticsGenerator.diagnostics(for: parsed).map { diagnostic in
            let location = diagnostic.location(converter: module.locations)
            return LiveDiagnostic(file: fileName, line: location.line, column: location.column, message: diagnostic.message)
        }
        if !diagnostics.isEmpty { throw LiveCompileError(Self.sorted(diagnostics)) }

        // Nesting without brackets (long operator chains, `a.b.c…`, `else if` runs) is
        // measured on the tree, without recursion, before anything walks it recursively.
        if let deep = Self.firstTooDeepNode(in: parsed, limit: limits.maxSourceDepth * 8, operators: limits.maxSourceDepth) {
            let (line, column) = module.position(of: deep.node)
            throw LiveCompileError([LiveDiagnostic(file: fileName, line: line, column: column, message: deep.message)])
        }

        let folded: SourceFileSyntax
        do {
            guard let tree = try OperatorTable.standardOperators.foldAll(parsed).as(SourceFileSyntax.self) else {
                throw LiveCompileError([LiveDiagnostic(file: fileName, line: 1, column: 1, message: "cannot read the source")])
            }
            folded = tree
        } catch let error as LiveCompileError {
            throw error
        } catch {
            throw LiveCompileError([
                LiveDiagnostic(file: fileName, line: 1, column: 1, message: "cannot group the operators: \(error)")
            ])
        }
        let foldedModule = Module(fileName: fileName, tree: folded)
        let checker = SubsetChecker(module: foldedModule)
        checker.walk(folded)
        diagnostics = checker.diagnostics
        if diagnostics.isEmpty { diagnostics = collect(into: foldedModule) }
        if diagnostics.isEmpty { diagnostics = NameChecker(module: foldedModule).check() }
        if diagnostics.isEmpty {
            let mutability = MutabilityChecker(module: foldedModule)
            mutability.walk(folded)
            diagnostics = mutability.diagnostics
        }
        if !diagnostics.isEmpty { throw LiveCompileError(Self.sorted(diagnostics)) }
        // A shipped lesson's code, by its file's name or (pasted into a file of another name) by
        // its controller's: it gets that lesson's room (its gestures, live values, reactions).
        let controller = foldedModule.controller.name
        let shipped =
            LessonCatalog.all.first { $0.info.sourceFileName == fileName }
            ?? LessonCatalog.all.first { LessonCatalog.sourceCode(of: $0).contains("class \(controller): UIViewController") }
        var info = lessonInfo(for: foldedModule, source: source)
        if let shipped { info.gestures = shipped.info.gestures }
        return LiveProgram(
            info: info, room: shipped?.info.id, parameters: shipped?.init().parameters ?? [], module: foldedModule,
            limits: limits)
    }

    private static func sorted(_ diagnostics: [LiveDiagnostic]) -> [LiveDiagnostic] {
        diagnostics.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    /// The first bracket that opens deeper than `limit`, ignoring strings and comments.
    static func firstTooDeepBracket(in source: String, limit: Int) -> (line: Int, column: Int)? {
        var depth = 0, line = 1, column = 0
        var inString = false, inLineComment = false, blockComments = 0
        var previous: Character = " "
        for c in source {
            column += 1
            defer { previous = c }
            if c == "\n" {
                line += 1
                column = 0
                inLineComment = false
                continue
            }
            if inLineComment { continue }
            if blockComments > 0 {
                if previous == "*" && c == "/" { blockComments -= 1 }
                if previous == "/" && c == "*" { blockComments += 1 }
                continue
            }
            if inString {
                if c == "\"" && previous != "\\" { inString = false }
                continue
            }
            switch c {
            case "\"": inString = true
            case "/" where previous == "/": inLineComment = true
            case "*" where previous == "/": blockComments = 1
            case "(", "[", "{":
                depth += 1
                if depth > limit { return (line, column) }
            case ")", "]", "}": depth = max(0, depth - 1)
            default: break
            }
        }
        return nil
    }

    /// The first node nested deeper than `limit` levels, or an expression with more than
    /// `operators` operators in a row; found with an explicit stack.
    static func firstTooDeepNode(in tree: SourceFileSyntax, limit: Int, operators: Int) -> (node: Syntax, message: String)? {
        var stack: [(Syntax, Int)] = [(Syntax(tree), 0)]
        while let (node, depth) = stack.popLast() {
            if depth > limit { return (node, "the source nests more than \(limit) levels deep") }
            if let sequence = node.as(SequenceExprSyntax.self), sequence.elements.count > 2 * operators + 1 {
                return (node, "an expression with more than \(operators) operators; split it into several statements")
            }
            for child in node.children(viewMode: .sourceAccurate) { stack.append((child, depth + 1)) }
        }
        return nil
    }

    /// Collects the classes and functions; reports what a lesson must have.
    private func collect(into module: Module) -> [LiveDiagnostic] {
        var diagnostics: [LiveDiagnostic] = []
        func report(_ message: String, _ node: some SyntaxProtocol) {
            let (line, column) = module.position(of: node)
            diagnostics.append(LiveDiagnostic(file: fileName, line: line, column: column, message: message))
        }
        for item in module.tree.statements {
            switch item.item {
            case .decl(let decl):
                if let c = decl.as(ClassDeclSyntax.self) {
                    let code = classCode(c, module: module)
                    if module.classes[code.name] != nil {
                        report("invalid redeclaration of '\(code.name)'", c.name)
                    }
                    module.classes[code.name] = code
                } else if let f = decl.as(FunctionDeclSyntax.self) {
                    let code = functionCode(f, module: module)
                    module.functions[code.name, default: []].append(code)
                } else if let v = decl.as(VariableDeclSyntax.self) {
                    module.globals.append(v)
                } else if let s = decl.as(StructDeclSyntax.self) {
                    if module.classes[s.name.text] != nil { report("invalid redeclaration of '\(s.name.text)'", s.name) }
                    let code = ClassCode(name: s.name.text, superclass: nil, protocols: [])
                    addMembers(s.memberBlock.members, to: code, module: module)
                    module.classes[code.name] = code
                } else if let e = decl.as(EnumDeclSyntax.self) {
                    if module.classes[e.name.text] != nil || module.enums[e.name.text] != nil {
                        report("invalid redeclaration of '\(e.name.text)'", e.name)
                    }
                    module.enums[e.name.text] = Set(
                        e.memberBlock.members.compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }.flatMap { $0.elements.map(\.name.text) })
                } else if decl.is(ExtensionDeclSyntax.self) {
                    continue  // added to their classes below, once every class is known
                } else if decl.is(ImportDeclSyntax.self) {
                    continue
                } else {
                    report("only classes, functions and constants may be declared at the top level of a live lesson", decl)
                }
            case .stmt(let stmt):
                report("statements at the top level are not supported in a live lesson; put them in viewDidLoad()", stmt)
            case .expr(let expr):
                report("expressions at the top level are not supported in a live lesson; put them in viewDidLoad()", expr)
            }
        }
        // `extension MyViewController: UICollisionBehaviorDelegate { … }`: the tutorials' way
        // to keep a delegate's methods apart; they join the class (stored properties may not).
        for item in module.tree.statements {
            guard let e = item.item.as(DeclSyntax.self)?.as(ExtensionDeclSyntax.self) else { continue }
            let name = e.extendedType.trimmedDescription
            guard let code = module.classes[name] else {
                // `extension UIColor { static var brand: UIColor { … } }`: static members of an
                // API type (its instances' members would need the API's own `self`).
                guard Bridge.shared.isType(name) else {
                    report("cannot find type '\(name)' in scope", e.extendedType)
                    continue
                }
                let statics = module.typeExtensions[name] ?? ClassCode(name: name, superclass: nil, protocols: [])
                for member in e.memberBlock.members {
                    let modifiers = member.decl.as(FunctionDeclSyntax.self)?.modifiers ?? member.decl.as(VariableDeclSyntax.self)?.modifiers
                    if !(modifiers?.contains(where: { $0.name.text == "static" }) ?? false) {
                        report(
                            "only static members may extend '\(name)' in live lessons (an instance member would need the API's own 'self')",
                            member.decl)
                    }
                }
                addMembers(e.memberBlock.members, to: statics, module: module)
                module.typeExtensions[name] = statics
                continue
            }
            for member in e.memberBlock.members {
                if let v = member.decl.as(VariableDeclSyntax.self), v.bindings.contains(where: { $0.accessorBlock == nil }) {
                    report("extensions must not contain stored properties", v)
                }
            }
            code.protocols += e.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            addMembers(e.memberBlock.members, to: code, module: module)
        }
        // Link superclasses of the source's own classes; find the view controller.
        for code in module.classes.values {
            if let name = code.superclass, let parent = module.classes[name] { code.superCode = parent }
        }
        // A class may not inherit from itself, however far round (the lookups would not end).
        for code in module.classes.values.sorted(by: { $0.name < $1.name }) {
            var seen: Set<String> = []
            var type: ClassCode? = code
            while let t = type {
                guard seen.insert(t.name).inserted else {
                    if let decl = module.tree.statements.compactMap({ $0.item.as(DeclSyntax.self)?.as(ClassDeclSyntax.self) })
                        .first(where: { $0.name.text == code.name })
                    {
                        report("'\(code.name)' inherits from itself", decl.name)
                    }
                    code.superCode = nil
                    break
                }
                type = t.superCode
            }
        }
        for code in module.classes.values { code.flattenMembers() }
        for code in module.classes.values {
            var type: ClassCode? = code
            var seen: Set<String> = []
            while let t = type, seen.insert(t.name).inserted {
                if t.superclass == "UIViewController" { code.isViewController = true }
                if let base = t.superclass, LiveViewClasses.supported.contains(base) { code.viewBase = base }
                type = t.superCode
            }
        }
        let controllers = module.tree.statements.compactMap { $0.item.as(DeclSyntax.self)?.as(ClassDeclSyntax.self) }
            .filter { module.classes[$0.name.text]?.isViewController == true }
        if let first = controllers.last {
            // The last view controller is the lesson's (helpers and base classes come first).
            module.controller = module.classes[first.name.text]
        } else if diagnostics.isEmpty {
            let line = module.locations.location(for: module.tree.endPosition).line
            diagnostics.append(
                LiveDiagnostic(
                    file: fileName, line: max(1, line), column: 1,
                    message: "a live lesson needs a class that inherits from UIViewController and builds its scene in viewDidLoad()"))
        }
        return diagnostics
    }

    private func classCode(_ c: ClassDeclSyntax, module: Module) -> ClassCode {
        let inherited = c.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        // The first inherited name is the superclass when it names a class (ours or bridged).
        let first = inherited.first
        let isClass = first.map { Bridge.shared.isClass($0) || $0.first?.isUppercase == true && !$0.hasSuffix("Delegate") }
            ?? false
        let code = ClassCode(
            name: c.name.text, superclass: isClass ? first : nil,
            protocols: isClass ? Array(inherited.dropFirst()) : inherited)
        addMembers(c.memberBlock.members, to: code, module: module)
        return code
    }

    /// A class's members, from its declaration or an extension of it.
    private func addMembers(_ members: MemberBlockItemListSyntax, to code: ClassCode, module: Module) {
        for member in members {
            let decl = member.decl
            if let v = decl.as(VariableDeclSyntax.self) {
                let isLazy = v.modifiers.contains { $0.name.text == "lazy" }
                let isLet = v.bindingSpecifier.tokenKind == .keyword(.let)
                let isStatic = v.modifiers.contains { $0.name.text == "static" || $0.name.text == "class" }
                for binding in v.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    let typeName = binding.typeAnnotation?.type.trimmedDescription
                    if let accessors = binding.accessorBlock {
                        switch accessors.accessors {
                        case .getter(let body):
                            if isStatic {
                                code.staticComputed[name] = body
                            } else {
                                code.computed[name] = (body, nil, "newValue")
                            }
                            continue
                        case .accessors(let list):
                            var getter: CodeBlockItemListSyntax?, setter: CodeBlockItemListSyntax?
                            var didSet: CodeBlockItemListSyntax?, willSet: CodeBlockItemListSyntax?
                            var setName = "newValue"
                            for accessor in list {
                                let body = accessor.body?.statements
                                switch accessor.accessorSpecifier.text {
                                case "get": getter = body
                                case "set":
                                    setter = body
                                    if let p = accessor.parameters?.name.text { setName = p }
                                case "didSet": didSet = body
                                case "willSet": willSet = body
                                default: break
                                }
                            }
                            if let getter {
                                code.computed[name] = (getter, setter, setName)
                                continue
                            }
                            appendStored(code, .init(
                                name: name, typeName: typeName, initial: binding.initializer?.value, isLazy: isLazy, isLet: isLet,
                                didSet: didSet, willSet: willSet, node: Syntax(binding)), isStatic: isStatic)
                            continue
                        }
                    }
                    appendStored(code, .init(
                        name: name, typeName: typeName, initial: binding.initializer?.value, isLazy: isLazy, isLet: isLet,
                        didSet: nil, willSet: nil, node: Syntax(binding)), isStatic: isStatic)
                }
            } else if let f = decl.as(FunctionDeclSyntax.self) {
                let function = functionCode(f, module: module)
                if f.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }) {
                    code.staticMethods[function.name, default: []].append(function)
                } else {
                    code.methods[function.name, default: []].append(function)
                }
            } else if let i = decl.as(InitializerDeclSyntax.self), let body = i.body {
                code.initializers.append(
                    FunctionCode(
                        name: "init", parameters: Self.parameters(i.signature.parameterClause), body: body.statements,
                        isClosure: false, node: Syntax(i)))
            }
        }
    }

    private func appendStored(_ code: ClassCode, _ stored: ClassCode.Stored, isStatic: Bool) {
        var stored = stored
        if let binding = stored.node.as(PatternBindingSyntax.self),
            binding.parent?.parent?.as(VariableDeclSyntax.self)?.modifiers.contains(where: { $0.name.text == "weak" }) == true
        {
            stored.isWeak = true
        }
        if isStatic {
            code.staticStored[stored.name] = stored
            return
        }
        code.storedIndex[stored.name] = code.stored.count
        code.stored.append(stored)
    }

    private func functionCode(_ f: FunctionDeclSyntax, module: Module) -> FunctionCode {
        FunctionCode(
            name: f.name.text, parameters: Self.parameters(f.signature.parameterClause),
            body: f.body?.statements ?? CodeBlockItemListSyntax([]), isClosure: false, node: Syntax(f))
    }

    /// Whether a parameter's type is `inout T`.
    static func isInout(_ type: AttributedTypeSyntax) -> Bool {
        type.specifiers.contains { $0.as(SimpleTypeSpecifierSyntax.self)?.specifier.text == "inout" }
    }

    static func parameters(_ clause: FunctionParameterClauseSyntax) -> [FunctionCode.Parameter] {
        clause.parameters.map { p in
            let first = p.firstName.text
            let second = p.secondName?.text
            let isInout = p.type.as(AttributedTypeSyntax.self).map(Self.isInout) ?? false
            var typeName = p.type.trimmedDescription
            if let attributed = p.type.as(AttributedTypeSyntax.self) { typeName = attributed.baseType.trimmedDescription }
            return FunctionCode.Parameter(
                label: first == "_" ? nil : first, name: second ?? first, typeName: typeName,
                defaultValue: p.defaultValue?.value, isInout: isInout)
        }
    }

    /// The lesson's lobby card: a shipped lesson's own when the file is one of theirs,
    /// otherwise made from the file name and the source's first comment line.
    private func lessonInfo(for module: Module, source: String) -> LessonInfo {
        if let shipped = LessonCatalog.all.first(where: { $0.info.sourceFileName == fileName }) {
            return shipped.info
        }
        let stem = (fileName as NSString).deletingPathExtension
        var words: [String] = []
        var current = ""
        for c in stem {
            if (c.isUppercase && !current.isEmpty) || c == "-" || c == "_" || c == " " {
                if !current.isEmpty { words.append(current) }
                current = c.isLetter || c.isNumber ? String(c) : ""
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { words.append(current) }
        if words.count > 1, words.last == "Lesson" { words.removeLast() }
        let id = words.map { $0.lowercased() }.joined(separator: "-").filter { $0.isLetter || $0.isNumber || $0 == "-" }
        let title = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        let summary = source.split(separator: "\n").lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("//") && !$0.hasPrefix("// lesson:") && $0.count > 3 }
            .map { String($0.dropFirst(2)).trimmingCharacters(in: .whitespaces) } ?? "A lesson from its Swift source."
        var gestures: [GestureKind] = []
        if source.contains("UITapGestureRecognizer") { gestures.append(.tap) }
        if source.contains("UIPanGestureRecognizer") { gestures.append(.pan) }
        return LessonInfo(
            id: id.isEmpty ? "live" : id, title: title.isEmpty ? "Live lesson" : title, summary: summary, order: 1000,
            gestures: gestures, sourceFileName: fileName)
    }
}
