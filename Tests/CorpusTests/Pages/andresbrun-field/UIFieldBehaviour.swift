//: [UIASnapBehaviour](@previous)
import UIKit
import PlaygroundSupport
/*:
 # UIFieldBehaviour
 Everything has been tested in Xcode 8.2.1
 */
/*:
 ## Creating the view
 And adding them to the container
 */
let containerView = UIView.createLargerContainer()
let targetView = UIView.createDefaultRoundedView()

containerView.addSubview(targetView)
targetView.centerInSuperview()

let animator = UIDynamicAnimator(referenceView: containerView)
animator.setValue(true, forKey: "debugEnabled")

/*:
 With values simulating outer space
 */
let itemBehavior = UIDynamicItemBehavior(items: [targetView])
itemBehavior.charge = 10.0
itemBehavior.elasticity = 0.2
itemBehavior.friction = 0.0
itemBehavior.resistance = 0
itemBehavior.density = 10
animator.addBehavior(itemBehavior)

/*:
 Avoid the item of leaving the screen
 */
let collision = UICollisionBehavior(items: [targetView])
collision.setTranslatesReferenceBoundsIntoBoundary(with: .zero)
animator.addBehavior(collision)

/*:
 ### SpringField
 It creates a field that is stronger as farther from the center the item is.
 */
let springField = UIFieldBehavior.springField()
springField.addItem(targetView)
springField.strength = 1
springField.position = containerView.relativeCenter
//animator.addBehavior(springField)

/*:
 ### NoiseField
 */
let noiseField = UIFieldBehavior.noiseField(smoothness: 0.95, animationSpeed: 0.6)
noiseField.strength = 1.0
noiseField.position = containerView.relativeCenter
noiseField.region = UIRegion(radius: 200)
noiseField.addItem(targetView)
//animator.addBehavior(noiseField)

/*:
 ### TurbulenceField
 NOTE: Not displayed in Debug
 */
let turbulenceField = UIFieldBehavior.turbulenceField(smoothness: 0.95, animationSpeed: 0.6)
turbulenceField.strength = 1.0
turbulenceField.position = containerView.relativeCenter
turbulenceField.region = UIRegion(radius: 200)
turbulenceField.addItem(targetView)
//animator.addBehavior(turbulenceField)

/*:
 ### Radial Gravity Field
 It creates a field that is stronger as closer from the center the item is.
 */
let radialGravityField = UIFieldBehavior.radialGravityField(position: containerView.relativeCenter)
radialGravityField.region = UIRegion(radius: 400.0)
radialGravityField.addItem(targetView)
radialGravityField.strength = 1
radialGravityField.minimumRadius = 50
animator.addBehavior(radialGravityField)

/*:
 ### Vortex Field
  NOTE: Not working as expected in exact center.
 */
let vortexField = UIFieldBehavior.vortexField()
//vortexField.region = UIRegion(radius: 200)
vortexField.addItem(targetView)
vortexField.position = containerView.relativeCenter
vortexField.position = CGPoint(x: 239, y: 235)
vortexField.strength = 1
//animator.addBehavior(vortexField)

/*:
 ### Velocity Field
 Apply a linear velocity
 NOTE: Not shown in Debug mode.
 */
let velocityField = UIFieldBehavior.velocityField(direction: CGVector(dx: 2, dy: 0))
velocityField.region = UIRegion(radius: 150)
velocityField.addItem(targetView)
velocityField.position = containerView.relativeCenter
//animator.addBehavior(velocityField)

/*:
 ### Electric Field
 NOTE: it doesn't work properly with exact center. Not shown in Debug mode.
 */
let electric = UIFieldBehavior.electricField()
electric.addItem(targetView)
electric.strength = -10 // it is directly related with item charge
electric.position = CGPoint(x: 241, y: 242)
animator.addBehavior(electric)

/*:
 ### Magnetic Field
 Note: it doesn't work properly with exact center. Not shown in Debug mode.
 So far I have seen it working just in combination with other behaviours
 like electric field (electromagnetic field)
 */
let magnetic = UIFieldBehavior.magneticField()
magnetic.addItem(targetView)
magnetic.strength = -10
magnetic.position = CGPoint(x: 241, y: 242)
//animator.addBehavior(magnetic)

/*:
 ### Attachment behaviour to move the view
 We need to add another UIDynamic behavior to be able to move the view interactively becouse otherwise we would have conflicts with UIDynamics engine
 */
