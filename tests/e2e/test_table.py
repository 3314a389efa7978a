"""The app at the table: two phones, conflicting edits, restarts, the referee, joining."""

from __future__ import annotations

import json
from functools import partial

import pytest
from browser import PHONE, Phone, served

from scorer.cli import main
from scorer.game import Game
from scorer.rules import Contract
from scorer.rules.draw_bridge import DrawBridgeDeal
from scorer.store import Store

pytestmark = pytest.mark.browser


def stored_game(data_dir, deals=0, game=None):
    """``game`` saved in a new data folder; by default a Draw Bridge game with ``deals``
    deals of 1C made."""
    data_dir.mkdir(exist_ok=True)
    if game is None:
        game = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0, end="target=1000")
        for _ in range(deals):
            game = game.add_deal(DrawBridgeDeal(0, Contract.parse("1C"), 7))
    with Store(data_dir) as store:
        return store.save(game)


def on_game(browser, url: str, game: Game) -> Phone:
    """A new phone (its own browser context) showing ``game``'s scoreboard."""
    return Phone(browser.new_context(viewport=PHONE).new_page(), url).open(f"/game/{game.id}")


def test_conflicting_edits_are_refused_and_the_screen_refreshes(browser, tmp_path):
    data_dir = tmp_path / "data"
    game = stored_game(data_dir)
    with served(data_dir) as url:
        one = Phone(browser.new_context(viewport=PHONE).new_page(), url).open(f"/game/{game.id}")
        two = Phone(browser.new_context(viewport=PHONE).new_page(), url).open(f"/game/{game.id}")
        one.see("Ana total 0")
        two.see("Ana total 0")
        # Both start entering the same deal.
        one.tap("New deal")
        two.tap("New deal")
        for name in ("Declarer Ana", "Level 4", "Spades", "Tricks 10"):
            one.tap(name)
        for name in ("Declarer Ben", "Level 2", "Hearts", "Tricks 8"):
            two.tap(name)
        before = one.button("Tricks 10").first.bounding_box()
        two.tap("Save deal")
        two.see("Ben total 60")
        one.see("This game was just changed on another phone.")
        assert one.button("Tricks 10").first.bounding_box() == before  # nothing moved
        one.tap("Save deal")
        one.see("Not saved: this game was changed elsewhere")
        one.see("changed elsewhere since it was loaded")
        one.see("Ben total 60")        # the refreshed scoreboard: phone two's deal
        one.see("Ana total 0")
    with Store(data_dir) as store:
        assert len(store.load(game.id).deals) == 1


def test_restarting_the_server_shows_the_same_state(browser, tmp_path):
    data_dir = tmp_path / "data"
    game = stored_game(data_dir, deals=3)
    for _ in range(2):
        with served(data_dir) as url:
            phone = Phone(browser.new_context(viewport=PHONE).new_page(), url).open()
            phone.tap("Open Draw Bridge: Ana, Ben", exact=False)
            phone.see("Ana total 60")
            phone.see("Deal 3: 1C by Ana: made")
            phone.page.wait_for_url(f"**/game/{game.id}", timeout=20000)  # the address follows


