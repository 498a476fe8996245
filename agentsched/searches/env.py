"""A gymnasium environment: one episode schedules one kernel through a LiveSession.

reset() starts llc-19 and returns the first decision point as an observation; step(action)
answers it and returns the next one; the episode ends when llc finishes. No thread and no
queue: the session is pulled, point by point, by the environment's own calls. reset() and
close() end a running compile (llc is killed and reaped). See docs/search.md.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..core.catalog import CANDIDATE_FEATURES, REGION_FEATURES
from ..core.policy import point_features
from ..core.protocol import Candidate, DecisionPoint
from ..kernels.ref import BuildOptions, resolve_kernel
from ..llvm.metrics import launch_of
from ..llvm.result import CompileResult
from ..llvm.session import LiveSession
from ..targets import parse_target
from .evaluate import evaluate, measure, report_summary
from .objectives import check_objective, cost_of, scalar_cost

# The observation is the plugin's feature catalog (core.catalog, -agent-sched-features):
# its per-candidate part for each candidate, its region part once; Python adds only what the
# compiler cannot know, by name (EXTRA_FEATURES, appended to the globals).
FEATURES = CANDIDATE_FEATURES
EXTRA_FEATURES = ("kernel_progress",)  # choice points answered so far / LLVM's compile's
GLOBAL_FEATURES = (*REGION_FEATURES, *EXTRA_FEATURES)


OBS_BOUND = 100.0  # features are scaled to about [-1, 1]; outliers are clipped here
ENV_ID = "agentsched/Sched-v0"  # gymnasium.make(ENV_ID, ...) once this module is imported


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
        # any kernel a command takes: suite name, source, spec .py, LLVM IR, Triton kernel
        kernel = resolve_kernel(kernel_source_or_ir, BuildOptions(defines=dict(defines or {})))
        self.ir = kernel.ir(self.target)
        self.launch = launch_of(kernel)  # block size, dynamic shared memory (occupancy)
        self.objective, self.reward_mode, self.base = objective, reward, base
        self.max_candidates = max_candidates
        nf, ng = len(FEATURES), len(GLOBAL_FEATURES)
        self.observation_space = spaces.Dict({
            "candidates": spaces.Box(-OBS_BOUND, OBS_BOUND, (max_candidates, nf), np.float32),
            "mask": spaces.Box(0, 1, (max_candidates,), np.int8),
            "globals": spaces.Box(-OBS_BOUND, OBS_BOUND, (ng,), np.float32),
        })
        self.action_space = spaces.Discrete(max_candidates)
        default = evaluate(self.ir, self.target, [], objective=objective, base=base,
                           launch=self.launch)
        self.default_metrics, self.default_cost = default.metrics, default.cost
        self.default_points = max(1, int(default.report.get("choices") or 1))
        self._session: LiveSession | None = None
        self._point: DecisionPoint | None = None
        self._cands: list[Candidate] = []
        self._steps = 0
        self.invalid_actions = 0
        self.last_result: dict | None = None

    # ---------------------------------------------------------------- episode plumbing
    def _start(self) -> None:
        self._session = LiveSession(self.ir, self.target, base=self.base, features=True)
        self._session.start()

    def _stop(self) -> None:
        """End a running compile: llc is killed and reaped."""
        if self._session is not None:
            self._session.close()
        self._session = None
        self._point = None

    def _next(self) -> DecisionPoint | CompileResult:
        """The next decision point, or the finished compile."""
        assert self._session is not None
        point = self._session.next_point()
        if point is not None:
            return point
        assert self._session.result is not None
        return self._session.result

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
        index = {c.key: i for i, c in enumerate(point.candidates)}
        rows = point_features(point, FEATURES)[[index[c.key] for c in cands]]
        feats = np.zeros((n, len(FEATURES)), np.float32)
        feats[:len(cands)] = rows
        mask = np.zeros(n, np.int8)
        mask[:len(cands)] = 1
        g = np.array([*point_features(point, REGION_FEATURES)[0],
                      self._steps / self.default_points], np.float32)
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

    def _finish(self, res: CompileResult) -> tuple[dict, float, dict]:
        self._session = None
        self._point = None
        metrics = measure(res.asm, self.target, self.launch, res.entry)
        cost = cost_of(metrics, self.objective)
        if self.reward_mode == "improvement":
            reward = scalar_cost(self.default_cost) - scalar_cost(cost)
        else:
            reward = -scalar_cost(cost)
        self.last_result = {"metrics": metrics, "cost": cost, "report": report_summary(res.report),
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
        nxt = self._next()
        if isinstance(nxt, CompileResult):  # a kernel without a single choice: empty episode
            obs, _, info = self._finish(nxt)
            self._empty = True
            return obs, info
        self._empty = False
        self._point = nxt
        return self._observe(nxt)

    def step(self, action: Any):
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
        assert self._session is not None
        self._session.answer(cand)
        nxt = self._next()
        if isinstance(nxt, CompileResult):
            obs, reward, info = self._finish(nxt)
            return obs, reward, True, False, info
        self._point = nxt
        obs, info = self._observe(nxt)
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


if ENV_ID not in gym.registry:
    gym.register(id=ENV_ID, entry_point=SchedEnv)
