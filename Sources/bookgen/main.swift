import BookgenCLI
import Foundation

let status = await BookgenCLI.main(Array(CommandLine.arguments.dropFirst()))
exit(status)
