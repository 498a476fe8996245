//===- sources.cpp - decision files and the live channel --------------------===//
#include "sources.h"

#include "input_files.h"
#include "outputs.h"
#include "serialization.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <climits>
#include <map>
#include <unistd.h>

namespace agentsched {

std::unique_ptr<DecisionSource> Source;

// Fn: a function's phaseKey (a post-RA point's is named so).
static std::string pointName(StringRef Fn, unsigned Region, unsigned Visit, unsigned Step) {
  bool Post = Fn.consume_back("\x1fpost");
  return std::string(Post ? "post-RA " : "") + "function '" + Fn.str() + "' region " +
         std::to_string(Region) + " visit " +
         std::to_string(Visit) + " step " + std::to_string(Step);
}

// ------------------------------------------------------------ decision file

// Picks keyed by decision point (-agent-sched-decisions): applied where they match a point;
// one naming a non-candidate is stale (an error unless -agent-sched-lenient); one matching no
// point of the compile is unmatched (an error at the end unless lenient).
class DecisionFile : public DecisionSource {
  struct Entry {
    Pick P;
    unsigned Line;     // in the decision file
    bool Used = false; // its decision point was reached
  };
  std::map<PointKey, Entry> Entries;
  StringMap<unsigned> FunctionIndex; // function names of the decision file
  std::vector<std::string> FunctionNames;

public:
  // Reads the file; returns an error naming FILE:LINE and the field.
  std::string load() {
    std::unique_ptr<MemoryBuffer> Buf;
    std::string Unread = readInputFile(DecisionsPath, "decisions file", MaxDecisionsBytes, Buf);
    if (!Unread.empty())
      return Unread;
    StringRef Rest = Buf->getBuffer();
    unsigned LineNo = 0;
    while (!Rest.empty()) {
      auto [Line, Tail] = Rest.split('\n');
      Rest = Tail;
      ++LineNo;
      if (Line.trim().empty())
        continue;
      std::string Where = DecisionsPath + ":" + std::to_string(LineNo) + ": ";
      if (lineTooDeep(Line)) // before json::parse, which recurses, sees it
        return Where + TooDeep;
      Expected<json::Value> V = json::parse(Line);
      if (!V)
        return Where + "not JSON: " + toString(V.takeError());
      const json::Object *O = V->getAsObject();
      if (!O)
        return Where + "expected a JSON object";
      std::string Err;
      // Ids and counters are 32-bit in the plugin: a larger value names no decision point.
      auto Int = [&](const char *K) -> unsigned {
        const json::Value *F = O->get(K);
        std::optional<int64_t> I = F ? F->getAsInteger() : std::nullopt;
        if (Err.empty() && !F)
          Err = Where + "field '" + K + "' missing";
        else if (Err.empty() && (!I || *I < 0 || *I > int64_t(UINT_MAX))) {
          std::string Got;
          raw_string_ostream(Got) << *F;
          Err = Where + "field '" + K + "' must be an integer from 0 to " +
                std::to_string(UINT_MAX) + ", got " + Got;
        }
        return I && Err.empty() ? unsigned(*I) : 0;
      };
      std::optional<StringRef> Fn = O->getString("function");
      if (!Fn)
        return Where + "field 'function' missing or not a string";
      std::optional<StringRef> Zone = O->getString("zone");
      if (O->get("zone") && (!Zone || (*Zone != "top" && *Zone != "bot")))
        return Where + "field 'zone' must be 'top' or 'bot'";
      // "phase": "post" names a post-RA decision point (docs/postra.md); absent: pre-RA
      std::optional<StringRef> PhaseF = O->getString("phase");
      if (O->get("phase") && (!PhaseF || (*PhaseF != "pre" && *PhaseF != "post")))
        return Where + "field 'phase' must be 'pre' or 'post'";
      std::string FnKey = phaseKey(*Fn, PhaseF && *PhaseF == "post");
      unsigned Region = Int("region"), Visit = Int("visit"), Step = Int("step"),
               Id = Int("pick");
      if (!Err.empty())
        return Err;
      auto [FnIt, NewFn] = FunctionIndex.try_emplace(FnKey, FunctionNames.size());
      if (NewFn)
        FunctionNames.push_back(FnKey);
      Entry E{Pick{Id, !Zone || *Zone == "top"}, LineNo};
      auto [It, New] = Entries.try_emplace(PointKey{FnIt->second, Region, Visit, Step}, E);
      if (!New && !(It->second.P == E.P))
        return Where + "a second, different decision for " +
               pointName(FnKey, Region, Visit, Step) + " (line " +
               std::to_string(It->second.Line) + ")";
    }
    return "";
  }

