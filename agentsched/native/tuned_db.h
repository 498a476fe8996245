//===- tuned_db.h - a tuned-schedule database, the first decision source ---===//
//
// -agent-sched-db=FILE (docs/db.md): an SQLite file of search winners, read-only. Each
// kernel row names what makes its decisions valid (triple, CPU, subtarget features, opt
// level, LLVM version, region-hash scheme, hooked scheduler); each region row holds the
// decisions of one scheduling region, keyed by the region's hash: its instructions at their
// first scheduling (opcodes, flags, operands with virtual registers renumbered by first
// appearance, memory operands without IR names) and the instruction that ends it, so an
// edit elsewhere in the kernel leaves it unchanged. Picks are stored as positions in the
// region, not as the function's instruction ids (which an edit before the region shifts).
//
// The db wraps the other source (decision file, live agent, policy; none: LLVM's picks):
// a region whose hash has an entry takes the entry's decisions (a point without one takes
// LLVM's pick, as a decision file's replay does); every other region goes to the wrapped
// source. A decision that is not a candidate makes its region stale (counted, never
// followed: the rest of the region goes to the wrapped source); a kernel row made for
// another CPU, LLVM, ... is refused with the reason. The report's "tuned" object says what
// happened to each region. -agent-sched-region-hashes installs the same wrapper without a db
// and lists every region's hash and instruction ids (what agentsched stores).
//
// libsqlite3.so.0 is loaded at run time (dlopen) when a db is given: no link-time
// dependency, and llc without -agent-sched-db never needs it.
//
//===----------------------------------------------------------------------===//
#ifndef AGENTSCHED_TUNED_DB_H
#define AGENTSCHED_TUNED_DB_H

#include "sources.h"

#include <memory>
#include <string>

namespace agentsched {

// The region-hash scheme and db schema this plugin reads (agentsched.core.scheduledb has
// the same numbers).
inline constexpr unsigned HashScheme = 1;
inline constexpr unsigned DbSchema = 1;

// Next (null: LLVM's picks) wrapped by the db of -agent-sched-db (none: only region hashes
// are recorded); null and Err set (naming the file) when the db cannot be read.
std::unique_ptr<DecisionSource> tunedDb(std::unique_ptr<DecisionSource> Next,
                                        std::string &Err);

} // namespace agentsched

#endif