def test_check_a_score_without_recording(phone, data_dir):
    phone.tap("Check a score")
    # Issue 18 item 7: nothing is saved here, and what is missing is said once.
    phone.see("Not complete: choose the contract's level")
    assert "Cannot save" not in phone.screen_text()
    assert phone.screen_text().count("choose the contract's level") == 1
    for name in ("Level 4", "Hearts", "Doubled", "Tricks 8"):
        phone.tap(name)
    phone.see("4♥X by Declarer: down 2: Declarer 0 · Opponent 0")
    shown = phone.page.get_by_text("4♥X by Declarer: down 2: Declarer 0 · Opponent 0")
    # Every copy's box in one look at the page: counted first and then read one by one, a copy
    # Flutter drops from its tree in between was waited for until the timeout (a CI failure).
    boxes = shown.evaluate_all("(nodes) => nodes.map((node) => node.getBoundingClientRect())"
                               ".filter((box) => box.height > 0)"
                               ".map((box) => ({y: box.y, height: box.height}))")
    assert any(b["y"] >= 0 and b["y"] + b["height"] <= 640 for b in boxes), boxes  # in view
    phone.see("House rules: as the rules say (defaults)")
    phone.tap("Show or hide the house rules")
    phone.tap("Rule undertricks score on")
    phone.see("House rules: undertricks score on")
    phone.see("4♥X by Declarer: down 2: Declarer 0 · Opponent 200")
    phone.see("doubled: 100 × 2 = 200")
    phone.tap("Check Call Break")
    for player, call in enumerate([4, 2, 2, 2], start=1):
        phone.tap(f"Player {player} calls {call}")
    for player, tricks in enumerate([5, 3, 1], start=1):
        phone.tap(f"Player {player} took {tricks}")  # Player 4: the rest, 4
    phone.see("Player 1 41 · Player 2 21 · Player 3 -20 · Player 4 22")
    phone.tap("Rule minimum call 1")  # the house rules stay unfolded
    phone.tap("Player 3 calls 1")
    phone.see("Player 3 called 1, took 1: met, 1 × 10 + 0 = 10")
    phone.tap("Check MiniBridge")
    phone.tap("Dealer West")
    phone.tap("Enter the points")
    # West deals, so West announces first; the last count (South's) fills itself in.
    for seat, points in zip(["West", "North", "East"], [9, 12, 10], strict=True):
        phone.type(f"{seat} points", str(points))
    phone.see("declarer North, dummy South")  # seats without names: no 'North (North)'
    assert "North (North)" not in phone.screen_text()
    phone.type("South points", "8")
    phone.type("West points", "10")
    phone.see("20-20: redeal")
    assert phone.screen_text().count("20-20: redeal, no score") == 1  # under the counts only
    phone.see("redeal: N-S 0 · E-W 0")
    phone.page.go_back()
    phone.see("No games yet")  # nothing was recorded


