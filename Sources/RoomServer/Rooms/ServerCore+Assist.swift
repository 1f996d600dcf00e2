import LiveSwift

/// `assist`: the editor's completion, quick help, checking and values column (issue 33). The
/// answer goes to the asker alone and nothing in the room changes. Each answer is charged to
/// the asker's address like running code (`codeSecondsPerSecondPerAddress`): a hostile source
/// costs its sender, not the room.
extension ServerCore {
    func answer(_ request: AssistRequest, from session: Session, now: Int64) {
        guard compiler != nil else {
            return sendError(ProtocolError(.forbidden, "this server runs no code, so its editor has no help"), to: session, now: now)
        }
        guard request.source.utf8.count <= limits.maxSourceBytes else {
            return sendError(
                ProtocolError(
                    .badValue, "the code is \(request.source.utf8.count) bytes; a lesson's code is at most \(limits.maxSourceBytes) bytes"),
                to: session, now: now)
        }
        guard codeTime.hasTime(session.address, now: now) else {
            metrics.countRejected(ErrorCode.rateLimited.rawValue)
            return sendError(
                ProtocolError(.rateLimited, "the editor's questions from your address took the server a long time; wait a few seconds"),
                to: session, now: now)
        }
        let started = clock()
        let result = CodeAssist.answer(request)
        codeTime.charge(clock() - started, to: session.address, now: now)
        switch result {
        case .success(let answer):
            session.enqueue(ServerMessage.assist(answer))
            requestWrite(session, now: now)
        case .failure(let error):
            metrics.countRejected(error.code.rawValue)
            sendError(error, to: session, now: now)
        }
    }
}

/// The answers, from the live interpreter (LiveSwift's Assist folder).
enum CodeAssist {
    /// The file name diagnostics are given for; the editor shows lines and columns only.
    static let fileName = "Lesson.swift"

    static func answer(_ request: AssistRequest) -> Result<AssistAnswer, ProtocolError> {
        var answer = AssistAnswer(id: request.id, ask: request.ask)
        do throws(LiveCompileError) {
            switch request.ask {
            case .complete:
                let completions = try LiveSwift.complete(source: request.source, line: request.line, column: request.column)
                answer.items = completions.items
                answer.line = completions.line
                answer.column = completions.column
            case .help:
                let target = try LiveSwift.help(source: request.source, line: request.line, column: request.column)
                answer.key = HelpKey(key: target?.key)
                answer.label = target?.label
                answer.detail = target?.detail
                answer.line = target?.line
                answer.column = target?.column
                answer.endColumn = target?.endColumn
            case .check:
                answer.diagnostics = Array(
                    LiveSwift.check(source: request.source, fileName: fileName).prefix(ProtocolError.maxDiagnostics).map(Self.diagnostic))
            case .values:
                let trace = try LiveSwift.trace(source: request.source, fileName: fileName)
                answer.values = trace.values
                answer.steps = trace.steps
                answer.diagnostics = trace.error.map { [Self.diagnostic($0)] } ?? []
            }
        } catch {
            // A source over the limits, or (for values) one that does not compile.
            let diagnostics = error.diagnostics.prefix(ProtocolError.maxDiagnostics).map(Self.diagnostic)
            if request.ask == .values, error.diagnostics.allSatisfy({ !$0.message.hasPrefix("the source ") }) {
                answer.values = []
                answer.steps = []
                answer.diagnostics = Array(diagnostics)
                return .success(answer)
            }
            return .failure(ProtocolError(.badValue, error.diagnostics.first?.message ?? "the source cannot be read", diagnostics: Array(diagnostics)))
        }
        return .success(answer)
    }

    private static func diagnostic(_ d: LiveDiagnostic) -> CodeDiagnostic {
        CodeDiagnostic(line: d.line, column: d.column, message: String(d.message.prefix(500)))
    }
}
