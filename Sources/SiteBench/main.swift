// In-process benchmark of the render stage: synthesises N volumes in memory, builds the site,
// then rebuilds with nothing changed and with one book changed, printing per-stage times.
// `swift run -c release site-bench [N…] [--output DIR] [--once]` (default: 10000 into /dev/shm;
// `--once`: the full build only).
import Catalog
import Foundation
import GoogleBooks
import Site

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

#if canImport(Glibc)
  let rusageSelf = RUSAGE_SELF.rawValue
#else
  let rusageSelf = RUSAGE_SELF
#endif

func peakRSSMegabytes() -> Double {
  var usage = rusage()
  getrusage(rusageSelf, &usage)
  #if canImport(Darwin)
    return Double(usage.ru_maxrss) / 1_048_576
  #else
    return Double(usage.ru_maxrss) / 1024
  #endif
}

func cpuSeconds() -> Double {
  var usage = rusage()
  getrusage(rusageSelf, &usage)
  return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
    + Double(usage.ru_stime.tv_usec) / 1e6
}

func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func show(_ label: String, _ report: BuildReport, wall: Double, cpu: Double) {
  let stages = report.stages.map { "\($0.name) \(String(format: "%.3f", $0.seconds))" }.joined(
    separator: "  ")
  print(
    String(
      format: "%-9@ wall %.3f s  cpu %.3f s  rss %.0f MB  pages %d  written %d (%.1f MB)  |  %@",
      label as NSString, wall, cpu, peakRSSMegabytes(), report.pages, report.filesWritten,
      Double(report.bytesWritten) / 1e6, stages as NSString))
}

func run(count: Int, output: String, once: Bool) async throws {
  try? FileManager.default.removeItem(atPath: output)
  let sibling = (output as NSString).deletingLastPathComponent + "/." + (output as NSString).lastPathComponent
  for suffix in [".bookgen-next", ".bookgen-manifests", ".bookgen-lock"] {
    try? FileManager.default.removeItem(atPath: sibling + suffix)
  }
  var (catalog, members) = SyntheticCatalog.make(count: count)
  var input = SyntheticCatalog.input(catalog: catalog, members: members)
  print(
    "N = \(count): \(input.collections.map(\.records.count).reduce(0, +)) volume records, "
      + String(format: "rss after synthesis %.0f MB", peakRSSMegabytes()))
  let jobs = ProcessInfo.processInfo.activeProcessorCount

  func timed(_ label: String, _ input: SiteInput, fingerprint: String? = nil) async throws {
    let options = BuildOptions(
      jobs: jobs, outputDirectory: output, workingDirectory: FileManager.default.currentDirectoryPath,
      fingerprint: fingerprint.map { BuildFingerprint(value: $0) })
    let cpu = cpuSeconds()
    let start = ContinuousClock.now
    let report = try await SiteBuilder(input: input, options: options).build()
    show(label, report, wall: seconds(ContinuousClock.now - start), cpu: cpuSeconds() - cpu)
  }

  try await timed("full", input, fingerprint: "a")
  if once { return }
  // Nothing changed: the fingerprint matches, so the build only checks the output's manifest.
  try await timed("no-op", input, fingerprint: "a")
  // One book's data changes: its description gets a sentence more. Only the pages that show
  // it are rendered; the others are the previous build's (their source keys are unchanged).
  let middle = members[0].count / 2
  var changed = members[0][middle]
  changed.volumeInfo.description = (changed.volumeInfo.description ?? "") + " One more sentence."
  changed.sourceDigest = (changed.sourceDigest ?? 0) &+ 1
  members[0][middle] = changed
  input.collections[0].records[middle] = changed.record
  try await timed("one-book", input, fingerprint: "b")
  // Nothing changed but no fingerprint (so no source keys either): every page is rendered and
  // compared, none written.
  try await timed("re-render", input)
}

var counts: [Int] = []
var once = false
var output = "/dev/shm/bookgen-site-bench/public"
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
  if argument == "--once" {
    once = true
  } else if argument == "--output", let value = arguments.next() {
    output = value
  } else if let count = Int(argument.replacingOccurrences(of: "_", with: "")) {
    counts.append(count)
  } else {
    FileHandle.standardError.write(Data("usage: site-bench [N…] [--output DIR] [--once]\n".utf8))
    exit(64)
  }
}
for count in counts.isEmpty ? [10_000] : counts {
  do {
    try await run(count: count, output: output, once: once)
  } catch {
    FileHandle.standardError.write(Data("site-bench: \(error)\n".utf8))
    exit(1)
  }
}
