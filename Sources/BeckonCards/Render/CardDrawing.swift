import BeckonSite

/// One card being drawn: where each part goes, in the order they are placed.
///
/// The logo takes the top, the footer the bottom, and the avatar and the title with its subtitle
/// share the space between, centred vertically. Right-to-left locales mirror every position.
struct CardDrawing {
    static let width = Double(RenderedCard.width)
    static let height = Double(RenderedCard.height)
    /// Space below the logo and above the footer.
    static let sectionGap = 32.0
    /// Space between the avatar and the text beside it.
    static let avatarGap = 48.0
    /// Space between the title and the subtitle.
    static let subtitleGap = 16.0
    /// The initials' font size as a fraction of the avatar's diameter.
    static let initialsScale = 0.4

    let layout: CardLayout
    let content: CardContent
    let assets: CardAssets
    let mirrored: Bool
    let families: String

    init(layout: CardLayout, content: CardContent, assets: CardAssets) {
        self.layout = layout
        self.content = content
        self.assets = assets
        self.mirrored = content.locale.isRightToLeft
        self.families = layout.fonts ?? CardFonts.families(for: content.locale)
    }

    func render() throws(CardRenderError) -> RenderedCard {
        if let logo = layout.logo, assets.logo == nil {
            throw CardRenderError(
                .missingAsset, "the layout draws the logo `static/\(logo.path)`, which the card assets do not hold")
        }
        let avatar = try content.avatarPNG.map { (bytes) throws(CardRenderError) in
            try CardImage(png: bytes, name: "the avatar")
        }
        let canvas = try Canvas(width: RenderedCard.width, height: RenderedCard.height)
        let padding = Double(layout.padding)
        let inner = CardRect(x: padding, y: padding, width: Self.width - 2 * padding, height: Self.height - 2 * padding)
        let logo = logoRect(in: inner)
        let base = try assets.bases.base(
            CardBases.Key(background: layout.background, logo: logo?.flipped(mirrored, in: Self.width))
        ) { () throws(CardRenderError) in
            let base = try Canvas(width: RenderedCard.width, height: RenderedCard.height)
            base.fill(layout.background, width: Self.width, height: Self.height)
            if let logo, let image = assets.logo {
                base.draw(image, in: logo.flipped(mirrored, in: Self.width), circle: false)
            }
            return try base.withPixels { (pixels, stride) throws(CardRenderError) in
                (Array(UnsafeBufferPointer(start: pixels, count: stride * RenderedCard.height)), stride)
            }
        }
        canvas.load(base.pixels, stride: base.stride)
        var pairs: [CardColorPair] = []
        let top = logo.map { $0.y + $0.height + Self.sectionGap } ?? inner.y
        let bottom = try drawFooter(on: canvas, in: inner, pairs: &pairs)
        var column = CardRect(x: inner.x, y: top, width: inner.width, height: max(0, bottom - top))
        if let style = layout.avatar {
            let diameter = try drawAvatar(avatar, style: style, on: canvas, beside: column, pairs: &pairs)
            if diameter > 0 {
                column.x += diameter + Self.avatarGap
                column.width -= diameter + Self.avatarGap
            }
        }
        let title = try drawTitles(on: canvas, in: column, pairs: &pairs)
        let png = try canvas.withPixels { (pixels, stride) throws(CardRenderError) in
            try PNGEncoder.encode(
                pixels, width: RenderedCard.width, height: RenderedCard.height, stride: stride, base: base)
        }
        return RenderedCard(
            png: png, titleOverflowed: title.overflowed, title: title.text, titleSize: title.size,
            titleIsShortened: title.shortened,
            titleLineCount: title.lines, titleEndsInWidow: title.widow,
            colors: pairs.sorted { $0.element.rawValue < $1.element.rawValue })
    }

    /// Where the logo goes at the top (before mirroring), or `nil` without one.
    private func logoRect(in inner: CardRect) -> CardRect? {
        guard let logo = layout.logo, let image = assets.logo else { return nil }
        var height = Double(logo.height)
        var width = height * Double(image.width) / Double(image.height)
        if width > inner.width / 2 {
            width = inner.width / 2
            height = width * Double(image.height) / Double(image.width)
        }
        return CardRect(x: inner.x, y: inner.y, width: width, height: height)
    }

    /// Draws the footer line at the bottom and returns where the content above it ends.
    private func drawFooter(
        on canvas: borrowing Canvas, in inner: CardRect, pairs: inout [CardColorPair]
    ) throws(CardRenderError) -> Double {
        let bottom = inner.y + inner.height
        let text = CardText(content.footer).text
        guard let style = layout.footer, !text.isEmpty else { return bottom }
        let block = try TextBlock(text, style: textStyle(style, width: inner.width), on: canvas)
        let y = bottom - block.height
        block.draw(on: canvas, x: inner.flipped(mirrored, in: Self.width).x, y: y, color: style.color)
        pairs.append(pair(.footer, style.color, CardRect(x: inner.x, y: y, width: block.width, height: block.height)))
        return y - Self.sectionGap
    }

