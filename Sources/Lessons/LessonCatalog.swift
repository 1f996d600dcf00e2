/// Every lesson, in lobby order: the seven tutorial lessons first, then the extra rooms.
public enum LessonCatalog {
    /// Lesson types in lobby order.
    public static var all: [any Lesson.Type] {
        [
            GravityLesson.self, CollisionLesson.self, AttachmentLesson.self, SpringLesson.self, SnapLesson.self,
            PushLesson.self, PropertiesLesson.self, AlertLesson.self, RaceLesson.self, BarrierLesson.self,
            DropsLesson.self, HoopLesson.self, FieldsLesson.self,
        ]
    }

    /// The lesson type with that id, if there is one.
    public static func lesson(withID id: String) -> (any Lesson.Type)? {
        all.first { $0.info.id == id }
    }

    /// The code a student reads for a lesson: the marked region of its own source file, as
    /// compiled into this module (see the EmbedLessonSources plugin).
    public static func sourceCode(of lesson: any Lesson.Type) -> String {
        LessonSourceText.byFileName[lesson.info.sourceFileName] ?? ""
    }
}

/// Each lesson's card (what the lobby and the room show), in lobby order; a lesson's type
/// names its own as `static let info`.
extension LessonInfo {
    static let gravity = LessonInfo(
        id: "gravity", title: "Gravity",
        summary: "A tenth of Earth's gravity pulls the frog down and out of the view.",
        order: 1, gestures: [.tap], sourceFileName: "GravityLesson.swift")
    static let collision = LessonInfo(
        id: "collision", title: "Collision",
        summary: "The frog and the dragon fall and stop on the edges; the delegate reports each touch.",
        order: 2, gestures: [.tap], sourceFileName: "CollisionLesson.swift")
    static let attachment = LessonInfo(
        id: "attachment", title: "Attachment",
        summary: "Drag the frog: the dragon follows on a rod from the frog's centre.",
        order: 3, gestures: [.pan], sourceFileName: "AttachmentLesson.swift")
    static let spring = LessonInfo(
        id: "spring", title: "Spring",
        summary: "The dragon hangs from the frog on a spring and bounces, damping slowly.",
        order: 4, gestures: [.pan], sourceFileName: "SpringLesson.swift")
    static let snap = LessonInfo(
        id: "snap", title: "Snap",
        summary: "Tap anywhere: the frog springs to the point with a short, damped overshoot.",
        order: 5, gestures: [.tap], sourceFileName: "SnapLesson.swift")
    static let push = LessonInfo(
        id: "push", title: "Push",
        summary: "Press beside the centre: the dragon is shoved away, harder the farther you press.",
        order: 6, gestures: [.push], sourceFileName: "PushLesson.swift")
    static let properties = LessonInfo(
        id: "properties", title: "Item properties",
        summary: "Same forces, different materials: the frog bounces like a rubber ball, the dragon lands dead.",
        order: 7, gestures: [.tap], sourceFileName: "PropertiesLesson.swift")
    static let alert = LessonInfo(
        id: "alert", title: "A playful alert",
        summary: "The example application: an alert snaps in, wobbles when dragged, and tumbles away when dismissed.",
        order: 8, gestures: [.tap, .pan], sourceFileName: "AlertLesson.swift")
    static let race = LessonInfo(
        id: "race", title: "Push race",
        summary: "A continuous push against an instantaneous one: blue starts faster, red overtakes.",
        order: 9, gestures: [.tap], sourceFileName: "RaceLesson.swift")
    static let barrier = LessonInfo(
        id: "barrier", title: "Barrier",
        summary: "A turned square lands on a corner on a boundary line, bounces and settles.",
        order: 10, gestures: [.tap], sourceFileName: "BarrierLesson.swift")
    static let drops = LessonInfo(
        id: "drops", title: "Drop blocks",
        summary: "Tap to drop blocks of random colours: they fall and pile up without jitter.",
        order: 11, gestures: [.tap], sourceFileName: "DropsLesson.swift")
    static let hoop = LessonInfo(
        id: "hoop", title: "Basketball hoop",
        summary: "Swipe to throw: the ball flies in an arc, rattles on the rim, and the hanging board swings.",
        order: 12, gestures: [.push], sourceFileName: "HoopLesson.swift")
    static let fields = LessonInfo(
        id: "fields", title: "Field playground",
        summary: "Charged and plain balls swirl in gravity, vortex, noise and electric fields; tap to move them.",
        order: 13, gestures: [.tap], sourceFileName: "FieldsLesson.swift")
}
