// Room server.
