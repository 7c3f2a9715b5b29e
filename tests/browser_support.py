"""Helpers shared by the browser tests: viewports, console-error watching, screenshots,
the axe-core scan and PDF page counts (the fixtures are in browser_fixtures.py)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
SHOTS = Path(__file__).resolve().parent / "screenshots"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

playwright_sync = pytest.importorskip("playwright.sync_api")


def watch_errors(pg) -> list[str]:
    """Collects page errors and console errors (a designed 400 is not one)."""
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    expected = "the server responded with a status of 400"
    pg.on(
        "console",
        lambda m: errors.append(m.text) if m.type == "error" and expected not in m.text else None,
    )
    return errors


def shot(pg, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    pg.screenshot(path=str(SHOTS / f"{name}-{pg.viewport_name}.png"), full_page=True)


def axe_violations(pg) -> list[tuple[str, str, int]]:
    """The serious and critical axe-core findings on the page as it is now."""
    if not AXE.exists():
        pytest.skip("axe-core is not installed (./dev test runs npm ci)")
    pg.add_script_tag(path=str(AXE))
    result = pg.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [
        (v["id"], v["impact"], len(v["nodes"]))
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF that Chromium wrote (its page objects)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))
