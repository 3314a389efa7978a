"""Every language: complete catalogs, matching placeholders, plural forms, no untranslated UI
text; Devanagari digits read wherever a player types a number."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scorer.fields import HIDDEN
from scorer.game import Game
from scorer.i18n import CATALOG_DIR, LANGUAGES, Translator, choose_language, placeholders, plural
from scorer.rulebook import HOUSE_RULES, RULES_DIR
from scorer.rules import VARIANTS, Contract, EndRule, InvalidInput, Strain, variant
from scorer.rules.call_break import CallBreakDeal, CallBreakRules, score_calls
from scorer.rules.draw_bridge import DrawBridgeDeal, DrawBridgeRules
from scorer.rules.draw_bridge import score_contract as draw
from scorer.rules.minibridge import MiniBridgeDeal, declarer_from_hcp
from scorer.rules.minibridge import score_contract as mini
from scorer.rules.parts import option_ints
from scorer.rules.values import check_int, whole_number
from scorer.ui.entry import draft_for_game
from scorer.ui.new_game_form import NewGameForm
from scorer.ui.screens.check import ScoreCheck
from scorer.ui.widgets import number_field

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


def hidden_characters(catalog) -> list[tuple[str, str]]:
    """(key, U+XXXX) of invisible or control characters in a catalog's texts: the command line
    would print them as escapes (terminal_safe), so a text never holds one (a Nepali keyboard
    types a zero-width joiner in र्‍य: written without it, र्य)."""
    texts = [(key, text) for key, entry in catalog.items()
             for text in (entry.values() if isinstance(entry, dict) else [entry])]
    return [(key, f"U+{ord(c):04X}") for key, text in texts for c in text
            if unicodedata.category(c) in HIDDEN]


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_no_catalog_text_holds_an_invisible_character(lang):
    catalog = json.loads((CATALOG_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    assert hidden_characters(catalog) == []
    assert hidden_characters({"x": "गर्\u200dयो"}) == [("x", "U+200D")]


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
    assume(0 <= fourth <= 37)
    for line in declarer_from_hcp([*three, fourth], dealer).lines:
        assert_renders(line)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 13), min_size=4, max_size=4),
       st.lists(st.integers(0, 13), min_size=3, max_size=3), st.booleans(), st.booleans())
def test_call_break_lines_render_in_every_language(calls, three, limit, eight):
    assume(sum(three) <= 13)
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
        "a call is met with any number of extra tricks (house rule: limit on extra tricks)",
        "a met call of 8 or more scores 130 (house rule: eight or more)",
        "calls from 1 to 13 (house rule: minimum call)"]
    draw_game = Game.new("draw-bridge", ["Ana", "Ben"], first_dealer=0).add_deal(
        DrawBridgeDeal()).close()
    assert EN.render(draw_game.outcome.msg) == "ended by the players after 1 deal"
    assert EN.summary(draw_game.records[0].score) == "passed out"


# --- the other languages ---------------------------------------------------------------------

@pytest.mark.parametrize(
    ("lang", "expected"),
    [("es", ["4 bazas por encima de seis en corazones: 4 × 30 = 120", "doblado: 120 × 2 = 240",
             "el declarante anota 240"]),
     ("bg", ["4 взятки над шест в купи: 4 × 30 = 120", "контра: 120 × 2 = 240",
             "разиграващият печели 240"]),
     ("af", ["4 slae bo ses in hartens: 4 × 30 = 120", "gedoebleer: 120 × 2 = 240",
             "die speelvoerder kry 240"]),
     ("ne", ["पानमा छभन्दा माथि 4 हात: 4 × 30 = 120", "डबल: 120 × 2 = 240",
             "डिक्लेयररलाई 240"]),
     ("hi", ["पान में छह से ऊपर 4 हाथ: 4 × 30 = 120", "डबल: 120 × 2 = 240",
             "डिक्लेयरर को 240"])],
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
    assert Translator("af")("ui.card_facts", n=1, changed="x").startswith("1 uitdeling ")
    assert Translator("af")("ui.card_facts", n=3, changed="x").startswith("3 uitdelings ")


@pytest.mark.parametrize(("lang", "one"), [("en", {1}), ("es", {1}), ("bg", {1}), ("af", {1}),
                                           ("ne", {1}), ("hi", {0, 1})])
def test_each_language_plural_rule(lang, one):
    """CLDR: Hindi says 0 like 1 ('0 बाज़ी', '1 बाज़ी', '2 बाज़ियाँ'); the others only 1."""
    assert {n for n in range(30) if plural(lang, n) == "one"} == one
    assert plural(lang, None) == "other"  # a count not given


def test_plural_forms_in_nepali_and_hindi():
    hi, ne = Translator("hi"), Translator("ne")
    assert [hi("ui.card_facts", n=n, changed="x") for n in (0, 1, 2)] == [
        "0 बाज़ी · बदला x", "1 बाज़ी · बदला x", "2 बाज़ियाँ · बदला x"]
    assert [ne("ui.card_facts", n=n, changed="x") for n in (0, 1, 2)] == [
        "0 राउन्ड · परिवर्तन x", "1 राउन्ड · परिवर्तन x", "2 राउन्ड · परिवर्तन x"]
    assert [hi("progress.open", n=n) for n in (0, 1, 2)] == [
        "बिना तय अंत, 0 बाज़ी खेली", "बिना तय अंत, 1 बाज़ी खेली", "बिना तय अंत, 2 बाज़ियाँ खेलीं"]


# Texts that count with {n} but never count 1 (so need no 'one' form): a no-trump contract's
# tricks over six from 2 (one is line.nt_one), 2 or 4 players, 40 characters, "Show all" under
# more than 12 deals, and limits far above 1.
NEVER_ONE = {"line.nt", "error.player_count", "error.name_long", "ui.show_all_deals",
             "ui.show_all_deals.board",
             "import.too_deep", "link.too_deep", "link.too_long", "link.too_big"}
COUNTED = re.compile(r"\{n\} (?:[a-z-]+ )?[a-z]+s\b")  # '{n} deals', '{n} deals played'


def counts_without_plural_forms(catalog) -> list[str]:
    """English texts that put a plural noun after {n} without a 'one' form ('1 deals')."""
    return [key for key, entry in catalog.items()
            if isinstance(entry, str) and COUNTED.search(entry) and key not in NEVER_ONE]


def test_a_count_has_its_plural_forms():
    """Issue 18 item 7: "1 deals played"."""
    assert counts_without_plural_forms(ENGLISH) == []
    assert counts_without_plural_forms({"x": "open-ended, {n} deals played"}) == ["x"]
    game = Game.new("minibridge", list("ABCD"), end=EndRule("open"), first_dealer=0).add_deal(
        MiniBridgeDeal(redeal=True))
    assert EN.render(game.progress()) == "open-ended, 1 deal played"
    assert EN.render(game.close().outcome.msg) == "ended by the players after 1 deal"
    two = game.add_deal(MiniBridgeDeal(redeal=True))
    assert EN.render(two.progress()) == "open-ended, 2 deals played"
    es, bg, af = Translator("es"), Translator("bg"), Translator("af")
    assert es.render(game.progress()) == "sin final fijo, 1 mano jugada"
    assert bg.render(two.progress()) == "без определен край, изиграни 2 раздавания"
    assert af.render(game.progress()) == "oop einde, 1 uitdeling gespeel"
    with pytest.raises(InvalidInput) as error:
        CallBreakDeal((3,), (3, 4, 3, 3))
    assert EN.render(error.value.msg).endswith(": 1 entry; Call Break has 4 players")


# --- a house rule is named by its name, never by its key -------------------------------------

RULES = [(v, r) for v in VARIANTS.values() for r in v.house_rules]
KEYS = sorted({r.name for _, r in RULES} | {f"{r.name}={c}" for _, r in RULES for c in r.choices})


def rule_keys_in(lang: str, text: str) -> list[str]:
    """The house rules' keys ('redeal_passes', 'min_call=1') that ``text`` shows. In English a
    key that is a word of the language ('undertricks', 'scoring') may be that word."""
    return [key for key in KEYS if re.search(rf"(?<![\w=]){re.escape(key)}(?![\w=])", text)
            and (lang != "en" or re.search(r"[_=]", key))]


def catalog_texts(lang: str):
    catalog = json.loads((CATALOG_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    for key, entry in catalog.items():
        for text in (entry.values() if isinstance(entry, dict) else [entry]):
            yield key, text


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_no_catalog_text_shows_a_house_rule_key(lang):
    """Issue 18 item 7: "(house rule redeal_passes)", "eight_plus", "undertricks" on screen."""
    assert [(key, found) for key, text in catalog_texts(lang)
            for found in rule_keys_in(lang, text)] == []


def test_the_rule_key_check_can_fail():
    assert rule_keys_in("en", "after a redeal (house rule redeal_passes)") == ["redeal_passes"]
    assert rule_keys_in("en", "calls from 1 to 13 (house rule min_call=1)") == ["min_call=1"]
    assert rule_keys_in("ne", "50 (घरेलु नियम undertricks)") == ["undertricks"]
    assert rule_keys_in("en", "2 undertricks × 50") == []


def rule_sentences(v, rule, choice):
    """What the screens say of ``rule`` set to ``choice``: the game's rules line and the
    lines of a deal it changes."""
    rules = v.parse_rules({**{r.name: r.default for r in v.house_rules}, rule.name: choice})
    msgs = list(rules.describe())
    if v.name == "draw-bridge":
        msgs += [line.msg for line in draw(Contract.parse("4SX"), 7, rules).lines]
    if v.name == "call-break":
        msgs += [line.msg for line in score_calls([8, 2, 2, 2], [8, 2, 2, 1], rules).lines]
    return msgs


@pytest.mark.parametrize(("v", "rule"), RULES, ids=[f"{v.name}-{r.name}" for v, r in RULES])
def test_every_house_rule_is_named_by_its_title_in_every_language(v, rule):
    """Every choice of every house rule of every game, in every language: no key is shown, and
    a sentence that says a house rule is in force names it by its translated title."""
    for choice in rule.choices:
        for msg in rule_sentences(v, rule, choice):
            for lang in LANGUAGES:
                t = Translator(lang)
                text = t.render(msg)
                assert rule_keys_in(lang, text) == [], (lang, text)
                said = t("rules.house_rule", name="@").split("@")[0]
                if said in text:
                    assert t("rules.house_rule", name=t(f"houserule_title.{rule.name}")) in text, (
                        lang, text)


NEVER_ZERO = {"cb.under"}  # counts undertricks: at least 1 (its 'one' form names the trick)
COUNTS = {"n", "imps"}  # the parameters that carry the count (cb.imps: n is the IMPs)


def one_forms_without_their_count(lang: str, catalog) -> list[tuple[str, int]]:
    """Where ``lang`` chooses 'one' for counts other than 1 (Hindi: 0), the entries whose
    'one' text, rendered for such a count, does not show it (a literal '1 ...')."""
    counts = [n for n in range(3) if n != 1 and plural(lang, n) == "one"]
    t = Translator(lang)
    t.entries = catalog
    return [(key, n) for key, entry in catalog.items()
            if isinstance(entry, dict) and key not in NEVER_ZERO for n in counts
            if str(n) not in t(key, **{name: n if name in COUNTS else "x"
                                       for name in union_placeholders(entry) | {"n"}})]


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_a_one_form_for_other_counts_says_its_count(lang):
    catalog = json.loads((CATALOG_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    assert one_forms_without_their_count(lang, catalog) == []


def test_the_one_form_check_can_fail():
    catalog = json.loads((CATALOG_DIR / "hi.json").read_text(encoding="utf-8"))
    catalog["ui.card_facts"] = {"one": "1 बाज़ी · बदला {changed}",
                                "other": "{n} बाज़ियाँ · बदला {changed}"}
    assert one_forms_without_their_count("hi", catalog) == [("ui.card_facts", 0)]


@pytest.mark.parametrize(("given", "lang"), [(("es-ES",), "es"), (("bg_BG",), "bg"),
                                             (("af-ZA",), "af"), (("fr-FR", "es"), "es"),
                                             (("ne-NP",), "ne"), (("hi-IN",), "hi"),
                                             (("mr-IN", "hi"), "hi"),
                                             (("de",), "en"), ((None, ""), "en")])
def test_language_follows_the_locale(given, lang):
    assert choose_language(*given) == lang


def scorer_check(*args: str) -> subprocess.CompletedProcess[str]:
    """``scorer check ARGS`` run as a command."""
    return subprocess.run([sys.executable, "-m", "scorer.cli", "check", *args],
                          capture_output=True, text=True)


@pytest.mark.parametrize(("args", "lines"), [
    (("minibridge", "--contract", "3NT", "--tricks", "9", "--lang", "es"), [
        "3 bazas por encima de seis en sin triunfo: 40 + 2 × 30 = 100",
        "prima de manga (3NT es un contrato de manga): 300",
        "la pareja declarante anota 100 + 300 = 400",
        "Resultado: cumplido; declarante 400, defensores 0"]),
    (("call-break", "--calls", "४,३,२,४", "--tricks", "५,३,२,३", "--lang", "ne"), [
        "खेलाडी 1: कल 4, हात 5: कल पुग्यो, 4 × 10 + 1 = 41",
        "खेलाडी 2: कल 3, हात 3: कल पुग्यो, 3 × 10 + 0 = 30",
        "खेलाडी 3: कल 2, हात 2: कल पुग्यो, 2 × 10 + 0 = 20",
        "खेलाडी 4: कल 4, हात 3: कलभन्दा कम, -4 × 10 = -40",
        "नतिजा: 41 (4.1), 30 (3.0), 20 (2.0), -40 (-4.0)"]),
])
def test_scorer_check_speaks_the_language(args, lines):
    done = scorer_check(*args)
    assert done.returncode == 0 and done.stdout.splitlines() == lines


@pytest.mark.parametrize(("args", "said"), [
    (("--calls", "4,3,2,4", "--tricks", "5,3,1,3", "--lang", "bg"),
     "взятките са общо 5 + 3 + 1 + 3 = 12, а не 13"),
    (("--calls", "४,३,२,४", "--tricks", "५,३,२,४", "--lang", "hi"),
     "हाथों का जोड़ 5 + 3 + 2 + 4 = 14 है, 13 नहीं"),
    (("--calls", "४,३,२,४", "--tricks", "५,३,२,x", "--lang", "hi"),
     "हाथ: 5,3,2,x, अल्पविराम से अलग की गई पूरी संख्याओं की सूची नहीं है"),
])
def test_scorer_check_says_what_is_wrong_in_the_language(args, said):
    bad = scorer_check("call-break", *args)
    assert (bad.returncode, bad.stderr.strip()) == (2, said)


# --- the rules pages in every language ---------------------------------------------------------

PAGES = sorted(path.name for path in RULES_DIR.iterdir() if path.name.endswith(".md"))


@pytest.mark.parametrize("lang", sorted(set(LANGUAGES) - {"en"}))
def test_every_language_has_every_rules_page(lang):
    """No page falls back to English unnoticed; each keeps the mark where house rules begin
    (a house rule's link opens the page there)."""
    assert len(PAGES) == 4
    for page in PAGES:
        path = RULES_DIR / lang / page
        assert path.is_file(), f"{lang}/{page} missing"
        english = (RULES_DIR / page).read_text(encoding="utf-8")
        assert (HOUSE_RULES in path.read_text(encoding="utf-8")) == (HOUSE_RULES in english)


# The words each page's example table uses for house rules (es, bg, af: rows without rules).
CALL_BREAK_RULES = {"ne": {"सीमा छैन": {"overtrick_limit": "none"},
                           "आठ वा बढी": {"eight_plus": "on"},
                           "सबैभन्दा कम कल 1": {"min_call": "1"}},
                    "hi": {"कोई सीमा नहीं": {"overtrick_limit": "none"},
                           "आठ या ज़्यादा": {"eight_plus": "on"},
                           "सबसे कम कॉल 1": {"min_call": "1"}}}


@pytest.mark.parametrize("lang", sorted(set(LANGUAGES) - {"en"}))
def test_call_break_examples_of_each_language_match_the_scoring(lang):
    text = (RULES_DIR / lang / "call-break.md").read_text(encoding="utf-8")
    rows = [[cell.strip() for cell in line.strip("|").split("|")]
            for line in text.splitlines() if re.match(r"\| \d", line)]
    assert len(rows) >= 7
    words = CALL_BREAK_RULES.get(lang, {})
    for call, tricks, rule, points in rows:
        if rule and rule not in words:
            assert lang not in CALL_BREAK_RULES, f"{lang}: house rule {rule!r} not known"
            continue
        rules = variant("call-break").parse_rules(words.get(rule, {}))
        low = rules.min_call  # the other three call the least and take the rest of the 13
        score = score_calls([int(call), low, low, low], [int(tricks), 13 - int(tricks), 0, 0],
                            rules)
        assert score.points[0] == int(points), (lang, call, tricks, rule)


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
    folder = ROOT / "scorer" / "ui"
    problems = {path.relative_to(folder).as_posix(): untranslated(path.read_text(encoding="utf-8"))
                for path in folder.rglob("*.py")}  # every part: screens/, entry/, shell/, ...
    assert "screens/home.py" in problems and "shell/app.py" in problems
    assert {name: found for name, found in problems.items() if found} == {}


def test_the_literal_check_finds_a_literal():
    assert untranslated('ft.Text("Game over")') == ["line 1: 'Game over'"]
    assert untranslated('w.tap(f"Show all {n}", t("ui.x"), go)') == ["line 1: 'Show all '"]
    assert untranslated('ft.Text(t("ui.game_over"))') == []


# --- Devanagari digits, wherever a player types a number (decision 110) -------------------------

@pytest.mark.parametrize(("typed", "number"), [("४२", 42), ("१०", 10), (" ७ ", 7), ("०", 0),
                                               ("४2", 42), ("-३", -3), ("42", 42)])
def test_devanagari_digits_are_whole_numbers(typed, number):
    assert whole_number(typed) == number
    assert check_int("tricks", typed, -13, 100) == number


@pytest.mark.parametrize("typed", ["٤٢", "４２", "²", "४x", "", "४ २", "1" * 31, "४_२"])
def test_other_digits_and_words_are_not(typed):
    assert whole_number(typed) is None
    with pytest.raises(InvalidInput) as caught:
        check_int("tricks", typed, 0, 13)
    assert Translator("hi").error(caught.value).startswith("हाथ: ")  # the field, by name


def test_devanagari_digits_in_each_kind_of_number_field():
    hi = Translator("hi")
    # Calls and tricks as Check a score and the CLI read them (lists of counts).
    assert option_ints("calls", "४,३,२,४") == [4, 3, 2, 4]
    with pytest.raises(InvalidInput) as caught:
        option_ints("tricks", "५,३,x,४")
    assert hi.error(caught.value) == ("हाथ: ५,३,x,४, अल्पविराम से अलग की गई पूरी संख्याओं की "
                                      "सूची नहीं है")
    # New game's target (and number of deals).
    form = NewGameForm()
    form.choose("call-break")
    form.names = ["अमित", "प्रिया", "राहुल", "नेहा"]
    form.end_kind, form.end_value = "target", "५x"
    assert hi.render(form.problem()) == "लक्ष्य 1 से 100000 तक की पूरी संख्या होना चाहिए"
    form.end_value = "१५०"
    assert form.problem() is None and form.create().end == EndRule("target", 150)
    form.end_kind, form.end_value = "deals", "५"
    assert form.create().end == EndRule("deals", 5)
    # MiniBridge's points in deal entry: typed, filled in (40 minus the rest), kept and read back.
    game = Game.new("minibridge", ["Ana", "Ben", "Cleo", "Dan"], first_dealer=0)
    draft = draft_for_game(game)
    draft.use_hcp = True
    for seat, count in ((0, "१५"), (1, "५"), (2, "१२")):
        draft.type_count(seat, count)
    assert draft.hcp[3] == "8"
    evaluation = draft.evaluate()
    assert hi.render(evaluation.note) == "डिक्लेयरर Ana (उत्तर), डमी Cleo (दक्षिण)"
    again = draft_for_game(game)
    assert again.restore(draft.to_dict()) and again.hcp == ["१५", "५", "१२", "8"]
    draft.type_count(3, "९")
    assert hi.render(draft.evaluate().problem) == "अंकों का जोड़ 41 है, 40 नहीं"
    # Check a score: the same fields, on a hand of MiniBridge.
    check = ScoreCheck()
    check.reset("minibridge", hi)
    hand = check.hand(hi)
    hand.use_hcp = True
    hand.hcp = ["१०", "१०", "१०", "१०"]
    assert hand.evaluate().deal.redeal
    # The number fields let these digits through (and only digits).
    digits = re.compile(number_field("x", "", print).input_filter.regex_string)
    assert digits.fullmatch("१२") and digits.fullmatch("12") and not digits.fullmatch("1a")


@pytest.mark.parametrize(("args", "out"), [
    (["call-break", "--calls", "४,३,२,४", "--tricks", "५,३,२,३", "--rule", "min_call=१"],
     "नतिजा: 41 (4.1), 30 (3.0), 20 (2.0), -40 (-4.0)"),
    (["draw-bridge", "--contract", "४HX", "--tricks", "१०"],
     "नतिजा: पुग्यो; डिक्लेयरर 240, डिफेन्डर 0"),
    (["minibridge", "--hcp", "१५,५,१२,८", "--dealer", "N", "--contract", "३NT", "--tricks", "९"],
     "नतिजा: पुग्यो; डिक्लेयरर 400, डिफेन्डर 0"),
    (["imps", "--diff", "४७०"], "फरक 470: WBF IMP तालिकामा 430-490 = 10 IMP"),
])
def test_scorer_check_speaks_nepali_and_reads_devanagari_digits(args, out, capsys):
    from scorer.cli import main

    assert main(["check", *args, "--lang", "ne"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == out


@pytest.mark.parametrize("name", ["आर्\u200dयन", "क्\u200cषमा", "सीता"])
def test_a_devanagari_name_may_join_after_a_virama(name):
    """र्‍य, a half form asked for with a zero-width joiner after the virama, as Nepali
    keyboards type it: a name, not a hidden character."""
    assert Game.new("draw-bridge", [name, "Ben"], first_dealer=0).players[0] == name


@pytest.mark.parametrize("name", ["आर\u200dयन", "आर्\u200d", "आर्\u200d1"])
def test_a_joiner_anywhere_else_is_still_refused(name):
    with pytest.raises(InvalidInput) as caught:
        Game.new("draw-bridge", [name, "Ben"], first_dealer=0)
    assert "U+200D" in str(caught.value)


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_share_button_names_the_sheet_its_heading_names(lang):
    """Issue 30 item 5: the Afrikaans heading said 'telblad' and its button 'telkaart'."""
    t = Translator(lang)
    assert set(t("ui.share_sheet").split()) <= set(t("ui.share").split())
