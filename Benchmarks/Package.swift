// swift-tools-version:6.0
import PackageDescription

// bookgen's benchmarks, beside the product and not in it (as swift-nio keeps its Benchmarks/):
// a package of its own that depends on the project by path. `bookgen-bench` drives the release
// `bookgen` binary as a black box, so it needs none of the project's modules; the two
// micro-benchmarks time the project's public libraries (Mustache, Markdown). README.md says how
// to run each.
let package = Package(
  name: "bookgen-benchmarks",
  products: [
    .executable(name: "bookgen-bench", targets: ["BookgenBench"]),
    .executable(name: "mustache-bench", targets: ["MustacheBench"]),
    .executable(name: "markdown-bench", targets: ["MarkdownBench"]),
    .executable(name: "cover-bench", targets: ["CoverBench"]),
  ],
  dependencies: [
    // Named explicitly: a package added by path is otherwise known by its folder's name, which
    // is a worktree's or a clone's.
    .package(name: "bookgen", path: "..")
  ],
  targets: [
    // `make bench`: synthetic catalogs of 1k–100k books, their cache filled by `bookgen fetch`
    // from a local server that answers like Google Books, and timed `bookgen build` runs.
    .executableTarget(name: "BookgenBench", dependencies: ["LoopbackHTTP"]),
    .testTarget(name: "BookgenBenchTests", dependencies: ["BookgenBench", "LoopbackHTTP"]),
    // The local HTTP server the benches fetch from (Google Books' answers, cover images).
    .target(name: "LoopbackHTTP"),
    // The template engine's render throughput on the default theme's pages.
    .executableTarget(name: "MustacheBench", dependencies: [.product(name: "Mustache", package: "bookgen")]),
    // Description sanitising and Markdown throughput.
    .executableTarget(name: "MarkdownBench", dependencies: [.product(name: "Markdown", package: "bookgen")]),
    // Cover image processing (CoverImages): images a second and bytes a book.
    .executableTarget(
      name: "CoverBench", dependencies: ["LoopbackHTTP", .product(name: "CoverImages", package: "bookgen")]),
    .testTarget(name: "CoverBenchTests", dependencies: ["CoverBench", "LoopbackHTTP"]),
  ]
)
