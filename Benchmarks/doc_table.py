"""Writes a benchmark's table into a Markdown file between two markers.

Shared by Benchmarks/week/bench.py and Benchmarks/family/bench.py: each
rewrites its own block of docs/performance.md, between `<!-- NAME:begin -->`
and `<!-- NAME:end -->`, and leaves the rest of the file as it was.
"""

import os


def write_table(path, name, text):
    """Replaces the block named `name` in `path` with `text`.

    Returns True when the file was rewritten, False when it is missing or
    lacks the markers.
    """
    if not os.path.exists(path):
        return False
    with open(path) as f:
        doc = f.read()
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    if begin not in doc or end not in doc:
        return False
    head, rest = doc.split(begin, 1)
    _, tail = rest.split(end, 1)
    with open(path, "w") as f:
        f.write(head + begin + "\n" + text + end + tail)
    return True
