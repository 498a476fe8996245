//===- outputs.h - the state log and the report, whole or not at all --------===//
//
// The state log and the report appear under their names only when llc succeeds. Each is
// written to a temp file of its own next to its target, created with O_EXCL (a file or
// symlink planted under that name is never followed, and two runs never share one), renamed
// over the target when llc exits with status 0 (finishAtExit) and removed otherwise. After a
// fatal error or a signal LLVM removes it (RemoveFileOnSignal: async-signal-safe); only
// SIGKILL leaves .NAME.agentsched-PID-XXXXXX behind, which agentsched removes once its llc
// is dead (remove_orphan_temps, in agentsched's llc module). A target that exists and is no
// regular file (/dev/null, a FIFO, a terminal) or that names a file descriptor
// (/dev/stdout, /proc/self/fd/N, "-") is written directly: streamed, never replaced.
//
//===----------------------------------------------------------------------===//
#ifndef AGENTSCHED_OUTPUTS_H
#define AGENTSCHED_OUTPUTS_H

#include "options.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace agentsched {

struct OutputFile {
  const char *What;  // "state log" or "report"
  std::string Final; // where the finished file goes (a symlink's target)
  std::string Tmp;   // the temp file; empty when writing directly
  int Fd = -1;
};
extern OutputFile LogFile, ReportFile;

extern bool CompactLog;                          // -agent-sched-state-log-format
extern std::unique_ptr<raw_fd_ostream> StateLog; // writes to LogFile

// Opens F for Path; returns an error message (empty: done).
std::string openOutput(OutputFile &F, const std::string &Path);

// Flushes the state log; an error (disk full, a closed FIFO) is returned, not left for
// raw_fd_ostream's destructor (which would call report_fatal_error).
std::string flushStateLog();

// Writes all of S to Fd (false: it could not).
bool writeFd(int Fd, StringRef S);
std::string errnoText();

// Arranges for the outputs to be published or removed when llc exits (once).
bool registerExitHandler();

} // namespace agentsched

#endif
