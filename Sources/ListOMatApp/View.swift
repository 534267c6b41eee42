import IntentKit
import ListStore
import TerminalKit

/// Draws a model into a cell buffer. Pure: the same model and theme give the same screen.
package enum View {
    package static func render(_ model: AppModel, theme: Theme) -> CellBuffer {
        var buffer = CellBuffer(size: model.screen.size, style: theme[.normal])
        guard LayoutKind.of(model.screen.size) != .tooSmall else {
            tooSmall(&buffer, model.screen.size, model.screen.words, theme)
            return buffer
        }
        let layout = Layout.of(model)
        if let rect = layout.lists { lists(&buffer, rect, model, theme) }
        if let rect = layout.items { items(&buffer, rect, model, theme) }
        if let rect = layout.panel { panel(&buffer, rect, model, theme) }
        bar(&buffer, layout.bar, model, theme)
        footer(&buffer, layout.footer, model, theme)
        if let search = model.search.query {
            drawSearch(&buffer, layout, model, search, theme)
        } else if model.listsPane.lists.isEmpty, !model.screen.showingHelp {
            firstRun(&buffer, layout, model, theme)
        }
        if let open = model.itemsPane.moveMenu, !model.screen.showingHelp { moveMenu(&buffer, open, model, theme) }
        if let item = model.itemsPane.shownItem { shownItem(&buffer, item, model, theme) }
        if model.screen.showingHelp { help(&buffer, model, theme) }
        return buffer
    }

    private static func tooSmall(_ buffer: inout CellBuffer, _ size: Size, _ words: MessageCatalog, _ theme: Theme) {
        // The longest wording that fits.
        let message = words(["small.longest", "small.long", "small.short", "small.shortest"])
            .first { CellBuffer.width(of: $0) <= size.width } ?? "…"
        buffer.write(message, x: 0, y: 0, style: theme[.error])
    }

    // MARK: - Panes

    private static func pane(
        _ buffer: inout CellBuffer, _ rect: Rect, title: String, focused: Bool, _ theme: Theme
    ) -> Rect {
        Panel(title: title, borderStyle: theme[focused ? .focus : .border], titleStyle: theme[focused ? .focus : .title])
            .draw(into: &buffer, in: rect)
        return Panel.innerRect(of: rect)
    }

    /// How lists and menus look in this theme.
    static func listStyles(_ theme: Theme) -> ListView.Styles {
        ListView.Styles(
            normal: theme[.normal], selection: theme[.selection], inactiveSelection: theme[.selection].inactive,
            indicator: theme[.dim])
    }

    private static func lists(_ buffer: inout CellBuffer, _ rect: Rect, _ model: AppModel, _ theme: Theme) {
        let focused = model.screen.focus == .lists && model.commandBar.purpose == nil
        let words = model.screen.words
        let inner = pane(&buffer, rect, title: words("lists.title"), focused: focused, theme)
        guard !model.listsPane.lists.isEmpty else {
            empty(&buffer, inner, words(["lists.empty", "lists.emptyAdd", "lists.emptyAsk"]), theme)
            return
        }
        rows(&buffer, inner, model.listsPane.view, focused: focused, theme) { buffer, index, row, width, style in
            let summary = model.listsPane.lists[index]
            let count = listCount(summary, words)
            let countWidth = CellBuffer.width(of: count)
            let nameWidth = width - countWidth - 1
            if nameWidth >= 4 {
                // Cut in the middle: copies of a list differ at the end ("… (Nov 22, 2026) #2").
                let name = CellBuffer.middleTruncated(Sanitizer.sanitized(summary.list.name), width: nameWidth)
                buffer.write(name, x: inner.x, y: row, maxWidth: nameWidth, style: style)
                buffer.write(count, x: inner.maxX - countWidth, y: row, style: onRow(.dim, style, theme))
            } else {
                buffer.write(summary.list.name, x: inner.x, y: row, maxWidth: width, style: style)
            }
        }
    }

    private static func items(_ buffer: inout CellBuffer, _ rect: Rect, _ model: AppModel, _ theme: Theme) {
        let focused = model.screen.focus == .items && model.commandBar.purpose == nil
        // Titled with the list the rows were read from, whatever the lists pane selects.
        let words = model.screen.words
        let title = itemsTitle(model) ?? words("items.title")
        let inner = pane(&buffer, rect, title: title, focused: focused, theme)
        guard model.itemsPane.list != nil else {
            empty(&buffer, inner, [words("items.noList")], theme)
            return
        }
        guard model.itemsPane.view.count > 0 else {
            empty(&buffer, inner, words(["items.empty", "items.emptyAdd"]), theme)
            return
        }
        rows(&buffer, inner, model.itemsPane.view, focused: focused, theme) { buffer, index, row, width, style in
            // Only the window's rows are held; it holds every row shown.
            guard let item = model.itemsPane.item(at: index) else { return }
            let mark = item.done ? "[x] " : "[ ] "
            let textStyle = item.done ? onRow(.checked, style, theme) : style
            let used = buffer.write(mark, x: inner.x, y: row, maxWidth: width, style: style)
            buffer.write(item.name, x: inner.x + used, y: row, maxWidth: width - used, style: textStyle)
        }
    }

    /// A list's count on its row: "2 of 5" (checked of all).
    static func listCount(_ summary: ListSummary, _ words: MessageCatalog) -> String {
        words("lists.count", ["done": .number(summary.completedCount), "total": .number(summary.itemCount)])
    }

    /// The visible rows of a pane's list (only those are drawn, so 100,000 items cost what 40
    /// do), "↑"/"↓" on the pane's border when there are more.
    private static func rows(
        _ buffer: inout CellBuffer, _ inner: Rect, _ view: ListView, focused: Bool, _ theme: Theme,
        _ draw: @escaping (_ buffer: inout CellBuffer, _ index: Int, _ row: Int, _ width: Int, _ style: Style) -> Void
    ) {
        var state = view
        ScrollingList(styles: listStyles(theme), focused: focused, indicators: .frame, clearing: false) {
            buffer, index, area, style in
            draw(&buffer, index, area.y, area.width, style)
        }.draw(into: &buffer, in: inner, state: &state)
    }

    /// Lines of a pane with nothing in it, each wrapped to the pane's width (so the example
    /// request is read whole, not cut off).
    private static func empty(_ buffer: inout CellBuffer, _ inner: Rect, _ lines: [String], _ theme: Theme) {
        let wrapped = lines.flatMap { TextWrap.wrap($0, width: inner.width) }
        for (row, line) in wrapped.enumerated() where row < inner.height {
            buffer.write(line, x: inner.x, y: inner.y + row, maxWidth: inner.width, style: theme[.dim])
        }
    }

    // MARK: - The assistant panel

    /// Draws the panel; returns how many lines of the transcript are above those it can show
    /// scrolled to the newest (how far it scrolls back). Over 60 lines: one bottom-up layout —
    /// the question, menu or snippet takes its rows first and the transcript gets the rest —
    /// whose row counts every part reads.
    @discardableResult
    private static func panel(_ buffer: inout CellBuffer, _ rect: Rect, _ model: AppModel, _ theme: Theme) -> Int {
        let focused = model.screen.focus == .assistant && model.commandBar.purpose == nil
        let words = model.screen.words
        let inner = pane(&buffer, rect, title: words("panel.title"), focused: focused, theme)
        guard !inner.isEmpty else { return 0 }
        // The question (or the snippet) at the bottom; the transcript fills what is left above.
        var bottom: [(String, Style)] = []
        var menuRect: Rect?
        switch model.assistant.question {
        case .menu(let menu)?:
            let height = min(menu.options.count, max(1, inner.height / 2))
            menuRect = Rect(x: inner.x, y: inner.y, width: inner.width, height: height)
        case .yesNo(let enterMeansYes)? where model.commandBar.purpose == .answer:
            let answer = words(enterMeansYes ? "word.yes" : "word.no")
            let hints = [words("panel.typeYesNo"), words("panel.enterAlone", ["answer": .text(answer)])]
            bottom = hints.flatMap { TextWrap.wrap($0, width: inner.width) }.map { ($0, theme[.hint]) }
        case .yesNo(let enterMeansYes)?:
            let hint = words(enterMeansYes ? "panel.yesNoEnterYes" : "panel.yesNoEnterNo")
            bottom = TextWrap.wrap(hint, width: inner.width).map { ($0, theme[.hint]) }
        case .value?:
            bottom = TextWrap.wrap(words("panel.answerBelow"), width: inner.width).map { ($0, theme[.hint]) }
        case nil:
            // Suggestions and the phrase offer take their lines first; the snippet gets what
            // is left of the lower half.
            let offers = offerLines(model, theme)
            let room = max(0, inner.height / 2 - offers.count)
            if let snippet = model.assistant.snippet, room >= 1 {
                bottom.append((snippet.title, theme[.title]))
                if model.assistant.snippetGone {
                    if room >= 2 { bottom.append((words("panel.listGone"), theme[.dim])) }
                } else {
                    let shown = model.assistant.snippetItemCount > room - 1 ? max(0, room - 2) : room - 1
                    for item in snippet.items.prefix(shown) {
                        bottom.append(((item.done ? "[x] " : "[ ] ") + item.name, theme[item.done ? .checked : .normal]))
                    }
                    if model.assistant.snippetItemCount > shown, room >= 2 {
                        // "… 22 items" read like 22 more: say both.
                        let more = model.assistant.snippetItemCount - shown
                        let all = model.assistant.snippetItemCount
                        bottom.append((words("panel.more", ["more": .number(more), "count": .number(all)]), theme[.dim]))
                    }
                }
            }
            bottom += offers
        }
        // The transcript, then right under it the question (or the snippet); when both do
        // not fit, the oldest lines of the transcript give way (↑↓ scroll back to them).
        let reserved = (menuRect?.height ?? 0) + bottom.count
        let said = transcriptLines(model, width: inner.width, theme)
        let transcriptHeight = min(said.count, max(0, inner.height - reserved))
        let back = min(model.assistant.scroll, max(0, said.count - transcriptHeight))
        let shown = said[(said.count - transcriptHeight - back) ..< (said.count - back)]
        for (row, line) in shown.enumerated() {
            buffer.write(line.0, x: inner.x, y: inner.y + row, maxWidth: inner.width, style: line.1)
        }
        // Arrows on the border say there is more: older above, newer below.
        if transcriptHeight > 0, said.count - transcriptHeight - back > 0 {
            buffer.write("↑", x: inner.maxX - 1, y: inner.y - 1, style: theme[.dim])
        }
        if back > 0 { buffer.write("↓", x: inner.maxX - 1, y: inner.maxY, style: theme[.dim]) }
        var row = inner.y + transcriptHeight
        for (text, style) in bottom where row < inner.maxY {
            buffer.write(text, x: inner.x, y: row, maxWidth: inner.width, style: style)
            row += 1
        }
        if var menuRect, case .menu(var menu)? = model.assistant.question {
            menuRect.y = row
            menuRect.height = min(menuRect.height, inner.maxY - row)
            MenuList(styles: listStyles(theme)).draw(into: &buffer, in: menuRect, state: &menu)
        }
        return said.count - transcriptHeight
    }

    /// Under the snippet: "p: add a phrase for this" after a completed request, then the
    /// suggestions, each with the digit that runs it.
    private static func offerLines(_ model: AppModel, _ theme: Theme) -> [(String, Style)] {
        guard !model.screen.readOnly else { return [] }
        var lines: [(String, Style)] = []
        if model.assistant.lastRequest != nil, let key = model.screen.keymap.keys(for: .addPhrase).first {
            lines.append((model.screen.words("panel.addPhrase", ["key": .text(KeyName.label(for: key))]), theme[.hint]))
        }
        if !model.assistant.suggestions.isEmpty {
            lines.append((model.screen.words("panel.suggestions"), theme[.title]))
            for (index, suggestion) in model.assistant.suggestions.prefix(9).enumerated() {
                lines.append(("\(index + 1) \(suggestion.title)", theme[.normal]))
            }
        }
        return lines
    }

    /// What was said, wrapped to the panel's width, oldest first (at most a screenful back).
    private static func transcriptLines(_ model: AppModel, width: Int, _ theme: Theme) -> [(String, Style)] {
        guard !model.assistant.transcript.isEmpty else {
            return model.screen.words(["panel.intro", "panel.introExample", "panel.introQuestion"]).map { ($0, theme[.dim]) }
        }
        var lines: [(String, Style)] = []
        for entry in model.assistant.transcript.reversed() {
            let prefix = entry.speaker == .person ? "› " : ""
            let style = theme[entry.speaker == .person ? .user : .assistant]
            lines.insert(contentsOf: TextWrap.wrap(prefix + entry.text, width: width).map { ($0, style) }, at: 0)
            // A screenful beyond how far the panel is scrolled back.
            if lines.count >= model.screen.size.height + model.assistant.scroll { break }
        }
        return lines
    }

    /// How far back the panel's transcript scrolls: all of it but one panel's height.
    static func panelScrollLimit(_ model: AppModel) -> Int {
        var all = model
        if Layout.of(all).panel == nil {
            all.assistant.shown = true
            all.screen.focus = .assistant
        }
        guard let rect = Layout.of(all).panel else { return 0 }
        // Measured by drawing it, scrolled back as far as the transcript goes, into scratch.
        all.assistant.scroll = AssistantPanel.transcriptLimit * 1_000
        var scratch = CellBuffer(size: all.screen.size, style: .plain)
        return max(0, panel(&scratch, rect, all, .defaultTheme))
    }

    /// How many suggestions the panel shows now (0 when it is hidden, asking something, or
    /// has no room for them): only these run with their digit.
    static func shownSuggestions(_ model: AppModel) -> Int {
        guard model.assistant.question == nil, !model.screen.readOnly, let rect = Layout.of(model).panel else { return 0 }
        let innerHeight = rect.height - 2
        // Offers take the lower half first (see `panel`): the phrase line, the title, then one a line.
        let before = (model.assistant.lastRequest != nil ? 1 : 0) + 1
        return max(0, min(model.assistant.suggestions.count, innerHeight - before))
    }

    // MARK: - Bar, footer, help

    private static func bar(_ buffer: inout CellBuffer, _ rect: Rect, _ model: AppModel, _ theme: Theme) {
        let words = model.screen.words
        if let summary = model.listsPane.confirmingDelete {
            let count = summary.itemCount
            let question = words(
                count == 0 ? "delete.askEmpty" : "delete.ask", ["name": .text(summary.list.name), "count": .number(count)])
            buffer.fill(rect, style: theme[.error])
            let used = buffer.write(question, x: rect.x, y: rect.y, maxWidth: max(1, rect.width - 12), style: theme[.error])
            buffer.write(words("delete.yesNo"), x: rect.x + used, y: rect.y, maxWidth: rect.maxX - rect.x - used, style: theme[.error])
            return
        }
        guard let purpose = model.commandBar.purpose else {
            // A question waiting says so here too (the panel may be hidden or scrolled).
            let idle: String
            switch model.assistant.question {
            case .menu?: idle = words("bar.menuWaiting")
            case .yesNo?: idle = words("bar.yesNoWaiting")
            case .value?, nil: idle = words("bar.idle")
            }
            let style = theme[model.assistant.question == nil ? .dim : .accent]
            buffer.write(idle, x: rect.x, y: rect.y, maxWidth: rect.width, style: style)
            return
        }
        var bar = model.commandBar.input
        TextField(style: theme[.user], prompt: prompt(purpose, model), promptStyle: theme[.accent], focused: true)
            .draw(into: &buffer, in: rect, state: &bar)
    }

    private static func prompt(_ purpose: BarPurpose, _ model: AppModel) -> String {
        let words = model.screen.words
        switch purpose {
        case .command: return words("prompt.command")
        case .answer: return words("prompt.answer")
        case .newList: return words("prompt.newList")
        case .newItem:
            guard let name = model.selectedList?.list.name else { return words("prompt.newItemAnyList") }
            return words("prompt.newItem", ["list": .text(name)])
        case .renameList, .renameItem: return words("prompt.rename")
        case .newPhrase: return words("prompt.phrase", ["request": .text(model.assistant.lastRequest?.title ?? "")])
        case .find: return words("prompt.find")
        }
    }

    private static func footer(_ buffer: inout CellBuffer, _ rect: Rect, _ model: AppModel, _ theme: Theme) {
        guard !rect.isEmpty else { return }
        let sync = model.sync.map { (text: $0.footerText(model.screen.words), style: syncStyle($0, theme)) }
        if let status = model.status {
            let used = buffer.write(status.text, x: rect.x, y: rect.y, maxWidth: rect.width, style: theme[status.isError ? .error : .accent])
            // The sync's state at the right end, when the message leaves room for all of it.
            if let sync, used + 2 + CellBuffer.width(of: sync.text) <= rect.width {
                buffer.write(sync.text, x: rect.maxX - CellBuffer.width(of: sync.text), y: rect.y, style: sync.style)
            }
            return
        }
        guard let sync else {
            KeyHints(hints(model), keyStyle: theme[.accent], descriptionStyle: theme[.hint]).draw(into: &buffer, in: rect)
            return
        }
        // The sync's state at the right end: the key hints keep all but a third of the row
        // for it (16 columns at least: "synced 2 min ago"; "? help" kept), and it has what they leave (the sync
        // key says it whole).
        let wanted = CellBuffer.width(of: sync.text)
        let room = max(0, rect.width - min(wanted, max(16, rect.width / 3)) - 2)
        let fitting = keepingHelp(hints(model), width: room, model)
        let shown = Array(fitting.prefix(KeyHints.fittingCount(fitting, width: room)))
        let hintsWidth = KeyHints.width(of: shown)
        let syncWidth = min(wanted, max(0, rect.width - hintsWidth - (shown.isEmpty ? 0 : 2)))
        buffer.fill(Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), style: theme[.hint])
        KeyHints(shown, keyStyle: theme[.accent], descriptionStyle: theme[.hint])
            .draw(into: &buffer, in: Rect(x: rect.x, y: rect.y, width: hintsWidth, height: 1))
        buffer.write(sync.text, x: rect.maxX - syncWidth, y: rect.y, maxWidth: syncWidth, style: sync.style)
    }

    /// The footer's sync state: dim between syncs, the accent while one runs, an error's style for a failure.
    private static func syncStyle(_ shown: SyncShown, _ theme: Theme) -> Style {
        switch shown.indicator.activity {
        case .idle: theme[.dim]
        case .syncing: theme[.accent]
        case .failed: theme[.error]
        }
    }

    /// `hints` shortened to fit `width` from the end, but the help key's hint kept (it lists
    /// every key, the sync key too): others before it give way for it.
    static func keepingHelp(_ hints: [KeyHint], width: Int, _ model: AppModel) -> [KeyHint] {
        var hints = hints
        guard KeyHints.fittingCount(hints, width: width) < hints.count,
              let key = model.screen.keymap.keys(for: .help).first,
              let help = hints.firstIndex(of: KeyHint(KeyName.label(for: key), Action.help.hint(model.screen.words))) else { return hints }
        hints = Array(hints[...help])
        while hints.count > 1, KeyHints.fittingCount(hints, width: width) < hints.count {
            hints.remove(at: hints.count - 2)
        }
        return hints
    }

    static func hints(_ model: AppModel) -> [KeyHint] {
        let words = model.screen.words
        if model.listsPane.confirmingDelete != nil {
            return [KeyHint("y", words("hints.confirmDelete")), KeyHint("n Enter Esc", words("hints.keep"))]
        }
        if let hints = partHints(model) { return hints }
        if model.commandBar.purpose == .answer, let question = model.assistant.question {
            switch question {
            case .menu:
                return [KeyHint("↑↓", words("hints.choose")), KeyHint("Enter", words("hints.ok")),
                        KeyHint(words("hints.orType"), words("hints.numberOrName")), KeyHint("Esc", words("hints.cancel"))]
            case .yesNo(let enterMeansYes):
                return [KeyHint(words("hints.yesNoEnter"), words("hints.answer")),
                        KeyHint("Enter", words(enterMeansYes ? "word.yes" : "word.no")), KeyHint("Esc", words("hints.cancel"))]
            case .value: break
            }
        }
        if model.commandBar.purpose != nil { return [KeyHint("Enter", words("hints.done")), KeyHint("Esc", words("hints.cancel"))] }
        switch model.assistant.question {
        case .menu?:
            return [KeyHint("↑↓", words("hints.choose")), KeyHint("1-9", words("hints.pick")), KeyHint("Enter", words("hints.ok")),
                    KeyHint("Esc", words("hints.cancel"))]
        case .yesNo(let enterMeansYes)?:
            return [KeyHint(enterMeansYes ? "y/Enter" : "y", words("word.yes")), KeyHint(enterMeansYes ? "n" : "n/Enter", words("word.no")),
                    KeyHint("Esc", words("hints.cancel")), KeyHint("a-z", words("hints.newRequest"))]
        default: break
        }
        if model.screen.focus == .assistant {
            var hints = [KeyHint("↑↓", words("hints.scroll")), KeyHint("PgUp PgDn", words("hints.page")), KeyHint("g G", words("hints.ends"))]
            if let key = model.screen.keymap.keys(for: .copyAnswer).first {
                hints.append(KeyHint(KeyName.label(for: key), Action.copyAnswer.hint(words)))
            }
            if shownSuggestions(model) > 0 { hints.append(KeyHint("1-\(shownSuggestions(model))", words("hints.run"))) }
            let actions: [Action] = [.command, .back, .cycleFocus, .help, .quit]
            return hints + actions.compactMap { action in
                model.screen.keymap.keys(for: action).first.map {
                    KeyHint(KeyName.label(for: $0), action == .cycleFocus ? words("hints.lists") : action.hint(words))
                }
            }
        }
        var actions: [Action] = model.screen.focus == .items
            ? [.add, .toggle, .rename, .delete, .undo, .command, .back, .help, .quit, .find, .moveTo, .sortView]
            : [.add, .open, .rename, .delete, .copy, .undo, .command, .help, .quit, .find]
        // The selected item's name is cut with "…": say first how to see all of it.
        if model.screen.focus == .items, let item = model.selectedItem, let rect = Layout.of(model).items,
           CellBuffer.width(of: item.name) + 4 > rect.width - 2 {
            actions.insert(.showItem, at: 0)
        }
        return actions.compactMap { action in
            model.screen.keymap.keys(for: action).first.map { KeyHint(KeyName.label(for: $0), action.hint(words)) }
        }
    }
}

