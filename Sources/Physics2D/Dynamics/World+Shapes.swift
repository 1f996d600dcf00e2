extension World {
    /// Attaches a shape (circle, polygon, ellipse or segment) to a body and updates its mass.
    /// Returns `.null` for invalid geometry (non-finite numbers, non-positive sizes) or a
    /// segment on a non-static body.
    package func createShape(on body: BodyID, _ def: ShapeDef, _ geometry: ShapeGeometry) -> ShapeID {
        precondition(!isLocked, "shapes cannot be created during a step")
        guard isValid(body), Self.isValidGeometry(geometry) else { return .null }
        if case .segment = geometry, bodies[Int(body.index)].type != .static { return .null }
        if case .chainSegment = geometry { return .null }
        let index = makeShape(on: body.index, def, geometry, chain: -1)
        updateMassData(body.index)
        wakeBody(body.index)
        return shapeID(index)
    }

    /// Makes a chain of one-sided segments through `points` on a static body; a loop closes
    /// it. Each segment collides only on the side its `rightPerp` direction points to
    /// (`(dy, -dx)` for direction `(dx, dy)`), so in UIKit's y-down frame a loop that runs
    /// counter-clockwise as seen on screen keeps shapes inside. Needs 3 or more points for a
    /// loop, 2 or more otherwise (an open chain's end segments extend straight as ghosts).
    package func createChain(on body: BodyID, points: [Vec2], isLoop: Bool, _ def: ShapeDef) -> ChainID {
        precondition(!isLocked)
        guard isValid(body), bodies[Int(body.index)].type == .static else { return .null }
        guard points.allSatisfy(\.isValid), points.count >= (isLoop ? 3 : 2) else { return .null }
        let chainIndex = claimSlot(in: &chains, free: &freeChains, empty: Chain())
        var chain = Chain()
        chain.generation = chains[Int(chainIndex)].generation &+ 1
        chain.isAlive = true
        chain.body = body.index
        let n = points.count
        let segmentCount = isLoop ? n : n - 1
        for i in 0..<segmentCount {
            let p1 = points[i]
            let p2 = points[(i + 1) % n]
            guard distanceSquared(p1, p2) > Tolerance.linearSlop * Tolerance.linearSlop else { continue }
            let g1: Vec2
            let g2: Vec2
            if isLoop {
                g1 = points[(i + n - 1) % n]
                g2 = points[(i + 2) % n]
            } else {
                g1 = i > 0 ? points[i - 1] : p1 + (p1 - p2)
                g2 = i + 2 < n ? points[i + 2] : p2 + (p2 - p1)
            }
            let segment = ChainSegment(
                ghost1: g1, segment: Segment(point1: p1, point2: p2), ghost2: g2, chainID: chainIndex)
            chain.shapes.append(makeShape(on: body.index, def, .chainSegment(segment), chain: chainIndex))
        }
        chains[Int(chainIndex)] = chain
        return ChainID(index: chainIndex, generation: chain.generation)
    }

    package func destroyChain(_ id: ChainID) {
        precondition(!isLocked)
        guard id.names(in: chains) else { return }
        for s in chains[Int(id.index)].shapes { destroyShapeInternal(s) }
        chains[Int(id.index)].isAlive = false
        chains[Int(id.index)].shapes.removeAll()
        freeChains.append(id.index)
    }

    package func isValid(_ id: ShapeID) -> Bool {
        id.names(in: shapes)
    }

    /// Destroys a shape, its contacts (touching ones reported as ended) and updates the mass.
    package func destroyShape(_ id: ShapeID) {
        precondition(!isLocked)
        guard isValid(id) else { return }
        let body = shapes[Int(id.index)].body
        destroyShapeInternal(id.index)
        updateMassData(body)
    }

    package func shapeBody(_ id: ShapeID) -> BodyID {
        guard isValid(id) else { return .null }
        return bodyID(shapes[Int(id.index)].body)
    }

    package func shapeGeometry(_ id: ShapeID) -> ShapeGeometry? {
        guard isValid(id) else { return nil }
        return shapes[Int(id.index)].geometry
    }

    package func shapeUserData(_ id: ShapeID) -> Int { isValid(id) ? shapes[Int(id.index)].userData : 0 }

    /// The shapes of a body, in creation order.
    package func bodyShapes(_ id: BodyID) -> [ShapeID] {
        guard isValid(id) else { return [] }
        var result: [ShapeID] = []
        var s = bodies[Int(id.index)].shapeHead
        while s != -1 {
            result.append(shapeID(s))
            s = shapes[Int(s)].nextShape
        }
        return result.reversed()
    }

    package func setFriction(_ id: ShapeID, _ friction: Float) {
        guard isValid(id), friction.isFinite else { return }
        shapes[Int(id.index)].friction = max(0, friction)
        refreshContactMaterials(id.index)
    }

    package func setRestitution(_ id: ShapeID, _ restitution: Float) {
        guard isValid(id), restitution.isFinite else { return }
        shapes[Int(id.index)].restitution = max(0, restitution)
        refreshContactMaterials(id.index)
    }

    package func friction(_ id: ShapeID) -> Float { isValid(id) ? shapes[Int(id.index)].friction : 0 }
    package func restitution(_ id: ShapeID) -> Float { isValid(id) ? shapes[Int(id.index)].restitution : 0 }
    package func density(_ id: ShapeID) -> Float { isValid(id) ? shapes[Int(id.index)].density : 0 }

    /// Sets the density (kg/m²) and recomputes the body's mass. Non-positive or non-finite
    /// densities are ignored.
    package func setDensity(_ id: ShapeID, _ density: Float) {
        guard isValid(id), density.isFinite, density > 0 else { return }
        shapes[Int(id.index)].density = density
        updateMassData(shapes[Int(id.index)].body)
    }

    package func filter(_ id: ShapeID) -> Filter { isValid(id) ? shapes[Int(id.index)].filter : Filter() }

    /// Sets a shape's filter and re-pairs it.
    package func setFilter(_ id: ShapeID, _ filter: Filter) {
        guard isValid(id) else { return }
        shapes[Int(id.index)].filter = filter
        resetFilter(id)
    }

    /// Forgets a shape's contacts and pairs it again with everything it overlaps, asking the
    /// filters anew: call it when what `customFilter` answers for this shape has changed.
    package func resetFilter(_ id: ShapeID) {
        precondition(!isLocked)
        guard isValid(id) else { return }
        let shapeIndex = id.index
        let body = shapes[Int(shapeIndex)].body
        destroyContacts(ofShape: shapeIndex)
        // Re-create the proxy so the category bits in the tree match, and pairs are found again.
        destroyProxy(shapeIndex)
        createProxy(shapeIndex, forcePairCreation: true)
        wakeBody(body)
    }

    /// Calls `body` with every shape whose fat AABB overlaps `aabb` until it returns false.
    package func queryAABB(_ aabb: AABB, _ body: (ShapeID) -> Bool) {
        broadPhase.query(aabb) { shapeIndex in
            guard self.shapes[Int(shapeIndex)].isAlive else { return true }
            return body(self.shapeID(shapeIndex))
        }
    }

    /// The shape's current tight AABB.
    package func shapeAABB(_ id: ShapeID) -> AABB {
        guard isValid(id) else { return AABB(lowerBound: .zero, upperBound: .zero) }
        return shapes[Int(id.index)].geometry.computeAABB(bodies[Int(shapes[Int(id.index)].body)].transform)
    }

    // MARK: Internals

    static func isValidGeometry(_ g: ShapeGeometry) -> Bool {
        switch g {
        case .circle(let c):
            return c.center.isValid && c.radius.isFinite && c.radius > 0
        case .polygon(let p):
            guard p.count >= 3, p.count <= Tolerance.maxPolygonVertices, p.radius.isFinite, p.radius >= 0 else {
                return false
            }
            for i in 0..<p.count where !p.vertices[i].isValid { return false }
            return true
        case .ellipse(let e):
            return e.radii.isValid && e.radii.x > 0 && e.radii.y > 0
        case .segment(let s):
            return s.point1.isValid && s.point2.isValid && s.point1 != s.point2
        case .chainSegment(let c):
            return c.segment.point1.isValid && c.segment.point2.isValid
        }
    }

    func makeShape(on body: Int32, _ def: ShapeDef, _ geometry: ShapeGeometry, chain: Int32) -> Int32 {
        let index = claimSlot(in: &shapes, free: &freeShapes, empty: Shape())
        var shape = Shape()
        shape.generation = shapes[Int(index)].generation &+ 1
        shape.isAlive = true
        shape.body = body
        shape.geometry = geometry
        shape.density = def.density.isFinite && def.density > 0 ? def.density : 1
        shape.friction = def.friction.isFinite ? max(0, def.friction) : 0.6
        shape.restitution = def.restitution.isFinite ? max(0, def.restitution) : 0
        shape.filter = def.filter
        shape.enableContactEvents = def.enableContactEvents
        shape.chain = chain
        shape.userData = def.userData
        // Push onto the body's list.
        let head = bodies[Int(body)].shapeHead
        shape.nextShape = head
        if head != -1 { shapes[Int(head)].prevShape = index }
        bodies[Int(body)].shapeHead = index
        bodies[Int(body)].shapeCount += 1
        shapes[Int(index)] = shape
        createProxy(index, forcePairCreation: true)
        return index
    }

    func destroyShapeInternal(_ index: Int32) {
        destroyContacts(ofShape: index)
        destroyShapeStorage(index)
    }

    /// Destroys the shape's contacts (walking its body's contact list), waking their bodies.
    private func destroyContacts(ofShape index: Int32) {
        let body = shapes[Int(index)].body
        var key = bodies[Int(body)].contactHead
        while key != -1 {
            let c = key >> 1
            let next = (key & 1) == 0 ? contacts[Int(c)].nextA : contacts[Int(c)].nextB
            if contacts[Int(c)].shapeA == index || contacts[Int(c)].shapeB == index {
                destroyContact(c, wakeBodies: true)
            }
            key = next
        }
    }

    /// Unlinks a shape from its body and frees it; its contacts must be gone already.
    func destroyShapeStorage(_ index: Int32) {
        let body = shapes[Int(index)].body
        destroyProxy(index)
        let prev = shapes[Int(index)].prevShape
        let next = shapes[Int(index)].nextShape
        if prev != -1 { shapes[Int(prev)].nextShape = next } else { bodies[Int(body)].shapeHead = next }
        if next != -1 { shapes[Int(next)].prevShape = prev }
        bodies[Int(body)].shapeCount -= 1
        shapes[Int(index)].isAlive = false
        shapes[Int(index)].prevShape = -1
        shapes[Int(index)].nextShape = -1
        freeShapes.append(index)
    }

    func createProxy(_ shapeIndex: Int32, forcePairCreation: Bool) {
        let body = bodies[Int(shapes[Int(shapeIndex)].body)]
        let aabb = shapes[Int(shapeIndex)].geometry.computeAABB(body.transform)
        let margin: Float = body.type == .static ? 0 : Tolerance.aabbMargin
        let fat = aabb.fattened(by: margin)
        shapes[Int(shapeIndex)].aabb = aabb
        shapes[Int(shapeIndex)].fatAABB = fat
        bodies[Int(shapes[Int(shapeIndex)].body)].fatBoxStamp = collideStamp
        shapes[Int(shapeIndex)].proxyKey = broadPhase.createProxy(
            aabb: fat, categoryBits: shapes[Int(shapeIndex)].filter.categoryBits, shapeIndex: shapeIndex,
            bodyType: body.type, forcePairCreation: forcePairCreation)
    }

    func destroyProxy(_ shapeIndex: Int32) {
        let key = shapes[Int(shapeIndex)].proxyKey
        if key != -1 {
            broadPhase.destroyProxy(key)
            shapes[Int(shapeIndex)].proxyKey = -1
        }
    }

    func refreshContactMaterials(_ shapeIndex: Int32) {
        let body = shapes[Int(shapeIndex)].body
        var key = bodies[Int(body)].contactHead
        while key != -1 {
            let c = Int(key >> 1)
            let next = (key & 1) == 0 ? contacts[c].nextA : contacts[c].nextB
            if contacts[c].shapeA == shapeIndex || contacts[c].shapeB == shapeIndex {
                let a = shapes[Int(contacts[c].shapeA)]
                let b = shapes[Int(contacts[c].shapeB)]
                contacts[c].friction = mixFriction(a.friction, b.friction)
                contacts[c].restitution = mixRestitution(a.restitution, b.restitution)
            }
            key = next
        }
    }

    /// Recomputes a body's mass, centre of mass, inertia and extents from its shapes.
    func updateMassData(_ index: Int32) {
        let i = Int(index)
        // Its contacts' anchors are relative to the centre of mass, which may move: no recycling.
        var key = bodies[i].contactHead
        while key != -1 {
            let c = Int(key >> 1)
            contacts[c].canRecycle = false
            key = (key & 1) == 0 ? contacts[c].nextA : contacts[c].nextB
        }
        var body = bodies[i]
        body.mass = 0
        body.invMass = 0
        body.inertia = 0
        body.invInertia = 0
        body.localCenter = .zero
        body.minExtent = .greatestFiniteMagnitude
        body.maxExtent = 0
        defer { bodies[i] = body }
        guard body.type == .dynamic else {
            body.center = body.transform.p
            body.center0 = body.center
            // Kinematic bodies still need extents for continuous collision against them.
            var s = body.shapeHead
            while s != -1 {
                let extent = shapeExtent(shapes[Int(s)].geometry, about: .zero)
                body.minExtent = min(body.minExtent, extent.min)
                body.maxExtent = max(body.maxExtent, extent.max)
                s = shapes[Int(s)].nextShape
            }
            return
        }
        var rotationalInertia: Float = 0
        var localCenter = Vec2.zero
        var s = body.shapeHead
        while s != -1 {
            let shape = shapes[Int(s)]
            let md = shape.geometry.computeMass(density: shape.density)
            body.mass += md.mass
            localCenter = mulAdd(localCenter, md.mass, md.center)
            rotationalInertia += md.rotationalInertia + md.mass * md.center.lengthSquared
            s = shape.nextShape
        }
        if body.mass > 0 {
            body.invMass = 1 / body.mass
            localCenter = body.invMass * localCenter
        } else {
            // A dynamic body needs mass: one kilogram, as Box2D gives a shapeless body.
            body.mass = 1
            body.invMass = 1
        }
        if rotationalInertia > 0 && !body.fixedRotation {
            // Parallel axis theorem: move the inertia from the body origin to the centre of mass.
            body.inertia = rotationalInertia - body.mass * localCenter.lengthSquared
            if body.inertia > 0 {
                body.invInertia = 1 / body.inertia
            } else {
                body.inertia = 0
            }
        }
        let oldCenter = body.center
        body.localCenter = localCenter
        body.center = body.transform.apply(localCenter)
        body.center0 = body.center
        // Keep the velocity of the origin: v_center changes by w × (new - old centre).
        let w = body.awakeIndex >= 0 ? states[Int(body.awakeIndex)].angularVelocity : body.angularVelocity
        let dv = cross(w, body.center - oldCenter)
        if body.awakeIndex >= 0 {
            states[Int(body.awakeIndex)].linearVelocity += dv
        } else {
            body.linearVelocity += dv
        }
        s = body.shapeHead
        while s != -1 {
            let extent = shapeExtent(shapes[Int(s)].geometry, about: localCenter)
            body.minExtent = min(body.minExtent, extent.min)
            body.maxExtent = max(body.maxExtent, extent.max)
            s = shapes[Int(s)].nextShape
        }
    }

    /// The smallest distance from a point to a shape's surface along its narrowest
    /// direction (the inradius about the centroid, roughly), and the farthest distance.
    func shapeExtent(_ g: ShapeGeometry, about center: Vec2) -> (min: Float, max: Float) {
        switch g {
        case .circle(let c):
            return (c.radius, (c.center - center).length + c.radius)
        case .ellipse(let e):
            return (min(e.radii.x, e.radii.y), center.length + max(e.radii.x, e.radii.y))
        case .polygon(let p):
            var minExtent = Float.greatestFiniteMagnitude
            var maxSq: Float = 0
            for i in 0..<p.count {
                let v = p.vertices[i]
                minExtent = min(minExtent, dot(p.normals[i], v - p.centroid))
                maxSq = max(maxSq, (v - center).lengthSquared)
            }
            return (minExtent + p.radius, maxSq.squareRoot() + p.radius)
        case .segment(let s):
            return (0, max((s.point1 - center).length, (s.point2 - center).length))
        case .chainSegment(let c):
            return (0, max((c.segment.point1 - center).length, (c.segment.point2 - center).length))
        }
    }
}
