import Foundation

/// `bookgen-bench` command-line options.
struct BenchOptions {
  enum Mode { case run, generate, verify, fetchLatency, importOnly, serveOnly, help }

  var mode = Mode.run
  var sizes = [1_000, 10_000, 100_000]
  var out = "/dev/shm/bookgen-bench"
  var bookgen = ".build/release/bookgen"
  var runs = 3
  var seed = Dataset.defaultSeed
  /// Whether a full run also times the fetch stage with latency.
  var fetchLatency = true
  /// Whether a full run also times `bookgen import goodreads --offline` on 10,000 rows.
  var importBench = true
  /// Whether a full run also times `bookgen serve`'s rebuilds after edits (sizes up to 10,000).
  var serveBench = true
  /// A Hugo executable to time on the same books (sizes up to 10,000); nil: no comparison.
  var hugo: String?

  static let help = """
    OVERVIEW: Times the bookgen executable on synthetic catalogs of Google Books volumes.

    USAGE: bookgen-bench [options]

    OPTIONS:
      --sizes N,N,…      Catalog sizes in volumes (default 1000,10000,100000).
      --out DIR          Where datasets and outputs go (default /dev/shm/bookgen-bench).
      --bookgen PATH     The bookgen executable to time (default .build/release/bookgen).
      --runs N           Runs per scenario; the median is reported (default 3; a run
                         over 10 s is not repeated).
      --seed N           Generator seed (default \(Dataset.defaultSeed)).
      --generate-only    Make the datasets ready and stop.
      --verify           Make the datasets ready, then check what they hold.
      --fetch-latency    Only time the fetch stage with 100 ms latency, 1 vs 4 in flight.
      --no-fetch-latency Skip that measurement in a full run.
      --import           Only time 'bookgen import goodreads --offline' on 10,000 rows.
      --no-import        Skip that measurement in a full run.
      --serve            Only time 'bookgen serve' rebuilding after a note edit and
                         after a cache entry is written again (sizes up to 10,000).
      --no-serve         Skip that measurement in a full run.
      --hugo PATH        Also build the same books with Hugo (0.146 or newer), in turns
                         with bookgen, both from nothing (sizes up to 10,000).
      -h, --help         Show this help.

    A dataset's cache is filled by 'bookgen fetch' from a local server that answers
    like Google Books; it is kept while <out>/<N>/bench-dataset.json matches the
    generator version and seed.
    """

  init(arguments: [String]) throws(BenchError) {
    var rest = arguments[...]
    func value(_ name: String) throws(BenchError) -> String {
      guard let value = rest.popFirst() else { throw .usage("option '\(name)' needs a value") }
      return value
    }
    func number(_ name: String) throws(BenchError) -> Int {
      let text = try value(name)
      guard let number = Int(text.replacingOccurrences(of: "_", with: "")), number > 0 else {
        throw .usage("option '\(name)' needs a positive number, not '\(text)'")
      }
      return number
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--sizes":
        let text = try value(argument)
        let sizes = text.split(separator: ",").compactMap { Int($0.replacingOccurrences(of: "_", with: "")) }
        guard !sizes.isEmpty, sizes.count == text.split(separator: ",").count, sizes.allSatisfy({ $0 >= 40 })
        else {
          throw .usage("--sizes needs numbers of at least 40 separated by commas, not '\(text)'")
        }
        self.sizes = sizes
      case "--out": out = try value(argument)
      case "--bookgen": bookgen = try value(argument)
      case "--runs": runs = try number(argument)
      case "--seed":
        let text = try value(argument)
        guard let seed = UInt64(text) else { throw .usage("--seed needs an unsigned number, not '\(text)'") }
        self.seed = seed
      case "--generate-only": mode = .generate
      case "--verify": mode = .verify
      case "--fetch-latency": mode = .fetchLatency
      case "--no-fetch-latency": fetchLatency = false
      case "--import": mode = .importOnly
      case "--no-import": importBench = false
      case "--serve": mode = .serveOnly
      case "--no-serve": serveBench = false
      case "--hugo": hugo = try value(argument)
      case "-h", "--help": mode = .help
      default: throw .usage("unknown option '\(argument)'")
      }
    }
  }
}
