"""A team match's other table by link (issue 32, item 2): the merge rules, kept in real TinyDB
files (``rooms/<match>.json`` beside the match's own file), and the link that carries them."""

from __future__ import annotations

import json

import pytest

from scorer.game import Game
from scorer.link import InvalidLink
from scorer.rules import Contract, InvalidInput
from scorer.rules.bridge_games import BridgeDeal
from scorer.rules.team_match import TeamBoard
from scorer.rules.team_rooms import MatchRooms, RoomResults, merge_room
from scorer.store import Store
from scorer.team_link import encode_room, read_room_link, room_link

FOUR_H = BridgeDeal(0, Contract.parse("4H"), 10)  # North, 4H made: +420 on board 1
FOUR_H_DOWN = BridgeDeal(0, Contract.parse("4H"), 9)  # one down: -50
THREE_NT = BridgeDeal(1, Contract.parse("3NT"), 9)  # East, 3NT made
PASSED = BridgeDeal()


def match_of(folder, boards):
    with Store(folder) as store:
        game = Game.new("team-match", ["Reds", "Blues"])
        for board in boards:
            game = game.add_deal(board)
        return store.save(game)


def test_the_same_result_twice_is_one_and_a_difference_is_a_conflict(tmp_path):
    data = tmp_path / "data"
    game = match_of(data, [TeamBoard(FOUR_H, FOUR_H), TeamBoard(PASSED, THREE_NT)])
    room = RoomResults(2, {1: FOUR_H, 2: PASSED, 3: THREE_NT})
    with Store(data) as store:
        merged = store.rooms.merge(game.id, room)
    assert merged.same == (1,)  # board 1: table 2's 4H= is the match's: one result
    assert merged.conflicts == (2,)  # board 2: passed out against the match's 3NT
    assert merged.waiting == (3,)  # board 3: the match has not reached it
    with Store(data) as store:  # on disk, and the match itself untouched
        kept = store.rooms.load(game.id).kept
        assert store.load(game.id).deals == game.deals
    assert [(c.board, c.table, c.kept, c.other) for c in kept.conflicts] == [
        (2, 2, THREE_NT, PASSED)]
    assert dict(kept.waiting) == {(3, 2): THREE_NT}
    document = json.loads((data / "rooms" / f"{game.id}.json").read_text())
    assert document["rooms"]["1"]["kept"]["waiting"] == [[3, 2, THREE_NT.to_dict()]]
    # The same link merged again changes nothing: no second conflict, nothing written.
    before = (data / "rooms" / f"{game.id}.json").read_bytes()
    with Store(data) as store:
        again = store.rooms.merge(game.id, room)
    assert (again.same, again.conflicts, again.waiting) == ((1, 3), (), ())
    assert (data / "rooms" / f"{game.id}.json").read_bytes() == before


def test_a_waiting_result_is_not_overwritten_by_another(tmp_path):
    data = tmp_path / "data"
    game = match_of(data, [])
    with Store(data) as store:
        store.rooms.merge(game.id, RoomResults(2, {1: FOUR_H}))
        merged = store.rooms.merge(game.id, RoomResults(2, {1: FOUR_H_DOWN}))
        kept = store.rooms.load(game.id).kept
    assert merged.conflicts == (1,)
    assert dict(kept.waiting) == {(1, 2): FOUR_H}  # the first is still there
    assert kept.conflicts[0].other == FOUR_H_DOWN


