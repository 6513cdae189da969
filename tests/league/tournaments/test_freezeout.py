"""The poker-style freezeout: T-R13…T-R18, T-D6, T-D7 (docs/formats.md, "Freezeout")."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import rng
from league.tournaments import freezeout as fz
from league.tournaments.places import awards
from tests.league.tournaments.freezeout_support import LEVELS, freezeout_play, sizes
from tests.league.tournaments.support import json_roundtrip


def _create(players, *, max_seats=6, stack=200, level_hands=10, seed="fz"):
    return fz.freezeout_create(
        list(range(1, players + 1)),
        seed=seed,
        starting_stack=stack,
        max_seats=max_seats,
        levels=LEVELS,
        level_hands=level_hands,
    )


def _hand(state, table_id, result):
    """Deal the table's hand and end it; `result(hand)` gives the stacks at its end."""
    state, hand = fz.hand_deal(state, table_id)
    state, events = fz.hand_end(state, table_id, stacks=result(hand))
    return state, hand, events


def _bust(positions):
    """A result in which the players at these positions of the hand lose everything to the button."""

    def result(hand):
        stacks = list(hand["stacks"])
        for i in positions:
            stacks[0] += stacks[i]
            stacks[i] = 0
        return stacks

    return result


def _nothing(hand):
    return list(hand["stacks"])


def _by_type(events, kind):
    return [e for e in events if e["type"] == kind]


# --- T-R13: the field, the stacks, the winner -------------------------------------------------------------------------


def test_t_r13_everyone_starts_with_the_same_stack_at_tables_seated_by_lot():
    state, events = _create(14, stack=500, seed="draw-seed")
    # the fewest tables of at most 6, sizes within one
    assert sizes(state) == [5, 5, 4]
    assert all(s["stack"] == 500 for t in state["tables"] for s in t["seats"] if s is not None)
    # the seats are the verifiable draw of the order entered, dealt table by table
    drawn = [int(p) for p in rng.shuffled([str(p) for p in range(1, 15)], seed="draw-seed", label="seats")]
    assert [p for t in state["tables"] for p in fz.players_in(t)] == drawn
    assert events[0]["type"] == "seated" and events[0]["label"] == "seats"


def test_t_r13_a_player_at_zero_is_out_without_rebuy_and_the_last_with_chips_wins():
    # given: three players, one table (the final table from the start)
    state, events = _create(3)
    assert _by_type(events, "final_table") == [{"type": "final_table", "table": 1}]
    # when: the button takes everything
    state, hand, events = _hand(state, 1, _bust([1, 2]))
    # then: the two others are out, never dealt in again, and the button has won
    assert state["over"] and state["winner"] == hand["players"][0]
    assert fz.tables_ready(state) == []
    assert {"type": "finished", "winner": hand["players"][0]} in events


def test_t_r13_a_busted_player_is_never_dealt_in_again():
    state, _ = _create(4)
    state, hand, _ = _hand(state, 1, _bust([3]))
    state, next_hand = fz.hand_deal(state, 1)
    assert hand["players"][3] not in next_hand["players"] and len(next_hand["players"]) == 3


# --- T-R14, T-D6: levels ----------------------------------------------------------------------------------------------


def test_t_r14_forced_bets_rise_by_the_organizers_levels():
    assert fz.levels_check([{"ante": 1}, {"ante": 2}]) == [{"ante": 1}, {"ante": 2}]
    with pytest.raises(ValueError):
        fz.levels_check([{"ante": 2}, {"ante": 1}])  # forced bets never fall
    with pytest.raises(ValueError):
        fz.levels_check([{"ante": 1}, {"ante": 2, "min_bet": 2}])  # every level sets the same bets
    with pytest.raises(ValueError):
        fz.levels_check([])
    with pytest.raises(ValueError):
        fz.levels_check([{"ante": -1}])


def test_t_r14_a_hand_carries_the_forced_bets_of_its_level():
    state, _ = _create(6)
    state, hand = fz.hand_deal(state, 1)
    assert (hand["level"], hand["forced"]) == (1, {"ante": 1, "min_bet": 1})