def test_check_a_rubber_hand_gives_one_total_the_clis(phone, capsys):
    """Issue 18: 4♥X+1 by South, N-S vulnerable, 100 honours read N-S 1290 in the headline and
    'rubber 1: N-S 1390' last, while `scorer check rubber` said 240 below and 350 above. One
    hand is not a rubber: both now say 590, with the same lines, the last one the total."""
    assert main(["check", "rubber", "--contract", "4HX", "--tricks", "11", "--vulnerable",
                 "yes", "--honors", "declarer:100", "--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert (cli["declarer"], cli["defenders"]) == (590, 0)
    phone.taps = 0
    phone.tap("Check a score")
    for name in ("Check Rubber bridge", "Vulnerable: N-S", "Declarer South", "Level 4", "Hearts",
                 "Doubled", "Tricks 11", "Honours 100 to declarer's side"):
        phone.tap(name)
    print(f"Check a rubber hand from home: {phone.taps} taps")
    assert phone.taps <= 9
    phone.see(f"4♥X by South: made +1: N-S {cli['declarer']} · E-W {cli['defenders']}")
    for line in cli["lines"]:
        phone.see(line["text"].replace("4H", Contract.parse("4H").symbols))
    phone.see("declarer's side: 240 below and 350 above the line = 590")
    shown = phone.screen_text()
    assert "1290" not in shown and "1390" not in shown and "rubber 1" not in shown


def test_join_from_another_phone_shows_address_and_qr(phone):
    phone.tap("Join from another phone")
    phone.see(f"Address {phone.url}")
    phone.see(f"QR code for {phone.url}")


# Each language's name on the home screen, its New game button and a word of the form it opens.
LANGUAGE_SWITCHES = [("Español", "Nueva partida", "Jugadores"),
                     ("Български", "Нова игра", "Играчи"),
                     ("Afrikaans", "Nuwe spel", "Spelers"),
                     ("नेपाली", "नयाँ खेल", "खेलाडी"),
                     ("हिन्दी", "नया खेल", "खिलाड़ी"),
                     ("English", "New game", "Players")]


def test_switch_language_and_it_is_remembered(browser, phone):
    """Every language in turn, each chosen from the one before (one server and page: a test
    per language spent most of its time starting them)."""
    for language, label, players in LANGUAGE_SWITCHES:
        phone.tap(language)
        phone.tap(label)              # the translated button exists and works
        phone.see(players)
        phone.open()                  # reload: the same session, the same language
        phone.shown(phone.button(label).first, f"button {label!r}")
        # Closed and opened again later on the same device (its local storage kept):
        # remembered.
        later = browser.new_context(viewport=PHONE,
                                    storage_state=phone.page.context.storage_state())
        again = Phone(later.new_page(), phone.url).open()
        again.shown(again.button(label).first, f"button {label!r}")
        later.close()


def test_first_start_follows_the_browser_and_a_game_in_spanish(browser, server):
    context = browser.new_context(viewport=PHONE, locale="es-ES")
    phone = Phone(context.new_page(), server).open()
    phone.tap("Nueva partida")
    phone.see("Jugadores")
    # Issue 18 item 7: a fresh form is not red; the reason comes once the player tries Start.
    assert "no tiene nombre" not in phone.screen_text()
    phone.tap("Empezar la partida")
    phone.see("Norte no tiene nombre")  # MiniBridge first: its fields are named by seat
    phone.tap("Puente levadizo")
    phone.see("Jugador 2")
    assert "no tiene nombre" not in phone.screen_text()  # new fields: not red again
    phone.tap("Empezar la partida")
    phone.see("Jugador 1 no tiene nombre")
    phone.type("Jugador 1", "Lucía")
    phone.type("Jugador 2", "Pablo")
    phone.tap("Primer repartidor Lucía")
    phone.tap("Puntuación objetivo 100")
    phone.tap("Empezar la partida")
    phone.see("El primero a 100 · reparte: Lucía")
    phone.tap("Nueva mano")
    for name in ("Declarante Pablo", "Nivel 4", "Picas", "Doblado", "Bazas 10"):
        phone.tap(name)
    phone.see("4♠X de Pablo: cumplido: Lucía 0 · Pablo 240")
    phone.tap("Guardar la mano")
    phone.see("Pablo gana: alcanzó el objetivo de 100")
    phone.tap("Mano 1: 4SX de Pablo: cumplido;", exact=False)
    phone.see("4 bazas por encima de seis en picas: 4 × 30 = 120")
    phone.see("doblado: 120 × 2 = 240")
    # Issue 18 item 7: no-trump is "SA" (sin triunfo) on a Spanish screen, and Check a score,
    # which saves nothing, says what is missing without speaking of saving.
    phone.open()
    phone.tap("Calcular una mano")
    phone.see("Incompleta: ")
    assert "Aún no se puede guardar" not in phone.screen_text()
    for name in ("Nivel 3", "Sin triunfo", "Bazas 9"):
        phone.tap(name)
    phone.see("3SA de Declarante: cumplido")
    context.close()


def test_a_call_break_round_in_hindi_with_devanagari_digits(browser, server):
    """A phone in Hindi: the target typed in Devanagari digits (as a Hindi keyboard gives
    them), one round tapped in, the game won, in Hindi throughout."""
    context = browser.new_context(viewport=PHONE, locale="hi-IN")
    phone = Phone(context.new_page(), server).open()
    names = ["अमित", "प्रिया", "राहुल", "नेहा"]
    phone.tap("नया खेल")
    phone.tap("कॉल ब्रेक")
    for number, name in enumerate(names, 1):
        phone.into_view(f"खिलाड़ी {number}")
        phone.type(f"खिलाड़ी {number}", name)
    phone.tap("पहले बाँटने वाला अमित")
    phone.tap("अंत: लक्ष्य अंक")
    phone.into_view("लक्ष्य अंक")  # above the bar that holds Start
    phone.type("लक्ष्य अंक", "१५")
    phone.tap("खेल शुरू करें")
    phone.see("पहले 15 तक · बाँटने की बारी: अमित")
    phone.see("कॉल और पहली चाल: प्रिया")
    phone.tap("नई बाज़ी")
    for name, call in zip(names, [4, 3, 2, 4], strict=True):
        phone.tap(f"{name}: कॉल {call}")
    phone.see("रखी गई कॉल: प्रिया 3 · राहुल 2 · नेहा 4 · अमित 4")  # in calling order
    for name, tricks in zip(names[:3], [5, 3, 2], strict=True):
        phone.tap(f"{name}: {tricks} हाथ")
    phone.see("बने हाथ (13 में से 0 बाकी)")  # नेहा's 3: the rest of the 13
    phone.tap("बाज़ी सहेजें")
    phone.see("अमित की जीत: 15 का लक्ष्य पूरा")
    phone.see("बाज़ी 1: कॉल 4 3 2 4; हाथ 5 3 2 3")
    context.close()


def test_share_copy_download_and_import(browser, tmp_path):
    data_dir = tmp_path / "data"
    game = stored_game(data_dir, deals=2)
    with served(data_dir) as url:
        context = browser.new_context(viewport=PHONE, accept_downloads=True)
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url.rstrip("/"))
        phone = Phone(context.new_page(), url).open(f"/game/{game.id}")
        phone.see("Ana total 40")
        phone.tap("Copy the scoresheet")
        phone.see("The scoresheet is copied")
        copied = phone.page.evaluate("navigator.clipboard.readText()")
        assert copied.splitlines()[0] == "Draw Bridge: Ana, Ben"
        assert "2. 1♣ by Ana, 7 tricks: 1♣ by Ana: made; 20 / 0 (totals 40 / 0)" in copied
        with phone.page.expect_download() as info:
            phone.tap("Download CSV")
        csv_text = info.value.path().read_text(encoding="utf-8")
        assert csv_text.splitlines()[2] == "1,Ana,1C by Ana,7,1C by Ana: made,20,0,20,0"
        with phone.page.expect_download() as info:
            phone.tap("Download JSON")
        exported = tmp_path / "shared.json"
        info.value.save_as(exported)
        context.close()
    other = tmp_path / "other"
    other.mkdir()
    with served(other) as url:
        phone = Phone(browser.new_context(viewport=PHONE).new_page(), url).open()
        for attempt in ("1 game imported.", "Already here, not imported again"):
            with phone.page.expect_file_chooser() as chooser:
                phone.tap("Import a game")
            chooser.value.set_files(str(exported))
            phone.see(attempt)
        phone.tap("Open Draw Bridge: Ana, Ben", exact=False)
        phone.see("Ana total 40")
        bad = tmp_path / "bad.json"
        bad.write_text('{"format": "scorer-export", "games": [{"variant": "call-break"}]}')
        phone.open()
        with phone.page.expect_file_chooser() as chooser:
            phone.tap("Import a game")
        chooser.value.set_files(str(bad))
        phone.see("Not imported: this game needs 4 players")
    with Store(other) as store:
        assert [s.id for s in store.list_games()] == [game.id]


def test_players_statistics(browser, tmp_path):
    data_dir = tmp_path / "data"
    game = stored_game(data_dir, deals=3)
    with Store(data_dir) as store:
        store.save(game.close())  # finished games count; an unfinished one not yet
        store.save(Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0).add_deal(
            DrawBridgeDeal(1, Contract.parse("7NT"), 13)))
    with served(data_dir) as url:
        phone = Phone(browser.new_context(viewport=PHONE).new_page(), url).open()
        phone.tap("Players' statistics")
        phone.see("Statistics of Ana")
        phone.see("1 game played, 1 won")
        phone.see("20.0 points per deal on average (3 deals)")
        phone.see("3 contracts declared, 3 made")


