import Foundation
import UIKitDynamics

/// A live parameter of a lesson: its description and how to read and apply it.
struct ParameterSpec {
    var name: String
    var label: String
    var min: Double
    var max: Double
    var step: Double
    var get: () -> Double
    var set: (Double) -> Void
}

/// Everything a room needs around a tutorial's view controller: the items it draws (every
/// view under the reference view), the lines and boundaries of its behaviours, its events,
/// live parameters, gestures and clock. A lesson subclasses it with its own controller and
/// conforms to `Lesson`; the tutorial code itself lives in the controller.
///
/// The controller is the window's root view controller, shown as an app shows its first
/// screen (`makeKeyAndVisible()`: `viewDidLoad`, `viewWillAppear`, `viewDidAppear`). A
/// student's taps, drags and presses are delivered to the window as touches by the
/// library's headless input (`simulateTouchBegan(at:)`, `simulateDrag(_:at:)`), so the
/// controller's own gesture recognisers and buttons receive them as on iOS.
open class LessonHost<Controller: UIViewController> {
    /// The tutorial's view controller, whose code the student reads.
    public private(set) var controller: Controller
    /// The window the controller's view fills (the room's reference bounds).
    public let window: UIWindow
    private let makeController: () -> Controller

    private var nextID = 1
    private var pendingEvents: [LessonEvent] = []
    private var parameterTable: [ParameterSpec] = []
    /// A hash of which views are in the scene, in order: it changes when views come or go.
    private var structure = 0
    /// Steps taken: a view's record says after which one its pose last changed (items and
    /// names are kept on the views themselves, `UIView.hostRecord`).
    private var steps = 0
    public private(set) var sceneVersion = 0
    public private(set) var elapsedTime: TimeInterval = 0

    public init(bounds: CGSize, _ makeController: @escaping () -> Controller) {
        self.makeController = makeController
        window = UIWindow(frame: CGRect(origin: .zero, size: bounds))
        controller = makeController()
        prepare(controller)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        structure = currentStructure()
        nameViews()
    }

    /// Called on each new controller before its `viewDidLoad()`: set the values of live
    /// parameters that the scene reads while it is built.
    open func prepare(_ controller: Controller) {}

    /// Starts the lesson again: a fresh controller builds the scene anew (new item ids), as
    /// a student's "run again" would. Live parameters keep their values where the lesson
    /// re-applies them in `didRestart`.
    public func restart() {
        controller = makeController()
        prepare(controller)
        window.rootViewController = controller
        didRestart()
        nameViews()
        structure = currentStructure()
        sceneVersion += 1
        emit("reset", "Started again")
    }

    /// Called after `restart()`; lessons with live parameters apply them to the new scene.
    open func didRestart() {}

    /// The animator whose clock the room drives; a lesson returns its controller's.
    open var animator: UIDynamicAnimator? { nil }

    // MARK: Naming, events, parameters

    /// Gives a view the name clients show (views of images are named after the image).
    public func name(_ view: UIView, _ name: String) {
        view.hostName = name
    }

    /// The lesson whose `LessonViewNames` name this host's views (a lesson run from its source
    /// says which shipped lesson it is).
    open var viewNamesID: String? {
        (self as? any Lesson).map { type(of: $0).info.id }
    }

    /// What the controller's stored property `property` holds now (a view, a list of views), or
    /// nil when it has no such property or holds nothing: read by reflection; a lesson run from
    /// its source reads its interpreted controller instead.
    open func controllerProperty(_ property: String) -> Any? {
        var mirror: Mirror? = Mirror(reflecting: controller)
        while let current = mirror {
            if let child = current.children.first(where: { $0.label == property }) {
                // An optional holding nothing reads as nil.
                let held = Mirror(reflecting: child.value)
                if held.displayStyle == .optional, held.children.isEmpty { return nil }
                return child.value
            }
            mirror = current.superclassMirror
        }
        return nil
    }

    /// Queues an event for the room to send.
    public func emit(_ name: String, _ text: String, item view: UIView? = nil, at point: CGPoint? = nil) {
        pendingEvents.append(LessonEvent(name: name, text: text, item: view.map(itemID(of:)), point: point))
    }

    public func addParameter(
        _ name: String, _ label: String, min: Double, max: Double, step: Double, get: @escaping () -> Double,
        set: @escaping (Double) -> Void
    ) {
        parameterTable.append(ParameterSpec(name: name, label: label, min: min, max: max, step: step, get: get, set: set))
    }

    /// A live parameter that is one of the controller's values (of the controller of the
    /// moment: a restart makes a new one).
    public func addParameter(
        _ name: String, _ label: String, min: Double, max: Double, step: Double,
        _ value: ReferenceWritableKeyPath<Controller, CGFloat>
    ) {
        addParameter(
            name, label, min: min, max: max, step: step, get: { [unowned self] in Double(controller[keyPath: value]) },
            set: { [unowned self] in controller[keyPath: value] = CGFloat($0) })
    }

