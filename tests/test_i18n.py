"""The four languages: complete catalogs, matching placeholders, no untranslated UI text."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.game import Game
from scorer.i18n import CATALOG_DIR, LANGUAGES, Translator, choose_language, placeholders
from scorer.rules import Contract, Strain, variant
from scorer.rules.call_break import CallBreakRules, score_calls
from scorer.rules.draw_bridge import DrawBridgeDeal, DrawBridgeRules
from scorer.rules.draw_bridge import score_contract as draw
from scorer.rules.minibridge import MiniBridgeDeal, declarer_from_hcp
from scorer.rules.minibridge import score_contract as mini

ROOT = Path(__file__).resolve().parent.parent
EN = Translator("en")
ENGLISH = json.loads((CATALOG_DIR / "en.json").read_text(encoding="utf-8"))


def union_placeholders(entry):
    texts = entry.values() if isinstance(entry, dict) else [entry]
    return set().union(*(placeholders(text) for text in texts))


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_catalog_is_complete_and_placeholders_match(lang):
    catalog = json.loads((CATALOG_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    assert sorted(set(ENGLISH) - set(catalog)) == [], "keys missing"
    assert sorted(set(catalog) - set(ENGLISH)) == [], "keys English does not have"
    for key, entry in catalog.items():
        if isinstance(entry, dict):
            assert set(entry) == {"one", "other"}, key
        assert union_placeholders(entry) == union_placeholders(ENGLISH[key]), key
        assert str(entry).strip(), key


def test_the_checks_can_fail(tmp_path):
    """The placeholder check above notices a translator's slip."""
    broken = dict(ENGLISH, **{"line.doubled": "doblado: {puntos} × 2 = {result}"})
    bad = [k for k in broken if union_placeholders(broken[k]) != union_placeholders(ENGLISH[k])]
    assert bad == ["line.doubled"]


KEY_CALL = re.compile(r"""(?:\bt|self\.t|Msg\.of|Translator\([^)]*\))\(\s*"([a-z_]+\.[\w.-]+)\"""")
DYNAMIC = {
    "strain.": [f"strain.{s.abbr}" for s in Strain],
    "seat.": [f"seat.{s}" for s in "NESW"],
    "game.": [f"game.{g}" for g in ("draw-bridge", "minibridge", "call-break")],
    "houserule.": [f"houserule.{r.name}" for g in ("draw-bridge", "minibridge", "call-break")
                   for r in variant(g).house_rules],
    "choice.": [f"choice.{c}" for g in ("draw-bridge", "minibridge", "call-break")
                for r in variant(g).house_rules for c in r.choices],
}


def test_every_key_the_code_uses_is_in_the_catalog():
    used = set()
    for path in (ROOT / "scorer").rglob("*.py"):
        used.update(KEY_CALL.findall(path.read_text(encoding="utf-8")))
    for keys in DYNAMIC.values():
        used.update(keys)
    assert len(used) > 150
    assert sorted(k for k in used if k not in ENGLISH) == []


# --- every sentence the core returns renders in every language ---------------------------------

def assert_renders(msg) -> None:
    """``msg`` (or a Line's) renders in every language with every placeholder filled."""
    for lang in LANGUAGES:
        text = Translator(lang).render(getattr(msg, "msg", msg))
        assert text.strip() and "{" not in text and "Msg(" not in text, (lang, msg)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 7), st.sampled_from(list(Strain)), st.sampled_from(["", "X", "XX"]),
       st.integers(0, 13), st.booleans())
def test_bridge_lines_render_in_every_language(level, strain, doubling, tricks, undertricks):
    contract = Contract.parse(f"{level}{strain.abbr}{doubling}")
    for line in draw(contract, tricks, DrawBridgeRules(undertricks)).lines:
        assert_renders(line)
    for line in mini(Contract(level, strain), tricks).lines:
        assert_renders(line)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 37), min_size=3, max_size=3), st.integers(0, 3))
def test_hcp_lines_render_in_every_language(three, dealer):
    fourth = 40 - sum(three)
    if not 0 <= fourth <= 37:
        return
    for line in declarer_from_hcp([*three, fourth], dealer).lines:
        assert_renders(line)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 13), min_size=4, max_size=4),
       st.lists(st.integers(0, 13), min_size=3, max_size=3), st.booleans(), st.booleans())
def test_call_break_lines_render_in_every_language(calls, three, limit, eight):
    if sum(three) > 13:
        return
    rules = CallBreakRules(2 if limit else None, eight, 1)
    score = score_calls(calls, [*three, 13 - sum(three)], rules, ["Ana", "Ben", "Cleo", "Dan"])
    for line in score.lines:
        assert_renders(line)
    assert_renders(score.summary)


def test_game_sentences_in_english_and_every_language():
    game = Game.new("minibridge", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=1, end="deals=2")
    assert EN.render(game.openers()) == "Ben (East) announces points first"
    assert EN.render(game.progress()) == "deal 1 of 2"
    game = game.add_deal(MiniBridgeDeal(2, Contract.parse("4H"), 9))
    game = game.add_deal(MiniBridgeDeal(redeal=True)).add_deal(
        MiniBridgeDeal(1, Contract.parse("1NT"), 7))
    assert [EN.summary(r.score) for r in game.records] == [
        "4H by Cleo (South): down 1", "redeal", "1NT by Ben (East): made"]
    assert EN.render(game.outcome.msg) == "highest total after 2 deals"
    for msg in (game.openers(), game.progress(), game.outcome.msg,
                *(r.score.summary for r in game.records)):
        assert_renders(msg)
    for g in ("draw-bridge", "minibridge", "call-break"):
        for msg in variant(g).parse_rules().describe():
            assert_renders(msg)
    cb = variant("call-break").parse_rules({"min_call": "1", "overtrick_limit": "none",
                                            "eight_plus": "on"})
    assert [EN.render(m) for m in cb.describe()] == [
        "a call is met with any number of extra tricks (house rule overtrick_limit=none)",
        "a met call of 8 or more scores 130 (house rule eight_plus)",
        "calls from 1 to 13 (house rule min_call=1)"]
    draw_game = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0).add_deal(
        DrawBridgeDeal()).close()
    assert EN.render(draw_game.outcome.msg) == "ended by the players after 1 deals"
    assert EN.summary(draw_game.records[0].score) == "passed out"


