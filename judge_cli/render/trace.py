"""A replay as text: the question, the board before, each step with the events it caused
and the articles they cite (id, group title, first sentence, from the corpus), the board
after, and the outcome. The engine's events carry data; the words come from words.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from judge_cli.corpus.model import GLOSSARY_ID, Corpus
from judge_cli.engine.cards import Card
from judge_cli.engine.events import Event
from judge_cli.render.article import ref_name
from judge_cli.render.board import board_lines, width
from judge_cli.render.style import PLAIN, Style
from judge_cli.render.words import (
    COLOURS,
    DECLARATIONS,
    EFFECT_KINDS,
    EVENTS,
    MISC,
    PARTS,
    PHASES,
    REASONS,
    TIMINGS,
    ZONES,
    word,
)


class TraceWriter:
    """Describes events and articles in one or two languages (``--lang both``)."""

    def __init__(
        self, corpora: Sequence[Corpus], cards: dict[str, Card], style: Style = PLAIN
    ) -> None:
        self.corpora = list(corpora)
        self.langs = [c.lang for c in corpora]
        self.cards = cards
        self.style = style
        self.seen: set[str] = set()
        # A corpus that only stands in for a missing translation is not quoted twice.
        self.quoted = [c for c in self.corpora if "stands_in_for" not in c.meta] or self.corpora[:1]

    # -- words ---------------------------------------------------------------------------
    def card(self, cid: Any, lang: str) -> str:
        card = self.cards.get(str(cid))
        if card is None or card.is_filler:
            return word(MISC, "face_down_card", lang)
        name = card.name if lang == "ja" else (card.name_en or card.name)
        return f"{name}（{cid}）" if lang == "ja" else f"{name} ({cid})"

    def printed(self, cid: Any, kind: str, lang: str) -> str:
        """The printed text of a card's effect line (ja, or en where given), quoted."""
        card = self.cards.get(str(cid))
        effect = getattr(card.effects, kind, None) if card else None
        if effect is None:
            return ""
        text = effect.text.en if lang == "en" and effect.text.en else effect.text.ja
        label = word(EFFECT_KINDS, kind, lang)
        return f"：{label}「{text}」" if lang == "ja" else f": {label} “{text}”"

    def cards_text(self, ids: Any, lang: str) -> str:
        if not ids:
            return word(MISC, "none", lang)
        sep = "、" if lang == "ja" else ", "
        return sep.join(self.card(c, lang) for c in ids)

    def describe(self, ev: Event, lang: str) -> str:
        d: dict[str, Any] = dict(ev.data)
        fmt: dict[str, Any] = {k: v for k, v in d.items()}
        fmt["actor"] = ev.actor.value if ev.actor else ""
        if "phase" in d and d["phase"] in PHASES:
            fmt["phase"] = PHASES[d["phase"]][lang]
        for key in ("place", "colour"):
            if d.get(key) in COLOURS:
                fmt[key] = COLOURS[d[key]][lang]
        for key in ("card", "new_top"):
            if key in d:
                fmt[key] = self.card(d[key], lang)
        if "cards" in d and isinstance(d["cards"], list):
            fmt["count"] = len(d["cards"])
            fmt["cards"] = self.cards_text(d["cards"], lang)
        if d.get("frm") == "deck":
            fmt["frm"] = word(MISC, "deck", lang)
        for key, sep in (("seats", "・"), ("order", " → "), ("able", ", "), ("candidates", "・")):
            if isinstance(d.get(key), list):
                fmt[key] = sep.join(str(x) for x in d[key])
        if isinstance(d.get("colours"), list):
            sep = "・" if lang == "ja" else ", "
            fmt["colours"] = sep.join(COLOURS[c][lang] if c in COLOURS else c for c in d["colours"])
        if isinstance(d.get("counts"), dict):
            fmt["counts"] = ", ".join(f"{k} {v}" for k, v in d["counts"].items())
        if d.get("zone") in ZONES:
            fmt["zone"] = word(ZONES, d["zone"], lang)
        if d.get("to") in ZONES:
            fmt["to"] = word(ZONES, d["to"], lang)
        if d.get("declaration") in TIMINGS:
            fmt["declaration"] = word(TIMINGS, d["declaration"], lang)
        if d.get("what") in PARTS:
            fmt["what"] = word(PARTS, d["what"], lang)
        if "face_up" in d:
            fmt["face"] = word(MISC, "face_up" if d["face_up"] else "face_down", lang)
        kind = ev.kind
        if kind == "declared":
            if d["declaration"] == "use":
                fmt["frm"] = word(MISC, "from_lock", lang) if d.get("frm") == "lock" else ""
                fmt["text"] = self.printed(d["card"], "hand", lang)
            return word(DECLARATIONS, d["declaration"], lang).format(**fmt)
        if kind == "refused":
            reason = dict(fmt)
            reason["where"] = d.get("target") or d.get("square") or ""
            reason["locked"] = self.cards_text(d.get("locked"), lang)
            fmt["reason"] = word(REASONS, d["reason"], lang).format(**reason)
        elif kind == "moved":
            kind = "moved_forced" if d.get("forced") else "moved"
        elif kind == "exposed":
            kind = "exposed_up" if d.get("face_up") else "exposed_down"
        elif kind == "turn_begins":
            skipped = d.get("skipped") or []
            fmt["skipped"] = (
                word(MISC, "skipped", lang).format(seats="・".join(skipped)) if skipped else ""
            )
        elif kind == "game_ends":
            n = len(d.get("abandoned") or [])
            fmt["abandoned"] = word(MISC, "abandoned", lang).format(n=n) if n else ""
        elif kind == "reach_effect":
            fmt["effect"] = (
                word(MISC, "no_reach_effect", lang)
                if d.get("effect") is None
                else self.printed(d["card"], "reach", lang)
            )
        elif kind == "turn_end_order":
            fmt["order"] = " → ".join(
                word(MISC, "bonus", lang) if x == "bonus" else self.card(x.split("#")[0], lang)
                for x in d["order"]
            )
        elif kind == "window_closes":
            fmt["resumes"] = word(MISC, "resumes" if d.get("interrupted") else "proceeds", lang)
        elif kind == "nothing_taken":
            fmt.setdefault("hand_size", 0)
        elif kind == "bonus_check":
            inv = d.get("invaders") or []
            fmt["invaders"] = (
                ", ".join(f"{i['seat']}→{i['gate_of']}" for i in inv)
                if inv
                else word(MISC, "none", lang)
            )
        elif kind == "returned":
            fmt["moves"] = ", ".join(f"{m['seat']} {m['frm']}→{m['to']}" for m in d["moves"])
        elif kind == "setup_seats":
            fmt["seats"] = "・".join(d["seats"])
            empty = d.get("empty") or []
            fmt["empty"] = (
                word(MISC, "empty_sides", lang).format(seats="・".join(empty)) if empty else ""
            )
        elif kind == "setup_pieces":
            fmt["pieces"] = ", ".join(f"{s} {sq}" for s, sq in d["pieces"].items())
        return word(EVENTS, kind, lang).format(**fmt)

    # -- articles --------------------------------------------------------------------------
    def article_text(self, aid: str, corpus: Corpus) -> str:
        """``507.4 〔接触〕 相手の手札が0枚の場合、手札は奪えない。…`` (en: ``[Contact]``)."""
        if aid.startswith(GLOSSARY_ID):
            term = aid[len(GLOSSARY_ID) + 1 : -1]
            entry = corpus.glossary_entry(term)
            if entry is None:
                return aid
            body = entry.note or "→ " + ", ".join(entry.targets)
            return f"{ref_name(corpus, aid)} {body}"
        art = corpus.get(aid)
        parent = art.id.parent
        group = corpus.articles.get(parent) if parent else None
        title = ""
        if group and group.title:
            title = f"〔{group.title}〕 " if corpus.lang == "ja" else f"[{group.title}] "
        return f"{aid} {title}{first_sentence(art.text or art.title or '', corpus.lang)}"

    def article_lines(self, ids: Sequence[str], indent: str) -> list[str]:
        """Each article's text the first time it is cited; afterwards only its id."""
        lines: list[str] = []
        repeat = [a for a in ids if a in self.seen]
        for aid in ids:
            if aid in self.seen:
                continue
            self.seen.add(aid)
            for corpus in self.quoted:
                line = self.article_text(aid, corpus)
                lines.append(indent + self.style(line, "dim"))
        if repeat:
            lines.append(indent + self.style("(" + ", ".join(repeat) + ")", "dim"))
        return lines

    # -- events --------------------------------------------------------------------------------
    def event_lines(self, events: Sequence[Event], depth: dict[int, int]) -> list[str]:
        lines: list[str] = []
        for ev in events:
            level = depth.get(ev.cause, -1) + 1 if ev.cause is not None else 0
            depth[ev.seq] = level
            pad = "  " + "  " * level
            arrow = "↳ " if level else ""
            num = self.style(f"#{ev.seq}", "bold")
            for i, lang in enumerate(self.langs):
                text = self.describe(ev, lang)
                if ev.kind == "refused":
                    text = self.style(text, "red")
                elif ev.kind == "game_ends":
                    text = self.style(text, "bold", "green")
                if i == 0:
                    lines.append(f"{pad}{num} {arrow}{text}")
                else:
                    lines.append(f"{pad}{' ' * (width(f'#{ev.seq}') + 1)}{arrow}{text}")
            lines.extend(self.article_lines(ev.articles, pad + "     "))
        return lines


