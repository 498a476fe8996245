"""The LLM agent: a chat model (DeepSeek by default, or any OpenAI-compatible server) picks
the next instruction.

Two modes (docs/llm.md compares them):
- "step":   one call per decision point with a real choice (>= 2 instructions ready);
- "region": one call per region pass, asking for a whole order of the region's instructions,
            then followed step by step without further calls.

Design rules, each for a reason:
- The model's output is untrusted: we read one id (or one list of ids) out of it and check
  it against the candidates; anything else falls back to LLVM's own pick, counted by reason.
- A slow or dead endpoint must never stall the compile: each call has a timeout, a few
  retries with backoff, and after `max_failures` consecutive failed calls the agent stops
  calling for the rest of the run ("circuit open").
- Experiments must re-run offline with identical decisions: every usable answer is cached on
  disk, keyed by what determines it (the endpoint's scheme, host, port and path, never the
  key; the model; the messages; the sampling parameters). Failed calls and answers that
  hold no usable id or order are not cached: the next run asks again.
- The API key comes from the environment only and is never written anywhere (cache, logs,
  stats, repr, exception messages).
"""
from __future__ import annotations

import inspect
import ipaddress
import json
import logging
import os
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from ..core import env
from ..core.files import write_text
from ..core.hashing import sha256_hex
from ..core.paths import data_dir
from ..core.protocol import Candidate, DecisionPoint
from .base import Agent, register

log = logging.getLogger(__name__)

DEFAULT_BASE_URL = "https://api.deepseek.com"
DEFAULT_MODEL = "deepseek-chat"
KEY_VARS = env.LLM_API_KEYS  # in order of precedence
LOOPBACK_PLACEHOLDER_KEY = "none"  # local servers (vLLM, llama.cpp, Ollama) need no key
MODES = ("step", "region")
FALLBACK_REASONS = (
    "parse",          # the answer held no usable JSON id / order
    "non_candidate",  # step mode: the id named is not ready now
    "order_miss",     # region mode: no id of the order is ready now
    "no_region",      # region mode: the pass did not start with the region's instructions
    "error",          # the call failed (HTTP error, connection refused...) after retries
    "timeout",        # the call timed out after retries
    "circuit_open",   # too many consecutive failed calls: no more calls this run
    "offline",        # offline=True and the answer is not in the cache
)
HISTORY = 24  # scheduled instructions shown per zone in a step prompt (keeps prompts small)
DEFAULT_MAX_TOKENS = {"step": 256, "region": 8192}  # an order of N ids costs ~2N tokens
DEFAULT_TIMEOUT_S = {"step": 30.0, "region": 180.0}  # a whole order takes a while to write


class LLMConfigError(ValueError):
    """Bad or missing LLM configuration (the message never contains the key)."""


# ---------------------------------------------------------------- configuration

