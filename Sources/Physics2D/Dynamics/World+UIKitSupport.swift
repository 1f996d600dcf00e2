// Added for UIKitDynamics (not part of the engine's own design): a query-free fix-up the
// attachment behaviour needs after turning a joint feature off at run time.

extension World {
    /// Drops the warm-starting impulses of a joint's disabled features (motor, limits,
    /// spring). The setters that disable a feature keep its last impulse, and `warmStart`
    /// applies impulses whether or not the feature is enabled, so without this a friction
    /// torque set to 0, or limits turned off, go on acting as their last impulse.
    package func clearDisabledJointImpulses(_ id: JointID) {
        guard isValid(id) else { return }
        let i = Int(id.index)
        switch joints[i].data {
        case .revolute(var r):
            if !r.settings.motor.enabled { r.motorImpulse = 0 }
            if !r.settings.limit.enabled {
                r.lowerImpulse = 0
                r.upperImpulse = 0
            }
            if !r.settings.spring.enabled { r.springImpulse = 0 }
            joints[i].data = .revolute(r)
        case .prismatic(var p):
            if !p.settings.motor.enabled { p.motorImpulse = 0 }
            if !p.settings.limit.enabled {
                p.lowerImpulse = 0
                p.upperImpulse = 0
            }
            joints[i].data = .prismatic(p)
        case .distance(var d):
            if !d.settings.enableLimit {
                d.lowerImpulse = 0
                d.upperImpulse = 0
            }
            joints[i].data = .distance(d)
        case .weld, .target:
            break
        }
    }
}
