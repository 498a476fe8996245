//===- options.h - the plugin's command-line options ------------------------===//
//
// Every -agent-sched-* option (docs/protocol.md), and fail(), the one way to stop llc.
//
//===----------------------------------------------------------------------===//
#ifndef AGENTSCHED_OPTIONS_H
#define AGENTSCHED_OPTIONS_H

#include "llvm/ADT/Twine.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"

#include <string>

// The vtable hooks depend on LLVM 19's class layouts (and on its GCN classes adding no
// virtual functions): port and re-check them before building against another LLVM.
static_assert(LLVM_VERSION_MAJOR == 19, "the agent-sched plugin is written for LLVM 19");

namespace agentsched {
using namespace llvm;

extern cl::opt<std::string> StateLogPath, StateLogFormat, DecisionsPath, ChannelFds,
    PolicyPath, ReportPath, BaseSched, OnlyFunction, Phase;
extern cl::opt<bool> Lenient, Features, OthersUnscheduled;
extern cl::opt<std::string> DbPath; // -agent-sched-db (tuned_db.h)
extern cl::opt<bool> RegionHashes;

// Which schedulers -agent-sched-phase hooks: the pre-RA one, the post-RA one (postra.h).
bool phasePre();
bool phasePost();

// Whether -agent-sched-function (one symbol or a comma-separated list; empty: every
// function) names this function.
bool hookedFunction(StringRef Name);

// Whether O was given, also as an empty name (a file option given so is an error, not
// ignored).
bool given(const cl::opt<std::string> &O);

// Whether llc's own -enable-misched was given (without it NVPTX runs no machine scheduler).
bool enableMischedGiven();

// Whether any option asks the plugin to do something (otherwise it hooks nothing).
bool active();

// An error that must stop llc where it is (a pick cannot be made, a vtable is not what we
// patch, an output cannot be written): report_fatal_error exits 1 after running LLVM's
// interrupt handlers, which remove llc's -o file (ToolOutputFile registers it) and so leave
// nothing behind. Errors that need not stop the compile at once go through the LLVMContext
// (registration.cpp: checkUnmatched).
[[noreturn]] void fail(const Twine &Msg);

} // namespace agentsched

#endif
