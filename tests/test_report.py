"""The HTML report: schedules read back from real compiles, assembly diffs, inputs, and the
page itself opened in a real browser (Debian's chromium through Playwright)."""
import json
import re
import shutil
from pathlib import Path

import pytest

from agentsched.agents import make_agent
from agentsched.core.files import read_text
from agentsched.core.protocol import decisions_text as decisions_body
from agentsched.experiments.experiment import asm_diff_lines, run_experiment
from agentsched.experiments.htmlreport import InputError, make_report
from agentsched.experiments.htmlreport.asmdiff import side_by_side, spills_by_block
from agentsched.experiments.htmlreport.inputs import read_inputs
from agentsched.experiments.htmlreport.traces import compile_trace, moved_ids
from agentsched.experiments.store import Store
from agentsched.kernels.ref import resolve_kernel
from agentsched.llvm.compile import compile_ir
from agentsched.llvm.frontend import emit_ir
from agentsched.targets import parse_target

from .conftest import DATA, cli, requires_llvm

REPO = Path(__file__).resolve().parent.parent
# recorded compressed (bench/README.md): the report reads them as the plain JSON
SEARCH_JSON = REPO / "bench" / "h200" / "search" / "evolve1" / "gemm8x8.json.xz"
TIMING_JSON = REPO / "bench" / "h200" / "h200.json.xz"


def test_moved_counts_the_fewest_moves():
    assert moved_ids([1, 2, 3, 4, 5], [1, 2, 3, 4, 5]) == set()
    assert moved_ids([1, 2, 3, 4, 5], [5, 1, 2, 3, 4]) == {5}  # one hoist, not five shifts
    assert moved_ids([1, 2, 3, 4, 5], [2, 1, 3, 5, 4]) in ({1, 4}, {1, 5}, {2, 4}, {2, 5})
    assert len(moved_ids([1, 2, 3, 4], [4, 3, 2, 1])) == 3
    assert moved_ids([1, 2, 3], [3, 9, 1]) == {3} or moved_ids([1, 2, 3], [3, 9, 1]) == {1}


@requires_llvm
@pytest.mark.parametrize("target", ["gfx1100", "gfx90a", "sm_90"])
def test_traces_follow_the_compile(target):
    """LLVM's schedule and an agent's replayed one, read back from the state log: every pass
    a permutation of its region, forced picks = the plugin's changed count, and each pass
    starts from the order the previous pass left (kept) or restored (reverted)."""
    t = parse_target(target)
    ir = emit_ir(DATA / "gemm_tile.cu", t)
    default = compile_trace(ir, t)
    assert default.passes and all(not p.forced for p in default.passes)
    assert any(p.pressure for p in default.passes)
    agent = make_agent("min_pressure")
    try:
        live = compile_ir(ir, t, agent=agent)
    finally:
        agent.close()
    trace = compile_trace(ir, t, decisions_body(live.decisions))
    assert trace.asm == live.asm
    assert sum(len(p.forced) for p in trace.passes) == live.report["changed"] > 0
    for tr in (default, trace):
        last = {}
        for p in tr.passes:
            assert sorted(p.order) == sorted(p.before) and len(p.order) == p.size
            assert len(p.zone) == len(p.ready) == p.size
            assert all(len(v) == p.size + 1 for v in p.pressure.values())
            prev = last.get((p.function, p.region))
            if prev is not None and prev.fate == "kept":
                assert p.before == prev.order
            if prev is not None and prev.fate == "reverted":
                assert p.before == prev.before
            last[(p.function, p.region)] = p
    # a different schedule is a different cache entry; the same one is read back equal
    assert compile_trace(ir, t, decisions_body(live.decisions)).passes == trace.passes
    assert [p.order for p in trace.passes] != [p.order for p in default.passes]


@requires_llvm
def test_asm_diff_counts_what_the_experiment_counts():
    t = parse_target("gfx90a")
    ir = emit_ir(DATA / "attn_tile.cu", t)
    a = compile_ir(ir, t).asm
    agent = make_agent("max_latency")
    try:
        b = compile_ir(ir, t, agent=agent).asm
    finally:
        agent.close()
    diff = side_by_side(a, b)
    assert diff.changed == asm_diff_lines(a, b) > 0
    kinds = {r.kind for r in diff.rows}
    assert "skip" in kinds and kinds & {"replace", "insert", "delete"}
    assert side_by_side(a, a).changed == 0
    small = side_by_side(a, b, max_rows=10)
    assert len(small.rows) == 10 and small.truncated == len(diff.rows) - 10


