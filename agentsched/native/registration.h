//===- registration.h - the scheduler llc creates, and the set-up -----------===//
//
// The agent-sched plugin for stock LLVM 19 (llc-19 -load=PLUGIN.so -misched=agent-sched).
// It takes the machine scheduler the target would use anyway (GCN's, with all its stages,
// on AMDGPU; GenericScheduler elsewhere) and hooks its strategy's pickNode(): at every
// decision point it records the candidates and LLVM's own pick, and may replace that pick
// with one taken from a decision file, asked over a live channel, or chosen by a learned
// policy file that the plugin evaluates itself. It hooks, serializes and evaluates policy
// files; everything else lives in Python (agentsched). docs/protocol.md documents every
// field, docs/policy.md the policy format.
//
// One file per concern: options (the -agent-sched-* options), vtable_patch (replacing one
// virtual function of one object), hook (compile state; snapshot -> decide -> apply),
// serialization (decision points as JSON lines), features (the feature catalog and its
// computation), sources (the decision source interface, decision files, the live channel),
// policy (policy files: reader, model, evaluation), input_files (the rules for the files it
// reads), outputs (state log and report, whole or not at all) and registration (here:
// createAgentScheduler, which -misched=agent-sched names, and setUp, which reads the
// options, loads the decision source and opens the outputs once).
//
//===----------------------------------------------------------------------===//
#ifndef AGENTSCHED_REGISTRATION_H
#define AGENTSCHED_REGISTRATION_H

#include "hook.h"

#include <string>

namespace llvm {
class Function;
} // namespace llvm

namespace agentsched {

// Reads the options and the decision source and opens the outputs, once (at the first
// function scheduled, or at exit when none was). Returns an error message (empty: none).
std::string setUp();

// "__unnamed_N" for an unnamed function, else its name: the "function" of its points.
std::string functionKey(const Function &F);

// A function is hooked (in either phase): learn the module's functions, once, and fail
// strict decisions for functions it does not have.
void noteHookedFunction(const MachineFunction &MF);

// Points Strategy's pickNode() and DAG's finalizeSchedule() at the hook's (their vtables have
// StrategyEntries and DAGEntries slots) and files both objects under H, pre- or post-RA alike.
void patchPickAndFinalize(FunctionHook &H, void *Strategy, void *DAG, size_t StrategyEntries,
                          size_t DAGEntries);

// A hooked function's scheduling is over (its finalizeSchedule ran).
void functionScheduled(const FunctionHook &H);

// At the end of a successful llc: a warning on stderr when decisions, a live agent or a
// policy were given but no function reached the machine scheduler, so they changed nothing.
void warnIfNothingScheduled();

} // namespace agentsched

#endif