    public var parameters: [LessonParameter] {
        parameterTable.map {
            LessonParameter(name: $0.name, label: $0.label, value: $0.get(), min: $0.min, max: $0.max, step: $0.step)
        }
    }

    public func setParameter(_ name: String, to value: Double) throws(LessonError) {
        guard let spec = parameterTable.first(where: { $0.name == name }) else {
            throw .unknownParameter(name)
        }
        guard value.isFinite, value >= spec.min, value <= spec.max else {
            throw .valueOutOfRange(name: name, value: value, min: spec.min, max: spec.max)
        }
        spec.set(value)
    }

    open func drainEvents() -> [LessonEvent] {
        defer { pendingEvents.removeAll() }
        return pendingEvents
    }

    // MARK: Gestures: delivered to the window as touches; rooms add their own reactions

    /// A tap: a finger down and up at `point` (the controller's recognisers and buttons
    /// take it), then the room's own reaction.
    public func tap(at point: CGPoint) {
        guard takes(.tap), point.x.isFinite, point.y.isFinite else { return }
        willDeliverGesture()
        willTap(at: point)
        window.simulateTouchEnded(window.simulateTouchBegan(at: onScreen(point)))
        didTap(at: point)
        didDeliverGesture()
        nameViews()
    }

    /// One step of a drag, delivered by phase: the client applied its own drag slop, so a
    /// pan recogniser begins at once. A drag that never began is ignored.
    public func pan(_ phase: PanPhase, at point: CGPoint) {
        guard takes(.pan), point.x.isFinite, point.y.isFinite else { return }
        willDeliverGesture()
        defer {
            didDeliverGesture()
            nameViews()
        }
        switch phase {
        case .began: window.simulateDrag(.began, at: onScreen(point))
        case .changed: window.simulateDrag(.moved, at: point)
        case .ended: window.simulateDrag(.ended, at: point)
        case .cancelled: window.simulateDrag(.cancelled, at: point)
        }
    }

    /// A press (and, on release after a swipe, the swipe): a tap at the press point unless
    /// the room takes pushes itself.
    public func push(at point: CGPoint, swipe: CGVector?) {
        guard takes(.push), point.x.isFinite, point.y.isFinite else { return }
        willDeliverGesture()
        defer {
            didDeliverGesture()
            nameViews()
        }
        if !handlePush(at: point, swipe: swipe) {
            window.simulateTouchEnded(window.simulateTouchBegan(at: onScreen(point)))
        }
    }

    /// Whether the lesson takes this kind of gesture (others are ignored, as the protocol
    /// says, even where a recogniser could read them as something else).
    private func takes(_ kind: GestureKind) -> Bool {
        gestureKinds.contains(kind)
    }

    /// The gestures this lesson takes: its type's info, or (a lesson run from its source)
    /// its own.
    open var gestureKinds: [GestureKind] {
        guard let lesson = self as? any Lesson else { return GestureKind.allCases }
        return type(of: lesson).info.gestures
    }

    /// A press just outside the view (the page allows a little slack) lands on its edge: a
    /// finger cannot touch down off the screen.
    private func onScreen(_ point: CGPoint) -> CGPoint {
        let b = window.bounds
        return CGPoint(x: min(max(point.x, b.minX), b.maxX.nextDown), y: min(max(point.y, b.minY), b.maxY.nextDown))
    }

    /// Before and after any gesture is delivered (a room that reports what it changed).
    open func willDeliverGesture() {}
    open func didDeliverGesture() {}
    /// Before a tap is delivered (a room that makes room for what the tap adds).
    open func willTap(at point: CGPoint) {}
    /// After a tap was delivered (a room that starts again on a tap, or reports it).
    open func didTap(at point: CGPoint) {}
    /// A room that reacts to pushes itself returns true; otherwise a push is a tap.
    open func handlePush(at point: CGPoint, swipe: CGVector?) -> Bool { false }

    // MARK: Clock

    open func advance(by dt: TimeInterval) {
        guard dt.isFinite, dt > 0 else { return }
        elapsedTime += dt
        // The window's clock: recogniser timers, the animators under the controller's view,
        // then layout.
        window.advanceClock(by: dt)
        // Which items this step moved: a client marks the others as at rest.
        steps += 1
        forEachPose { view, center, angle, _ in
            _ = itemID(of: view)
            var record = view.hostRecord
            if record.hasPose, record.lastCenter == center, record.lastAngle == angle { return }
            record.lastCenter = center
            record.lastAngle = angle
            record.hasPose = true
            record.movedAtStep = steps
            view.hostRecord = record
        }
        let now = currentStructure()
        if now != structure {
            structure = now
            sceneVersion += 1
        }
    }

