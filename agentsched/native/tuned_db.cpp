//===- tuned_db.cpp - a tuned-schedule database, the first decision source -===//
#include "tuned_db.h"

#include "input_files.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineMemOperand.h"
#include "llvm/CodeGen/MachineScheduler.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalValue.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Target/TargetMachine.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <map>
#include <sys/stat.h>
#include <unistd.h>

namespace agentsched {

// ------------------------------------------------------------ libsqlite3, at run time

struct sqlite3;
struct sqlite3_stmt;

namespace {

constexpr int SQLITE_OK = 0, SQLITE_ROW = 100, SQLITE_DONE = 101, SQLITE_OPEN_READONLY = 1;

// The few functions of SQLite's stable C API the plugin calls (sqlite3.h declares them so).
struct SqliteApi {
  int (*open_v2)(const char *, sqlite3 **, int, const char *) = nullptr;
  int (*close)(sqlite3 *) = nullptr;
  const char *(*errmsg)(sqlite3 *) = nullptr;
  int (*prepare_v2)(sqlite3 *, const char *, int, sqlite3_stmt **, const char **) = nullptr;
  int (*bind_text)(sqlite3_stmt *, int, const char *, int, void (*)(void *)) = nullptr;
  int (*bind_int64)(sqlite3_stmt *, int, long long) = nullptr;
  int (*step)(sqlite3_stmt *) = nullptr;
  int (*column_type)(sqlite3_stmt *, int) = nullptr;
  const unsigned char *(*column_text)(sqlite3_stmt *, int) = nullptr;
  long long (*column_int64)(sqlite3_stmt *, int) = nullptr;
  int (*finalize)(sqlite3_stmt *) = nullptr;

  // An error (empty: loaded). The library stays loaded until llc exits.
  std::string load() {
    void *Lib = ::dlopen("libsqlite3.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!Lib)
      return std::string("cannot load libsqlite3.so.0 (Debian: apt-get install libsqlite3-0): ") +
             ::dlerror();
    bool Ok = true;
    auto Get = [&](auto &Fn, const char *Name) {
      Fn = reinterpret_cast<std::remove_reference_t<decltype(Fn)>>(::dlsym(Lib, Name));
      Ok &= Fn != nullptr;
    };
    Get(open_v2, "sqlite3_open_v2");
    Get(close, "sqlite3_close");
    Get(errmsg, "sqlite3_errmsg");
    Get(prepare_v2, "sqlite3_prepare_v2");
    Get(bind_text, "sqlite3_bind_text");
    Get(bind_int64, "sqlite3_bind_int64");
    Get(step, "sqlite3_step");
    Get(column_type, "sqlite3_column_type");
    Get(column_text, "sqlite3_column_text");
    Get(column_int64, "sqlite3_column_int64");
    Get(finalize, "sqlite3_finalize");
    return Ok ? "" : "libsqlite3.so.0 lacks a function of SQLite's C API";
  }
};
SqliteApi Sql;

// SQLITE_TRANSIENT: SQLite copies the bound text.
void (*const Transient)(void *) = reinterpret_cast<void (*)(void *)>(intptr_t(-1));

// One row of a query: its columns as text (NULL: empty) or integers.
struct Row {
  sqlite3_stmt *St;
  std::string text(int I) const {
    const unsigned char *T = Sql.column_text(St, I);
    return T ? reinterpret_cast<const char *>(T) : "";
  }
  long long integer(int I) const { return Sql.column_int64(St, I); }
};

// The db file, open read-only for the whole compile.
class Db {
  sqlite3 *H = nullptr;

public:
  std::string Path;
  ~Db() {
    if (H)
      Sql.close(H);
  }
  std::string where() const { return "tuned-schedule db '" + Path + "'"; }

