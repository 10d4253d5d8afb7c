import BookgenCLI
import CMallocTuning
import Foundation

// glibc raises its mmap threshold to the size of each large block freed (up to 32 MB), so once
// a build has let go of a state file it read whole, later large buffers come from the heap and
// leave holes it keeps: a fixed threshold gives every block over 256 KiB back when it is freed.
// 10k books, a full build beside the last one's state: peak RSS 121.5–125.3 MB without,
// 119.5–120.0 MB with (`MALLOC_MMAP_THRESHOLD_=262144`, four runs each).
_ = bookgen_fix_mmap_threshold(256 * 1024)

let status = await BookgenCLI.main(Array(CommandLine.arguments.dropFirst()))
exit(status)
