import Foundation
import UIKitDynamics

extension LessonHost {
    /// The animator's measurements of its last step, keyed by the items' wire ids: every
    /// drawn view the animator simulates, every contact point, every drawn line's tension.
    public var measurements: LessonMeasurements {
        guard let animator else { return .empty }
        var result = LessonMeasurements()
        var idsByItem: [ObjectIdentifier: Int] = [:]
        forEachPose { view, _, _, _ in
            let id = itemID(of: view)
            idsByItem[ObjectIdentifier(view)] = id
            guard let m = animator.measurement(for: view) else { return }
            result.items.append(
                ItemMeasurement(
                    id: id, velocity: m.velocity, angularVelocity: Double(m.angularVelocity), mass: Double(m.mass),
                    forces: m.forces, behaviors: m.behaviors))
        }
        animator.forEachContact { contact in
            // Contacts of items that are not drawn views (custom dynamic items) are left out.
            guard let id = idsByItem[ObjectIdentifier(contact.item)] else { return }
            result.contacts.append(
                ContactMeasurement(
                    point: contact.point, normal: contact.normal, force: contact.force, item: id,
                    other: contact.otherItem.flatMap { idsByItem[ObjectIdentifier($0)] }))
        }
        forEachDrawnAttachment { attachment, _ in
            let m = animator.measurement(for: attachment)
            result.lines.append(LineMeasurement(tension: Double(m.tension), springEnergy: Double(m.springEnergy)))
        }
        return result
    }
}