def test_the_rules_in_the_app_from_the_game_and_from_a_house_rule(browser, tmp_path):
    data_dir = tmp_path / "data"
    game = stored_game(data_dir)
    with served(data_dir) as url:
        phone = on_game(browser, url, game)
        phone.tap("Rules of Draw Bridge")
        phone.see("Draw Bridge — as Scorer scores it")
        phone.see("Failed")
        phone.tap("Back")
        phone.see("Ana total 0")
        spanish = Phone(browser.new_context(viewport=PHONE, locale="es-ES").new_page(),
                        url).open("/new")
        spanish.tap("Puente levadizo")
        spanish.tap("Leer sobre la regla multas")
        spanish.see("Reglas de la casa")
        spanish.see("un contrato fallido da al rival 50 puntos por baza")


def test_serve_prints_the_address_and_a_qr_code(tmp_path):
    import subprocess
    import sys

    from browser import free_port

    port = free_port()
    child = subprocess.Popen([sys.executable, "-m", "scorer.cli", "--data-dir",
                              str(tmp_path / "d"), "serve", "--port", str(port)],
                             stdout=subprocess.PIPE, text=True)
    try:
        first = child.stdout.readline()
        qr = [child.stdout.readline() for _ in range(8)]
    finally:
        child.terminate()
        child.wait(10)
    assert first.startswith(f"Scorer is served at http://127.0.0.1:{port}/")
    # Not a terminal: the dark modules are the blocks (decision 207), so the quiet zone's
    # first two lines are blank and the code's lines are drawn.
    assert [line.strip() for line in qr[:2]] == ["", ""], qr
    assert all("█" in line or "▀" in line or "▄" in line for line in qr[2:]), qr