def test_resolving_for_the_other_table_corrects_the_match_with_its_history(tmp_path):
    data = tmp_path / "data"
    game = match_of(data, [TeamBoard(FOUR_H, FOUR_H)])
    with Store(data) as store:
        store.rooms.merge(game.id, RoomResults(2, {1: FOUR_H_DOWN}))
        assert store.load(game.id).deals[0].table2 == FOUR_H  # nothing overwritten yet
        with pytest.raises(InvalidInput, match="one of the conflict's results"):
            store.rooms.resolve(game.id, 1, 2, THREE_NT)
        store.rooms.resolve(game.id, 1, 2, FOUR_H_DOWN)
    with Store(data) as store:
        stored = store.load(game.id)
        assert stored.deals[0] == TeamBoard(FOUR_H, FOUR_H_DOWN)
        assert [(c.deal, c.before["table2"]) for c in stored.history] == [
            (1, FOUR_H.to_dict())]  # the old result kept
        assert store.rooms.load(game.id).kept.conflicts == ()
        # Keeping the match's own result changes the match not at all.
        store.rooms.merge(game.id, RoomResults(1, {1: PASSED}))
        store.rooms.resolve(game.id, 1, 1, FOUR_H)
        assert store.load(game.id).deals[0] == TeamBoard(FOUR_H, FOUR_H_DOWN)
        with pytest.raises(InvalidInput, match="has no conflict at table 1"):
            store.rooms.resolve(game.id, 1, 1, FOUR_H)


def test_a_merge_is_refused_by_name_for_a_match_not_kept_or_not_a_match(tmp_path):
    data = tmp_path / "data"
    with Store(data) as store:
        with pytest.raises(InvalidInput, match="match: g-nothing is not kept on this phone"):
            store.rooms.merge("g-nothing", RoomResults(2, {1: FOUR_H}))
        other = store.save(Game.new("draw-bridge", ["Ana", "Ben"]))
        with pytest.raises(InvalidInput, match="is not a team match"):
            store.rooms.merge(other.id, RoomResults(2, {1: FOUR_H}))
    assert not (data / "rooms").exists()  # nothing written


def test_the_other_tables_own_results_on_its_phone(tmp_path):
    data = tmp_path / "data"
    with Store(data) as store:
        store.rooms.enter_own("g1", ("Reds", "Blues"), 2, 1, FOUR_H)
        store.rooms.enter_own("g1", ("Reds", "Blues"), 2, 2, PASSED)
        with pytest.raises(InvalidInput, match="table: 1 is 2 on this phone"):
            store.rooms.enter_own("g1", ("Reds", "Blues"), 1, 3, PASSED)
    with Store(data) as store:
        record = store.rooms.load("g1")
    assert record.own == RoomResults(2, {1: FOUR_H, 2: PASSED})
    assert record.teams == ("Reds", "Blues")


def test_merge_rules_in_memory_match_the_files():
    boards = [TeamBoard(FOUR_H, PASSED)]
    merged = merge_room(boards, MatchRooms.empty(), RoomResults(2, {1: PASSED, 2: FOUR_H}))
    assert (merged.same, merged.waiting, merged.conflicts) == ((1,), (2,), ())
    assert MatchRooms.from_dict(merged.rooms.to_dict()) == merged.rooms


def test_the_link_carries_a_tables_results_and_refuses_anything_else():
    room = RoomResults(2, {1: FOUR_H, 5: PASSED})
    address = room_link("g1", ("Reds", "Blues"), room, "https://scorer.example/app/")
    assert address.startswith("https://scorer.example/app/#/r/1~")
    read = read_room_link(address.split("#/r/", 1)[1])
    assert (read.match, read.teams, read.room) == ("g1", ("Reds", "Blues"), room)
    served = room_link("g1", ("Reds", "Blues"), room, "http://127.0.0.1:8550/?code=1",
                       fragment=False)
    assert served.startswith("http://127.0.0.1:8550/r/1~")
    with pytest.raises(InvalidLink):
        read_room_link("1~garbage")
    from scorer.pairs_link import encode_pairs
    from scorer.rules.pairs.session import PairsSession, PairsSettings

    with pytest.raises(InvalidLink, match="is not a team match's table"):  # a pairs link
        read_room_link(encode_pairs("p1", PairsSession(PairsSettings("howell", 3, 3)), 2))
    assert read_room_link(encode_room("g1", ("Reds", "Blues"), room)).room == room
    bad = RoomResults.to_dict(room)
    bad["table"] = 3
    with pytest.raises(InvalidInput, match="table: 3 is 1 or 2"):
        RoomResults.from_dict(bad)
