"""The pages of a team event, one module per kind of page (docs/teams.md, "Team
tournaments"; the page table: ``tourney.render.site.table``).

``event`` adds up every match once (``TeamEvent``); ``cards`` (teams.html and the team
cards), ``composition`` (line-ups), ``rounds``, ``standings``, ``crosstable``, ``grid``
(the round-robin table), ``boards`` (board statistics) and ``individual`` (the
individual ranking) each give their pages as (path, view model) pairs.
"""