def test_t_d6_the_level_rises_after_level_hands_times_the_tables_in_play():
    # given: 12 players at two tables, level_hands 2: the level lasts 2 × 2 = 4 hands
    state, _ = _create(12, level_hands=2)
    for number in range(1, 5):
        state, _, events = _hand(state, 1 + number % 2, _nothing)
        assert (state["level"] == 1) == (number < 4)
    assert _by_type(events, "level") == [{"type": "level", "level": 2, "forced": {"ante": 2, "min_bet": 2}}]
    assert state["level_hands"] == 0


def test_t_d6_a_slow_table_holds_back_no_one():
    # given: two tables; table 2 has a hand in progress all along
    state, _ = _create(12, level_hands=2)
    state, slow = fz.hand_deal(state, 2)
    # when: table 1 plays 4 hands
    for _ in range(4):
        state, _, _ = _hand(state, 1, _nothing)
    # then: the level rose anyway, and the slow hand is still played at the level it was dealt at
    assert state["level"] == 2
    assert fz.hands_in_play(state)[0]["level"] == 1 == slow["level"]
    state, hand = fz.hand_deal(fz.hand_end(state, 2, stacks=slow["stacks"])[0], 2)
    assert hand["level"] == 2


def test_t_d6_the_last_level_lasts_to_the_end():
    state, _ = fz.freezeout_create(
        [1, 2, 3], seed="s", starting_stack=100, max_seats=6, levels=[{"ante": 1}], level_hands=1
    )
    for _ in range(3):
        state, _, events = _hand(state, 1, _nothing)
        assert state["level"] == 1 and not _by_type(events, "level")


# --- T-R15: balancing -------------------------------------------------------------------------------------------------


def test_t_r15_the_player_next_to_receive_the_button_moves_from_the_largest_table_into_the_worst_open_seat():
    # given: 12 players at two tables of 6
    state, _ = _create(12)
    table_2 = fz.tables_live(state)[1]
    next_at_2 = fz.players_in(table_2)[0]  # table 2 has not dealt: its button's seat 0 is next
    # when: two players of table 1 bust (the seats 1 and 4 from its button at seat 0)
    state, _, events = _hand(state, 1, _bust([1, 4]))
    # then: the next to receive the button at table 2 moves to table 1, into the open seat that receives the button
    # soonest (seat 1, right after the button)
    moves = _by_type(events, "moved")
    assert moves == [
        {"type": "moved", "player": next_at_2, "stack": 200, "reason": "balance",
         "from": {"table": 2, "seat": 0}, "to": {"table": 1, "seat": 1}},
    ]  # fmt: skip
    assert sizes(state) == [5, 5]
    # and: the newcomer is next to receive the button at table 1 too: nobody skips the button by moving
    state, hand = fz.hand_deal(state, 1)
    assert hand["button_seat"] == 1 and hand["players"][0] == next_at_2


def test_t_r15_moves_until_no_two_tables_differ_by_more_than_one():
    # given: 18 players at three tables of 6; three bust at table 1
    state, _ = _create(18)
    state, _, events = _hand(state, 1, _bust([1, 2, 3]))
    # then: one move from each larger table brings it to 5, 5, 5
    assert sizes(state) == [5, 5, 5]
    assert [(m["from"]["table"], m["to"]["table"]) for m in _by_type(events, "moved")] == [(2, 1), (3, 1)]


def test_t_d7_a_move_waits_for_the_hand_in_progress_and_holds_the_tables_it_involves():
    # given: 12 players at two tables; table 2 is in a hand
    state, _ = _create(12)
    state, hand_2 = fz.hand_deal(state, 2)
    # when: two players of table 1 bust
    state, _, events = _hand(state, 1, _bust([2, 4]))
    # then: no move yet, and table 1 deals no new hand while the move waits
    assert not _by_type(events, "moved") and sizes(state) == [4, 6]
    assert fz.held_tables(state) == [1, 2] and fz.tables_ready(state) == []
    # when: table 2's hand ends
    state, events = fz.hand_end(state, 2, stacks=hand_2["stacks"])
    # then: its next to receive the button (seat 1: seat 0 had it) moves, and both tables deal again
    (move,) = _by_type(events, "moved")
    assert move["from"] == {"table": 2, "seat": 1} and move["to"]["table"] == 1
    assert fz.tables_ready(state) == [1, 2]


