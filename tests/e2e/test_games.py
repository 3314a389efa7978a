"""Whole games of each variant played through the real app in headless Chromium."""

from __future__ import annotations

import pytest
from browser import bridge_deal

pytestmark = pytest.mark.browser


def test_draw_bridge_whole_game(phone, second_phone, data_dir):
    phone.new_game("Draw Bridge", ["Ana", "Ben"], dealer="Ana", end="Target score 300")
    phone.see("Ben leads the first stock trick; Ana bids first")
    second_phone.open()
    second_phone.tap("Open Draw Bridge: Ana, Ben", exact=False)
    second_phone.see("Ana total 0")

    # A typical deal: at most 6 taps from the scoreboard back to the scoreboard.
    phone.taps = 0
    bridge_deal(phone, "Ana", 4, "Spades", 10)
    phone.see("Ana total 120")
    assert phone.taps <= 6
    second_phone.see("Ana total 120")  # the other phone sees the deal appear

    phone.tap("New deal")
    phone.tap("Passed out")
    phone.see("passed out: Ana 0")
    phone.tap("Save deal")
    phone.see("Deal 2: passed out")
    phone.see("dealer: Ana")  # dealt by Ben, the deal passes back to Ana

    bridge_deal(phone, "Ben", 3, "No-trump", 9, doubling="Doubled")
    phone.see("Ben total 200")
    bridge_deal(phone, "Ana", 2, "Hearts", 7)            # wrong: really 9 tricks
    phone.see("Deal 4: 2H by Ana: down 1")

    # Correct deal 4: the old value stays in its history.
    phone.tap("Deal 4: 2H by Ana: down 1;", exact=False)
    phone.see("failed contract scores nothing")
    phone.tap("Correct this deal")
    phone.tap("Tricks 9")
    phone.see("2♥ by Ana: made +1")
    phone.tap("Save deal")
    phone.see("Ana total 210")
    phone.tap("Deal 4: 2H by Ana: made +1;", exact=False)
    phone.see("2♥ by Ana, 7 tricks, became 2♥ by Ana, 9 tricks")
    phone.page.go_back()
    phone.see("Ana total 210")

    bridge_deal(phone, "Ana", 3, "Clubs", 10)             # 80 -> 290: not yet
    phone.see("Ana total 290")
    bridge_deal(phone, "Ben", 1, "Diamonds", 8)           # 40 -> 240
    bridge_deal(phone, "Ana", 1, "Clubs", 7)              # 20 -> 310: Ana wins
    phone.see("Ana wins: reached the target of 300")
    assert not phone.button("New deal").count()

    # Reload: the same state, from disk.
    phone.open(phone.page.url.replace(phone.url, ""))
    phone.see("Ana wins: reached the target of 300")
    phone.see("Ana total 310")


POINTS_FIELDS = ["North points (Ana)", "East points (Ben)", "South points (Cleo)",
                 "West points (Dan)"]


def announce_points(phone, counts):
    """A new MiniBridge deal entered by the four announced counts (N, E, S, W): the deal
    entry opens on them."""
    phone.tap("New deal")
    for label, points in zip(POINTS_FIELDS, counts, strict=True):
        phone.type(label, str(points))


