// Lessons.