def test_t_d7_chips_are_conserved_at_a_table():
    state, _ = _create(6)
    state, hand = fz.hand_deal(state, 1)
    with pytest.raises(ValueError):
        fz.hand_end(state, 1, stacks=[s + 1 for s in hand["stacks"]])
    with pytest.raises(ValueError):
        fz.hand_end(state, 1, stacks=hand["stacks"][:-1])
    with pytest.raises(ValueError):
        fz.hand_deal(state, 1)  # a table plays one hand at a time


def test_t_d7_a_table_with_a_hand_in_progress_is_not_touched():
    # given: 13 players at tables of 5, 4, 4; tables 2 and 3 are in hands
    state, _ = _create(13)
    state, hand_2 = fz.hand_deal(state, 2)
    state, hand_3 = fz.hand_deal(state, 3)
    seats_2 = fz.tables_live(state)[1]["seats"]
    # when: a player of table 1 busts (12 players now fit two tables: a table must break)
    state, _, events = _hand(state, 1, _bust([1]))
    # then: the break is drawn, but tables 2 and 3 are as they were until their hands end
    assert _by_type(events, "break_drawn") and not _by_type(events, "moved")
    assert fz.tables_live(state)[1]["seats"] == seats_2
    state, events = fz.hand_end(state, 2, stacks=hand_2["stacks"])
    assert not _by_type(events, "table_broken")
    state, events = fz.hand_end(state, 3, stacks=hand_3["stacks"])
    assert _by_type(events, "table_broken") and sizes(state) == [6, 6]


# --- T-R16: breaking --------------------------------------------------------------------------------------------------


def test_t_r16_a_table_breaks_as_soon_as_the_field_fits_one_table_fewer_drawn_by_lot_and_seated_by_lot():
    # given: 13 players at tables of 5, 4, 4 (max 6)
    state, _ = _create(13, seed="break-seed")
    before = {t["id"]: list(t["seats"]) for t in fz.tables_live(state)}
    # when: one busts at table 1: 12 fit in two tables
    state, _, events = _hand(state, 1, _bust([1]))
    # then: the table broken is the draw "break-1" among the three, recorded
    (drawn,) = _by_type(events, "break_drawn")
    assert drawn["candidates"] == [1, 2, 3] and drawn["label"] == "break-1"
    assert drawn["table"] == [1, 2, 3][rng.choice_index(3, seed="break-seed", label="break-1")]
    (broken,) = _by_type(events, "table_broken")
    assert broken["table"] == drawn["table"]
    assert sizes(state) == [6, 6] and drawn["table"] not in [t["id"] for t in fz.tables_live(state)]
    # and: its players went, with their stacks, to open seats drawn by lot at the other tables
    moves = _by_type(events, "moved")
    assert {m["player"] for m in moves} == {s["player"] for s in before[drawn["table"]] if s is not None} - {
        b["player"] for b in state["busts"]
    }
    assert all(m["reason"] == "break" for m in moves)
    players = rng.shuffled([str(m["player"]) for m in sorted(moves, key=lambda m: m["from"]["seat"])],
                           seed="break-seed", label="break-1-players")  # fmt: skip
    assert [str(m["player"]) for m in moves] == players


def test_t_r16_the_last_table_is_the_final_table():
    # given: 7 players at tables of 4 and 3
    state, _ = _create(7)
    assert sizes(state) == [4, 3]
    # when: one busts: 6 fit one table
    state, _, events = _hand(state, 2, _bust([1]))
    # then: a table breaks and the other is the final table
    assert len(fz.tables_live(state)) == 1 and sizes(state) == [6]
    assert _by_type(events, "final_table") == [{"type": "final_table", "table": fz.tables_live(state)[0]["id"]}]
    assert fz.seating_chart(state)[0]["final"] is True


# --- T-R17, T-R18: places and what they are worth ---------------------------------------------------------------------


