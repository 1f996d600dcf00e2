/// What a WebSocket connection asks for in its query: `room=` or `lesson=`, `name=`, `key=`.
public struct ConnectRequest: Equatable, Sendable {
    /// What the connection wants to join.
    public enum Target: Equatable, Sendable {
        /// A lesson's public room (its id) or a class room (its code).
        case room(String)
        /// A new class room running that lesson, with the opener as its instructor.
        case newRoom(lesson: String)
        /// Neither `room=` nor `lesson=` was given.
        case missing
    }

    public var target: Target
    /// The display name, cleaned (see `cleanName`).
    public var name: String
    /// An instructor key given in the query: a shortcut for `claim` right after joining.
    public var key: String?

    public init(target: Target, name: String = "", key: String? = nil) {
        self.target = target
        self.name = name
        self.key = key
    }

    /// Longest display name, in characters.
    public static let maxNameLength = 32

    /// Reads the query's arguments, each already URL-decoded as `name=value`. When an argument
    /// repeats, the first one counts; `lesson=` wins over `room=` only when `room=` is absent.
    public init(arguments: [String]) {
        var values: [String: String] = [:]
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "=") else { continue }
            let name = String(argument[..<equals])
            let value = String(argument[argument.index(after: equals)...])
            if values[name] == nil { values[name] = value }
        }
        if let room = values["room"], !room.isEmpty {
            target = .room(room)
        } else if let lesson = values["lesson"], !lesson.isEmpty {
            target = .newRoom(lesson: lesson)
        } else {
            target = .missing
        }
        name = Self.cleanName(values["name"] ?? "")
        key = values["key"].flatMap { $0.isEmpty ? nil : String($0.prefix(ClientMessage.maxStringLength)) }
    }

    /// A display name as others see it: control and format characters removed, spaces at the
    /// ends trimmed, at most `maxNameLength` characters.
    public static func cleanName(_ raw: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in raw.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned, .privateUse:
                continue
            default:
                kept.append(scalar)
            }
        }
        let text = String(kept).trimmingWhitespace()
        return String(text.prefix(maxNameLength))
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
