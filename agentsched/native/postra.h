//===- postra.h - the post-RA machine scheduler, hooked ---------------------===//
//
// -agent-sched-phase=post|both: the same protocol for the scheduler llc-19 runs after
// register allocation (docs/postra.md). On AMDGPU that is GCNPassConfig's
// createPostMachineScheduler(): a GCNPostScheduleDAGMILive (a ScheduleDAGMI) with LLVM's
// PostGenericScheduler, run by the PostMachineScheduler pass ("postmisched"), before
// gcn-create-vopd, si-insert-waitcnts, post-RA-hazard-rec and amdgpu-insert-delay-alu.
//
// LLVM has no registry for post-RA schedulers (-misched names the pre-RA one only), so the
// plugin reaches it through the pass config: at the first hooked function's pre-RA
// schedule (createAgentScheduler, which -misched=agent-sched calls anyway) the one
// TargetPassConfig object gets a vtable copy whose createPostMachineScheduler() calls the
// target's own and then hooks the strategy it made, as the pre-RA path hooks GCN's:
// pickNode() and the DAG's finalizeSchedule() (vtable_patch.h). With phase 'pre' nothing of
// this happens, and with no decision source the hooked scheduler takes LLVM's every pick.
//
//===----------------------------------------------------------------------===//
#ifndef AGENTSCHED_POSTRA_H
#define AGENTSCHED_POSTRA_H

#include "hook.h"

#include <utility>

namespace llvm {
struct MachineSchedContext;
} // namespace llvm

namespace agentsched {

// Arrange for the post-RA scheduler of C's function and every later one to be hooked (once
// per llc; AMDGPU only: llc-19 runs no post-RA machine scheduler for NVPTX).
void installPostHook(const MachineSchedContext &C);

// Whether a post-RA scheduler was created (for the "changed nothing" warning).
bool postSchedulerReached();

// The zones a pick may come from, (top, bottom): both pre-RA; post-RA those the region's
// policy schedules from. PostGenericScheduler is top-down only by default
// (-misched-postra-direction): its bottom zone then only holds the region's bottom roots,
// and a bottom pick would make GCN's hazard recognizer recede, which it does not support.
std::pair<bool, bool> zonesOf(const FunctionHook &H);

} // namespace agentsched

#endif
