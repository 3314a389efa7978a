from __future__ import annotations

import pytest
from browser import CHROMIUM_ARGS, PHONE, Phone, chromium_path, served

pytestmark = pytest.mark.browser


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS,
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
