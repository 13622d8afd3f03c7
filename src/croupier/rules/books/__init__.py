"""One module per rulebook: each a value of :class:`croupier.rules.Rulebook` giving only what
differs from the defaults."""
