//===- policy.cpp - a learned policy file, evaluated in the compiler --------===//
#include "policy.h"

#include "features.h"
#include "input_files.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

namespace agentsched {

// A learned policy (-agent-sched-policy=FILE, docs/policy.md) evaluated here, with no Python
// and no pipe. Its Python twin, agentsched.core.policy, must pick the same candidates, so
// both compute the same doubles with the same operations in the same order: the features,
// z = (x - mean) / scale, each layer's output as 0 + w[0]*z[0] + w[1]*z[1] + ... (inputs in
// order) + bias, then the activation (the plugin is built with -ffp-contract=off: no fused
// multiply-adds). Ties within 1e-9 go to LLVM's pick, then to candidate order.
namespace policy {

constexpr double MaxAbs = 1e9, MinScale = 1e-9, TieEps = 1e-9;
constexpr unsigned MaxLayers = 8, MaxWidth = 1024;

struct Layer {
  unsigned In = 0, Out = 0;
  std::vector<double> W, B; // W: In rows of Out (W[i * Out + j] weighs input i for output j)
  enum { Tanh, Relu, Linear } Act = Linear;
};

struct Model {
  std::string Family;             // "amdgpu" or "nvptx"
  std::vector<unsigned> Inputs;   // catalog index of each input, in order
  std::vector<double> Mean, Scale;
  std::vector<Layer> Layers;      // a linear model: one layer, one output, linear
  PressureSets Sets; // pressure set -> units
  bool Guard = false;
  int64_t Slack = 0;
};

// Reads one policy file; every error names the file and the field (the same rules as
// agentsched.core.policy._check).
class Reader {
  std::string Where;
  std::string Err;

