import Foundation

/// The `timing: <stage> <seconds>` lines `bookgen build --timings` prints to stderr, in order.
///
/// A bookgen without `--timings` is run with `--verbose`, whose `Render stages: model 1,577 ms,
/// render+write 4,496 ms` line is read instead (only when no `timing:` line is there).
enum TimingLines {
  static func parse(_ text: String) -> [(stage: String, seconds: Double)] {
    let lines = text.split(whereSeparator: \.isNewline)
    let timings: [(stage: String, seconds: Double)] = lines.compactMap { line in
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      guard fields.count == 3, fields[0] == "timing:", let seconds = Double(fields[2]) else { return nil }
      return (String(fields[1]), seconds)
    }
    guard timings.isEmpty, let stages = lines.last(where: { $0.hasPrefix(verbosePrefix) }) else {
      return timings
    }
    // Items are separated by ", "; numbers are grouped with "," (`1,577`).
    return String(stages.dropFirst(verbosePrefix.count)).components(separatedBy: ", ").compactMap { part in
      let fields = part.split(separator: " ")
      guard fields.count == 3, fields[2] == "ms", let milliseconds = Double(fields[1].filter { $0 != "," })
      else { return nil }
      return (String(fields[0]), milliseconds / 1000)
    }
  }

  private static let verbosePrefix = "Render stages: "
}
