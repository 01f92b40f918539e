"""Chaos in the Old World at the table: the four Ruinous Powers' books, the
end-phase maths and the round's phases (table type `chaos-old-world`)."""
