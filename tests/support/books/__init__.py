"""Rulebooks defined outside croupier, as a house would add its own."""
