"""A game as an address (scorer.link): round trips of every game type, the size of a long game's
link, hostile links refused in one sentence, keeping a linked game beside the one kept here
(scorer.store.merge), and the command line's `scorer link` and `scorer import ADDRESS`."""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from link_games import FOUR, clock, long_games
from link_games import later as ticking

from scorer import link
from scorer.cli import main
from scorer.game import Game
from scorer.i18n import LANGUAGES, Translator
from scorer.link import InvalidLink, TooLongForLink, link_for, read_link
from scorer.rules import Contract, Doubling, InvalidInput, Strain
from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.call_break import CallBreakDeal
from scorer.rules.draw_bridge import DrawBridgeDeal
from scorer.rules.minibridge import MiniBridgeDeal
from scorer.rules.team_match import TeamBoard
from scorer.store import Relation, Store

SITE = "https://scorer.example.org/"

# --- any game of any type ---------------------------------------------------------------------

contracts = st.builds(Contract, st.integers(1, 7), st.sampled_from(Strain),
                      st.sampled_from(Doubling))
bridge = st.one_of(st.just(BridgeDeal()),
                   st.builds(BridgeDeal, st.integers(0, 3), contracts, st.integers(0, 13)))


@st.composite
def call_break_deals(draw):
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
    return CallBreakDeal(tuple(draw(st.integers(2, 13)) for _ in range(4)),
                         (cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]))


DEALS = {
    "draw-bridge": st.one_of(st.just(DrawBridgeDeal()), st.builds(
        DrawBridgeDeal, st.integers(0, 1), contracts, st.integers(0, 13))),
    "minibridge": st.one_of(st.just(MiniBridgeDeal(redeal=True)), st.builds(
        MiniBridgeDeal, st.integers(0, 3), contracts.filter(lambda c: c.doubling.value == 1),
        st.integers(0, 13))),
    "call-break": call_break_deals(),
    "rubber-bridge": bridge,
    "chicago": bridge,
    "team-match": st.builds(TeamBoard, bridge, bridge),
}
ENDS = {"draw-bridge": "target=100000", "minibridge": "open", "call-break": "open",
        "rubber-bridge": "open", "chicago": "open", "team-match": "open"}
names = st.text(st.characters(codec="utf-8", categories=["L", "N", "S"]), min_size=1,
                max_size=12)


@st.composite
def games(draw):
    """A game of any type: any names, deals, a few corrections and removals, maybe ended."""
    name = draw(st.sampled_from(sorted(DEALS)))
    count = 2 if name in ("draw-bridge", "team-match") else 4
    players = draw(st.lists(names, min_size=count, max_size=count,
                            unique_by=lambda s: " ".join(s.split()).casefold()))
    try:
        game = Game.new(name, players, end=ENDS[name], first_dealer=0, now=clock)
    except InvalidInput:  # a name the game refuses (e.g. two alike once normalised)
        game = Game.new(name, FOUR[:count], end=ENDS[name], first_dealer=0, now=clock)
    for deal in draw(st.lists(DEALS[name], max_size=20)):
        try:
            game = game.add_deal(deal, now=clock)
        except InvalidInput:
            continue
    for _ in range(draw(st.integers(0, 3))):
        if not game.deals:
            break
        if draw(st.booleans()):
            game = game.remove_last(now=clock)
        else:
            number = draw(st.integers(1, len(game.deals)))
            try:
                game = game.correct(number, draw(DEALS[name]), now=clock)
            except InvalidInput:
                continue
    if draw(st.booleans()):
        game = game.close(now=clock)
    return game


@settings(max_examples=80, deadline=None)
@given(games())
def test_every_game_comes_back_from_its_link(game):
    made = link_for(game, SITE)
    assert made.address.startswith(f"{SITE}#/g/1~") and made.history
    linked = read_link(made.address)
    assert linked.history
    assert linked.game == game
    assert linked.game.totals == game.totals and linked.game.outcome == game.outcome
    assert linked.game.to_dict() == game.to_dict()


def test_the_round_trip_property_can_fail():
    """A link that lost a deal is noticed by the comparison the property makes."""
    game = long_games()["call-break"]
    shorter = read_link(link_for(game.remove_last(now=clock), SITE).address).game
    assert shorter != game and shorter.totals != game.totals


