import Foundation
import Physics2D

// Synchronisation: after behaviours, items or the view hierarchy changed, the next step (or
// a query that needs the engine) brings the world in line with the behaviour tree, in one
// pass: flatten the tree, bind each behaviour's items to records (creating bodies lazily and
// destroying those no behaviour references), then collision memberships, materials, bullets
// and each behaviour's own engine objects. Nothing here runs inside `World.step`.

extension UIDynamicAnimator {
    /// Brings the world in line with the behaviour tree if anything changed.
    func synchronizeIfNeeded() {
        if needsSync { synchronize() }
    }

    func synchronize() {
        needsSync = false
        syncMark &+= 1

        // 1. The tree, flattened depth first, and the behaviours by kind.
        flatBehaviors.removeAll(keepingCapacity: true)
        gravityBehaviors.removeAll(keepingCapacity: true)
        pushBehaviors.removeAll(keepingCapacity: true)
        for c in collisionBehaviors { c.collisionIndex = -1 }
        collisionBehaviors.removeAll(keepingCapacity: true)
        itemBehaviors.removeAll(keepingCapacity: true)
        fieldBehaviors.removeAll(keepingCapacity: true)
        for behavior in behaviors { flatten(behavior) }
        for (i, c) in collisionBehaviors.enumerated() { c.collisionIndex = i }

        // 2. Records for every referenced item.
        for behavior in flatBehaviors {
            behavior.boundRecords.removeAll(keepingCapacity: true)
            for item in behavior.engineItems {
                let record = self.record(for: item)
                record.mark = syncMark
                behavior.boundRecords.append(record)
            }
        }
        if records.contains(where: { $0.mark != syncMark }) {
            for record in records where record.mark != syncMark { dropRecord(record) }
            records.removeAll { $0.mark != syncMark }
        }

        // 3. Bodies: made for items that can have one, destroyed for items that no longer can.
        for record in records {
            let eligible = canSimulate(record.item)
            if record.isReleased && record.hasBody { destroyBody(record) }
            record.isReleased = false
            if eligible && !record.hasBody {
                makeBody(record)
            } else if !eligible && record.hasBody {
                destroyBody(record)
            }
        }

        // 4. Collision memberships decide filters (the custom filter reads the lists).
        for record in records {
            record.itemCollisions.removeAll(keepingCapacity: true)
            record.boundaryCollisions.removeAll(keepingCapacity: true)
        }
        for c in collisionBehaviors {
            let mode = c.collisionMode
            for record in c.boundRecords {
                if mode.contains(.items) { record.itemCollisions.append(c.collisionIndex) }
                if mode.contains(.boundaries) { record.boundaryCollisions.append(c.collisionIndex) }
            }
        }
        for record in records where record.hasBody {
            guard record.itemCollisions != record.appliedItemCollisions
                || record.boundaryCollisions != record.appliedBoundaryCollisions
            else { continue }
            let wasColliding = !(record.appliedItemCollisions.isEmpty && record.appliedBoundaryCollisions.isEmpty)
            let isColliding = !(record.itemCollisions.isEmpty && record.boundaryCollisions.isEmpty)
            record.appliedItemCollisions = record.itemCollisions
            record.appliedBoundaryCollisions = record.boundaryCollisions
            for shape in record.shapes {
                if wasColliding != isColliding {
                    world.setFilter(shape, isColliding ? Filter() : .none)
                } else {
                    world.resetFilter(shape)
                }
            }
        }

        // 5. Materials: defaults, then each item behaviour's explicit values in tree order.
        for record in records { record.material = .simulatedDefault }
        for behavior in itemBehaviors {
            for record in behavior.boundRecords { behavior.overrides.apply(to: &record.material) }
        }
        for record in records where record.hasBody { applyMaterial(record) }

        // 6. Items under gravity or pushes sweep against other items too (never cleared).
        for behavior in gravityBehaviors { makeBullets(behavior.boundRecords) }
        for behavior in pushBehaviors { makeBullets(behavior.boundRecords) }

        // Gravity's bodies, beside its records (null for an item without one): the step
        // weighs them all in one call into the world.
        for gravity in gravityBehaviors { gravity.listWeighedBodies() }

        // 7. Each behaviour's own engine objects.
        for behavior in flatBehaviors { behavior.engineSync(self) }
    }

    private func flatten(_ behavior: UIDynamicBehavior) {
        flatBehaviors.append(behavior)
        switch behavior {
        case let g as UIGravityBehavior: gravityBehaviors.append(g)
        case let p as UIPushBehavior: pushBehaviors.append(p)
        case let c as UICollisionBehavior: collisionBehaviors.append(c)
        case let i as UIDynamicItemBehavior: itemBehaviors.append(i)
        case let f as UIFieldBehavior: fieldBehaviors.append(f)
        default: break
        }
        for child in behavior.children { flatten(child) }
    }