def test_spills_are_counted_per_block():
    asm = ("k:\n; %bb.0:\n\tv_mov_b32 v1, 0\n\tscratch_store_b32 off, v1, s5 ; 4-byte Folded "
           "Spill\n.LBB0_2:\n\tscratch_load_b32 v1, off, s5 ; 4-byte Folded Reload\n"
           "\tscratch_load_b32 v2, off, s5 ; 4-byte Folded Reload\n\ts_endpgm\n")
    assert spills_by_block(asm) == {"bb.0": 1, ".LBB0_2": 2}
    assert spills_by_block("k:\n\tv_mov_b32 v1, 0\n") == {}


def test_inputs_are_recognised_by_content(tmp_path):
    rows = tmp_path / "rows.json"
    rows.write_text(json.dumps([{"kernel": "k", "target": "gfx1100", "agent": "default"}]))
    inp = read_inputs([rows, SEARCH_JSON, TIMING_JSON])
    assert len(inp.rows) == 1 and len(inp.searches) == 1
    assert {t.kernel for t in inp.timings} >= {"fused_mlp", "fa_decode", "gemm8x8"}
    assert any("confirmation" in t.label for t in inp.timings)  # the search's own timing
    bad = tmp_path / "bad.json"
    bad.write_text('{"hello": 1}')
    with pytest.raises(InputError, match="bad.json"):
        read_inputs([bad])
    norow = tmp_path / "norow.json"
    norow.write_text(json.dumps([{"kernel": "k", "agent": "default"}]))
    with pytest.raises(InputError, match="norow.json: row 0 has no 'target'"):
        read_inputs([norow])


def test_compressed_inputs_read_and_are_labelled_as_the_plain_file(tmp_path):
    """.xz and .gz inputs give what the plain JSON gives, labels included (no '.xz' in the
    page); a damaged one is an error naming it."""
    import gzip
    text = read_text(SEARCH_JSON)
    d = tmp_path / "evolve1"
    d.mkdir()
    (d / "gemm8x8.json").write_text(text)
    (tmp_path / "gemm8x8.json.gz").write_bytes(gzip.compress(text.encode()))
    plain, xz = read_inputs([d / "gemm8x8.json"]), read_inputs([SEARCH_JSON])
    assert [s.label for s in xz.searches] == [s.label for s in plain.searches] == \
        ["evolve1/gemm8x8.json"]
    assert xz.searches[0].data == plain.searches[0].data
    assert [t.label for t in xz.timings] == [t.label for t in plain.timings]
    assert read_inputs([tmp_path / "gemm8x8.json.gz"]).searches[0].data == plain.searches[0].data
    timings = read_inputs([TIMING_JSON]).timings
    assert timings and all(t.label.startswith("h200.json ") for t in timings)
    bad = tmp_path / "bad.json.xz"
    bad.write_bytes(b"not xz at all")
    with pytest.raises(InputError, match="bad.json.xz: not a valid xz file"):
        read_inputs([bad])


def test_report_cli_fails_clearly_and_writes_nothing(tmp_path):
    out = tmp_path / "r.html"
    bad = tmp_path / "broken.json"
    bad.write_text("[1, 2")
    r = cli("report", str(bad), "-o", str(out))
    assert r.returncode != 0 and "broken.json: not JSON" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    r = cli("report", str(tmp_path / "missing.json"), "-o", str(out))
    assert r.returncode != 0 and "missing.json" in r.stderr
    r = cli("report", "-o", str(out))
    assert r.returncode != 0 and "nothing to report" in r.stderr
    assert not out.exists() and not list(tmp_path.glob(".r.html*"))


# ---------------------------------------------------------------- in a real browser

CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync"]


def _chromium():
    path = shutil.which("chromium")
    if path is None:
        pytest.skip("Debian's chromium is not installed: `make test` installs it "
                    "(scripts/install-browser.sh); apt could not here")
    pw = pytest.importorskip("playwright.sync_api",
                             reason="playwright missing: pip install -e '.[test]'")
    return path, pw


AGENTS = ["default", "min_pressure", "pref_load"]