# --- sizes ------------------------------------------------------------------------------------


def link_sizes() -> dict[str, tuple[int, int, int]]:
    """Each type's long game: deals, corrections, characters of its address (README table)."""
    return {name: (len(game.deals), len(game.history), len(link_for(game, SITE).address))
            for name, game in long_games().items()}


@pytest.mark.parametrize("name", sorted(long_games()))
def test_a_long_game_of_every_type_fits_in_a_link(name):
    game = long_games()[name]
    made = link_for(game, SITE)
    assert len(made.address) <= link.MAX_ADDRESS and made.history
    assert read_link(made.address).game == game


def test_the_sizes_the_readme_prints(capsys):
    game = long_games()
    assert len(game["draw-bridge"].deals) == 50 and len(game["call-break"].deals) == 12
    assert game["rubber-bridge"].is_over  # a whole rubber
    with capsys.disabled():
        for name, (deals, corrections, size) in link_sizes().items():
            print(f"\n| {name} | {deals} | {corrections} | {size} |", end="")
        print()


def test_the_history_is_left_out_before_a_game_is_refused():
    game = long_games()["draw-bridge"]
    full = link_for(game, SITE)
    bare = link_for(game, SITE, limit=len(full.address) - 1)
    assert not bare.history and len(bare.address) < len(full.address)
    linked = read_link(bare.address)
    assert not linked.history and linked.game.history == ()
    assert linked.game.deals == game.deals and linked.game.totals == game.totals
    with pytest.raises(TooLongForLink) as refused:
        link_for(game, SITE, limit=len(bare.address) - 1)
    assert refused.value.msg.key == "link.too_big"
    assert "send the file" in str(refused.value)


def test_the_fragment_of_the_site_address_is_replaced():
    game = long_games()["chicago"]
    made = link_for(game, SITE + "#/game/abc")
    assert made.address.count("#") == 1 and made.address.startswith(SITE + "#/g/")
    data = made.address.split("#/g/")[1]
    for text in (made.address, f"/g/{data}", data, f"  {made.address}\n"):
        assert read_link(text).game == game


# --- hostile links ----------------------------------------------------------------------------