    /// The record for `item`, made (without a body yet) when it has none.
    private func record(for item: UIDynamicItem) -> ItemRecord {
        let key = ObjectIdentifier(item)
        if let record = recordsByItem[key] { return record }
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
        } else {
            slot = recordsBySlot.count
            recordsBySlot.append(nil)
        }
        let record = ItemRecord(item: item, slot: slot)
        recordsBySlot[slot] = record
        recordsByItem[key] = record
        records.append(record)
        return record
    }

    private func dropRecord(_ record: ItemRecord) {
        if record.hasBody { destroyBody(record) }
        recordsByItem[ObjectIdentifier(record.item)] = nil
        recordsBySlot[record.slot] = nil
        freeSlots.append(record.slot)
    }

    /// Whether `item` can have a body: a positive, finite size, a finite centre within the
    /// engine's range, and (for a view of a view animator) being inside the reference view.
    func canSimulate(_ item: UIDynamicItem) -> Bool {
        let size = item.bounds.size
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0,
            size.width < Units.maxCoordinate, size.height < Units.maxCoordinate
        else { return false }
        let c = item.center
        guard c.isFinitePoint, abs(c.x) < Units.maxCoordinate, abs(c.y) < Units.maxCoordinate else { return false }
        if let view = item as? UIView, let reference = referenceView, view !== reference {
            return view.isDescendant(of: reference)
        }
        if let view = item as? UIView, view === referenceView { return false }
        if let group = item as? UIDynamicItemGroup {
            // Every member must be able to have a body of its own (its outline is part of
            // the group's); the group moves them all.
            return !group.items.isEmpty && group.items.allSatisfy(canSimulate)
        }
        return true
    }

    private func makeBody(_ record: ItemRecord) {
        let item = record.item
        var def = BodyDef()
        def.position = Vec2(points: item.center)
        def.rotation = item.transform.isFinite ? Rot(item.transform) : .identity
        def.userData = record.slot
        let body = world.createBody(def)
        var shapeDef = ShapeDef()
        let m = Material.simulatedDefault
        shapeDef.density = m.density
        shapeDef.friction = m.friction
        shapeDef.restitution = m.restitution
        shapeDef.filter = .none
        shapeDef.userData = record.slot + 1
        var shapes: [ShapeID] = []
        for geometry in Self.geometries(of: item) {
            let shape = world.createShape(on: body, shapeDef, geometry)
            if shape != .null { shapes.append(shape) }
        }
        guard let first = shapes.first else {
            world.destroyBody(body)
            return
        }
        record.body = body
        record.shape = first
        record.shapes = shapes
        record.lastPosition = def.position
        record.lastRotation = def.rotation
        record.appliedMaterial = m
        record.appliedItemCollisions = []
        record.appliedBoundaryCollisions = []
        record.isBullet = false
    }

    private func destroyBody(_ record: ItemRecord) {
        world.destroyBody(record.body)
        record.body = .null
        record.shape = .null
        record.shapes = []
    }

    /// The outlines of an item's body: one for an item, one per member for a group (each
    /// member's outline carried to its place in the group's frame).
    static func geometries(of item: UIDynamicItem) -> [ShapeGeometry] {
        guard let group = item as? UIDynamicItemGroup else { return [geometry(of: item)] }
        return group.memberPlacements().map { member in
            let placement = Transform(p: Vec2(points: member.offset), q: Rot(angle: Float(member.angle)))
            switch geometry(of: member.item) {
            case .polygon(let polygon):
                return .polygon(polygon.transformed(by: placement))
            case .circle(let circle):
                return .circle(Circle(center: placement.apply(circle.center), radius: circle.radius))
            case .ellipse(let ellipse):
                // The engine's ellipses sit on their body's origin: an off-centre member
                // ellipse collides as the octagon inscribed in it.
                let points = (0..<8).map { k -> Vec2 in
                    let a = Float(k) * .pi / 4
                    return placement.apply(Vec2(ellipse.radii.x * cos(a), ellipse.radii.y * sin(a)))
                }
                return Polygon.make(points: points).map(ShapeGeometry.polygon) ?? .circle(Circle(center: placement.p, radius: 0.01))
            case .segment, .chainSegment:
                return geometry(of: member.item)
            }
        }
    }

    /// The item's collision outline in metres about its centre.
    static func geometry(of item: UIDynamicItem) -> ShapeGeometry {
        let size = item.bounds.size
        let hw = Float(size.width / Units.pointsPerMeter / 2)
        let hh = Float(size.height / Units.pointsPerMeter / 2)
        let box = ShapeGeometry.polygon(Polygon.box(halfWidth: hw, halfHeight: hh))
        switch item.collisionBoundsType {
        case .rectangle:
            return box
        case .ellipse:
            return hw == hh ? .circle(Circle(radius: hw)) : .ellipse(Ellipse(radii: Vec2(hw, hh)))
        case .path:
            // The convex hull of the path's points (a concave path collides as its hull; an
            // empty or degenerate one as the rectangle). At most 8 vertices are kept.
            let points = item.collisionBoundingPath.flattenedPoints().map { Vec2(points: $0) }
            return Polygon.make(points: points).map(ShapeGeometry.polygon) ?? box
        }
    }

    private func applyMaterial(_ record: ItemRecord) {
        let m = record.material
        let old = record.appliedMaterial
        guard m != old else { return }
        for shape in record.shapes {
            if m.friction != old.friction { world.setFriction(shape, m.friction) }
            if m.restitution != old.restitution { world.setRestitution(shape, m.restitution) }
            if m.density != old.density { world.setDensity(shape, m.density) }
        }
        if m.linearDamping != old.linearDamping { world.setLinearDamping(record.body, m.linearDamping) }
        if m.angularDamping != old.angularDamping { world.setAngularDamping(record.body, m.angularDamping) }
        if m.fixedRotation != old.fixedRotation { world.setFixedRotation(record.body, m.fixedRotation) }
        if m.isAnchored != old.isAnchored { world.setBodyType(record.body, m.isAnchored ? .static : .dynamic) }
        record.appliedMaterial = m
    }

    private func makeBullets(_ records: [ItemRecord]) {
        for record in records where record.hasBody && !record.isBullet {
            world.setBullet(record.body, true)
            record.isBullet = true
        }
    }
}
