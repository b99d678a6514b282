"""How a query set scores: the deciding article first (top-1) and in the top three (top-3),
each miss with what came instead. The query-set tests report it and guard a floor."""

from __future__ import annotations

from collections.abc import Callable

from judge_cli.errors import JudgeError
from judge_cli.lookup.index import load_index
from judge_cli.lookup.search import search

NUMBER_SPELLINGS = [
    ("r603", "603"),
    ("CR 603.1", "603.1"),
    ("§ 704.3", "704.3"),
    ("606-1a-1", "606.1a-1"),
    ("606.1.a", "606.1a"),
    ("6 0 3 . 1", "603.1"),
    ("第603条第1項", "603.1"),
    ("507条4項", "507.4"),
    ("ルール603", "603"),
    ("no. 603", "603"),
    ("507,4", "507.4"),
    ("507・4", "507.4"),
    ("507の4", "507.4"),
    ("section 507", "507"),
    ("セクション507", "507"),
    ("507章", "507"),
    ("第606条1項a", "606.1a"),
    ("606.1(a)", "606.1a"),
    ("606.1 (a)", "606.1a"),
    ("article 507 paragraph 4", "507.4"),
    ("507条の4", "507.4"),
    ("第606条1項a号", "606.1a"),
    ("Rule 507, 4", "507.4"),
    ("507/4", "507.4"),
    ("第五〇七条", "507"),
    ("section 5", "500"),
    ("第5章", "500"),
    ("chapter 9", "900"),
    ("６０６－１ａ", "606.1a"),
    ("五百七条四項", "507.4"),
    ("六百六条", "606"),
    ("rule 507 point 4", "507.4"),
    ("606.1a(1)", "606.1a-1"),
    ("606.1 (a) (1)", "606.1a-1"),
    ("606.1a – 1", "606.1a-1"),
    ("606.1a, item 1", "606.1a-1"),
    ("606.1 item a", "606.1a"),
    ("507番の4", "507.4"),
]
"""An article number in the spellings players use, and the article it names."""

CITED_QUESTIONS = [
    ("703.4ってロックした札を自分で戻せないってこと？", "703.4"),
    ("７０３．４って手札に戻せる？", "703.4"),
    ("§ 111.2 - does that mean cards under the top one are never chosen?", "111.2"),
    ("606-1a のタイミングって相手のターン中でもいいの？", "606.1a"),
    ("第507条4項ってどういう意味", "507.4"),
    ("総合ルールの507の4に何て書いてある？", "507.4"),
    ("ルールの五〇七の四って何のこと", "507.4"),
    ("第507条の4項について教えて", "507.4"),
    ("507の4って何？", "507.4"),
    ("507条4って何", "507.4"),
]
"""A question that cites an article among other words, and the article it cites."""


def ranked(query: str, n: int = 3) -> list[str]:
    """The ids ``seven judge`` gives first (none where it finds nothing)."""
    try:
        return [m.id for m in search(load_index(), query, limit=n)]
    except JudgeError:
        return []


def scored(name: str, queries: list[dict], report: Callable[[str], None]) -> tuple[float, float]:
    """Report the set's top-1 and top-3 and its misses; return the two shares."""
    top1 = top3 = 0
    misses = []
    for q in queries:
        ids = ranked(q["q"])
        hit1 = bool(ids) and ids[0] in q["expect"]
        top1 += hit1
        top3 += any(i in q["expect"] for i in ids)
        if not hit1:
            misses.append(f"  {q['kind']:<11} {q['q']!r}: expected {q['expect']}, got {ids}")
    n = len(queries)
    report(
        f"seven judge, {name}: top-1 {top1}/{n} = {top1 / n:.1%}, top-3 {top3}/{n} = {top3 / n:.1%}"
    )
    for line in misses:
        report(line)
    return top1 / n, top3 / n