def packed(raw: bytes, version: int = 1) -> str:
    """``raw`` as a link's data, whatever it is."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY,
                              zdict=link.DICTIONARIES[1])
    text = base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).rstrip(b"=")
    return f"{version}~{text.decode()}"


def game_doc(**changes) -> bytes:
    doc = Game.new("call-break", FOUR, first_dealer=0, game_id="hostile01", now=clock).to_dict()
    return json.dumps(doc | changes).encode()


GOOD = packed(game_doc())
NESTED: list = []
for _ in range(200):
    NESTED = [NESTED]
HOSTILE = [
    ("too long", "1~" + "A" * link.MAX_DATA, "link.too_long"),
    ("no version", "AAAA", "link.not_link"),
    ("not a version", "x1~AAAA", "link.not_link"),
    ("newer version", "2~" + GOOD[2:], "link.newer"),
    ("not base64", "1~ab$cd", "link.bad_base64"),
    ("padding inside", "1~ab=cd", "link.bad_base64"),
    ("cut base64", GOOD[:2 + (len(GOOD) - 2) // 4 * 4 - 3], "link.bad_base64"),
    ("not deflate", "1~" + base64.urlsafe_b64encode(b"\xff" * 40).decode().rstrip("="),
     "link.bad_deflate"),
    ("cut deflate", GOOD[:len(GOOD) // 2 // 4 * 4 + 2], "link.bad_deflate"),
    ("trailing bytes", packed(game_doc()) + "AAAA", "link.bad_deflate"),
    ("zip bomb", packed(b" " * (1024 * 1024)), "link.too_large"),
    ("nested", packed(b"[" * 5000 + b"]" * 5000), "link.too_deep"),
    ("nested game", packed(game_doc(rules={"a": NESTED})), "link.too_deep"),
    ("not JSON", packed(b"{'variant': 1"), "link.bad_game"),
    ("not UTF-8", packed(b"\xff\xfe{}"), "link.bad_game"),
    ("a list", packed(b"[1, 2]"), "link.not_game"),
    ("an export", packed(json.dumps({"format": "scorer-export", "games": []}).encode()),
     "link.not_game"),
    ("players a number", packed(game_doc(players=5)), "link.bad_game"),
    ("deal of wrong type", packed(game_doc(deals=[{"calls": "4,4,4,4", "tricks": 13}])),
     "link.not_game"),
    ("points that lie", packed(game_doc(deals=[{"calls": [2, 2, 2, 2], "tricks": [4, 3, 3, 3],
                                                "points": [99, 0, 0, 0]}])), "link.not_game"),
    ("in the future", packed(game_doc(created_at="2999-01-01T00:00:00+00:00")),
     "link.bad_game"),
    ("newer schema", packed(game_doc(schema_version=99)), "link.newer"),
    ("a Windows device name", packed(game_doc(id="con")), "link.not_game"),  # issue 30
    ("deals nobody plays", packed(game_doc(end={"kind": "deals", "value": 10**29})),
     "link.bad_game"),
    ("tricks as text", packed(game_doc(deals=[{"calls": [3, 3, 3, 3],
                                               "tricks": ["4", "3", "3", "3"]}])),
     "link.not_game"),
    ("schema_version 0", packed(game_doc(schema_version=0)), "link.not_game"),
    ("created in year 1", packed(game_doc(created_at="0001-01-01T00:00:00+00:00")),
     "link.bad_game"),
]


@pytest.mark.parametrize(("what", "data", "key"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_link_is_refused_in_one_sentence(tmp_path, what, data, key):
    with pytest.raises(InvalidLink) as refused:
        read_link(f"{SITE}#/g/{data}")
    if key is not None:
        assert refused.value.msg.key == key, str(refused.value)
    for lang in LANGUAGES:
        text = Translator(lang).error(refused.value)
        assert text and "{" not in text and "\n" not in text and "Traceback" not in text


def test_the_hostile_links_are_hostile_only_by_their_fault():
    """The good link they are made from reads (so each refusal is the change made)."""
    assert read_link(GOOD).game.id == "hostile01"
    assert read_link(packed(game_doc(players=["Ana", "Ben", "Cleo", "Dan"]))).game


def test_a_zip_bomb_is_never_inflated_beyond_the_cap(monkeypatch):
    sizes = []
    real = zlib.decompressobj

    class Watched:
        def __init__(self, *args, **kwargs):
            self.inner = real(*args, **kwargs)

        def decompress(self, data, max_length=0):
            assert 0 < max_length <= link.MAX_INFLATED
            out = self.inner.decompress(data, max_length)
            sizes.append(len(out))
            return out

        def __getattr__(self, name):
            return getattr(self.inner, name)

    monkeypatch.setattr(zlib, "decompressobj", Watched)
    with pytest.raises(InvalidLink):
        read_link(packed(b"0" * (1024 * 1024)))
    assert sizes and max(sizes) <= link.MAX_INFLATED


# --- keeping a linked game beside the one kept here -------------------------------------------


def call_break() -> Game:
    game = Game.new("call-break", FOUR, first_dealer=0, game_id="kept01", now=clock)
    for tricks in ((4, 3, 3, 3), (3, 4, 3, 3), (3, 3, 4, 3)):
        game = game.add_deal(CallBreakDeal((3, 3, 3, 3), tricks), now=clock)
    return game


def more(game: Game, tricks=(3, 3, 3, 4)) -> Game:
    return game.add_deal(CallBreakDeal((3, 3, 3, 3), tricks), now=ticking)


def via_link(game: Game, history: bool = True):
    made = link_for(game, SITE, limit=None if history else 10_000)
    if not history:
        made = link.Link(f"{SITE}#/g/{link.encode(game, False)}", False)
    return read_link(made.address)


@pytest.fixture
def store(tmp_path, storage_class):
    with Store(tmp_path / "data", storage=storage_class) as opened:
        yield opened


def keep(store: Store, game: Game, history: bool = True):
    linked = via_link(game, history)
    return store.keep_linked(linked.game, linked.history)


def test_a_new_game_is_added(store):
    kept = keep(store, call_break())
    assert kept.relation is None and kept.written
    assert store.load("kept01").totals == call_break().totals


def test_the_same_game_is_left_alone(store):
    store.save(call_break())
    kept = keep(store, call_break())
    assert kept.relation is Relation.SAME and not kept.written
    assert store.load("kept01").revision == 1


def test_a_longer_history_from_the_link_replaces_the_kept_one(store):
    store.save(call_break())
    later = more(call_break()).correct(1, CallBreakDeal((3, 3, 3, 3), (1, 4, 4, 4)), now=ticking)
    kept = keep(store, later)
    assert kept.relation is Relation.LINK_NEWER and kept.game_id == "kept01"
    stored = store.load("kept01")
    assert stored.deals == later.deals and stored.history == later.history
    assert [s.id for s in store.list_games()] == ["kept01"]


def test_a_removal_since_is_a_longer_history(store):
    store.save(call_break())
    later = more(call_break().remove_last(now=ticking))  # a deal removed, another added
    assert keep(store, later).relation is Relation.LINK_NEWER
    assert store.load("kept01").deals == later.deals


def test_a_shorter_history_from_the_link_changes_nothing(store):
    store.save(more(call_break()))
    kept = keep(store, call_break())
    assert kept.relation is Relation.KEPT_NEWER and not kept.written
    assert len(store.load("kept01").deals) == 4


def test_when_both_changed_both_are_kept_the_link_as_a_copy(store):
    store.save(more(call_break(), (4, 3, 3, 3)))
    kept = keep(store, more(call_break(), (3, 3, 3, 4)))
    assert kept.relation is Relation.BOTH_CHANGED and kept.game_id == "kept01-copy"
    assert store.load("kept01").deals[-1].tricks == (4, 3, 3, 3)
    assert store.load("kept01-copy").deals[-1].tricks == (3, 3, 3, 4)
    again = keep(store, more(call_break(), (3, 3, 4, 3)))
    assert again.game_id == "kept01-copy2"


def test_the_same_link_kept_twice_makes_no_second_copy(store):
    """Issue 30 item 2: after a conflict kept the link's game as a copy, keeping the same
    link again made '-copy2', a third identical game on the list."""
    store.save(more(call_break(), (4, 3, 3, 3)))
    linked = more(call_break(), (3, 3, 3, 4))
    assert keep(store, linked).game_id == "kept01-copy"
    again = keep(store, linked)
    assert again.relation is Relation.SAME and again.game_id == "kept01-copy"
    assert not again.written
    assert sorted(s.id for s in store.list_games()) == ["kept01", "kept01-copy"]
    # the copy played on in the link: the copy is brought up to date, still no new copy
    later = keep(store, more(linked, (2, 4, 4, 3)))
    assert later.relation is Relation.LINK_NEWER and later.game_id == "kept01-copy"
    assert store.load("kept01-copy").deals == more(linked, (2, 4, 4, 3)).deals
    assert keep(store, linked).relation is Relation.KEPT_NEWER
    assert sorted(s.id for s in store.list_games()) == ["kept01", "kept01-copy"]


def test_a_link_without_corrections_keeps_the_ones_kept_here(store):
    corrected = call_break().correct(2, CallBreakDeal((3, 3, 3, 3), (5, 3, 2, 3)), now=ticking)
    store.save(corrected)
    later = more(corrected)
    kept = keep(store, later, history=False)
    assert kept.relation is Relation.LINK_NEWER
    stored = store.load("kept01")
    assert stored.deals == later.deals and stored.history == corrected.history
    assert keep(store, corrected, history=False).relation is Relation.KEPT_NEWER


def test_the_merge_checks_can_fail(store):
    """Other players or settings are another game, whatever the deals."""
    store.save(call_break())
    other = replace(more(call_break()), players=("Ana", "Ben", "Cleo", "Eve"))
    assert keep(store, other).relation is Relation.BOTH_CHANGED


def forged(game: Game, **changes) -> Game:
    """``game`` as a hostile link rewrites it: ``changes`` to its record, nothing else."""
    return Game.from_dict(game.to_dict() | changes)


def played_at_the_table() -> Game:
    """call_break() as a phone keeps it: its deals recorded a moment apart, after its start."""
    game = Game.new("call-break", FOUR, first_dealer=0, game_id="kept01", now=clock)
    for tricks in ((4, 3, 3, 3), (3, 4, 3, 3), (3, 3, 4, 3)):
        game = game.add_deal(CallBreakDeal((3, 3, 3, 3), tricks), now=ticking)
    return game


def test_a_link_cannot_correct_a_deal_before_the_game_began(store):
    """Issue 34 item 5: the same id with a correction dated before the game was created."""
    store.save(played_at_the_table())
    game = store.load("kept01")
    first = game.deals[0].to_dict()
    changed = {**first, "tricks": [1, 4, 4, 4]}
    rewritten = forged(game, deals=[changed, *[d.to_dict() for d in game.deals[1:]]],
                       history=[{"deal": 1, "before": first, "after": changed,
                                 "at": "2026-11-29T12:00:00.000+00:00"}])
    with pytest.raises(InvalidLink) as refused:
        read_link(link_for(rewritten, SITE).address)
    assert "history 1 at" in str(refused.value) and "before the game was created" in \
        str(refused.value)
    said = Translator("en").error(refused.value)
    assert said == ("the game in the link cannot be kept: game 1: the time history 1 at is "
                    "before the game was created")
    # Dated after the start but before the last deal kept here: another history, kept beside.
    backdated = forged(rewritten, history=[{"deal": 1, "before": first, "after": changed,
                                            "at": game.created_at}])
    kept = keep(store, backdated)
    assert kept.relation is Relation.BOTH_CHANGED and kept.game_id == "kept01-copy"
    assert store.load("kept01").to_dict() == game.to_dict()


def test_a_link_cannot_end_a_game_it_does_not_extend(store):
    """Issue 34 item 5: a link with ``closed: true`` and the kept game's own last change."""
    store.save(played_at_the_table())
    game = store.load("kept01")
    kept = keep(store, forged(game, closed=True))
    assert kept.relation is Relation.BOTH_CHANGED
    assert not store.load("kept01").closed and store.load("kept01").outcome is None
    assert keep(store, game.close(now=ticking)).relation is Relation.LINK_NEWER
    assert store.load("kept01").closed


