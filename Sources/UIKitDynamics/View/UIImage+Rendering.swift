import Foundation

// What code written for iOS asks of an image besides its name and size: a rendering mode
// (templates tinted by the view's colour) and animated images. Headless nothing is drawn, so
// the mode is kept for the code that reads it back, and an animated image is its frames.
extension UIImage {
    public enum RenderingMode: Int, Sendable {
        case automatic = 0, alwaysOriginal, alwaysTemplate
    }

    /// The same image, drawn (on iOS) in `renderingMode`.
    public func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        let image = UIImage(name: name, size: size, scale: scale)
        image.renderingMode = renderingMode
        (image.images, image.duration) = (images, duration)
        return image
    }

    /// The frames `name0`, `name1`, … (as many as are found, from 0 or 1) played over
    /// `duration` seconds; nil when there is none, as on iOS.
    public static func animatedImageNamed(_ name: String, duration: TimeInterval) -> UIImage? {
        var frames: [UIImage] = []
        for index in 0...1024 {
            guard let frame = UIImage(named: "\(name)\(index)") else {
                if index == 0 { continue }
                break
            }
            frames.append(frame)
        }
        return animatedImage(with: frames, duration: duration)
    }

    /// An image that plays `images` over `duration` seconds; its size is the first frame's.
    public static func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
        guard let first = images.first else { return nil }
        let image = UIImage(name: first.name, size: first.size, scale: first.scale)
        image.images = images
        image.duration = duration.isFinite && duration >= 0 ? duration : 0
        return image
    }
}