def test_a_half_entered_deal_survives_back_reload_restart_and_another_phone(browser, tmp_path):
    data_dir = tmp_path / "data"
    game = stored_game(data_dir)
    half = "Cannot save yet: choose the tricks declarer took"
    with served(data_dir) as url:
        phone = on_game(browser, url, game)
        phone.tap("New deal")
        for name in ("Declarer Ana", "Level 4", "Spades"):
            phone.tap(name)
        phone.see(half)
        phone.tap("Back")  # kept without asking (decision 150), and said so
        phone.see("Ana total 0")
        phone.see("Deal 1: kept as entered so far")
        phone.tap("Continue: Deal 1")
        phone.see(half)  # Back and return
        phone.open(f"/game/{game.id}/deal")
        phone.see(half)  # reload
        other = on_game(browser, url, game)
        other.tap("Continue: Deal 1")
        other.see(half)  # the same game on another phone
    with served(data_dir) as url:  # a restarted server
        phone = on_game(browser, url, game)
        phone.tap("Continue: Deal 1")
        phone.see(half)
        phone.tap("Tricks 10")
        phone.tap("Save deal")
        phone.see("Ana total 120")
        phone.tap("New deal")
        phone.see("Cannot save yet: choose the declarer")  # saved: the draft is gone
        phone.tap("Declarer Ben")
        phone.tap("Back")
        phone.tap("Discard: Deal 2")
        phone.tap("Discard it")  # once asked (issue 30)
        phone.see("Ana total 120")
        phone.tap("New deal")
        phone.see("Cannot save yet: choose the declarer")
    with Store(data_dir) as store:
        assert store.load_draft(game.id) is None and len(store.load(game.id).deals) == 1


def test_call_break_calls_not_all_made_survive_back_and_reload(browser, tmp_path):
    """Two of the four calls made: Back keeps them, and a reload too (they are a draft
    until all four are made and kept with the game)."""
    data_dir = tmp_path / "data"
    game = stored_game(data_dir, game=Game.new("call-break", ["Ana", "Ben", "Cleo", "Dan"],
                                               first_dealer=0))
    with served(data_dir) as url:
        phone = on_game(browser, url, game)
        phone.tap("New deal")
        phone.tap("Ben calls 3")
        phone.tap("Cleo calls 2")
        phone.see("Calls (total 5)")
        phone.tap("Back")
        phone.tap("Continue: Deal 1")  # kept without asking (decision 150)
        phone.see("Calls (total 5)")
        phone.open(f"/game/{game.id}/deal")
        phone.see("Calls (total 5)")  # reload
        phone.see("Cannot save yet: choose Dan's call")
    with Store(data_dir) as store:
        assert store.load_draft(game.id)["draft"]["calls"] == [None, 3, 2, None]


PHONE_HABITS = """
window.__shared = []; window.__wake = [];
navigator.share = (data) => { window.__shared.push(data); return Promise.resolve(); };
navigator.canShare = () => true;
Object.defineProperty(navigator, 'wakeLock', {value: {request: (kind) => {
  window.__wake.push(kind);
  return Promise.resolve({released: false, release: () => Promise.resolve(),
                          addEventListener: () => {}, onrelease: null});
}}});
"""


def test_phone_habits_awake_share_undo_delete_and_restore(browser, tmp_path):
    data_dir = tmp_path / "data"
    game = stored_game(data_dir, deals=2)
    with served(data_dir) as url:
        context = browser.new_context(viewport=PHONE, accept_downloads=True)
        context.add_init_script(PHONE_HABITS)  # the phone's share sheet and wake lock
        phone = Phone(context.new_page(), url).open()
        phone.tap("Open Draw Bridge: Ana, Ben", exact=False)
        phone.see("Ana total 40")
        phone.page.wait_for_function("window.__wake.length > 0", timeout=20000)
        assert phone.page.evaluate("window.__wake") == ["screen"]  # the screen stays on
        phone.tap("Share the scoresheet")
        phone.page.wait_for_function("window.__shared.length > 0", timeout=20000)
        shared = phone.page.evaluate("window.__shared[0].text")
        assert "2. 1♣ by Ana, 7 tricks: 1♣ by Ana: made; 20 / 0 (totals 40 / 0)" in shared
        phone.tap("Undo the last deal")
        phone.tap("Remove")
        phone.see("Ana total 20")
        phone.see("Undone deals")
        phone.see("1♣ by Ana, 7 tricks, removed")  # the undone deal stays in the history
        phone.tap("Delete this game")
        with phone.page.expect_download() as download:
            phone.tap("Download a copy")
        copy = tmp_path / "copy.json"
        download.value.save_as(copy)
        phone.tap("Delete")
        phone.see("The game was deleted")
        phone.see("No games yet")
        with phone.page.expect_file_chooser() as chooser:
            phone.tap("Import a game")
        chooser.value.set_files(str(copy))
        phone.see("Ana, Ben")  # restored from the downloaded copy
        context.close()
    with Store(data_dir) as store:
        restored = store.load(game.id)
        assert restored.totals == (20, 0) and len(restored.history) == 1


