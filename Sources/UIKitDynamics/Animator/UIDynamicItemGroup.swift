import Foundation

/// Several items that move as one rigid body in every behaviour the group is added to:
/// one engine body with one collision outline per member (each member's own bounds type),
/// so convex members can make a concave whole.
///
/// The group's `center` is the centre of the rectangle enclosing its members' frames when
/// it is made (member transforms ignored), and its `bounds` that rectangle's size. Setting
/// `center` or `transform` (as the animator does after every step) places every member
/// rigidly: member i goes to center + t·(its offset at creation), turned by its initial
/// rotation followed by t's. Members are fixed at creation; a group inside a group, or an
/// item listed twice, is left out (UIKit raises). Add the group, not its members, to
/// behaviours: a member added on its own gets a body of its own that fights the group's.
open class UIDynamicItemGroup: NSObject, UIDynamicItem {
    /// The members, in the order given.
    public let items: [UIDynamicItem]
    private let size: CGSize
    /// Each member's centre relative to the group's centre, and its transform, at creation.
    private let offsets: [CGPoint]
    private let memberTransforms: [CGAffineTransform]
    private var storedCenter: CGPoint
    private var storedTransform: CGAffineTransform = .identity

    public init(items: [UIDynamicItem]) {
        var members: [UIDynamicItem] = []
        for item in items where !(item is UIDynamicItemGroup) && !members.contains(where: { $0 === item }) {
            members.append(item)
        }
        self.items = members
        var minX = CGFloat.infinity, minY = CGFloat.infinity
        var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for item in members {
            let c = item.center, s = item.bounds.size
            guard c.isFinitePoint, s.width.isFinite, s.height.isFinite else { continue }
            minX = min(minX, c.x - abs(s.width) / 2)
            maxX = max(maxX, c.x + abs(s.width) / 2)
            minY = min(minY, c.y - abs(s.height) / 2)
            maxY = max(maxY, c.y + abs(s.height) / 2)
        }
        if minX <= maxX, minY <= maxY {
            storedCenter = CGPoint(x: (minX + maxX) / 2, y: (minY + maxY) / 2)
            size = CGSize(width: maxX - minX, height: maxY - minY)
        } else {
            storedCenter = .zero
            size = .zero
        }
        let center = storedCenter
        offsets = members.map { CGPoint(x: $0.center.x - center.x, y: $0.center.y - center.y) }
        memberTransforms = members.map(\.transform)
        super.init()
    }

    /// The centre of the members' enclosing rectangle (points); setting it moves them all.
    open var center: CGPoint { get { storedCenter } set { ifFinite(newValue) { storedCenter = $0; placeMembers() } } }

    /// The members' enclosing rectangle at creation, at the origin.
    open var bounds: CGRect { CGRect(origin: .zero, size: size) }

    /// The group's rotation (identity at creation); setting it turns the members about
    /// `center`.
    open var transform: CGAffineTransform { get { storedTransform } set { ifFinite(newValue) { storedTransform = $0; placeMembers() } } }

    /// Each member's outline relative to the group: its offset from the group's centre and
    /// its rotation, both in the group's own (unrotated) frame, as the member now stands.
    func memberPlacements() -> [(item: UIDynamicItem, offset: CGPoint, angle: CGFloat)] {
        let groupAngle = atan2(storedTransform.b, storedTransform.a)
        let c = cos(-groupAngle), s = sin(-groupAngle)
        return items.map { item in
            let dx = item.center.x - storedCenter.x, dy = item.center.y - storedCenter.y
            let t = item.transform
            let angle = atan2(t.b, t.a) - groupAngle
            return (item, CGPoint(x: c * dx - s * dy, y: s * dx + c * dy), angle)
        }
    }

    private func placeMembers() {
        let t = storedTransform
        for (i, item) in items.enumerated() {
            let o = offsets[i]
            item.center = CGPoint(x: storedCenter.x + t.a * o.x + t.c * o.y, y: storedCenter.y + t.b * o.x + t.d * o.y)
            let m = memberTransforms[i]
            let turned = m.concatenating(CGAffineTransform(a: t.a, b: t.b, c: t.c, d: t.d, tx: 0, ty: 0))
            if turned.isFinite { item.transform = turned }
        }
    }
}
