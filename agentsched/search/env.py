"""A gymnasium environment: one episode schedules one kernel through the live channel.

llc-19 runs in a background thread with an agent whose pick() hands the decision point to
the environment and blocks until env.step(action) answers. reset() and close() abort a
running compile (the agent raises, and the channel kills llc). See docs/search.md.
"""
from __future__ import annotations

import queue
import threading
from pathlib import Path

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..agents.base import Agent
from ..protocol import DecisionPoint
from ..toolchain.compile import compile_ir, emit_ir, parse_target
from .evaluate import (FEATURES, _measure, _summary, check_objective, candidate_features,
                       cost_of, evaluate, scalar_cost)

GLOBAL_FEATURES = ("progress", "remaining_frac", "region_size", "n_candidates", "stage",
                   "visit", "vgpr_pressure_top", "sgpr_pressure_top", "vgpr_pressure_bot",
                   "sgpr_pressure_bot", "kernel_progress")


OBS_BOUND = 100.0  # features are scaled to about [-1, 1]; outliers are clipped here


class _Abort(Exception):
    pass


_ABORT = object()


class _QueueAgent(Agent):
    name = "env"

    def __init__(self, out_q: queue.Queue, in_q: queue.Queue):
        self.out_q, self.in_q = out_q, in_q

    def pick(self, point):
        self.out_q.put(("point", point))
        ans = self.in_q.get()
        if ans is _ABORT:
            raise _Abort("episode aborted")
        return ans


def _pressure(d: dict, vector: bool) -> float:
    tot = 0.0
    for k, v in d.items():
        if k.upper().startswith(("VGPR", "VREG", "AGPR", "AREG", "AV_")) == vector:
            tot += v
    return tot