    open var isAtRest: Bool {
        !(animator?.isRunning ?? false)
    }

    // MARK: What clients draw

    /// Every view under the reference view, depth first (drawing order), with its pose in
    /// the reference view's coordinates.
    public var items: [SceneItem] {
        var result: [SceneItem] = []
        forEachPose { view, center, angle, lineage in
            result.append(sceneItem(view, pose(view, center: center, angle: angle, lineage)))
        }
        return result
    }

    /// The items' poses alone, every tick's frame: no names, colours or texts are made.
    public var poses: [ItemPose] {
        var result: [ItemPose] = []
        forEachPose { view, center, angle, lineage in
            result.append(pose(view, center: center, angle: angle, lineage))
        }
        return result
    }

    /// Where a view sits under the reference view, for how it is shown: how deep, its parent's
    /// alpha, and whether a view above it (under the reference view) is hidden. Carried down
    /// the walk, so a frame does not walk up from every view through weak `superview`s.
    struct Lineage {
        var depth: Int
        var parentAlpha: CGFloat
        var hiddenAbove: Bool
    }

    /// Walks the views under the reference view depth first, with each one's centre and
    /// rotation in the reference view (a subview's centre is in its parent's bounds, so it
    /// is carried through the parent's pose).
    func forEachPose(_ body: (UIView, CGPoint, Double, Lineage) -> Void) {
        func walk(
            _ view: UIView, parent: (center: CGPoint, bounds: CGRect, angle: Double)?, _ lineage: Lineage
        ) {
            let transform = view.presentationTransform
            let own = Double(atan2(transform.b, transform.a))
            var center = view.presentationCenter
            var angle = own
            if let parent {
                let dx = Double(center.x - parent.bounds.midX)
                let dy = Double(center.y - parent.bounds.midY)
                let c = cos(parent.angle), s = sin(parent.angle)
                center = CGPoint(x: parent.center.x + c * dx - s * dy, y: parent.center.y + s * dx + c * dy)
                angle = parent.angle + own
            }
            body(view, center, angle, lineage)
            let below = Lineage(
                depth: lineage.depth + 1, parentAlpha: view.presentationAlpha,
                hiddenAbove: lineage.hiddenAbove || view.isHidden)
            for child in view.subviews {
                walk(child, parent: (center, view.bounds, angle), below)
            }
        }
        let top = Lineage(depth: 1, parentAlpha: 1, hiddenAbove: false)
        for view in controller.view.subviews { walk(view, parent: nil, top) }
    }

    public var lines: [SceneLine] {
        var result: [SceneLine] = []
        forEachDrawnAttachment { _, line in result.append(line) }
        return result
    }

    /// Every attachment drawn as a line, with its line, in the order of `lines`.
    func forEachDrawnAttachment(_ body: (UIAttachmentBehavior, SceneLine) -> Void) {
        guard let animator else { return }
        for behavior in flattened(animator.behaviors) {
            guard let attachment = behavior as? UIAttachmentBehavior else { continue }
            let items = attachment.items
            switch attachment.attachedBehaviorType {
            case .anchor:
                if let item = items.first { body(attachment, SceneLine(from: attachment.anchorPoint, to: item.center)) }
            case .items:
                if items.count == 2 { body(attachment, SceneLine(from: items[0].center, to: items[1].center)) }
            @unknown default:
                break
            }
        }
    }

