/// The `timing: <stage> <seconds>` lines `bookgen build --timings` prints to stderr, in order.
enum TimingLines {
  static func parse(_ text: String) -> [(stage: String, seconds: Double)] {
    text.split(whereSeparator: \.isNewline).compactMap { line in
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count == 3, fields[0] == "timing:", let seconds = Double(fields[2]) else { return nil }
      return (String(fields[1]), seconds)
    }
  }
}
