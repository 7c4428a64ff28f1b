"""What several screens draw and do alike: a question, a message line, a hand's
undo/redo/delete, a match shared as a link or a picture, files in and out."""
