// `cover-bench COUNT --site DIR --bookgen PATH`: a site of COUNT books, each with its own cover
// image file (the synthetic photo-like JPEGs), built by the release `bookgen` as a black box:
// the first build (every image processed), then builds with every cover processed and cached,
// against the same books without covers. Reports build times and their ratio, images a second
// for the first processing, peak RSS and the output's cover bytes a book.
import Glibc

/// One `bookgen` run: its wall and CPU time (user and system, its children's included), peak
/// RSS and standard error.
struct Run {
  var seconds: Double
  var cpuSeconds: Double
  var peakMegabytes: Int
  var stderr: String
}

/// Runs `arguments` (the first is the executable) in `directory`, its stderr captured.
func run(_ arguments: [String], in directory: String) -> Run {
  let errorPath = directory + "/.bench-stderr"
  var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  let previous = getcwd(nil, 0)
  chdir(directory)
  let argv = arguments.map { strdup($0) } + [nil]
  var pid: pid_t = 0
  let start = seconds(CLOCK_MONOTONIC)
  let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
  if let previous {
    chdir(previous)
    free(previous)
  }
  precondition(spawned == 0, "cannot run \(arguments[0])")
  var status: Int32 = 0
  var usage = rusage()
  wait4(pid, &status, 0, &usage)
  let elapsed = seconds(CLOCK_MONOTONIC) - start
  for pointer in argv { free(pointer) }
  posix_spawn_file_actions_destroy(&actions)
  let text = readText(errorPath)
  precondition(status == 0, "\(arguments.joined(separator: " ")) failed:\n\(text)")
  // The child's own peak is `/usr/bin/time`'s line when the command runs under it: `wait4`'s
  // counts the pages it shared with this process (which holds every source image) before exec.
  let timed = text.split(separator: "\n").last { $0.hasPrefix("peak-rss-kb ") }
  let kilobytes = timed.flatMap { Int($0.dropFirst("peak-rss-kb ".count)) } ?? Int(usage.ru_maxrss)
  let cpu = [usage.ru_utime, usage.ru_stime].reduce(0) { $0 + Double($1.tv_sec) + Double($1.tv_usec) / 1e6 }
  return Run(seconds: elapsed, cpuSeconds: cpu, peakMegabytes: kilobytes / 1024, stderr: text)
}

func readText(_ path: String) -> String {
  guard let file = fopen(path, "r") else { return "" }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = fread(&buffer, 1, buffer.count, file)
    if count <= 0 { break }
    bytes += buffer[..<count]
  }
  return String(decoding: bytes, as: UTF8.self)
}

func writeFile(_ path: String, _ bytes: [UInt8]) {
  guard let file = fopen(path, "w") else { fatalError("cannot write \(path)") }
  _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
  fclose(file)
}

/// Bytes of the files in `folder` (not below it).
func folderBytes(_ folder: String) -> (files: Int, bytes: Int) {
  guard let handle = opendir(folder) else { return (0, 0) }
  defer { closedir(handle) }
  var total = (files: 0, bytes: 0)
  while let entry = readdir(handle) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    var info = stat()
    guard name != ".", name != "..", stat(folder + "/" + name, &info) == 0 else { continue }
    total.files += 1
    total.bytes += Int(info.st_size)
  }
  return total
}

/// The site: `covers/<n>.jpg`, and two catalogs of the same imported books, with and without
/// `cover:` (the books need no source: an import's entries carry their title and authors).
func writeSite(_ directory: String, sources: [[UInt8]]) {
  mkdir(directory, 0o755)
  mkdir(directory + "/covers", 0o755)
  for (index, bytes) in sources.enumerated() { writeFile("\(directory)/covers/\(index).jpg", bytes) }
  for covers in [false, true] {
    var lines = ["collections:", "  - title: \"All\"", "    slug: all", "    books:"]
    lines += sources.indices.map { "      - \"goodreads:\($0 + 1)\"" }
    lines.append("books:")
    for index in sources.indices {
      lines.append("  \"goodreads:\(index + 1)\":")
      if covers { lines += ["    overrides:", "      cover: covers/\(index).jpg"] }
      lines += [
        "    imported:", "      source: goodreads", "      id: \"\(index + 1)\"",
        "      title: \"Book number \(index + 1)\"", "      authors: [\"Author \(index % 997)\"]",
      ]
    }
    let name = covers ? "covers" : "plain"
    writeFile("\(directory)/books-\(name).yml", Array((lines.joined(separator: "\n") + "\n").utf8))
    writeCatalog(directory, name: name, title: "Covers bench")
  }
}