let dragAttachmentBehaviour = UIAttachmentBehavior(item: targetView, attachedToAnchor: containerView.relativeCenter)

let pan = UIPanGestureRecognizerHelper(view: targetView,
                                       onStartPan: { (location, _) in
                                        dragAttachmentBehaviour.anchorPoint = location
                                        animator.addBehavior(dragAttachmentBehaviour)
}, onChangePan: { (location, _) in
    dragAttachmentBehaviour.anchorPoint = location
}, onFinishPan: {(_, velocity) in
    animator.removeBehavior(dragAttachmentBehaviour)
})

PlaygroundPage.current.liveView = containerView

//: [Combining behaviors Modal](@next)

// ---- playground Sources/DynamicModalBehaviour.swift (appended verbatim) ----
import UIKit
import PlaygroundSupport

public class DynamicModalBehaviour: NSObject {
    private var animator: UIDynamicAnimator?
    private var dragAttachmentBehaviour: UIAttachmentBehavior!
    private var itemsCollisionBehaviour: UICollisionBehavior!
    private var modalViewExitBehaviour: UIDynamicItemBehavior!
    private var itemsAttachmentBehaviours: [UIAttachmentBehavior]!
    private var snapBehaviours: [UISnapBehavior]!
    private var gravityBehaviour: UIGravityBehavior!
    private var panGesture: UIGestureRecognizer!
    private var superview: UIView {
        return targetView.superview!
    }
    private var allViews: [UIView] {
        return participantViews + [targetView]
    }
    
    private struct Constants {
        static let gravity = CGFloat(4.0)
        static let pushForceRatio = CGFloat(1.0/100.0)
        static let magnitudeThreshold = CGFloat(500)
        static let boundariesOffset = CGFloat(500)
    }

    public var participantViews: [UIView] = []
    public weak var targetView: UIView! {
        didSet {
            addPanGesture(to: targetView)
        }
    }
    public var shouldAllowDismiss: Bool = true
    public var onDismiss: (() -> Void)?

    deinit {
        animator?.removeAllBehaviors()
        targetView.removeGestureRecognizer(panGesture)
    }

    public func reset() {
        animator?.addBehaviors(snapBehaviours)
    }

    private func addPanGesture(to view: UIView) {
        panGesture = UIPanGestureRecognizer(target: self, action: Selector(Self.panTargetViewGestureRecognizer(sender:)))
        view.addGestureRecognizer(panGesture)
    }
    
    private func createDynamicBehaviours() {
        animator = UIDynamicAnimator(referenceView: superview)
        animator?.setValue(true, forKey: "debugEnabled")

        snapBehaviours = allViews.map { UISnapBehavior(item: $0, snapTo: $0.center) }
        gravityBehaviour = UIGravityBehavior(items: allViews)
        gravityBehaviour.magnitude = Constants.gravity
        itemsCollisionBehaviour = UICollisionBehavior(items: allViews)
        itemsAttachmentBehaviours = createItemAttachments()
        
        modalViewExitBehaviour = UIDynamicItemBehavior(items: [targetView])
        modalViewExitBehaviour.action = { [unowned self] in
            if !self.allViews.contains(where: { $0.frame.intersects(self.superview.bounds) }) {
                self.configureForViewWentOutOfTheFrame()
                self.onDismiss?()
            }
        }
        animator?.addBehavior(modalViewExitBehaviour)
    }

    private func createItemAttachments() -> [UIAttachmentBehavior] {
        return zip(allViews.dropFirst(), allViews.dropLast()).map { (firstView, secondView) -> UIAttachmentBehavior in
            let attachment = UIAttachmentBehavior(item: firstView, attachedTo: secondView)
            attachment.length = (firstView.center - secondView.center).module
            return attachment
        }
    }
    
    private dynamic func panTargetViewGestureRecognizer(sender: UIPanGestureRecognizer) {
        if animator == nil {
            createDynamicBehaviours()
        }

        let location = sender.location(in: superview)
        let velocity = sender.velocity(in: superview)
        let offset = UIOffset(horizontal: location.x - targetView.center.x,
                              vertical: location.y - targetView.center.y)

        switch sender.state {
        case .began:
            configureForStartDragging(with: offset, location: location)
        case .changed:
            drag(to: location)
        case .cancelled, .ended, .failed:
            configureForFinishDragging(with: velocity, offset: offset)
        case .possible:
            break
        }
    }
    
