import Foundation
import Lessons
import SwiftSyntax

/// The native view controller under the source's `UIViewController` subclass (the lesson's,
/// whose `view` is the room's reference view, or one the source makes): its lifecycle runs the
/// source's overrides (`loadView`, `viewDidLoad`, `viewWillAppear(_:)`, `viewDidAppear(_:)`,
/// the layout calls, …).
public final class LiveViewController: UIViewController, SelectorPerforming, LiveNative {
    weak var owner: Instance?
    weak var interpreter: Interpreter?
    /// Runs after the source's `viewDidLoad` (a playground page shows its live view).
    var onLoad: (() -> Void)?
    /// The source's controller, for the actions of its recognisers and controls.
    var actions: LiveActions?
    /// A playground page's live view, when it is a view: it is the stage itself.
    var pageView: (() -> UIView?)?

    func attach(_ owner: Instance, _ interpreter: Interpreter) {
        self.owner = owner
        self.interpreter = interpreter
        actions = LiveActions(instance: owner, interpreter: interpreter)
    }

    private func forward(_ name: String, _ values: [Value] = [], labels: [String?] = []) -> Bool {
        callOverride(owner, interpreter, name, values, labels: labels)
    }

    public override func loadView() {
        if let view = pageView?() {
            view.frame.origin = .zero
            self.view = view
        } else if !forward("loadView") {
            super.loadView()
        }
    }

    public override func viewDidLoad() {
        _ = forward("viewDidLoad")
        onLoad?()
    }

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        _ = forward("viewWillAppear", [.bool(animated)], labels: [nil])
    }

    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        _ = forward("viewDidAppear", [.bool(animated)], labels: [nil])
    }

    public override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        _ = forward("viewWillDisappear", [.bool(animated)], labels: [nil])
    }

    public override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        _ = forward("viewDidDisappear", [.bool(animated)], labels: [nil])
    }

    public override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        _ = forward("viewWillLayoutSubviews")
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        _ = forward("viewDidLayoutSubviews")
    }

    /// Key-value observing (`view.addObserver(self, forKeyPath: "center", …)`): the source's
    /// `observeValue(forKeyPath:of:change:context:)`, with the change's keys as implicit members
    /// (`change?[.newKey] as? CGPoint`).
    public override func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?
    ) {
        let live = change.map { change in
            Value.dictionary(Dictionary(uniqueKeysWithValues: change.map { (DictionaryKey.symbol($0.key.rawValue + "Key"), Bridge.shared.wrap($0.value)) }))
        }
        _ = forward(
            "observeValue", [keyPath.map(Value.string) ?? .none, object.map { Bridge.shared.wrap($0) } ?? .none, live ?? .none, .none],
            labels: ["forKeyPath", "of", "change", "context"])
    }

    // Touches that reach the controller (its view's, where no recogniser took them): the
    // source's `touchesBegan(_:with:)` … hear them, the set of touches as the touches in
    // order; without an override they go on up the responder chain.
    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !forwardTouches("touchesBegan", touches, event) { super.touchesBegan(touches, with: event) }
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !forwardTouches("touchesMoved", touches, event) { super.touchesMoved(touches, with: event) }
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !forwardTouches("touchesEnded", touches, event) { super.touchesEnded(touches, with: event) }
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !forwardTouches("touchesCancelled", touches, event) { super.touchesCancelled(touches, with: event) }
    }

    private func forwardTouches(_ name: String, _ touches: Set<UITouch>, _ event: UIEvent?) -> Bool {
        let ordered = touches.sorted { $0.timestamp < $1.timestamp }
        let live: [Value] = [.array(ordered.map { Value.native($0) }), event.map { Value.native($0) } ?? Value.none]
        return forward(name, live, labels: [nil, "with"])
    }

    func callBase(_ name: String, _ args: Arguments, interpreter: Interpreter) throws -> Value? {
        switch name {
        case "touchesBegan", "touchesMoved", "touchesEnded", "touchesCancelled":
            // `super.touchesBegan(touches, with: event)`: on up the responder chain.
            var touches = Set<UITouch>()
            if case .array(let elements) = args.values.first ?? .none {
                for case .native(let touch as UITouch) in elements { touches.insert(touch) }
            }
            var event: UIEvent?
            if args.values.count > 1, case .native(let e as UIEvent) = args.values[1] { event = e }
            switch name {
            case "touchesBegan": super.touchesBegan(touches, with: event)
            case "touchesMoved": super.touchesMoved(touches, with: event)
            case "touchesEnded": super.touchesEnded(touches, with: event)
            default: super.touchesCancelled(touches, with: event)
            }
        case "observeValue": break  // UIResponder's own does nothing
        case "loadView": super.loadView()
        case "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
            "viewWillLayoutSubviews", "viewDidLayoutSubviews", "didReceiveMemoryWarning":
            break  // UIViewController's own do nothing the host does not
        default: return nil
        }
        return .void
    }

    public func responds(to action: Selector) -> Bool { actions?.responds(to: action) ?? false }
    public func perform(_ action: Selector, with sender: Any?) { actions?.perform(action, with: sender) }
}