def test_t_r17_places_by_bust_order_the_first_out_is_last():
    # given: 12 players at two tables; hands end at table 2, then at table 1, each with a bust
    state, _ = _create(12)
    state, hand_1 = fz.hand_deal(state, 1)
    state, hand_2 = fz.hand_deal(state, 2)
    state, _ = fz.hand_end(state, 2, stacks=_bust([3])(hand_2))
    state, _ = fz.hand_end(state, 1, stacks=_bust([5])(hand_1))
    # then: the hand that ended first placed its player lower, though both were in play at once
    rows = {r["entrant"]: r["place"] for r in fz.places(state)}
    assert rows[hand_2["players"][3]] == 12 and rows[hand_1["players"][5]] == 11


def test_t_r17_busts_in_one_hand_rank_by_their_stacks_at_its_start_equal_stacks_share():
    # given: four players; a first hand leaves them 300, 100, 200, 200 from the next hand's button on
    state, _ = _create(4)
    state, hand, _ = _hand(state, 1, lambda h: [200, 300, 100, 200])
    # when: the next hand's button takes everything from the three others
    state, hand, events = _hand(state, 1, _bust([1, 2, 3]))
    start = dict(zip(hand["players"], hand["stacks"], strict=True))
    rows = {r["entrant"]: (r["place"], r["shared"]) for r in fz.places(state)}
    # then: the two who began the hand with 200 share second, the one with 100 is fourth
    for player, stack in start.items():
        if stack == 200:
            assert rows[player] == (2, 2)
        elif stack == 100:
            assert rows[player] == (4, 1)
    assert rows[hand["players"][0]] == (1, 1)
    assert [e["place"] for e in _by_type(events, "busted")] == [4, 2, 2]  # listed in the order they are out


def test_t_r18_points_by_place_shared_places_split_what_they_are_worth():
    # given: the same hand as above: places 1, 2 = 2 (shared), 4
    state, _ = _create(4)
    state, _, _ = _hand(state, 1, lambda h: [200, 300, 100, 200])
    state, hand, _ = _hand(state, 1, _bust([1, 2, 3]))
    won = awards(fz.places(state), [100, 50, 25, 10])
    # then: the two second places share (50 + 25) / 2
    by_stack = dict(zip(hand["players"], hand["stacks"], strict=True))
    assert won[hand["players"][0]] == 100
    assert [won[p] for p in hand["players"][1:] if by_stack[p] == 200] == [Fraction(75, 2)] * 2
    assert [won[p] for p in hand["players"][1:] if by_stack[p] == 100] == [10]


# --- whole freezeouts -------------------------------------------------------------------------------------------------


def test_t_r15_t_r16_t_d7_a_whole_30_player_freezeout_one_hand_at_a_time_every_balancing_step_checked():
    # freezeout_play checks, after every step: nobody seated twice, chips conserved, no table more than one from
    # another, a table broken as soon as one fewer holds the field; and replays every move against the rules
    state, events = freezeout_play(30, seed=2022)
    assert state["over"] and len(fz.places(state)) == 30
    assert _by_type(events, "moved") and _by_type(events, "table_broken") and _by_type(events, "final_table")
    _places_follow_the_bust_order(state)
    assert json_roundtrip(state) == state


def test_t_r15_t_d7_a_whole_30_player_freezeout_with_hands_in_parallel():
    state, _ = freezeout_play(30, seed=7, concurrent=True)
    assert state["over"] and len(fz.places(state)) == 30
    _places_follow_the_bust_order(state)


def _places_follow_the_bust_order(state):
    """T-R17: the later out, the better (or equal, in the same hand) the place; every place from 1 to N."""
    places = [b["place"] for b in state["busts"]]
    hands = [b["hand"] for b in state["busts"]]
    for i in range(1, len(places)):
        assert places[i] < places[i - 1] or (places[i] == places[i - 1] and hands[i] == hands[i - 1])
    rows = fz.places(state)
    assert sorted(r["entrant"] for r in rows) == state["entrants"]
    for row in rows:
        assert sum(1 for r in rows if r["place"] == row["place"]) == row["shared"]


