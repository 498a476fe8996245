"""One feature vector, owned by the plugin (-agent-sched-features, docs/protocol.md): every
decision point can carry its candidates' rows of the plugin's feature catalog, computed by
the code its policies use (Python keeps no copy of their definitions: core/catalog.py reads
their names from native/features.def). Here: the live channel and both state-log forms carry
the same rows, the option changes nothing else, and a malformed "features" field is an error
naming it. (Before Python's copies were removed, a test here showed the plugin's rows equal
to them bit for bit on fused_mlp, fa_decode and gemm8x8 x gfx1100, gfx942, sm_90.)"""
import json
import re

import numpy as np
import pytest

from agentsched.core import policy as P
from agentsched.core.protocol import ProtocolError, read_states
from agentsched.llvm.compile import compile_ir
from agentsched.llvm.frontend import emit_ir
from agentsched.llvm.session import LiveSession
from agentsched.targets import parse_target
from agentsched.tools import plugin

from .conftest import DATA, requires_llvm

pytestmark = requires_llvm


def same_bits(a: np.ndarray, b: np.ndarray) -> bool:
    return a.shape == b.shape and np.array_equal(a.view(np.uint64), b.view(np.uint64))


def test_the_catalog_comes_from_the_plugin():
    assert plugin.feature_names() == P.FEATURES
    assert plugin._features_file(plugin.plugin_path()).exists()  # written by the build


def test_live_channel_and_both_logs_carry_the_same_rows(tmp_path):
    t = parse_target("gfx942")
    ir = emit_ir(DATA / "gemm_tile.cu", t)
    full, compact = tmp_path / "full.jsonl", tmp_path / "compact.jsonl"
    compile_ir(ir, t, state_log=full, full_state_log=True, features=True)
    with LiveSession(ir, t, state_log=compact, features=True) as s:
        live = {}
        for point in s:
            live[point.key] = point.features
            s.answer(point.llvm_candidate)
    logged = {p.key: p for p in read_states(full)}
    assert [p.features for p in read_states(compact)] == [p.features for p in logged.values()]
    assert live and all(logged[k].features == rows for k, rows in live.items())
    for p in logged.values():  # one row per candidate, the whole catalog each
        assert len(p.features) == len(p.candidates)
        assert {len(row) for row in p.features} == {len(P.FEATURES)}


def test_the_option_changes_nothing_else(tmp_path):
    t = parse_target("sm_90")
    ir = emit_ir(DATA / "attn_tile.cu", t)
    on, off = tmp_path / "on.jsonl", tmp_path / "off.jsonl"
    with_rows = compile_ir(ir, t, state_log=on, features=True)
    without = compile_ir(ir, t, state_log=off)
    assert with_rows.asm == without.asm and with_rows.report == without.report
    assert "features" not in off.read_text()
    assert all(p.features is None for p in read_states(off))
    stripped = [{k: v for k, v in json.loads(line).items() if k != "features"}
                for line in on.read_text().splitlines()]
    assert stripped == [json.loads(line) for line in off.read_text().splitlines()]
    assert without.report["feature_names"] == list(plugin.feature_names())  # always


@pytest.mark.parametrize("mutate, names", [
    (lambda f: f[:-1], "field 'features' must have"),
    (lambda f: [f[0], f[1][:-1], *f[2:]], "field 'features[1]'"),
    (lambda f: [f[0], "x", *f[2:]], "field 'features[1]'"),
    (lambda f: [[*f[0][:2], True, *f[0][3:]], *f[1:]], "field 'features[0][2]'"),
    (lambda f: [[*f[0][:2], "0.5", *f[0][3:]], *f[1:]], "field 'features[0][2]'"),
    (lambda f: "rows", "field 'features' must be an array"),
])
@pytest.mark.parametrize("form", ["full", "compact"])
def test_malformed_features_name_the_field(mutate, names, form, tmp_path):
    t = parse_target("gfx1100")
    log = tmp_path / "states.jsonl"
    compile_ir(emit_ir(DATA / "gemm_tile.cu", t), t, state_log=log, features=True,
               full_state_log=form == "full")
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    n = next(i for i, d in enumerate(lines) if len(d["features"]) > 2)
    lines[n]["features"] = mutate(lines[n]["features"])
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join(json.dumps(d) + "\n" for d in lines[:n + 1]))
    with pytest.raises(ProtocolError, match=re.escape(f"{bad}:{n + 1}: malformed decision "
                                                      f"point: {names}")):
        list(read_states(bad))


@pytest.mark.parametrize("target", ["gfx942", "sm_90"])
def test_the_plugins_default_pressure_sets_are_the_targets(target, tmp_path):
    """Without a policy file the plugin's features count its own table of pressure sets;
    with a policy made from Target.pressure_sets they must be the same rows (one table in
    effect, whichever side is asked)."""
    from agentsched.core.policy import save_policy
    from agentsched.targets.policy import linear_policy
    t = parse_target(target)
    ir = emit_ir(DATA / "gemm_tile.cu", t)
    pol = tmp_path / "llvm.json"
    save_policy(linear_policy([1.0], target=t, features=("is_llvm_pick",), guard=None), pol)
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    compile_ir(ir, t, state_log=a, features=True)
    compile_ir(ir, t, state_log=b, features=True, policy=pol)
    rows = [[p.features for p in read_states(f)] for f in (a, b)]
    assert rows[0] == rows[1] and len(rows[0]) > 50
