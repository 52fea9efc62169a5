"""The templates of a site or of the printed documents (``Theme``) and the Jinja environment
they are rendered in; shared by ``tourney.render.site`` and ``tourney.render.pdf``, so
neither imports the other for it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import jinja2
import jinja2.sandbox

from tourney.i18n import catalog
from tourney.render import cells, rows, team_rows, text


class _Loader(jinja2.BaseLoader):
    """Templates from a mapping, each compiled under its own name.

    Jinja then reports a runtime error (an undefined field) with a traceback
    frame named after the template and its line, which the CLI points at.
    """

    def __init__(self, templates: Mapping[str, str]) -> None:
        self.templates = templates

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        if template not in self.templates:
            raise jinja2.TemplateNotFound(template)
        return self.templates[template], template, lambda: True

    def list_templates(self) -> list[str]:
        return sorted(self.templates)


@dataclass(frozen=True)
class Theme:
    """The templates (name -> Jinja source) and static files (name -> bytes) of a site."""

    templates: Mapping[str, str]
    static: Mapping[str, bytes] = field(default_factory=dict)
    # Only the templates shipped with tourney are trusted; a folder's own templates/
    # come from a pull request and are rendered in Jinja's sandbox (docs/security.md).
    trusted: bool = False

    def environment(self) -> jinja2.Environment:
        """The Jinja environment of these templates, shared by every build that uses them.

        Jinja compiles each template once per environment, so a rebuild with the
        same templates (``tourney serve``) compiles nothing again.
        """
        key = (self.trusted, *sorted(self.templates.items()))
        env = _ENVIRONMENTS.get(key)
        if env is None:
            kind = jinja2.Environment if self.trusted else jinja2.sandbox.SandboxedEnvironment
            env = kind(
                loader=_Loader(dict(self.templates)),
                autoescape=True,
                undefined=jinja2.StrictUndefined,
                trim_blocks=True,
                lstrip_blocks=True,
                keep_trailing_newline=True,
                auto_reload=False,
                extensions=["jinja2.ext.i18n"],
            )
            # {{ _("Round") }} and {% trans %} speak the language of the render in
            # progress (tourney.i18n.language); newstyle: placeholders are %(name)s.
            env.install_gettext_callables(  # type: ignore[attr-defined]
                gettext=catalog.gettext,
                ngettext=catalog.ngettext,
                pgettext=catalog.pgettext,
                newstyle=True,
            )
            env.globals["person"] = text.person
            env.globals["cell"] = cells.cell
            env.globals["player"] = cells.player
            env.globals["rated"] = cells.rated
            env.globals["chip"] = cells.chip
            env.globals["team"] = cells.team
            env.globals["nav"] = cells.nav
            env.globals["board_rows"] = rows.board_rows
            env.globals["alpha_rows"] = rows.alpha_rows
            env.globals["card_rows"] = rows.card_rows
            env.globals["working_rows"] = rows.working_rows
            env.globals["standing_rows"] = rows.standing_rows
            env.globals["cross_rows"] = rows.cross_rows
            env.globals["team_board_rows"] = team_rows.team_board_rows
            env.globals["card_matches"] = team_rows.card_matches
            env.globals["round_matches"] = team_rows.round_matches
            env.globals["composition_rows"] = team_rows.composition_rows
            env.globals["rank_chart"] = cells.rank_chart
            env.globals["sparkline"] = cells.sparkline
            env.globals["rating_chart"] = cells.rating_chart
            env.globals["css_counters"] = text.css_counters
            _ENVIRONMENTS[key] = env
            while len(_ENVIRONMENTS) > 4:
                del _ENVIRONMENTS[next(iter(_ENVIRONMENTS))]
        return env


_ENVIRONMENTS: dict[tuple[object, ...], jinja2.Environment] = {}


def forget() -> None:
    """Drop the compiled templates (the next build compiles them again)."""
    _ENVIRONMENTS.clear()
