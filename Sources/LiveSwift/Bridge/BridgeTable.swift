import CoreMotion
import Foundation
import Lessons

/// The UIKitDynamics API as a live lesson sees it: every type, initialiser, property and
/// method, one line each, in this one table (docs/live-code.md lists the same surface).
/// Anything not declared here does not exist for a live lesson.
enum BridgeTable {
    static func register(into b: Bridge) {
        geometry(b)
        views(b)
        animator(b)
        behaviors(b)
        gestures(b)
        randomness(b)
        playground(b)
        layout(b)
        motion(b)
        constants(b)
        runLoop(b)
        Builtins.register(into: b)
        Builtins.registerCRandom(into: b)
        b.addTypeNames([
            "Int", "Double", "CGFloat", "Float", "Bool", "String", "UInt32", "UInt", "UInt64", "Int32", "Int64", "UInt16",
            "Int16", "UInt8", "Int8", "Character", "Array", "Dictionary", "Optional", "Set",
            "Any", "AnyObject", "Void", "TimeInterval", "NSObject", "NSCopying", "Selector", "UIDynamicItem",
            "UICollisionBehaviorDelegate", "UIDynamicAnimatorDelegate", "Self", "NSString", "NSNumber",
            // The standard library's protocols the source's types conform to (by name).
            "Equatable", "Hashable", "Comparable", "CaseIterable", "CustomStringConvertible", "CustomDebugStringConvertible",
            "Identifiable", "Sendable",
        ])
    }

    // MARK: Auto Layout

    /// Anchors and constraints, as code from the wild places its views (NSLayoutConstraint.swift:
    /// a constraint's constant moves its view).
    private static func layout(_ b: Bridge) {
        let anchoring = TypeBuilder<UIView>(b, "UIView", reuse: true)
        anchoring.property("translatesAutoresizingMaskIntoConstraints", \.translatesAutoresizingMaskIntoConstraints, \.translatesAutoresizingMaskIntoConstraints)
        anchorProperties(anchoring)
        anchoring.readOnly("safeAreaLayoutGuide", \.safeAreaLayoutGuide)
        anchoring.readOnly("layoutMarginsGuide", \.layoutMarginsGuide)
        anchoring.readOnly("constraints", \.constraints)
        anchoring.method("addConstraint(_:)") { v, a in v.addConstraint(try a(0)) }
        anchoring.method("addConstraints(_:)") { v, a in v.addConstraints(try a(0)) }
        anchoring.method("removeConstraint(_:)") { v, a in v.removeConstraint(try a(0)) }
        anchoring.property("tintColor", \.tintColor, \.tintColor)
        // Key-value observing of a view's geometry: a view controller of the source hears
        // through its `observeValue(forKeyPath:of:change:context:)` (LiveViewController).
        anchoring.method("addObserver(_:forKeyPath:options:context:)") { v, a in
            guard let observer = try a.interpreter.observer(a.raw[0]) else { return }
            v.addObserver(observer, forKeyPath: try a(1), options: try a(2), context: nil)
        }
        anchoring.method("removeObserver(_:forKeyPath:)") { v, a in
            guard let observer = try a.interpreter.observer(a.raw[0]) else { return }
            v.removeObserver(observer, forKeyPath: try a(1))
        }
        let observing = TypeBuilder<NSKeyValueObservingOptions>(b, "NSKeyValueObservingOptions")
        observing.symbols(["new": .new, "old": .old, "initial": .initial, "prior": .prior])
        observing.optionSet()
        b.addTypeNames(["NSKeyValueChangeKey", "UnsafeMutableRawPointer", "UnsafeMutablePointer", "NSKeyValueChange"])
        anchoring.property("contentMode", \.contentMode, \.contentMode)
        anchoring.method("layoutIfNeeded()") { v, _ in v.layoutIfNeeded() }
        anchoring.method("setNeedsLayout()") { v, _ in v.setNeedsLayout() }
        let contentMode = TypeBuilder<UIView.ContentMode>(b, "UIView.ContentMode")
        contentMode.symbols([
            "scaleToFill": .scaleToFill, "scaleAspectFit": .scaleAspectFit, "scaleAspectFill": .scaleAspectFill,
            "redraw": .redraw, "center": .center,
        ])

        // `required init?(coder:)` names NSCoder; its class functions write geometry as text.
        let coder = TypeBuilder<NSCoder>(b, "NSCoder")
        coder.staticMethod("string(for:)", returns: String.self) { a in
            switch a.raw[0] {
            case .value(let p as CGPoint): return NSCoder.string(for: p)
            case .value(let s as CGSize): return NSCoder.string(for: s)
            case .value(let r as CGRect): return NSCoder.string(for: r)
            case .value(let v as CGVector): return NSCoder.string(for: v)
            default: throw mismatch(a.raw[0], "CGPoint, CGSize, CGRect or CGVector")
            }
        }
        coder.staticMethod("cgPoint(for:)", returns: CGPoint.self) { a in NSCoder.cgPoint(for: try a(0)) }

        let guide = TypeBuilder<UILayoutGuide>(b, "UILayoutGuide")
        guide.initializer("init()") { _ in UILayoutGuide() }
        guide.readOnly("layoutFrame", \.layoutFrame)
        anchorProperties(guide)

        func axis<A: NSLayoutAnchor<A> & BridgedObject>(_ builder: TypeBuilder<A>) {
            builder.function("constraint(equalTo:)") { x, a in x.constraint(equalTo: try a(0) as A) }
            builder.function("constraint(equalTo:constant:)") { x, a in x.constraint(equalTo: try a(0) as A, constant: try a(1)) }
            builder.function("constraint(greaterThanOrEqualTo:)") { x, a in x.constraint(greaterThanOrEqualTo: try a(0) as A) }
            builder.function("constraint(greaterThanOrEqualTo:constant:)") { x, a in
                x.constraint(greaterThanOrEqualTo: try a(0) as A, constant: try a(1))
            }
            builder.function("constraint(lessThanOrEqualTo:)") { x, a in x.constraint(lessThanOrEqualTo: try a(0) as A) }
            builder.function("constraint(lessThanOrEqualTo:constant:)") { x, a in
                x.constraint(lessThanOrEqualTo: try a(0) as A, constant: try a(1))
            }
        }
        axis(TypeBuilder<NSLayoutXAxisAnchor>(b, "NSLayoutXAxisAnchor"))
        axis(TypeBuilder<NSLayoutYAxisAnchor>(b, "NSLayoutYAxisAnchor"))
        let dimension = TypeBuilder<NSLayoutDimension>(b, "NSLayoutDimension")
        axis(dimension)
        dimension.function("constraint(equalToConstant:)") { d, a in d.constraint(equalToConstant: try a(0)) }
        dimension.function("constraint(greaterThanOrEqualToConstant:)") { d, a in d.constraint(greaterThanOrEqualToConstant: try a(0)) }
        dimension.function("constraint(lessThanOrEqualToConstant:)") { d, a in d.constraint(lessThanOrEqualToConstant: try a(0)) }
        dimension.function("constraint(equalTo:multiplier:)") { d, a in d.constraint(equalTo: try a(0), multiplier: try a(1)) }
        dimension.function("constraint(equalTo:multiplier:constant:)") { d, a in
            d.constraint(equalTo: try a(0), multiplier: try a(1), constant: try a(2))
        }

        let constraint = TypeBuilder<NSLayoutConstraint>(b, "NSLayoutConstraint")
        constraint.initializer("init(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)") { a in
            NSLayoutConstraint(
                item: try a(0) as UIView, attribute: try a(1), relatedBy: try a(2), toItem: try a(3) as UIView?, attribute: try a(4),
                multiplier: try a(5), constant: try a(6))
        }
        constraint.property("constant", \.constant, \.constant)
        constraint.property("isActive", \.isActive, \.isActive)
        constraint.property("priority", \.priority, \.priority)
        constraint.property("identifier", \.identifier, \.identifier)
        constraint.readOnly("multiplier", \.multiplier)
        constraint.staticMethod("activate(_:)") { a in
            NSLayoutConstraint.activate(try a(0))
            return nil
        }
        constraint.staticMethod("deactivate(_:)") { a in
            NSLayoutConstraint.deactivate(try a(0))
            return nil
        }
        let attribute = TypeBuilder<NSLayoutConstraint.Attribute>(b, "NSLayoutConstraint.Attribute")
        attribute.symbols([
            "left": .left, "right": .right, "top": .top, "bottom": .bottom, "leading": .leading, "trailing": .trailing,
            "width": .width, "height": .height, "centerX": .centerX, "centerY": .centerY, "notAnAttribute": .notAnAttribute,
        ])
        let relation = TypeBuilder<NSLayoutConstraint.Relation>(b, "NSLayoutConstraint.Relation")
        relation.symbols(["equal": .equal, "lessThanOrEqual": .lessThanOrEqual, "greaterThanOrEqual": .greaterThanOrEqual])
        let priority = TypeBuilder<UILayoutPriority>(b, "UILayoutPriority")
        priority.initializer("init(_:)") { UILayoutPriority(try $0(0) as Float) }
        priority.symbols(["required": .required, "defaultHigh": .defaultHigh, "defaultLow": .defaultLow])
    }