    // mark - gesture phases
    private func configureForStartDragging(with offsetFromCenter: UIOffset, location: CGPoint) {
        animator?.removeBehaviors(snapBehaviours)
        
        dragAttachmentBehaviour = UIAttachmentBehavior(item: targetView,
                                                       offsetFromCenter: offsetFromCenter,
                                                       attachedToAnchor: location)
        animator?.addBehavior(dragAttachmentBehaviour)
        animator?.addBehavior(itemsCollisionBehaviour)
        animator?.addBehaviors(itemsAttachmentBehaviours)
    }
    
    private func drag(to location: CGPoint) {
        dragAttachmentBehaviour.anchorPoint = location
    }
    
    private func configureForFinishDragging(with velocity: CGPoint, offset: UIOffset) {
        if shouldDismiss(with: velocity) {
            dismiss(view: targetView, withVelocity: velocity, offset: offset)
        } else {
            animator?.addBehaviors(snapBehaviours)
        }
        animator?.removeBehavior(dragAttachmentBehaviour)
    }
    
    fileprivate func configureForViewWentOutOfTheFrame() {
        animator?.removeBehavior(gravityBehaviour)
        animator?.removeBehavior(itemsCollisionBehaviour)
    }
    
    private func shouldDismiss(with velocity: CGPoint) -> Bool {
        guard shouldAllowDismiss else { return false }
        let magnitude = velocity.vector.module
        return magnitude > Constants.magnitudeThreshold
    }
    
    private func dismiss(view: UIView, withVelocity velocity: CGPoint, offset: UIOffset) {
        let pushBehaviour = UIPushBehavior(items: [view], mode: .instantaneous)
        pushBehaviour.pushDirection = velocity.vector * Constants.pushForceRatio
        pushBehaviour.setTargetOffsetFromCenter(offset, for: view)
        animator?.addBehavior(pushBehaviour)
        
        animator?.addBehavior(gravityBehaviour)
        
        animator?.removeBehaviors(itemsAttachmentBehaviours)
    }
}


// mark - Handy extensions
public extension UIDynamicAnimator {
    func removeBehaviors(_ behaviors: [UIDynamicBehavior]) {
        behaviors.forEach { removeBehavior($0) }
    }
    
    func addBehaviors(_ behaviors: [UIDynamicBehavior]) {
        behaviors.forEach { addBehavior($0) }
    }
}

public func -(lhs: CGPoint, rhs: CGPoint) -> CGVector {
    return CGVector(dx: lhs.x - rhs.x,
                    dy: lhs.y - rhs.y)
}

public func /(lhs: CGVector, rhs: CGFloat) -> CGVector {
    return CGVector(dx: lhs.dx / rhs,
                    dy: lhs.dy / rhs)
}

public func *(lhs: CGVector, rhs: CGFloat) -> CGVector {
    return CGVector(dx: lhs.dx * rhs,
                    dy: lhs.dy * rhs)
}

public extension CGPoint {
    var vector: CGVector {
        return CGVector(dx: x, dy: y)
    }
}

public extension CGVector {
    var module: CGFloat {
        return CGFloat(sqrtf(powf(Float(dx), 2) + powf(Float(dy), 2)))
    }
}

// ---- playground Sources/Extensions.swift (appended verbatim) ----
import UIKit

public extension UIView {
    public static func createBallView() -> UIView {
        return BallView(size: 50)
    }
    
    public static func createDefaultView() -> UIView {
        let view = UIView(frame: CGRect(x: 0.0, y: 0.0, width: 100.0, height: 50.0))
        view.backgroundColor = .white
        view.applyBorder()
        return view
    }
    
    public static func createDefaultRoundedView() -> UIView {
        let view = UIView(frame: CGRect(x: 0.0, y: 0.0, width: 50.0, height: 50.0))
        view.backgroundColor = .white
        view.layer.cornerRadius = 25
        view.applyBorder()
        return view
    }

    public static func createDefaultContainer() -> UIView {
        return UIView(frame: CGRect(x: 0.0, y: 0.0, width: 320.0, height: 480.0))
    }
    
    public static func createWiderContainer() -> UIView {
        return UIView(frame: CGRect(x: 0.0, y: 0.0, width: 480.0, height: 200.0))
    }
    
    public static func createLargerContainer() -> UIView {
        return UIView(frame: CGRect(x: 0.0, y: 0.0, width: 480.0, height: 480.0))
    }
    
