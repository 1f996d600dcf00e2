import Lessons

/// A class room brought back from the store (docs/server.md, "Restart and crash").
extension Room {
    /// Makes this new class room the one the store kept: its recording, live again at the
    /// newest moment recorded. That moment is rebuilt by re-running its epoch from the start
    /// with the recorded inputs (keyframes are copies of live objects, kept in memory only); the
    /// engine is deterministic, and the moment's recorded state hash is checked. A recording
    /// that no longer replays to its hashes (another engine, a changed lesson) leaves the room
    /// read-only, showing why, never silently wrong.
    func restore(recording stored: Recording, paused: Bool, locked: Bool, keyHash: String?, guide: String = "") {
        recording = stored
        restoredGuide = Self.guideRows(guide)
        instructorKey = nil
        restoredKeyHash = keyHash
        self.locked = locked
        self.paused = paused
        if let last = stored.lastTick {
            do {
                let newest = try ReplayCursor(recording: stored, directory: directory, compiler: replayCompiler, at: last)
                try newest.takeInputsAfterNewestStep(in: stored)
                lesson = newest.lesson
                lessonEntry = newest.entry
                source = newest.source
                compiled = newest.compiled
            } catch {
                readOnlyReason = error.message
                self.paused = true
            }
            liveTick = last
        } else {
            // Nothing was recorded (over the budget): the lesson starts afresh.
            recording.begin(lesson: lessonEntry.info.id, at: 0)
        }
        sceneVersion = lesson.sceneVersion
        awake = true
        openGuide()
        encodeFrame()
    }

    /// Refuses what would change a read-only room's lesson.
    func checkWritable() throws(ProtocolError) {
        guard let readOnlyReason else { return }
        throw ProtocolError(
            .forbidden, "this class was brought back read-only: \(readOnlyReason); its recording can be shown, not played on")
    }
}