    /// The ten anchors of a view or a layout guide.
    private static func anchorProperties<T: UILayoutAnchoring>(_ builder: TypeBuilder<T>) {
        for (name, keyPath) in [
            ("leadingAnchor", \T.leadingAnchor), ("trailingAnchor", \.trailingAnchor), ("leftAnchor", \.leftAnchor),
            ("rightAnchor", \.rightAnchor), ("centerXAnchor", \.centerXAnchor),
        ] {
            builder.readOnly(name) { $0[keyPath: keyPath] }
        }
        for (name, keyPath) in [("topAnchor", \T.topAnchor), ("bottomAnchor", \.bottomAnchor), ("centerYAnchor", \.centerYAnchor)] {
            builder.readOnly(name) { $0[keyPath: keyPath] }
        }
        builder.readOnly("widthAnchor", \.widthAnchor)
        builder.readOnly("heightAnchor", \.heightAnchor)
    }

    // MARK: Motion

    /// `import CoreMotion`: a motion manager that reports no sensors (a server has none), so code
    /// that checks for an accelerometer runs on; its handlers are never called.
    private static func motion(_ b: Bridge) {
        let manager = TypeBuilder<CMMotionManager>(b, "CMMotionManager")
        manager.initializer("init()") { _ in CMMotionManager() }
        manager.readOnly("isAccelerometerAvailable", \.isAccelerometerAvailable)
        manager.readOnly("isGyroAvailable", \.isGyroAvailable)
        manager.readOnly("isDeviceMotionAvailable", \.isDeviceMotionAvailable)
        manager.readOnly("isAccelerometerActive", \.isAccelerometerActive)
        manager.readOnly("isDeviceMotionActive", \.isDeviceMotionActive)
        manager.property("accelerometerUpdateInterval", \.accelerometerUpdateInterval, \.accelerometerUpdateInterval)
        manager.property("gyroUpdateInterval", \.gyroUpdateInterval, \.gyroUpdateInterval)
        manager.property("deviceMotionUpdateInterval", \.deviceMotionUpdateInterval, \.deviceMotionUpdateInterval)
        manager.method("startAccelerometerUpdates()") { m, _ in m.startAccelerometerUpdates() }
        manager.method("startAccelerometerUpdates(to:withHandler:)") { m, a in
            m.startAccelerometerUpdates(to: try a(0), withHandler: { _, _ in })
        }
        manager.method("stopAccelerometerUpdates()") { m, _ in m.stopAccelerometerUpdates() }
        manager.method("startGyroUpdates(to:withHandler:)") { m, a in m.startGyroUpdates(to: try a(0), withHandler: { _, _ in }) }
        manager.method("stopGyroUpdates()") { m, _ in m.stopGyroUpdates() }
        manager.method("startDeviceMotionUpdates()") { m, _ in m.startDeviceMotionUpdates() }
        manager.method("startDeviceMotionUpdates(to:withHandler:)") { m, a in
            m.startDeviceMotionUpdates(to: try a(0), withHandler: { _, _ in })
        }
        manager.method("stopDeviceMotionUpdates()") { m, _ in m.stopDeviceMotionUpdates() }
        let queue = TypeBuilder<OperationQueue>(b, "OperationQueue")
        queue.initializer("init()") { _ in OperationQueue() }
        queue.staticValue("main", returns: OperationQueue.self) { OperationQueue.main }
        b.addTypeNames(["CMAccelerometerData", "CMGyroData", "CMDeviceMotion", "CMAcceleration", "CMRotationRate", "Error"])
    }

    // MARK: Playground pages

    /// `PlaygroundPage.current` (Builtins.get gives each run its own page): what a
    /// playground page shows (docs/live-code.md, "Playground pages").
    private static func playground(_ b: Bridge) {
        let page = TypeBuilder<LivePlaygroundPage>(b, "PlaygroundPage")
        page.declare("current", .staticValue, LivePlaygroundPage.self)
        page.computed("liveView", get: { page, _ in page.liveView }, set: { page, value, _ in page.liveView = value })
        page.property("needsIndefiniteExecution", \.needsIndefiniteExecution, \.needsIndefiniteExecution)
        page.method("finishExecution()") { page, _ in page.finished = true }
        page.method("setLiveView(_:)") { page, a in page.liveView = a.raw[0] }
        b.addTypeNames(["PlaygroundLiveViewable"])
    }

    // MARK: The run loop

    /// `Timer`, `CADisplayLink`, `RunLoop.main` and `DispatchQueue.main` on the lesson's clock
    /// (LiveRunLoop.swift); `DispatchTime` is seconds of that clock.
    private static func runLoop(_ b: Bridge) {
        func timerAction(_ a: Args, block: Int) throws -> (LiveTimer) -> Void {
            try Convert.block1(a.raw[block], a.interpreter) { (t: LiveTimer) in .native(t) } ?? { _ in }
        }
        func targetAction(_ a: Args, target: Int, selector: Int) throws -> (LiveTimer) -> Void {
            let object = try a.interpreter.actionTarget(a.raw[target]) as? SelectorPerforming
            let action = try a(selector) as Selector
            return { [weak object] timer in object?.perform(action, with: timer) }
        }
        let timer = TypeBuilder<LiveTimer>(b, "Timer")
        timer.staticMethod("scheduledTimer(withTimeInterval:repeats:block:)", returns: LiveTimer.self) { a in
            let made = LiveTimer(interval: try a(0), repeats: try a(1), action: try timerAction(a, block: 2))
            try a.interpreter.runLoop.add(made)
            return made
        }
        timer.staticMethod("scheduledTimer(timeInterval:target:selector:userInfo:repeats:)", returns: LiveTimer.self) { a in
            let made = LiveTimer(
                interval: try a(0), repeats: try a(4), userInfo: a.raw[3], action: try targetAction(a, target: 1, selector: 2))
            try a.interpreter.runLoop.add(made)
            return made
        }
        timer.initializer("init(timeInterval:repeats:block:)") { a in
            LiveTimer(interval: try a(0), repeats: try a(1), action: try timerAction(a, block: 2))
        }
        timer.method("invalidate()") { t, _ in t.invalidate() }
        timer.method("fire()") { t, _ in t.fire() }
        timer.readOnly("isValid", \.isValid)
        timer.readOnly("timeInterval", \.timeInterval)
        timer.property("tolerance", \.tolerance, \.tolerance)
        timer.computed("userInfo", get: { t, _ in t.userInfo })

        let link = TypeBuilder<LiveDisplayLink>(b, "CADisplayLink")
        link.initializer("init(target:selector:)") { a in
            LiveDisplayLink(target: try a.interpreter.actionTarget(a.raw[0]), selector: try a(1))
        }
        link.method("add(to:forMode:)") { l, a in try a.interpreter.runLoop.add(l) }
        link.method("remove(from:forMode:)") { l, a in a.interpreter.runLoop.remove(l) }
        link.method("invalidate()") { l, a in
            l.invalidate()
            a.interpreter.runLoop.remove(l)
        }
        link.readOnly("timestamp", \.timestamp)
        link.readOnly("duration", \.duration)
        link.readOnly("targetTimestamp", \.targetTimestamp)
        link.property("isPaused", \.isPaused, \.isPaused)
        link.property("preferredFramesPerSecond", \.preferredFramesPerSecond, \.preferredFramesPerSecond)

        let loop = TypeBuilder<LiveMainRunLoop>(b, "RunLoop")
        loop.staticValue("main", returns: LiveMainRunLoop.self) { LiveMainRunLoop.shared }
        loop.staticValue("current", returns: LiveMainRunLoop.self) { LiveMainRunLoop.shared }
        loop.method("add(_:forMode:)") { _, a in
            switch a.raw[0] {
            case .native(let t as LiveTimer): try a.interpreter.runLoop.add(t)
            case .native(let l as LiveDisplayLink): try a.interpreter.runLoop.add(l)
            default: throw BridgeError(message: "RunLoop.add(_:forMode:) takes a Timer")
            }
        }
        let mode = TypeBuilder<LiveRunLoopMode>(b, "RunLoop.Mode")
        mode.symbols(["common": .common, "default": .default, "tracking": .tracking, "commonModes": .common, "defaultRunLoopMode": .default])

        let queue = TypeBuilder<LiveMainQueue>(b, "DispatchQueue")
        queue.staticValue("main", returns: LiveMainQueue.self) { LiveMainQueue.shared }
        queue.staticMethod("global()", returns: LiveMainQueue.self) { _ in LiveMainQueue.shared }
        queue.staticMethod("global(qos:)", returns: LiveMainQueue.self) { _ in LiveMainQueue.shared }
        queue.method("async(execute:)") { _, a in
            guard let block = try a.block(0) else { return }
            try a.interpreter.runLoop.add(due: a.interpreter.runLoop.now, block)
        }
        queue.method("asyncAfter(deadline:execute:)") { _, a in
            guard let block = try a.block(1) else { return }
            try a.interpreter.runLoop.add(due: try a(0), block)
        }
        let time = TypeBuilder<LiveDispatchTime>(b, "DispatchTime")
        time.staticMethod("now()", returns: Double.self) { a in a.interpreter.runLoop.now }
        b.addTypeNames(["DispatchTimeInterval", "DispatchQoS", "RunLoopMode", "DispatchWallTime"])
    }

