/// Renders pages and streams each one to disk as soon as it is rendered.
struct PageWriter: Sendable {
  let root: String
  let contexts: PageContexts
  let renderer: any TemplateRendering

  /// Pages per task: large enough to amortise task overhead, small enough to balance cores.
  static let batchSize = 32

  /// Creates every folder the pages and assets need, parents first, before any page is written.
  func makeDirectories(for jobs: [PageJob], assets: some Sequence<String>) throws(SiteError) {
    var folders: Set<[String]> = []
    func addAncestors(_ segments: [String]) {
      for length in stride(from: segments.count, to: 0, by: -1) {
        guard folders.insert(Array(segments.prefix(length))).inserted else { break }
      }
    }
    for job in jobs { addAncestors(job.path.segments) }
    for asset in assets { addAncestors(["assets"] + asset.split(separator: "/").dropLast().map(String.init)) }
    for folder in folders.sorted(by: {
      $0.count != $1.count ? $0.count < $1.count : $0.lexicographicallyPrecedes($1)
    }) {
      let path = try OutputFolder.filePath(
        for: SitePath(Array(folder.dropLast()), fileName: folder.last!), in: root)
      try FileWriting.makeDirectory(path)
    }
  }

  /// Copies the theme's assets to `assets/…`; returns the bytes written.
  func writeAssets(_ assets: [String: [UInt8]]) throws(SiteError) -> Int {
    var total = 0
    for (name, bytes) in assets.sorted(by: { $0.key < $1.key }) {
      let parts = ["assets"] + name.split(separator: "/").map(String.init)
      let path = try OutputFolder.filePath(
        for: SitePath(Array(parts.dropLast()), fileName: parts.last!), in: root)
      try FileWriting.write(bytes: bytes, to: path)
      total += bytes.count
    }
    return total
  }

  /// Renders and writes the pages, at most `concurrency` batches at a time; returns bytes written.
  func writePages(_ jobs: [PageJob], concurrency: Int) async throws(SiteError) -> Int {
    let batches = stride(from: 0, to: jobs.count, by: PageWriter.batchSize).map {
      Array(jobs[$0..<min(jobs.count, $0 + PageWriter.batchSize)])
    }
    do {
      return try await withThrowingTaskGroup(of: Int.self) { group in
        var pending = batches.makeIterator()
        for _ in 0..<concurrency {
          guard let batch = pending.next() else { break }
          group.addTask { try self.write(batch) }
        }
        var total = 0
        while let bytes = try await group.next() {
          total += bytes
          if let batch = pending.next() { group.addTask { try self.write(batch) } }
        }
        return total
      }
    } catch let error as SiteError {
      throw error
    } catch {
      throw .io(operation: "render", path: root, reason: String(describing: error))
    }
  }

  private func write(_ batch: [PageJob]) throws(SiteError) -> Int {
    var total = 0
    for job in batch {
      try Task.checkCancellationAsSiteError()
      let html = try renderer.render(job.template, contexts.context(for: job))
      try FileWriting.write(html, to: OutputFolder.filePath(for: job.path, in: root))
      total += html.utf8.count
    }
    return total
  }
}

extension Task where Success == Never, Failure == Never {
  /// Stops a batch early once a sibling batch has failed.
  static func checkCancellationAsSiteError() throws(SiteError) {
    if Task.isCancelled { throw .io(operation: "render", path: "", reason: "cancelled") }
  }
}