def replay_text(
    rp: Any, corpora: Sequence[Corpus], style: Style = PLAIN, *, check: bool = False
) -> list[list[str]]:
    """The replay as blocks of lines: head and board before, one block per step, and the
    end (board after, outcome). ``--step`` waits between blocks."""
    sc = rp.loaded.scenario
    langs = [c.lang for c in corpora]
    writer = TraceWriter(corpora, rp.loaded.cards, style)
    head = [style(f"━━ {rp.loaded.file}", "bold")]
    for lang in langs:
        head.append(style(getattr(sc.title, lang), "bold"))
        head.append(f"{word(MISC, 'question', lang)}: {getattr(sc.question, lang)}")
    depth: dict[int, int] = {}
    blocks = [head]
    if rp.setup_events:
        setup = [style(" / ".join(word(MISC, "setup", lang) for lang in langs), "bold")]
        setup.extend(writer.event_lines(rp.setup_events, depth))
        blocks.append(setup)
    before = ["", style(" / ".join(word(MISC, "before", lang) for lang in langs), "bold")]
    before.extend(board_lines(rp.before, langs[0], style))
    blocks[-1].extend(before)
    for st in rp.steps:
        label = " / ".join(
            f"{word(MISC, 'step', lang)} {st.number} ({word(MISC, 'line', lang)} {st.line})"
            for lang in langs
        )
        block = ["", style(f"{label}: {st.declaration}", "bold", "cyan")]
        block.extend(writer.event_lines(st.events, depth))
        blocks.append(block)
    end = ["", style(" / ".join(word(MISC, "after", lang) for lang in langs), "bold")]
    end.extend(board_lines(rp.after, langs[0], style))
    end.append("")
    for lang in langs:
        outcome = (
            word(MISC, "winner", lang).format(seat=rp.winner.value)
            if rp.winner
            else word(MISC, "no_winner", lang)
        )
        refused = [
            f"{st.number} ({', '.join(st.refused.articles)})" for st in rp.steps if st.refused
        ]
        if refused:
            outcome += " · " + word(MISC, "refused_steps", lang).format(steps=", ".join(refused))
        end.append(style(f"{word(MISC, 'outcome', lang)}: {outcome}", "bold"))
        end.append(f"{word(MISC, 'answer', lang)}: {getattr(sc.answer, lang)}")
    end.append(style(f"{word(MISC, 'source', langs[0])}: {sc.source} · {sc.date}", "dim"))
    if check:
        end.extend(check_lines(rp, langs[0], style))
    blocks.append(end)
    return blocks


def check_lines(rp: Any, lang: str, style: Style = PLAIN) -> list[str]:
    if rp.passed:
        return [style(f"✓ {rp.loaded.file}: {word(MISC, 'check_ok', lang)}", "green")]
    lines = [style(f"✗ {rp.loaded.file}: {word(MISC, 'check_failed', lang)}", "bold", "red")]
    lines.extend(f"  - {d}" for d in rp.differences)
    return lines


def first_sentence(text: str, lang: str) -> str:
    """The first sentence of the first line, with … when more follows."""
    text = text.split("\n")[0]
    end = text.find("。") + 1 if lang == "ja" else text.find(". ") + 1
    if 0 < end < len(text.rstrip()):
        return text[:end] + "…"
    return text