    // MARK: Constants

    private static func constants(_ b: Bridge) {
        for (name, value) in [("M_PI", Double.pi), ("M_PI_2", Double.pi / 2), ("M_PI_4", Double.pi / 4), ("M_E", M_E)] {
            b.constants[name] = .double(value)
        }
        b.constants["NSEC_PER_SEC"] = .int(1_000_000_000)
    }

    // MARK: Randomness

    /// The lessons' own generator (the drops lesson's `SeededRandom`), passed as `&random` to
    /// `random(in:using:)`, `shuffle(using:)` and `randomElement(using:)` (Builtins.swift).
    private static func randomness(_ b: Bridge) {
        let seeded = TypeBuilder<SeededRandom>(b, "SeededRandom")
        seeded.initializer("init(seed:)") { a in
            let seed = try a(0) as Int
            guard seed >= 0 else {
                throw BridgeError(message: "negative integer '\(seed)' overflows when stored into unsigned type 'UInt64'")
            }
            return SeededRandom(seed: UInt64(seed))
        }
    }

    // MARK: Geometry

    private static func geometry(_ b: Bridge) {
        // The C-style makers older code calls (`UIOffsetMake(0, 0)`).
        b.globals["UIOffsetMake"] = { args, i in
            guard args.count == 2 else { throw BridgeError(message: "UIOffsetMake takes 2 arguments") }
            return .value(UIOffsetMake(try CGFloat.from(args[0], i), try CGFloat.from(args[1], i)))
        }
        b.globals["UIEdgeInsetsMake"] = { args, i in
            guard args.count == 4 else { throw BridgeError(message: "UIEdgeInsetsMake takes 4 arguments") }
            let v = try args.values.map { try CGFloat.from($0, i) }
            return .value(UIEdgeInsetsMake(v[0], v[1], v[2], v[3]))
        }
        let point = TypeBuilder<CGPoint>(b, "CGPoint")
        point.initializer("init(x:y:)") { CGPoint(x: try $0(0) as CGFloat, y: try $0(1) as CGFloat) }
        point.initializer("init()") { _ in .zero }
        point.field("x", \.x, \.x)
        point.field("y", \.y, \.y)
        point.symbols(["zero": .zero])
        point.returning("applying(_:)") { p, a in p.applying(try a(0) as CGAffineTransform) }

        let size = TypeBuilder<CGSize>(b, "CGSize")
        size.initializer("init(width:height:)") { CGSize(width: try $0(0) as CGFloat, height: try $0(1) as CGFloat) }
        size.initializer("init()") { _ in .zero }
        size.field("width", \.width, \.width)
        size.field("height", \.height, \.height)
        size.symbols(["zero": .zero])

        let rect = TypeBuilder<CGRect>(b, "CGRect")
        rect.initializer("init(x:y:width:height:)") {
            CGRect(x: try $0(0) as CGFloat, y: try $0(1) as CGFloat, width: try $0(2) as CGFloat, height: try $0(3) as CGFloat)
        }
        rect.initializer("init(origin:size:)") { CGRect(origin: try $0(0), size: try $0(1)) }
        rect.initializer("init()") { _ in .zero }
        rect.field("origin", \.origin, \.origin)
        rect.field("size", \.size, \.size)
        rect.readOnly("minX", \.minX)
        rect.readOnly("midX", \.midX)
        rect.readOnly("maxX", \.maxX)
        rect.readOnly("minY", \.minY)
        rect.readOnly("midY", \.midY)
        rect.readOnly("maxY", \.maxY)
        rect.readOnly("width", \.width)
        rect.readOnly("height", \.height)
        rect.readOnly("isEmpty", \.isEmpty)
        rect.symbols(["zero": .zero, "null": .null, "infinite": .infinite])
        rect.function("contains(_:)") { r, a in r.contains(try a(0) as CGPoint) }
        rect.function("intersects(_:)") { r, a in r.intersects(try a(0) as CGRect) }
        rect.function("insetBy(dx:dy:)") { r, a in r.insetBy(dx: try a(0), dy: try a(1)) }
        rect.function("offsetBy(dx:dy:)") { r, a in r.offsetBy(dx: try a(0), dy: try a(1)) }
        rect.function("inset(by:)") { r, a in r.inset(by: try a(0)) }
        rect.function("union(_:)") { r, a in r.union(try a(0)) }
        rect.function("intersection(_:)") { r, a in r.intersection(try a(0)) }

        let vector = TypeBuilder<CGVector>(b, "CGVector")
        vector.initializer("init(dx:dy:)") { CGVector(dx: try $0(0) as CGFloat, dy: try $0(1) as CGFloat) }
        vector.initializer("init()") { _ in .zero }
        vector.field("dx", \.dx, \.dx)
        vector.field("dy", \.dy, \.dy)
        vector.symbols(["zero": .zero])

        let offset = TypeBuilder<UIOffset>(b, "UIOffset")
        offset.initializer("init(horizontal:vertical:)") { UIOffset(horizontal: try $0(0), vertical: try $0(1)) }
        offset.initializer("init()") { _ in .zero }
        offset.field("horizontal", \.horizontal, \.horizontal)
        offset.field("vertical", \.vertical, \.vertical)
        offset.symbols(["zero": .zero])

        let insets = TypeBuilder<UIEdgeInsets>(b, "UIEdgeInsets")
        insets.initializer("init(top:left:bottom:right:)") {
            UIEdgeInsets(top: try $0(0), left: try $0(1), bottom: try $0(2), right: try $0(3))
        }
        insets.initializer("init()") { _ in .zero }
        insets.field("top", \.top, \.top)
        insets.field("left", \.left, \.left)
        insets.field("bottom", \.bottom, \.bottom)
        insets.field("right", \.right, \.right)
        insets.symbols(["zero": .zero])

        let range = TypeBuilder<UIFloatRange>(b, "UIFloatRange")
        range.initializer("init(minimum:maximum:)") { UIFloatRange(minimum: try $0(0), maximum: try $0(1)) }
        range.initializer("init()") { _ in .zero }
        range.field("minimum", \.minimum, \.minimum)
        range.field("maximum", \.maximum, \.maximum)
        range.readOnly("isInfinite", \.isInfinite)
        range.symbols(["zero": .zero, "infinite": .infinite])

        let transform = TypeBuilder<CGAffineTransform>(b, "CGAffineTransform")
        transform.initializer("init()") { _ in .identity }
        transform.initializer("init(a:b:c:d:tx:ty:)") {
            CGAffineTransform(a: try $0(0), b: try $0(1), c: try $0(2), d: try $0(3), tx: try $0(4), ty: try $0(5))
        }
        transform.initializer("init(rotationAngle:)") { CGAffineTransform(rotationAngle: try $0(0)) }
        transform.initializer("init(scaleX:y:)") { CGAffineTransform(scaleX: try $0(0), y: try $0(1)) }
        transform.initializer("init(translationX:y:)") { CGAffineTransform(translationX: try $0(0), y: try $0(1)) }
        for (name, keyPath) in [("a", \CGAffineTransform.a), ("b", \.b), ("c", \.c), ("d", \.d), ("tx", \.tx), ("ty", \.ty)] {
            transform.field(name, { $0[keyPath: keyPath] }, keyPath)
        }
        transform.readOnly("isIdentity", \.isIdentity)
        transform.symbols(["identity": .identity])
        transform.function("concatenating(_:)") { t, a in t.concatenating(try a(0)) }
        transform.function("rotated(by:)") { t, a in t.rotated(by: try a(0)) }
        transform.function("scaledBy(x:y:)") { t, a in t.scaledBy(x: try a(0), y: try a(1)) }
        transform.function("translatedBy(x:y:)") { t, a in t.translatedBy(x: try a(0), y: try a(1)) }
        transform.function("inverted()") { t, _ in t.inverted() }

        let path = TypeBuilder<UIBezierPath>(b, "UIBezierPath")
        path.initializer("init()") { _ in UIBezierPath() }
        path.initializer("init(rect:)") { UIBezierPath(rect: try $0(0)) }
        path.initializer("init(ovalIn:)") { UIBezierPath(ovalIn: try $0(0)) }
        path.initializer("init(roundedRect:cornerRadius:)") { UIBezierPath(roundedRect: try $0(0), cornerRadius: try $0(1)) }
        path.initializer("init(arcCenter:radius:startAngle:endAngle:clockwise:)") {
            UIBezierPath(arcCenter: try $0(0), radius: try $0(1), startAngle: try $0(2), endAngle: try $0(3), clockwise: try $0(4))
        }
        path.method("move(to:)") { p, a in p.move(to: try a(0)) }
        path.method("addLine(to:)") { p, a in p.addLine(to: try a(0)) }
        path.method("addCurve(to:controlPoint1:controlPoint2:)") {
            p, a in p.addCurve(to: try a(0), controlPoint1: try a(1), controlPoint2: try a(2))
        }
        path.method("addQuadCurve(to:controlPoint:)") { p, a in p.addQuadCurve(to: try a(0), controlPoint: try a(1)) }
        path.method("addArc(withCenter:radius:startAngle:endAngle:clockwise:)") { p, a in
            p.addArc(withCenter: try a(0), radius: try a(1), startAngle: try a(2), endAngle: try a(3), clockwise: try a(4))
        }
        path.method("close()") { p, _ in p.close() }
        path.method("append(_:)") { p, a in p.append(try a(0)) }
        path.method("removeAllPoints()") { p, _ in p.removeAllPoints() }
        path.method("apply(_:)") { p, a in p.apply(try a(0)) }
        path.readOnly("isEmpty", \.isEmpty)
        path.readOnly("bounds", \.bounds)
        path.readOnly("currentPoint", \.currentPoint)
        path.returning("copy()") { p, _ in p.copy() }
        path.initializer("init(cgPath:)") { UIBezierPath(cgPath: try $0(0)) }
        path.property("cgPath", \.cgPath, \.cgPath)
        let cgPath = TypeBuilder<CGPath>(b, "CGPath")
        cgPath.readOnly("boundingBox", \.boundingBox)
        cgPath.readOnly("currentPoint", \.currentPoint)
        cgPath.readOnly("isEmpty", \.isEmpty)

        let color = TypeBuilder<UIColor>(b, "UIColor")
        color.initializer("init(red:green:blue:alpha:)") {
            UIColor(red: try $0(0), green: try $0(1), blue: try $0(2), alpha: try $0(3))
        }
        color.initializer("init(white:alpha:)") { UIColor(white: try $0(0), alpha: try $0(1)) }
        color.initializer("init(hue:saturation:brightness:alpha:)") {
            UIColor(hue: try $0(0), saturation: try $0(1), brightness: try $0(2), alpha: try $0(3))
        }
        color.initializer("init(cgColor:)") { UIColor(cgColor: try $0(0)) }
        for (name, make) in [
            ("red", { UIColor.red }), ("green", { .green }), ("blue", { .blue }), ("gray", { .gray }),
            ("lightGray", { .lightGray }), ("darkGray", { .darkGray }), ("black", { .black }), ("white", { .white }),
            ("clear", { .clear }), ("yellow", { .yellow }), ("orange", { .orange }), ("purple", { .purple }),
            ("cyan", { .cyan }), ("magenta", { .magenta }), ("brown", { .brown }),
        ] as [(String, () -> UIColor)] {
            color.symbol(name, make)
        }
        color.function("withAlphaComponent(_:)") { c, a in c.withAlphaComponent(try a(0)) }
        color.readOnly("cgColor", \.cgColor)

        let cgColor = TypeBuilder<CGColor>(b, "CGColor")
        cgColor.initializer("init(red:green:blue:alpha:)") {
            CGColor(red: try $0(0), green: try $0(1), blue: try $0(2), alpha: try $0(3))
        }

        let region = TypeBuilder<UIRegion>(b, "UIRegion")
        region.initializer("init(radius:)") { UIRegion(radius: try $0(0)) }
        region.initializer("init(size:)") { UIRegion(size: try $0(0)) }
        region.symbol("infinite") { .infinite }
        region.returning("inverse()") { r, _ in r.inverse() }
        region.returning("union(with:)") { r, a in r.union(with: try a(0)) }
        region.returning("difference(from:)") { r, a in r.difference(from: try a(0)) }
        region.returning("intersection(with:)") { r, a in r.intersection(with: try a(0)) }
        region.function("contains(_:)") { r, a in r.contains(try a(0)) }
    }

