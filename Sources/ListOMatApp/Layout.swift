import TerminalKit

/// How the screen is divided at a size: three panes side by side on wide terminals, two
/// (the panel on demand) on medium ones, one at a time below 60 columns.
package enum LayoutKind: Sendable, Equatable {
    case tooSmall, narrow, medium, wide

    package static func of(_ size: Size) -> LayoutKind {
        if size.width < 20 || size.height < 6 { return .tooSmall }
        if size.width < 60 { return .narrow }
        if size.width < 100 { return .medium }
        return .wide
    }
}

/// The rectangles of one frame.
package struct Layout: Sendable, Equatable {
    package var lists: Rect?
    package var items: Rect?
    package var panel: Rect?
    package var bar: Rect
    package var footer: Rect

    /// The panes a model shows at its size.
    package static func of(_ model: AppModel) -> Layout {
        let size = model.screen.size
        let main = Rect(x: 0, y: 0, width: size.width, height: max(0, size.height - 2))
        let bar = Rect(x: 0, y: size.height - 2, width: size.width, height: 1)
        let footer = Rect(x: 0, y: size.height - 1, width: size.width, height: 1)
        var layout = Layout(lists: nil, items: nil, panel: nil, bar: bar, footer: footer)
        switch LayoutKind.of(size) {
        case .tooSmall:
            break
        case .wide:
            let (lists, rest) = main.splitColumns(main.width * 3 / 10)
            let (items, panel) = rest.splitColumns(rest.width * 4 / 7)
            layout.lists = lists
            layout.items = items
            layout.panel = panel
        case .medium:
            let (lists, rest) = main.splitColumns(main.width * 2 / 5)
            layout.lists = lists
            if model.assistant.shown { layout.panel = rest } else { layout.items = rest }
        case .narrow:
            if model.assistant.shown || model.screen.focus == .assistant {
                layout.panel = main
            } else if model.screen.focus == .items {
                layout.items = main
            } else {
                layout.lists = main
            }
        }
        return layout
    }

    /// Rows of content a pane of this rectangle shows (inside its border).
    static func contentRows(_ rect: Rect?) -> Int { max(1, (rect?.height ?? 3) - 2) }
}
