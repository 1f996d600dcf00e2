import Foundation

/// A path of lines and curves in points, as UIKit's: collision boundaries
/// (`UICollisionBehavior.addBoundary(withIdentifier:for:)`) and custom collision bounds
/// (`UIDynamicItem.collisionBoundingPath`). Headless: it records its elements and flattens
/// curves into short segments for the engine; it never draws.
open class UIBezierPath: NSObject {
    /// One element of a path, in points.
    enum Element: Equatable {
        case move(CGPoint)
        case line(CGPoint)
        case quadCurve(to: CGPoint, control: CGPoint)
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        case close
    }

    private(set) var elements: [Element] = []
    private var subpathStart: CGPoint?

    /// The point the next element starts from, or `.zero` for an empty path.
    public private(set) var currentPoint: CGPoint = .zero

    /// An empty path.
    public override init() {
        super.init()
    }

    /// A closed rectangle, starting at its origin and running clockwise on screen, as UIKit.
    public convenience init(rect: CGRect) {
        self.init()
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.minY))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY))
        addLine(to: CGPoint(x: r.minX, y: r.maxY))
        close()
    }

    /// A closed ellipse inscribed in `rect`, made of four cubic curves.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        appendOval(in: rect.standardized)
    }

    /// A closed rectangle with quarter-circle corners of `cornerRadius` points (clamped to
    /// half the shorter side).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let r = rect.standardized
        let radius = max(0, min(cornerRadius.isFinite ? cornerRadius : 0, min(r.width, r.height) / 2))
        guard radius > 0 else {
            self.move(to: CGPoint(x: r.minX, y: r.minY))
            addLine(to: CGPoint(x: r.maxX, y: r.minY))
            addLine(to: CGPoint(x: r.maxX, y: r.maxY))
            addLine(to: CGPoint(x: r.minX, y: r.maxY))
            close()
            return
        }
        move(to: CGPoint(x: r.minX + radius, y: r.minY))
        addLine(to: CGPoint(x: r.maxX - radius, y: r.minY))
        addArc(
            withCenter: CGPoint(x: r.maxX - radius, y: r.minY + radius), radius: radius, startAngle: -.pi / 2,
            endAngle: 0, clockwise: true)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - radius))
        addArc(
            withCenter: CGPoint(x: r.maxX - radius, y: r.maxY - radius), radius: radius, startAngle: 0,
            endAngle: .pi / 2, clockwise: true)
        addLine(to: CGPoint(x: r.minX + radius, y: r.maxY))
        addArc(
            withCenter: CGPoint(x: r.minX + radius, y: r.maxY - radius), radius: radius, startAngle: .pi / 2,
            endAngle: .pi, clockwise: true)
        addLine(to: CGPoint(x: r.minX, y: r.minY + radius))
        addArc(
            withCenter: CGPoint(x: r.minX + radius, y: r.minY + radius), radius: radius, startAngle: .pi,
            endAngle: 3 * .pi / 2, clockwise: true)
        close()
    }

    /// An open arc of a circle (angles in radians; `clockwise` as seen on a y-down screen).
    public convenience init(
        arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// Starts a new subpath at `point`.
    open func move(to point: CGPoint) {
        elements.append(.move(point))
        subpathStart = point
        currentPoint = point
    }

    /// A straight line from the current point (a path without one starts at `point`).
    open func addLine(to point: CGPoint) {
        guard subpathStart != nil else { return move(to: point) }
        elements.append(.line(point))
        currentPoint = point
    }

    /// A cubic Bézier curve from the current point.
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        guard subpathStart != nil else { return move(to: endPoint) }
        elements.append(.curve(to: endPoint, control1: controlPoint1, control2: controlPoint2))
        currentPoint = endPoint
    }

    /// A quadratic Bézier curve from the current point.
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        guard subpathStart != nil else { return move(to: endPoint) }
        elements.append(.quadCurve(to: endPoint, control: controlPoint))
        currentPoint = endPoint
    }

    /// An arc of a circle, joined to the current point by a line (as UIKit), as cubic curves.
    open func addArc(
        withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
    ) {
        guard center.x.isFinite, center.y.isFinite, radius.isFinite, startAngle.isFinite, endAngle.isFinite else {
            return
        }
        let start = CGPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if subpathStart == nil { move(to: start) } else { addLine(to: start) }
        // On a y-down screen, clockwise means increasing angle.
        var sweep = endAngle - startAngle
        let fullTurn = 2 * CGFloat.pi
        if clockwise {
            while sweep < 0 { sweep += fullTurn }
            if sweep > fullTurn { sweep = fullTurn }
        } else {
            while sweep > 0 { sweep -= fullTurn }
            if sweep < -fullTurn { sweep = -fullTurn }
        }
        let pieces = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
        let step = sweep / CGFloat(pieces)
        // Cubic approximation of an arc of angle `step`: handles of length (4/3) tan(step / 4).
        let k = 4.0 / 3.0 * tan(step / 4) * radius
        var angle = startAngle
        for _ in 0..<pieces {
            let next = angle + step
            let p0 = CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            let p3 = CGPoint(x: center.x + radius * cos(next), y: center.y + radius * sin(next))
            let c1 = CGPoint(x: p0.x - k * sin(angle), y: p0.y + k * cos(angle))
            let c2 = CGPoint(x: p3.x + k * sin(next), y: p3.y - k * cos(next))
            addCurve(to: p3, controlPoint1: c1, controlPoint2: c2)
            angle = next
        }
    }

    /// Closes the current subpath with a line back to its start.
    open func close() {
        guard let start = subpathStart else { return }
        elements.append(.close)
        currentPoint = start
    }

    /// Appends another path's elements.
    open func append(_ bezierPath: UIBezierPath) {
        for element in bezierPath.elements {
            switch element {
            case .move(let p): move(to: p)
            case .line(let p): addLine(to: p)
            case .quadCurve(let p, let c): addQuadCurve(to: p, controlPoint: c)
            case .curve(let p, let c1, let c2): addCurve(to: p, controlPoint1: c1, controlPoint2: c2)
            case .close: close()
            }
        }
    }

    /// Removes every element.
    open func removeAllPoints() {
        elements.removeAll()
        subpathStart = nil
        currentPoint = .zero
    }

    /// Maps every point of the path by `transform`.
    open func apply(_ transform: CGAffineTransform) {
        elements = elements.map { element in
            switch element {
            case .move(let p): return .move(p.applying(transform))
            case .line(let p): return .line(p.applying(transform))
            case .quadCurve(let p, let c): return .quadCurve(to: p.applying(transform), control: c.applying(transform))
            case .curve(let p, let c1, let c2):
                return .curve(to: p.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
            case .close: return .close
            }
        }
        subpathStart = subpathStart?.applying(transform)
        currentPoint = currentPoint.applying(transform)
    }

    /// True when the path has no elements.
    open var isEmpty: Bool { elements.isEmpty }

    /// The rectangle enclosing every point of the path, control points included (as UIKit's
    /// `bounds`); `.zero` for an empty path.
    open var bounds: CGRect {
        var points: [CGPoint] = []
        for element in elements {
            switch element {
            case .move(let p), .line(let p): points.append(p)
            case .quadCurve(let p, let c): points += [p, c]
            case .curve(let p, let c1, let c2): points += [p, c1, c2]
            case .close: break
            }
        }
        guard let first = points.first else { return .zero }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points {
            minX = min(minX, p.x)
            maxX = max(maxX, p.x)
            minY = min(minY, p.y)
            maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    // MARK: Flattening (a Newtons extension: what the engine and drawing clients use)

    /// The path's subpaths as polylines: curves are split into pieces of about
    /// `segmentLength` points (10 by default, as UIKit's engine); a closed subpath does not
    /// repeat its first point at the end.
    public func flattenedSubpaths(segmentLength: CGFloat = 10) -> [(points: [CGPoint], isClosed: Bool)] {
        let step = segmentLength.isFinite && segmentLength > 0 ? segmentLength : 10
        var result: [(points: [CGPoint], isClosed: Bool)] = []
        var current: [CGPoint] = []
        var start = CGPoint.zero
        for element in elements {
            // Drawing may go on after a close without a move: it continues from the start point.
            if current.isEmpty {
                switch element {
                case .move, .close: break
                default: current = [start]
                }
            }
            switch element {
            case .move(let p):
                if !current.isEmpty { result.append((current, false)) }
                current = [p]
                start = p
            case .line(let p):
                current.append(p)
            case .quadCurve(let p, let c):
                let p0 = current[current.count - 1]
                let n = pieces(distance(p0, c) + distance(c, p), step)
                for i in 1...n {
                    let t = CGFloat(i) / CGFloat(n), u = 1 - t
                    current.append(
                        CGPoint(
                            x: u * u * p0.x + 2 * u * t * c.x + t * t * p.x,
                            y: u * u * p0.y + 2 * u * t * c.y + t * t * p.y))
                }
            case .curve(let p, let c1, let c2):
                let p0 = current[current.count - 1]
                let n = pieces(distance(p0, c1) + distance(c1, c2) + distance(c2, p), step)
                for i in 1...n {
                    let t = CGFloat(i) / CGFloat(n), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    current.append(
                        CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p.x, y: a * p0.y + b * c1.y + c * c2.y + d * p.y))
                }
            case .close:
                // A closed subpath does not repeat its first point at the end.
                if current.count > 1, distance(current[0], current[current.count - 1]) < 1e-9 {
                    current.removeLast()
                }
                result.append((current, true))
                current = []
            }
        }
        if current.count > 0 { result.append((current, false)) }
        return result
    }

    /// Every subpath's flattened points, one after the other (a Newtons extension, for clients
    /// that draw boundaries).
    public func flattenedPoints(segmentLength: CGFloat = 10) -> [CGPoint] {
        flattenedSubpaths(segmentLength: segmentLength).flatMap(\.points)
    }

    /// True when the path has at least one subpath and every subpath is closed (a Newtons
    /// extension).
    public var isClosed: Bool {
        let subpaths = flattenedSubpaths()
        return !subpaths.isEmpty && subpaths.allSatisfy(\.isClosed)
    }

    private func appendOval(in r: CGRect) {
        let k: CGFloat = 0.552_284_749_830_793_4  // 4/3 (√2 − 1): a quarter circle as one cubic
        let cx = r.midX, cy = r.midY, rx = r.width / 2, ry = r.height / 2
        move(to: CGPoint(x: r.maxX, y: cy))
        addCurve(
            to: CGPoint(x: cx, y: r.maxY), controlPoint1: CGPoint(x: r.maxX, y: cy + k * ry),
            controlPoint2: CGPoint(x: cx + k * rx, y: r.maxY))
        addCurve(
            to: CGPoint(x: r.minX, y: cy), controlPoint1: CGPoint(x: cx - k * rx, y: r.maxY),
            controlPoint2: CGPoint(x: r.minX, y: cy + k * ry))
        addCurve(
            to: CGPoint(x: cx, y: r.minY), controlPoint1: CGPoint(x: r.minX, y: cy - k * ry),
            controlPoint2: CGPoint(x: cx - k * rx, y: r.minY))
        addCurve(
            to: CGPoint(x: r.maxX, y: cy), controlPoint1: CGPoint(x: cx + k * rx, y: r.minY),
            controlPoint2: CGPoint(x: r.maxX, y: cy - k * ry))
        close()
    }

    open override func copy() -> Any {
        let path = UIBezierPath()
        path.append(self)
        return path
    }
}

private func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

private func pieces(_ length: CGFloat, _ step: CGFloat) -> Int {
    guard length.isFinite else { return 1 }
    return max(1, min(1000, Int((length / step).rounded(.up))))
}

// Drawing a path inside `draw(_:)`: headless, nothing is rasterised (clients draw items
// from their shapes), so filling and stroking are accepted and do nothing.
extension UIBezierPath {
    public func fill() {}
    public func stroke() {}
}

// MARK: Core Graphics paths

extension UIBezierPath {
    /// A path made of a Core Graphics path's elements.
    public convenience init(cgPath: CGPath) {
        self.init()
        self.cgPath = cgPath
    }

    /// The path as an immutable Core Graphics path (a copy of its elements, as UIKit's);
    /// setting it replaces every element.
    public var cgPath: CGPath {
        get { CGPath(elements: elements, boundingBox: bounds, currentPoint: currentPoint) }
        set {
            removeAllPoints()
            append(UIBezierPath(elements: newValue.elements))
        }
    }

    /// A path of these elements, replayed through the public builders.
    private convenience init(elements: [Element]) {
        self.init()
        self.elements = elements
        for element in elements {
            switch element {
            case .move(let p):
                subpathStart = p
                currentPoint = p
            case .line(let p), .quadCurve(let p, _), .curve(let p, _, _): currentPoint = p
            case .close: currentPoint = subpathStart ?? currentPoint
            }
        }
    }
}

/// An immutable path of lines and curves in points (`UIBezierPath.cgPath`, `CAShapeLayer.path`).
/// Headless it is never drawn; it keeps its elements and answers its bounds.
public final class CGPath: Equatable, CustomStringConvertible {
    let elements: [UIBezierPath.Element]
    /// The rectangle enclosing every point of the path, control points included; `.zero`
    /// for an empty path (Core Graphics answers `.null` there).
    public let boundingBox: CGRect
    /// The point the path ends at, or `.zero` for an empty path.
    public let currentPoint: CGPoint

    init(elements: [UIBezierPath.Element], boundingBox: CGRect, currentPoint: CGPoint) {
        self.elements = elements
        self.boundingBox = boundingBox
        self.currentPoint = currentPoint
    }

    /// True when the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    public static func == (a: CGPath, b: CGPath) -> Bool { a.elements == b.elements }

    public var description: String { "CGPath(\(elements.count) elements, boundingBox: \(boundingBox))" }
}