    // MARK: Views

    private static func views(_ b: Bridge) {
        let layer = TypeBuilder<CALayer>(b, "CALayer")
        layer.property("cornerRadius", \.cornerRadius, \.cornerRadius)
        layer.property("borderWidth", \.borderWidth, \.borderWidth)
        layer.property("borderColor", \.borderColor, \.borderColor)
        layer.property("shadowColor", \.shadowColor, \.shadowColor)
        layer.property("shadowOpacity", \.shadowOpacity, \.shadowOpacity)
        layer.property("shadowOffset", \.shadowOffset, \.shadowOffset)
        layer.property("shadowRadius", \.shadowRadius, \.shadowRadius)
        layer.property("masksToBounds", \.masksToBounds, \.masksToBounds)
        layer.initializer("init()") { _ in CALayer() }
        layer.readOnly("sublayers", \.sublayers)
        layer.readOnly("superlayer", \.superlayer)
        layer.method("addSublayer(_:)") { l, a in l.addSublayer(try a(0)) }
        layer.method("insertSublayer(_:at:)") { l, a in l.insertSublayer(try a(0), at: UInt32(clamping: try a(1) as Int)) }
        layer.method("removeFromSuperlayer()") { l, _ in l.removeFromSuperlayer() }

        // Shape layers are decoration: their properties are kept, nothing is drawn (CALayer.swift).
        let shape = TypeBuilder<CAShapeLayer>(b, "CAShapeLayer", parent: "CALayer")
        shape.initializer("init()") { _ in CAShapeLayer() }
        shape.property("path", \.path, \.path)
        shape.property("fillColor", \.fillColor, \.fillColor)
        shape.property("strokeColor", \.strokeColor, \.strokeColor)
        shape.property("lineWidth", \.lineWidth, \.lineWidth)
        shape.property("lineJoin", \.lineJoin, \.lineJoin)
        shape.property("lineCap", \.lineCap, \.lineCap)
        shape.property("miterLimit", \.miterLimit, \.miterLimit)
        shape.property("strokeStart", \.strokeStart, \.strokeStart)
        shape.property("strokeEnd", \.strokeEnd, \.strokeEnd)
        let lineJoin = TypeBuilder<CAShapeLayerLineJoin>(b, "CAShapeLayerLineJoin")
        lineJoin.symbols(["miter": .miter, "round": .round, "bevel": .bevel])
        let lineCap = TypeBuilder<CAShapeLayerLineCap>(b, "CAShapeLayerLineCap")
        lineCap.symbols(["butt": .butt, "round": .round, "square": .square])

        let view = TypeBuilder<UIView>(b, "UIView")
        view.initializer("init(frame:)") { UIView(frame: try $0(0)) }
        view.initializer("init()") { _ in UIView() }
        view.readOnly("layer", \.layer)
        view.property("isHidden", \.isHidden, \.isHidden)
        view.property("tag", \.tag, \.tag)
        view.property("isUserInteractionEnabled", \.isUserInteractionEnabled, \.isUserInteractionEnabled)
        view.property("clipsToBounds", \.clipsToBounds, \.clipsToBounds)
        view.readOnly("subviews", \.subviews)
        view.readOnly("superview", \.superview)
        view.property("center", \.center, \.center)
        view.property("bounds", \.bounds, \.bounds)
        view.property("transform", \.transform, \.transform)
        view.property("frame", \.frame, \.frame)
        view.property("alpha", \.alpha, \.alpha)
        view.property("backgroundColor", \.backgroundColor, \.backgroundColor)
        view.readOnly("collisionBoundsType", \.collisionBoundsType)
        view.readOnly("collisionBoundingPath", \.collisionBoundingPath)
        view.method("addSubview(_:)") { v, a in v.addSubview(try a(0)) }
        view.method("insertSubview(_:at:)") { v, a in v.insertSubview(try a(0), at: try a(1)) }
        view.method("removeFromSuperview()") { v, _ in v.removeFromSuperview() }
        view.method("bringSubviewToFront(_:)") { v, a in v.bringSubviewToFront(try a(0)) }
        view.method("sendSubviewToBack(_:)") { v, a in v.sendSubviewToBack(try a(0)) }
        view.function("isDescendant(of:)") { v, a in v.isDescendant(of: try a(0)) }
        view.method("addGestureRecognizer(_:)") { v, a in v.addGestureRecognizer(try a(0)) }
        view.method("removeGestureRecognizer(_:)") { v, a in v.removeGestureRecognizer(try a(0)) }
        view.readOnly("gestureRecognizers", \.gestureRecognizers)
        view.staticMethod("animate(withDuration:animations:)") { a in
            UIView.animate(withDuration: try a(0), animations: try a.block(1) ?? {})
            return nil
        }
        view.staticMethod("animate(withDuration:animations:completion:)") { a in
            UIView.animate(
                withDuration: try a(0), animations: try a.block(1) ?? {},
                completion: try Convert.block1(a.raw[2], a.interpreter) { .bool($0) })
            return nil
        }
        view.staticMethod("animate(withDuration:delay:options:animations:completion:)") { a in
            UIView.animate(
                withDuration: try a(0), delay: try a(1), options: try a(2), animations: try a.block(3) ?? {},
                completion: try Convert.block1(a.raw[4], a.interpreter) { .bool($0) })
            return nil
        }
        view.staticMethod("animate(withDuration:delay:options:animations:)") { a in
            UIView.animate(withDuration: try a(0), delay: try a(1), options: try a(2), animations: try a.block(3) ?? {})
            return nil
        }
        view.staticMethod("animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:completion:)") { a in
            UIView.animate(
                withDuration: try a(0), delay: try a(1), usingSpringWithDamping: try a(2), initialSpringVelocity: try a(3),
                options: try a(4), animations: try a.block(5) ?? {},
                completion: try Convert.block1(a.raw[6], a.interpreter) { .bool($0) })
            return nil
        }
        view.staticMethod("animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:)") { a in
            UIView.animate(
                withDuration: try a(0), delay: try a(1), usingSpringWithDamping: try a(2), initialSpringVelocity: try a(3),
                options: try a(4), animations: try a.block(5) ?? {})
            return nil
        }
        view.staticMethod("performWithoutAnimation(_:)") { a in
            UIView.performWithoutAnimation(try a.block(0) ?? {})
            return nil
        }
        // `convert(_:to:)`/`convert(_:from:)` take a point or a rectangle.
        view.returning("convert(_:to:)") { v, a in
            switch a.raw[0] {
            case .value(let p as CGPoint): return v.convert(p, to: try a(1) as UIView?)
            case .value(let r as CGRect): return v.convert(r, to: try a(1) as UIView?)
            default: throw mismatch(a.raw[0], "CGPoint or CGRect")
            }
        }
        view.returning("convert(_:from:)") { v, a in
            switch a.raw[0] {
            case .value(let p as CGPoint): return v.convert(p, from: try a(1) as UIView?)
            case .value(let r as CGRect): return v.convert(r, from: try a(1) as UIView?)
            default: throw mismatch(a.raw[0], "CGPoint or CGRect")
            }
        }

        // A property animator runs `UIView.animate`'s animations, started when asked
        // (UIViewPropertyAnimator.swift).
        let propertyAnimator = TypeBuilder<UIViewPropertyAnimator>(b, "UIViewPropertyAnimator")
        propertyAnimator.initializer("init(duration:curve:animations:)") { a in
            UIViewPropertyAnimator(duration: try a(0), curve: try a(1), animations: try a.block(2))
        }
        propertyAnimator.initializer("init(duration:dampingRatio:animations:)") { a in
            UIViewPropertyAnimator(duration: try a(0), dampingRatio: try a(1), animations: try a.block(2))
        }
        propertyAnimator.readOnly("duration", \.duration)
        propertyAnimator.readOnly("delay", \.delay)
        propertyAnimator.readOnly("state", \.state)
        propertyAnimator.readOnly("isRunning", \.isRunning)
        propertyAnimator.property("isInterruptible", \.isInterruptible, \.isInterruptible)
        propertyAnimator.property("isUserInteractionEnabled", \.isUserInteractionEnabled, \.isUserInteractionEnabled)
        propertyAnimator.method("addAnimations(_:)") { p, a in p.addAnimations(try a.block(0) ?? {}) }
        propertyAnimator.method("addAnimations(_:delayFactor:)") { p, a in
            p.addAnimations(try a.block(0) ?? {}, delayFactor: try a(1))
        }
        propertyAnimator.method("addCompletion(_:)") { p, a in
            p.addCompletion(try Convert.block1(a.raw[0], a.interpreter) { (position: UIViewAnimatingPosition) in .value(position) } ?? { _ in })
        }
        propertyAnimator.method("startAnimation()") { p, _ in p.startAnimation() }
        propertyAnimator.method("startAnimation(afterDelay:)") { p, a in p.startAnimation(afterDelay: try a(0)) }
        let curve = TypeBuilder<UIView.AnimationCurve>(b, "UIView.AnimationCurve")
        curve.symbols(["easeInOut": .easeInOut, "easeIn": .easeIn, "easeOut": .easeOut, "linear": .linear])
        let position = TypeBuilder<UIViewAnimatingPosition>(b, "UIViewAnimatingPosition")
        position.symbols(["end": .end, "start": .start, "current": .current])
        let animatingState = TypeBuilder<UIViewAnimatingState>(b, "UIViewAnimatingState")
        animatingState.symbols(["inactive": .inactive, "active": .active, "stopped": .stopped])

        // Touches, as a controller's `touchesBegan(_:with:)` … hear them (LiveViewController):
        // a set of touches arrives as the touches in order.
        let touch = TypeBuilder<UITouch>(b, "UITouch")
        touch.function("location(in:)") { t, a in t.location(in: try a(0)) }
        touch.function("previousLocation(in:)") { t, a in t.previousLocation(in: try a(0)) }
        touch.readOnly("tapCount", \.tapCount)
        touch.readOnly("timestamp", \.timestamp)
        touch.readOnly("view", \.view)
        touch.readOnly("phase", \.phase)
        let phase = TypeBuilder<UITouch.Phase>(b, "UITouch.Phase")
        phase.symbols(["began": .began, "moved": .moved, "stationary": .stationary, "ended": .ended, "cancelled": .cancelled])
        let touchEvent = TypeBuilder<UIEvent>(b, "UIEvent")
        touchEvent.readOnly("timestamp", \.timestamp)
        touchEvent.computed("allTouches") { e, _ in
            .array((e.allTouches ?? []).sorted { $0.timestamp < $1.timestamp }.map { Value.native($0) })
        }

        let options = TypeBuilder<UIView.AnimationOptions>(b, "UIView.AnimationOptions")
        options.symbols([
            "allowUserInteraction": .allowUserInteraction, "beginFromCurrentState": .beginFromCurrentState,
            "curveEaseInOut": .curveEaseInOut, "curveEaseIn": .curveEaseIn, "curveEaseOut": .curveEaseOut,
            "curveLinear": .curveLinear,
        ])
        options.optionSet()

        let label = TypeBuilder<UILabel>(b, "UILabel", parent: "UIView")
        label.initializer("init(frame:)") { UILabel(frame: try $0(0)) }
        label.initializer("init()") { _ in UILabel(frame: .zero) }
        label.property("text", \.text, \.text)
        label.property("textColor", \.textColor, \.textColor)
        label.property("numberOfLines", \.numberOfLines, \.numberOfLines)

        let image = TypeBuilder<UIImage>(b, "UIImage")
        image.declare("init(named:)", .initializer, UIImage?.self)
        image.type.initializers.append(.init(labels: ["named"]) { args, interpreter in
            UIImage(named: try String.from(args[0], interpreter)).map { .native($0) } ?? .none
        })
        image.readOnly("name", \.name)
        image.readOnly("size", \.size)
        image.readOnly("renderingMode", \.renderingMode)
        image.function("withRenderingMode(_:)") { i, a in i.withRenderingMode(try a(0)) }
        image.staticMethod("animatedImageNamed(_:duration:)", returns: UIImage?.self) { a in
            UIImage.animatedImageNamed(try a(0), duration: try a(1))
        }
        let rendering = TypeBuilder<UIImage.RenderingMode>(b, "UIImage.RenderingMode")
        rendering.symbols(["automatic": .automatic, "alwaysOriginal": .alwaysOriginal, "alwaysTemplate": .alwaysTemplate])

        let imageView = TypeBuilder<UIImageView>(b, "UIImageView", parent: "UIView")
        imageView.initializer("init(image:)") { UIImageView(image: try $0(0)) }
        imageView.initializer("init(frame:)") { UIImageView(frame: try $0(0)) }
        imageView.property("image", \.image, \.image)

        let control = TypeBuilder<UIControl>(b, "UIControl", parent: "UIView")
        control.property("isEnabled", \.isEnabled, \.isEnabled)
        control.property("isSelected", \.isSelected, \.isSelected)
        control.property("isHighlighted", \.isHighlighted, \.isHighlighted)
        control.method("addAction(_:for:)") { c, a in c.addAction(try a(0), for: try a(1)) }
        control.method("removeAction(_:for:)") { c, a in c.removeAction(try a(0), for: try a(1)) }
        control.method("sendActions(for:)") { c, a in c.sendActions(for: try a(0)) }
        control.method("addTarget(_:action:for:)") { c, a in
            c.addTarget(try a.interpreter.actionTarget(a.raw[0]), action: try a(1), for: try a(2))
        }

        let event = TypeBuilder<UIControl.Event>(b, "UIControl.Event")
        event.symbols([
            "touchDown": .touchDown, "touchUpInside": .touchUpInside, "touchUpOutside": .touchUpOutside,
            "valueChanged": .valueChanged, "primaryActionTriggered": .primaryActionTriggered, "allEvents": .allEvents,
        ])
        event.optionSet()
        let state = TypeBuilder<UIControl.State>(b, "UIControl.State")
        state.symbols(["normal": .normal, "highlighted": .highlighted, "disabled": .disabled, "selected": .selected])
        state.optionSet()

        let action = TypeBuilder<UIAction>(b, "UIAction")
        action.initializer("init(title:handler:)") { a in
            UIAction(title: try a(0), handler: try Convert.block1(a.raw[1], a.interpreter) { .native($0) } ?? { _ in })
        }
        action.initializer("init(handler:)") { a in
            UIAction(handler: try Convert.block1(a.raw[0], a.interpreter) { .native($0) } ?? { _ in })
        }
        action.readOnly("title", \.title)

        let button = TypeBuilder<UIButton>(b, "UIButton", parent: "UIControl")
        button.initializer("init(type:)") { UIButton(type: try $0(0)) }
        button.initializer("init(frame:)") { UIButton(frame: try $0(0)) }
        button.readOnly("buttonType", \.buttonType)
        button.readOnly("currentTitle", \.currentTitle)
        button.method("setTitle(_:for:)") { v, a in v.setTitle(try a(0), for: try a(1)) }
        button.function("title(for:)") { v, a in v.title(for: try a(0)) }
        button.method("setTitleColor(_:for:)") { v, a in v.setTitleColor(try a(0), for: try a(1)) }
        button.function("titleColor(for:)") { v, a in v.titleColor(for: try a(0)) }
        let buttonType = TypeBuilder<UIButton.ButtonType>(b, "UIButton.ButtonType")
        buttonType.symbols(["custom": .custom, "system": .system, "roundedRect": .roundedRect])

        let segmented = TypeBuilder<UISegmentedControl>(b, "UISegmentedControl", parent: "UIControl")
        segmented.initializer("init(items:)") { a in
            guard case .array(let items) = a.raw[0] else {
                if case .none = a.raw[0] { return UISegmentedControl(items: nil) }
                throw mismatch(a.raw[0], "[Any]")
            }
            return UISegmentedControl(items: items.map { item -> Any in
                if case .string(let title) = item { return title }
                return item
            })
        }
        segmented.initializer("init(frame:)") { UISegmentedControl(frame: try $0(0)) }
        segmented.staticValue("noSegment", returns: Int.self) { UISegmentedControl.noSegment }
        segmented.property("selectedSegmentIndex", \.selectedSegmentIndex, \.selectedSegmentIndex)
        segmented.readOnly("numberOfSegments", \.numberOfSegments)
        segmented.property("isMomentary", \.isMomentary, \.isMomentary)
        segmented.property("selectedSegmentTintColor", \.selectedSegmentTintColor, \.selectedSegmentTintColor)
        segmented.function("titleForSegment(at:)") { c, a in c.titleForSegment(at: try a(0)) }
        segmented.method("setTitle(_:forSegmentAt:)") { c, a in c.setTitle(try a(0), forSegmentAt: try a(1)) }
        segmented.method("insertSegment(withTitle:at:animated:)") { c, a in
            c.insertSegment(withTitle: try a(0), at: try a(1), animated: try a(2))
        }
        segmented.method("removeSegment(at:animated:)") { c, a in c.removeSegment(at: try a(0), animated: try a(1)) }
        segmented.method("removeAllSegments()") { c, _ in c.removeAllSegments() }
        segmented.method("setEnabled(_:forSegmentAt:)") { c, a in c.setEnabled(try a(0), forSegmentAt: try a(1)) }
        segmented.function("isEnabledForSegment(at:)") { c, a in c.isEnabledForSegment(at: try a(0)) }

        let screen = TypeBuilder<UIScreen>(b, "UIScreen")
        screen.staticValue("main", returns: UIScreen.self) { UIScreen.main }
        screen.readOnly("bounds", \.bounds)
        screen.readOnly("scale", \.scale)

        let controller = TypeBuilder<UIViewController>(b, "UIViewController")
        controller.property("view", \.view, \.view)
        controller.property("title", \.title, \.title)
        controller.readOnly("isViewLoaded", \.isViewLoaded)
        controller.readOnly("parent", \.parent)
        controller.readOnly("children", \.children)
        controller.readOnly("presentedViewController", \.presentedViewController)
        controller.property("edgesForExtendedLayout", \.edgesForExtendedLayout, \.edgesForExtendedLayout)
        controller.computed("topLayoutGuide") { c, _ in .native(c.topLayoutGuide) }
        controller.computed("bottomLayoutGuide") { c, _ in .native(c.bottomLayoutGuide) }
        let layoutSupport = TypeBuilder<LayoutSupportGuide>(b, "UILayoutSupport")
        layoutSupport.readOnly("length", \.length)
        controller.method("addChild(_:)") { c, a in c.addChild(try a(0)) }
        controller.method("removeFromParent()") { c, _ in c.removeFromParent() }
        controller.method("willMove(toParent:)") { c, a in c.willMove(toParent: try a(0)) }
        controller.method("didMove(toParent:)") { c, a in c.didMove(toParent: try a(0)) }
        controller.method("present(_:animated:completion:)") { c, a in
            c.present(try a(0), animated: try a(1), completion: try a.block(2))
        }
        controller.method("dismiss(animated:completion:)") { c, a in c.dismiss(animated: try a(0), completion: try a.block(1)) }
        let edge = TypeBuilder<UIRectEdge>(b, "UIRectEdge")
        edge.symbols(["top": .top, "left": .left, "bottom": .bottom, "right": .right, "all": .all])
        edge.optionSet()
    }