@pytest.fixture(scope="module")
def report_page(tmp_path_factory):
    """A page from real compiles of fused_mlp on gfx1100, a committed search summary and the
    committed H200 timings. The rows' own timings are put in the store the way
    `experiment --time` stores them (this machine has no GPU to make them)."""
    d = tmp_path_factory.mktemp("report")
    store = Store(d / "store.sqlite")
    try:
        rows = run_experiment(resolve_kernel("fused_mlp"), "gfx1100", AGENTS, store=store)
        for r, (us, sp, ci) in zip(rows, [(311.0, 1.0, [1.0, 1.0]),
                                          (309.1, 1.0061, [1.0040, 1.0082]),
                                          (318.2, 0.9774, [0.9751, 0.9790])]):
            store.put_timing(decisions_hash=r["decisions_hash"], source_hash=r["source_hash"],
                             target="gfx1100", gpu="test data", result={
                                 "median_us": us, "ci95": [us - 0.5, us + 0.5],
                                 "speedup": sp, "speedup_ci": ci, "ok": True,
                                 "noise_floor": {"rel_diff": 0.001, "bound": 0.002}})
        info = make_report([SEARCH_JSON, TIMING_JSON], d / "report.html",
                           kernels=["fused_mlp"], targets=["gfx1100"],
                           agents=AGENTS, store=store,
                           command="pytest")
    finally:
        store.close()
    return d / "report.html", info


@requires_llvm
def test_report_opens_in_chromium(report_page, tmp_path):
    """The page renders without console errors, its plots exist, its tables hold the rows,
    sorting sorts, and the lazy sections (pass plots, instruction table, assembly diff)
    inflate and draw when opened. Leaves a screenshot beside the test's files."""
    chromium, pw = _chromium()
    page_path, info = report_page
    assert info["bytes"] > 4_000_000  # Plotly itself is inside: the page needs no network
    problems, fetched = [], []
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
        try:
            ctx = browser.new_context(viewport={"width": 1400, "height": 1000},
                                      offline=True)
            page = ctx.new_page()
            page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: problems.append(str(e)))
            page.on("request", lambda r: fetched.append(r.url))
            page.goto(page_path.as_uri(), wait_until="load")
            page.wait_for_selector(".js-plotly-plot")

            table = page.locator("#t-fused_mlp-gfx1100")
            agents = table.locator("tbody tr td:first-child").all_inner_texts()
            assert agents == ["default", "min_pressure", "pref_load"]
            heads = table.locator("thead th").all_inner_texts()
            assert "VGPRs" in heads and "seed: VGPRs" in heads  # the seed's figure beside ours
            vgpr_col = heads.index("VGPRs")
            table.locator("thead th").nth(vgpr_col).click()
            vgprs = [float(v) for v in table.locator(
                f"tbody tr td:nth-child({vgpr_col + 1})").all_inner_texts()]
            assert vgprs == sorted(vgprs)

            # plots on the page itself (VGPR and cycle overviews, the moved-per-pass heatmap,
            # timings, search progress) are drawn when scrolled to
            plots = page.locator("section > div.plot")
            assert plots.count() >= 6
            for i in range(plots.count()):
                plots.nth(i).scroll_into_view_if_needed()
                page.locator("section > div.plot.js-plotly-plot").nth(i).wait_for()
            assert page.locator("#search .js-plotly-plot").count() >= 1
            assert page.locator("#timings .js-plotly-plot").count() >= 1
            # the rows' stored timings: speedups with CIs and the A/A band, in the section
            section = page.locator("#s-fused_mlp-gfx1100")
            assert section.locator(".js-plotly-plot").count() >= 2  # timing + heatmap
            assert "A/A floor ±0.20%" in section.locator(".js-plotly-plot").first.inner_text()
            assert "309.1" in table.inner_text()  # the store's time in the table

            # a pass where the agents moved something: its two plots and its tables
            passes = page.locator("details.pass")
            summaries = passes.locator("summary").all_inner_texts()
            k = next(i for i, s in enumerate(summaries)
                     if int(re.search(r"min_pressure moved (\d+)", s).group(1)) > 0)
            size = int(re.search(r"(\d+) instructions", summaries[k]).group(1))
            one = passes.nth(k)
            one.locator("summary").click()
            one.locator(".js-plotly-plot").nth(1).wait_for()
            assert one.locator(".js-plotly-plot").count() == 2  # moves, pressure
            assert one.locator("table.sortable").first.locator("tbody tr").count() == 3
            inner = one.locator("details.lazy").first
            inner.locator("summary").click()
            inner.locator("table.instrs tbody tr").first.wait_for()
            assert inner.locator("table.instrs tbody tr").count() == size
            assert inner.locator("td.up1, td.up2, td.up3, td.down1, td.down2, "
                                 "td.down3").count() > 0  # moves are highlighted

            asm = page.locator("details.asm").first
            asm.locator("summary").click()
            asm.locator("table.asmdiff tbody tr").first.wait_for()
            assert asm.locator("tr.replace, tr.insert, tr.delete").count() > 0

            one.scroll_into_view_if_needed()
            page.screenshot(path=str(tmp_path / "report.png"))
            page.goto(page_path.as_uri() + "#experiments")
            page.screenshot(path=str(tmp_path / "report-top.png"))
        finally:
            browser.close()
    assert problems == []
    assert all(u.startswith(("file:", "blob:", "data:")) for u in fetched), fetched
    assert (tmp_path / "report.png").stat().st_size > 10_000


