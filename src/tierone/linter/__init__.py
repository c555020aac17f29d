"""The Tier-1 linter: rules over the walker, selection, configuration and reporters."""