/// A lesson run from its Swift source. Everything a room needs around the tutorial's code
/// (items, lines, boundaries, events, the clock) is the same host the compiled lessons use;
/// the view controller's code is interpreted. A run-time error stops the code for good: the
/// scene keeps its last state, no callback runs again, and `runtimeError` says why (the room
/// also gets a `runtime-error` event).
public final class LiveLesson: LessonHost<LiveViewController>, Lesson {
    /// The empty lesson (`LiveLesson()`): the starting template a student edits.
    public static let info = LiveSwift.templateProgram.info

    /// One start of the source: its interpreter and the instance of its controller class.
    final class Run {
        let program: LiveProgram
        var interpreter: Interpreter
        var instance: Instance?
        /// Records the first start's `viewDidLoad` (LiveSwift.trace); nil in rooms.
        let trace: ValueTrace?

        init(program: LiveProgram, trace: ValueTrace? = nil) {
            self.program = program
            self.trace = trace
            interpreter = Interpreter(module: program.module, limits: program.limits)
        }

        /// A fresh interpreter and controller (the lesson's first start and every restart).
        func makeController() -> LiveViewController {
            interpreter.tearDown()
            interpreter = Interpreter(module: program.module, limits: program.limits)
            interpreter.trace = trace
            let controller = LiveViewController()
            let interpreter = self.interpreter
            instance = interpreter.callback {
                try interpreter.runTopLevel()
                return try interpreter.instantiate(
                    program.module.controller, arguments: Arguments(values: [], labels: []), native: controller,
                    at: program.module.tree)
            }
            if let instance { controller.attach(instance, interpreter) }
            if program.module.isPlayground {
                controller.pageView = { [unowned interpreter] in
                    guard let shown = interpreter.playgroundPage.liveRootView(), shown.controller == nil else { return nil }
                    return shown.view
                }
            }
            if program.module.isPlayground {
                controller.onLoad = { [unowned controller, unowned interpreter] in
                    interpreter.callback { interpreter.playgroundPage.show(in: controller) }
                }
            }
            return controller
        }
    }

    private let run: Run
    public let program: LiveProgram
    /// Why the lesson's code stopped, if it did.
    public var runtimeError: LiveDiagnostic? { run.interpreter.fault }
    private var reportedError = false

    public required convenience init() {
        self.init(program: LiveSwift.templateProgram)
    }

    init(program: LiveProgram, trace: ValueTrace? = nil) {
        let run = Run(program: program, trace: trace)
        self.run = run
        self.program = program
        super.init(bounds: program.info.bounds) { run.makeController() }
        bindParameters()
    }

    deinit {
        run.interpreter.tearDown()
    }

    /// The live values' settings now (a shipped lesson's room keeps them across restarts).
    private var values: [String: Double] = [:]
    /// The bound values, with their compiled bindings, in the order the room lists them.
    private var bound: [(name: String, set: CodeBlockItemListSyntax, restart: CodeBlockItemListSyntax?)] = []

    /// The shipped lesson's live values, where the source still has what each one sets
    /// (ShippedParameters.swift); or, for a value without a binding, a stored property of the
    /// controller with its name.
    private func bindParameters() {
        let controllerType = program.module.controller!
        let bindings = ParameterBinding.table[roomID] ?? [:]
        for spec in program.parameters {
            values[spec.name] = spec.value
            if let binding = bindings[spec.name] {
                guard binding.requires.allSatisfy({ controllerType.storedProperty($0) != nil }),
                    let set = ParameterBinding.statements(binding.set)
                else { continue }
                let get = binding.get.flatMap(ParameterBinding.statements)
                bound.append((spec.name, set, binding.restart.flatMap(ParameterBinding.statements)))
                addParameter(
                    spec.name, spec.label, min: spec.min, max: spec.max, step: spec.step,
                    get: { [unowned self] in
                        if let get, case .expr(let expr)? = get.first?.item,
                            let value = evaluate(expr)?.asDouble
                        {
                            return value
                        }
                        return values[spec.name] ?? spec.value
                    },
                    set: { [unowned self] value in
                        values[spec.name] = value
                        execute(set)
                    })
            } else if controllerType.storedProperty(spec.name) != nil {
                addParameter(
                    spec.name, spec.label, min: spec.min, max: spec.max, step: spec.step,
                    get: { [unowned self] in run.instance?.fields[spec.name]?.asDouble ?? spec.value },
                    set: { [unowned self] value in
                        guard let instance = run.instance else { return }
                        let interpreter = run.interpreter
                        interpreter.callback {
                            try interpreter.setInstanceMember(instance, spec.name, .double(value), at: program.module.tree)
                        }
                    })
            }
        }
    }

    /// The scope a binding runs in: the controller's members, and `$name` for each value.
    private func bindingScope(_ instance: Instance) -> Scope {
        let scope = Scope(parent: nil, instance: instance)
        for (name, value) in values { scope.declare("$" + name, .double(value)) }
        return scope
    }