/// `catalog-NAME.yml`: its title changes between builds into the same output, so that each is
/// a real build (an unchanged site is recognised as up to date without building).
func writeCatalog(_ directory: String, name: String, title: String) {
  let catalog = """
    site:
      title: "\(title)"
      base_url: "https://bench.test/"
      index_pages: []
    sources: [google_books]
    cache:
      dir: cache
    include: [books-\(name).yml]

    """
  writeFile("\(directory)/catalog-\(name).yml", Array(catalog.utf8))
}

/// `bookgen build --offline --timings` of `catalog-NAME.yml` into `output` (emptied first when
/// `fresh`), under `/usr/bin/time` for its peak RSS.
func timedBuild(_ bookgen: String, in directory: String, catalog name: String, output: String, fresh: Bool)
  -> Run
{
  if fresh { _ = run(["/bin/rm", "-rf", output], in: directory) }
  return run(
    [
      "/usr/bin/time", "-f", "peak-rss-kb %M", bookgen, "build", "--offline", "-v", "--timings",
      "--catalog", "catalog-\(name).yml", "-o", output,
    ],
    in: directory)
}

/// The stage time `bookgen --timings` prints for `name`.
func timing(_ name: String, in text: String) -> Double? {
  for line in text.split(separator: "\n") where line.hasPrefix("timing: \(name) ") {
    return Double(line.split(separator: " ").last ?? "")
  }
  return nil
}

func runSiteBench(directory: String, bookgen: String, sources: [[UInt8]], runs: Int) {
  let count = sources.count
  print("writing the site in \(directory)…")
  writeSite(directory, sources: sources)
  var edits = 0
  let build = { (name: String, output: String, fresh: Bool) -> Run in
    edits += 1
    writeCatalog(directory, name: name, title: "Covers bench \(edits)")
    return timedBuild(bookgen, in: directory, catalog: name, output: output, fresh: fresh)
  }
  let first = build("covers", "out-covers", true)
  let processing = timing("covers", in: first.stderr) ?? 0
  print(
    "first build with covers: \(format(first.seconds)) s (CPU \(format(first.cpuSeconds)) s), of which processing "
      + "\(format(processing)) s: "
      + "\(Int(Double(count) / max(processing, 0.001))) images/s; peak RSS \(first.peakMegabytes) MB")
  compareBuilds(
    directory: directory, count: count, runs: runs, baseline: (name: "plain", what: "without covers"),
    build: build)
}

/// Builds with every cover processed against the same site without them (`build(name, output,
/// fresh)` with `covers` or `baseline.name`, into `out-<name>`), into an empty output and after
/// a catalog edit, in turns; prints the best times and their ratio, the peak RSS and the
/// output's cover bytes a book.
func compareBuilds(
  directory: String, count: Int, runs: Int, baseline: (name: String, what: String),
  build: (String, String, Bool) -> Run
) {
  let other = (baseline.name, "out-" + baseline.name)
  var plain: [Run] = []
  var cached: [Run] = []
  var plainAgain: [Run] = []
  var cachedAgain: [Run] = []
  for _ in 0..<runs {
    plain.append(build(other.0, other.1, true))
    cached.append(build("covers", "out-covers", true))
    plainAgain.append(build(other.0, other.1, false))
    cachedAgain.append(build("covers", "out-covers", false))
  }
  let best = { (runs: [Run]) in runs.map(\.seconds).min() ?? 0 }
  let cpu = { (runs: [Run]) in runs.map(\.cpuSeconds).min() ?? 0 }
  for (what, with, without) in [
    ("into an empty output", cached, plain), ("again after a catalog edit", cachedAgain, plainAgain),
  ] {
    print(
      "build \(what), \(count) books, every cover processed and cached: \(format(best(with))) s; "
        + "\(baseline.what) \(format(best(without))) s; ratio \(format(best(with) / max(best(without), 0.001))) "
        + "(best of \(runs)); CPU \(format(cpu(with))) s vs \(format(cpu(without))) s, ratio "
        + "\(format(cpu(with) / max(cpu(without), 0.001))); peak RSS \((with.map(\.peakMegabytes).max() ?? 0)) MB vs "
        + "\((without.map(\.peakMegabytes).max() ?? 0)) MB")
  }
  let files = folderBytes(directory + "/out-covers/covers")
  print(
    "output covers: \(files.files) files, \(files.bytes / 1000) KB: "
      + "\(format(Double(files.bytes) / Double(count) / 1000)) KB a book")
  if let line = cached.last?.stderr.split(separator: "\n").first(where: { $0.hasPrefix("Covers:") }) {
    print(line)
  }
}

func format(_ value: Double) -> String {
  let hundredths = Int((value * 100).rounded())
  return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
}
