//===- outputs.cpp - the state log and the report, whole or not at all ------===//
#include "outputs.h"

#include "features.h"
#include "registration.h"
#include "sources.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace agentsched {

bool CompactLog = true;
std::unique_ptr<raw_fd_ostream> StateLog;

bool writeFd(int Fd, StringRef S) {
  while (!S.empty()) {
    ssize_t N = ::write(Fd, S.data(), S.size());
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    S = S.drop_front(N);
  }
  return true;
}



OutputFile LogFile{"state log"}, ReportFile{"report"};

std::string errnoText() { return std::strerror(errno); }

// Opens F for Path; returns an error message (empty: done).
std::string openOutput(OutputFile &F, const std::string &Path) {
  std::string Name = std::string(F.What) + " '" + Path + "'";
  if (Path == "-") {
    F.Fd = ::dup(STDOUT_FILENO);
    return F.Fd < 0 ? "cannot write " + Name + ": " + errnoText() : "";
  }
  struct stat St;
  bool Exists = ::stat(Path.c_str(), &St) == 0;
  if (Exists && S_ISDIR(St.st_mode))
    return Name + " is a directory";
  StringRef P(Path);
  if (Exists && (!S_ISREG(St.st_mode) || P.starts_with("/dev/") || P.starts_with("/proc/"))) {
    F.Fd = ::open(Path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    return F.Fd < 0 ? "cannot write " + Name + ": " + errnoText() : "";
  }
  char Real[PATH_MAX];
  F.Final = Exists && ::realpath(Path.c_str(), Real) ? std::string(Real) : Path;
  std::string Dir = sys::path::parent_path(F.Final).str();
  if (Dir.empty())
    Dir = ".";
  std::string Tmp = Dir + "/." + sys::path::filename(F.Final).str() + ".agentsched-" +
                    std::to_string(::getpid()) + "-XXXXXX";
  F.Fd = ::mkostemp(Tmp.data(), O_CLOEXEC);
  if (F.Fd < 0)
    return "cannot create a temp file for " + Name + " in '" + Dir + "': " + errnoText();
  F.Tmp = Tmp;
  sys::RemoveFileOnSignal(F.Tmp);
  mode_t Mask = ::umask(0);
  ::umask(Mask);
  ::fchmod(F.Fd, Exists ? (St.st_mode & 07777) : (0666 & ~Mask));
  return "";
}

static std::string commitOutput(OutputFile &F) {
  std::string Err;
  if (F.Fd >= 0 && ::close(F.Fd) != 0)
    Err = std::string("cannot write ") + F.What + ": " + errnoText();
  F.Fd = -1;
  if (!F.Tmp.empty()) {
    if (Err.empty() && ::rename(F.Tmp.c_str(), F.Final.c_str()) != 0)
      Err = std::string("cannot rename the ") + F.What + " into '" + F.Final + "': " +
            errnoText();
    if (!Err.empty())
      ::unlink(F.Tmp.c_str());
    F.Tmp.clear();
  }
  return Err;
}

static void discardOutput(OutputFile &F) {
  if (F.Fd >= 0)
    ::close(F.Fd);
  F.Fd = -1;
  if (!F.Tmp.empty())
    ::unlink(F.Tmp.c_str());
  F.Tmp.clear();
}

// Flushes the state log; an error (disk full, a closed FIFO) is returned, not left for
// raw_fd_ostream's destructor (which would call report_fatal_error).
std::string flushStateLog() {
  if (!StateLog)
    return "";
  StateLog->flush();
  if (!StateLog->has_error())
    return "";
  std::error_code EC = StateLog->error();
  StateLog->clear_error();
  return "cannot write state log '" + StateLogPath + "': " + EC.message();
}

// ------------------------------------------------------------ the end of llc

static std::string reportJson() {
  json::Object R{{"decisions", Stats.Decisions},
                 {"choices", Stats.Choices},
                 {"changed", Stats.Changed},
                 {"stale", Stats.Stale},
                 {"missing", Stats.Missing},
                 {"unmatched", Stats.Unmatched},
                 {"asked", Stats.Asked},
                 {"policy_decisions", Stats.PolicyDecisions},
                 {"guard_interventions", Stats.GuardInterventions},
                 {"forced", Stats.Forced},
                 {"regions", Stats.Regions},
                 {"passes", Stats.Passes},
                 {"reverted_regions", (int64_t)Stats.RevertedRegions.size()},
                 {"reverted_passes", Stats.RevertedPasses},
                 {"reverted_changed_passes", Stats.RevertedChangedPasses},
                 {"base", Stats.BaseName},
                 {"phase", Phase.getValue()},
                 {"hooked", json::Object(Stats.Hooked)},
                 {"state_log_format", StateLogPath.empty() ? "" : StateLogFormat.getValue()},
                 {"feature_names", json::Array(FeatureNames)},
                 {"pass_list", json::Array(Stats.PassList)}};
  if (Source)
    Source->report(R);
  std::string S;
  raw_string_ostream(S) << json::Value(std::move(R)) << "\n";
  return S;
}

// llc succeeded: check the decisions were all used, then publish the state log and report.
static std::string finishOutputs() {
  std::string Err = setUp(); // a module where nothing was scheduled gets its files here
  if (!Err.empty())
    return Err;
  if (Source && !(Err = Source->finish()).empty())
    return Err;
  if (!(Err = flushStateLog()).empty())
    return Err;
  StateLog.reset();
  if (ReportFile.Fd >= 0 && !writeFd(ReportFile.Fd, reportJson()))
    return "cannot write report '" + ReportPath + "': " + errnoText();
  if (!(Err = commitOutput(LogFile)).empty())
    return Err;
  return commitOutput(ReportFile);
}

// Runs when llc exits (glibc's on_exit passes the exit status): a failed compile
// (report_fatal_error and every error exit) leaves no state log or report behind.
static void finishAtExit(int Status, void *) {
  if (!active())
    return;
  std::string Err = Status == 0 ? finishOutputs() : "";
  if (Status == 0 && Err.empty()) {
    warnIfNothingScheduled();
    return;
  }
  if (StateLog) {
    (void)flushStateLog();
    StateLog.reset();
  }
  discardOutput(LogFile);
  discardOutput(ReportFile);
  if (!Err.empty()) {
    std::fprintf(stderr, "LLVM ERROR: agent-sched: %s\n", Err.c_str());
    std::fflush(nullptr);
    ::_exit(1); // llc had already decided on 0: this compile failed after all
  }
}

bool registerExitHandler() { return ::on_exit(finishAtExit, nullptr) == 0; }

} // namespace agentsched
