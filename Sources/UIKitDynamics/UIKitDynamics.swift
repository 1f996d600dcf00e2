// The UIKit Dynamics API on the Physics2D engine.
