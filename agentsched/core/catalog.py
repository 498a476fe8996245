"""The names the plugin and Python share, read from the plugin's own list
(agentsched/native/features.def): the protocol's instruction classes and the feature catalog
a policy file's model reads and `-agent-sched-features` emits (docs/policy.md defines each).
Python keeps no copy of them; the plugin computes every feature's value."""
from __future__ import annotations

import re

from .paths import NATIVE_DIR

_DEF = (NATIVE_DIR / "features.def").read_text()

CLASSES: tuple[str, ...] = tuple(re.findall(r'^INSTR_CLASS\("(\w+)"\)', _DEF, re.M))
_FEATURES = re.findall(r'^FEATURE\(\w+, "(\w+)", (candidate|region)\)', _DEF, re.M)
CANDIDATE_FEATURES: tuple[str, ...] = tuple(n for n, scope in _FEATURES if scope == "candidate")
REGION_FEATURES: tuple[str, ...] = tuple(n for n, scope in _FEATURES if scope == "region")
FEATURES: tuple[str, ...] = tuple(n for n, _ in _FEATURES)  # the catalog, in order
