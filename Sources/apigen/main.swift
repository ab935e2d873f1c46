import APIGenCLI
import APIGenYAML
import Foundation

// The process exits right after the command, which reclaims all its memory: the command
// need not free its big values one by one first (see `MemoryAtExit`).
exit(CommandLineTool.run(Array(CommandLine.arguments.dropFirst()), memoryAtExit: MemoryAtExit(isReclaimedByExit: true)))