extension View {
    /// Every text style the screen draws, by the roles it is made of: a role on its own
    /// background, and a role's text merged onto the selection's background (the "2 of 5"
    /// count on the selected list, a checked item selected). The theme contrast test checks
    /// each; `border` is lines, not text.
    package static func drawnStyles(_ theme: Theme) -> [(name: String, style: Style, isText: Bool)] {
        var styles: [(name: String, style: Style, isText: Bool)] = Role.allCases.map { ($0.rawValue, theme[$0], $0 != .border) }
        for role in [Role.dim, .checked] {
            styles.append(("\(role.rawValue) on the normal row", onRow(role, theme[.normal], theme), true))
            styles.append(("\(role.rawValue) on the selected row", onRow(role, theme[.selection], theme), true))
        }
        return styles
    }

    /// A role's text in a row of a list (the "2 of 5" count, a checked item): the role's
    /// colour on a normal row; on the selected row the selection's own colours, not bold, as
    /// a role's colour on the selection's background can be unreadable (1.5:1 in nord).
    static func onRow(_ role: Role, _ rowStyle: Style, _ theme: Theme) -> Style {
        guard rowStyle != theme[.normal] else { return rowStyle.merging(theme[role], keepBackground: true) }
        var style = rowStyle
        style.attributes.remove(.bold)
        return style
    }
}

extension Style {
    /// This style's background with another's foreground and attributes (a dim count on a
    /// selected row keeps the selection's colour).
    func merging(_ other: Style, keepBackground: Bool) -> Style {
        var merged = other
        if keepBackground { merged.background = background }
        merged.attributes.formUnion(attributes.intersection(.reverse))
        return merged
    }

    /// A selection shown while its pane does not have the focus.
    var inactive: Style {
        var style = self
        style.attributes.remove(.bold)
        style.attributes.insert(.dim)
        return style
    }
}
