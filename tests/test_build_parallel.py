"""The writer processes' posting pools follow the memory the machine has."""

from __future__ import annotations

import os

import pytest

from indexer import build


def machine_with(monkeypatch, available_bytes: int | None) -> None:
    page = 4096

    def sysconf(name: str) -> int:
        if available_bytes is None:
            raise ValueError(name)
        return page if name == "SC_PAGE_SIZE" else available_bytes // page

    monkeypatch.setattr(os, "sysconf", sysconf)


@pytest.mark.parametrize(
    ("available_gb", "workers", "pool_mb"),
    [(22, 2, 4096), (8, 2, 2048), (4, 4, 512), (0.1, 2, 128)],
)
def test_half_the_available_memory_is_shared_by_the_writers(
    monkeypatch, available_gb, workers, pool_mb
):
    machine_with(monkeypatch, int(available_gb * 2**30))
    assert build._pool_mb(workers) == pool_mb


def test_a_system_that_does_not_say_gets_the_smallest_pool(monkeypatch):
    machine_with(monkeypatch, None)
    assert build._pool_mb(2) == 128
