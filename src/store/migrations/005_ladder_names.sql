-- Migration 5: The AI ladder renamed: a stored `easy` becomes `beginner`.

UPDATE games SET south_ai = 'beginner' WHERE south_ai = 'easy';
UPDATE games SET north_ai = 'beginner' WHERE north_ai = 'easy';
UPDATE moves SET by_ai = 'beginner' WHERE by_ai = 'easy';