  std::string open(const std::string &P) {
    Path = P;
    // The rules of every file the plugin reads (input_files.h): a regular file, opened
    // without blocking; and SQLite's header, so that another file is named as such.
    std::string Cannot = "cannot read " + where() + ": ";
    if (P.empty())
      return Cannot + "empty file name";
    int Fd = ::open(P.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (Fd < 0)
      return Cannot + std::strerror(errno);
    struct stat St;
    char Head[16] = {};
    std::string Err;
    if (::fstat(Fd, &St) != 0)
      Err = std::strerror(errno);
    else if (!S_ISREG(St.st_mode))
      Err = "not a regular file";
    else if (::read(Fd, Head, sizeof(Head)) != sizeof(Head) ||
             std::memcmp(Head, "SQLite format 3", 16) != 0)
      Err = "not an SQLite database (agentsched db check FILE says more)";
    ::close(Fd);
    if (!Err.empty())
      return Cannot + Err;
    if (!(Err = Sql.load()).empty())
      return Cannot + Err;
    if (Sql.open_v2(P.c_str(), &H, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK)
      return Cannot + (H ? Sql.errmsg(H) : "out of memory");
    // A truncated or damaged file: SQLite's own check, before anything is applied.
    std::string Check;
    Err = query("PRAGMA quick_check", {}, [&](const Row &R) {
      if (Check.empty())
        Check = R.text(0);
    });
    if (!Err.empty() || Check != "ok") {
      std::string Why = Err.empty() ? Check : Err.substr(where().size() + 2);
      std::replace(Why.begin(), Why.end(), '\n', ' '); // one line
      return where() + " is damaged or truncated (SQLite: " + Why + ")";
    }
    std::string Kind, Schema;
    Err = query("SELECT key, value FROM meta WHERE key IN ('kind', 'schema')", {},
                [&](const Row &R) { (R.text(0) == "kind" ? Kind : Schema) = R.text(1); });
    if (!Err.empty() || Kind != "agentsched-tuned-schedules")
      return where() + ": an SQLite file but not a tuned-schedule db (no meta row "
                       "kind='agentsched-tuned-schedules')";
    if (Schema != std::to_string(DbSchema))
      return where() + ": schema " + Schema + ", this plugin reads schema " +
             std::to_string(DbSchema) + " (agentsched db check FILE)";
    return "";
  }

  // Runs Sql with text arguments; calls Each per row. Returns an error naming the file.
  std::string query(const char *Text, ArrayRef<std::string> Args,
                    function_ref<void(const Row &)> Each) {
    sqlite3_stmt *St = nullptr;
    if (Sql.prepare_v2(H, Text, -1, &St, nullptr) != SQLITE_OK)
      return where() + ": " + Sql.errmsg(H);
    for (size_t I = 0; I < Args.size(); ++I)
      Sql.bind_text(St, int(I + 1), Args[I].c_str(), -1, Transient);
    int Rc;
    while ((Rc = Sql.step(St)) == SQLITE_ROW)
      Each(Row{St});
    std::string Err = Rc == SQLITE_DONE ? "" : where() + ": " + Sql.errmsg(H);
    Sql.finalize(St);
    return Err;
  }
};

// ------------------------------------------------------------ region hashes

// What the hash is made of (docs/db.md, "Region hashes"): the region's instructions in their
// order at its first scheduling, then the instruction that ends it. Nothing that an edit
// elsewhere changes: virtual registers by first appearance in the region (with their
// class), no kill/dead flags (liveness beyond the region), no IR value names in memory
// operands, no block numbers, no instruction ids.
std::string regionText(const FunctionHook &H, ArrayRef<const MachineInstr *> Input,
                       const MachineInstr *End) {
  const MachineFunction &MF = *H.MF;
  const TargetRegisterInfo *TRI = MF.getSubtarget().getRegisterInfo();
  const MachineRegisterInfo &MRI = MF.getRegInfo();
  DenseMap<unsigned, unsigned> VRegs;
  std::string S;
  raw_string_ostream OS(S);
  OS << "agentsched-region-" << HashScheme << "\n";
  auto Reg = [&](Register R) {
    if (R.isVirtual()) {
      auto It = VRegs.try_emplace(R.id(), VRegs.size()).first;
      OS << '%' << It->second;
      if (const TargetRegisterClass *RC = MRI.getRegClassOrNull(R))
        OS << ':' << TRI->getRegClassName(RC);
    } else if (R.isPhysical()) {
      OS << '$' << TRI->getName(R);
    } else {
      OS << "$noreg";
    }
  };
  auto Instr = [&](const MachineInstr &MI) {
    OS << opcodeName(MI) << " f" << MI.getFlags();
    for (const MachineOperand &MO : MI.operands()) {
      OS << ' ';
      switch (MO.getType()) {
      case MachineOperand::MO_Register:
        OS << (MO.isDef() ? "d" : "u") << (MO.isImplicit() ? "i" : "")
           << (MO.isEarlyClobber() ? "e" : "") << (MO.isUndef() ? "x" : "")
           << (MO.isTied() ? "t" : "") << ':';
        Reg(MO.getReg());
        if (MO.getSubReg())
          OS << '.' << TRI->getSubRegIndexName(MO.getSubReg());
        break;
      case MachineOperand::MO_Immediate:
        OS << 'i' << MO.getImm();
        break;
      case MachineOperand::MO_CImmediate:
        OS << "ci" << MO.getCImm()->getValue();
        break;
      case MachineOperand::MO_FPImmediate:
        OS << "fp" << MO.getFPImm()->getValueAPF().bitcastToAPInt();
        break;
      case MachineOperand::MO_FrameIndex:
        OS << "fi" << MO.getIndex();
        break;
      case MachineOperand::MO_GlobalAddress:
        OS << "ga:" << MO.getGlobal()->getName() << '+' << MO.getOffset();
        break;
      case MachineOperand::MO_ExternalSymbol:
        OS << "es:" << MO.getSymbolName() << '+' << MO.getOffset();
        break;
      case MachineOperand::MO_ConstantPoolIndex:
      case MachineOperand::MO_TargetIndex:
        OS << 'k' << unsigned(MO.getType()) << ':' << MO.getIndex() << '+' << MO.getOffset();
        break;
      default: // blocks, jump tables, masks, metadata ...: their kind only
        OS << 'k' << unsigned(MO.getType());
      }
      if (MO.getTargetFlags())
        OS << "/tf" << unsigned(MO.getTargetFlags());
    }
    for (const MachineMemOperand *MMO : MI.memoperands()) {
      OS << " mem:" << unsigned(MMO->getFlags()) << ':' << MMO->getAddrSpace() << ':'
         << MMO->getAlign().value() << ':' << unsigned(MMO->getSuccessOrdering()) << ':'
         << unsigned(MMO->getSyncScopeID()) << ':' << MMO->getOffset() << ':';
      MMO->getSize().print(OS);
      OS << (MMO->getValue() ? ":v" : MMO->getPseudoValue() ? ":p" : ":-");
    }
    OS << '\n';
  };
  for (const MachineInstr *MI : Input)
    Instr(*MI);
  OS << "end ";
  if (End)
    Instr(*End);
  else
    OS << "of block\n";
  return S;
}

std::string hexHash(StringRef Text) {
  char Buf[17];
  std::snprintf(Buf, sizeof(Buf), "%016llx", (unsigned long long)xxh3_64bits(Text));
  return Buf;
}

// ------------------------------------------------------------ the source

// A stored decision: a pick at (visit, step), the instruction by its position in the region.
struct StoredPick {
  unsigned Local;
  bool Top;
};

struct RegionEntry {
  std::string Hash;
  unsigned Occurrence = 0, Size = 0;
  std::map<std::pair<unsigned, unsigned>, StoredPick> Picks; // (visit, step) -> pick
  bool Matched = false; // a region of this compile took it
};

// One hooked function: what it is compiled for and its db row.
struct FunctionState {
  json::Object Identity;
  long long Row = -1;       // kernels.id of the matching row (-1: none)
  std::string Refused;      // rows for this symbol exist, none for this compile: why
  std::vector<RegionEntry> Entries;
  std::map<std::string, unsigned> Seen; // hash -> regions with it so far (occurrences)
  std::vector<unsigned> Regions;        // indices into TunedDb::RegionStates, in order
};

struct RegionState {
  std::string Function;
  unsigned Region = 0, Occurrence = 0, Size = 0;
  std::string Hash;
  std::vector<unsigned> Ids;    // the region's instruction ids, in order at first scheduling
  RegionEntry *Entry = nullptr; // its db entry
  DenseMap<unsigned, unsigned> LocalOf; // id -> position (for the report of a stale pick)
  bool Stale = false;
  std::string Why;
  unsigned Applied = 0;    // stored decisions reached and followed
  unsigned Overridden = 0; // the next source's decisions set aside for the db's
};

class TunedDb : public DecisionSource {
  std::unique_ptr<DecisionSource> Next;
  std::unique_ptr<Db> File; // null: region hashes only
  std::map<std::string, FunctionState> Functions;
  std::vector<RegionState> RegionStates;
  std::map<std::pair<std::string, unsigned>, unsigned> IndexOf; // (function, region)
  bool Summarized = false;

public:
  TunedDb(std::unique_ptr<DecisionSource> N, std::unique_ptr<Db> F)
      : Next(std::move(N)), File(std::move(F)) {}

  Pick decide(const Snapshot &S) override {
    if (S.H.Post) // its rows are pre-RA schedules (region hashes of virtual-register code)
      return Next ? Next->decide(S) : S.Llvm;
    RegionState &R = region(S);
    if (R.Entry && !R.Stale) {
      if (Next && Next->covered(S)) // a decision file's pick for this point is set aside
        ++R.Overridden;
      auto It = R.Entry->Picks.find({S.P.Visit, S.P.Steps});
      if (It == R.Entry->Picks.end())
        return S.Llvm; // as in a decision file's replay: LLVM's pick
      Pick Want{R.Ids[It->second.Local], It->second.Top};
      if (S.isCandidate(Want)) {
        ++R.Applied;
        return Want;
      }
      R.Stale = true;
      R.Why = "visit " + std::to_string(S.P.Visit) + " step " + std::to_string(S.P.Steps) +
              ": its pick (instruction " + std::to_string(It->second.Local) +
              " of the region, " + (Want.Top ? "top" : "bot") + ") is not a candidate";
    }
    return Next ? Next->decide(S) : S.Llvm;
  }

  std::string finish() override {
    summarize();
    return Next ? Next->finish() : "";
  }

  std::string unmatched(function_ref<bool(StringRef)> Settled) override {
    return Next ? Next->unmatched(Settled) : "";
  }

  void report(json::Object &Out) override {
    summarize();
    unsigned Applied = 0, Stale = 0, Absent = 0, Refused = 0, Unused = 0, Overridden = 0;
    json::Array Fns;
    for (auto &[Name, F] : Functions) {
      json::Array Regions;
      unsigned FA = 0, FS = 0, FB = 0;
      for (unsigned I : F.Regions) {
        RegionState &R = RegionStates[I];
        Overridden += R.Overridden;
        std::string Status = !R.Entry ? (F.Refused.empty() ? "absent" : "refused")
                             : R.Stale ? "stale"
                                       : "applied";
        FA += Status == "applied";
        FS += Status == "stale";
        FB += Status == "absent" || Status == "refused";
        json::Object O{{"region", R.Region},   {"hash", R.Hash}, {"occurrence", R.Occurrence},
                       {"size", R.Size},       {"status", Status},
                       {"decisions", R.Entry ? int64_t(R.Entry->Picks.size()) : 0},
                       {"applied", R.Applied}};
        if (R.Overridden)
          O["overridden"] = R.Overridden;
        if (!R.Why.empty())
          O["why"] = R.Why;
        if (RegionHashes)
          O["ids"] = json::Array(R.Ids);
        Regions.push_back(std::move(O));
      }
      unsigned FU = 0;
      for (const RegionEntry &E : F.Entries)
        FU += !E.Matched;
      Applied += FA, Stale += FS, Unused += FU;
      (F.Refused.empty() ? Absent : Refused) += FB;
      json::Object O{{"function", Name}, {"identity", json::Object(F.Identity)},
                     {"entry", F.Row >= 0},  {"applied", FA}, {"stale", FS},
                     {"absent", FB},         {"unused_entries", FU},
                     {"regions", std::move(Regions)}};
      if (!F.Refused.empty())
        O["refused"] = F.Refused;
      Fns.push_back(std::move(O));
    }
    Out["tuned"] = json::Object{{"db", File ? File->Path : std::string()},
                                {"hash_scheme", HashScheme},
                                {"applied", Applied},
                                {"stale", Stale},
                                {"absent", Absent},
                                {"refused", Refused},
                                {"unused_entries", Unused},
                                {"overridden", Overridden},
                                {"functions", std::move(Fns)}};
  }

private:
  // A region's state, made at its first scheduling (visit 0, step 0).
  RegionState &region(const Snapshot &S) {
    auto Key = std::make_pair(S.H.Name, S.P.Region);
    auto Found = IndexOf.find(Key);
    if (Found != IndexOf.end())
      return RegionStates[Found->second];
    FunctionState &F = function(S.H);
    RegionState R;
    R.Function = S.H.Name;
    R.Region = S.P.Region;
    R.Size = S.P.Input.size();
    for (const MachineInstr *MI : S.P.Input) {
      R.LocalOf[idOf(S.H, MI)] = R.Ids.size();
      R.Ids.push_back(idOf(S.H, MI));
    }
    MachineBasicBlock::iterator E = S.H.DAG->end();
    const MachineBasicBlock *MBB = S.P.Input.empty() ? nullptr : S.P.Input.front()->getParent();
    const MachineInstr *End = !MBB || E == MBB->end() ? nullptr : &*E;
    R.Hash = hexHash(regionText(S.H, S.P.Input, End));
    R.Occurrence = F.Seen[R.Hash]++;
    // The entry of this hash and occurrence; else the first of this hash (identical regions
    // have identical DAGs, so any of their entries can be followed).
    RegionEntry *First = nullptr;
    for (RegionEntry &Ent : F.Entries)
      if (Ent.Hash == R.Hash && Ent.Size == R.Size) {
        if (!First)
          First = &Ent;
        if (Ent.Occurrence == R.Occurrence)
          R.Entry = &Ent;
      }
    if (!R.Entry)
      R.Entry = First;
    if (R.Entry)
      R.Entry->Matched = true;
    F.Regions.push_back(RegionStates.size());
    IndexOf[Key] = RegionStates.size();
    RegionStates.push_back(std::move(R));
    return RegionStates.back();
  }

  FunctionState &function(const FunctionHook &H) {
    auto [It, New] = Functions.try_emplace(H.Name);
    FunctionState &F = It->second;
    if (!New)
      return F;
    const MachineFunction &MF = *H.MF;
    const TargetSubtargetInfo &ST = MF.getSubtarget();
    F.Identity = json::Object{{"triple", MF.getTarget().getTargetTriple().str()},
                              {"cpu", ST.getCPU().str()},
                              {"features", ST.getFeatureString().str()},
                              {"opt_level", int64_t(MF.getTarget().getOptLevel())},
                              {"llvm", LLVM_VERSION_STRING},
                              {"hash_scheme", HashScheme},
                              {"base", BaseSched.getValue()}};
    if (File)
      loadFunction(H.Name, F);
    return F;
  }

  // The kernel rows of this symbol; the one made for this compile, if any, with its regions.
  void loadFunction(const std::string &Name, FunctionState &F) {
    static const char *const Fields[] = {"llvm", "hash_scheme", "base", "triple", "cpu",
                                         "features", "opt_level"};
    std::string Err = File->query(
        "SELECT id, llvm, hash_scheme, base, triple, cpu, features, opt_level FROM kernels "
        "WHERE symbol = ?1 ORDER BY id",
        {Name}, [&](const Row &Rw) {
          if (F.Row >= 0)
            return;
          std::string Mismatch;
          for (int I = 0; I < 7 && Mismatch.empty(); ++I) {
            const json::Value *Want = F.Identity.get(Fields[I]);
            std::string Here;
            if (auto Str = Want->getAsString())
              Here = Str->str();
            else
              Here = std::to_string(*Want->getAsInteger());
            std::string There = Rw.text(I + 1);
            if (There != Here)
              Mismatch = std::string(Fields[I]) + " '" + There + "' (this compile: '" + Here +
                         "')";
          }
          if (Mismatch.empty())
            F.Row = Rw.integer(0), F.Refused.clear();
          else if (F.Refused.empty())
            F.Refused = "made for " + Mismatch;
        });
    std::string BadRow; // the first region row that cannot be read
    if (Err.empty() && F.Row >= 0)
      Err = File->query(
          "SELECT hash, occurrence, size, decisions FROM regions WHERE kernel_id = ?1 "
          "ORDER BY hash, occurrence",
          {std::to_string(F.Row)}, [&](const Row &Rw) {
            if (!BadRow.empty())
              return;
            RegionEntry E;
            E.Hash = Rw.text(0);
            E.Occurrence = unsigned(Rw.integer(1));
            E.Size = unsigned(Rw.integer(2));
            BadRow = readPicks(Rw.text(3), E);
            if (!BadRow.empty())
              BadRow = File->where() + ": kernel '" + Name + "' region " + E.Hash + ": " +
                       BadRow;
            F.Entries.push_back(std::move(E));
          });
    if (!Err.empty() || !BadRow.empty())
      fail(Err.empty() ? BadRow : Err);
  }

  // decisions: [[visit, step, position, "t"|"b"], ...]
  static std::string readPicks(const std::string &Text, RegionEntry &E) {
    if (lineTooDeep(Text))
      return TooDeep;
    Expected<json::Value> V = json::parse(Text);
    if (!V)
      return "decisions: not JSON: " + toString(V.takeError());
    const json::Array *A = V->getAsArray();
    if (!A)
      return "decisions: expected a JSON array";
    for (const json::Value &D : *A) {
      const json::Array *Q = D.getAsArray();
      std::optional<int64_t> Visit, Step, Local;
      std::optional<StringRef> Zone;
      if (Q && Q->size() == 4) {
        Visit = (*Q)[0].getAsInteger(), Step = (*Q)[1].getAsInteger();
        Local = (*Q)[2].getAsInteger(), Zone = (*Q)[3].getAsString();
      }
      auto InRange = [](std::optional<int64_t> I, int64_t Hi) { return I && *I >= 0 && *I < Hi; };
      if (!InRange(Visit, UINT_MAX) || !InRange(Step, UINT_MAX) || !InRange(Local, E.Size) ||
          !Zone || (*Zone != "t" && *Zone != "b"))
        return "decisions: each must be [visit, step, position < size " +
               std::to_string(E.Size) + ", \"t\" or \"b\"]";
      auto [It, New] = E.Picks.try_emplace({unsigned(*Visit), unsigned(*Step)},
                                           StoredPick{unsigned(*Local), *Zone == "t"});
      if (!New)
        return "decisions: two for visit " + std::to_string(*Visit) + " step " +
               std::to_string(*Step);
    }
    return "";
  }

  // Regions whose stored decisions were not all reached (a later stage did not revisit the
  // region, or a step past its end) are stale too: their schedule is not the stored one.
  void summarize() {
    if (Summarized)
      return;
    Summarized = true;
    for (RegionState &R : RegionStates)
      if (R.Entry && !R.Stale && R.Applied < R.Entry->Picks.size()) {
        R.Stale = true;
        R.Why = std::to_string(R.Entry->Picks.size() - R.Applied) + " of " +
                std::to_string(R.Entry->Picks.size()) +
                " stored decisions were never reached (a visit that did not happen?)";
      }
  }
};

} // namespace

std::unique_ptr<DecisionSource> tunedDb(std::unique_ptr<DecisionSource> Next,
                                        std::string &Err) {
  std::unique_ptr<Db> File;
  if (given(DbPath)) {
    File = std::make_unique<Db>();
    if (!(Err = File->open(DbPath)).empty())
      return nullptr;
  }
  return std::make_unique<TunedDb>(std::move(Next), std::move(File));
}

} // namespace agentsched
