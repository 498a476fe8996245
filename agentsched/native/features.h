//===- features.h - the feature catalog and its computation -----------------===//
//
// The one definition of a candidate's features (docs/policy.md, "Features"): the catalog's
// names in order, and the one function that computes them. A policy file's model reads
// them (policy.cpp) and -agent-sched-features prints them (serialization.cpp), so what a
// state log or the live channel shows is what a policy sees, to the bit.
//
//===----------------------------------------------------------------------===//
#ifndef AGENTSCHED_FEATURES_H
#define AGENTSCHED_FEATURES_H

#include "hook.h"

#include <cstdint>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

namespace agentsched {

// The protocol's instruction classes ("class"), in the order of the cls_* features, and the
// feature catalog in docs/policy.md's order: both from features.def, the one list.
inline constexpr const char *Classes[] = {
#define INSTR_CLASS(Name) Name,
#include "features.def"
};

enum Feature : unsigned {
#define FEATURE(Enumerator, Name, Scope) Enumerator,
#include "features.def"
  NumFeatures,
  ClsFirst = ClsValu
};
inline constexpr const char *FeatureNames[] = {
#define FEATURE(Enumerator, Name, Scope) Name,
#include "features.def"
};
static_assert(std::size(FeatureNames) == NumFeatures, "one name per feature");
static_assert(ClsOther - ClsValu + 1 == std::size(Classes), "one cls_ feature per class");

// The protocol's class of an instruction (Opc: its opcode name).
const char *instrClass(const FunctionHook &H, const MachineInstr &MI, StringRef Opc);
RegCounts countRegs(const FunctionHook &H, const MachineInstr &MI);

// LLVM pressure sets counted as the "vgpr" (occupancy-limiting) and "sgpr" registers, each
// with the 32-bit registers one unit stands for.
struct PressureSets {
  std::vector<std::pair<std::string, int>> Vgpr, Sgpr;
};

// The features count a policy file's pressure sets when one is loaded (Origin names it in
// errors, Family is its "target"); otherwise the target family's defaults.
void usePolicyPressureSets(PressureSets Sets, std::string Family, std::string Origin);

// Binds H's units per pressure-set index, once per function; fails naming the policy
// file's field when the target is not the policy's or lacks one of its sets.
void bindUnits(FunctionHook &H);

struct PointFeatures {
  // Feature-major: feature K of candidate I is Cols[K * Stride + I], so that a policy
  // evaluates a feature (an input) over many candidates at once (policy.cpp). Stride is the
  // number of candidates rounded up to a multiple of 16; the padding holds finite values.
  std::vector<double> Cols;
  size_t Stride = 0;
  double at(size_t I, unsigned K) const { return Cols[K * Stride + I]; }
  std::vector<int64_t> After;  // per candidate: "vgpr" pressure at its boundary once scheduled
  int64_t Ref = 0;             // the region's "vgpr" maximum before this pass
  int64_t NowTop = 0, NowBot = 0; // "vgpr" pressure at each boundary now
  std::vector<const NodeFacts *> Facts; // scratch
};

// The features of every candidate of S (bindUnits first). WithPressureDiffs: also the
// features and After that come from the candidates' pressure diffs (otherwise 0), the part
// a model without them need not pay for.
void computeFeatures(const Snapshot &S, bool WithPressureDiffs, PointFeatures &Out);

} // namespace agentsched

#endif
