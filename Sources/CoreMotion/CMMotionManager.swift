import Foundation

// Core Motion as a server has it: no accelerometer, gyroscope or magnetometer. Code written
// for a phone checks `isAccelerometerAvailable` (false) and runs on; updates started anyway
// never arrive, as on a device without the sensor.

/// An acceleration in g (1 g = 9.81 m/s²), on the device's axes.
public struct CMAcceleration: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var z: Double
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }
}

public struct CMRotationRate: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var z: Double
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }
}

open class CMLogItem: NSObject {
    /// Seconds since the device booted, when the sample was taken.
    open var timestamp: TimeInterval { 0 }
}

open class CMAccelerometerData: CMLogItem {
    open var acceleration: CMAcceleration { CMAcceleration(x: 0, y: 0, z: 0) }
}

open class CMGyroData: CMLogItem {
    open var rotationRate: CMRotationRate { CMRotationRate(x: 0, y: 0, z: 0) }
}

open class CMAttitude: NSObject {
    open var roll: Double { 0 }
    open var pitch: Double { 0 }
    open var yaw: Double { 0 }
}

open class CMDeviceMotion: CMLogItem {
    open var gravity: CMAcceleration { CMAcceleration(x: 0, y: -1, z: 0) }
    open var userAcceleration: CMAcceleration { CMAcceleration(x: 0, y: 0, z: 0) }
    open var rotationRate: CMRotationRate { CMRotationRate(x: 0, y: 0, z: 0) }
    open var attitude: CMAttitude { CMAttitude() }
}

public typealias CMAccelerometerHandler = (CMAccelerometerData?, (any Error)?) -> Void
public typealias CMGyroHandler = (CMGyroData?, (any Error)?) -> Void
public typealias CMDeviceMotionHandler = (CMDeviceMotion?, (any Error)?) -> Void

/// The motion sensors: none here. Intervals are kept; starting updates records that they
/// are active (as UIKit does) but no sample ever comes.
open class CMMotionManager: NSObject {
    open var accelerometerUpdateInterval: TimeInterval = 0.01
    open var gyroUpdateInterval: TimeInterval = 0.01
    open var deviceMotionUpdateInterval: TimeInterval = 0.01
    open var isAccelerometerAvailable: Bool { false }
    open var isGyroAvailable: Bool { false }
    open var isMagnetometerAvailable: Bool { false }
    open var isDeviceMotionAvailable: Bool { false }
    open private(set) var isAccelerometerActive = false
    open private(set) var isGyroActive = false
    open private(set) var isDeviceMotionActive = false
    open var accelerometerData: CMAccelerometerData? { nil }
    open var gyroData: CMGyroData? { nil }
    open var deviceMotion: CMDeviceMotion? { nil }

    public override init() { super.init() }

    open func startAccelerometerUpdates() { isAccelerometerActive = true }
    open func startAccelerometerUpdates(to queue: OperationQueue, withHandler handler: @escaping CMAccelerometerHandler) {
        isAccelerometerActive = true
    }
    open func stopAccelerometerUpdates() { isAccelerometerActive = false }
    open func startGyroUpdates() { isGyroActive = true }
    open func startGyroUpdates(to queue: OperationQueue, withHandler handler: @escaping CMGyroHandler) { isGyroActive = true }
    open func stopGyroUpdates() { isGyroActive = false }
    open func startDeviceMotionUpdates() { isDeviceMotionActive = true }
    open func startDeviceMotionUpdates(to queue: OperationQueue, withHandler handler: @escaping CMDeviceMotionHandler) {
        isDeviceMotionActive = true
    }
    open func stopDeviceMotionUpdates() { isDeviceMotionActive = false }
}
