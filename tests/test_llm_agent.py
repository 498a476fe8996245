"""The LLM agent against a fake OpenAI-compatible server (tests/fake_openai.py): following
answers, falling back (and counting why), the circuit breaker, the offline cache, region
mode, configuration and keeping the API key secret. Quick: no real model, short timeouts."""
from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass

import pytest

from agentsched.agents import make_agent
from agentsched.agents.llm import (
    KEY_VARS,
    LLMAgent,
    LLMConfigError,
    extract_json,
    parse_id,
    parse_order,
    resolve_api_key,
)
from agentsched.core.protocol import Candidate, DecisionPoint, RegionInstr

from .fake_openai import FakeOpenAI, fake_openai  # noqa: F401  (fake_openai is a fixture)

SECRET = "sk-TEST-SECRET-5f3a9c0d7e"


@pytest.fixture(autouse=True)
def clean_env(monkeypatch, tmp_path):
    """No developer settings leak in; the default cache lands in tmp_path."""
    for var in KEY_VARS + ("AGENTSCHED_LLM_BASE_URL", "AGENTSCHED_LLM_MODEL",
                           "AGENTSCHED_LLM_MODE", "AGENTSCHED_LLM_OFFLINE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("AGENTSCHED_DATA", str(tmp_path / "data"))


def agent(server: FakeOpenAI, tmp_path, **options) -> LLMAgent:
    opts = dict(base_url=options.pop("base_url", None) or server.url, timeout=0.5,
                retries=0, backoff=0.01, cache_dir=tmp_path / "cache")
    opts.update(options)
    return make_agent("llm", **opts)


# ---------------------------------------------------------------- synthetic points

def cand(id, zone="top", latency=1, queue="available", cls="valu", **kw) -> Candidate:
    fields = dict(node=id, opcode=f"OP{id}", text=f"op{id}", depth=0, height=0,
                  vgpr_defs=1, sgpr_defs=0, vgpr_uses=1, sgpr_uses=0)
    fields.update(kw)
    return Candidate(id=id, zone=zone, queue=queue, cls=cls, latency=latency, **fields)


def point(cands, llvm=None, step=0, function="k", region=0, visit=0, size=None,
          instructions=None) -> DecisionPoint:
    size = size or len(cands)
    llvm = llvm or cands[0].key
    return DecisionPoint(function, region, visit, 0, 0, size, step, size - step,
                         {"VGPR_32": 8}, {}, list(cands), llvm, instructions=instructions)


@dataclass
class Node:
    latency: int
    preds: tuple = ()


# A small region: two loads (long latency), their uses, and a join.
DAG = {1: Node(20), 2: Node(1), 3: Node(20), 4: Node(4, (1,)), 5: Node(4, (2, 3)),
       6: Node(1, (4, 5))}


def schedule(agent, dag=DAG, zone="top", region=0, visit=0):
    """Run one pass of a toy list scheduler over `dag`, asking `agent` at each step.
    LLVM's pick is the lowest ready id. Returns the final top-to-bottom order."""
    succs = {i: [j for j, n in dag.items() if i in n.preds] for i in dag}
    instrs = [RegionInstr(i, f"OP{i}", f"op{i}", "valu", n.latency, n.preds)
              for i, n in dag.items()]
    done: list[int] = []
    for step in range(len(dag)):
        deps = (lambda i: dag[i].preds) if zone == "top" else (lambda i: succs[i])
        ready = sorted(i for i in dag if i not in done and all(d in done for d in deps(i)))
        cands = [cand(i, zone, dag[i].latency) for i in ready]
        p = point(cands, step=step, region=region, visit=visit, size=len(dag),
                  instructions=instrs if step == 0 else None)
        c = agent.pick(p)
        assert c in cands
        done.append(c.id)
    return done if zone == "top" else done[::-1]


# ---------------------------------------------------------------- step mode

def test_good_answers_are_followed(fake_openai, tmp_path):
    a = agent(fake_openai, tmp_path)
    p = point([cand(1, latency=2), cand(2, latency=9), cand(3, latency=9)], llvm=(1, "top"))
    assert a.pick(p).id == 2  # the fake's rule: first candidate with the largest latency
    s = a.stats()
    assert (s["calls"], s["followed"], s["fallbacks_total"]) == (1, 1, 0)
    assert s["prompt_tokens"] > 0 and s["completion_tokens"] > 0
    assert s["latency_s"] > 0 and s["latency_mean_s"] == s["latency_s"]
    assert (s["mode"], s["model"]) == ("step", "deepseek-chat")
    body = fake_openai.requests[0].body
    assert body["temperature"] == 0 and body["response_format"] == {"type": "json_object"}
    assert "LLVM would pick: #1 (top)" in body["messages"][1]["content"]


def test_whole_pass_follows_model_and_tracks_schedule(fake_openai, tmp_path):
    a = agent(fake_openai, tmp_path)
    assert schedule(a) == [1, 3, 4, 2, 5, 6]  # greedy by latency, not LLVM's [1, 2, ...]
    s = a.stats()
    assert s["decisions"] == 6 and s["trivial"] == 3 and s["calls"] == 3
    last = fake_openai.requests[-1].body["messages"][1]["content"]
    assert "scheduled top (2, top-down): #1 OP1, #3 OP3\n" in last


def test_single_ready_instruction_makes_no_call(fake_openai, tmp_path):
    a = agent(fake_openai, tmp_path)
    p = point([cand(7, "top"), cand(7, "bot")], llvm=(7, "bot"))
    assert a.pick(p).key == (7, "bot")
    assert a.stats()["calls"] == 0 and fake_openai.requests == []


def test_zone_prefers_llvms_zone(fake_openai, tmp_path):
    a = agent(fake_openai, tmp_path)
    p = point([cand(1, "top"), cand(2, "top", latency=9), cand(2, "bot", latency=9)],
              llvm=(1, "bot"))
    assert a.pick(p).key == (2, "bot")


def test_lenient_parsing_of_chatty_answer(fake_openai, tmp_path):
    fake_openai.behaviour = "fenced"
    a = agent(fake_openai, tmp_path, json_mode=False)
    assert a.pick(point([cand(1), cand(2, latency=5)])).id == 2
    assert "response_format" not in fake_openai.requests[0].body


@pytest.mark.parametrize("behaviour,reason", [
    ("garbage", "parse"), ("non_candidate", "non_candidate"), ("fail", "error"),
    ("auth_fail", "error"), ("slow", "timeout")])
def test_bad_answers_fall_back_to_llvm(fake_openai, tmp_path, behaviour, reason):
    fake_openai.behaviour = behaviour
    a = agent(fake_openai, tmp_path, timeout=0.2)
    p = point([cand(1), cand(2, latency=9)], llvm=(1, "top"))
    assert a.pick(p).key == (1, "top")
    s = a.stats()
    assert s["fallbacks"][reason] == 1 and s["fallbacks_total"] == 1 and s["calls"] == 1


def test_retries_transient_errors_not_permanent_ones(fake_openai, tmp_path):
    fake_openai.script = ["fail", "good"]
    a = agent(fake_openai, tmp_path, retries=2)
    assert a.pick(point([cand(1), cand(2, latency=9)])).id == 2
    assert (a.stats()["calls"], a.stats()["attempts"]) == (1, 2)
    fake_openai.behaviour = "auth_fail"  # a bad key will not get better: one attempt
    a.pick(point([cand(3), cand(4, latency=9)]))
    assert a.stats()["attempts"] == 3


def test_circuit_opens_and_a_hanging_server_costs_little(fake_openai, tmp_path):
    fake_openai.behaviour, fake_openai.slow_s = "slow", 60
    a = agent(fake_openai, tmp_path, timeout=0.2, retries=1, max_failures=3)
    start = time.monotonic()
    picks = [a.pick(point([cand(1), cand(2 + i, latency=9)], region=i)).id for i in range(30)]
    elapsed = time.monotonic() - start
    assert picks == [1] * 30
    s = a.stats()
    assert s["fallbacks"]["timeout"] == 3 and s["fallbacks"]["circuit_open"] == 27
    assert s["circuit_open"] and s["calls"] == 3 and len(fake_openai.requests) == 6
    assert elapsed < 4


def test_a_success_resets_the_failure_count(fake_openai, tmp_path):
    fake_openai.script = ["fail", "fail", "good", "fail", "fail", "good"]
    a = agent(fake_openai, tmp_path, max_failures=3)
    for i in range(6):
        a.pick(point([cand(1), cand(2 + i, latency=9)], region=i))
    s = a.stats()
    assert not s["circuit_open"] and s["followed"] == 2 and s["fallbacks"]["error"] == 4


# ---------------------------------------------------------------- cache

def test_cache_replays_offline_with_identical_decisions(fake_openai, tmp_path):
    first = agent(fake_openai, tmp_path)
    order1 = schedule(first)
    calls = first.stats()["calls"]
    url = fake_openai.url
    fake_openai.stop()  # no server any more: every answer must come from the cache

    again = agent(fake_openai, tmp_path, base_url=url)  # the same endpoint, now down
    assert schedule(again) == order1
    s = again.stats()
    assert s["calls"] == 0 and s["cache_hits"] == calls and s["fallbacks_total"] == 0

    offline = agent(fake_openai, tmp_path, base_url=url, offline=True)
    assert schedule(offline) == order1  # no key needed offline
    assert offline.pick(point([cand(8), cand(9, latency=9)], region=5)).id == 8  # a miss
    assert offline.stats()["fallbacks"]["offline"] == 1


def test_cache_entries_and_export(fake_openai, tmp_path):
    a = agent(fake_openai, tmp_path)
    schedule(a)
    files = sorted((tmp_path / "cache").glob("*.json"))
    assert len(files) == a.stats()["calls"] == 3
    entry = json.loads(files[0].read_text())
    assert files[0].stem == entry["key"] and entry["model"] == "deepseek-chat"
    assert {"messages", "content", "usage", "temperature", "mode", "endpoint", "max_tokens",
            "json_mode"} <= set(entry)
    assert entry["endpoint"] == fake_openai.url
    copied = a.export_cache(tmp_path / "export")
    assert sorted(p.name for p in copied) == [f.name for f in files]
    other = agent(fake_openai, tmp_path, cache_dir=tmp_path / "cache2")
    other.pick(point([cand(1), cand(2, latency=3)]))
    assert len(other.export_cache(tmp_path / "export2")) == 1  # only what this run used


def test_cache_key_depends_on_model_and_mode(fake_openai, tmp_path):
    p = point([cand(1), cand(2, latency=9)])
    agent(fake_openai, tmp_path).pick(p)
    agent(fake_openai, tmp_path, model="other-model").pick(p)
    agent(fake_openai, tmp_path).pick(p)
    assert len(fake_openai.requests) == 2


# ---------------------------------------------------------------- region mode

def test_region_mode_one_call_per_pass_follows_order(fake_openai, tmp_path):
    fake_openai.order_fn = lambda ids: [3, 2, 1, 5, 4, 6]  # a valid order, not LLVM's
    a = agent(fake_openai, tmp_path, mode="region")
    assert schedule(a, visit=0) == [3, 2, 1, 5, 4, 6]
    assert schedule(a, visit=1) == [3, 2, 1, 5, 4, 6]
    s = a.stats()
    assert s["mode"] == "region" and s["calls"] == 2 and s["fallbacks_total"] == 0
    body = fake_openai.requests[0].body
    assert body["max_tokens"] == 8192
    assert "#5 valu OP5 lat=4 preds=#2,#3" in body["messages"][1]["content"]


def test_region_mode_bottom_up_follows_order_from_the_bottom(fake_openai, tmp_path):
    fake_openai.order_fn = lambda ids: [3, 2, 1, 5, 4, 6]
    a = agent(fake_openai, tmp_path, mode="region")
    assert schedule(a, zone="bot") == [3, 2, 1, 5, 4, 6]


def test_region_mode_chain_costs_no_call(fake_openai, tmp_path):
    a = agent(fake_openai, tmp_path, mode="region")
    chain = {1: Node(1), 2: Node(1, (1,)), 3: Node(1, (2,))}
    assert schedule(a, dag=chain) == [1, 2, 3]
    assert a.stats()["calls"] == 0


def test_region_mode_bad_order_falls_back(fake_openai, tmp_path):
    fake_openai.order_fn = lambda ids: [999]
    a = agent(fake_openai, tmp_path, mode="region")
    assert schedule(a) == [1, 2, 3, 4, 5, 6]  # LLVM's picks
    assert a.stats()["fallbacks"]["order_miss"] == 4  # the 4 steps with a choice
    fake_openai.behaviour = "garbage"
    schedule(a, visit=1)
    assert a.stats()["fallbacks"]["parse"] == 4 and a.stats()["calls"] == 2


# ---------------------------------------------------------------- parsing

def test_extract_json_and_parse():
    assert extract_json('x {"a": 1} y {"id": 2}', "id") == {"id": 2}
    assert extract_json("no json {here") is None
    assert parse_id('```json\n{"id": "#17", "reason": "r"}\n```') == 17
    assert parse_id('{"id": true}') is None and parse_id('{"pick": 3}') is None
    assert parse_id('<think>{maybe}</think> {"id": 4}') == 4
    assert parse_order('{"order": [1, "2", "#3", null, "x"]}') == [1, 2, 3]
    assert parse_order('{"order": "1,2"}') is None


# ---------------------------------------------------------------- configuration and the key

def test_key_precedence():
    url = "https://api.deepseek.com"
    env = {"AGENTSCHED_LLM_API_KEY": "a", "DEEPSEEK_API_KEY": "d", "OPENAI_API_KEY": "o"}
    assert resolve_api_key(url, env) == ("a", "AGENTSCHED_LLM_API_KEY")
    del env["AGENTSCHED_LLM_API_KEY"]
    assert resolve_api_key(url, env) == ("d", "DEEPSEEK_API_KEY")
    env["DEEPSEEK_API_KEY"] = ""  # empty counts as unset
    assert resolve_api_key(url, env) == ("o", "OPENAI_API_KEY")
    assert resolve_api_key("http://localhost:8000/v1", {})[0] == "none"
    assert resolve_api_key("http://[::1]:8000/v1", {})[0] == "none"


def test_key_reaches_server_by_precedence(fake_openai, tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-openai")
    monkeypatch.setenv("DEEPSEEK_API_KEY", "sk-deepseek")
    agent(fake_openai, tmp_path).pick(point([cand(1), cand(2)]))
    assert fake_openai.requests[-1].headers["authorization"] == "Bearer sk-deepseek"


def test_no_key_for_remote_server_is_an_error():
    with pytest.raises(LLMConfigError) as e:
        make_agent("llm", base_url="https://user:pw@api.example.com/v1?token=t")
    msg = str(e.value)
    assert all(v in msg for v in KEY_VARS) and "pw" not in msg and "token" not in msg
    with pytest.raises(LLMConfigError):
        make_agent("llm")  # DeepSeek by default


def test_options_fall_back_to_environment(fake_openai, tmp_path, monkeypatch):
    monkeypatch.setenv("AGENTSCHED_LLM_BASE_URL", fake_openai.url)
    monkeypatch.setenv("AGENTSCHED_LLM_MODEL", "env-model")
    a = make_agent("llm", seed=3, unrelated_option=1)
    assert a.config.model == "env-model" and a.config.mode == "step"
    assert a.config.cache_dir == tmp_path / "data" / "llm-cache"
    a.pick(point([cand(1), cand(2)]))
    assert fake_openai.requests[0].body["model"] == "env-model"
    assert make_agent("llm", model="flag-model").config.model == "flag-model"
    with pytest.raises(LLMConfigError):
        make_agent("llm", mode="tree")


def test_key_never_leaks(fake_openai, tmp_path, monkeypatch, caplog, capsys):
    monkeypatch.setenv("AGENTSCHED_LLM_API_KEY", SECRET)
    caplog.set_level(logging.DEBUG)
    fake_openai.script = ["good", "garbage", "fail", "echo_fail", "non_candidate", "slow"]
    a = agent(fake_openai, tmp_path, timeout=0.2)
    for i in range(6):
        a.pick(point([cand(1), cand(2 + i, latency=9)], region=i))
    a.close()
    assert {r.headers["authorization"] for r in fake_openai.requests} == {f"Bearer {SECRET}"}
    assert "Bearer ***" in caplog.text  # the echoed header was redacted
    out = capsys.readouterr()
    cache_text = "".join(p.read_text() for p in (tmp_path / "cache").glob("*.json"))
    for where in (caplog.text, out.out, out.err, repr(a), str(a), json.dumps(a.stats()),
                  cache_text, repr(a.config)):
        assert SECRET not in where


# ---------------------------------------------------------------- cache keys (issue 11)

def test_a_second_endpoint_serving_the_same_model_is_asked(fake_openai, tmp_path):
    """Cached answers belong to the endpoint that gave them (scheme, host, port, path)."""
    p = point([cand(1), cand(2, latency=9)])
    other = FakeOpenAI("llvm").start()
    try:
        assert agent(fake_openai, tmp_path).pick(p).id == 2
        assert agent(other, tmp_path).pick(p).id == 1  # its own answer, not the cached one
        assert len(other.requests) == 1
        agent(other, tmp_path, base_url=other.url + "/").pick(p)  # same endpoint: cached
        assert len(other.requests) == 1
    finally:
        other.stop()


def test_cache_key_covers_sampling_parameters_and_never_the_key(fake_openai, tmp_path,
                                                                monkeypatch):
    p = point([cand(1), cand(2, latency=9)])
    monkeypatch.setenv("AGENTSCHED_LLM_API_KEY", SECRET)
    agent(fake_openai, tmp_path).pick(p)
    agent(fake_openai, tmp_path, temperature=0.7).pick(p)
    agent(fake_openai, tmp_path, max_tokens=64).pick(p)
    agent(fake_openai, tmp_path, json_mode=False).pick(p)
    assert len(fake_openai.requests) == 4
    monkeypatch.setenv("AGENTSCHED_LLM_API_KEY", "sk-another-key-of-the-same-account")
    agent(fake_openai, tmp_path).pick(p)  # the key is not part of what determines answers
    assert len(fake_openai.requests) == 4


@pytest.mark.parametrize("mode", ["step", "region"])
def test_unusable_answers_are_not_cached(fake_openai, tmp_path, mode):
    fake_openai.behaviour = "garbage"
    fake_openai.order_fn = lambda ids: []  # region mode: an empty order is unusable too
    first = agent(fake_openai, tmp_path, mode=mode)
    schedule(first)
    assert first.stats()["fallbacks"]["parse"] > 0
    assert list((tmp_path / "cache").glob("*.json")) == []
    fake_openai.behaviour = "good"
    fake_openai.order_fn = lambda ids: ids
    second = agent(fake_openai, tmp_path, mode=mode)
    schedule(second)
    s = second.stats()
    assert s["cache_hits"] == 0 and s["calls"] > 0 and s["fallbacks_total"] == 0


def test_failed_calls_are_not_cached(fake_openai, tmp_path):
    fake_openai.behaviour = "fail"
    agent(fake_openai, tmp_path).pick(point([cand(1), cand(2, latency=9)]))
    assert list((tmp_path / "cache").glob("*.json")) == []


def test_a_key_straddling_the_cut_of_an_error_message_is_never_logged(tmp_path, caplog,
                                                                      monkeypatch):
    """Error text is redacted before it is shortened: try the key at every offset around
    the cut, against a server whose error body echoes it."""
    key = "sk-STRADDLE-0123456789abcdefghij"
    monkeypatch.setenv("AGENTSCHED_LLM_API_KEY", key)
    caplog.set_level(logging.WARNING)
    server = EchoKeyServer(key).start()
    a = make_agent("llm", base_url=server.url, timeout=2, retries=0, backoff=0,
                   cache_dir=tmp_path / "cache", max_failures=10**6)
    try:
        for offset in range(0, 240):
            server.offset = offset
            caplog.clear()
            a.pick(point([cand(1), cand(2, latency=9)], region=offset))
            logged = caplog.text
            assert "LLM call failed" in logged
            for i in range(len(key) - 5):  # no 6 characters of the key, anywhere
                assert key[i:i + 6] not in logged, (offset, logged)
    finally:
        a.close()
        server.stop()


class EchoKeyServer(FakeOpenAI):
    """Answers HTTP 500 with the request's key placed `offset` characters into the message."""

    def __init__(self, key):
        super().__init__("fail")
        self.key, self.offset = key, 0

    def _handle(self, h):
        h.rfile.read(int(h.headers.get("Content-Length", 0)))
        msg = "x" * self.offset + self.key + " trailing text" * 20
        self._send(h, 500, {"error": {"message": msg, "type": "server_error"}})