@requires_llvm
def test_rows_without_stored_decisions_are_recompiled(tmp_path):
    """A results.json from elsewhere (a fresh clone: the store is empty) still gets its
    schedule views: deterministic agents are re-run live, and their schedule matches."""
    first = Store(tmp_path / "a.sqlite")
    try:
        rows = run_experiment(resolve_kernel("fused_mlp"), "gfx90a", ["default", "pref_salu"],
                              store=first)
    finally:
        first.close()
    results = tmp_path / "results.json"
    results.write_text(json.dumps(rows))
    fresh = Store(tmp_path / "b.sqlite")
    try:
        make_report([results], tmp_path / "r.html", store=fresh, command="t")
    finally:
        fresh.close()
    html = (tmp_path / "r.html").read_text()
    assert "pref_salu moved" in html and "differs from the row" not in html


@requires_llvm
def test_a_search_winner_that_does_not_replay_is_reported_not_shown(tmp_path):
    data = json.loads(read_text(SEARCH_JSON))
    lines = data["decisions_text"].splitlines()
    first = json.loads(lines[0])
    lines[0] = json.dumps({**first, "pick": 99999})  # no such instruction
    data["decisions_text"] = "\n".join(lines) + "\n"
    broken = tmp_path / "gemm8x8.json"
    broken.write_text(json.dumps(data))
    store = Store(tmp_path / "s.sqlite")
    try:
        make_report([broken], tmp_path / "r.html", store=store, command="t")
    finally:
        store.close()
    html = (tmp_path / "r.html").read_text()
    assert "its decisions do not replay on this IR" in html
    assert "Schedules: <code>gemm8x8</code> on sm_90" in html  # LLVM's own schedule still is


@requires_llvm
def test_report_cli_on_a_users_own_source(tmp_path):
    """`agentsched report --kernel FILE.cu` compiles the user's file, not a suite kernel of
    the same name, for the rows and for the schedule views (NVPTX: its pressure sets)."""
    out = tmp_path / "r.html"
    r = cli("report", "--kernel", str(DATA / "softmax_rows.cu"), "-t", "sm_90",
            "--agents", "default,max_latency", "--store", str(tmp_path / "s.sqlite"),
            "-o", str(out))
    assert r.returncode == 0, r.stderr
    html = out.read_text()
    assert "Schedules: <code>data/softmax_rows.cu</code> on sm_90" in html
    assert "max_latency moved" in html and "cannot be compiled here" not in html
    # NVPTX's words: registers and warps/SM, NVPTX's instruction classes, no AMD columns
    table = re.search(r'<table class="sortable experiment".*?</thead>', html, re.S).group(0)
    assert "registers" in table and "warps/SM" in table
    assert not re.search(r"VGPRs|SGPRs|waves/SIMD|mca", table)
    cells = _blobs(html)
    assert "<td>alu<td>" in cells and "<td>valu<td>" not in cells
    body = re.search(r'<section id="experiments">.*?</section>', html, re.S).group(0)
    assert "GCN" not in cells and "GCN" not in body + "".join(_sections(html).values())


# ---------------------------------------------------------------- users' kernels

