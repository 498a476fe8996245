//===- sources.h - where the pick at a decision point comes from ------------===//
//
// At most one source per compile, chosen by the options: a decision file
// (-agent-sched-decisions), a live agent (-agent-sched-channel) or a policy file
// (-agent-sched-policy, policy.h). Without one every pick is LLVM's.
//
//===----------------------------------------------------------------------===//
#ifndef AGENTSCHED_SOURCES_H
#define AGENTSCHED_SOURCES_H

#include "hook.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <memory>
#include <string>

namespace agentsched {

struct DecisionSource {
  virtual ~DecisionSource() = default;
  // The pick to apply at this point (a candidate of S); S.Llvm when there is nothing to say.
  virtual Pick decide(const Snapshot &S) = 0;
  // At the end of a successful llc: an error that fails the compile after all (empty: none).
  virtual std::string finish() { return ""; }
  // Strict mode, during the compile: an error for decisions whose function is settled (no
  // point of it can still come: scheduled already, or not in the module) yet were not used.
  virtual std::string unmatched(function_ref<bool(StringRef)> Settled) { return ""; }
  // Fields of its own for the report (the tuned-schedule db's "tuned").
  virtual void report(json::Object &Report) {}
};
extern std::unique_ptr<DecisionSource> Source;

// The decision file of -agent-sched-decisions; null and Err set (naming FILE:LINE and the
// field) when it cannot be read.
std::unique_ptr<DecisionSource> loadDecisionFile(std::string &Err);

// A live agent on file descriptors In (its picks) and Out (the decision points).
std::unique_ptr<DecisionSource> liveChannel(int In, int Out);

} // namespace agentsched

#endif
