//===- vtable_patch.h - replace one virtual function of one object ----------===//
//
// GCN's strategy class is private to libLLVM, so it cannot be subclassed to override
// pickNode(). Instead the one strategy object (and its DAG) gets a private copy of its
// class's vtable with one slot replaced (Itanium C++ ABI). Everything that depends on the ABI
// and on LLVM 19's class layouts is in this namespace:
//
//   slotOf(&Class::fn)            the vtable slot of a virtual member function
//   baseEntries<Class>()          how many slots Class's vtable has (from our headers)
//   entries(Obj, BaseEntries)     how many slots Obj's dynamic class's vtable has
//   replace(Obj, Slot, Fn, N)     give Obj a copy of its N-slot vtable with Slot = Fn;
//                                 returns the function it replaced
//   className(Obj)                Obj's dynamic class, demangled, for messages
//
// The copy must be exactly as long as LLVM's table (reading past it would copy garbage, and
// a slot beyond it would be called by nobody): an exported vtable's length is its ELF
// symbol's size; an unexported one's is its base's when the class is known to add no
// virtual function. Anything else is an error naming the class (docs/protocol.md).
//
//===----------------------------------------------------------------------===//
#ifndef AGENTSCHED_VTABLE_PATCH_H
#define AGENTSCHED_VTABLE_PATCH_H

#include "options.h"

#include <cstdint>
#include <cstring>
#include <string>

namespace agentsched::vtable_patch {

template <class MemFn> size_t slotOf(MemFn F) {
  struct { uintptr_t Ptr; ptrdiff_t Adj; } Raw;
  static_assert(sizeof(Raw) == sizeof(F), "Itanium member function pointer expected");
  std::memcpy(&Raw, &F, sizeof(Raw));
  if (!(Raw.Ptr & 1))
    fail("expected a virtual member function");
  return (Raw.Ptr - 1) / sizeof(void *);
}

// A class deriving from Base with one virtual function of its own: that function's slot is
// the number of slots Base's vtable has (headers of the LLVM we are built against).
template <class Base> struct Probe : Base {
  virtual void agentSchedProbe() {}
};
template <class Base> size_t baseEntries() { return slotOf(&Probe<Base>::agentSchedProbe); }

std::string className(void *Obj);
size_t entries(void *Obj, size_t BaseEntries);
void *replace(void *Obj, size_t Slot, void *Fn, size_t Entries);

} // namespace agentsched::vtable_patch

#endif
