"""tourney's own release workflow: pinned, least-privileged, trusted publishing (docs/releasing.md).

The pins were read from each action's repository at its release tag (the
commit the tag points to) and its action.yml: actions/checkout v7.0.1,
actions/setup-python v7.0.0, actions/upload-artifact v7.0.0 and
actions/download-artifact v8.0.1 run `node24` (docs/releasing.md lists how
each was checked). pypa/gh-action-pypi-publish is a Docker action (no Node);
its v1.8 releases bundle twine 5.0, which refuses the Metadata-Version 2.4
that setuptools>=77 writes, so the pin is a later release (v1.13.0).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from tourney.edit.scaffold import ACTIONS

ROOT = Path(__file__).resolve().parents[1]
RELEASE = ROOT / ".github" / "workflows" / "release.yml"
PIN = re.compile(r"^\s*(?:- )?uses: ([\w.-]+/[\w.-]+)@([0-9a-f]{40}) # v(\d+)\.(\d+)\.\d+$")
# the first release of each JavaScript action whose action.yml says `using: node24`
NODE24_FROM = {
    "actions/checkout": (5, 0),
    "actions/setup-python": (6, 0),
    "actions/upload-artifact": (6, 0),
    "actions/download-artifact": (7, 0),
    "pypa/gh-action-pypi-publish": (1, 12),  # Docker: no Node; past v1.8's twine 5.0
}


def release() -> tuple[str, dict[str, Any]]:
    text = RELEASE.read_text(encoding="utf-8")
    return text, yaml.safe_load(text)


def test_published_release_triggers_it() -> None:
    _, flow = release()
    on = flow.get("on", flow.get(True))  # YAML 1.1 reads a bare `on` as true
    # one trigger: a release's tag push would publish the same files twice
    assert on == {"release": {"types": ["published"]}}


def test_every_action_pinned_by_commit_with_its_release() -> None:
    text, _ = release()
    uses = [line for line in text.splitlines() if "uses:" in line]
    assert len(uses) == 5
    for line in uses:
        found = PIN.match(line)
        assert found, f"not pinned by full commit SHA with the release in a comment: {line}"
        action, _, major, minor = found.groups()
        assert (int(major), int(minor)) >= NODE24_FROM[action], line
    # the same checkout and setup-python as the league repositories' workflow
    for key in ("CHECKOUT", "SETUP_PYTHON"):
        action, sha, version = ACTIONS[key]
        assert f"uses: {action}@{sha} # {version}" in text


def test_least_permissions_and_trusted_publishing() -> None:
    _, flow = release()
    assert flow["permissions"] == {}
    jobs = flow["jobs"]
    assert set(jobs) == {"build", "publish"}
    assert jobs["build"]["permissions"] == {"contents": "read"}
    # id-token (the OIDC identity PyPI trusts) only where the upload runs
    assert jobs["publish"]["permissions"] == {"id-token": "write"}
    assert jobs["publish"]["environment"]["name"] == "pypi"
    assert jobs["publish"]["needs"] == "build"
    (upload,) = [s for s in jobs["publish"]["steps"] if "gh-action-pypi-publish" in s["uses"]]
    assert "with" not in upload  # no password or token: trusted publishing
    for name, job in jobs.items():
        assert "secrets" not in str(job), name
        for step in job["steps"]:
            if step.get("uses", "").startswith("actions/checkout@"):
                assert step["with"]["persist-credentials"] is False, name


def test_build_checks_what_it_publishes() -> None:
    _, flow = release()
    steps = flow["jobs"]["build"]["steps"]
    runs = "\n".join(s.get("run", "") for s in steps)
    assert "python -m build" in runs
    assert "twine check --strict dist/*" in runs
    assert "${{" not in runs  # the tag reaches the shell as an env value, never spliced in
    (artifact,) = [s for s in steps if s.get("uses", "").startswith("actions/upload-artifact@")]
    (download,) = [
        s
        for s in flow["jobs"]["publish"]["steps"]
        if s.get("uses", "").startswith("actions/download-artifact@")
    ]
    assert artifact["with"]["name"] == download["with"]["name"]
    assert download["with"]["path"] == "dist/"  # where gh-action-pypi-publish looks


def test_dependabot_keeps_the_pins_current() -> None:
    config = yaml.safe_load((ROOT / ".github" / "dependabot.yml").read_text(encoding="utf-8"))
    (update,) = config["updates"]
    assert (update["package-ecosystem"], update["directory"]) == ("github-actions", "/")


def test_the_pages_workflow_in_docs_site_uses_the_scaffold_pins() -> None:
    """docs/site.md's hand-written Pages workflow: the same pinned releases as the
    workflow ``tourney new --repo`` writes, least permissions per job, no credentials kept."""
    text = (ROOT / "docs" / "site.md").read_text(encoding="utf-8")
    block = text.split("```yaml\nname: site\n", 1)[1].split("```", 1)[0]
    pins = {repo: (sha, version) for repo, sha, version in ACTIONS.values()}
    uses = re.findall(r"uses: ([\w.-]+/[\w.-]+)@(\S+)\s+# (v[\d.]+)", block)
    assert len(uses) == 4 == block.count("uses:")
    for repo, sha, version in uses:
        assert pins[repo] == (sha, version), repo
    workflow = yaml.safe_load("name: site\n" + block)
    assert workflow["permissions"] == {}
    assert workflow["jobs"]["build"]["permissions"] == {"contents": "read"}
    assert workflow["jobs"]["deploy"]["permissions"] == {"pages": "write", "id-token": "write"}
    checkout = workflow["jobs"]["build"]["steps"][0]
    assert checkout["with"]["persist-credentials"] is False