    public static func createFakeModal() -> UIView {
        let modalView = UIView(frame: CGRect(x: 0.0, y: 0.0, width: 280.0, height: 150.0))
        modalView.backgroundColor = .white
        modalView.applyModalShadow()
        modalView.applyBorder()
        return modalView
    }
    
    public static func createSecondaryModal() -> UIView {
        let modalView = UIView(frame: CGRect(x: 0.0, y: 0.0, width: 280.0, height: 50.0))
        modalView.backgroundColor = .white
        modalView.applyModalShadow()
        modalView.applyBorder()
        return modalView
    }

    public func applyModalShadow() {
        layer.cornerRadius = 5
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowRadius = 10
        layer.shadowOffset = CGSize(width: 0, height: 1)
    }
    
    public func applyBorder() {
        layer.borderColor = UIColor.black.cgColor
        layer.borderWidth = 1.0 / UIScreen.main.scale
    }
    
    public func centerInSuperview(with random: CGFloat = 0) {
        guard let superview = superview else { return }
        center = CGPoint(x: superview.bounds.midX + CGFloat(arc4random_uniform(UInt32(random))),
                         y: superview.bounds.midY + CGFloat(arc4random_uniform(UInt32(random))))
    }
    
    public func placeCenteredOnTop(of view: UIView, gap: CGFloat) {
        center = CGPoint(x: view.center.x,
                         y: view.center.y - view.bounds.midY - bounds.midY - gap)
    }
    
    public var relativeCenter: CGPoint {
        return CGPoint(x: bounds.midX, y: bounds.midY)
    }
}

public class BallView: UIImageView {
    public init(size: CGFloat) {
        super.init(frame: CGRect(origin: .zero, size: CGSize(width: size, height: size)))
        image = UIImage(named: "basketball-png-0")
        contentMode = .scaleToFill
        layer.cornerRadius = size * 0.5
    }
    
    public required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    public override var collisionBoundsType: UIDynamicItemCollisionBoundsType {
        return .ellipse
    }
}

// ---- playground Sources/UIPanGestureRecognizerHelper.swift (appended verbatim) ----
import UIKit

public class UIPanGestureRecognizerHelper: NSObject {

    public typealias OnPanAction = (_ location: CGPoint, _ velocity: CGPoint) -> Void

    var panGesture: UIPanGestureRecognizer!
    let onFinishPan: OnPanAction
    let onChangePan: OnPanAction
    let onStartPan: OnPanAction
    let view: UIView

    public init(view: UIView,
                onStartPan: @escaping OnPanAction = {_,_ in },
                onChangePan: @escaping OnPanAction = {_,_ in },
                onFinishPan: @escaping OnPanAction = {_,_ in }) {
        self.view = view
        self.onChangePan = onChangePan
        self.onFinishPan = onFinishPan
        self.onStartPan = onStartPan
        super.init()

        panGesture = UIPanGestureRecognizer(target: self, action: Selector(Self.panGestureRecognizer(panGesture:)))
        view.isUserInteractionEnabled = true
        view.addGestureRecognizer(panGesture)
    }

    func panGestureRecognizer(panGesture: UIPanGestureRecognizer) {
        let velocity = panGesture.velocity(in: view.superview)
        let location = panGesture.location(in: view.superview)
        
        switch panGesture.state {
        case .began:
            onStartPan(location, velocity)
        case .changed:
            onChangePan(location, velocity)
        case .cancelled, .ended:
            onFinishPan(location, velocity)
        default:
            break
        }
    }
}

// ---- playground Sources/UITapGestureRecognizerHelper.swift (appended verbatim) ----
import UIKit

public class UITapGestureRecognizerHelper: NSObject {

    public typealias OnTapAction = (CGPoint) -> Void

    var tapGesture: UITapGestureRecognizer!
    let onTap: OnTapAction
    let view: UIView

    public init(view: UIView, onTap: @escaping OnTapAction) {
        self.view = view
        self.onTap = onTap
        super.init()

        tapGesture = UITapGestureRecognizer(target: self, action: Selector(Self.tapGestureRecognizer(tapGesture:)))
        view.addGestureRecognizer(tapGesture)
    }

    func tapGestureRecognizer(tapGesture: UITapGestureRecognizer) {
        let location = tapGesture.location(in: view)
        onTap(location)
    }
}