# --- the command line -------------------------------------------------------------------------


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_link_then_import_the_address(tmp_path, capsys):
    here, there = str(tmp_path / "here"), str(tmp_path / "there")
    game = long_games()["call-break"]
    with Store(here) as store:
        store.save(game)
    code, out, err = run(capsys, "--data-dir", here, "link", game.id, "--site-url", SITE)
    assert code == 0, err
    address = out.strip()
    assert address.startswith(SITE + "#/g/1~") and len(address) <= 2000
    code, out, err = run(capsys, "--data-dir", there, "import", address)
    assert code == 0, err
    assert f"imported game {game.id}" in out
    with Store(there) as store:
        assert store.load(game.id).totals == game.totals
    code, out, err = run(capsys, "--data-dir", there, "import", address)
    assert code == 0 and "nothing changed" in out


def test_cli_import_of_the_same_link_twice_makes_no_duplicate(tmp_path, capsys):
    """Issue 30 item 2: `scorer import LINK` twice, after a conflict, made a second copy."""
    here = str(tmp_path / "here")
    with Store(here) as store:
        store.save(more(call_break(), (4, 3, 3, 3)))
    address = link_for(more(call_break(), (3, 3, 3, 4)), SITE).address
    code, out, err = run(capsys, "--data-dir", here, "import", address)
    assert code == 0 and "kept01-copy" in out, err
    code, out, err = run(capsys, "--data-dir", here, "import", address)
    assert code == 0, err
    assert "kept01-copy" in out and "nothing changed" in out
    code, out, err = run(capsys, "--data-dir", here, "games")
    assert sorted(line.split()[0] for line in out.splitlines()) == ["kept01", "kept01-copy"]


