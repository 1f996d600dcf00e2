import ArgumentParser
import Foundation
import RoomServer
import RoomStore

/// `newtons data`: the classes a server keeps in its data folder (`serve --data`), or a
/// cluster in its PostgreSQL (`serve --store`).
struct DataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "data",
        abstract: "List, export or delete the classes kept in a data folder (serve --data) or a cluster's store (serve --store).",
        subcommands: [List.self, Export.self, Delete.self])

    struct Folder: ParsableArguments {
        @Option(help: ArgumentHelp("The data folder (as given to serve --data).", valueName: "dir"))
        var data = ".newtons-data"

        @Option(help: ArgumentHelp("A cluster's store instead (as given to serve --store).", valueName: "postgres://…"))
        var store: String?

        /// Where the classes are, for messages.
        var place: String { store == nil ? data : "the cluster's store" }

        /// The store, read beside a server that may be running on it.
        func open() throws -> RoomStore {
            do {
                if let store { return try RoomStore(postgres: store, node: "newtons-data", heartbeat: false) }
                return try RoomStore(folder: URL(fileURLWithPath: data), holdingFolder: false)
            } catch {
                throw ValidationError("\(error)")
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the classes kept, newest first.")
        @OptionGroup var folder: Folder

        func run() throws {
            let classes = try folder.open().list()
            print("code    lesson                  reached     state   last written          kB  members")
            for c in classes {
                let reached = String(format: "%8.1f s", Double(c.liveTick) / 60)
                let when = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: c.updatedAt))
                let members = c.members.split(separator: "\n").joined(separator: ", ")
                print(
                    "\(c.code.padding(toLength: 7, withPad: " ", startingAt: 0)) \(c.lesson.padding(toLength: 23, withPad: " ", startingAt: 0)) \(reached)  \(c.closedAt == nil ? "open  " : "closed") \(when) \(String(format: "%6.1f", Double(c.bytes) / 1024))  \(members)"
                )
            }
            print("\(classes.count) class\(classes.count == 1 ? "" : "es")")
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write a class's recording as a recording file (open it on a server, or `newtons replay` it).")
        @OptionGroup var folder: Folder
        @Argument(help: "The class's code.") var code: String
        @Argument(help: "The file to write.") var file: String

        func run() throws {
            guard let code = RoomCode.normalize(code) else { throw ValidationError("'\(code)' is not a class code") }
            guard let loaded = try folder.open().loadClass(code) else {
                throw ValidationError("no class \(code) is kept in \(folder.place)")
            }
            do {
                let bytes = try RecordingRows.recordingFile(loaded, directory: .servedWithTemplate)
                guard FileManager.default.createFile(atPath: file, contents: Data(bytes)) else {
                    throw ValidationError("cannot write \(file)")
                }
                print("class \(code): \(bytes.count) bytes written to \(file)")
            } catch let error as ReplayError {
                throw ValidationError("class \(code) cannot be exported: \(error.message)")
            }
        }
    }

    struct Delete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete a class and its recording (a class still open on a running server is refused).")
        @OptionGroup var folder: Folder
        @Argument(help: "The class's code.") var code: String

        func run() throws {
            guard let code = RoomCode.normalize(code) else { throw ValidationError("'\(code)' is not a class code") }
            // Without a server on the folder any class may go; beside one, only closed classes
            // (an open one is being written, and would come back half).
            // A cluster's nodes may be running its open classes: only closed ones go.
            let store: RoomStore
            let alone: Bool
            do {
                guard folder.store == nil else { throw StoreError("shared") }
                store = try RoomStore(folder: URL(fileURLWithPath: folder.data))
                alone = true
            } catch {
                store = try folder.open()
                alone = false
            }
            guard try store.delete(code: code, onlyClosed: !alone) else {
                let kept = try store.loadClass(code) != nil
                throw ValidationError(
                    alone || !kept
                        ? "no class \(code) is kept in \(folder.place)"
                        : "class \(code) is open on the server running on \(folder.place); stop it first, or wait until the class closes")
            }
            store.close()
            print("class \(code) deleted")
        }
    }
}
