"""The JSON Schema of scenario files, generated from the model.

``python -m judge_cli.scenario.schema > docs/scenario.schema.json`` rewrites it; a test checks
that the committed file is current.
"""

from __future__ import annotations

import json


def schema_text() -> str:
    from judge_cli.scenario.model import Scenario

    schema = Scenario.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "seven scenario"
    return json.dumps(schema, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


if __name__ == "__main__":  # pragma: no cover
    print(schema_text(), end="")
