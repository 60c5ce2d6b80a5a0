"""The shipped rulesets, one TOML file per game (see docs/rulesets.md)."""
