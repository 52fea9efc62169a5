"""Recording pairing numbers edits only the entries, byte for byte elsewhere."""

from __future__ import annotations

import difflib

from tourney.edit.yaml_edit import add_key


def changed_lines(before: str, after: str) -> list[str]:
    return [
        line
        for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="")
        if line[:1] in "+-" and not line.startswith(("+++", "---"))
    ]


def test_flow_entries_get_the_key_before_the_brace() -> None:
    # the trailing comment keeps its column where it can (two spaces at least)
    text = (
        "# players\n"
        '- {id: a, name: "Berg, Anna", rating: 2212}   # board one\n'
        "- {id: b, name: Bob}\n"
    )
    out = add_key(text, "start", {"a": 1, "b": 2})
    assert out == (
        "# players\n"
        '- {id: a, name: "Berg, Anna", rating: 2212, start: 1}  # board one\n'
        "- {id: b, name: Bob, start: 2}\n"
    )


def test_block_entries_get_a_line_under_the_id() -> None:
    text = "- id: a\n  name: A   # keep me\n\n# next one\n- name: B\n  id: b\n"
    out = add_key(text, "start", {"a": 1, "b": 2})
    assert out == (
        "- id: a\n  start: 1\n  name: A   # keep me\n\n# next one\n- name: B\n  id: b\n  start: 2\n"
    )


def test_existing_values_and_unknown_ids_are_left_alone() -> None:
    text = "- {id: a, start: 7}\n- {id: b}\n- {id: c}"
    out = add_key(text, "start", {"a": 1, "c": 3})
    assert changed_lines(text, out) == ["-- {id: c}", "+- {id: c, start: 3}"]


def test_members_are_matched_by_member_id() -> None:
    assert add_key("- {member: m1}\n", "start", {"m1": 4}) == "- {member: m1, start: 4}\n"
