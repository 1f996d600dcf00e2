import Foundation

/// A view that shows a line of text (kept for clients; nothing is drawn).
open class UILabel: UIView {
    open var text: String?
    open var textColor: UIColor?
    open var numberOfLines = 1

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false  // UIKit's default for labels: touches pass through
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }
}

/// An image known by name: headless, only the name is kept (clients draw a sprite for it,
/// e.g. "frog" and "dragon").
open class UIImage: NSObject {
    /// The name the image was made with.
    public let name: String
    /// Size in points (zero: there are no image files).
    open var size: CGSize { .zero }

    /// An image named `name`. Never nil: every name is accepted.
    public init?(named name: String) {
        self.name = name
        super.init()
    }
}

/// A view that shows an image.
open class UIImageView: UIView {
    open var image: UIImage?

    /// A view showing `image`, sized to it (zero: set the frame afterwards, as tutorials do).
    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false  // UIKit's default for image views
    }

    public override init(frame: CGRect) {
        image = nil
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) {
        image = nil
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }
}

/// The screen of the phone the tutorials were written for: 375 × 667 points (a constant; a
/// room's own size is its reference view's bounds).
public final class UIScreen: Sendable {
    /// The screen's bounds in points.
    public let bounds: CGRect
    /// Pixels per point.
    public let scale: CGFloat

    init(bounds: CGRect, scale: CGFloat) {
        self.bounds = bounds
        self.scale = scale
    }

    /// The tutorials' screen.
    public static let main = UIScreen(bounds: CGRect(x: 0, y: 0, width: 375, height: 667), scale: 2)
}