    private func execute(_ statements: CodeBlockItemListSyntax) {
        guard let instance = run.instance else { return }
        let interpreter = run.interpreter
        interpreter.callback { _ = try interpreter.run(statements, bindingScope(instance)) }
    }

    private func evaluate(_ expr: ExprSyntax) -> Value? {
        guard let instance = run.instance else { return nil }
        let interpreter = run.interpreter
        return interpreter.callback { try interpreter.eval(expr, bindingScope(instance)) }
    }

    // MARK: Names: the shipped lesson's (LessonViewNames), read from the interpreted controller

    public override var viewNamesID: String? { program.room ?? program.info.id }

    public override func controllerProperty(_ property: String) -> Any? {
        guard let instance = run.instance, let value = instance.fields[property] ?? instance.weakFields[property]?.value
        else { return nil }
        return Self.views(value)
    }

    /// A view or a list of views, as the interpreter holds it (nil for anything else).
    private static func views(_ value: Value) -> Any? {
        switch value {
        case .native(let object): return object as? UIView
        case .object(let instance): return instance.native as? UIView
        case .array(let values): return values.compactMap { views($0) as? UIView }
        default: return nil
        }
    }

    public override func didRestart() {
        guard ParameterBinding.reappliedOnRestart.contains(roomID) else { return }
        for binding in bound.sorted(by: { $0.name < $1.name }) { execute(binding.restart ?? binding.set) }
    }

    public override var animator: UIDynamicAnimator? {
        let animators = run.interpreter.animators
        return animators.first { $0.referenceView === controller.view } ?? animators.first
    }

    public override func advance(by dt: TimeInterval) {
        guard run.interpreter.fault == nil else { return }
        let interpreter = run.interpreter
        interpreter.inTick = true
        defer { interpreter.inTick = false }
        super.advance(by: dt)
        if !interpreter.runLoop.isIdle {
            // Timers, display links and `DispatchQueue.main` blocks, after the animators stepped.
            interpreter.callback { interpreter.runLoop.advance(to: elapsedTime, by: dt) }
        }
    }

    public override var isAtRest: Bool {
        run.interpreter.fault != nil || (super.isAtRest && run.interpreter.runLoop.isIdle)
    }

    public override func drainEvents() -> [LessonEvent] {
        for line in run.interpreter.printed { emit("print", line) }
        run.interpreter.printed.removeAll()
        if let error = run.interpreter.fault, !reportedError {
            reportedError = true
            emit("runtime-error", error.description)
        }
        return super.drainEvents()
    }

    // MARK: Gestures: the window delivers them to the source's own recognisers and buttons

    public override var gestureKinds: [GestureKind] { program.info.gestures }

    /// The shipped room whose reactions and live values it takes (ParameterBinding), if any.
    private var roomID: String { program.room ?? "" }

    /// The shipped lessons whose rooms start again on a tap do so run from their source too.
    public override func willTap(at point: CGPoint) {
        if let beforeTap { execute(beforeTap) }
    }

    /// The room's own work before a tap (ParameterBinding.beforeTap), while the source still
    /// has what it uses.
    private lazy var beforeTap: CodeBlockItemListSyntax? = {
        guard let prelude = ParameterBinding.beforeTap[roomID],
            prelude.requires.allSatisfy({ program.module.controller.storedProperty($0) != nil })
        else { return nil }
        return ParameterBinding.statements(prelude.set)
    }()

    public override func didTap(at point: CGPoint) {
        if let tappedName = ParameterBinding.tappedViewName[roomID], let added = controller.view.subviews.last {
            name(added, tappedName)
        }
        if ParameterBinding.restartsOnTap.contains(roomID), run.interpreter.fault == nil { restart() }
    }
}

extension LiveSwift {
    /// The empty lesson a student starts from: a view controller with one square that falls
    /// onto the bottom edge.
    public static let emptyLessonTemplate = """
        import UIKit

        // A lesson of your own: build the scene in viewDidLoad, react to taps in handleTap.
        final class MyViewController: UIViewController {
            let square = UIView(frame: CGRect(x: 137.5, y: 100, width: 100, height: 100))
            var animator: UIDynamicAnimator!

            override func viewDidLoad() {
                super.viewDidLoad()
                square.backgroundColor = .orange
                view.addSubview(square)

                animator = UIDynamicAnimator(referenceView: view)
                let gravity = UIGravityBehavior(items: [square])
                let collision = UICollisionBehavior(items: [square])
                collision.translatesReferenceBoundsIntoBoundary = true
                animator.addBehavior(gravity)
                animator.addBehavior(collision)
                view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: #selector(handleTap(_:))))
            }

            @objc func handleTap(_ gesture: UITapGestureRecognizer) {
                let push = UIPushBehavior(items: [square], mode: .instantaneous)
                push.pushDirection = CGVector(dx: 0, dy: -2)
                animator.addBehavior(push)
            }
        }
        """

    static let templateProgram: LiveProgram = {
        do {
            return try LiveSwift.compile(source: emptyLessonTemplate, fileName: "MyLesson.swift")
        } catch {
            fatalError("the empty lesson template does not compile: \(error)")
        }
    }()
}
