"""The few words of seven's own interface, in Japanese and English.

Rules text never comes from here: it comes from the corpus. These are headings and markers.
"""

from __future__ import annotations

LABELS: dict[str, dict[str, str]] = {
    "editorial": {"ja": "〔編集〕", "en": "[editorial]"},
    "evidence": {"ja": "〔編集・根拠〕", "en": "[editorial · evidence]"},
    "icon": {"ja": "〔編集：{}〕", "en": "[editorial: {}]"},
    "item": {"ja": "〔編集：{}〕", "en": "[editorial: {}]"},
    "basis_rulebook": {
        "ja": "公式ルールブック p.{page} で確認",
        "en": "confirmed by the rulebook, p. {page}",
    },
    "basis_cards": {"ja": "公式カード凡例で確認", "en": "confirmed by the card legend"},
    "basis_reading": {"ja": "当方の読み", "en": "our reading"},
    "basis_item": {"ja": "{n}：{basis}", "en": "{n}: {basis}"},
    "basis_items_one": {"ja": "項目{}", "en": "item {}"},
    "basis_items_many": {"ja": "項目{}〜{}", "en": "items {}–{}"},
    "note": {"ja": "〔編集・注〕", "en": "[editorial · note]"},
    "translator": {"ja": "〔訳注〕", "en": "[translator's note]"},
    "ruling": {"ja": "〔裁定メモ〕", "en": "[ruling note]"},
    "referenced_by": {"ja": "参照元", "en": "Referenced by"},
    "refers_to": {"ja": "参照先", "en": "Refers to"},
    "glossary": {"ja": "用語集", "en": "Glossary"},
    "source": {"ja": "出典", "en": "Source"},
    "editorial_refs": {"ja": "参照元〔編集〕", "en": "Referenced by [editorial]"},
    "candidates": {"ja": "ほかの候補", "en": "Other candidates"},
    "via": {"ja": "一致", "en": "found by"},
    "rulings": {"ja": "裁定例", "en": "Rulings"},
    "question": {"ja": "質問", "en": "Question"},
    "answer": {"ja": "回答", "en": "Answer"},
    "articles": {"ja": "条文", "en": "Articles"},
    "placed": {"ja": "（置）", "en": " (placed)"},
}


def label(key: str, lang: str) -> str:
    return LABELS[key].get(lang, LABELS[key]["en"])