def test_heatmap_cells_say_moved_and_name_the_fate_only_when_not_kept():
    from agentsched.experiments.htmlreport.figures import heat_cell, moved_heatmap
    assert heat_cell(0.62, "kept") == ("62% moved",
                                       "62.0% of the pass's instructions moved; GCN kept the pass")
    assert heat_cell(0.62, "reverted")[0] == "62% moved, reverted"
    assert "the scheduler kept" in heat_cell(0.5, "kept", "nvptx")[1]
    fig = moved_heatmap([("f · region 0 · visit 1 (10)", {"a": (0.62, "kept")})], ["a"])
    assert list(fig.data[0].text[0]) == ["62% moved"] and "GCN" in fig.layout.title.text
    assert "GCN" not in moved_heatmap([("p", {"a": (0.1, "kept")})], ["a"], "nvptx").layout.title.text


def _figures(html: str) -> list[dict]:
    return [json.loads(f) for f in re.findall(
        r'<script type="application/json" class="figure">(.*?)</script>', html, re.S)]


def _sections(html: str) -> dict[str, str]:
    """Schedule sections by id."""
    return dict(re.findall(r'<section id="(s-[^"]+)" class="schedules">(.*?)</section>', html,
                           re.S))


def _blobs(html: str) -> str:
    import base64
    import gzip
    return "".join(gzip.decompress(base64.b64decode(b)).decode() for b in re.findall(
        r'<script type="text/x-gzip-base64" id="blob\d+">([^<]*)</script>', html))


@requires_llvm
def test_report_from_saved_json_of_two_kernels_of_a_file_and_a_namesake(tmp_path, monkeypatch):
    """experiment --json and search --json of users' kernels (relative paths, -D, --entry),
    then a report from those files alone and a fresh store: every kernel is rebuilt from what
    its JSON records and gets its table and its schedule views; the two kernels of one file
    and the same-named kernel of another file are never mixed (tables, bars, sections)."""
    from .test_experiment import two_kernel_file
    monkeypatch.chdir(tmp_path)
    two_kernel_file(tmp_path / "x" / "k" / "main.cu")
    two_kernel_file(tmp_path / "y" / "k" / "main.cu", "\n#define UNUSED_HERE 1\n")
    store = str(tmp_path / "s.sqlite")
    runs = [("x/k/main.cu", "gemm"), ("x/k/main.cu", "softmax_rows"), ("y/k/main.cu", "gemm")]
    for i, (src, entry) in enumerate(runs):
        r = cli("experiment", src, "--entry", entry, "-D", "SCALE=2", "-t", "gfx1100",
                "--agents", "default,min_pressure", "--store", store, "--json", f"rows{i}.json")
        assert r.returncode == 0, r.stderr
    r = cli("search", "x/k/main.cu", "--entry", "gemm", "-D", "SCALE=2", "-t", "gfx1100",
            "--objective", "vgpr", "--budget", "8", "--json", "search.json")
    assert r.returncode == 0, r.stderr
    search = json.loads((tmp_path / "search.json").read_text())
    assert search["source"] == "x/k/main.cu" and search["entry"] == "gemm"
    assert search["build_options"]["defines"] == {"SCALE": "2"} and search["decisions_text"]
    assert search["kernel"] == "k/main.cu:gemm"
    rows0 = json.loads((tmp_path / "rows0.json").read_text())
    assert search["kernel_key"] == rows0[0]["kernel_key"]  # the same kernel

    # a fresh store: the decisions are not there, so (deterministic agents) they are re-run
    r = cli("report", "rows0.json", "rows1.json", "rows2.json", "search.json",
            "--store", str(tmp_path / "fresh.sqlite"), "-o", "r.html")
    assert r.returncode == 0, r.stderr
    html = (tmp_path / "r.html").read_text()
    assert "cannot be compiled" not in html and "Schedule views skipped" not in html
    gemm_x, gemm_y = (f"k/main.cu:gemm [{json.loads((tmp_path / f).read_text())[0]['kernel_key'][:8]}]"
                      for f in ("rows0.json", "rows2.json"))
    sections = _sections(html)
    assert len(sections) == 3
    headings = re.findall(r"<h2>Schedules: <code>(.*?)</code> on gfx1100</h2>", html)
    assert sorted(headings) == sorted([gemm_x, gemm_y, "k/main.cu:softmax_rows"])
    for body in sections.values():  # every view: passes, heatmap, assembly diffs
        assert 'class="lazy pass"' in body and 'class="lazy asm"' in body
        assert "min_pressure moved" in body
    if search["improved"]:  # the search's winner beside the agents
        assert "search search moved" in html
    assert 'id="search"' in html
    # tables: one per kernel, each with its own two rows
    tables = re.findall(r'<table class="sortable experiment" id="([^"]+)">(.*?)</table>', html,
                        re.S)
    assert len(tables) == 3 and all(body.count("<tr class=") == 2 for _, body in tables)
    # the VGPR bars: one bar per kernel and agent, never two kernels on one bar
    bars = next(f for f in _figures(html)
                if f["layout"]["title"]["text"].startswith("VGPRs by kernel"))
    for trace in bars["data"]:
        assert sorted(trace["x"]) == sorted([gemm_x, gemm_y, "k/main.cu:softmax_rows"])
    assert "-DSCALE=2" in html  # the build is shown with the kernel

    # run from elsewhere, the relative sources are not found: said per kernel, tables kept
    monkeypatch.chdir(tmp_path.parent)
    r = cli("report", str(tmp_path / "rows1.json"), "--store", store, "-o",
            str(tmp_path / "r2.html"))
    assert r.returncode == 0, r.stderr
    html = (tmp_path / "r2.html").read_text()
    assert "x/k/main.cu: not found from" in html and 'class="sortable experiment"' in html
    _opens_cleanly(tmp_path / "r.html", sections=3)


