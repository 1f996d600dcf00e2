import PackagePlugin

/// Copies the text of every lesson file under `Sources/Lessons/Rooms/` into the Lessons
/// module at build time, so the code a student reads beside the canvas is the very code
/// that runs the room, never a copy kept by hand. The guides (Markdown) beside them come in too.
@main
struct EmbedLessonSources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        // The lessons' sources and, beside them, their guides (`SnapLesson.en.md`, docs/guides.md).
        let lessonFiles = (target.sourceFiles(withSuffix: "swift").map(\.url) + target.sourceFiles(withSuffix: "md").map(\.url))
            .filter { $0.path.contains("/Rooms/") }
            .sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "LessonSourceText.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(lessonFiles.count) lesson sources",
                executable: try context.tool(named: "lesson-source-embedder").url,
                arguments: [output.path] + lessonFiles.map(\.path),
                inputFiles: lessonFiles,
                outputFiles: [output])
        ]
    }
}
