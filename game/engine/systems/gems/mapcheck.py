"""Gems-specific map checks (placeholder, filled in below)."""
from __future__ import annotations


def check_map(board) -> list:
    return []