def _opens_cleanly(page_path: Path, sections: int) -> None:
    """In chromium (when installed): no console errors, every section's first pass and
    assembly diff inflate and draw."""
    if shutil.which("chromium") is None:
        return
    chromium, pw = _chromium()
    problems = []
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS)
        try:
            page = browser.new_context(offline=True).new_page()
            page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: problems.append(str(e)))
            page.goto(page_path.as_uri(), wait_until="load")
            secs = page.locator("section.schedules")
            assert secs.count() == sections
            for i in range(sections):
                one = secs.nth(i).locator("details.pass").first
                one.locator("summary").click()
                one.locator(".js-plotly-plot").first.wait_for()
                asm = secs.nth(i).locator("details.asm").first
                asm.locator("summary").click()
                asm.locator("table.asmdiff tbody tr").first.wait_for()
        finally:
            browser.close()
    assert problems == []


@requires_llvm
@pytest.mark.skipif(not Path("/usr/include/hip/hip_runtime.h").exists(),
                    reason="Debian's libamdhip64-dev missing (scripts/install-deps.sh)")
def test_report_cli_takes_compiles_build_options(tmp_path):
    """`report --kernel FILE --entry E -I DIR` on an unchanged public HIP program (one of two
    kernels in a main.hip): its own rows and schedule views; its build in the page."""
    ex = REPO / "tests" / "data" / "public" / "rocm-examples"
    out = tmp_path / "r.html"
    r = cli("report", "--kernel", str(ex / "Applications/prefix_sum/main.hip"),
            "--entry", "device_prefix_sum", "-I", str(ex / "Common"), "--block", "256",
            "-t", "gfx1100", "--agents", "default,min_pressure",
            "--store", str(tmp_path / "s.sqlite"), "-o", str(out))
    assert r.returncode == 0, r.stderr
    html = out.read_text()
    sections = _sections(html)
    assert list(sections) == ["s-prefix_sum_main_hip_device_prefix_sum-gfx1100"]
    body = sections["s-prefix_sum_main_hip_device_prefix_sum-gfx1100"]
    assert 'class="lazy pass"' in body and "min_pressure moved" in body
    assert "--block 256" in html and "block_prefix_sum" not in html.split('id="experiments"')[1]
    # a kernel whose views are skipped says how to build them: its own source and build
    r = cli("report", "--kernel", str(ex / "Applications/prefix_sum/main.hip"),
            "--entry", "device_prefix_sum", "-I", str(ex / "Common"), "--block", "256",
            "-t", "gfx1100", "--agents", "default,min_pressure", "--max-points", "1",
            "--store", str(tmp_path / "s.sqlite"), "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert (f"agentsched report --kernel {ex / 'Applications/prefix_sum/main.hip'} --entry "
            f"device_prefix_sum -I {ex / 'Common'} --block 256 --target gfx1100 --max-points 0"
            ) in out.read_text()
    r = cli("report", "rows.json", "--entry", "k", "-o", str(out))
    assert r.returncode == 2 and "apply to --kernel" in r.stderr