@pytest.mark.parametrize("game_id", ["--all", "-rf", "-", "_x"])
def test_an_id_a_command_line_would_take_for_an_option_is_refused(tmp_path, capsys, game_id):
    """Issue 34 item 9: ids `--all` and `-rf` were accepted (then `scorer export` needed
    `--`). An id begins with a letter or digit, from a file, a link or the app."""
    doc = call_break().to_dict() | {"id": game_id}
    with pytest.raises(InvalidInput) as refused:
        Game.from_dict(doc)
    assert refused.value.field == "id" and "beginning with a letter or digit" in \
        str(refused.value)
    with pytest.raises(InvalidLink) as refused:
        read_link(f"{SITE}#/g/{packed(json.dumps(doc).encode())}")
    assert refused.value.field == "game 1 id"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc))
    code, out, err = run(capsys, "--data-dir", str(tmp_path / "data"), "import", str(path))
    assert code == 2 and "id" in err and game_id in err


def test_the_cli_names_the_kept_game_in_its_own_case(tmp_path, capsys):
    """Issue 34 item 9: keeping a link of "kept01" beside a stored "KEPT01" named the game
    "kept01", an id no game here has."""
    here = str(tmp_path / "here")
    with Store(here) as store:
        store.save(replace(call_break(), id="KEPT01"))
    address = link_for(call_break(), SITE).address
    code, out, err = run(capsys, "--data-dir", here, "import", address)
    assert code == 0, err
    assert out.strip() == "game KEPT01 is already stored as the link has it; nothing changed"
    address = link_for(more(call_break()), SITE).address
    code, out, err = run(capsys, "--data-dir", here, "import", address)
    assert code == 0 and out.strip().startswith("game KEPT01 is brought up to date"), out


