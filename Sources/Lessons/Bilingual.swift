import Foundation

/// A text in English and in Simplified Chinese, `{"en": …, "zh-CN": …}` on the wire
/// (docs/protocol.md, "Languages"): the seeds' readers read Chinese, so what the server itself
/// says (lesson titles, a step's feedback line) is said in their words too.
public struct Bilingual: Sendable, Equatable, Encodable {
    public var en: String
    public var chinese: String

    /// The keys are the page's language tags.
    private enum CodingKeys: String, CodingKey {
        case en
        case chinese = "zh-CN"
    }

    public init(en: String, chinese: String) {
        self.en = en
        self.chinese = chinese
    }

    /// The same text in both languages (a number, an identifier).
    public init(_ both: String) {
        self.init(en: both, chinese: both)
    }

    public static func + (a: Bilingual, b: Bilingual) -> Bilingual {
        Bilingual(en: a.en + b.en, chinese: a.chinese + b.chinese)
    }

    /// Clauses joined as one line: "; " in English, "；" in Chinese.
    public static func line(_ parts: [Bilingual]) -> Bilingual {
        Bilingual(en: parts.map(\.en).joined(separator: "; "), chinese: parts.map(\.chinese).joined(separator: "；"))
    }

    /// An item as the Chinese guides name it (the tutorials' frog and dragon, …); other item,
    /// parameter and event names are the lesson's identifiers, as its code writes them.
    static func zhItem(_ name: String) -> String {
        zhItems[name] ?? name
    }

    static let zhItems: [String: String] = [
        "frog": "青蛙", "dragon": "龙", "square": "方块", "block": "方块", "ball": "球",
        "red square": "红方块", "blue square": "蓝方块", "alert": "提示框", "hoop": "篮球架",
    ]
}

extension GoalQuantity {
    /// How a student reads it, in both languages (`distance frog–tap`, `青蛙到点击处的距离`).
    public var feedbackLabel: Bilingual {
        switch self {
        case .x(let a): return Bilingual(en: label, chinese: "\(Bilingual.zhItem(a))的 x")
        case .y(let a): return Bilingual(en: label, chinese: "\(Bilingual.zhItem(a))的 y")
        case .vx(let a): return Bilingual(en: label, chinese: "\(Bilingual.zhItem(a))的 vx")
        case .vy(let a): return Bilingual(en: label, chinese: "\(Bilingual.zhItem(a))的 vy")
        case .speed(let a): return Bilingual(en: label, chinese: "\(Bilingual.zhItem(a))的速度")
        case .angle(let a): return Bilingual(en: label, chinese: "\(Bilingual.zhItem(a))的角度")
        case .spin(let a): return Bilingual(en: label, chinese: "\(Bilingual.zhItem(a))的角速度")
        case .distance(let a, .item(let b)): return Bilingual(en: label, chinese: "\(Bilingual.zhItem(a))到\(Bilingual.zhItem(b))的距离")
        case .distance(let a, .tap): return Bilingual(en: label, chinese: "\(Bilingual.zhItem(a))到点击处的距离")
        case .distance(let a, .point(let x, let y)):
            return Bilingual(en: label, chinese: "\(Bilingual.zhItem(a))到 (\(GoalFormat.number(x)), \(GoalFormat.number(y))) 的距离")
        case .dx(let a, let b): return Bilingual(en: label, chinese: "\(Bilingual.zhItem(b))相对\(Bilingual.zhItem(a))的 dx")
        case .dy(let a, let b): return Bilingual(en: label, chinese: "\(Bilingual.zhItem(b))相对\(Bilingual.zhItem(a))的 dy")
        case .bounce(let a): return Bilingual(en: label, chinese: "\(Bilingual.zhItem(a))的反弹比")
        case .time: return Bilingual(en: label, chinese: "时间")
        }
    }

    /// "pt" reads 点 in Chinese; the other units are the same symbols.
    var feedbackUnit: Bilingual {
        switch unit {
        case "": return Bilingual("")
        case "pt": return Bilingual(en: " pt", chinese: " 点")
        case "pt/s": return Bilingual(en: " pt/s", chinese: " 点/秒")
        case "s": return Bilingual(en: " s", chinese: " 秒")
        default: return Bilingual(" " + unit)
        }
    }
}