  bool bad(const std::string &Field, const std::string &Why) {
    if (Err.empty())
      Err = "policy file '" + Where + "': field '" + Field + "' " + Why;
    return false;
  }
  static std::string shortText(const json::Value *V) {
    if (!V)
      return "nothing";
    std::string S;
    raw_string_ostream(S) << *V;
    return S.size() <= 60 ? S : S.substr(0, 57) + "...";
  }
  bool number(const json::Value *V, const std::string &Field, double Lo, double &Out) {
    std::optional<double> D = V ? V->getAsNumber() : std::nullopt;
    if (!D || !std::isfinite(*D) || *D < Lo || *D > MaxAbs)
      return bad(Field, "must be a finite number from " + fmt(Lo) + " to 1e+09, got " +
                            shortText(V));
    Out = *D;
    return true;
  }
  static std::string fmt(double D) {
    char Buf[32];
    std::snprintf(Buf, sizeof(Buf), "%g", D);
    return Buf;
  }
  bool numbers(const json::Value *V, const std::string &Field, size_t N, double Lo,
               std::vector<double> &Out, const char *Per = "input") {
    const json::Array *A = V ? V->getAsArray() : nullptr;
    if (!A)
      return bad(Field, "must be an array of numbers, got " + shortText(V));
    if (A->size() != N)
      return bad(Field, "must have " + std::to_string(N) + " numbers (one per " + Per +
                            "), got " + std::to_string(A->size()));
    Out.resize(N);
    for (size_t I = 0; I != N; ++I)
      if (!number(&(*A)[I], Field + "[" + std::to_string(I) + "]", Lo, Out[I]))
        return false;
    return true;
  }
  bool sets(const json::Object *PS, const char *Group,
            std::vector<std::pair<std::string, int>> &Out) {
    const json::Object *G = PS->getObject(Group);
    std::string Field = std::string("pressure_sets.") + Group;
    if (!G)
      return bad(Field, "must be an object: set -> units");
    for (const auto &[Name, V] : *G) {
      std::optional<int64_t> U = V.getAsInteger();
      if (!U || *U < 1 || *U > 64)
        return bad(Field + "." + Name.str(), "must be an integer from 1 to 64, got " +
                                                 shortText(&V));
      Out.push_back({Name.str(), int(*U)});
    }
    std::sort(Out.begin(), Out.end()); // JSON object order is not kept; sums are exact
    return true;
  }
  bool layer(const json::Value *V, const std::string &At, unsigned In, Layer &L) {
    const json::Object *O = V ? V->getAsObject() : nullptr;
    if (!O || O->size() != 3 || !O->get("weights") || !O->get("bias") ||
        !O->get("activation"))
      return bad(At, "must be {\"weights\": [[...]], \"bias\": [...], \"activation\": ...}");
    const json::Array *W = O->getArray("weights");
    if (!W || W->empty() || W->size() > MaxWidth)
      return bad(At + ".weights", "must be an array of 1 to " + std::to_string(MaxWidth) +
                                      " rows (one per output)");
    L.In = In;
    L.Out = W->size();
    L.W.resize(size_t(In) * L.Out);
    for (unsigned J = 0; J != L.Out; ++J) {
      std::vector<double> Row;
      if (!numbers(&(*W)[J], At + ".weights[" + std::to_string(J) + "]", In, -MaxAbs, Row))
        return false;
      for (unsigned I = 0; I != In; ++I)
        L.W[size_t(I) * L.Out + J] = Row[I];
    }
    if (!numbers(O->get("bias"), At + ".bias", L.Out, -MaxAbs, L.B, "output"))
      return false;
    std::optional<StringRef> A = O->getString("activation");
    if (A == "tanh")
      L.Act = Layer::Tanh;
    else if (A == "relu")
      L.Act = Layer::Relu;
    else if (A == "linear")
      L.Act = Layer::Linear;
    else
      return bad(At + ".activation", "must be one of tanh, relu, linear, got " +
                                         shortText(O->get("activation")));
    return true;
  }

public:
  // Fills M from the file at Path; returns an error message (empty: done).
  std::string read(const std::string &Path, Model &M) {
    Where = Path;
    std::unique_ptr<MemoryBuffer> Buf;
    std::string Unread = readInputFile(Path, "policy file", MaxPolicyBytes, Buf);
    if (!Unread.empty())
      return Unread;
    if (unsigned Line = lineTooDeep(Buf->getBuffer())) // before json::parse, which recurses
      return "policy file '" + Path + "': line " + std::to_string(Line) + ": " + TooDeep;
    Expected<json::Value> V = json::parse(Buf->getBuffer());
    if (!V)
      return "policy file '" + Path + "': not JSON: " + toString(V.takeError());
    const json::Object *O = V->getAsObject();
    if (!O)
      return "policy file '" + Path + "': expected a JSON object";
    (void)(parse(*O, M));
    return Err;
  }

private:
  bool parse(const json::Object &O, Model &M) {
    static const char *const Known[] = {"format",        "version",    "target",
                                        "features",      "normalization", "pressure_sets",
                                        "model",         "tie_break",  "guard",
                                        "provenance"};
    for (const auto &KV : O)
      if (!is_contained(Known, KV.first.str()))
        return bad(KV.first.str(), "is not a policy field");
    if (O.getString("format") != StringRef("agentsched-policy"))
      return bad("format", "must be 'agentsched-policy', got " + shortText(O.get("format")));
    if (O.getInteger("version") != int64_t(1))
      return bad("version", "must be 1 (this plugin reads version 1), got " +
                                shortText(O.get("version")));
    std::optional<StringRef> Family = O.getString("target");
    if (Family != StringRef("amdgpu") && Family != StringRef("nvptx"))
      return bad("target", "must be one of amdgpu, nvptx, got " + shortText(O.get("target")));
    M.Family = Family->str();
    const json::Array *F = O.getArray("features");
    if (!F || F->empty())
      return bad("features", "must be a non-empty array of feature names");
    for (size_t I = 0; I != F->size(); ++I) {
      std::string Field = "features[" + std::to_string(I) + "]";
      std::optional<StringRef> Name = (*F)[I].getAsString();
      auto It = Name ? llvm::find(FeatureNames, *Name) : std::end(FeatureNames);
      if (It == std::end(FeatureNames))
        return bad(Field, "names no feature: " + shortText(&(*F)[I]) +
                              " (docs/policy.md lists them)");
      unsigned Index = It - std::begin(FeatureNames);
      if (is_contained(M.Inputs, Index))
        return bad(Field, "repeats '" + Name->str() + "'");
      M.Inputs.push_back(Index);
    }
    size_t N = M.Inputs.size();
    M.Mean.assign(N, 0.0);
    M.Scale.assign(N, 1.0);
    if (const json::Value *Norm = O.get("normalization")) {
      const json::Object *NO = Norm->getAsObject();
      if (!NO || llvm::any_of(*NO, [](const auto &KV) {
            return KV.first != "mean" && KV.first != "scale";
          }))
        return bad("normalization", "must be an object with 'mean' and/or 'scale'");
      if (NO->get("mean") &&
          !numbers(NO->get("mean"), "normalization.mean", N, -MaxAbs, M.Mean))
        return false;
      if (NO->get("scale") &&
          !numbers(NO->get("scale"), "normalization.scale", N, MinScale, M.Scale))
        return false;
    }
    const json::Object *PS = O.getObject("pressure_sets");
    if (!PS || PS->size() != 2 || !PS->get("vgpr") || !PS->get("sgpr"))
      return bad("pressure_sets", "must be an object with 'vgpr' and 'sgpr'");
    if (!sets(PS, "vgpr", M.Sets.Vgpr) || !sets(PS, "sgpr", M.Sets.Sgpr))
      return false;
    const json::Object *Mo = O.getObject("model");
    std::optional<StringRef> Type = Mo ? Mo->getString("type") : std::nullopt;
    if (Type == StringRef("linear")) {
      if (llvm::any_of(*Mo, [](const auto &KV) {
            return KV.first != "type" && KV.first != "weights" && KV.first != "bias";
          }))
        return bad("model", "a linear model has 'weights' and 'bias' only");
      Layer L;
      L.In = N;
      L.Out = 1;
      L.B.assign(1, 0.0);
      if (!numbers(Mo->get("weights"), "model.weights", N, -MaxAbs, L.W))
        return false;
      if (Mo->get("bias") && !number(Mo->get("bias"), "model.bias[0]", -MaxAbs, L.B[0]))
        return false;
      M.Layers.push_back(std::move(L));
    } else if (Type == StringRef("mlp")) {
      const json::Array *Ls = Mo->getArray("layers");
      if (Mo->size() != 2 || !Ls || Ls->empty() || Ls->size() > MaxLayers)
        return bad("model.layers",
                   "must be an array of 1 to " + std::to_string(MaxLayers) + " layers");
      unsigned In = N;
      for (size_t K = 0; K != Ls->size(); ++K) {
        Layer L;
        if (!layer(&(*Ls)[K], "model.layers[" + std::to_string(K) + "]", In, L))
          return false;
        In = L.Out;
        M.Layers.push_back(std::move(L));
      }
      if (In != 1)
        return bad("model.layers[" + std::to_string(Ls->size() - 1) + "].weights",
                   "must have 1 row (the score), got " + std::to_string(In));
    } else {
      return bad("model", "must be an object with \"type\": \"linear\" or \"mlp\", got " +
                              shortText(O.get("model")));
    }
    if (const json::Value *T = O.get("tie_break"); T && T->getAsString() != "llvm_then_order")
      return bad("tie_break", "must be 'llvm_then_order', got " + shortText(T));
    if (const json::Value *G = O.get("guard"); G && G->kind() != json::Value::Null) {
      const json::Object *GO = G->getAsObject();
      if (!GO || GO->getString("type") != StringRef("vgpr_pressure") ||
          llvm::any_of(*GO, [](const auto &KV) {
            return KV.first != "type" && KV.first != "slack";
          }))
        return bad("guard", "must be null or {\"type\": 'vgpr_pressure', \"slack\": N}, got " +
                                shortText(G));
      M.Guard = true;
      if (const json::Value *S = GO->get("slack")) {
        std::optional<int64_t> I = S->getAsInteger();
        if (!I || *I < 0 || *I > int64_t(MaxAbs))
          return bad("guard.slack", "must be an integer >= 0, got " + shortText(S));
        M.Slack = *I;
      }
    }
    if (const json::Value *P = O.get("provenance"); P && !P->getAsObject())
      return bad("provenance", "must be an object");
    return true;
  }
};

// Four doubles, one lane per candidate (GCC's vector extension: SSE2 pairs, or AVX2 in
// the clone below). Each lane is a plain IEEE multiply or add, the same as a scalar one.
typedef double V4 __attribute__((vector_size(32)));

static V4 load4(const double *P) {
  V4 V;
  std::memcpy(&V, P, sizeof(V));
  return V;
}

// One layer over a block of candidates: Out[j][c] = act(0 + In[0][c]*w[0][j] + In[1][c]*w[1][j]
// + ... + b[j]), each sum over the inputs in order (In: L.In rows, Out: L.Out rows, each of
// Stride candidates, a multiple of 16). Sixteen candidates' sums advance together: four
// vectors of independent additions, none waiting for its own previous one.
__attribute__((target_clones("avx2", "default")))
static void affine(const Layer &L, const double *In, double *Out, size_t Stride) {
  for (unsigned J = 0; J != L.Out; ++J)
    for (size_t C = 0; C != Stride; C += 16) {
      V4 A0 = {0.0, 0.0, 0.0, 0.0}, A1 = A0, A2 = A0, A3 = A0;
      const double *X = In + C, *W = &L.W[J];
      for (unsigned K = 0; K != L.In; ++K, X += Stride, W += L.Out) {
        const double WK = *W;
        A0 = A0 + load4(X) * WK;
        A1 = A1 + load4(X + 4) * WK;
        A2 = A2 + load4(X + 8) * WK;
        A3 = A3 + load4(X + 12) * WK;
      }
      const double B = L.B[J];
      double *Y = Out + J * Stride + C;
      const V4 R[4] = {A0 + B, A1 + B, A2 + B, A3 + B};
      std::memcpy(Y, R, sizeof(R));
    }
}

// z = (x - mean) * (1 / scale) for input K of every candidate (one row of Stride).
__attribute__((target_clones("avx2", "default")))
static void normalize(const double *X, double Mean, double Inv, double *Z, size_t Stride) {
  for (size_t C = 0; C != Stride; C += 4) {
    const V4 R = (load4(X + C) - Mean) * Inv;
    std::memcpy(Z + C, &R, sizeof(R));
  }
}

// The activation of the first N entries of each of L.Out rows.
static void activate(const Layer &L, double *Y, size_t N, size_t Stride) {
  if (L.Act == Layer::Linear)
    return;
  for (unsigned J = 0; J != L.Out; ++J, Y += Stride)
    for (size_t C = 0; C != N; ++C)
      Y[C] = L.Act == Layer::Tanh ? std::tanh(Y[C]) : (Y[C] > 0.0 ? Y[C] : 0.0);
}

class Policy : public DecisionSource {
  Model M;
  std::vector<double> InvScale;   // 1 / scale, per input (z = (x - mean) * (1 / scale))
  bool WithPressureDiffs = false; // the model or its guard reads pressure diffs
  PointFeatures F;
  // Scratch reused at every point: Acts[0] the inputs, Acts[L + 1] layer L's outputs. One
  // buffer per layer, so resizing for the next point rarely grows one (and zero-fills it).
  std::vector<std::vector<double>> Acts;
  std::vector<double> Scores;
  std::vector<char> Allowed;


