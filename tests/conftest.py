"""What every test shares: after each test, the pages it opened in the shared browser are
closed (a page left open keeps its scripts running, reconnecting to a server that is gone and
counting timers down, for the rest of the session)."""

from __future__ import annotations

import sys

import pytest


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    support = sys.modules.get("support.web")
    shared = getattr(support, "_SHARED", None) if support is not None else None
    browser = shared.get("browser") if shared else None
    if browser is not None:
        for context in list(browser.contexts):
            context.close()
