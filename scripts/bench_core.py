#!/usr/bin/env python3
"""How fast the rules core runs: the solver's speed rests on `legal_moves` and `apply`.

Prints legal_moves generations per second, Position.apply calls per second and Game
play+undo pairs per second, each the median of several runs with the spread (min..max), on a
fixed set of positions: the starts of a few deals under each preset plus mid-game positions
reached by seeded random playouts, so the figures are comparable from run to run.

Usage: .venv/bin/python scripts/bench_core.py [--runs 5] [--seconds 0.5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from eightoff.core.deals import deal
from eightoff.core.game import Game
from eightoff.core.moves import Move
from eightoff.core.piles import PileKind
from eightoff.core.position import Position
from eightoff.core.rules import Rules
from eightoff.core.variants import EASY, FREECELL, STANDARD

DEALS = (1, 617, 31999, 32000, 123456789)
PLAYOUT_LENGTHS = (10, 25, 40)


def playout(start: Position, rules: Rules, length: int, seed: int) -> Position:
    """A mid-game position: `length` random moves that are not cell-to-cell shuffles, chosen
    from a sorted list so that the position does not depend on the generator's order."""
    rng = random.Random(seed)
    position = start
    for _ in range(length):
        moves = [
            move
            for move in position.legal_moves(rules)
            if not (move.source.kind is PileKind.CELL and move.destination.kind is PileKind.CELL)
        ]
        if not moves:
            break
        position = position.apply(rng.choice(sorted(moves, key=repr)))
    return position


def bench_positions() -> list[tuple[Position, Rules]]:
    cases = []
    for rules in (STANDARD, EASY, FREECELL):
        for number in DEALS:
            start = deal(number, rules)
            cases.append((start, rules))
            for length in PLAYOUT_LENGTHS:
                cases.append((playout(start, rules, length, seed=number + length), rules))
    return cases


def rate(work: Callable[[], int], seconds: float) -> float:
    """Operations per second: repeat `work` (which returns how many it did) for `seconds`."""
    done = 0
    began = time.perf_counter()
    while (elapsed := time.perf_counter() - began) < seconds:
        done += work()
    return done / elapsed


def report(name: str, work: Callable[[], int], runs: int, seconds: float) -> None:
    rates = [rate(work, seconds) for _ in range(runs)]
    print(
        f"{name:<32} median {statistics.median(rates):>11,.0f}/s  "
        f"spread {min(rates):,.0f} .. {max(rates):,.0f} over {runs} runs"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=0.5, help="length of one run")
    args = parser.parse_args()

    cases = bench_positions()
    moves: list[tuple[Position, Move]] = [
        (position, move) for position, rules in cases for move in position.legal_moves(rules)
    ]
    games = [(Game(rules, position), position.legal_moves(rules)) for position, rules in cases]
    print(f"{len(cases)} positions, {len(moves)} legal moves among them")

    def generate() -> int:
        for position, rules in cases:
            position.legal_moves(rules)
        return len(cases)

    def apply() -> int:
        for position, move in moves:
            position.apply(move)
        return len(moves)

    def play_undo() -> int:
        for game, legal in games:
            for move in legal:
                game.play(move)
                game.undo()
        return len(moves)

    report("legal_moves generations", generate, args.runs, args.seconds)
    report("Position.apply", apply, args.runs, args.seconds)
    report("Game.play + Game.undo pairs", play_undo, args.runs, args.seconds)


if __name__ == "__main__":
    main()
