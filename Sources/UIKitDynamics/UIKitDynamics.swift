// UIKitDynamics: Apple's UIKit Dynamics API (names, signatures, units) on the Physics2D engine.
//
// `import UIKitDynamics` replaces `import UIKit` in tutorial code: it re-exports Foundation
// (CGFloat, CGPoint, CGSize, CGRect, NSObject, NSCopying) and adds the geometry and view
// stand-ins the dynamics API needs. Units are UIKit's: points, seconds, radians (positive is
// clockwise on screen), the UIKit Newton, gravity 1.0 = 1000 points/s². `docs/api.md` lists
// every unit and the documented outcome of every bad input.
@_exported import Foundation
