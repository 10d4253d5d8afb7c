import Support

/// A horizontal bar chart drawn as inline SVG at build time: one row per bar (label, bar,
/// value), so many rows stay legible on a phone, where columns would crowd their labels.
///
/// The SVG is an image with a name and a description (`role="img"`, `aria-labelledby` its
/// `<title>` and `<desc>`; the description lists every value); it scales with its container
/// (`viewBox`, `width="100%"`) and takes its colours from the page: text in `currentColor`,
/// bars in `currentColor` unless the stylesheet colours `.chart-bar` (the theme uses its
/// accent). Every text is escaped.
struct BarChart: Sendable, Equatable {
  struct Bar: Sendable, Equatable {
    let label: String
    let value: Int
    /// The value as shown (`1,234`).
    let valueText: String

    init(label: String, value: Int, valueText: String? = nil) {
      self.label = label
      self.value = value
      self.valueText = valueText ?? NumberText.grouped(value)
    }
  }

  /// Unique on the page: the ids of the title and description start with it.
  let id: String
  let title: String
  /// What the chart shows, before its values (`Books read per month in 2023`).
  let summary: String
  let bars: [Bar]

  static let width = 360
  static let rowHeight = 24
  static let fontSize = 13

  /// `label: value` for every bar, after the summary: what a screen reader says of the chart.
  var description: String {
    summary + ": " + bars.map { "\($0.label): \($0.valueText)" }.joined(separator: "; ") + "."
  }

  /// The `<svg>` element, on a few lines.
  var svg: String {
    let labelWidth = min(
      Self.width / 3, bars.map { Self.textWidth($0.label) }.max().map { $0 + 8 } ?? 0)
    let valueWidth = (bars.map { Self.textWidth($0.valueText) }.max() ?? 0) + 6
    let barSpace = max(1, Self.width - labelWidth - valueWidth)
    let maximum = max(1, bars.map(\.value).max() ?? 0)
    let height = max(1, bars.count) * Self.rowHeight
    let escape = { (text: String) in MarkupEscaping.escape(text, .html) }
    let ids = "\(id)-title \(id)-desc"
    var svg =
      "<svg class=\"chart\" role=\"img\" aria-labelledby=\"\(ids)\" viewBox=\"0 0 \(Self.width) \(height)\""
      + " width=\"100%\" font-size=\"\(Self.fontSize)\" fill=\"currentColor\">\n"
    svg += "<title id=\"\(id)-title\">\(escape(title))</title>\n"
    svg += "<desc id=\"\(id)-desc\">\(escape(description))</desc>\n"
    for (row, bar) in bars.enumerated() {
      let top = row * Self.rowHeight
      let baseline = top + Self.rowHeight / 2 + Self.fontSize * 3 / 8
      let length = bar.value <= 0 ? 0 : max(2, bar.value * barSpace / maximum)
      svg += "<text x=\"\(labelWidth - 6)\" y=\"\(baseline)\" text-anchor=\"end\">\(escape(bar.label))</text>"
      if length > 0 {
        svg +=
          "<rect class=\"chart-bar\" x=\"\(labelWidth)\" y=\"\(top + 4)\" width=\"\(length)\""
          + " height=\"\(Self.rowHeight - 8)\" rx=\"2\"/>"
      }
      svg += "<text x=\"\(labelWidth + length + 4)\" y=\"\(baseline)\">\(escape(bar.valueText))</text>\n"
    }
    return svg + "</svg>"
  }

  /// A generous estimate of a text's width at `fontSize`: CJK and other wide characters count
  /// a full em, others about 0.62 em (the SVG has no font metrics at build time).
  static func textWidth(_ text: String) -> Int {
    var width = 0.0
    for scalar in text.unicodeScalars {
      width += scalar.value >= 0x1100 ? 1.0 : 0.62
    }
    return Int((width * Double(fontSize)).rounded(.up))
  }
}
