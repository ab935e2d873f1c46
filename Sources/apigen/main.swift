import APIGenCLI
import APIGenGenerator
import CShortRunHeap
import Foundation

// A short run that builds tens of megabytes: keep big blocks on the heap, grow it in huge pages.
short_run_heap_prepare()

// The process exits right after the command, which reclaims all its memory: the command
// need not free its big values one by one first (see `MemoryAtExit`).
exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), memoryAtExit: MemoryAtExit(isReclaimedByExit: true)))
