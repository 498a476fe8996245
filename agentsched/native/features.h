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

// The protocol's instruction classes ("class"), in the order of the cls_* features.
inline constexpr const char *Classes[] = {"valu", "salu", "vmem_load", "vmem_store",
                                          "smem", "lds",  "branch",    "other"};

// The feature catalog in docs/policy.md's order.
enum Feature : unsigned {
  Latency, Depth, Height, VgprDefs, SgprDefs, VgprUses, SgprUses, MayLoad, MayStore,
  Available, ZoneTop, VgprPressureDiff, SgprPressureDiff, ClsFirst,
  IsLlvmPick = ClsFirst + std::size(Classes), Slack, PressureAfter,
  // region context: the same for every candidate of a point
  CriticalPath, StepFrac, RemainingFrac, LogRegionSize, LogCandidates, PressureTop,
  PressureBot, Stage, Visit, NumFeatures
};
inline constexpr const char *FeatureNames[] = {
    "latency", "depth", "height", "vgpr_defs", "sgpr_defs", "vgpr_uses", "sgpr_uses",
    "may_load", "may_store", "available", "zone_top", "vgpr_pressure_diff",
    "sgpr_pressure_diff", "cls_valu", "cls_salu", "cls_vmem_load", "cls_vmem_store",
    "cls_smem", "cls_lds", "cls_branch", "cls_other", "is_llvm_pick", "slack",
    "pressure_after", "critical_path", "step_frac", "remaining_frac", "log_region_size",
    "log_candidates", "pressure_top", "pressure_bot", "stage", "visit"};
static_assert(std::size(FeatureNames) == NumFeatures, "one name per feature");

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
  std::vector<double> Rows;    // one row of NumFeatures per candidate, in candidate order
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
