import Foundation

/// bookgen and Hugo on the same books in one run (`--hugo PATH`): full builds of the reference
/// site from nothing (bookgen's output and every `.NAME.bookgen-*` beside it removed; Hugo's
/// output and `--cacheDir` removed), taken in turns (bookgen, Hugo, bookgen, …) so that both see the
/// same machine, and compared pair by pair: on a shared machine the ratio of neighbouring runs
/// holds when absolute times drift.
struct HugoComparison {
  struct Result {
    var size: Int
    var bookgen: [ChildProcess.Outcome]
    var hugo: [ChildProcess.Outcome]

    /// The median of the pairs' bookgen/Hugo wall-time ratios.
    var ratio: Double { Self.median(zip(bookgen, hugo).map { $0.seconds / $1.seconds }) }
    var bookgenSeconds: Double { Self.median(bookgen.map(\.seconds)) }
    var hugoSeconds: Double { Self.median(hugo.map(\.seconds)) }
    var bookgenPeakRSS: Int { bookgen.map(\.peakRSS).max() ?? 0 }
    var hugoPeakRSS: Int { hugo.map(\.peakRSS).max() ?? 0 }

    static func median(_ values: [Double]) -> Double {
      let sorted = values.sorted()
      return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
  }

  var options: BenchOptions
  var hugo: String

  func run(_ dataset: Dataset) throws -> Result {
    let site = HugoSite(plan: dataset.plan, seed: dataset.seed, directory: dataset.directory + "/hugo-site")
    log("hugo \(dataset.plan.count): writing the equivalent Hugo site in \(site.directory)")
    try site.write()
    let bookgenOutput = dataset.directory + "/public-vs-hugo"
    let hugoOutput = dataset.directory + "/hugo-public"
    let hugoCache = dataset.directory + "/hugo-cache"
    var result = Result(size: dataset.plan.count, bookgen: [], hugo: [])
    let runs = max(1, options.runs)
    // One unmeasured pair first: file caches and Hugo's module set-up are warm for every pair.
    for run in -1..<runs {
      BenchHarness.removeBuildLeftovers(output: bookgenOutput)
      for path in [hugoOutput, hugoCache] { try? FileManager.default.removeItem(atPath: path) }
      let bookgen = try ChildProcess(arguments: [
        options.bookgen, "build", "--offline", "--catalog", dataset.catalogPath, "--output", bookgenOutput,
      ]).run()
      let hugo = try ChildProcess(arguments: [
        self.hugo, "--quiet", "--source", site.directory, "--destination", hugoOutput, "--cacheDir",
        hugoCache,
      ]).run()
      for (name, outcome) in [(options.bookgen, bookgen), (self.hugo, hugo)] where outcome.status != 0 {
        throw BenchError.buildFailed(command: name, status: outcome.status, stderr: outcome.stderr)
      }
      log(
        String(
          format: "%d side by side%@: bookgen %.3f s, %.0f MB; hugo %.3f s, %.0f MB", dataset.plan.count,
          run < 0 ? " (warm-up)" : "", bookgen.seconds, Double(bookgen.peakRSS) / 1e6, hugo.seconds,
          Double(hugo.peakRSS) / 1e6))
      guard run >= 0 else { continue }
      result.bookgen.append(bookgen)
      result.hugo.append(hugo)
    }
    return result
  }
}
