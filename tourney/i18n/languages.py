"""The languages a tournament.yaml may name (docs/languages.md), on their own: reading a
folder checks the name without loading gettext and the catalogs (``tourney.i18n.catalog``)."""

# each but "en" has a catalog (tests/test_i18n.py checks the two agree)
LANGUAGES = ("en", "nl")
