"""croupier: conducts casino poker exactly as the regulators' rulebooks say."""

__version__ = "0.1.0"
