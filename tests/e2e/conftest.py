from __future__ import annotations

import os
from functools import partial

import pytest
from browser import CHROMIUM_ARGS, PHONE, Phone, chromium_path, served
from hung_pages import HungPageWatch

WATCH = HungPageWatch()  # this process's browsers' pages that hang are killed (decision 83)


@pytest.fixture(scope="session", autouse=True)
def hung_page_watch():
    with WATCH:
        yield WATCH


@pytest.fixture(autouse=True)
def kills_before(request):
    """How many hung pages were killed before this test started (see the rerun below)."""
    request.node.kills_before = len(WATCH.killed)


def pytest_collection_modifyitems(items):
    """A browser test runs once more when a hung page was killed during it (the hang is
    Flutter's, decision 83), or when it failed on a machine loaded beyond its cores, where
    Flutter's client was seen to lose an input now and then (decision 187). On a machine
    that is not overloaded, any other failure is reported as it is, at once."""
    for item in items:
        if "e2e" in item.nodeid.split("/"):
            item.add_marker(pytest.mark.flaky(reruns=1, condition=partial(worth_a_rerun, item)))


def worth_a_rerun(item: pytest.Item) -> bool:
    return killed_during(item) or overloaded()


def killed_during(item: pytest.Item) -> bool:
    return len(WATCH.killed) > getattr(item, "kills_before", len(WATCH.killed))


# Runnable threads per core (the last minute's load average) above which a failed browser test
# runs once more: the suite's two workers alone keep a 2-core machine's load at about 8.
OVERLOAD = 1.5


def overloaded() -> bool:
    return os.getloadavg()[0] > OVERLOAD * (os.cpu_count() or 1)


@pytest.fixture(scope="session")
def playwright():
    """The worker's one Playwright: a second ``sync_playwright()`` while this one runs fails
    ("Sync API inside the asyncio loop"), so every browser of a worker is launched from it."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright):
    launched = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS,
                                          headless=True)
    yield launched
    launched.close()


@pytest.fixture(autouse=True)
def no_page_outlives_its_test(request):
    """Close every browser context a test opened, once it ends (pass or fail). A page left open
    outlives its server and draws Flet's reconnecting spinner, in software, until the end of the
    run: a dozen of them took more than a core away from every later test (decision 75)."""
    yield
    if "browser" in request.fixturenames:
        for context in request.getfixturevalue("browser").contexts:
            context.close()


@pytest.fixture
def data_dir(tmp_path):
    return tmp_path / "data"


@pytest.fixture
def server(data_dir):
    data_dir.mkdir()
    with served(data_dir) as url:
        yield url


@pytest.fixture
def phone(browser, server):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    yield Phone(page, server).open()
    context.close()


@pytest.fixture
def second_phone(browser, server):
    context = browser.new_context(viewport=PHONE)
    yield Phone(context.new_page(), server)
    context.close()