def test_cli_link_prints_a_qr_code(tmp_path, capsys):
    here = str(tmp_path / "here")
    with Store(here) as store:
        store.save(long_games()["chicago"])
    code, out, err = run(capsys, "--data-dir", here, "link", "linkchic0001", "--site-url", SITE,
                         "--qr")
    assert code == 0, err
    assert out.splitlines()[0].startswith(SITE) and "█" in out
    # Issue 30 item 8: the dark modules are the blocks (segno's drawing made the light ones
    # the blocks: on a light terminal the code was inverted), and the quiet zone is blank.
    address, *drawn = out.splitlines()
    assert drawn == qr_rows(address, "l", drawn)
    assert set(drawn[0]) == {" "} and set(drawn[-1]) <= {" ", "▀"}


def qr_rows(address: str, error: str, drawn: list[str]) -> list[str]:
    """``drawn`` read back into modules (two rows a line: ▀ top, ▄ bottom, █ both), checked
    against segno's own matrix of ``address``, then drawn again: equal when every dark
    module, and only those, is drawn as ink."""
    import segno

    matrix = [[bool(m) for m in row]
              for row in segno.make(address, error=error).matrix_iter(border=4)]
    read = []
    for line in drawn:
        read.append([c in "▀█" for c in line])
        read.append([c in "▄█" for c in line])
    assert read[:len(matrix)] == matrix
    assert not any(any(row) for row in read[len(matrix):])  # at most one blank row added
    return drawn


def test_the_terminal_qr_code_paints_its_own_white_ground_on_a_terminal():
    """On a terminal the code is black on a white ground it paints (ANSI colours), so that
    a dark and a light terminal show the same code."""
    import io

    from scorer.ui.qr import qr_terminal

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    for out, coloured in ((Terminal(), True), (io.StringIO(), False)):
        qr_terminal(SITE, error="l", out=out)
        lines = out.getvalue().splitlines()
        assert all(line.startswith("\033[30;107m") == coloured for line in lines)
        plain = [line.removeprefix("\033[30;107m").removesuffix("\033[0m") for line in lines]
        assert qr_rows(SITE, "l", plain) == plain


@pytest.mark.parametrize(("args", "words"), [
    (("link", "nosuchgame", "--site-url", SITE), "nosuchgame"),
    (("link", "linkchic0001", "--site-url", "scorer.example.org"), "--site-url"),
    (("import", f"{SITE}#/g/1~AAAA"), "deflate"),
    (("import", f"{SITE}#/g/{'A' * 5000}"), "longer"),
    (("--lang", "es", "import", f"{SITE}#/g/1~AAAA"), "dañado"),
])
def test_cli_refuses_in_one_line(tmp_path, capsys, args, words):
    here = str(tmp_path / "here")
    with Store(here) as store:
        store.save(long_games()["chicago"])
    code, out, err = run(capsys, "--data-dir", here, *args)
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1
    with Store(here) as store:
        assert [s.id for s in store.list_games()] == ["linkchic0001"]


