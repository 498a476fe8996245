"""Writes this directory's policy files and cases.json, the table of what both readers (the
plugin's -agent-sched-policy and agentsched.core.policy.load_policy with the policy agent's
target check) must do with each, for an sm_90 compile: accept it, or refuse it with an
error that contains `error`. Run it again after changing a case; tests/test_input_files.py
reads what it wrote (and makes the FIFO, /dev/zero, directory, empty-name and too-large
cases at test time)."""
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
BASE = {"format": "agentsched-policy", "version": 1, "target": "nvptx",
        "features": ["latency", "height"],
        # the sets an sm_90 compile counts (Target.pressure_sets): Python's policy agent refuses
        # others, since only the plugin evaluates a policy counting different sets
        "pressure_sets": {"vgpr": {"Int16Regs": 1, "Int32Regs": 1, "Float32Regs": 1,
                                   "Int64Regs": 2, "Float64Regs": 2, "Int128Regs": 4},
                          "sgpr": {}},
        "model": {"type": "linear", "weights": [1.0, -2.0], "bias": 0.5},
        "guard": {"type": "vgpr_pressure", "slack": 0}}
CASES = []


def case(name, text, error=None, why=""):
    path = HERE / f"{name}.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    CASES.append({"file": path.name, "error": error, "why": why})


def with_(**fields):
    return json.dumps({**BASE, **fields})


def nested(levels, leaf="1"):
    """`levels` arrays around a leaf: the provenance's content."""
    return "[" * levels + leaf + "]" * levels


def with_provenance(inner: str) -> str:
    return json.dumps(BASE)[:-1] + ', "provenance": {"x": ' + inner + "}}"


def weights(first: str) -> str:
    return json.dumps(BASE).replace("[1.0, -2.0]", f"[{first}, -2.0]")


# accepted
case("minimal", json.dumps(BASE), why="a valid linear policy")
case("mlp_all_fields", json.dumps({
    **BASE, "features": ["latency", "depth", "pressure_after"],
    "normalization": {"mean": [0, 0, 1.0], "scale": [1, 2, 0.25]},
    "model": {"type": "mlp", "layers": [
        {"weights": [[1, 0, -1], [0.5, 0.5, 0.5]], "bias": [0, 0.1], "activation": "tanh"},
        {"weights": [[1, -1]], "bias": [0], "activation": "linear"}]},
    "tie_break": "llvm_then_order", "provenance": {"command": "make_cases.py"}}),
    why="every field")
case("version_1_0", with_(version=1.0), why="JSON does not tell 1 from 1.0")
case("duplicate_key_last_wins", json.dumps(BASE)[:-1] + ', "version": 1}',
     why="the last of a repeated key counts, in both")
# the top object, the provenance object and 62 arrays: 64 levels
case("depth_64", with_provenance(nested(62)), why="nesting at the limit")
case("brackets_in_strings", with_provenance(json.dumps("[" * 100 + '\\"{' * 100)),
     why="brackets inside strings (escaped quotes too) do not nest")

# nesting beyond the limit: refused before JSON is parsed
case("depth_65", with_provenance(nested(63)), "line 1: JSON nested more than 64 levels deep")
case("depth_65_on_line_3", json.dumps(BASE)[:-1] + ',\n"provenance":\n{"x": ' + nested(63) +
     "}}", "line 3: JSON nested more than 64 levels deep", "the error names the line")
case("provenance_1000_deep", with_provenance(nested(1000)),
     "JSON nested more than 64 levels deep", "Python refused it with a RecursionError")
case("deep_100000", with_provenance(nested(100000)), "JSON nested more than 64 levels deep",
     "the plugin's json::parse overflowed the stack")

# numbers
case("weight_1e400", weights("1e400"), "field 'model.weights[0]'", "inf")
case("weight_5000_digits", weights("1" * 5000), "field 'model.weights[0]'",
     "Python's int() refuses 4300+ digits; the plugin reads a double (inf)")
case("weight_1e10", weights("1e10"), "field 'model.weights[0]'", "beyond 1e9")
case("bias_30_digit_integer", with_(model={"type": "linear", "weights": [1, 2],
                                           "bias": 10**30}),
     "field 'model.bias[0]'", "an integer beyond 64 bits")
case("weight_nan", weights("NaN"), "not JSON", "Python's json takes NaN, JSON does not")
case("weight_infinity", weights("-Infinity"), "not JSON")
case("scale_zero", with_(normalization={"scale": [0, 1]}), "field 'normalization.scale[0]'")

# wrong types
case("version_string", with_(version="1"), "field 'version'")
case("features_string", with_(features="latency"), "field 'features'")
case("feature_unknown", with_(features=["latency", "nope"]), "field 'features[1]'")
case("weights_strings", with_(model={"type": "linear", "weights": ["1", "2"]}),
     "field 'model.weights[0]'")
case("weight_bool", with_(model={"type": "linear", "weights": [True, 2]}),
     "field 'model.weights[0]'")
case("units_zero", with_(pressure_sets={"vgpr": {"Int32Regs": 0}, "sgpr": {}}),
     "field 'pressure_sets.vgpr.Int32Regs'")
case("units_fraction", with_(pressure_sets={"vgpr": {"Int32Regs": 2.5}, "sgpr": {}}),
     "field 'pressure_sets.vgpr.Int32Regs'")
case("slack_fraction", with_(guard={"type": "vgpr_pressure", "slack": 1.5}),
     "field 'guard.slack'")
case("slack_negative", with_(guard={"type": "vgpr_pressure", "slack": -1}),
     "field 'guard.slack'")
case("mlp_row_too_short", with_(model={"type": "mlp", "layers": [
    {"weights": [[1, 2], [3, 4]], "bias": [0, 0], "activation": "relu"},
    {"weights": [[1]], "bias": [0], "activation": "linear"}]}),
    "field 'model.layers[1].weights[0]'")
case("provenance_string", with_(provenance="made by hand"), "field 'provenance'")
case("top_level_array", "[]", "expected a JSON object")

# unknown fields
case("unknown_field", with_(comment="x"), "field 'comment'")
case("unknown_model_field", with_(model={"type": "linear", "weights": [1, 2], "layers": []}),
     "field 'model'")
case("unknown_guard_field", with_(guard={"type": "vgpr_pressure", "margin": 1}),
     "field 'guard'")
case("unknown_normalization_field", with_(normalization={"mean": [0, 0], "std": [1, 1]}),
     "field 'normalization'")

# not for this target (the compile is sm_90)
case("wrong_family", with_(target="amdgpu"), "field 'target'")
case("duplicate_key_wrong_family", json.dumps(BASE)[:-1] + ', "target": "amdgpu"}',
     "field 'target'", "the last \"target\" counts")
case("unknown_pressure_set", with_(pressure_sets={"vgpr": {"VGPR_32": 1}, "sgpr": {}}),
     "field 'pressure_sets.vgpr.VGPR_32'", "an AMDGPU set in an NVPTX policy")

# not JSON at all
case("empty_file", "", "not JSON")
case("trailing_text", json.dumps(BASE) + " x", "not JSON")
case("not_utf8", json.dumps(BASE).replace("latency", "lat\udcffency", 1).encode(
    "utf-8", "surrogateescape"), "UTF-8")

(HERE / "cases.json").write_text(json.dumps(CASES, indent=1) + "\n")
print(len(CASES), "cases")