def test_minibridge_counts_in_seat_order_and_the_missing_one_filled_for_every_dealer(phone):
    """Issue 18: the first deal opened on "Pick declarer", the count boxes moved with the
    dealer, and only the last announcer's count filled itself in. A table types North, East
    and South (tapping each box) whoever deals; West's 20 is filled in and names Dan."""
    phone.new_game("MiniBridge", ["Ana", "Ben", "Cleo", "Dan"], dealer="Ana")
    for number, dealer in enumerate(["Ana", "Ben", "Cleo", "Dan"], start=1):
        phone.see(f"dealer: {dealer}")
        phone.taps = 0
        phone.tap("New deal")
        boxes = [phone.page.get_by_role("textbox", name=label, exact=True)
                 for label in POINTS_FIELDS]
        for box, label in zip(boxes, POINTS_FIELDS, strict=True):
            phone.shown(box, label)
        north, east, south, west = (phone.steady_box(box) for box in boxes)
        assert north["y"] == east["y"] < south["y"] == west["y"], (north, east, south, west)
        assert north["x"] == south["x"] < east["x"] == west["x"], (north, east, south, west)
        for label, points in zip(POINTS_FIELDS[:3], ["5", "10", "5"], strict=True):
            phone.type(label, points)
            phone.taps += 1  # the tap on the box
        phone.see("declarer Dan (West), dummy Ben (East)")  # West's 20 filled in
        phone.tap("Level 1")
        phone.tap("Spades")
        phone.tap("Tricks 7")
        phone.tap("Save deal")
        print(f"MiniBridge deal {number}, counts typed box by box: {phone.taps} taps "
              f"plus the digits")
        assert phone.taps <= 8
        phone.see(f"Ben & Dan total {80 * number}")


def test_minibridge_whole_game_with_points_and_redeal(phone):
    phone.new_game("MiniBridge", ["Ana", "Ben", "Cleo", "Dan"], dealer="Ana",
             end="Number of deals 4")
    phone.see("Deal 1 of 4")
    # Deal 1: the table counts points aloud; 20-20 is a redeal, same dealer again.
    announce_points(phone, [11, 10, 9, 10])
    phone.see("20-20: redeal")
    phone.tap("Save deal")
    phone.see("Deal 1: redeal")
    phone.see("Deal 1 of 4 · dealer: Ana")
    # Deal 2: points name West as declarer; E-W 4S down 2 gives N-S 100. The table counted
    # last time, so the counts are asked again; they are typed as announced, from the dealer
    # (Ana, North), Enter moving on, and the last (West's) fills itself in.
    phone.taps = 0
    phone.tap("New deal")
    phone.type("North points (Ana)", "5")
    phone.taps += 1  # the tap on the first field
    for label, points in (("East points (Ben)", "10"), ("South points (Cleo)", "5")):
        phone.page.keyboard.press("Enter")
        phone.taps += 1
        phone.focus_moves_to(label, by="Enter")
        phone.page.keyboard.type(points)
    phone.see("declarer Dan (West), dummy Ben (East)")  # West's 20 filled in
    phone.tap("Level 4")
    phone.tap("Spades")
    phone.tap("Tricks 8")
    phone.see("4♠ by Dan (West): down 2")
    phone.tap("Save deal")
    print(f"MiniBridge deal with counts: {phone.taps} taps plus the digits")
    assert phone.taps <= 8
    phone.see("Ana & Cleo total 100")
    bridge_deal(phone, "Cleo", 3, "No-trump", 9, pick=True)  # N-S 400
    phone.see("Ana & Cleo total 500")
    phone.see("Deal 1: 4S by Dan (West): down 2")  # deal 1, dealt again after the redeal
    phone.see("Deals (2)")
    phone.tap("Deal 2: 3NT by Cleo (South): made;", exact=False)
    phone.see("game bonus (3NT is a game contract): 300")
    phone.tap("Correct this deal")
    phone.tap("Tricks 10")
    phone.tap("Save deal")
    phone.see("Ana & Cleo total 530")
    bridge_deal(phone, "Ben", 1, "Diamonds", 8)        # E-W 90
    phone.see("Deal 4 of 4")
    bridge_deal(phone, "Dan", 4, "Hearts", 11)         # E-W 450 -> 540
    phone.see("Ben & Dan win: highest total after 4 deals")
    phone.see("Ben & Dan total 540")
    phone.open(phone.page.url.replace(phone.url, ""))
    phone.see("Ben & Dan win: highest total after 4 deals")


def row_says_call(phone, name, call):
    """``name``'s tricks row is headed by their name and call, just above their numbers."""
    button = phone.button(f"{name} took 0").first
    phone.scroll_to(button, tries=20)
    heading = phone.page.get_by_text(f"{name} · called {call}", exact=True).first
    above, under = phone.steady_box(heading), phone.steady_box(button)
    assert above and under and 0 <= under["y"] - (above["y"] + above["height"]) < 40, \
        (above, under)


