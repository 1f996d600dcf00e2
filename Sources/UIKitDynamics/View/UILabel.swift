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

/// An image known by name: headless, the name and the size are kept (clients draw a
/// sprite for the names they know, e.g. "frog" and "dragon").
///
/// `UIImage(named:)` finds, as UIKit does in the app's bundle: an image registered with
/// `UIImage.registerImage(named:size:scale:)` (a Newtons extension: what the asset catalog
/// holds on iOS), else a PNG file of that name in the main bundle's resources or the
/// current directory (`name.png`, `name@2x.png`, `name@3x.png`: the size is read from its
/// header, in points), else one of the built-in sprites (`frog` and `dragon`, 100 × 100
/// points, `ball`, 28 × 28). Any other name gives nil, as on iOS for a missing image.
open class UIImage: NSObject {
    /// The name the image was made with.
    public let name: String
    /// Size in points.
    public let size: CGSize
    /// Pixels per point of the file it came from.
    public let scale: CGFloat
    /// How it would be tinted (UIImage+Rendering.swift: kept; nothing is drawn).
    public internal(set) var renderingMode: RenderingMode = .automatic
    /// An animated image's frames and the seconds they take (UIImage+Rendering.swift).
    public internal(set) var images: [UIImage]?
    public internal(set) var duration: TimeInterval = 0

    /// The built-in sprites the page draws, with their sizes in points.
    static let builtIn: [String: CGSize] = [
        "frog": CGSize(width: 100, height: 100), "dragon": CGSize(width: 100, height: 100),
        "ball": CGSize(width: 28, height: 28),
    ]

    /// The image named `name`, or nil when there is none.
    public convenience init?(named name: String) {
        guard let (size, scale) = UIImage.lookUp(name) else { return nil }
        self.init(name: name, size: size, scale: scale)
    }

    init(name: String, size: CGSize, scale: CGFloat) {
        self.name = name
        self.size = size
        self.scale = scale
        super.init()
    }

    /// Declares an image the app ships (its asset catalog on iOS): `UIImage(named:)` then
    /// finds it with this size in points. Non-finite or negative sizes are refused.
    public static func registerImage(named name: String, size: CGSize, scale: CGFloat = 1) {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0,
            scale.isFinite, scale > 0
        else { return }
        ImageCatalog.shared.set(name, (size, scale))
    }

    private static func lookUp(_ name: String) -> (CGSize, CGFloat)? {
        if let registered = ImageCatalog.shared.get(name) { return registered }
        if let file = pngSize(name) { return file }
        return builtIn[name].map { ($0, 1) }
    }

    /// The point size of `name.png` (or its @2x/@3x file) in the bundle or the current
    /// directory. Names that reach outside it ("/", "..") are not looked up.
    private static func pngSize(_ name: String) -> (CGSize, CGFloat)? {
        guard !name.isEmpty, !name.contains("/"), !name.contains(".."), name.count <= 255 else { return nil }
        let base = name.hasSuffix(".png") ? String(name.dropLast(4)) : name
        let folders = [Bundle.main.resourcePath, FileManager.default.currentDirectoryPath].compactMap { $0 }
        for folder in folders {
            for (suffix, scale) in [("@3x", 3.0), ("@2x", 2.0), ("", 1.0)] as [(String, CGFloat)] {
                let path = folder + "/" + base + suffix + ".png"
                guard let handle = FileHandle(forReadingAtPath: path) else { continue }
                defer { try? handle.close() }
                let header = handle.readData(ofLength: 24)
                // PNG signature, then the IHDR chunk: width and height, big-endian.
                guard header.count == 24, header.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { continue }
                let bytes = [UInt8](header)
                func u32(_ i: Int) -> CGFloat {
                    CGFloat(UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3]))
                }
                return (CGSize(width: u32(16) / scale, height: u32(20) / scale), scale)
            }
        }
        return nil
    }
}

/// Images the app declared, by name (shared by every room: what a bundle holds).
final class ImageCatalog: @unchecked Sendable {
    static let shared = ImageCatalog()
    private let lock = NSLock()
    private var images: [String: (CGSize, CGFloat)] = [:]

    func set(_ name: String, _ value: (CGSize, CGFloat)) {
        lock.lock()
        defer { lock.unlock() }
        images[name] = value
    }

    func get(_ name: String) -> (CGSize, CGFloat)? {
        lock.lock()
        defer { lock.unlock() }
        return images[name]
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
