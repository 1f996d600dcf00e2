// Shared scenes.