def test_a_press_held_a_second_is_a_tap(browser, tmp_path):
    """A finger kept down on a button (deliberately, or on a phone too busy to see it lift in
    time) does what a tap does: Flet's buttons turn it into a long press (decision 101)."""
    data_dir = tmp_path / "data"
    stored_game(data_dir, deals=1)
    with served(data_dir) as url:
        phone = Phone(browser.new_context(viewport=PHONE).new_page(), url).open()
        phone.hold("New game")
        phone.see("Start game")
        phone.hold("Back")
        phone.hold("Open Draw Bridge: Ana, Ben", exact=False)   # a card: a tap only, held or not
        phone.see("Ana total 20")
        phone.hold("New deal")
        for name in ("Declarer Ben", "Level 1", "No-trump", "Tricks 7"):
            phone.hold(name)
        phone.see("1NT by Ben: made")
        phone.hold("Save deal")
        phone.see("Ben total 40")
        phone.hold("Delete this game")
        phone.hold("Keep it")                       # a dialog's button
        phone.see("Ben total 40")


class Named:
    """Where the text or name ``label`` (as Phone.see finds it) is drawn: the first of the
    innermost elements of the accessibility tree that say it (a deal row's name says the
    totals after it too: decision 197)."""

    def __init__(self, page, label: str) -> None:
        self.page, self.label = page, label

    def bounding_box(self):
        return self.page.evaluate(
            """label => {
                 const host = document.querySelector('flt-semantics-host');
                 const all = Array.from(host ? host.querySelectorAll('*') : [])
                   .filter(e => (e.getAttribute('aria-label') || '').includes(label)
                                || e.textContent.includes(label));
                 const e = all.filter(e => !all.some(o => o !== e && e.contains(o)))[0];
                 if (!e) return null;
                 const r = e.getBoundingClientRect();
                 return {x: r.x, y: r.y, width: r.width, height: r.height};
               }""", self.label)


def in_view(phone, target) -> bool:
    """Is ``target`` drawn wholly within the phone's screen?"""
    box = target.bounding_box()
    size = phone.page.viewport_size or PHONE
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]


def test_a_game_opens_at_its_top_from_a_scrolled_home_list(browser, tmp_path):
    """Issue 18: a game opened from a home list scrolled down opened scrolled down too (the
    app is one View, which kept its offset): totals and New deal off screen. In English and
    in Afrikaans (longer words), one phone after the other on the same server."""
    data_dir = tmp_path / "data"
    for n in range(8):  # games with deals: a scoreboard longer than the screen
        game = Game.new("draw-bridge", [f"Ana{n}", f"Ben{n}"], first_dealer=0, end="target=1000")
        for _ in range(6):
            game = game.add_deal(DrawBridgeDeal(1, Contract.parse("1C"), 6))  # down 1
        stored_game(data_dir, game=game)
    with served(data_dir) as url:
        for language, new_game, new_deal, total in [
                ("en", "New game", "New deal", "Ana0 total 0"),
                ("af-ZA", "Nuwe spel", "Nuwe uitdeling", "Ana0 totaal 0")]:
            context = browser.new_context(viewport=PHONE, locale=language)
            phone = Phone(context.new_page(), url).open()
            phone.see(new_game)
            phone.page.mouse.move(180, 320)
            for _ in range(4):  # a finger scrolls the list to its end
                phone.page.mouse.wheel(0, 2000)
                phone.frames(5)
            assert not in_view(phone, phone.button(new_game).first)  # the list is scrolled
            card = phone.page.get_by_role("button", name="Ana0, Ben0", exact=False).first
            phone.scroll_to(card, tries=20)
            card.click()
            phone.see(total)
            top = phone.button(new_deal).first
            phone.shown(top, new_deal)
            phone._until(partial(in_view, phone, top), f"{new_deal!r} in view", 20000)
            totals = Named(phone.page, total)
            assert in_view(phone, totals)  # the totals above it, under the app bar: the top
            assert totals.bounding_box()["y"] < 160
            context.close()
