import Foundation

/// The recordings over HTTP (docs/replay.md): download a room's recording, export its items as
/// CSV, open an uploaded recording as a new class room.
extension ServerCore {
    /// A lesson room by lesson id, or a class room by code (any case, as typed).
    public func room(named name: String) -> Room? {
        if let room = lessonRooms[name] { return room }
        if let code = RoomCode.normalize(name) { return classRooms[code] }
        return nil
    }

    /// The recording file of a room.
    public func recordingFile(room name: String) -> HTTPAnswer {
        guard let room = room(named: name) else { return .text(404, "no room named \(name.prefix(64))\n") }
        guard !room.recording.epochs.isEmpty else {
            return .text(404, "room \(room.id) has nothing recorded (it was over its recording budget)\n")
        }
        return .body(
            status: 200, contentType: "application/x-newtons-recording",
            body: RecordingFile.encode(room.recording, room: room.id, directory: directory))
    }

    /// A time range of a room's items as CSV: `from` and `to` in timeline seconds (default the
    /// whole recording), one row per item every `every` steps.
    public func itemsCSV(room name: String, query: [String: String]) -> HTTPAnswer {
        guard let room = room(named: name) else { return .text(404, "no room named \(name.prefix(64))\n") }
        do {
            let range = try ItemsCSV.range(query: query, recording: room.recording)
            let csv = try ItemsCSV.export(
                room.recording, directory: directory, from: range.from, to: range.to, every: range.every)
            return .body(status: 200, contentType: "text/csv; charset=utf-8", body: Array(csv.utf8))
        } catch {
            return .text(400, error.message + "\n")
        }
    }

    /// Opens an uploaded recording as a new class room, shown from its first moment and paused.
    /// The answer names the room and the instructor's key; a bad file gets a clear 400.
    public func openRecording(_ bytes: [UInt8], address: String, now: Int64) -> HTTPAnswer {
        let contents: RecordingFile.Contents
        do {
            contents = try RecordingFile.decode(bytes, directory: directory, limits: limits)
        } catch {
            metrics.countRejected("bad-recording")
            return .text(400, "not opened: \(error.message)\n")
        }
        guard let first = contents.recording.epochs.first, let entry = directory.entry(withID: first.lessonID) else {
            return .text(400, "not opened: the recording is empty\n")
        }
        if let refusal = ledger.openClassRoom(address: address) { return .text(429, refusal + "\n") }
        // The code names this worker and, in a cluster, this node: its members reach the room.
        let code = freshCode()
        let room = Room(
            id: code, kind: .classRoom(code: code), lesson: entry, directory: directory, limits: limits,
            openerAddress: address, compiler: compiler, now: now, random: &random, recording: contents.recording)
        guard room.recording.lastTick != nil, room.shown != nil else {
            ledger.closeClassRoom(address: address)
            return .text(400, "not opened: the recording does not play on this server\n")
        }
        classRooms[code] = room
        logger.info("room \(code) opened from a recording of \(contents.room.prefix(64)), by \(address)")
        return .json(201, OpenedRecording(room: code, key: room.instructorKey ?? ""))
    }
}
