"""How big and how slow the HTML report is, in a real browser (Debian's chromium).

    python bench/report_page.py KERNEL -t TARGET [--agents ...] [-o bench/report_KERNEL.json]
    python bench/report_page.py --page results/report.html      # an existing page only
    python bench/report_page.py --page P --screenshot docs/img/report.png --open-pass 2

Builds `agentsched report --kernel KERNEL -t TARGET --max-points 0` (cold: traces cached in
the data dir are removed first; then warm), then opens the page in headless chromium and
measures the page size, the time to load it (navigation to the load event), the time to open
the largest pass (inflate, draw its plots) and its instruction table, and the JS heap. Writes
the figures as JSON; bench/report.md records them."""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def build(kernel: str, target: str, agents: str, out: Path) -> dict:
    from agentsched.core.paths import data_dir
    shutil.rmtree(data_dir() / "report-traces", ignore_errors=True)
    res = {}
    for kind in ("cold", "warm"):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "agentsched.cli", "report", "--kernel", kernel,
                        "-t", target, "--agents", agents, "--max-points", "0", "-o", str(out)],
                       check=True)
        res[f"build_{kind}_s"] = round(time.perf_counter() - t0, 1)
    return res


def measure(page_path: Path, repeats: int = 3) -> dict:
    from playwright.sync_api import sync_playwright
    out = {"page_bytes": page_path.stat().st_size}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=FLAGS)
        try:
            loads, opens, tables, asms = [], [], [], []
            for _ in range(repeats):
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                errors: list[str] = []
                page.on("pageerror", lambda e: errors.append(str(e)))
                page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
                page.goto(page_path.as_uri(), wait_until="load")
                nav = page.evaluate("performance.getEntriesByType('navigation')[0].toJSON()")
                loads.append(nav["loadEventEnd"])
                passes = page.locator("details.pass")
                n = passes.count()
                if n:
                    sizes = [int(s.split(", ")[1].split(" ")[0])
                             for s in passes.locator("summary").all_inner_texts()]
                    big = passes.nth(sizes.index(max(sizes)))
                    t0 = time.perf_counter()
                    big.locator("summary").click()
                    big.locator(".js-plotly-plot").last.wait_for(timeout=120_000)
                    page.wait_for_function("document.querySelectorAll('details.pass "
                                           "[data-loaded=loading]').length == 0")
                    opens.append((time.perf_counter() - t0) * 1000)
                    inner = big.locator("details.lazy").first
                    t0 = time.perf_counter()
                    inner.locator("summary").click()
                    inner.locator("table.instrs tbody tr").first.wait_for(timeout=120_000)
                    tables.append((time.perf_counter() - t0) * 1000)
                    out["largest_pass_instructions"] = max(sizes)
                    out["passes"] = n
                diffs = page.locator("details.asm")
                if diffs.count():
                    t0 = time.perf_counter()
                    diffs.first.locator("summary").click()
                    diffs.first.locator("table.asmdiff tbody tr").first.wait_for(timeout=120_000)
                    asms.append((time.perf_counter() - t0) * 1000)
                out["js_heap_bytes"] = page.evaluate("performance.memory.usedJSHeapSize")
                out["errors"] = errors
                page.close()
            out["load_ms_median"] = round(statistics.median(loads))
            out["load_ms"] = [round(x) for x in loads]
            if opens:
                out["open_largest_pass_ms_median"] = round(statistics.median(opens))
                out["open_its_instruction_table_ms_median"] = round(statistics.median(tables))
            if asms:
                out["open_first_asm_diff_ms_median"] = round(statistics.median(asms))
        finally:
            browser.close()
    return out


def screenshot(page_path: Path, png: Path, open_pass: int) -> None:
    """The README's picture: the page scrolled to a pass, opened (its plots drawn)."""
    from PIL import Image
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 1500})
            page.goto(page_path.as_uri(), wait_until="load")
            one = page.locator("details.pass").nth(open_pass)
            one.locator("summary").click()
            one.locator(".js-plotly-plot").last.wait_for()
            page.wait_for_timeout(500)
            page.evaluate("el => window.scrollTo(0, el.getBoundingClientRect().top + "
                          "window.scrollY - 40)", one.element_handle())
            page.screenshot(path=str(png))
        finally:
            browser.close()
    # a palette image: a quarter of the bytes; octree keeps thin coloured lines apart
    Image.open(png).convert("RGB").quantize(colors=256, method=Image.Quantize.FASTOCTREE) \
        .save(png, optimize=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kernel", nargs="?")
    ap.add_argument("-t", "--target", default="gfx1100")
    ap.add_argument("--agents", default="default,random,min_pressure,max_latency,pref_load,"
                                        "pref_salu")
    ap.add_argument("--page", type=Path, help="measure this page only (no build)")
    ap.add_argument("-o", "--output", type=Path)
    ap.add_argument("--screenshot", type=Path, help="save a PNG of the page with a pass open")
    ap.add_argument("--open-pass", type=int, default=0, help="which pass (0-based)")
    args = ap.parse_args()
    if args.screenshot:
        screenshot(args.page.resolve(), args.screenshot, args.open_pass)
        return 0
    res: dict = {"host": platform.node(), "cpus": os.cpu_count(),
                 "load_average": os.getloadavg()[0]}
    if args.page:
        page = args.page.resolve()
    else:
        page = Path(f"/tmp/report-{args.kernel}-{args.target}.html")
        res.update(kernel=args.kernel, target=args.target, agents=args.agents,
                   **build(args.kernel, args.target, args.agents, page))
    res.update(measure(page))
    res["chromium"] = subprocess.run(["chromium", "--version"], capture_output=True,
                                     text=True).stdout.strip()
    text = json.dumps(res, indent=2)
    print(text)
    if args.output:
        args.output.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