  // The best candidate among the allowed ones (Allowed empty: all); ties as docs/policy.md
  // says: LLVM's pick, then candidate order (one entry per instruction, in LLVM's zone).
  size_t best(const Snapshot &S) {
    auto Ok = [&](size_t I) { return Allowed.empty() || Allowed[I]; };
    double Top = -std::numeric_limits<double>::infinity();
    for (size_t I = 0; I != Scores.size(); ++I)
      if (Ok(I))
        Top = std::max(Top, Scores[I]);
    std::vector<size_t> Best;
    for (size_t I = 0; I != Scores.size(); ++I)
      if (Ok(I) && Scores[I] >= Top - TieEps)
        Best.push_back(I);
    if (Best.size() == 1 || is_contained(Best, S.LlvmIndex))
      return Best.size() == 1 ? Best[0] : S.LlvmIndex;
    std::vector<size_t> Unique; // DecisionPoint.unique_candidates
    DenseMap<const SUnit *, size_t> Slot;
    for (size_t I = 0; I != S.Cands.size(); ++I) {
      auto [It, New] = Slot.try_emplace(S.Cands[I].SU, Unique.size());
      if (New)
        Unique.push_back(I);
      else if (S.Cands[I].Top == S.Llvm.Top && S.Cands[Unique[It->second]].Top != S.Llvm.Top)
        Unique[It->second] = I;
    }
    for (size_t I : Unique)
      if (is_contained(Best, I))
        return I;
    return Best[0];
  }

public:
  std::string load() {
    std::string Err = Reader().read(PolicyPath, M);
    WithPressureDiffs = M.Guard;
    for (unsigned F : M.Inputs)
      WithPressureDiffs |= F == PressureAfter || F == VgprPressureDiff || F == SgprPressureDiff;
    for (double Sc : M.Scale)
      InvScale.push_back(1.0 / Sc);
    usePolicyPressureSets(M.Sets, M.Family, "policy file '" + PolicyPath + "'");
    return Err;
  }