def test_cli_link_of_a_game_too_big_says_to_send_the_file(tmp_path, capsys, monkeypatch):
    here = str(tmp_path / "here")
    with Store(here) as store:
        store.save(long_games()["draw-bridge"])
    monkeypatch.setattr(link, "MAX_ADDRESS", 200)
    code, out, err = run(capsys, "--data-dir", here, "link", "linkdraw0001", "--site-url", SITE)
    assert code == 2 and "send the file" in err and out == ""


def test_scorer_serve_passes_the_site_url_on(monkeypatch, capsys):
    import scorer.ui.serve.run

    seen = {}
    monkeypatch.setattr(scorer.ui.serve.run, "serve", lambda **kw: seen.update(kw))
    code, out, err = run(capsys, "serve", "--site-url", SITE)
    assert code == 0 and seen["site_url"] == SITE
    code, out, err = run(capsys, "serve", "--site-url", "example.org")
    assert code == 2 and "--site-url" in err


@pytest.mark.parametrize(("link_site", "page_url", "start"), [
    (None, "https://phone.example/scorer/#/game/abc", "https://phone.example/scorer/#/g/1~"),
    ((SITE, True), "ws://127.0.0.1:8550", f"{SITE}#/g/1~"),
    (("http://192.168.1.5:8550/", False), "ws://x", "http://192.168.1.5:8550/g/1~"),
])
def test_the_app_links_to_its_own_site_or_the_one_given(link_site, page_url, start):
    from types import SimpleNamespace

    from scorer.ui.screens.linked import address

    app = SimpleNamespace(link_site=link_site, page=SimpleNamespace(url=page_url))
    made = address(app, long_games()["chicago"])
    assert made.address.startswith(start)
    assert read_link(made.address).game == long_games()["chicago"]


def play_on(game: Game, data) -> Game:
    """``game`` with a few more things done to it: deals added, corrected, removed, ended."""
    deals = DEALS[game.variant_name]
    for _ in range(data.draw(st.integers(1, 4))):
        step = data.draw(st.sampled_from(["add", "add", "correct", "remove", "close"]))
        try:
            if step == "add":
                game = game.add_deal(data.draw(deals), now=ticking)
            elif step == "correct" and game.deals:
                game = game.correct(data.draw(st.integers(1, len(game.deals))),
                                    data.draw(deals), now=ticking)
            elif step == "remove" and game.deals:
                game = game.remove_last(now=ticking)
            elif step == "close":
                game = game.close(now=ticking)
        except InvalidInput:
            continue
    return game


@settings(max_examples=80, deadline=None)
@given(games(), st.data())
def test_a_game_played_on_is_the_longer_history_of_what_it_was(game, data):
    from scorer.store.merge import extends, relation

    later = play_on(game, data)
    assert extends(later, game) and extends(game, game)
    if later.to_dict() == game.to_dict():
        assert relation(game, later) is Relation.SAME
        return
    assert relation(game, later) is Relation.LINK_NEWER
    assert relation(later, game) is Relation.KEPT_NEWER
    # A link without its corrections: a correction or removal since looks like another game or
    # an older one (nothing is written then); it replaces the kept game only by adding deals.
    bare = relation(game, replace(later, history=()), linked_history=False)
    if bare is Relation.LINK_NEWER:
        assert later.deals[:len(game.deals)] == game.deals


@settings(max_examples=60, deadline=None)
@given(games(), st.data())
def test_two_games_played_on_apart_are_both_kept(game, data):
    from scorer.store.merge import relation

    one, other = play_on(game, data), play_on(game, data)
    found = relation(one, other)
    if one.to_dict() | {"updated_at": ""} == other.to_dict() | {"updated_at": ""}:
        assert found is Relation.SAME
    elif found is Relation.LINK_NEWER:
        assert len(other.history) >= len(one.history)
    elif found is Relation.KEPT_NEWER:
        assert len(one.history) >= len(other.history)
    else:
        assert found is Relation.BOTH_CHANGED
