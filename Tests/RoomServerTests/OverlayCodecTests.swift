import Foundation
import Lessons
import Testing

import RoomServer

/// The overlay addition's messages and binary layout, without sockets (issue 21).
struct OverlayCodecTests {
    @Test func anOverlayRequestParsesItsKindsAndRate() throws {
        #expect(
            try parse(#"{"type":"overlay","want":["velocity","contacts"],"rate":30}"#).get()
                == .overlay(kinds: [.velocity, .contacts], rate: 30))
        // Without a rate: every frame.
        #expect(try parse(#"{"type":"overlay","want":["forces"]}"#).get() == .overlay(kinds: [.forces], rate: 60))
        // Nothing: stop.
        #expect(try parse(#"{"type":"overlay","want":[]}"#).get() == .overlay(kinds: [], rate: 60))
        #expect(
            try parse(#"{"type":"control","action":"overlay","overlay":"trails","on":true}"#).get()
                == .control(.overlay("trails", on: true)))
    }

    @Test func aBadOverlayRequestIsBadValue() {
        for text in [
            #"{"type":"overlay"}"#, #"{"type":"overlay","want":"velocity"}"#, #"{"type":"overlay","want":[1]}"#,
            #"{"type":"overlay","want":["spin"]}"#, #"{"type":"overlay","want":["velocity"],"rate":0}"#,
            #"{"type":"overlay","want":["velocity"],"rate":61}"#, #"{"type":"overlay","want":["velocity"],"rate":1e999}"#,
            #"{"type":"overlay","want":["velocity"],"rate":"fast"}"#,
            #"{"type":"overlay","want":["velocity","forces","contacts","velocity"]}"#,
            #"{"type":"control","action":"overlay","overlay":"x","on":true}"#,
            #"{"type":"control","action":"overlay","overlay":"trails","on":1}"#,
        ] {
            #expect(code(text) == .badValue, "\(text)")
        }
    }

    @Test func theOverlayFrameLaysOutItemsContactsAndLines() {
        var forces = UIDynamicForces()
        forces.gravity = CGVector(dx: 0, dy: 10)
        forces.collision = CGVector(dx: 0, dy: -10)
        let m = LessonMeasurements(
            items: [
                ItemMeasurement(
                    id: 7, velocity: CGVector(dx: 1, dy: 2), angularVelocity: 0.5, mass: 1, forces: forces,
                    behaviors: [UIDynamicBehaviorSet(.gravity), UIDynamicBehaviorSet(.collision)])
            ],
            contacts: [ContactMeasurement(point: CGPoint(x: 3, y: 4), normal: CGVector(dx: 0, dy: -1), force: CGVector(dx: 0, dy: -5), item: 7, other: nil)],
            lines: [LineMeasurement(tension: 2, springEnergy: 0.25)])
        let all = OverlayFrame.encode(m, kinds: .all, sequence: 9, time: 1.5).bytes
        #expect(all.count == 16 + (4 + 16 + 2 * 8) + 28 + 8)
        #expect(all[0] == 2 && all[1] == 7)
        #expect(all[16] == 7 && all[18] == 0b100_0001 && all[19] == 0b100_0001)
        // Velocity alone: no forces, no lines, no contacts.
        let velocity = OverlayFrame.encode(m, kinds: .velocity, sequence: 9, time: 1.5).bytes
        #expect(velocity.count == 16 + 4 + 16)
        let contacts = OverlayFrame.encode(m, kinds: .contacts, sequence: 9, time: 1.5).bytes
        #expect(contacts.count == 16 + 28)
    }
}
