// Times CoverProcessor on synthetic photo-like covers (JPEGs of 300–500 px, as sources serve)
// and reports images a second and bytes a book. Usage:
// swift run -c release --package-path Benchmarks cover-bench [count] [--widths 160,320]
//   [--jpeg-widths 160] [--jobs 2] [--png-scale K] [--source-width W]
//   [--site DIR --bookgen PATH [--runs N] [--source-covers]]
// With --site, the covers become the image files of a site that the release `bookgen` builds
// (SiteBench.swift); with --source-covers too, the sources' covers of a site with
// `site.covers: local`, fetched into its cache (SourceCoverBench.swift); --source-width W makes
// the sources W px wide (Google's thumbnails are 128).
import CoverImages
import Glibc

func seconds(_ clock: clockid_t) -> Double {
  var time = timespec()
  clock_gettime(clock, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// This process's peak resident memory (VmHWM), in MB.
func peakMegabytes() -> Int {
  guard let file = fopen("/proc/self/status", "r") else { return 0 }
  defer { fclose(file) }
  var line = [CChar](repeating: 0, count: 256)
  while fgets(&line, 256, file) != nil {
    let text = String(decoding: line.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if text.hasPrefix("VmHWM:") { return (Int(text.split(separator: " ")[1]) ?? 0) / 1024 }
  }
  return 0
}

/// What to run: `count` covers at `widths`, `jobs` at a time.
struct Options {
  var count = 1000
  var widths = [160, 320, 480]
  /// The widths that also get a JPEG (nil: all).
  var jpegWidths: Set<Int>?
  var jobs = 2
  /// Above 1: sources are uncompressed PNGs this many times larger, as an owner's scans are.
  var pngScale = 1
  /// `--site DIR --bookgen PATH`: build a site of the covers (SiteBench.swift).
  var site: String?
  /// With `site`: the covers are the sources', fetched into the cache (SourceCoverBench.swift).
  var sourceCovers = false
  var bookgen: String?
  var runs = 3
  /// The sources' width (Google's `zoom=1` thumbnails are 128 px); each its own (300–500 px) when nil.
  var sourceWidth: Int?

  init(_ arguments: [String]) {
    var arguments = arguments
    while !arguments.isEmpty {
      let argument = arguments.removeFirst()
      switch argument {
      case "--widths": widths = arguments.removeFirst().split(separator: ",").compactMap { Int($0) }
      case "--jpeg-widths":
        jpegWidths = Set(arguments.removeFirst().split(separator: ",").compactMap { Int($0) })
      case "--jobs": jobs = Int(arguments.removeFirst()) ?? 2
      case "--png-scale": pngScale = Int(arguments.removeFirst()) ?? 1
      case "--site": site = arguments.removeFirst()
      case "--source-covers": sourceCovers = true
      case "--source-width": sourceWidth = Int(arguments.removeFirst())
      case "--bookgen":
        // Absolute, and checked now: the builds run in the site's folder, after minutes of images.
        let path = arguments.removeFirst()
        guard let resolved = realpath(path, nil) else { fatalError("--bookgen \(path): no such file") }
        bookgen = String(cString: resolved)
        free(resolved)
      case "--runs": runs = Int(arguments.removeFirst()) ?? 3
      default: count = Int(argument) ?? count
      }
    }
  }
}
let options = Options(Array(CommandLine.arguments.dropFirst()))
let (count, widths, jobs, pngScale) = (options.count, options.widths, options.jobs, options.pngScale)
let jpegWidths = options.jpegWidths

// Sources: each synthetic picture through CoverProcessor once at its own width, whose JPEG
// stands in for a source's cover.
print("making \(count) source covers…")
let sources: [[UInt8]] = await withTaskGroup(of: [(Int, [UInt8])].self) { group in
  for job in 0..<jobs {
    group.addTask {
      stride(from: job, to: count, by: jobs).map { index in
        let cover = PhotoCover(seed: UInt64(index))
        if pngScale > 1 { return (index, storedPNG(cover.enlarged(by: pngScale))) }
        let processed = try! CoverProcessor.process(
          storedPNG(cover), widths: [options.sourceWidth ?? cover.width])
        return (index, processed.variants[0].jpeg)
      }
    }
  }
  var all = [[UInt8]](repeating: [], count: count)
  for await part in group { for (index, bytes) in part { all[index] = bytes } }
  return all
}
let sourceBytes = sources.reduce(0) { $0 + $1.count }
print(
  "sources: \(sourceBytes / count / 1000) KB on average; processing at widths \(widths) with \(jobs) jobs")

struct Totals: Sendable {
  var webp: [Int: (bytes: Int, count: Int)] = [:]
  var jpeg: [Int: (bytes: Int, count: Int)] = [:]
  var book = 0

  mutating func add(_ cover: ProcessedCover, widths: [Int]) {
    for variant in cover.variants {
      // The requested width it serves (a width over the image's collapses into the image's).
      let slot = widths.sorted().first { min($0, cover.width) == variant.width } ?? variant.width
      webp[slot, default: (0, 0)].bytes += variant.webp.count
      webp[slot, default: (0, 0)].count += 1
      if !variant.jpeg.isEmpty {
        jpeg[slot, default: (0, 0)].bytes += variant.jpeg.count
        jpeg[slot, default: (0, 0)].count += 1
      }
      book += variant.webp.count + variant.jpeg.count
    }
  }

  mutating func merge(_ other: Totals) {
    for (slot, value) in other.webp {
      webp[slot, default: (0, 0)].bytes += value.bytes
      webp[slot, default: (0, 0)].count += value.count
    }
    for (slot, value) in other.jpeg {
      jpeg[slot, default: (0, 0)].bytes += value.bytes
      jpeg[slot, default: (0, 0)].count += value.count
    }
    book += other.book
  }
}

if let site = options.site {
  guard let bookgen = options.bookgen else { fatalError("--site needs --bookgen PATH") }
  if options.sourceCovers {
    runSourceCoverBench(directory: site, bookgen: bookgen, sources: sources, runs: options.runs)
  } else {
    runSiteBench(directory: site, bookgen: bookgen, sources: sources, runs: options.runs)
  }
  exit(0)
}

// The peak RSS from here on: making the sources is not what is measured (Linux's clear_refs).
if let file = fopen("/proc/self/clear_refs", "w") {
  fputs("5", file)
  fclose(file)
}
let wallStart = seconds(CLOCK_MONOTONIC)
let cpuStart = seconds(CLOCK_PROCESS_CPUTIME_ID)
let totals = await withTaskGroup(of: Totals.self) { group in
  for job in 0..<jobs {
    group.addTask {
      var totals = Totals()
      for index in stride(from: job, to: count, by: jobs) {
        totals.add(
          try! CoverProcessor.process(sources[index], widths: widths, jpegWidths: jpegWidths), widths: widths)
      }
      return totals
    }
  }
  var all = Totals()
  for await part in group { all.merge(part) }
  return all
}
let wall = seconds(CLOCK_MONOTONIC) - wallStart
let cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - cpuStart
print(
  "\(count) covers in \(Int(wall * 1000)) ms wall: \(Int(Double(count) / wall)) images/s; \(Double(Int(cpu * 10000 / Double(count))) / 10) ms CPU an image"
)
for width in widths.sorted() {
  let w = totals.webp[width] ?? (0, 1)
  let j = totals.jpeg[width] ?? (0, 1)
  print(
    "  \(width) px: WebP \(w.bytes / max(w.count, 1)) bytes, JPEG \(j.bytes / max(j.count, 1)) bytes (\(w.count) variants)"
  )
}
print(
  "per book, all widths and formats: \(totals.book / count / 1000) KB; peak RSS while processing \(peakMegabytes()) MB"
    + " (the sources held take \(sourceBytes / 1_000_000) MB of it)")