def is_loopback(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def resolve_api_key(base_url: str, env=None) -> tuple[str, str]:
    """(key, where it came from). The key is read from the environment only, never from
    options or files, so it cannot end up in a command line, a config or a result file."""
    env = os.environ if env is None else env
    for var in KEY_VARS:
        if env.get(var):
            return env[var], var
    if is_loopback(base_url):
        return LOOPBACK_PLACEHOLDER_KEY, "placeholder (loopback server)"
    raise LLMConfigError(
        f"no API key for {safe_url(base_url)}: set one of {', '.join(KEY_VARS)} "
        "(or point base_url at a local server, or use offline=True with a filled cache)")


def safe_url(url: str) -> str:
    """The URL without user:password@ or query string (either could carry a secret)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{host}{port}{parts.path}"


def _opt(value, env_var: str, default):
    """An option's value: the constructor's, else the environment's, else the default."""
    if value is not None and value != "":
        return value
    return os.environ.get(env_var) or default


def _flag(value) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("1", "true", "yes", "on")
    return bool(value)


@dataclass(frozen=True)
class LLMConfig:
    base_url: str = DEFAULT_BASE_URL
    model: str = DEFAULT_MODEL
    mode: str = "step"
    timeout: float = 30.0  # seconds per HTTP attempt
    retries: int = 2  # extra attempts after a failed one (timeouts, 5xx, 429, connection)
    backoff: float = 1.0  # seconds before the first retry; doubles each retry
    max_failures: int = 3  # consecutive failed calls that open the circuit
    temperature: float = 0.0
    max_tokens: int = 256
    json_mode: bool = True  # send response_format=json_object (a hint only, never relied on)
    cache_dir: Path | None = None  # None: no cache
    offline: bool = False  # answer from the cache only; no key needed, misses fall back

    @classmethod
    def from_options(cls, base_url=None, model=None, mode=None, timeout=None, retries=None,
                     backoff=None, max_failures=None, temperature=None, max_tokens=None,
                     json_mode=None, cache_dir=None, cache=True, offline=None) -> LLMConfig:
        """Options as the CLI passes them (None = not given; strings are accepted)."""
        mode = str(_opt(mode, env.LLM_MODE, "step"))
        if mode not in MODES:
            raise LLMConfigError(f"unknown LLM mode {mode!r}; expected one of {MODES}")
        if not _flag(cache):
            cache_path = None
        elif cache_dir not in (None, ""):
            cache_path = Path(cache_dir)
        else:
            cache_path = data_dir() / "llm-cache"
        try:
            cfg = cls(
                base_url=str(_opt(base_url, env.LLM_BASE_URL, DEFAULT_BASE_URL)),
                model=str(_opt(model, env.LLM_MODEL, DEFAULT_MODEL)),
                mode=mode,
                timeout=float(DEFAULT_TIMEOUT_S[mode] if timeout is None else timeout),
                retries=int(2 if retries is None else retries),
                backoff=float(1.0 if backoff is None else backoff),
                max_failures=int(3 if max_failures is None else max_failures),
                temperature=float(0.0 if temperature is None else temperature),
                max_tokens=int(DEFAULT_MAX_TOKENS[mode] if max_tokens is None else max_tokens),
                json_mode=True if json_mode is None else _flag(json_mode),
                cache_dir=cache_path,
                offline=_flag(_opt(offline, env.LLM_OFFLINE, False)),
            )
        except ValueError as e:
            raise LLMConfigError(f"bad LLM option: {e}") from None
        if cfg.timeout <= 0 or cfg.retries < 0 or cfg.backoff < 0 or cfg.max_failures < 1:
            raise LLMConfigError("LLM options need timeout > 0, retries >= 0, backoff >= 0, "
                                 "max_failures >= 1")
        return cfg


# ---------------------------------------------------------------- pass tracking

@dataclass
class RegionPass:
    """What the agent knows about the region pass in progress (step 0 starts a new one)."""
    key: tuple  # (function, region, visit)
    instructions: dict = field(default_factory=dict)  # id -> RegionInstr (step 0 only)
    top: list = field(default_factory=list)  # ids scheduled top-down, in order
    bot: list = field(default_factory=list)  # ids scheduled bottom-up, in order of picking
    opcodes: dict = field(default_factory=dict)  # id -> opcode, for the prompt
    order: list | None = None  # region mode: the model's order, once asked
    order_failure: str | None = None  # region mode: why there is no order (a reason)

    @property
    def scheduled(self) -> set:
        return set(self.top) | set(self.bot)


# ---------------------------------------------------------------- prompts

STEP_SYSTEM = (
    "You choose instructions for LLVM's pre-register-allocation machine scheduler on a GPU. "
    "At each step one ready candidate is scheduled. Zone 'top' places it right after the "
    "instructions already scheduled top-down; zone 'bot' places it right before those "
    "already scheduled bottom-up. Queue 'pending' means ready by dependences but it would "
    "stall (latency or hazard). Aim for a fast kernel: hide long latencies (memory loads) "
    "and keep register pressure low (VGPRs limit occupancy). pdiff is the register-pressure "
    "change per pressure set when scheduled bottom-up. "
    'Answer with one JSON object only: {"id": <candidate id>, "reason": "<one short sentence>"}.'
)

REGION_SYSTEM = (
    "You order instructions for LLVM's pre-register-allocation machine scheduler on a GPU. "
    "Given one scheduling region (a straight-line block of machine instructions and their "
    "dependences), give the order in which to issue all instructions not yet scheduled, "
    "from top to bottom, each after all its preds. Aim for a fast kernel: hide long "
    "latencies (issue memory loads early, their uses late) and keep register pressure "
    "low (VGPRs limit occupancy). "
    'Answer with one JSON object only: {"order": [<id>, ...], "reason": "<one short sentence>"}.'
)


def _pressure(p: dict) -> str:
    return " ".join(f"{k}={v}" for k, v in sorted(p.items())) or "-"


def _signed(p: dict) -> str:
    return ",".join(f"{k}:{v:+d}" for k, v in sorted(p.items())) or "0"


def _context_lines(point: DecisionPoint) -> list[str]:
    return [
        f"region: function={point.function} region={point.region} visit={point.visit} "
        f"stage={point.stage} block={point.block} size={point.region_size} "
        f"step={point.step} remaining={point.remaining}",
        f"pressure: top {{{_pressure(point.pressure_top)}}} "
        f"bot {{{_pressure(point.pressure_bot)}}}",
    ]


def _scheduled_lines(rp: RegionPass, limit: int | None) -> list[str]:
    def show(ids: list) -> str:
        shown = ids if limit is None or len(ids) <= limit else ids[-limit:]
        more = f"... ({len(ids) - len(shown)} earlier) " if len(shown) < len(ids) else ""
        return more + (", ".join(f"#{i} {rp.opcodes.get(i, '?')}" for i in shown) or "-")
    return [f"scheduled top ({len(rp.top)}, top-down): {show(rp.top)}",
            f"scheduled bot ({len(rp.bot)}, bottom-up): {show(rp.bot)}"]


def candidate_line(c: Candidate) -> str:
    return (f"#{c.id} {c.zone} {c.queue} {c.cls} {c.opcode} lat={c.latency} depth={c.depth} "
            f"height={c.height} vdef={c.vgpr_defs} sdef={c.sgpr_defs} vuse={c.vgpr_uses} "
            f"suse={c.sgpr_uses} pdiff={_signed(c.pressure_diff)}")


def step_messages(point: DecisionPoint, rp: RegionPass) -> list[dict]:
    lines = _context_lines(point) + _scheduled_lines(rp, HISTORY)
    lines.append("candidates:")
    lines += [candidate_line(c) for c in point.candidates]
    lines.append(f"LLVM would pick: #{point.llvm[0]} ({point.llvm[1]})")
    return [{"role": "system", "content": STEP_SYSTEM},
            {"role": "user", "content": "\n".join(lines)}]


def region_messages(point: DecisionPoint, rp: RegionPass) -> list[dict]:
    lines = _context_lines(point) + _scheduled_lines(rp, None)
    lines.append("instructions (#id class opcode latency preds):")
    for i in rp.instructions.values():
        preds = ",".join(f"#{p}" for p in i.preds) or "-"
        lines.append(f"#{i.id} {i.cls} {i.opcode} lat={i.latency} preds={preds}")
    ready = ", ".join(f"#{c.id} {c.zone} {c.queue}" for c in point.candidates)
    lines.append(f"ready now: {ready}")
    lines.append(f"LLVM would pick: #{point.llvm[0]} ({point.llvm[1]})")
    return [{"role": "system", "content": REGION_SYSTEM},
            {"role": "user", "content": "\n".join(lines)}]


# ---------------------------------------------------------------- answers

def extract_json(text: str, want: str | None = None) -> dict | None:
    """The first JSON object in free text (code fences, chatter and <think> blocks are
    skipped); with `want`, the first object holding that key, else the first object."""
    decoder = json.JSONDecoder()
    first = None
    pos = text.find("{")
    while pos != -1:
        try:
            obj, _ = decoder.raw_decode(text, pos)
        except ValueError:
            obj = None
        if isinstance(obj, dict):
            if want is None or want in obj:
                return obj
            first = first if first is not None else obj
        pos = text.find("{", pos + 1)
    return first


def _as_id(v) -> int | None:
    """An instruction id from a JSON value: 17, "17" or "#17"; nothing else."""
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v
    if isinstance(v, str) and v.strip().lstrip("#").isdigit():
        return int(v.strip().lstrip("#"))
    return None


def parse_id(text: str) -> int | None:
    obj = extract_json(text, "id")
    return None if obj is None else _as_id(obj.get("id"))


def parse_order(text: str) -> list[int] | None:
    obj = extract_json(text, "order")
    order = None if obj is None else obj.get("order")
    if not isinstance(order, list):
        return None
    ids = [_as_id(v) for v in order]
    return [i for i in ids if i is not None] or None


def pick_zone(point: DecisionPoint, id: int) -> Candidate | None:
    """The candidate for instruction `id`, in LLVM's zone when it is ready in both."""
    matches = [c for c in point.candidates if c.id == id]
    for c in matches:
        if c.zone == point.llvm[1]:
            return c
    return matches[0] if matches else None


def follow_order(point: DecisionPoint, order: list[int], scheduled: set) -> Candidate | None:
    """The candidate the region order asks for now.

    Top-down, that is the first not-yet-scheduled id of the order that is ready at the top;
    bottom-up (NVPTX schedules bottom-up only, AMDGPU both ways), the *last* one ready at
    the bottom, since a bottom pick is placed below everything still unscheduled. We try
    LLVM's zone first, then the other one.
    """
    todo = [i for i in order if i not in scheduled]
    zones = [point.llvm[1]] + [z for z in ("top", "bot") if z != point.llvm[1]]
    for zone in zones:
        ready = {c.id: c for c in point.candidates if c.zone == zone}
        for i in (todo if zone == "top" else reversed(todo)):
            if i in ready:
                return ready[i]
    return None


# ---------------------------------------------------------------- cache

class ResponseCache:
    """One JSON file per answer, named by the sha256 of what determines the answer."""

    def __init__(self, root: Path | None):
        self.root = root
        self.used: set[str] = set()  # keys read or written in this run

    @staticmethod
    def key(request: dict) -> str:
        blob = json.dumps(request, sort_keys=True, ensure_ascii=False)
        return sha256_hex(blob)

    def path(self, key: str) -> Path:
        return self.root / f"{key}.json"

    def get(self, key: str) -> dict | None:
        if self.root is None:
            return None
        try:
            entry = json.loads(self.path(key).read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as e:
            log.warning("ignoring unreadable LLM cache entry %s: %s", key[:12], type(e).__name__)
            return None
        if not isinstance(entry, dict) or not isinstance(entry.get("content"), str):
            return None
        self.used.add(key)
        return entry

    def put(self, key: str, entry: dict) -> None:
        if self.root is None:
            return
        try:
            write_text(self.path(key), json.dumps(entry, indent=1, ensure_ascii=False))
            self.used.add(key)
        except OSError as e:  # a full disk must not stop the compile
            log.warning("cannot write LLM cache entry %s: %s", key[:12], e.strerror)

    def export(self, dest: Path) -> list[Path]:
        dest.mkdir(parents=True, exist_ok=True)
        out = []
        for key in sorted(self.used):
            src = self.path(key)
            if src.exists():
                out.append(Path(shutil.copy2(src, dest / src.name)))
        return out


# ---------------------------------------------------------------- the agent

@dataclass
class Reply:
    content: str
    prompt_tokens: int = 0
    completion_tokens: int = 0


@dataclass
class Counters:
    decisions: int = 0
    trivial: int = 0  # points with a single ready instruction: nothing to ask
    followed: int = 0  # picks taken from the model's answer
    calls: int = 0  # logical requests sent to the server (each up to 1 + retries attempts)
    attempts: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    latency_s: float = 0.0  # wall time spent in calls, failed ones included
    fallbacks: dict = field(default_factory=lambda: dict.fromkeys(FALLBACK_REASONS, 0))


class CallFailed(Exception):
    """No answer; reason is error, timeout, circuit_open or offline (see FALLBACK_REASONS)."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


@register("llm")
class LLMAgent(Agent):
    """Asks a chat model (OpenAI-compatible API) for each pick; see docs/llm.md."""

    def __init__(self, seed: int = 0, **options):
        # Like every agent, ignore options meant for others (make_agent passes them all).
        known = inspect.signature(LLMConfig.from_options).parameters
        self.config = LLMConfig.from_options(**{k: v for k, v in options.items() if k in known})
        self.cache = ResponseCache(self.config.cache_dir)
        self.counters = Counters()
        self._failures = 0  # consecutive failed calls
        self._circuit_open = False
        self._pass: RegionPass | None = None
        self._client = None
        self.key_source = "none (offline)"
        if not self.config.offline:
            key, self.key_source = resolve_api_key(self.config.base_url)
            self._client = self._make_client(key)

    def _make_client(self, key: str):
        import openai  # imported here so the other agents work without the package
        # max_retries=0: we retry ourselves, so that backoff and the circuit are ours.
        return openai.OpenAI(base_url=self.config.base_url, api_key=key,
                             timeout=self.config.timeout, max_retries=0)

    def __repr__(self) -> str:
        c = self.config
        return (f"LLMAgent(mode={c.mode!r}, model={c.model!r}, base_url={safe_url(c.base_url)!r}, "
                f"key_source={self.key_source!r})")

    # -- the Agent interface

    def pick(self, point: DecisionPoint) -> Candidate:
        rp = self._track_pass(point)
        self.counters.decisions += 1
        if len(point.unique_candidates()) == 1:
            self.counters.trivial += 1
            cand = point.unique_candidates()[0]
        elif self.config.mode == "step":
            cand = self._pick_step(point, rp)
        else:
            cand = self._pick_region(point, rp)
        self._record(point, rp, cand)
        return cand

    def stats(self) -> dict:
        n = self.counters
        return {
            "mode": self.config.mode, "model": self.config.model,
            "decisions": n.decisions, "trivial": n.trivial, "followed": n.followed,
            "calls": n.calls, "attempts": n.attempts, "cache_hits": n.cache_hits,
            "fallbacks": dict(n.fallbacks), "fallbacks_total": sum(n.fallbacks.values()),
            "prompt_tokens": n.prompt_tokens, "completion_tokens": n.completion_tokens,
            "latency_s": round(n.latency_s, 6),
            "latency_mean_s": round(n.latency_s / n.calls, 6) if n.calls else 0.0,
            "circuit_open": self._circuit_open,
        }

    def close(self) -> None:
        if self._client is not None:
            self._client.close()

    @property
    def pick_time_bound(self) -> float:
        """The longest one pick() can take: every attempt timing out, with the backoffs in
        between. The live channel's per-decision timeout is raised to it (llvm.session),
        so a slow endpoint falls back to LLVM's pick instead of failing the compile."""
        c = self.config
        return c.timeout * (c.retries + 1) + c.backoff * (2 ** c.retries - 1) + 10.0

    def export_cache(self, dest_dir) -> list[Path]:
        """Copy the cache entries this run used into dest_dir (ship them with results so
        the run can be replayed offline). Returns the copied files."""
        return self.cache.export(Path(dest_dir))

    # -- pass tracking

    def _track_pass(self, point: DecisionPoint) -> RegionPass:
        key = (point.function, point.region, point.visit)
        if point.step == 0 or self._pass is None or self._pass.key != key:
            self._pass = RegionPass(key=key)
            for i in point.instructions or ():
                self._pass.instructions[i.id] = i
                self._pass.opcodes[i.id] = i.opcode
        for c in point.candidates:
            self._pass.opcodes.setdefault(c.id, c.opcode)
        return self._pass

    @staticmethod
    def _record(point: DecisionPoint, rp: RegionPass, cand: Candidate) -> None:
        # A state log carries the pick LLVM really applied (point.chosen); in a live run
        # ours is applied. Track the applied one so the next prompt describes reality.
        id, zone = point.chosen if point.chosen is not None else cand.key
        (rp.top if zone == "top" else rp.bot).append(id)

    # -- the two modes

    def _fallback(self, point: DecisionPoint, reason: str) -> Candidate:
        self.counters.fallbacks[reason] += 1
        log.debug("LLM fallback to LLVM's pick (%s) at %s", reason, point.key)
        return point.llvm_candidate

    def _pick_step(self, point: DecisionPoint, rp: RegionPass) -> Candidate:
        try:
            id = self._ask(step_messages(point, rp), parse_id)
        except CallFailed as e:
            return self._fallback(point, e.reason)
        if id is None:
            return self._fallback(point, "parse")
        cand = pick_zone(point, id)
        if cand is None:
            return self._fallback(point, "non_candidate")
        self.counters.followed += 1
        return cand

    def _pick_region(self, point: DecisionPoint, rp: RegionPass) -> Candidate:
        # Ask lazily, at the pass's first real choice: passes that never have one (a
        # dependence chain) cost no call.
        if rp.order is None and rp.order_failure is None:
            if not rp.instructions:
                rp.order_failure = "no_region"
            else:
                try:
                    rp.order = self._ask(region_messages(point, rp), parse_order)
                    rp.order_failure = None if rp.order else "parse"
                except CallFailed as e:
                    rp.order_failure = e.reason
        if rp.order is None:
            return self._fallback(point, rp.order_failure)
        cand = follow_order(point, rp.order, rp.scheduled)
        if cand is None:
            return self._fallback(point, "order_miss")
        self.counters.followed += 1
        return cand

    # -- talking to the server

    def _request(self, messages: list[dict]) -> dict:
        """Everything that determines an answer: the cache key (never the API key)."""
        cfg = self.config
        return {"endpoint": safe_url(cfg.base_url).rstrip("/"), "model": cfg.model,
                "messages": messages, "temperature": cfg.temperature,
                "max_tokens": cfg.max_tokens, "json_mode": cfg.json_mode, "mode": cfg.mode}

    def _ask(self, messages: list[dict], parse):
        """The model's answer, parsed by `parse` (None: the answer was unusable): from the
        cache, else from the server. Raises CallFailed ("error", "timeout", "circuit_open"
        or "offline") when there is no answer."""
        cfg = self.config
        request = self._request(messages)
        key = ResponseCache.key(request)
        entry = self.cache.get(key)
        if entry is not None:
            value = parse(entry["content"])
            if value is not None:  # (an unusable entry, from an older version: ask again)
                self.counters.cache_hits += 1
                return value
        if cfg.offline:
            raise CallFailed("offline")
        if self._circuit_open:
            raise CallFailed("circuit_open")
        self.counters.calls += 1
        start = time.monotonic()
        try:
            reply = self._call_with_retries(messages)
        except CallFailed:
            self._failures += 1
            if self._failures >= cfg.max_failures and not self._circuit_open:
                self._circuit_open = True
                log.warning("LLM endpoint failed %d times in a row: no more calls this run, "
                            "LLVM's picks are used instead", self._failures)
            raise
        finally:
            self.counters.latency_s += time.monotonic() - start
        self._failures = 0
        self.counters.prompt_tokens += reply.prompt_tokens
        self.counters.completion_tokens += reply.completion_tokens
        value = parse(reply.content)
        if value is not None:  # an unusable answer is not cached: the next run asks again
            self.cache.put(key, {"key": key, **request, "content": reply.content,
                                 "usage": {"prompt_tokens": reply.prompt_tokens,
                                           "completion_tokens": reply.completion_tokens}})
        return value

    def _call_with_retries(self, messages: list[dict]) -> Reply:
        for attempt in range(self.config.retries + 1):
            if attempt:
                time.sleep(self.config.backoff * 2 ** (attempt - 1))
            self.counters.attempts += 1
            try:
                return self._call_once(messages)
            except Exception as e:  # noqa: BLE001 - any failure must end in LLVM's pick
                reason, retry = _classify(e)
                log.warning("LLM call failed (attempt %d/%d): %s", attempt + 1,
                            self.config.retries + 1, _describe(e, self._redact))
                if not retry:
                    break
        raise CallFailed(reason)

    def _call_once(self, messages: list[dict]) -> Reply:
        cfg = self.config
        extra = {"response_format": {"type": "json_object"}} if cfg.json_mode else {}
        resp = self._client.chat.completions.create(
            model=cfg.model, messages=messages, temperature=cfg.temperature,
            max_tokens=cfg.max_tokens, **extra)
        content = (resp.choices[0].message.content or "") if resp.choices else ""
        usage = resp.usage
        return Reply(content, getattr(usage, "prompt_tokens", 0) or 0,
                     getattr(usage, "completion_tokens", 0) or 0)

    def _redact(self, text: str) -> str:
        # A hostile or buggy server could echo our Authorization header in an error body.
        key = getattr(self._client, "api_key", None)
        if key and key != LOOPBACK_PLACEHOLDER_KEY:
            text = text.replace(key, "***")
        return text


def _classify(e: Exception) -> tuple[str, bool]:
    """(fallback reason, worth retrying) for a failed attempt."""
    import openai
    if isinstance(e, openai.APITimeoutError):
        return "timeout", True
    if isinstance(e, openai.APIConnectionError):
        return "error", True
    if isinstance(e, openai.APIStatusError):
        # 429 and 5xx are transient; other 4xx (bad key, unknown model) will not improve.
        return "error", e.status_code in (408, 409, 429) or e.status_code >= 500
    return "error", False


def _describe(e: Exception, redact, limit: int = 200) -> str:
    """One line about a failed call: the error text redacted *before* it is cut to `limit`
    characters (cut first, a key straddling the cut would be half printed)."""
    import openai
    text = redact(str(e))
    text = text if len(text) <= limit else text[:limit] + "..."
    if isinstance(e, openai.APIStatusError):
        return f"{type(e).__name__} (HTTP {e.status_code}): {text}"
    return f"{type(e).__name__}: {text}"
