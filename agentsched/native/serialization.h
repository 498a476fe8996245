//===- serialization.h - decision points as JSON lines ----------------------===//
//
// One decision point as one JSON line (docs/protocol.md): the full form (every candidate
// with every field) or the compact form of the live channel and the compact state log (the
// region's instructions once per pass, then the changes of the candidate list).
//
//===----------------------------------------------------------------------===//
#ifndef AGENTSCHED_SERIALIZATION_H
#define AGENTSCHED_SERIALIZATION_H

#include "hook.h"

#include <string>

namespace agentsched {

// Compact: the reader's delta state (null: the full form). Chosen: the applied pick when it
// is not LLVM's (state log only).
std::string pointJson(const Snapshot &Pt, DeltaState *Compact, const Pick *Chosen);

} // namespace agentsched

#endif
