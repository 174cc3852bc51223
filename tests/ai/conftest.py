"""Fixtures for the AI tests: the toy race (registered only while a test runs)."""
from __future__ import annotations

import pytest

from tests.contract import toy


@pytest.fixture
def toy_system():
    with toy.registered() as system:
        yield system
