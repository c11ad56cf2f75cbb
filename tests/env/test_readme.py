"""The README's "For agents" section: every Python snippet in it runs, in order."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def agent_snippets() -> list[str]:
    text = README.read_text(encoding="utf-8")
    start = text.index("## For agents")
    end = text.find("\n## ", start + 1)
    section = text[start : end if end != -1 else len(text)]
    return re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)


def test_every_python_snippet_for_agents_runs() -> None:
    snippets = agent_snippets()
    assert len(snippets) >= 2
    namespace: dict[str, object] = {}
    for number, snippet in enumerate(snippets):
        exec(compile(snippet, f"README.md, agents snippet {number + 1}", "exec"), namespace)
