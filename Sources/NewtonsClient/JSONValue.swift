import Foundation

/// A JSON value as the server sent it.
public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    /// Parses UTF-8 JSON text; nil when it is not JSON.
    public init?(parsing text: String) {
        guard let data = text.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return nil }
        self.init(foundation: object)
    }

    init(foundation object: Any) {
        switch object {
        case let number as NSNumber:
            // JSONSerialization gives NSNumber for both numbers and booleans.
            if String(cString: number.objCType) == "c" {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        case let bool as Bool:
            self = .bool(bool)
        case let string as String:
            self = .string(string)
        case let array as [Any]:
            self = .array(array.map(JSON.init(foundation:)))
        case let dictionary as [String: Any]:
            self = .object(dictionary.mapValues(JSON.init(foundation:)))
        default:
            self = .null
        }
    }

    public subscript(key: String) -> JSON? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }

    public subscript(index: Int) -> JSON? {
        if case .array(let values) = self, values.indices.contains(index) { return values[index] }
        return nil
    }

    public var double: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    public var int: Int? { double.flatMap { $0 == $0.rounded() ? Int(exactly: $0) : nil } }

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var bool: Bool? {
        switch self {
        case .bool(let value): return value
        case .number(let value) where value == 0 || value == 1: return value == 1
        default: return nil
        }
    }

    public var array: [JSON]? {
        if case .array(let values) = self { return values }
        return nil
    }

    public var isNull: Bool { self == .null }
}