    // MARK: Animator

    private static func animator(_ b: Bridge) {
        let animator = TypeBuilder<UIDynamicAnimator>(b, "UIDynamicAnimator")
        animator.initializer("init(referenceView:)") { a in
            let made = UIDynamicAnimator(referenceView: try a(0))
            a.interpreter.animators.append(made)
            return made
        }
        animator.initializer("init()") { a in
            let made = UIDynamicAnimator()
            a.interpreter.animators.append(made)
            return made
        }
        animator.readOnly("referenceView", \.referenceView)
        animator.readOnly("behaviors", \.behaviors)
        animator.readOnly("isRunning", \.isRunning)
        animator.computed(
            "delegate", get: { a, i in i.adapterOwner(a.delegate) },
            set: { a, v, i in a.delegate = try i.animatorDelegate(v) })
        animator.method("addBehavior(_:)") { an, a in an.addBehavior(try a(0)) }
        // UIKit's private debug switch, as code from the wild sets it: accepted, nothing drawn.
        animator.method("setValue(_:forKey:)") { an, a in an.setValue(a.raw[0].plain, forKey: try a(1)) }
        animator.method("perform(_:with:)") { an, a in _ = an.perform(try a(0), with: a.raw[1].plain) }
        animator.method("removeBehavior(_:)") { an, a in an.removeBehavior(try a(0)) }
        animator.method("removeAllBehaviors()") { an, _ in an.removeAllBehaviors() }
        animator.returning("items(in:)") { an, a in Convert.liveItems(an.items(in: try a(0))) }
        animator.method("updateItem(usingCurrentState:)") { an, a in an.updateItem(usingCurrentState: try a.item(0)) }
        animator.function("elapsedTime()") { an, _ in an.elapsedTime() }

        let group = TypeBuilder<UIDynamicItemGroup>(b, "UIDynamicItemGroup")
        group.initializer("init(items:)") { UIDynamicItemGroup(items: try $0.items(0)) }
        group.computed("items", get: { g, _ in Convert.liveItems(g.items) })
        group.property("center", \.center, \.center)
        group.readOnly("bounds", \.bounds)
        group.property("transform", \.transform, \.transform)

        let boundsType = TypeBuilder<UIDynamicItemCollisionBoundsType>(b, "UIDynamicItemCollisionBoundsType")
        boundsType.symbols(["rectangle": .rectangle, "ellipse": .ellipse, "path": .path])
    }