# --- the other languages ---------------------------------------------------------------------

@pytest.mark.parametrize(
    ("lang", "expected"),
    [("es", ["4 bazas por encima de seis en corazones: 4 × 30 = 120", "doblado: 120 × 2 = 240",
             "el declarante anota 240"]),
     ("bg", ["4 взятки над шест в купи: 4 × 30 = 120", "контра: 120 × 2 = 240",
             "разиграващият печели 240"]),
     ("af", ["4 slae bo ses in hartens: 4 × 30 = 120", "gedoebleer: 120 × 2 = 240",
             "die speelvoerder kry 240"])],
)
def test_explanations_in_each_language(lang, expected):
    t = Translator(lang)
    lines = draw(Contract.parse("4HX"), 10, DrawBridgeRules()).lines
    assert [t.line(line) for line in lines] == expected


def test_plurals():
    es = Translator("es")
    assert es.render(mini(Contract.parse("4S"), 9).lines[0].msg).endswith(
        "1 baza de menos × 50 = 50")
    assert "3 bazas de menos" in es.render(mini(Contract.parse("4S"), 7).lines[0].msg)
    assert Translator("af")("ui.card_facts", n=1, changed="x").startswith("1 spel ")
    assert Translator("af")("ui.card_facts", n=3, changed="x").startswith("3 spelle ")


@pytest.mark.parametrize(("given", "lang"), [(("es-ES",), "es"), (("bg_BG",), "bg"),
                                             (("af-ZA",), "af"), (("fr-FR", "es"), "es"),
                                             (("de",), "en"), ((None, ""), "en")])
def test_language_follows_the_locale(given, lang):
    assert choose_language(*given) == lang


def test_scorer_check_speaks_spanish():
    done = subprocess.run([sys.executable, "-m", "scorer.cli", "check", "minibridge",
                           "--contract", "3NT", "--tricks", "9", "--lang", "es"],
                          capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == [
        "3 bazas por encima de seis en sin triunfo: 40 + 2 × 30 = 100",
        "prima de manga (3NT es un contrato de manga): 300",
        "la pareja declarante anota 100 + 300 = 400",
        "Resultado: cumplido; declarante 400, defensores 0",
    ]
    bad = subprocess.run([sys.executable, "-m", "scorer.cli", "check", "call-break", "--calls",
                          "4,3,2,4", "--tricks", "5,3,1,3", "--lang", "bg"],
                         capture_output=True, text=True)
    assert bad.returncode == 2
    assert bad.stderr.strip() == "взятките са общо 5 + 3 + 1 + 3 = 12, а не 13"


# --- no user-visible literal in scorer/ui bypasses translation ---------------------------------

TEXT_SINKS = {"Text", "tap", "note", "heading", "screen", "Toggle", "TextButton", "SnackBar",
              "AlertDialog", "Semantics", "TextField", "ChoiceGroup", "Stepper", "AppBar"}
TEXT_KEYWORDS = {"label", "title", "value", "semantics_label", "tooltip", "hint_text",
                 "content", "text"}
ALLOWED = {"X", "XX", "NT", "Scorer"}  # contract notation and the app's name


def _words(node: ast.AST) -> list[str]:
    """Literal words in a string or f-string expression (not inside calls such as t(...))."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return [v.value for v in node.values if isinstance(v, ast.Constant)]
    if isinstance(node, (ast.List, ast.Tuple)):
        return [w for item in node.elts for w in _words(item)]
    if isinstance(node, ast.ListComp):
        return _words(node.elt)
    if isinstance(node, ast.IfExp):
        return _words(node.body) + _words(node.orelse)
    if isinstance(node, ast.BinOp):
        return _words(node.left) + _words(node.right)
    return []


def untranslated(source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name not in TEXT_SINKS:
            continue
        args = list(node.args) + [k.value for k in node.keywords if k.arg in TEXT_KEYWORDS]
        for arg in args:
            for text in _words(arg):
                if text.startswith("/"):
                    continue  # a route, not text
                if re.search(r"[A-Za-z]{2,}", text) and text.strip() not in ALLOWED:
                    found.append(f"line {node.lineno}: {text!r}")
    return found


def test_no_user_visible_literal_in_the_ui_bypasses_translation():
    problems = {path.name: untranslated(path.read_text(encoding="utf-8"))
                for path in (ROOT / "scorer" / "ui").glob("*.py")}
    assert {name: found for name, found in problems.items() if found} == {}


def test_the_literal_check_finds_a_literal():
    assert untranslated('ft.Text("Game over")') == ["line 1: 'Game over'"]
    assert untranslated('w.tap(f"Show all {n}", t("ui.x"), go)') == ["line 1: 'Show all '"]
    assert untranslated('ft.Text(t("ui.game_over"))') == []
