//===- options.cpp - the plugin's command-line options ----------------------===//
#include "options.h"

#include "outputs.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/ErrorHandling.h"

namespace agentsched {

// Parsing an option that makes the plugin active arranges for its outputs to be published
// or removed at exit. Options are parsed after the plugin is loaded, when every static object
// of its files exists (in whatever order the linker put the files), so the exit handler,
// registered later, runs before any of them is destroyed.
static cl::Option *EnableMisched = nullptr; // llc's own -enable-misched

static void activated() {
  [[maybe_unused]] static const bool Once = registerExitHandler();
  // Found now: at exit LLVM's option registry is gone (llvm_shutdown), its options are not.
  auto &Registered = cl::getRegisteredOptions();
  auto It = Registered.find("enable-misched");
  EnableMisched = It == Registered.end() ? nullptr : It->second;
}
static auto OnActive = cl::callback([](const std::string &) { activated(); });

cl::opt<std::string> StateLogPath(
    "agent-sched-state-log", cl::desc("Write every decision point (JSON lines) to this file"),
    cl::init(""), OnActive);
cl::opt<std::string> StateLogFormat(
    "agent-sched-state-log-format",
    cl::desc("'compact' (default: each region's instructions once per pass, then changes of "
             "the candidate list) or 'full' (every candidate with every feature on every line)"),
    cl::init("compact"));
cl::opt<std::string> DecisionsPath(
    "agent-sched-decisions", cl::desc("Apply the decisions in this file (JSON lines)"),
    cl::init(""), OnActive);
cl::opt<std::string> ChannelFds(
    "agent-sched-channel",
    cl::desc("Live agent: 'RFD,WFD' file descriptors to read picks from and write points to"),
    cl::init(""), OnActive);
cl::opt<std::string> PolicyPath(
    "agent-sched-policy",
    cl::desc("Pick with the learned policy in this file (docs/policy.md), evaluated here"),
    cl::init(""), OnActive);
cl::opt<std::string> ReportPath(
    "agent-sched-report", cl::desc("Write a JSON summary of the compile to this file"),
    cl::init(""), OnActive);
cl::opt<bool> Lenient(
    "agent-sched-lenient",
    cl::desc("A decision naming a non-candidate falls back to LLVM's pick (counted as stale) "
             "instead of failing"),
    cl::init(false));
cl::opt<bool> Features(
    "agent-sched-features",
    cl::desc("Give every decision point (state log, live channel) the feature rows of its "
             "candidates (docs/policy.md's catalog)"),
    cl::init(false));
cl::opt<std::string> BaseSched(
    "agent-sched-base",
    cl::desc("Scheduler to hook: 'target' (the target's own, e.g. GCN) or 'generic'"),
    cl::init("target"));
cl::opt<std::string> OnlyFunction(
    "agent-sched-function",
    cl::desc("Hook only this function (symbol), or these (A,B,...); every other one keeps "
             "the target's own scheduler, untouched"),
    cl::init(""));

cl::opt<bool> OthersUnscheduled(
    "agent-sched-others-unscheduled",
    cl::desc("With -agent-sched-function: the functions it does not name keep their "
             "instruction order (what NVPTX does without -enable-misched), not the target's "
             "scheduler: a build that hooks some kernels leaves the others as plain clang's"),
    cl::init(false));

cl::opt<std::string> Phase(
    "agent-sched-phase",
    cl::desc("Which machine scheduler to hook: 'pre' (before register allocation, default), "
             "'post' (AMDGPU's post-RA scheduler) or 'both' (docs/postra.md)"),
    cl::init("pre"));

bool phasePre() { return Phase != "post"; }
bool phasePost() { return Phase == "post" || Phase == "both"; }

bool hookedFunction(StringRef Name) {
  if (OnlyFunction.empty())
    return true;
  SmallVector<StringRef, 4> Names; // symbols hold no comma: the list is unambiguous
  StringRef(OnlyFunction).split(Names, ',', -1, /*KeepEmpty=*/false);
  return llvm::is_contained(Names, Name);
}

cl::opt<std::string> DbPath(
    "agent-sched-db",
    cl::desc("Apply the tuned-schedule database (SQLite, docs/db.md) first: regions it has "
             "a valid entry for take its decisions, the others the next source's"),
    cl::init(""), OnActive);
cl::opt<bool> RegionHashes(
    "agent-sched-region-hashes",
    cl::desc("The report lists every region's hash and instruction ids (what a tuned-schedule "
             "database stores)"),
    cl::init(false));

bool given(const cl::opt<std::string> &O) { return O.getNumOccurrences() > 0; }

bool enableMischedGiven() { return EnableMisched && EnableMisched->getNumOccurrences(); }

bool active() {
  return !StateLogPath.empty() || given(DecisionsPath) || !ChannelFds.empty() ||
         given(PolicyPath) || !ReportPath.empty() ||
         given(DbPath);
}

void fail(const Twine &Msg) {
  report_fatal_error("agent-sched: " + Msg, /*gen_crash_diag=*/false);
}

} // namespace agentsched