@settings(max_examples=120, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=45),
    seed=st.integers(min_value=0, max_value=10**6),
    max_seats=st.integers(min_value=3, max_value=6),
    concurrent=st.booleans(),
)
def test_property_freezeout_balanced_no_one_seated_twice_chips_conserved_places_in_bust_order(
    players, seed, max_seats, concurrent
):
    """T-R15, T-R16, T-R17, T-D7 over random fields, table sizes, hands and interleavings."""
    state, _ = freezeout_play(players, seed=seed, max_seats=max_seats, concurrent=concurrent)
    _places_follow_the_bust_order(state)


def test_the_seating_chart_shows_every_seat_the_button_and_the_held_tables():
    state, _ = _create(12)
    state, _ = fz.hand_deal(state, 2)
    chart = fz.seating_chart(state)
    assert [t["table"] for t in chart] == [1, 2] and [t["in_hand"] for t in chart] == [False, True]
    assert len(chart[0]["seats"]) == 6 and chart[0]["seats"][0]["next_button"] is True
    assert chart[1]["seats"][0]["button"] is True
    assert all(seat["stack"] == 200 for t in chart for seat in t["seats"])


def test_functions_never_change_their_input():
    state, _ = _create(12)
    before = json_roundtrip(state)
    dealt, hand = fz.hand_deal(state, 1)
    assert state == before
    dealt_before = json_roundtrip(dealt)
    fz.hand_end(dealt, 1, stacks=_bust([1, 2])(hand))
    assert dealt == dealt_before


# --- T-D8: an organizer's forfeit -------------------------------------------------------------------------------------


def test_t_d8_a_forfeited_player_is_out_below_everyone_still_in_with_the_reason_and_their_chips_gone():
    # given: 5 players at one table, between hands
    state, _ = _create(5)
    total = fz.chips_total(state)
    player = state["tables"][0]["seats"][2]["player"]
    # when: the organizer rules their seat forfeited
    after, events = fz.player_forfeit(state, player, reason="left the club")
    # then: out, placed 5th (4 still in), the reason kept; their 200 chips leave play
    [row] = after["busts"]
    assert (row["player"], row["place"], row["forfeit"], row["hand"]) == (player, 5, "left the club", None)
    assert player not in fz.players_in(after["tables"][0])
    assert fz.chips_total(after) == total - 200
    assert _by_type(events, "forfeited")[0]["player"] == player
    assert [p["entrant"] for p in fz.places(after)] == [player]


def test_t_d8_the_forfeit_of_the_last_opponent_ends_the_tournament():
    state, _ = _create(2)
    first, second = fz.players_in(state["tables"][0])
    after, events = fz.player_forfeit(state, first, reason="no show")
    assert after["over"] and after["winner"] == second
    assert [(p["entrant"], p["place"]) for p in fz.places(after)] == [(second, 1), (first, 2)]
    assert _by_type(events, "finished") == [{"type": "finished", "winner": second}]


def test_t_d8_a_forfeit_waits_for_no_hand_but_refuses_a_table_in_a_hand_and_a_player_out():
    state, _ = _create(3)
    dealt, hand = fz.hand_deal(state, 1)
    with pytest.raises(ValueError, match="hand in progress"):
        fz.player_forfeit(dealt, hand["players"][0], reason="x")
    out, _events = fz.player_forfeit(state, hand["players"][0], reason="x")
    with pytest.raises(ValueError, match="no seat"):
        fz.player_forfeit(out, hand["players"][0], reason="again")


def test_t_d8_the_tables_settle_after_a_forfeit():
    # given: 7 players at two tables of at most 4 (4 and 3)
    state, _ = _create(7, max_seats=4)
    big = max(fz.tables_live(state), key=lambda t: len(fz.players_in(t)))
    small = next(t for t in fz.tables_live(state) if t is not big)
    # when: two players of the small table forfeit
    for player in fz.players_in(small)[:2]:
        state, _events = fz.player_forfeit(state, player, reason="gone")
    # then: the tables are balanced again (4 and 1 differ by more than one)
    sizes_now = sorted(len(fz.players_in(t)) for t in fz.tables_live(state))
    assert max(sizes_now) - min(sizes_now) <= 1