class SchedEnv(gym.Env):
    """Observation (Dict):
      candidates  float32 (max_candidates, len(FEATURES)), zero rows past the real ones
      mask        int8 (max_candidates,), 1 for a real candidate
      globals     float32 (len(GLOBAL_FEATURES),)
    info: action_mask (same as mask), llvm_action (index of LLVM's pick), point (the
    DecisionPoint), invalid_actions so far. Action: Discrete(max_candidates), an index into
    the candidates; a masked index means LLVM's pick (counted in info['invalid_actions']).
    Reward: 0 until the compile ends, then (reward="improvement") scalar(default cost) -
    scalar(cost), or (reward="neg_cost") -scalar(cost), with the objective's cost tuple.
    """

    metadata = {"render_modes": []}

    def __init__(self, kernel_source_or_ir: str | Path, target: str = "gfx1100",
                 objective: str = "vgpr", max_candidates: int = 32, reward: str = "improvement",
                 base: str = "target", defines: dict | None = None):
        super().__init__()
        check_objective(objective)
        if objective == "time":
            raise ValueError("SchedEnv supports the static objectives (vgpr, occupancy, "
                             "spills, cycles)")
        if reward not in ("improvement", "neg_cost"):
            raise ValueError("reward must be 'improvement' or 'neg_cost'")
        self.target = parse_target(target)
        src = Path(kernel_source_or_ir)
        if not src.exists():
            from ..experiment import resolve_kernel
            ref = resolve_kernel(str(kernel_source_or_ir))
            src, defines = ref.source, {**ref.defines, **(defines or {})}
        self.ir = emit_ir(src, self.target, defines)
        self.objective, self.reward_mode, self.base = objective, reward, base
        self.max_candidates = max_candidates
        nf, ng = len(FEATURES), len(GLOBAL_FEATURES)
        self.observation_space = spaces.Dict({
            "candidates": spaces.Box(-OBS_BOUND, OBS_BOUND, (max_candidates, nf), np.float32),
            "mask": spaces.Box(0, 1, (max_candidates,), np.int8),
            "globals": spaces.Box(-OBS_BOUND, OBS_BOUND, (ng,), np.float32),
        })
        self.action_space = spaces.Discrete(max_candidates)
        default = evaluate(self.ir, self.target, [], objective=objective, base=base)
        self.default_metrics, self.default_cost = default.metrics, default.cost
        self.default_points = max(1, int(default.report.get("choices") or 1))
        self._thread: threading.Thread | None = None
        self._in_q: queue.Queue | None = None
        self._out_q: queue.Queue | None = None
        self._point: DecisionPoint | None = None
        self._cands: list = []
        self._steps = 0
        self.invalid_actions = 0
        self.last_result: dict | None = None

    # ---------------------------------------------------------------- episode plumbing
    def _start(self) -> None:
        self._in_q, self._out_q = queue.Queue(), queue.Queue()
        agent = _QueueAgent(self._out_q, self._in_q)
        out_q = self._out_q

        def work():
            try:
                res = compile_ir(self.ir, self.target, agent=agent, base=self.base)
                out_q.put(("done", res))
            except BaseException as e:  # noqa: BLE001 - reported to the caller
                out_q.put(("error", e))

        self._thread = threading.Thread(target=work, name="agentsched-env-llc", daemon=True)
        self._thread.start()

    def _stop(self) -> None:
        """Abort a running compile: the agent raises, the channel kills llc."""
        th = self._thread
        if th is None:
            return
        if th.is_alive():
            self._in_q.put(_ABORT)
            th.join(timeout=60)
        self._thread = None
        self._point = None

    def _next(self):
        kind, val = self._out_q.get()
        if kind == "error":
            self._thread.join()
            self._thread = None
            raise val
        return kind, val

    def _observe(self, point: DecisionPoint) -> tuple[dict, dict]:
        n = self.max_candidates
        cands = list(point.candidates)
        llvm_idx = next(i for i, c in enumerate(cands) if c.key == point.llvm)
        if len(cands) > n:  # keep LLVM's pick visible when truncating
            if llvm_idx >= n:
                cands[n - 1], cands[llvm_idx] = cands[llvm_idx], cands[n - 1]
                llvm_idx = n - 1
            cands = cands[:n]
        self._cands = cands
        feats = np.zeros((n, len(FEATURES)), np.float32)
        feats[:len(cands)] = candidate_features(point, cands)
        mask = np.zeros(n, np.int8)
        mask[:len(cands)] = 1
        size = max(1, point.region_size)
        g = np.array([
            point.step / size, point.remaining / size, size / 100.0, len(point.candidates) / n,
            float(point.stage), float(point.visit),
            _pressure(point.pressure_top, True) / 32.0, _pressure(point.pressure_top, False) / 32.0,
            _pressure(point.pressure_bot, True) / 32.0, _pressure(point.pressure_bot, False) / 32.0,
            self._steps / self.default_points,
        ], np.float32)
        obs = {"candidates": np.clip(feats, -OBS_BOUND, OBS_BOUND), "mask": mask,
               "globals": np.clip(g, -OBS_BOUND, OBS_BOUND)}
        info = {"action_mask": mask.copy(), "llvm_action": llvm_idx, "point": point,
                "invalid_actions": self.invalid_actions}
        return obs, info

    def _terminal_obs(self) -> dict:
        n = self.max_candidates
        return {"candidates": np.zeros((n, len(FEATURES)), np.float32),
                "mask": np.zeros(n, np.int8),
                "globals": np.zeros(len(GLOBAL_FEATURES), np.float32)}

    def _finish(self, res) -> tuple[dict, float, dict]:
        self._thread.join()
        self._thread = None
        self._point = None
        metrics = _measure(res.asm, self.target, res.entry)
        cost = cost_of(metrics, self.objective)
        if self.reward_mode == "improvement":
            reward = scalar_cost(self.default_cost) - scalar_cost(cost)
        else:
            reward = -scalar_cost(cost)
        self.last_result = {"metrics": metrics, "cost": cost, "report": _summary(res.report),
                            "decisions": res.decisions}
        info = {"action_mask": np.zeros(self.max_candidates, np.int8), "llvm_action": 0,
                "invalid_actions": self.invalid_actions, "metrics": metrics,
                "cost": cost, "default_cost": self.default_cost,
                "decisions": res.decisions}
        return self._terminal_obs(), float(reward), info

    # ---------------------------------------------------------------- gymnasium API
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self._stop()
        self._steps, self.invalid_actions, self.last_result = 0, 0, None
        self._start()
        kind, val = self._next()
        if kind == "done":  # a kernel without a single choice: an empty episode
            obs, _, info = self._finish(val)
            self._empty = True
            return obs, info
        self._empty = False
        self._point = val
        return self._observe(val)

    def step(self, action):
        if self._point is None:
            if getattr(self, "_empty", False) and self.last_result is not None:
                self._empty = False
                r = scalar_cost(self.default_cost) - scalar_cost(self.last_result["cost"])
                return self._terminal_obs(), float(r), True, False, {
                    "action_mask": np.zeros(self.max_candidates, np.int8), "llvm_action": 0,
                    "invalid_actions": 0}
            raise RuntimeError("step() called without a running episode; call reset()")
        a = int(action)
        if 0 <= a < len(self._cands):
            cand = self._cands[a]
        else:
            cand = self._point.llvm_candidate
            self.invalid_actions += 1
        self._steps += 1
        self._in_q.put(cand)
        kind, val = self._next()
        if kind == "done":
            obs, reward, info = self._finish(val)
            return obs, reward, True, False, info
        self._point = val
        obs, info = self._observe(val)
        return obs, 0.0, False, False, info

    def action_masks(self) -> np.ndarray:
        """For sb3-contrib's MaskablePPO."""
        m = np.zeros(self.max_candidates, bool)
        m[:len(self._cands) if self._point is not None else 0] = True
        return m

    def close(self):
        self._stop()
        super().close()

    def __del__(self):
        try:
            self._stop()
        except Exception:  # noqa: BLE001 - best effort at interpreter exit
            pass
