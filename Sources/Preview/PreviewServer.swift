import Foundation
import HTTPServer
import Support

/// `bookgen serve`: builds the site into a private folder, serves it, rebuilds when the
/// catalog, templates or cache change, and tells open pages to reload.
///
/// The build itself is injected, so this module knows nothing about how a site is made.
package final class PreviewServer: Sendable {
  /// Builds the site into `outputDirectory` with links under `baseURL`
  /// (`http://127.0.0.1:8000/`).
  package typealias Build =
    @Sendable (_ outputDirectory: String, _ baseURL: String) async -> PreviewBuildResult

  package let options: PreviewOptions
  let build: Build
  /// Stops what the last build left writing in the background, before the folder is removed.
  let stopBuilding: @Sendable () async -> Void
  let hub = LiveReloadHub()
  let files: StaticFileHandler
  private let server: HTTPServer
  /// The watcher task, held so `stop()` can cancel it.
  private let watcher = Locked<Task<Void, Never>?>(nil)

  package init(
    options: PreviewOptions, stopBuilding: @escaping @Sendable () async -> Void = {}, build: @escaping Build
  ) {
    self.options = options
    self.build = build
    self.stopBuilding = stopBuilding
    let files = StaticFileHandler(root: options.outputDirectory)
    self.files = files
    let hub = hub
    // The mount follows the base URL's path, which does not depend on the port.
    let mount = SiteMount(baseURL: options.baseURL(port: options.port))
    server = HTTPServer(host: options.host, port: options.port, fallbackPorts: options.fallbackPorts) {
      request in
      await PreviewServer.respond(to: request, mount: mount, files: files, hub: hub)
    }
  }

  /// The address pages are built for and served at, once started.
  package var url: String { options.baseURL(port: server.port) }

  /// The port bound, once started (another than `options.port` when that one was taken).
  package var port: UInt16 { server.port }

  /// How many builds have finished (successful or not).
  package var buildCount: Int {
    get async { await hub.generation }
  }

  /// Starts serving, runs the first build, starts watching; returns the bound port.
  @discardableResult
  package func start() async throws -> UInt16 {
    do {
      if let folder = options.privateFolder {
        // Owner-only: the build's files are nobody else's business until served.
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
      }
      try FileManager.default.createDirectory(
        atPath: options.outputDirectory, withIntermediateDirectories: true)
      try server.start()
    } catch {
      removePrivateFolder()
      throw error
    }
    // Watching before building, so edits made during the first build are not missed.
    let changes = ChangeWatcher(paths: options.watchPaths)
    await rebuild()
    changes.accept(options.writtenByBuilds)
    let task = Task { [self] in await watch(changes) }
    watcher.withLock { $0 = task }
    return server.port
  }

  /// Stops watching and serving, closes event streams, removes the private build folder.
  package func stop() async {
    if let task = watcher.withLock({ $0.take() }) {
      task.cancel()
      await task.value
    }
    await hub.finishAll()
    await server.stop()
    await stopBuilding()
    removePrivateFolder()
  }

  /// The private folder holds the output and what the writer keeps beside it: removing it whole
  /// leaves nothing behind. An output folder the caller chose is kept.
  private func removePrivateFolder() {
    guard let folder = options.privateFolder else { return }
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Serves until SIGINT, SIGTERM or SIGHUP (or until the calling task is cancelled), then stops.
  package func run() async throws {
    let interrupt = InterruptSignal()
    do {
      try await start()
    } catch {
      interrupt.release()
      throw error
    }
    options.log(servingMessage)
    if options.open { Self.openInBrowser(url) }
    await interrupt.wait()
    options.log("Stopping.")
    await stop()
  }

  /// `Serving http://127.0.0.1:8000/books/ (press Ctrl-C to stop)`, after a line saying so
  /// when the wanted port was taken; the address says whether other machines can reach it.
  var servingMessage: String {
    let bound = server.port
    var lines: [String] = []
    if options.port != 0, bound != options.port {
      lines.append("Port \(options.port) is in use; serving on port \(bound) instead.")
    }
    let stop = "press Ctrl-C to stop"
    if options.baseURL != nil {
      let address = "\(PreviewOptions.bracketed(options.host.isEmpty ? "0.0.0.0" : options.host)):\(bound)"
      lines.append("Serving \(url) (listening on \(address); \(stop))")
    } else if options.listensEverywhere {
      let local = options.loopbackURL(port: bound)
      lines.append(
        url == local
          ? "Serving \(url) on all interfaces (\(stop))"
          : "Serving \(url) on all interfaces, and \(local) on this machine (\(stop))")
    } else {
      lines.append("Serving \(url) (\(stop))")
    }
    return lines.joined(separator: "\n")
  }

  /// Builds once and publishes the outcome to the terminal and the open pages.
  func rebuild() async {
    let started = ContinuousClock.now
    let result = await build(options.outputDirectory, url)
    switch result {
    case .success(let summary):
      options.log(summary.isEmpty ? "Rebuilt in \(started.duration(to: .now))" : summary)
    case .failure(let message):
      options.log(message)
    }
    await hub.finishBuild(result)
  }

  private func watch(_ changes: ChangeWatcher) async {
    var changedAt: ContinuousClock.Instant?
    var lastHeartbeat = ContinuousClock.now
    while !Task.isCancelled {
      try? await Task.sleep(for: options.pollInterval)
      if Task.isCancelled { return }
      if changes.changed() {
        changedAt = .now
      } else if let changed = changedAt, changed.duration(to: .now) >= options.debounce {
        changedAt = nil
        options.log("Change detected, rebuilding…")
        await rebuild()
        changes.accept(options.writtenByBuilds)
      }
      if lastHeartbeat.duration(to: .now) >= .seconds(15) {
        lastHeartbeat = .now
        await hub.broadcast(.heartbeat)
      }
    }
  }

  /// Best effort: no browser, no error.
  private static func openInBrowser(_ url: String) {
    let candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    guard let opener = candidates.map({ "\($0)/xdg-open" }).first(where: FileManager.default.isExecutableFile)
    else { return }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: opener)
    process.arguments = [url]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try? process.run()
  }
}