  Pick decide(const Snapshot &S) override {
    const PassRecord &P = S.P;
    auto Fn = FunctionIndex.find(phaseKey(S.H.Name, S.H.Post));
    auto It = Fn == FunctionIndex.end()
                  ? Entries.end()
                  : Entries.find(PointKey{Fn->second, P.Region, P.Visit, P.Steps});
    if (It == Entries.end()) {
      Stats.Missing += S.IsChoice;
      return S.Llvm;
    }
    Entry &E = It->second;
    E.Used = true;
    if (S.isCandidate(E.P))
      return E.P;
    if (!Lenient)
      fail(Twine("stale decision: instruction ") + Twine(E.P.Id) + " (" +
           (E.P.Top ? "top" : "bot") + ") is not a candidate at " +
           pointName(phaseKey(S.H.Name, S.H.Post), P.Region, P.Visit, P.Steps) + " (" +
           DecisionsPath + ":" +
           Twine(E.Line) + "; use --lenient to fall back to LLVM's pick)");
    ++Stats.Stale;
    return S.Llvm;
  }

  bool covered(const Snapshot &S) override {
    auto Fn = FunctionIndex.find(S.H.Name);
    auto It = Fn == FunctionIndex.end()
                  ? Entries.end()
                  : Entries.find(PointKey{Fn->second, S.P.Region, S.P.Visit, S.P.Steps});
    if (It == Entries.end())
      return false;
    It->second.Used = true;
    return true;
  }

  // Decisions whose point was never reached (another kernel, function or target, or a
  // wrong key) are counted in the report; an error unless lenient.
  std::string finish() override {
    return unmatchedIn([](StringRef) { return true; }, Stats.Unmatched, /*AtEnd=*/true);
  }

  std::string unmatched(function_ref<bool(StringRef)> Settled) override {
    if (Lenient)
      return "";
    unsigned Count = 0;
    return unmatchedIn(Settled, Count, /*AtEnd=*/false);
  }

private:
  std::string unmatchedIn(function_ref<bool(StringRef)> Settled, unsigned &Count, bool AtEnd) {
    unsigned FirstLine = UINT_MAX;
    std::string First;
    for (const auto &[K, E] : Entries)
      if (!E.Used && Settled(FunctionNames[std::get<0>(K)])) {
        ++Count;
        if (E.Line < FirstLine) {
          FirstLine = E.Line;
          First = DecisionsPath + ":" + std::to_string(E.Line) + " (" +
                  pointName(FunctionNames[std::get<0>(K)], std::get<1>(K), std::get<2>(K),
                            std::get<3>(K)) +
                  ")";
        }
      }
    if (!Count || Lenient)
      return "";
    return std::to_string(Count) + " of " + std::to_string(Entries.size()) +
           " decisions match no decision point of this compile, first " + First +
           (Stats.Decisions || !AtEnd ? "" : "; no function was scheduled by agent-sched "
                                              "(optnone? NVPTX needs -enable-misched)") +
           ": are they for another kernel, function or target? (use --lenient to "
           "ignore them)";
  }
};

// ------------------------------------------------------------ live channel

// A live agent (-agent-sched-channel=RFD,WFD): each decision point with a choice is written
// to WFD as one compact JSON line; the answer "ID ZONE" is read from RFD.
class LiveChannel : public DecisionSource {
  int In, Out;
  std::string Buf; // what was read past the last answer

  void writeAll(const std::string &S) {
    if (!writeFd(Out, S))
      fail("live channel closed while sending a decision point (the agent process ended)");
  }

  std::string readLine() {
    while (true) {
      size_t NL = Buf.find('\n');
      if (NL != std::string::npos) {
        std::string Line = Buf.substr(0, NL);
        Buf.erase(0, NL + 1);
        return Line;
      }
      char Tmp[4096];
      ssize_t N = ::read(In, Tmp, sizeof(Tmp));
      if (N < 0 && errno == EINTR)
        continue;
      if (N <= 0)
        fail("live channel closed while waiting for a pick (the agent process ended)");
      Buf.append(Tmp, N);
    }
  }

public:
  LiveChannel(int In, int Out) : In(In), Out(Out) {}

  // An answer is "ID ZONE" (zone 'top' or 'bot'), or "error MESSAGE" from the agent side.
  Pick decide(const Snapshot &S) override {
    if (!S.IsChoice)
      return S.Llvm;
    ++Stats.Asked;
    writeAll(pointJson(S, &S.P.Channel, nullptr) + "\n");
    std::string Ans = readLine();
    StringRef A(Ans);
    if (A.starts_with("error "))
      fail("agent failed: " + A.drop_front(6));
    auto [IdS, ZoneS] = A.trim().split(' ');
    unsigned Id;
    if (IdS.getAsInteger(10, Id) || (ZoneS != "top" && ZoneS != "bot"))
      fail("malformed answer on the live channel: '" + A + "' (expected 'ID top|bot')");
    Pick Want{Id, ZoneS == "top"};
    if (!S.isCandidate(Want))
      fail(Twine("the live agent picked instruction ") + Twine(Want.Id) +
           ", which is not a candidate");
    return Want;
  }
};

std::unique_ptr<DecisionSource> loadDecisionFile(std::string &Err) {
  auto File = std::make_unique<DecisionFile>();
  if (!(Err = File->load()).empty())
    return nullptr;
  return File;
}

std::unique_ptr<DecisionSource> liveChannel(int In, int Out) {
  return std::make_unique<LiveChannel>(In, Out);
}

} // namespace agentsched
