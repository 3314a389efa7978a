"""Back, whichever the player uses (issue 18 item 10, decision 150): the app bar's arrow and
the browser's (or Android's) back leave a half-entered deal alike, and going up goes back in
the browser's history, so that old deal forms and the New game form are not in it."""

from __future__ import annotations

import pytest
from browser import bridge_deal

pytestmark = pytest.mark.browser

HALF = "Cannot save yet: choose the tricks declarer took"


def lines(phone) -> list[str]:
    """What the screen says, line by line, once it has settled."""
    phone.frames(20)
    return [line for line in phone.screen_text().splitlines() if line.strip()]


def test_after_three_deals_the_browsers_back_from_the_scoreboard_goes_home(phone):
    phone.see("No games yet")
    phone.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana")
    for number, (declarer, tricks) in enumerate([("Ana", 7), ("Ben", 8), ("Ana", 6)], 1):
        phone.taps = 0
        bridge_deal(phone, declarer, 1, "Clubs", tricks)
        phone.see(f"Deal {number}: 1C by {declarer}")
        print(f"Draw Bridge deal {number}: {phone.taps} taps")
        assert phone.taps <= 6
    # A deal's detail and the app bar's Back: up again, as after a Save.
    phone.tap("Deal 2: 1C by Ben: made +1;", exact=False)
    phone.see("Correct this deal")
    phone.tap("Back")
    # The deal's page says the totals too: wait for the address to leave it (once read under
    # load before the back had landed).
    phone._until(lambda: "/deal/" not in phone.page.url, "the game's address after Back", 20000)
    phone.see("Ben total 40")
    game_url = phone.page.url
    phone.page.go_back()
    phone.see("Open Draw Bridge: Ana, Ben")  # the games: no deal form, no New game form
    assert phone.page.url == phone.url
    phone.page.go_back()  # and the next back leaves the app
    assert phone.page.url == "about:blank"
    phone.page.go_forward()
    phone.ready().see("Open Draw Bridge: Ana, Ben")
    # The way in is still there: the browser's forward goes to the game again.
    phone.page.go_forward()
    phone.see("Ben total 40")
    assert phone.page.url == game_url


def test_the_app_bars_back_and_the_browsers_back_keep_a_half_entered_deal_alike(phone):
    phone.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana")
    bridge_deal(phone, "Ana", 1, "Clubs", 7)
    phone.see("Ana total 20")
    kept = "Deal 2: kept as entered so far"

    phone.tap("New deal")
    for name in ("Declarer Ana", "Level 4", "Spades"):
        phone.tap(name)
    phone.see(HALF)
    phone.tap("Back")  # the app bar's: no question, the draft is kept and said so
    phone.see(kept)
    by_app_bar = lines(phone)
    assert "Keep it" not in by_app_bar and "New deal" not in by_app_bar
    phone.tap("Continue: Deal 2")
    phone.see(HALF)
    phone.page.go_back()  # the browser's: the same screen
    phone.see(kept)
    assert lines(phone) == by_app_bar
    phone.page.reload()  # kept with the game: a reload says so too
    phone.ready().see(kept)

    phone.tap("Continue: Deal 2")
    phone.see(HALF)
    phone.tap("Tricks 10")
    phone.tap("Save deal")
    phone.see("Ana total 140")
    assert "kept as entered" not in phone.screen_text()  # saved: nothing left to continue

    phone.tap("New deal")
    phone.tap("Declarer Ben")
    phone.page.go_back()
    phone.see("Deal 3: kept as entered so far")
    # Issue 30 item 6: one tap beside Continue threw a whole deal away; now it is asked first.
    phone.tap("Discard: Deal 3")
    phone.see("Discard Deal 3?")
    phone.tap("Keep it")
    phone.see("Deal 3: kept as entered so far")
    phone.tap("Continue: Deal 3")
    phone.see("Declarer Ben")
    phone.see("Cannot save yet: choose the contract's level")  # still as entered
    phone.tap("Back")
    phone.tap("Discard: Deal 3")
    phone.see("What was entered for it so far is lost")
    phone.tap("Discard it")
    phone.see("New deal")
    assert "kept as entered" not in phone.screen_text()
    phone.tap("New deal")
    phone.see("Cannot save yet: choose the declarer")  # discarded
    phone.tap("Back")
    phone.see("New deal")
    assert "kept as entered" not in phone.screen_text()  # nothing typed: nothing kept
    # However often the deal was left and taken up again, back from the scoreboard goes home.
    phone.page.go_back()
    phone.see("Open Draw Bridge: Ana, Ben")
    assert phone.page.url == phone.url


# A page with the script and, in place of Flutter, a recorder of the popstate events Flutter
# would hear (its listener is added after the script's, as in the real page).
SCRIPT_PAGE = """<!DOCTYPE html><html><head><base href="/site/">HEAD</head><body><script>
  window.heard = [];
  window.addEventListener("popstate", () => window.heard.push(location.href));
  window.push = (route) => history.pushState({serialCount: history.length, state: null},
                                             "flutter", "#" + route);
</script></body></html>"""


def test_the_script_goes_back_to_a_screen_below_and_flutter_does_not_hear_it(browser):
    """history.js alone, with hash routes as the published site has them: up is back, a form
    opening its game is replaced, the browser's own back is heard as before; a trail naming
    entries the browser no longer has still ends on the address asked for."""
    from scorer.ui.serve.client_files import head_scripts

    context = browser.new_context()
    page = context.new_page()
    page.route("http://scorer.test/**", lambda route: route.fulfill(
        body=SCRIPT_PAGE.replace("HEAD", head_scripts()), content_type="text/html"))
    page.goto("http://scorer.test/site/")

    def push(route: str) -> None:
        page.evaluate("route => window.push(route)", route)
        page.wait_for_function("route => location.hash === '#' + route", arg=route)

    start = page.evaluate("history.length")
    for route in ("/new", "/game/1", "/game/1/deal", "/game/1", "/game/1/deal/2",
                  "/game/1/deal/2/edit", "/game/1", "/game/1/deal"):
        push(route)
    # /new was replaced by its game; each way up went back: home, game, deal entry.
    assert page.evaluate("history.length") - start == 2
    assert page.evaluate("history.state.scorerTrail") == ["/site/", "/site/#/game/1"]
    push("/game/1")
    assert page.evaluate("window.heard") == []  # Flutter asked for it: not told again
    page.go_back()  # the browser's back: heard, and the games
    page.wait_for_function("() => window.heard.length === 1")
    assert page.evaluate("location.href") == "http://scorer.test/site/"
    # A trail naming entries the browser does not have (put there by hand): the address asked
    # for, after 3 s, and a push asked for meanwhile after it.
    page.evaluate("""() => History.prototype.replaceState.call(history,
        {serialCount: 0, state: null,
         scorerTrail: ["/site/#/ghost"].concat(Array(80).fill("/site/#/x"))}, "", "#/game/2")""")
    page.evaluate("window.push('/ghost')")
    page.evaluate("window.push('/ghost/deal')")
    page.wait_for_function("() => location.hash === '#/ghost/deal'", timeout=10000)
    assert page.evaluate("history.state.scorerTrail").pop() == "/site/#/ghost"
    assert page.evaluate("window.heard") == ["http://scorer.test/site/"]
    context.close()
