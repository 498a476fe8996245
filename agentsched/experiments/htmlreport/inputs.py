"""What a report shows, read from files: experiment rows (results.json, `experiment --json`),
search summaries (`search --json`: they have a "history") and GPU timings (a bundle's
results.json, bench/h200 files: anything holding timing results). Each file is recognised by
its content; anything else is an error naming the file. A file may be stored compressed
(`h200.json.xz`, `.gz`): it reads, and is labelled, as the file inside."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from ...core.files import read_text, uncompressed_name

ROW_FIELDS = ("kernel", "target", "agent")


@dataclass
class Timing:
    """One interleaved timing run (docs/timing.md: variants with medians, CIs, the A/A floor)."""
    label: str  # where it came from, e.g. "h200.json: fused_mlp agents"
    kernel: str
    target: str
    result: dict


@dataclass
class Search:
    label: str  # e.g. "evolve1/gemm8x8.json"
    data: dict
    kid: str = ""  # the kernel's key on the page (htmlreport.Kernels)

    @property
    def kernel(self) -> str:
        return str(self.data.get("kernel", "?"))

    @property
    def target(self) -> str:
        return str(self.data.get("target", "?"))


@dataclass
class Inputs:
    rows: list[dict] = field(default_factory=list)
    searches: list[Search] = field(default_factory=list)
    timings: list[Timing] = field(default_factory=list)
    files: list[str] = field(default_factory=list)


class InputError(ValueError):
    pass


def is_timing_result(d) -> bool:
    return isinstance(d, dict) and isinstance(d.get("variants"), dict) and any(
        isinstance(v, dict) and "median_us" in v for v in d["variants"].values())


def _timings_in(data, label: str, kernel: str = "?", target: str = "?") -> list[Timing]:
    """Every timing result in a JSON tree, labelled by the keys leading to it."""
    if is_timing_result(data):
        k = data.get("kernel")
        kernel = str((k.get("name") if isinstance(k, dict) else k) or kernel)
        # the path of keys, less what the heading says anyway
        label = " ".join(w for w in label.split() if w not in ("kernels", kernel))
        return [Timing(label, kernel, str(data.get("target") or target), data)]
    out: list[Timing] = []
    if isinstance(data, dict):
        kernel = data["kernel"] if isinstance(data.get("kernel"), str) else kernel
        target = data["target"] if isinstance(data.get("target"), str) else target
        for key, value in data.items():
            if isinstance(value, (dict, list)):
                out += _timings_in(value, f"{label} {key}", kernel, target)
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += _timings_in(value, f"{label} [{i}]", kernel, target)
    return out


def _label(path: Path) -> str:
    name = uncompressed_name(path)
    return f"{path.parent.name}/{name}" if path.parent.name else name


def read_inputs(paths: list[Path]) -> Inputs:
    inp = Inputs()
    for path in paths:
        path = Path(path)
        if path.is_dir():
            if not (path / "results.json").is_file():
                raise InputError(f"{path}: a directory without results.json")
            path = path / "results.json"
        try:
            text = read_text(path)
        except OSError as e:
            raise InputError(f"{path}: cannot read: {e.strerror}") from None
        except UnicodeDecodeError as e:
            raise InputError(f"{path}: not JSON: {e}") from None
        except ValueError as e:  # a damaged .xz/.gz
            raise InputError(str(e)) from None
        try:
            data = json.loads(text)
        except ValueError as e:
            raise InputError(f"{path}: not JSON: {e}") from None
        inp.files.append(str(path))
        if isinstance(data, list) and all(isinstance(r, dict) for r in data):
            for i, r in enumerate(data):
                missing = [k for k in ROW_FIELDS if k not in r]
                if missing:
                    raise InputError(f"{path}: row {i} has no {missing[0]!r} field")
            inp.rows += data
        elif isinstance(data, dict) and "history" in data and "method" in data:
            inp.searches.append(Search(_label(path), data))
            timing = data.get("timing") or {}
            if is_timing_result(timing.get("confirmation")):
                inp.timings.append(Timing(f"{_label(path)} confirmation", inp.searches[-1].kernel,
                                          inp.searches[-1].target, timing["confirmation"]))
        else:
            found = _timings_in(data, uncompressed_name(path))
            if not found:
                raise InputError(f"{path}: neither experiment rows (a list of rows with "
                                 f"kernel, target, agent), a search summary (with 'history') "
                                 f"nor timing results (with 'variants' holding 'median_us')")
            inp.timings += found
    return inp
