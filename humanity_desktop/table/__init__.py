"""The table model: what the screens show of a position and what a gesture on it means (model),
the things a player points at (targets), the game's words for tiles, missions, points and
moves (describe, data/words.json), the log's lines and a turn's recap (narration, summary),
a payment's plan and a reset's record for the animation (payment_plan, reset_info). Imports
only the engine; no pygame here."""
