import GRDB

/// The store's tables, made and migrated in order (GRDB's migrator records which ran).
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: StoredClass.databaseTableName) { t in
                t.primaryKey("code", .text)
                t.column("lesson", .text).notNull()
                t.column("keyHash", .text)
                t.column("members", .text).notNull()
                t.column("paused", .boolean).notNull()
                t.column("locked", .boolean).notNull()
                t.column("source", .text)
                t.column("parameters", .text).notNull()
                t.column("guide", .text).notNull()
                t.column("liveTick", .integer).notNull()
                t.column("hashStride", .integer).notNull()
                t.column("engine", .text).notNull()
                t.column("openedAt", .double).notNull()
                t.column("updatedAt", .double).notNull()
                t.column("closedAt", .double)
            }
            // Every recording row is its class's: deleting a class deletes them.
            func recordingTable(
                _ name: String, key: [String], _ columns: [(String, Database.ColumnType, notNull: Bool)]
            ) throws {
                try db.create(table: name) { t in
                    t.column("code", .text).notNull().references(StoredClass.databaseTableName, onDelete: .cascade)
                    for (column, type, notNull) in columns {
                        if notNull { t.column(column, type).notNull() } else { t.column(column, type) }
                    }
                    t.primaryKey(["code"] + key)
                }
            }
            try recordingTable(
                StoredEpoch.databaseTableName, key: ["startTick"],
                [("startTick", .integer, true), ("lesson", .text, true), ("source", .text, false), ("steps", .integer, true)])
            try recordingTable(
                StoredInput.databaseTableName, key: ["startTick", "seq"],
                [("startTick", .integer, true), ("seq", .integer, true), ("input", .text, true)])
            try recordingTable(
                StoredHashes.databaseTableName, key: ["startTick", "first"],
                [("startTick", .integer, true), ("first", .integer, true), ("bytes", .blob, true)])
            try recordingTable(
                StoredMark.databaseTableName, key: ["seq"],
                [("seq", .integer, true), ("tick", .integer, true), ("kind", .text, true), ("text", .text, true)])
        }
        return migrator
    }
}