  Pick decide(const Snapshot &S) override {
    if (!S.IsChoice)
      return S.Llvm;
    bindUnits(S.H);
    ++Stats.PolicyDecisions;
    computeFeatures(S, WithPressureDiffs, F);
    const size_t N = S.Cands.size(), Stride = F.Stride;
    const unsigned In = M.Inputs.size();
    Acts.resize(M.Layers.size() + 1);
    Acts[0].resize(In * Stride);
    for (unsigned K = 0; K != In; ++K)
      normalize(&F.Cols[M.Inputs[K] * Stride], M.Mean[K], InvScale[K], &Acts[0][K * Stride],
                Stride);
    for (size_t K = 0; K != M.Layers.size(); ++K) {
      const Layer &L = M.Layers[K];
      Acts[K + 1].resize(L.Out * Stride);
      affine(L, Acts[K].data(), Acts[K + 1].data(), Stride);
      activate(L, Acts[K + 1].data(), N, Stride);
    }
    Scores.assign(Acts.back().begin(), Acts.back().begin() + N);

    Allowed.clear();
    size_t Choice = best(S);
    if (M.Guard) {
      // LLVM's own pick, or a pick that leaves its zone's boundary pressure at most the
      // larger of the region's reference + slack and that boundary's pressure now.
      Allowed.resize(N);
      for (size_t I = 0; I != N; ++I)
        Allowed[I] = I == S.LlvmIndex ||
                     F.After[I] <= std::max(F.Ref + M.Slack, S.Cands[I].Top ? F.NowTop : F.NowBot);
      if (!Allowed[Choice]) {
        Choice = best(S);
        ++Stats.GuardInterventions;
      }
    }
    return S.pickAt(Choice);
  }
};

} // namespace policy

std::unique_ptr<DecisionSource> loadPolicy(std::string &Err) {
  auto P = std::make_unique<policy::Policy>();
  if (!(Err = P->load()).empty())
    return nullptr;
  return P;
}

} // namespace agentsched
