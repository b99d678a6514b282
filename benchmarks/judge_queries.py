#!/usr/bin/env python3
"""How often ``seven judge`` puts the deciding article first, per kind of question.

Reads the public query sets (tests/data/queries.yaml, tests/data/player_queries.yaml,
tests/data/card_queries.yaml: the real cards described rather than named), the
held-out set (benchmarks/data/judge_heldout.yaml, never used to tune the lookup) and the
strangers' set (benchmarks/data/judge_strangers_a.yaml: written from the rules text alone by
someone who had seen neither the lookup nor its query sets; read only for the kinds of
misses) and the strangers' sealed sets (benchmarks/data/judge_strangers_b.yaml and
judge_strangers_c.yaml, written the same way by others, C after B had been measured often:
their misses are never printed, so that nobody tunes for them), two more strangers' sets
written together later (D, players new to the game, and F, a rules forum's threads about
concrete situations, both read for the kinds of misses like A; E, a tournament judge's season
of precise situations, sealed), and two sealed ones written last (G, a game store's play
night; H, a study group before a tournament), and two written after the lookup had its
model of what players ask (I, a streamer's live chat; J, a family at home: first measured
once, on the code that was then final), and three written when the lookup learnt what players
call the cards (K, a floor judge's calls at a shop tournament; L, an English-speaking
players' server; M, high-school friends learning the game: measured on the code before and
after that change, and not again), and five read for the kinds of misses like A, D and F (N,
players at a game café asking the staff by chat: colloquial Japanese, slips and contrasts;
O, English-speaking players of all kinds asking a rules bot; P, players after their first
game nights telling what happened, cards included; Q, a community server's members typing
fast, with typos and abbreviations; R, tournament players calling a judge to the table: A, D,
F and N to R are now among the questions the model learns from, so their scores say what it
was taught, not how it meets new questions), three
more read for the kinds of misses (S, players holding a card for the first time at a store's
casual night; T, a high-school club's group chat: colloquial Japanese and slips; U, an
international server in English), and three sealed (V, new judges writing down what players
asked them; W, families at the kitchen table; X, a social-media thread and a fan wiki's
question page), then two more sealed (Y, a regional tournament's side events; Z, an
after-school club's question slips and its pen-pals): V-Z measured on the code as it stood
before the changes that followed S-U and after them, and not in between; and three
sealed sets written last and measured once, on the final code (AA, a board-game bar's log of
customers' questions; AB, the comments under let's-play and rules-explainer videos; AC, an
online group typing between moves), and four sealed sets measured on the code before the
model learnt from the questions players wrote (rules/players/questions-asked.yaml) and after
it (AD, readers' letters to a magazine's rules column; AE, a convention's demo table; AF,
competitive players' forum and chat; AG, friends playing over a video call), and four
sealed sets written after all of it and measured once, on the final code (AH, a university
circle's notebook; AI, a fan event's rules helpdesk; AJ, a family's group chat over the
holidays; AK, a head judge's quiz for new floor judges), and 600 more read for the kinds of
misses (judge_strangers_more.yaml: a board-game bar, a rules FAQ thread, beliefs to check, a
phone's search box, veterans of other card games, the less famous corners of the rules), and
prints top-1 and top-3 per kind, then every miss with what came instead (never for a sealed
set).

Usage: python benchmarks/judge_queries.py [--set NAME|all] [--misses]   (public, player,
       cards, heldout, strangers, final, fresh, cafe, forum, season, store, study,
       stream, family, floor, server, weekend, chat, bot, night, typed, calls, shop, club,
       discord, course, kitchen, thread, sides, slips, bar, viewers, online, letters, demo,
       meta, call, circle, helpdesk, holidays, quiz, more)
       python benchmarks/judge_queries.py --file PATH [--misses]   (any set of that format)
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

TESTS, DATA = REPO / "tests" / "data", REPO / "benchmarks" / "data"
SETS = {
    "public": TESTS / "queries.yaml",
    "player": TESTS / "player_queries.yaml",
    "cards": TESTS / "card_queries.yaml",
    "heldout": DATA / "judge_heldout.yaml",
    # The strangers' sets, by the letter of their file.
    **{
        name: DATA / f"judge_strangers_{letter}.yaml"
        for name, letter in (
            ("strangers", "a"),
            ("final", "b"),
            ("fresh", "c"),
            ("cafe", "d"),
            ("season", "e"),
            ("forum", "f"),
            ("store", "g"),
            ("study", "h"),
            ("stream", "i"),
            ("family", "j"),
            ("floor", "k"),
            ("server", "l"),
            ("weekend", "m"),
            ("chat", "n"),
            ("bot", "o"),
            ("night", "p"),
            ("typed", "q"),
            ("calls", "r"),
            ("shop", "s"),
            ("club", "t"),
            ("discord", "u"),
            ("course", "v"),
            ("kitchen", "w"),
            ("thread", "x"),
            ("sides", "y"),
            ("slips", "z"),
            ("bar", "aa"),
            ("viewers", "ab"),
            ("online", "ac"),
            ("letters", "ad"),
            ("demo", "ae"),
            ("meta", "af"),
            ("call", "ag"),
            ("circle", "ah"),
            ("helpdesk", "ai"),
            ("holidays", "aj"),
            ("quiz", "ak"),
            ("more", "more"),
        )
    },
}
SEALED = {
    SETS[name].resolve()
    for name in (
        "final",
        "fresh",
        "season",
        "store",
        "study",
        "stream",
        "family",
        "floor",
        "server",
        "weekend",
        "course",
        "kitchen",
        "thread",
        "sides",
        "slips",
        "bar",
        "viewers",
        "online",
        "letters",
        "demo",
        "meta",
        "call",
        "circle",
        "helpdesk",
        "holidays",
        "quiz",
    )
}
"""Sets whose misses are never printed: a measure, not a list of things to fix."""


def ranked(index: dict, query: str) -> list[str]:
    from judge_cli.errors import JudgeError
    from judge_cli.lookup.search import search

    try:
        return [m.id for m in search(index, query, limit=3)]
    except JudgeError:
        return []


def score(index: dict, queries: list[dict]) -> tuple[dict, list[str]]:
    per: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    misses = []
    for q in queries:
        ids = ranked(index, q["q"])
        hit1 = bool(ids) and ids[0] in q["expect"]
        hit3 = any(i in q["expect"] for i in ids)
        for k in (q["kind"], "all"):
            per[k][0] += 1
            per[k][1] += hit1
            per[k][2] += hit3
        if not hit1:
            misses.append(f"  {q['kind']:<11} {q['q']!r}: expected {q['expect']}, got {ids}")
    return per, misses


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=[*SETS, "all"], default="all")
    parser.add_argument("--misses", action="store_true", help="list the misses")
    parser.add_argument("--file", type=Path, help="score this query file instead of the sets")
    args = parser.parse_args()
    from judge_cli.lookup.index import load_index
    from judge_cli.yamlio import load_yaml

    index = load_index()
    sets = {args.file.stem: args.file.resolve()} if args.file else SETS
    for name, path in sets.items():
        if args.set not in ("all", name) and not args.file:
            continue
        queries = load_yaml(path).data["queries"]
        per, misses = score(index, queries)
        shown = path.relative_to(REPO) if path.is_relative_to(REPO) else path
        print(f"{name} ({shown}):")
        for kind in sorted(per, key=lambda k: (k == "all", k)):
            n, t1, t3 = per[kind]
            print(f"  {kind:<12} {n:>4}  top-1 {t1 / n:6.1%}  top-3 {t3 / n:6.1%}")
        if args.misses and misses and path.resolve() not in SEALED:
            print("\n".join(misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
