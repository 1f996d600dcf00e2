import Foundation

/// What a room's host keeps for each view it shows (see `UIView.hostRecord`); no part of UIKit.
/// Plain values only, so a keyframe copies it with the view's other plain bytes.
package struct ViewHostRecord {
    /// The item's id on the wire (0: not numbered yet). Ids are never reused in a room.
    package var itemID = 0
    /// The pose the host read after its latest step that moved the view (valid when `hasPose`).
    package var lastCenter = CGPoint.zero
    package var lastAngle = 0.0
    package var hasPose = false
    /// The host's step after which the pose last changed.
    package var movedAtStep = -1

    package init() {}
}
