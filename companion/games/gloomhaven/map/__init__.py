"""The scenario's map kept in the table state (`state["map"]`): floor hexes
with their terrain, thin walls, doors and where each figure stands; the
actions that change it; the monster solver fed from it; the drawing."""
