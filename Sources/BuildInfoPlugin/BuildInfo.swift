import Foundation
import PackagePlugin

/// Records the commit bookgen is built from, for `bookgen --version`, and the GitHub repository
/// it is released from, for the workflows `bookgen init --ci` writes.
///
/// A prebuild command runs on every build (a new commit changes no input file SwiftPM could
/// watch): `build-info.sh`, beside this file, writes `BuildInfo.swift` with git's short commit,
/// or `unknown` outside a checkout, and only when its text changes.
@main
struct BuildInfo: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let package = context.package.directoryURL
    let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
    // The release build names its repository: BOOKGEN_RELEASE_REPO, or on GitHub Actions the
    // repository the workflow runs in. Other builds do not know it.
    let environment = ProcessInfo.processInfo.environment
    let repository =
      environment["BOOKGEN_RELEASE_REPO"]
      ?? (environment["GITHUB_ACTIONS"] == "true" ? environment["GITHUB_REPOSITORY"] : nil) ?? ""
    return [
      .prebuildCommand(
        displayName: "Recording the commit for --version",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: [
          package.appending(path: "Sources/BuildInfoPlugin/build-info.sh").path(percentEncoded: false),
          package.path(percentEncoded: false),
          output.appending(path: "BuildInfo.swift").path(percentEncoded: false),
          repository,
        ],
        outputFilesDirectory: output
      )
    ]
  }
}