    /// Draws the avatar circle, centred beside `column`, and returns its diameter (0 when there is
    /// neither a picture nor initials).
    private func drawAvatar(
        _ image: CardImage?, style: CardAvatarStyle, on canvas: borrowing Canvas, beside column: CardRect,
        pairs: inout [CardColorPair]
    ) throws(CardRenderError) -> Double {
        let initials = CardText(content.initials ?? "").prefix(2)
        guard image != nil || !initials.isEmpty else { return 0 }
        let diameter = min(Double(style.size), column.height, column.width / 3)
        let rect = CardRect(x: column.x, y: column.midY - diameter / 2, width: diameter, height: diameter)
            .flipped(mirrored, in: Self.width)
        if let border = style.border {
            let width = Double(style.borderWidth)
            let ring = CardRect(
                x: rect.x - width, y: rect.y - width, width: diameter + 2 * width, height: diameter + 2 * width)
            canvas.fillCircle(in: ring, color: border)
        }
        if let image {
            canvas.draw(image, in: rect, circle: true)
            return diameter
        }
        canvas.fillCircle(in: rect, color: style.accent)
        var textStyle = TextBlock.Style(
            families: families, locale: content.locale, size: diameter * Self.initialsScale, weight: 700,
            width: diameter, maxLines: 1)
        textStyle.alignment = .center
        let block = try TextBlock(initials, style: textStyle, on: canvas)
        block.draw(on: canvas, x: rect.x, y: rect.midY - block.height / 2, color: style.initialsColor)
        pairs.append(
            CardColorPair(element: .initials, text: style.initialsColor, backgrounds: [style.accent]))
        return diameter
    }

    /// Draws the title and the subtitle below it, centred vertically in `column`; the subtitle is
    /// shortened, or left out, when the column cannot hold all its lines.
    private func drawTitles(
        on canvas: borrowing Canvas, in column: CardRect, pairs: inout [CardColorPair]
    ) throws(CardRenderError) -> (lines: Int, overflowed: Bool, widow: Bool, text: String, size: Int, shortened: Bool) {
        let formatted = CardText(content.title)
        var titleText = formatted
        var titleSize = layout.title.size
        let title = try fittedTitle(on: canvas, in: column, text: &titleText, size: &titleSize)
        let gap = title.isEmpty ? 0 : Self.subtitleGap
        let room = column.height - title.height - gap
        let subtitle = try subtitleBlock(on: canvas, width: column.width, room: room)
        let showsSubtitle = !subtitle.isEmpty && subtitle.height <= room
        let total = title.height + (showsSubtitle ? gap + subtitle.height : 0)
        let x = column.flipped(mirrored, in: Self.width).x
        var y = column.y + max(0, (column.height - total) / 2)
        if !title.isEmpty {
            title.draw(on: canvas, x: x, y: y, color: layout.title.color)
            pairs.append(
                pair(.title, layout.title.color, CardRect(x: column.x, y: y, width: title.width, height: title.height)))
            y += title.height + gap
        }
        if showsSubtitle, let style = layout.subtitle {
            subtitle.draw(on: canvas, x: x, y: y, color: style.color)
            let box = CardRect(x: column.x, y: y, width: subtitle.width, height: subtitle.height)
            pairs.append(pair(.subtitle, style.color, box))
        }
        return (
            title.lineCount, titleText.truncated || title.ellipsized, title.lineCount > 1 && title.lastLineLetters == 1,
            titleText.text, titleSize, titleText != formatted
        )
    }

    /// The title block that fits `column`: the formatted title (`text` on entry) at its size, then
    /// smaller in steps down to the layout's `minSize`, then each shorter form of it the same way,
    /// the form drawn left in `text` and its size in `size`; when none fits, the formatted title
    /// at its size, cut off with an ellipsis (which the card rules report).
    private func fittedTitle(
        on canvas: borrowing Canvas, in column: CardRect, text: inout CardText, size chosen: inout Int
    ) throws(CardRenderError) -> TextBlock {
        let style = layout.title
        let step = max(2, style.size / 16)
        var sizes = Array(stride(from: style.size, through: style.minSize, by: -step))
        if sizes.last != style.minSize { sizes.append(style.minSize) }
        func block(_ candidate: CardText, size: Int) throws(CardRenderError) -> TextBlock {
            var titleStyle = textStyle(style, width: column.width)
            titleStyle.size = Double(size)
            titleStyle.maxHeight = column.height
            return try TextBlock(candidate.text, style: titleStyle, on: canvas)
        }
        for candidate in [content.title] + content.titleAlternatives {
            let candidateText = CardText(candidate)
            guard !candidateText.truncated else { continue }
            for size in sizes {
                let fitted = try block(candidateText, size: size)
                if !fitted.ellipsized {
                    text = candidateText
                    chosen = size
                    return fitted
                }
            }
        }
        chosen = style.size
        return try block(text, size: style.size)
    }

    /// The subtitle, at most `room` pixels high, or an empty block when the layout has none or there
    /// is no room.
    private func subtitleBlock(
        on canvas: borrowing Canvas, width: Double, room: Double
    ) throws(CardRenderError) -> TextBlock {
        guard let style = layout.subtitle, room > 0 else { return TextBlock() }
        var subtitleStyle = textStyle(style, width: width)
        subtitleStyle.maxHeight = room
        return try TextBlock(CardText(content.subtitle).text, style: subtitleStyle, on: canvas)
    }

    /// The Pango style of a layout text in a column of `width` pixels.
    private func textStyle(_ style: CardTextStyle, width: Double) -> TextBlock.Style {
        TextBlock.Style(
            families: families, locale: content.locale, size: Double(style.size), weight: style.weight, width: width,
            maxLines: style.maxLines)
    }

    /// A text colour with the background behind `box`, a rectangle in left-to-right coordinates.
    private func pair(_ element: CardColorPair.Element, _ color: Color, _ box: CardRect) -> CardColorPair {
        let backgrounds = layout.background.colors(
            behind: box.flipped(mirrored, in: Self.width), cardWidth: Self.width, cardHeight: Self.height)
        return CardColorPair(element: element, text: color, backgrounds: backgrounds)
    }
}
