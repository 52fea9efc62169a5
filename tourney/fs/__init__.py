"""The file system: atomic writes, the folder lock, transactions and their on-disk
journal (``tourney recover``), reads that refuse links and special files, the output
folder of a site.

Rule: knows files, not tournaments; imports only ``tourney.errors``, ``tourney.gcpause``,
``tourney.records`` (the dataclass decorator) and itself (tests/test_layers.py).
"""
