// Detects WebSocket frames that a client sent without a mask (RFC 6455 §5.1: the server MUST
// close the connection). libwebsockets 4.1 reads such frames as if masked and exposes neither the
// mask bit nor the raw header to the application (later lws versions close with 1002 themselves),
// so this watches the bytes lws receives on the sockets the server asks it to watch: it wraps
// recv() and SSL_read(), follows the HTTP request head and then the client's frame headers, and
// remembers a socket that sent an unmasked frame. The transport asks after each read.
#ifndef NEWTONS_FRAME_GUARD_H
#define NEWTONS_FRAME_GUARD_H

#include <stdbool.h>
#include <stddef.h>

/// Sizes the table for descriptors below `limit` (call once, before any watch).
void newtons_frame_guard_init(int limit);
/// Starts following a freshly accepted socket, before lws has read from it.
void newtons_frame_guard_watch(int fd);
/// Follows bytes read from `fd` by someone else first (the acceptor's request head), before lws
/// reads the rest itself.
void newtons_frame_guard_feed(int fd, const void *bytes, size_t count);
/// Stops following a socket (closed, or no longer ours).
void newtons_frame_guard_forget(int fd);
/// True once the client on `fd` has sent an unmasked frame.
bool newtons_frame_guard_unmasked(int fd);
/// Moves up to `capacity` sockets that sent an unmasked frame since the last call, found by this
/// thread's reads (each worker takes its own), into `fds`;
/// returns how many.
int newtons_frame_guard_take_unmasked(int *fds, int capacity);

#endif