    public var boundaries: [SceneBoundary] {
        var result: [SceneBoundary] = []
        if let animator {
            for behavior in flattened(animator.behaviors) {
                guard let collision = behavior as? UICollisionBehavior else { continue }
                if collision.translatesReferenceBoundsIntoBoundary, let bounds = animator.referenceView?.bounds {
                    let r = bounds.inset(by: collision.referenceBoundsInsets)
                    result.append(
                        SceneBoundary(
                            identifier: nil,
                            points: [
                                CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
                                CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY),
                            ], isClosed: true))
                }
                for identifier in collision.boundaryIdentifiers ?? [] {
                    guard let path = collision.boundary(withIdentifier: identifier) else { continue }
                    let points = path.flattenedPoints()
                    result.append(
                        SceneBoundary(identifier: "\(identifier)", points: points, isClosed: path.isClosed))
                }
            }
        }
        return result
    }

    /// The view's item id, numbering it on first sight (in drawing order, so a replay numbers
    /// items as the live room did).
    public func itemID(of view: UIView) -> Int {
        if view.hostRecord.itemID == 0 {
            view.hostRecord.itemID = nextID
            nextID += 1
        }
        return view.hostRecord.itemID
    }

    func flattened(_ behaviors: [UIDynamicBehavior]) -> [UIDynamicBehavior] {
        behaviors.flatMap { [$0] + flattened($0.childBehaviors) }
    }

    private func currentStructure() -> Int {
        var hasher = Hasher()
        func walk(_ view: UIView) {
            for child in view.subviews {
                hasher.combine(ObjectIdentifier(child))
                walk(child)
            }
        }
        walk(controller.view)
        return hasher.finalize()
    }

    private func pose(_ view: UIView, center: CGPoint, angle: Double, _ lineage: Lineage) -> ItemPose {
        // Its own alpha times its parent's is the product `shownAlpha` makes, bit for bit (a
        // product of two is the same either way round); deeper, that walks up as it always did.
        let alpha: CGFloat
        switch lineage.depth {
        case 1: alpha = view.presentationAlpha
        case 2: alpha = view.presentationAlpha * lineage.parentAlpha
        default: alpha = shownAlpha(of: view)
        }
        return ItemPose(
            id: itemID(of: view), center: center, angle: angle, alpha: Double(alpha),
            isHidden: lineage.hiddenAbove || view.isHidden, isAtRest: view.hostRecord.movedAtStep != steps)
    }

    private func sceneItem(_ view: UIView, _ pose: ItemPose) -> SceneItem {
        let size = view.bounds.size
        let shape: ItemShape
        var path: [CGPoint]?
        switch view.collisionBoundsType {
        case .ellipse:
            shape = .ellipse
        case .path:
            shape = .path
            path = view.collisionBoundingPath.flattenedPoints()
        default:
            shape = view.layer.cornerRadius >= min(size.width, size.height) / 2 && size.width == size.height
                ? .ellipse : .rect
        }
        let sprite = (view as? UIImageView)?.image?.name
        let text = (view as? UILabel)?.text ?? (view as? UIButton)?.title(for: .normal)
        return SceneItem(
            id: pose.id, name: view.hostName ?? sprite ?? "item", shape: shape, size: size,
            color: view.backgroundColor?.hexString ?? "#000000", isFilled: view.backgroundColor?.isVisible ?? false,
            sprite: sprite, text: text, path: path,
            cornerRadius: Double(view.layer.cornerRadius), center: pose.center, angle: pose.angle,
            alpha: pose.alpha, isHidden: pose.isHidden, isAtRest: pose.isAtRest)
    }

    /// The alpha a view is shown with: its own times every ancestor's under the root view,
    /// as UIKit composites a subtree (a hidden alert's button is hidden with it).
    private func shownAlpha(of view: UIView) -> CGFloat {
        var alpha = view.presentationAlpha
        var ancestor = view.superview
        while let v = ancestor, v !== controller.view {
            alpha *= v.presentationAlpha
            ancestor = v.superview
        }
        return alpha
    }

}

extension UIColor {
    /// False for a fully transparent colour (`.clear`).
    var isVisible: Bool {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        getRed(&r, green: &g, blue: &b, alpha: &a)
        return a > 0
    }

    /// `#rrggbb`, for clients. Written digit by digit: every item's colour is read for every
    /// frame, and `String(format:)` (Foundation's varargs formatter) was most of a heavy room's
    /// tick (docs/replay.md, "What made a heavy room's tick cost 1.8 ms").
    var hexString: String {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        getRed(&r, green: &g, blue: &b, alpha: &a)
        func byte(_ v: CGFloat) -> Int { Int((max(0, min(1, v)) * 255).rounded()) }
        let digits: StaticString = "0123456789abcdef"
        return String(unsafeUninitializedCapacity: 7) { buffer in
            buffer[0] = UInt8(ascii: "#")
            for (i, value) in [byte(r), byte(g), byte(b)].enumerated() {
                buffer[1 + 2 * i] = digits.utf8Start[value >> 4]
                buffer[2 + 2 * i] = digits.utf8Start[value & 15]
            }
            return 7
        }
    }
}

/// A collision delegate a room owns, to hear contacts without touching the tutorial's code.
final class CollisionObserver: UICollisionBehaviorDelegate {
    var began: (UIDynamicItem, NSCopying?, CGPoint) -> Void
    var ended: (UIDynamicItem, NSCopying?) -> Void

    init(
        began: @escaping (UIDynamicItem, NSCopying?, CGPoint) -> Void = { _, _, _ in },
        ended: @escaping (UIDynamicItem, NSCopying?) -> Void = { _, _ in }
    ) {
        self.began = began
        self.ended = ended
    }

    func collisionBehavior(
        _ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
        withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint
    ) {
        began(item, identifier, p)
    }

    func collisionBehavior(
        _ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem, withBoundaryIdentifier identifier: NSCopying?
    ) {
        ended(item, identifier)
    }
}
