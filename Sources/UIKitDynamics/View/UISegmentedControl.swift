import Foundation

/// A row of segments, one selected: a tap on a segment selects it and sends `.valueChanged`
/// to the control's targets, as UIKit's does (setting `selectedSegmentIndex` in code sends
/// nothing). The segments split the control's width equally; titles are kept, nothing is drawn.
open class UISegmentedControl: UIControl {
    /// The index that selects no segment.
    public static let noSegment = -1

    private var titles: [String?] = []
    private var enabledSegments: [Bool] = []

    /// The selected segment, or `noSegment` (-1, the default). An index outside the segments
    /// is ignored.
    open var selectedSegmentIndex: Int = UISegmentedControl.noSegment {
        didSet {
            if selectedSegmentIndex != Self.noSegment && !titles.indices.contains(selectedSegmentIndex) {
                selectedSegmentIndex = oldValue
            }
        }
    }

    /// A momentary control selects no segment after a tap (it still sends `.valueChanged`).
    open var isMomentary = false
    /// The selected segment's colour (kept; nothing is drawn).
    open var selectedSegmentTintColor: UIColor?

    /// A control with one segment per item: a `String` is its title; any other item (an
    /// image) makes a segment without a title.
    public init(items: [Any]?) {
        super.init(frame: .zero)
        for item in items ?? [] { titles.append(item as? String) }
        enabledSegments = Array(repeating: true, count: titles.count)
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// How many segments there are.
    open var numberOfSegments: Int { titles.count }

    open func titleForSegment(at segment: Int) -> String? {
        titles.indices.contains(segment) ? titles[segment] : nil
    }

    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard titles.indices.contains(segment) else { return }
        titles[segment] = title
    }

    /// Inserts a segment at `segment` (clamped to the count); the selection stays on its segment.
    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        let index = min(max(segment, 0), titles.count)
        titles.insert(title, at: index)
        enabledSegments.insert(true, at: index)
        if selectedSegmentIndex >= index { selectedSegmentIndex += 1 }
    }

    /// Removes a segment; removing the selected one selects none.
    open func removeSegment(at segment: Int, animated: Bool) {
        guard titles.indices.contains(segment) else { return }
        if selectedSegmentIndex == segment {
            selectedSegmentIndex = Self.noSegment
        } else if selectedSegmentIndex > segment {
            selectedSegmentIndex -= 1
        }
        titles.remove(at: segment)
        enabledSegments.remove(at: segment)
    }

    open func removeAllSegments() {
        selectedSegmentIndex = Self.noSegment
        titles.removeAll()
        enabledSegments.removeAll()
    }

    open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
        guard enabledSegments.indices.contains(segment) else { return }
        enabledSegments[segment] = enabled
    }

    open func isEnabledForSegment(at segment: Int) -> Bool {
        enabledSegments.indices.contains(segment) ? enabledSegments[segment] : false
    }

    /// The segment under `point` (the control's coordinates), if any.
    func segment(at point: CGPoint) -> Int? {
        guard !titles.isEmpty, bounds.width > 0, bounds.contains(point) else { return nil }
        let width = bounds.width / CGFloat(titles.count)
        return min(titles.count - 1, max(0, Int((point.x - bounds.minX) / width)))
    }

    // A lift inside a segment selects it (UIKit selects on touch down and confirms on the
    // lift; headless the two come together): `.valueChanged` goes before `.touchUpInside`.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if isEnabled, let touch = touches.first, let index = segment(at: touch.location(in: self)),
            enabledSegments[index]
        {
            if isMomentary {
                sendActions(for: .valueChanged)
            } else if index != selectedSegmentIndex {
                selectedSegmentIndex = index
                sendActions(for: .valueChanged)
            }
        }
        super.touchesEnded(touches, with: event)
    }
}
