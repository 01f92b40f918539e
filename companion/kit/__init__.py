"""Pure building blocks shared by the games (no Flask, no SQLite)."""