def test_call_break_whole_game(phone, second_phone):
    names = ["Ana", "Ben", "Cleo", "Dan"]
    phone.new_game("Call Break", names, dealer="Ana", end="End: Number of deals")
    phone.see("Deal 1 of 12")  # the source text's 12 rounds, preselected
    phone.tap("End the game now")
    phone.tap("End the game")
    phone.see("Ana and Ben and Cleo and Dan share the win: ended by the players after 0 deals")
    phone.tap("Rematch with the same players and rules")
    phone.tap("Number of deals 5")
    phone.tap("First dealer Ana")
    phone.tap("Start game")
    phone.see("Deal 1 of 5")
    phone.see("Ben calls and leads first")
    second_phone.open()
    second_phone.tap("Open Call Break: Ana, Ben, Cleo, Dan", exact=False)
    second_phone.see("Deal 1 of 5")
    # The calls in calling order, from the dealer's right (Ana deals round 1, Ben round 2...).
    in_order = ["Ben 2 · Cleo 2 · Dan 2 · Ana 4", "Cleo 2 · Dan 2 · Ana 4 · Ben 2",
                "Dan 2 · Ana 4 · Ben 2 · Cleo 2", "Ana 4 · Ben 2 · Cleo 2 · Dan 2",
                "Ben 2 · Cleo 2 · Dan 2 · Ana 4"]
    for round_number in range(1, 6):
        phone.taps = 0
        phone.tap("New deal")
        for name, call in zip(names, [4, 2, 2, 2], strict=True):  # one tap per call
            phone.tap(f"{name} calls {call}")
        calls = in_order[round_number - 1]
        phone.see(f"Calls kept: {calls}")  # stored as soon as made
        phone.see("Cannot save yet: tricks must total 13 (13 left to give)")
        assert not phone.enabled("Save deal")
        if round_number == 1:  # the round is in play: it is part of the stored game
            phone.page.go_back()
            phone.see(f"Deal 1 in play: {calls}")
            second_phone.see(f"Deal 1 in play: {calls}")
            phone.open(phone.page.url.replace(phone.url, ""))  # reload
            phone.tap("Enter the tricks")
            phone.see(f"Calls kept: {calls}")
        for name, call in zip(names, [4, 2, 2, 2], strict=True):  # each row says its call
            phone.see(f"{name} · called {call}")
        if round_number == 1:
            row_says_call(phone, "Ana", 4)
        for name, tricks in zip(names[:3], [5, 3, 2], strict=True):  # one tap each
            phone.tap(f"{name} took {tricks}")
        phone.see("Tricks taken (0 of 13 left)")  # Dan's 3: the rest of the 13
        phone.tap("Save deal")
        phone.see(f"Deal {round_number}: calls 4 2 2 2; tricks 5 3 2 3")
        if round_number > 1:
            print(f"Call Break round: {phone.taps} taps")
            assert phone.taps <= 10
    phone.see("Ana total 205")
    phone.see("Ana wins: highest total after 5 deals")
    second_phone.see("Ana total 205")
    # Correct round 2: Dan took 5, Ana 3 (Ana failed).
    phone.tap("Deal 2: calls 4 2 2 2; tricks 5 3 2 3;", exact=False)
    phone.tap("Correct this deal")
    phone.tap("Ana took 3")
    phone.tap("Dan took 5")
    phone.see("Dan called 2, took 5: more than 2 over the call, -2 × 10 = -20")
    phone.tap("Save deal")
    phone.see("Ana total 124")
    phone.see("Ana wins: highest total after 5 deals")
    phone.tap("Deal 5: calls 4 2 2 2; tricks 5 3 2 3;", exact=False)
    phone.tap("Remove this deal")
    phone.tap("Remove")
    phone.see("Ana total 83")
    phone.see("Deal 5 of 5")  # reopened
    assert phone.button("New deal").count()
    phone.open(phone.page.url.replace(phone.url, ""))  # reload: the same state from disk
    phone.see("Ana total 83")
    phone.see("Deal 5 of 5")
