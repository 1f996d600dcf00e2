import ArgumentParser

/// `newtons`: UIKit Dynamics lessons on a Linux server, shown live in any browser.
@main
struct Newtons: ParsableCommand {
    /// The subcommands, in the order `--help` lists them. Add a new one here.
    static let subcommands: [any ParsableCommand.Type] = [
        ServeCommand.self, DataCommand.self, LessonsCommand.self, RunCommand.self, ReplayCommand.self, APICommand.self,
        EngineHashCommand.self,
        ReplayBenchCommand.self, WireBenchCommand.self, StoreBenchCommand.self, AssistBenchCommand.self,
    ]

    static let configuration = CommandConfiguration(
        commandName: "newtons",
        abstract: "UIKit Dynamics lessons on a Linux server, shown live in any browser.",
        version: NewtonsVersion.current,
        subcommands: subcommands)
}

/// The version `newtons --version` prints.
enum NewtonsVersion {
    static let current = "0.1.0"
}
