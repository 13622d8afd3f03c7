"""What the tests share: builders, real servers and browsers, states to compare."""
