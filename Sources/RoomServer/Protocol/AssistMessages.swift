import LiveSwift

/// `assist`: the editor asks about the source it holds (docs/protocol.md, "The editor's
/// helpers"). `line` and `column` are 1-based, the column in UTF-16 units as the page counts.
public struct AssistRequest: Equatable, Sendable {
    public enum Ask: String, Sendable, CaseIterable {
        /// What may be typed at the place.
        case complete
        /// What the name at the place is, for its quick help.
        case help
        /// The source's problems, found without running it.
        case check
        /// Each line of `viewDidLoad` with the value it made, in the order the lines ran.
        case values
    }

    public var id: PingID
    public var ask: Ask
    public var source: String
    public var line: Int
    public var column: Int

    /// Lines and columns past this are not a place in any source the server accepts.
    static let maxPosition = 100_000

    static func parse(_ fields: FieldReader) throws(ProtocolError) -> AssistRequest {
        let id = try fields.id(of: "assist")
        let askName = try fields.string("ask")
        guard let ask = Ask(rawValue: askName) else {
            throw ProtocolError(.badValue, "\"ask\" must be one of \(Ask.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard case .string(let source)? = fields.fields["source"] else {
            throw ProtocolError(.badValue, "\"assist\" needs a \"source\" string")
        }
        var line = 1, column = 1
        if ask == .complete || ask == .help {
            for (name, value) in [("line", try fields.number("line")), ("column", try fields.number("column"))] {
                guard value == value.rounded(), value >= 1, value <= Double(maxPosition) else {
                    throw ProtocolError(.badValue, "\"\(name)\" must be a whole number from 1 to \(maxPosition)")
                }
                if name == "line" { line = Int(value) } else { column = Int(value) }
            }
        }
        return AssistRequest(id: id, ask: ask, source: source, line: line, column: column)
    }
}

/// The answer to an `assist`, with its `id` and `ask`, and the fields of that ask.
struct AssistAnswer: Encodable {
    let type = "assist"
    var id: PingID
    var ask: String
    // complete: the suggestions, and where the word they replace starts.
    var items: [CompletionItem]?
    var line: Int?
    var column: Int?
    // help: the name's API key (null for the source's own names), label and type, and its place.
    var key: HelpKey?
    var label: String?
    var detail: String?
    var endColumn: Int?
    // check: as a `compile-error`'s.
    var diagnostics: [CodeDiagnostic]?
    // values: each line's value; the lines in the order they ran, with the scene's items then.
    var values: [LineValue]?
    var steps: [LineStep]?

    init(id: PingID, ask: AssistRequest.Ask) {
        self.id = id
        self.ask = ask.rawValue
    }
}

/// A `help` answer's `key`: sent as null for the source's own names, left out of other answers.
struct HelpKey: Encodable {
    var key: String?

    func encode(to encoder: any Encoder) throws {
        var value = encoder.singleValueContainer()
        if let key { try value.encode(key) } else { try value.encodeNil() }
    }
}

extension ServerMessage {
    static func assist(_ answer: AssistAnswer) -> WireBuffer {
        WireJSON.message(answer)
    }
}
