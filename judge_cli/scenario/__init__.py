"""Scenarios: disputed situations written down (SCENARIOS.md), validated, replayed, checked."""