    // MARK: Behaviours

    private static func behaviors(_ b: Bridge) {
        let behavior = TypeBuilder<UIDynamicBehavior>(b, "UIDynamicBehavior")
        behavior.initializer("init()") { _ in UIDynamicBehavior() }
        behavior.method("addChildBehavior(_:)") { v, a in v.addChildBehavior(try a(0)) }
        behavior.method("removeChildBehavior(_:)") { v, a in v.removeChildBehavior(try a(0)) }
        behavior.readOnly("childBehaviors", \.childBehaviors)
        behavior.readOnly("dynamicAnimator", \.dynamicAnimator)
        behavior.computed(
            "action", get: { v, _ in v.action == nil ? .none : .function(Function(name: "action") { _ in .void }) },
            set: { v, value, i in v.action = try Convert.block(value, i) })

        let gravity = TypeBuilder<UIGravityBehavior>(b, "UIGravityBehavior", parent: "UIDynamicBehavior")
        gravity.initializer("init(items:)") { UIGravityBehavior(items: try $0.items(0)) }
        gravity.initializer("init()") { _ in UIGravityBehavior() }
        gravity.method("addItem(_:)") { v, a in v.addItem(try a.item(0)) }
        gravity.method("removeItem(_:)") { v, a in v.removeItem(try a.item(0)) }
        gravity.computed("items", get: { v, _ in Convert.liveItems(v.items) })
        gravity.property("gravityDirection", \.gravityDirection, \.gravityDirection)
        gravity.property("angle", \.angle, \.angle)
        gravity.property("magnitude", \.magnitude, \.magnitude)
        gravity.method("setAngle(_:magnitude:)") { v, a in v.setAngle(try a(0), magnitude: try a(1)) }

        let collision = TypeBuilder<UICollisionBehavior>(b, "UICollisionBehavior", parent: "UIDynamicBehavior")
        collision.initializer("init(items:)") { UICollisionBehavior(items: try $0.items(0)) }
        collision.initializer("init()") { _ in UICollisionBehavior() }
        collision.method("addItem(_:)") { v, a in v.addItem(try a.item(0)) }
        collision.method("removeItem(_:)") { v, a in v.removeItem(try a.item(0)) }
        collision.computed("items", get: { v, _ in Convert.liveItems(v.items) })
        collision.property("collisionMode", \.collisionMode, \.collisionMode)
        collision.property("translatesReferenceBoundsIntoBoundary", \.translatesReferenceBoundsIntoBoundary, \.translatesReferenceBoundsIntoBoundary)
        collision.method("setTranslatesReferenceBoundsIntoBoundary(with:)") { v, a in
            v.setTranslatesReferenceBoundsIntoBoundary(with: try a(0))
        }
        collision.readOnly("referenceBoundsInsets", \.referenceBoundsInsets)
        collision.method("addBoundary(withIdentifier:for:)") { v, a in
            v.addBoundary(withIdentifier: try a.identifier(0), for: try a(1))
        }
        collision.method("addBoundary(withIdentifier:from:to:)") { v, a in
            v.addBoundary(withIdentifier: try a.identifier(0), from: try a(1), to: try a(2))
        }
        collision.returning("boundary(withIdentifier:)") { v, a in v.boundary(withIdentifier: try a.identifier(0)) }
        collision.method("removeBoundary(withIdentifier:)") { v, a in v.removeBoundary(withIdentifier: try a.identifier(0)) }
        collision.computed(
            "boundaryIdentifiers", get: { v, _ in v.boundaryIdentifiers.map { .array($0.map(Convert.liveIdentifier)) } ?? .none })
        collision.method("removeAllBoundaries()") { v, _ in v.removeAllBoundaries() }
        collision.computed(
            "collisionDelegate", get: { v, i in i.adapterOwner(v.collisionDelegate) },
            set: { v, value, i in v.collisionDelegate = try i.collisionDelegate(value) })
        let mode = TypeBuilder<UICollisionBehavior.Mode>(b, "UICollisionBehavior.Mode")
        mode.symbols(["items": .items, "boundaries": .boundaries, "everything": .everything])
        mode.optionSet()

        let push = TypeBuilder<UIPushBehavior>(b, "UIPushBehavior", parent: "UIDynamicBehavior")
        push.initializer("init(items:mode:)") { UIPushBehavior(items: try $0.items(0), mode: try $0(1)) }
        push.method("addItem(_:)") { v, a in v.addItem(try a.item(0)) }
        push.method("removeItem(_:)") { v, a in v.removeItem(try a.item(0)) }
        push.computed("items", get: { v, _ in Convert.liveItems(v.items) })
        push.readOnly("mode", \.mode)
        push.property("active", \.active, \.active)
        push.property("angle", \.angle, \.angle)
        push.property("magnitude", \.magnitude, \.magnitude)
        push.property("pushDirection", \.pushDirection, \.pushDirection)
        push.method("setAngle(_:magnitude:)") { v, a in v.setAngle(try a(0), magnitude: try a(1)) }
        push.function("targetOffsetFromCenter(for:)") { v, a in v.targetOffsetFromCenter(for: try a.item(0)) }
        push.method("setTargetOffsetFromCenter(_:for:)") { v, a in v.setTargetOffsetFromCenter(try a(0), for: try a.item(1)) }
        let pushMode = TypeBuilder<UIPushBehavior.Mode>(b, "UIPushBehavior.Mode")
        pushMode.symbols(["continuous": .continuous, "instantaneous": .instantaneous])

        let snap = TypeBuilder<UISnapBehavior>(b, "UISnapBehavior", parent: "UIDynamicBehavior")
        snap.initializer("init(item:snapTo:)") { UISnapBehavior(item: try $0.item(0), snapTo: try $0(1)) }
        snap.property("snapPoint", \.snapPoint, \.snapPoint)
        snap.property("damping", \.damping, \.damping)

        let attachment = TypeBuilder<UIAttachmentBehavior>(b, "UIAttachmentBehavior", parent: "UIDynamicBehavior")
        attachment.initializer("init(item:attachedToAnchor:)") {
            UIAttachmentBehavior(item: try $0.item(0), attachedToAnchor: try $0(1))
        }
        attachment.initializer("init(item:offsetFromCenter:attachedToAnchor:)") {
            UIAttachmentBehavior(item: try $0.item(0), offsetFromCenter: try $0(1), attachedToAnchor: try $0(2))
        }
        attachment.initializer("init(item:attachedTo:)") { UIAttachmentBehavior(item: try $0.item(0), attachedTo: try $0.item(1)) }
        attachment.initializer("init(item:offsetFromCenter:attachedTo:offsetFromCenter:)") {
            UIAttachmentBehavior(
                item: try $0.item(0), offsetFromCenter: try $0(1), attachedTo: try $0.item(2), offsetFromCenter: try $0(3))
        }
        attachment.staticMethod("slidingAttachment(with:attachedTo:attachmentAnchor:axisOfTranslation:)", returns: UIAttachmentBehavior.self) {
            UIAttachmentBehavior.slidingAttachment(
                with: try $0.item(0), attachedTo: try $0.item(1), attachmentAnchor: try $0(2), axisOfTranslation: try $0(3))
        }
        attachment.staticMethod("slidingAttachment(with:attachmentAnchor:axisOfTranslation:)", returns: UIAttachmentBehavior.self) {
            UIAttachmentBehavior.slidingAttachment(with: try $0.item(0), attachmentAnchor: try $0(1), axisOfTranslation: try $0(2))
        }
        attachment.staticMethod("limitAttachment(with:offsetFromCenter:attachedTo:offsetFromCenter:)", returns: UIAttachmentBehavior.self) {
            UIAttachmentBehavior.limitAttachment(
                with: try $0.item(0), offsetFromCenter: try $0(1), attachedTo: try $0.item(2), offsetFromCenter: try $0(3))
        }
        attachment.staticMethod("fixedAttachment(with:attachedTo:attachmentAnchor:)", returns: UIAttachmentBehavior.self) {
            UIAttachmentBehavior.fixedAttachment(with: try $0.item(0), attachedTo: try $0.item(1), attachmentAnchor: try $0(2))
        }
        attachment.staticMethod("pinAttachment(with:attachedTo:attachmentAnchor:)", returns: UIAttachmentBehavior.self) {
            UIAttachmentBehavior.pinAttachment(with: try $0.item(0), attachedTo: try $0.item(1), attachmentAnchor: try $0(2))
        }
        attachment.computed("items", get: { v, _ in Convert.liveItems(v.items) })
        attachment.readOnly("attachedBehaviorType", \.attachedBehaviorType)
        attachment.property("anchorPoint", \.anchorPoint, \.anchorPoint)
        attachment.property("length", \.length, \.length)
        attachment.property("damping", \.damping, \.damping)
        attachment.property("frequency", \.frequency, \.frequency)
        attachment.property("frictionTorque", \.frictionTorque, \.frictionTorque)
        attachment.property("attachmentRange", \.attachmentRange, \.attachmentRange)
        let attachmentType = TypeBuilder<UIAttachmentBehavior.AttachmentType>(b, "UIAttachmentBehavior.AttachmentType")
        attachmentType.symbols(["items": .items, "anchor": .anchor])

        let item = TypeBuilder<UIDynamicItemBehavior>(b, "UIDynamicItemBehavior", parent: "UIDynamicBehavior")
        item.initializer("init(items:)") { UIDynamicItemBehavior(items: try $0.items(0)) }
        item.initializer("init()") { _ in UIDynamicItemBehavior() }
        item.method("addItem(_:)") { v, a in v.addItem(try a.item(0)) }
        item.method("removeItem(_:)") { v, a in v.removeItem(try a.item(0)) }
        item.computed("items", get: { v, _ in Convert.liveItems(v.items) })
        item.property("elasticity", \.elasticity, \.elasticity)
        item.property("friction", \.friction, \.friction)
        item.property("density", \.density, \.density)
        item.property("resistance", \.resistance, \.resistance)
        item.property("angularResistance", \.angularResistance, \.angularResistance)
        item.property("allowsRotation", \.allowsRotation, \.allowsRotation)
        item.property("isAnchored", \.isAnchored, \.isAnchored)
        item.property("charge", \.charge, \.charge)
        item.method("addLinearVelocity(_:for:)") { v, a in v.addLinearVelocity(try a(0), for: try a.item(1)) }
        item.function("linearVelocity(for:)") { v, a in v.linearVelocity(for: try a.item(0)) }
        item.method("addAngularVelocity(_:for:)") { v, a in v.addAngularVelocity(try a(0), for: try a.item(1)) }
        item.function("angularVelocity(for:)") { v, a in v.angularVelocity(for: try a.item(0)) }

        let field = TypeBuilder<UIFieldBehavior>(b, "UIFieldBehavior", parent: "UIDynamicBehavior")
        field.staticMethod("dragField()", returns: UIFieldBehavior.self) { _ in UIFieldBehavior.dragField() }
        field.staticMethod("vortexField()", returns: UIFieldBehavior.self) { _ in UIFieldBehavior.vortexField() }
        field.staticMethod("radialGravityField(position:)", returns: UIFieldBehavior.self) { UIFieldBehavior.radialGravityField(position: try $0(0)) }
        field.staticMethod("linearGravityField(direction:)", returns: UIFieldBehavior.self) { UIFieldBehavior.linearGravityField(direction: try $0(0)) }
        field.staticMethod("velocityField(direction:)", returns: UIFieldBehavior.self) { UIFieldBehavior.velocityField(direction: try $0(0)) }
        field.staticMethod("noiseField(smoothness:animationSpeed:)", returns: UIFieldBehavior.self) {
            UIFieldBehavior.noiseField(smoothness: try $0(0), animationSpeed: try $0(1))
        }
        field.staticMethod("turbulenceField(smoothness:animationSpeed:)", returns: UIFieldBehavior.self) {
            UIFieldBehavior.turbulenceField(smoothness: try $0(0), animationSpeed: try $0(1))
        }
        field.staticMethod("springField()", returns: UIFieldBehavior.self) { _ in UIFieldBehavior.springField() }
        field.staticMethod("electricField()", returns: UIFieldBehavior.self) { _ in UIFieldBehavior.electricField() }
        field.staticMethod("magneticField()", returns: UIFieldBehavior.self) { _ in UIFieldBehavior.magneticField() }
        field.staticMethod("field(evaluationBlock:)", returns: UIFieldBehavior.self) { a in
            try a.interpreter.fieldWithBlock(a.raw[0])
        }
        field.method("addItem(_:)") { v, a in v.addItem(try a.item(0)) }
        field.method("removeItem(_:)") { v, a in v.removeItem(try a.item(0)) }
        field.computed("items", get: { v, _ in Convert.liveItems(v.items) })
        field.property("position", \.position, \.position)
        field.property("region", \.region, \.region)
        field.property("strength", \.strength, \.strength)
        field.property("falloff", \.falloff, \.falloff)
        field.property("minimumRadius", \.minimumRadius, \.minimumRadius)
        field.property("direction", \.direction, \.direction)
        field.property("smoothness", \.smoothness, \.smoothness)
        field.property("animationSpeed", \.animationSpeed, \.animationSpeed)
    }

