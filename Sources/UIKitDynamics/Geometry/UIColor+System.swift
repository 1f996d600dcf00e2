import Foundation

/// The type of a bare `#colorLiteral(…)`, as UIKit declares it.
public typealias _ColorLiteralType = UIColor

// UIKit's system and semantic colours, with their light-appearance values (headless there
// is one appearance).
extension UIColor {
    private static func rgb(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
    }

    public class var systemBlue: UIColor { rgb(0, 122, 255) }
    public class var systemRed: UIColor { rgb(255, 59, 48) }
    public class var systemGreen: UIColor { rgb(52, 199, 89) }
    public class var systemOrange: UIColor { rgb(255, 149, 0) }
    public class var systemYellow: UIColor { rgb(255, 204, 0) }
    public class var systemPink: UIColor { rgb(255, 45, 85) }
    public class var systemPurple: UIColor { rgb(175, 82, 222) }
    public class var systemTeal: UIColor { rgb(90, 200, 250) }
    public class var systemIndigo: UIColor { rgb(88, 86, 214) }
    public class var systemMint: UIColor { rgb(0, 199, 190) }
    public class var systemCyan: UIColor { rgb(50, 173, 230) }
    public class var systemBrown: UIColor { rgb(162, 132, 94) }
    public class var systemGray: UIColor { rgb(142, 142, 147) }
    public class var systemGray2: UIColor { rgb(174, 174, 178) }
    public class var systemGray3: UIColor { rgb(199, 199, 204) }
    public class var systemGray4: UIColor { rgb(209, 209, 214) }
    public class var systemGray5: UIColor { rgb(229, 229, 234) }
    public class var systemGray6: UIColor { rgb(242, 242, 247) }

    public class var systemBackground: UIColor { rgb(255, 255, 255) }
    public class var secondarySystemBackground: UIColor { rgb(242, 242, 247) }
    public class var tertiarySystemBackground: UIColor { rgb(255, 255, 255) }
    public class var systemGroupedBackground: UIColor { rgb(242, 242, 247) }
    public class var groupTableViewBackground: UIColor { rgb(239, 239, 244) }
    public class var systemFill: UIColor { rgb(120, 120, 128, 0.2) }
    public class var label: UIColor { rgb(0, 0, 0) }
    public class var secondaryLabel: UIColor { rgb(60, 60, 67, 0.6) }
    public class var tertiaryLabel: UIColor { rgb(60, 60, 67, 0.3) }
    public class var placeholderText: UIColor { rgb(60, 60, 67, 0.3) }
    public class var separator: UIColor { rgb(60, 60, 67, 0.29) }
    public class var link: UIColor { rgb(0, 122, 255) }
    public class var lightText: UIColor { UIColor(white: 1, alpha: 0.6) }
    public class var darkText: UIColor { UIColor(white: 0, alpha: 1) }
}

// Drawing state inside `draw(_:)`: headless, nothing is rasterised, so setting the fill or
// stroke colour is accepted and has no effect.
extension UIColor {
    public func set() {}
    public func setFill() {}
    public func setStroke() {}
}
