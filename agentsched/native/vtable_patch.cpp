//===- vtable_patch.cpp - replace one virtual function of one object --------===//
#include "vtable_patch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Demangle/Demangle.h"

#include <deque>
#include <dlfcn.h>
#include <link.h>
#include <typeinfo>
#include <vector>

namespace agentsched::vtable_patch {

// Classes private to libLLVM (no vtable symbol) whose LLVM 19 declarations (GCNSchedStrategy.h)
// add no virtual function to their public base: their vtables are as long as the base's
// (checked on Debian's libLLVM 19.1.7 from its relocations: 18 and 17 slots). Post-RA
// (postra.cpp): GCNPostScheduleDAGMILive (base ScheduleDAGMI) and the AMDGPU pass config,
// (anonymous namespace)::GCNPassConfig (base TargetPassConfig), whose vtables Debian's static
// archives give with their sizes: `nm -S libLLVMAMDGPUCodeGen.a libLLVMCodeGen.a` lists
// 0x98 bytes for both DAG classes and 0x1d8 for GCNPassConfig, AMDGPUPassConfig and
// TargetPassConfig.
static const char *const NoNewVirtuals[] = {
    "N4llvm16GCNSchedStrategyE", "N4llvm28GCNMaxOccupancySchedStrategyE",
    "N4llvm22GCNMaxILPSchedStrategyE", "N4llvm20GCNScheduleDAGMILiveE",
    "N4llvm24GCNPostScheduleDAGMILiveE", "N12_GLOBAL__N_113GCNPassConfigE"};

static void **vptrOf(void *Obj) { return *reinterpret_cast<void ***>(Obj); }

static const char *typeName(void **VPtr) {
  return static_cast<const std::type_info *>(VPtr[-1])->name();
}

std::string className(void *Obj) {
  return demangle(std::string("_Z") + typeName(vptrOf(Obj)));
}

size_t entries(void *Obj, size_t BaseEntries) {
  void **VPtr = vptrOf(Obj);
  Dl_info Info;
  ElfW(Sym) *Sym = nullptr;
  size_t Entries = 0;
  if (dladdr1(VPtr, &Info, reinterpret_cast<void **>(&Sym), RTLD_DL_SYMENT) && Sym &&
      Info.dli_sname && StringRef(Info.dli_sname).starts_with("_ZTV")) {
    auto *Start = static_cast<char *>(Info.dli_saddr), *End = Start + Sym->st_size;
    auto *At = reinterpret_cast<char *>(VPtr);
    if (At > Start && At < End)
      Entries = (End - At) / sizeof(void *);
  } else if (is_contained(NoNewVirtuals, StringRef(typeName(VPtr)))) {
    Entries = BaseEntries;
  }
  if (!Entries)
    fail("cannot determine the size of the vtable of " + className(Obj) +
         " (its symbol is not exported); try -agent-sched-base=generic");
  if (Entries < BaseEntries)
    fail("the vtable of " + className(Obj) + " has " + Twine(Entries) +
         " slots, fewer than its base's " + Twine(BaseEntries) + ": not the LLVM 19 layout");
  return Entries;
}

static std::deque<std::vector<void *>> Copies; // live as long as the objects using them

void *replace(void *Obj, size_t Slot, void *Fn, size_t Entries) {
  void **VPtr = vptrOf(Obj);
  const size_t Prefix = 2; // offset-to-top and RTTI precede the address point
  if (Slot >= Entries)
    fail("vtable slot " + Twine(Slot) + " beyond the " + Twine(Entries) + " slots of " +
         className(Obj));
  Copies.emplace_back(VPtr - Prefix, VPtr + Entries);
  std::vector<void *> &Copy = Copies.back();
  void *Orig = Copy[Prefix + Slot];
  Copy[Prefix + Slot] = Fn;
  *reinterpret_cast<void ***>(Obj) = Copy.data() + Prefix;
  return Orig;
}

} // namespace agentsched::vtable_patch
