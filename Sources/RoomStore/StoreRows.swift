import Foundation

/// Where a store's rows live: SQLite in a data folder (`--data DIR`, one server) or PostgreSQL
/// (`--store postgres://…`, shared by a cluster's nodes). RoomStore batches and orders the
/// writes; a `StoreRows` only turns them into its database's statements. Each method is called
/// from one thread at a time (writes from the writer, loads from the loader).
protocol StoreRows: AnyObject, Sendable {
    /// Where, for logs: the file, or the server and database (never a password).
    var location: String { get }
    /// True when other servers share these rows (a cluster): classes then have owners.
    var isShared: Bool { get }

    /// One batch in one transaction: each change, then the closed and released classes.
    /// Returns the payload bytes written and the classes this node no longer owns (another
    /// node took them: their rows were not written).
    func write(_ changes: [ClassChange], closed: [(code: String, at: Double)], released: [String]) throws -> (
        bytes: Int, lost: [String]
    )
    /// Classes this node holds that another node asks for (empty where nothing is shared).
    func handoffsAsked() throws -> [String]
    /// Open classes (this node's own, where shared), or one class open or closed.
    func load(code: String?) throws -> [LoadedClass]
    /// Makes this node the owner of `code` and reads it: `.busy` while a live node holds it.
    func claim(code: String, includeClosed: Bool) throws -> ClaimResult
    func list() throws -> [ClassSummary]
    func delete(code: String, onlyClosed: Bool) throws -> Bool
    /// True for failures that pass (space freed, a lock let go, a server back), false for rows refused.
    func mayPass(_ error: any Error) -> Bool
    func close()
}

/// What asking the store for one class found.
public enum ClaimResult: Sendable {
    /// The class, now this node's.
    case loaded(LoadedClass)
    /// No such class (or closed, where only open ones were asked for).
    case none
    /// A live node still holds it after the wait (its name).
    case busy(String)
    /// The store could not be read.
    case failed(String)
}
