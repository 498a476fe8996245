//===- features.cpp - the feature catalog and its computation ---------------===//
#include "features.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/MachineScheduler.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <tuple>

namespace agentsched {

// ------------------------------------------------------------ instruction facts

static bool startsWith(StringRef S, const char *P) { return S.starts_with(P); }

const char *instrClass(const FunctionHook &H, const MachineInstr &MI, StringRef Opc) {
  if (MI.isBranch() || MI.isTerminator() || MI.isCall() || MI.isReturn())
    return "branch";
  bool Mem = MI.mayLoad() || MI.mayStore();
  if (H.IsAMDGPU) {
    if (Mem) {
      if (startsWith(Opc, "S_"))
        return "smem";
      if (startsWith(Opc, "DS_"))
        return "lds";
      return MI.mayStore() ? "vmem_store" : "vmem_load";
    }
    if (startsWith(Opc, "S_"))
      return "salu";
    if (startsWith(Opc, "V_"))
      return "valu";
    return "other";
  }
  if (Mem) {
    for (const MachineMemOperand *MMO : MI.memoperands())
      if (MMO->getAddrSpace() == 3) // shared memory on NVPTX, LDS on AMDGPU
        return "lds";
    return MI.mayStore() ? "vmem_store" : "vmem_load";
  }
  if (MI.isCopy() || MI.isImplicitDef() || MI.isRegSequence() || MI.isInsertSubreg() ||
      MI.isSubregToReg())
    return "other";
  return "valu";
}

// Which register file a virtual register lives in: 'v' (per-lane/per-thread), 's' (scalar).
static char regFile(const FunctionHook &H, StringRef RCName) {
  if (!H.IsAMDGPU)
    return 'v';
  if (RCName == "VReg_1") // lane masks live in SGPRs
    return 's';
  if (startsWith(RCName, "V") || startsWith(RCName, "AV") || startsWith(RCName, "AReg") ||
      startsWith(RCName, "AGPR"))
    return 'v';
  return 's';
}

RegCounts countRegs(const FunctionHook &H, const MachineInstr &MI) {
  RegCounts C;
  const MachineRegisterInfo &MRI = H.MF->getRegInfo();
  const TargetRegisterInfo *TRI = H.MF->getSubtarget().getRegisterInfo();
  for (const MachineOperand &MO : MI.operands()) {
    if (!MO.isReg() || (MO.isUse() && MO.isUndef()))
      continue;
    // Pre-RA the virtual registers; post-RA (every register physical) the explicit
    // operands, by their register's class (implicit ones are $exec, $mode and the like).
    const TargetRegisterClass *RC = nullptr;
    if (MO.getReg().isVirtual())
      RC = MRI.getRegClassOrNull(MO.getReg());
    else if (H.Post && MO.getReg().isPhysical() && !MO.isImplicit())
      RC = TRI->getMinimalPhysRegClass(MO.getReg());
    if (!RC)
      continue;
    unsigned Bits = MO.getSubReg() ? TRI->getSubRegIdxSize(MO.getSubReg())
                                   : TRI->getRegSizeInBits(*RC);
    unsigned Units = std::max(1u, Bits / 32);
    bool V = regFile(H, TRI->getRegClassName(RC)) == 'v';
    if (MO.isDef())
      (V ? C.VDefs : C.SDefs) += Units;
    else
      (V ? C.VUses : C.SUses) += Units;
  }
  return C;
}


// ------------------------------------------------------------ pressure sets

// The target families' "vgpr" and "sgpr" pressure sets when no policy file gives them: the
// table of docs/policy.md, which agentsched's targets (Target.pressure_sets) write into
// policy files (tests/test_features.py: the features with this table equal those with a
// policy file of Target.pressure_sets). Sorted by name, as the policy reader sorts a file's.
static const PressureSets AmdgpuSets{{{"AGPR_32", 1}, {"VGPR_32", 1}}, {{"SReg_32", 1}}};
static const PressureSets NvptxSets{{{"Float32Regs", 1}, {"Float64Regs", 2},
                                     {"Int128Regs", 4}, {"Int16Regs", 1}, {"Int32Regs", 1},
                                     {"Int64Regs", 2}},
                                    {}};

static struct {
  bool Given = false; // a policy file's sets (else the family defaults)
  PressureSets Sets;
  std::string Family, Origin;
} PolicySets;

void usePolicyPressureSets(PressureSets Sets, std::string Family, std::string Origin) {
  PolicySets = {true, std::move(Sets), std::move(Family), std::move(Origin)};
}

void bindUnits(FunctionHook &H) {
  if (!H.VgprUnits.empty())
    return;
  const TargetRegisterInfo *TRI = H.MF->getSubtarget().getRegisterInfo();
  const Triple &TT = H.MF->getTarget().getTargetTriple();
  const PressureSets *Sets = &PolicySets.Sets;
  const std::string &Origin = PolicySets.Origin;
  if (!PolicySets.Given) {
    if (!TT.isAMDGPU() && !TT.isNVPTX())
      fail("the features' pressure sets are defined for amdgpu and nvptx, not " + TT.str());
    Sets = TT.isAMDGPU() ? &AmdgpuSets : &NvptxSets;
  } else if ((PolicySets.Family == "amdgpu") != TT.isAMDGPU() ||
             (PolicySets.Family == "nvptx") != TT.isNVPTX()) {
    fail(Origin + ": field 'target' is '" + PolicySets.Family + "', but llc compiles for " +
         TT.str());
  }
  unsigned NumSets = TRI->getNumRegPressureSets();
  H.VgprUnits.assign(NumSets, 0);
  H.SgprUnits.assign(NumSets, 0);
  for (auto [Group, Named, Units] :
       {std::make_tuple("vgpr", &Sets->Vgpr, &H.VgprUnits),
        std::make_tuple("sgpr", &Sets->Sgpr, &H.SgprUnits)})
    for (const auto &[Name, U] : *Named) {
      unsigned I = 0;
      while (I != NumSets && Name != TRI->getRegPressureSetName(I))
        ++I;
      if (I == NumSets) {
        std::string Have;
        for (unsigned J = 0; J != NumSets; ++J)
          Have += (J ? ", " : "") + std::string(TRI->getRegPressureSetName(J));
        fail((PolicySets.Given ? Origin : "the default pressure sets") +
             ": field 'pressure_sets." + Group + "." + Name +
             "' names no register pressure set of " + TT.str() + " (it has " + Have + ")");
      }
      (*Units)[I] = U;
    }
  for (unsigned I = 0; I != NumSets; ++I)
    if (H.VgprUnits[I])
      H.VgprSets.push_back(I);
}

// ------------------------------------------------------------ the features

// (P.Facts has a slot per node: computeFeatures sizes it before taking pointers into it.)
static const NodeFacts &facts(FunctionHook &H, PassRecord &P, SUnit &SU) {
  NodeFacts &N = P.Facts[SU.NodeNum];
  if (!N.Known) {
    const MachineInstr &MI = *SU.getInstr();
    const char *Cls = instrClass(H, MI, opcodeName(MI));
    N = {SU.Latency, SU.getDepth(), SU.getHeight(), countRegs(H, MI), MI.mayLoad(),
         MI.mayStore(),
         unsigned(llvm::find_if(Classes, [&](const char *C) { return !strcmp(C, Cls); }) -
                  std::begin(Classes)),
         true};
  }
  return N;
}

// docs/policy.md defines every quantity: integer arithmetic is exact, converted to double
// once, then divided.
void computeFeatures(const Snapshot &S, bool WithPressureDiffs, PointFeatures &Out) {
  FunctionHook &H = S.H;
  PassRecord &P = S.P;
  ScheduleDAGMI *DAG = H.DAG;
  ScheduleDAGMILive *Live = H.Live; // null post-RA: no pressure, its features are 0
  const size_t NumSets = H.VgprUnits.size(), N = S.Cands.size();
  static const std::vector<unsigned> None;
  bool Tracking = trackingPressure(H);
  const std::vector<unsigned> &TopP =
      Tracking ? Live->getTopRPTracker().getRegSetPressureAtPos() : None;
  const std::vector<unsigned> &BotP =
      Tracking ? Live->getBotRPTracker().getRegSetPressureAtPos() : None;
  const std::vector<unsigned> &MaxP = Tracking ? Live->getRegPressure().MaxSetPressure : None;
  auto weighted = [&](const std::vector<unsigned> &Pr, const std::vector<int> &Units) {
    int64_t Sum = 0;
    for (size_t I = 0; I != Pr.size() && I != NumSets; ++I)
      Sum += int64_t(Units[I]) * Pr[I];
    return Sum;
  };

  // Point-wide quantities: scale, critical path left, pressure reference.
  int64_t Scale = 1, CP = 0;
  if (P.Facts.size() < DAG->SUnits.size())
    P.Facts.resize(DAG->SUnits.size());
  Out.Facts.resize(N);
  for (size_t I = 0; I != N; ++I) {
    const Cand &C = S.Cands[I];
    const NodeFacts &F = *(Out.Facts[I] = &facts(H, P, *C.SU));
    Scale = std::max<int64_t>(Scale, int64_t(F.Depth) + F.Height + F.Latency);
    CP = std::max<int64_t>(CP, C.Top ? F.Height : F.Depth);
  }
  const double Sc = double(Scale);
  Out.Ref = weighted(MaxP, H.VgprUnits);
  const double RefDiv = double(std::max<int64_t>(1, Out.Ref));
  const double Size = double(std::max(1u, P.Size));
  double Region[NumFeatures] = {}; // the features every candidate of the point shares
  Region[CriticalPath] = double(CP) / Sc;
  Region[StepFrac] = double(P.Steps) / Size;
  Region[RemainingFrac] = double(P.Size - P.Steps) / Size;
  Region[LogRegionSize] = std::log2(1.0 + double(P.Size));
  Region[LogCandidates] = std::log2(1.0 + double(N));
  Out.NowTop = weighted(TopP, H.VgprUnits);
  Out.NowBot = weighted(BotP, H.VgprUnits);
  Region[PressureTop] = double(Out.NowTop) / RefDiv;
  Region[PressureBot] = double(Out.NowBot) / RefDiv;
  Region[Stage] = double(P.Stage);
  Region[Visit] = double(P.Visit);

  Out.After.assign(N, 0);
  Out.Stride = (N + 15) / 16 * 16;
  Out.Cols.resize(NumFeatures * Out.Stride);
  auto Col = [&](unsigned K) { return &Out.Cols[K * Out.Stride]; };
  for (unsigned K : {CriticalPath, StepFrac, RemainingFrac, LogRegionSize, LogCandidates,
                     PressureTop, PressureBot, Stage, Visit})
    std::fill_n(Col(K), Out.Stride, Region[K]);
  if (!WithPressureDiffs)
    for (unsigned K : {VgprPressureDiff, SgprPressureDiff, PressureAfter})
      std::fill_n(Col(K), N, 0.0);
  for (size_t I = 0; I != N; ++I) {
    const Cand &C = S.Cands[I];
    const NodeFacts &F = *Out.Facts[I];
    if (WithPressureDiffs) {
      RawPD PD = pressureDiff(H, C.SU);
      int64_t VPD = 0, SPD = 0;
      for (auto [Set, Inc] : PD) {
        VPD += int64_t(H.VgprUnits[Set]) * Inc;
        SPD += int64_t(H.SgprUnits[Set]) * Inc;
      }
      Col(VgprPressureDiff)[I] = double(VPD) / 8.0;
      Col(SgprPressureDiff)[I] = double(SPD) / 8.0;
      // the "vgpr" pressure at its zone's boundary once it is scheduled
      const std::vector<unsigned> &Cur = C.Top ? TopP : BotP;
      int64_t A = 0;
      for (unsigned Set : H.VgprSets) {
        int64_t V = Set < Cur.size() ? Cur[Set] : 0;
        for (auto [PSet, Inc] : PD)
          if (PSet == Set)
            V += C.Top ? -Inc : Inc;
        A += int64_t(H.VgprUnits[Set]) * std::max<int64_t>(0, V);
      }
      Out.After[I] = A;
      Col(PressureAfter)[I] = double(A) / RefDiv;
    }
    Col(Latency)[I] = double(F.Latency) / Sc;
    Col(Depth)[I] = double(F.Depth) / Sc;
    Col(Height)[I] = double(F.Height) / Sc;
    Col(VgprDefs)[I] = double(F.Regs.VDefs) / 8.0;
    Col(SgprDefs)[I] = double(F.Regs.SDefs) / 8.0;
    Col(VgprUses)[I] = double(F.Regs.VUses) / 8.0;
    Col(SgprUses)[I] = double(F.Regs.SUses) / 8.0;
    Col(MayLoad)[I] = F.Load;
    Col(MayStore)[I] = F.Store;
    Col(Available)[I] = C.Available;
    Col(ZoneTop)[I] = C.Top;
    for (unsigned K = 0; K != std::size(Classes); ++K)
      Col(ClsFirst + K)[I] = F.Cls == K;
    Col(IsLlvmPick)[I] = I == S.LlvmIndex;
    Col(Slack)[I] = double(CP - (C.Top ? F.Height : F.Depth)) / Sc;
  }
}

} // namespace agentsched
