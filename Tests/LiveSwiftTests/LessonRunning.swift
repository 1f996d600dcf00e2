import Foundation
import LiveSwift
import Testing

/// A live lesson whose controller has a label (its text is what the code computed), the
/// given members, and `body` in viewDidLoad, after the top-level declarations `before`;
/// compiled and started.
func lessonRunning(_ members: String, _ body: String, before: String = "", limits: LiveLimits = .init()) throws -> LiveLesson {
    let source = """
        \(before)
        final class LangViewController: UIViewController {
            let label = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 40))
            \(members)
            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(label)
                \(body)
            }
        }
        """
    return try #require(try LiveSwift.compile(source: source, fileName: "Lang.swift", limits: limits).makeLesson() as? LiveLesson)
}
