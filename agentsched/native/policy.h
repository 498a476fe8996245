//===- policy.h - a learned policy file, evaluated in the compiler ----------===//
//
// -agent-sched-policy=FILE (docs/policy.md): a scoring model over the features of
// features.h, read and checked field by field, evaluated at every decision point with a
// choice, with no Python and no pipe.
//
//===----------------------------------------------------------------------===//
#ifndef AGENTSCHED_POLICY_H
#define AGENTSCHED_POLICY_H

#include "sources.h"

#include <memory>
#include <string>

namespace agentsched {

// The policy of -agent-sched-policy; null and Err set (naming the file and the field) when
// it cannot be read.
std::unique_ptr<DecisionSource> loadPolicy(std::string &Err);

} // namespace agentsched

#endif
