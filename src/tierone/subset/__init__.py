"""The Tier-1 subset as data: the feature table, profiles derived from it, and the reference port."""