    // MARK: Gestures and target/action

    private static func gestures(_ b: Bridge) {
        let recognizer = TypeBuilder<UIGestureRecognizer>(b, "UIGestureRecognizer")
        recognizer.readOnly("state", \.state)
        recognizer.readOnly("view", \.view)
        recognizer.property("isEnabled", \.isEnabled, \.isEnabled)
        recognizer.property("cancelsTouchesInView", \.cancelsTouchesInView, \.cancelsTouchesInView)
        recognizer.property("delaysTouchesBegan", \.delaysTouchesBegan, \.delaysTouchesBegan)
        recognizer.property("delaysTouchesEnded", \.delaysTouchesEnded, \.delaysTouchesEnded)
        recognizer.property("name", \.name, \.name)
        recognizer.readOnly("numberOfTouches", \.numberOfTouches)
        recognizer.function("location(in:)") { g, a in g.location(in: try a(0)) }
        recognizer.function("location(ofTouch:in:)") { g, a in g.location(ofTouch: try a(0), in: try a(1)) }
        recognizer.method("addTarget(_:action:)") { g, a in
            if let target = try a.interpreter.actionTarget(a.raw[0]) { g.addTarget(target, action: try a(1)) }
        }
        recognizer.method("removeTarget(_:action:)") { g, a in
            g.removeTarget(try a.interpreter.actionTarget(a.raw[0]), action: try a(1))
        }
        recognizer.method("require(toFail:)") { g, a in g.require(toFail: try a(0)) }

        /// `init(target:action:)` and `init()` of a recogniser class.
        func initializers<R: UIGestureRecognizer>(_ type: TypeBuilder<R>, _ make: @escaping (AnyObject?, Selector?) -> R) {
            type.initializer("init(target:action:)") { a in make(try a.interpreter.actionTarget(a.raw[0]), try a(1)) }
            type.initializer("init()") { _ in make(nil, nil) }
        }
        let tap = TypeBuilder<UITapGestureRecognizer>(b, "UITapGestureRecognizer", parent: "UIGestureRecognizer")
        initializers(tap) { UITapGestureRecognizer(target: $0, action: $1) }
        tap.property("numberOfTapsRequired", \.numberOfTapsRequired, \.numberOfTapsRequired)
        tap.property("numberOfTouchesRequired", \.numberOfTouchesRequired, \.numberOfTouchesRequired)

        let pan = TypeBuilder<UIPanGestureRecognizer>(b, "UIPanGestureRecognizer", parent: "UIGestureRecognizer")
        initializers(pan) { UIPanGestureRecognizer(target: $0, action: $1) }
        pan.property("minimumNumberOfTouches", \.minimumNumberOfTouches, \.minimumNumberOfTouches)
        pan.property("maximumNumberOfTouches", \.maximumNumberOfTouches, \.maximumNumberOfTouches)
        pan.function("translation(in:)") { g, a in g.translation(in: try a(0)) }
        pan.method("setTranslation(_:in:)") { g, a in g.setTranslation(try a(0), in: try a(1)) }
        pan.function("velocity(in:)") { g, a in g.velocity(in: try a(0)) }

        let press = TypeBuilder<UILongPressGestureRecognizer>(b, "UILongPressGestureRecognizer", parent: "UIGestureRecognizer")
        initializers(press) { UILongPressGestureRecognizer(target: $0, action: $1) }
        press.property("minimumPressDuration", \.minimumPressDuration, \.minimumPressDuration)
        press.property("allowableMovement", \.allowableMovement, \.allowableMovement)
        press.property("numberOfTouchesRequired", \.numberOfTouchesRequired, \.numberOfTouchesRequired)
        press.property("numberOfTapsRequired", \.numberOfTapsRequired, \.numberOfTapsRequired)

        let swipe = TypeBuilder<UISwipeGestureRecognizer>(b, "UISwipeGestureRecognizer", parent: "UIGestureRecognizer")
        initializers(swipe) { UISwipeGestureRecognizer(target: $0, action: $1) }
        swipe.property("direction", \.direction, \.direction)
        swipe.property("numberOfTouchesRequired", \.numberOfTouchesRequired, \.numberOfTouchesRequired)
        let direction = TypeBuilder<UISwipeGestureRecognizer.Direction>(b, "UISwipeGestureRecognizer.Direction")
        direction.symbols(["right": .right, "left": .left, "up": .up, "down": .down])
        direction.optionSet()

        let state = TypeBuilder<UIGestureRecognizer.State>(b, "UIGestureRecognizer.State")
        state.symbols([
            "possible": .possible, "began": .began, "changed": .changed, "ended": .ended, "cancelled": .cancelled,
            "failed": .failed, "recognized": .recognized,
        ])

        let selector = TypeBuilder<Selector>(b, "Selector")
        selector.initializer("init(_:)") { a in
            // `Selector(Self.handlePan(_:))` arrives as the method's name; `Selector("handlePan:")` as a string.
            Selector(try a(0) as String)
        }
        selector.readOnly("description", \.description)
    }
}
