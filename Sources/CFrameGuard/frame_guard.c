// See CFrameGuard.h. Each worker's service thread watches the sockets it adopted and reads them
// through lws; other threads' reads pass straight through (their descriptors are not watched).
// A socket is read only by the worker that owns it, so the unmasked sockets found by a read are
// queued for that thread alone (thread-local): each worker takes its own.
#define _GNU_SOURCE
#include "CFrameGuard.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>

enum phase {
    phase_request_head,  // the HTTP request head: find its end and whether it asks to upgrade
    phase_frame_byte0,
    phase_frame_byte1,   // mask bit and 7-bit length
    phase_length,        // 2 or 8 more length bytes
    phase_mask_key,
    phase_payload,
};

struct stream {
    _Atomic uint8_t watched;
    uint8_t phase;
    uint8_t unmasked;
    uint8_t reported;
    // Request head: the last bytes seen (to find a blank line) and progress through the header
    // name that only an upgrade carries.
    uint8_t line_state;  // 0 mid-line, 1 after '\n', 2 after '\n' '\r'
    uint8_t key_match;
    uint8_t is_upgrade;
    uint8_t header_left;  // bytes of length or mask key still to come
    uint64_t length;
    uint64_t payload_left;
};

static struct stream *streams;
static int stream_count;
static _Thread_local int pending[1024];
static _Thread_local int pending_count;
static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;

static const char upgrade_header[] = "sec-websocket-key:";

ssize_t recv(int fd, void *buffer, size_t length, int flags);
int SSL_read(void *ssl, void *buffer, int length);

// Referenced here so that the linker's dead-code stripping keeps both wrappers (nothing in the
// executable calls them; libwebsockets does, through the dynamic symbol table).
void *volatile newtons_frame_guard_wrappers[2];

void newtons_frame_guard_init(int limit) {
    newtons_frame_guard_wrappers[0] = (void *)recv;
    newtons_frame_guard_wrappers[1] = (void *)SSL_read;
    // Every worker's server calls this; the table is made once, before any of them reads.
    pthread_mutex_lock(&init_lock);
    if (!streams && limit > 0) {
        struct stream *table = calloc((size_t)limit, sizeof(struct stream));
        if (table) {
            stream_count = limit;
            streams = table;
        }
    }
    pthread_mutex_unlock(&init_lock);
}

static struct stream *watched(int fd) {
    if (!streams || fd < 0 || fd >= stream_count) return NULL;
    struct stream *s = &streams[fd];
    return atomic_load_explicit(&s->watched, memory_order_relaxed) ? s : NULL;
}

void newtons_frame_guard_watch(int fd) {
    if (!streams || fd < 0 || fd >= stream_count) return;
    struct stream *s = &streams[fd];
    memset((void *)((char *)s + sizeof(s->watched)), 0, sizeof(*s) - sizeof(s->watched));
    s->line_state = 1;  // a request starts on a fresh line
    atomic_store_explicit(&s->watched, 1, memory_order_relaxed);
}

void newtons_frame_guard_forget(int fd) {
    if (!streams || fd < 0 || fd >= stream_count) return;
    atomic_store_explicit(&streams[fd].watched, 0, memory_order_relaxed);
}

bool newtons_frame_guard_unmasked(int fd) {
    struct stream *s = watched(fd);
    return s && s->unmasked;
}

int newtons_frame_guard_take_unmasked(int *fds, int capacity) {
    int count = pending_count < capacity ? pending_count : capacity;
    memcpy(fds, pending, (size_t)count * sizeof(int));
    memmove(pending, pending + count, (size_t)(pending_count - count) * sizeof(int));
    pending_count -= count;
    return count;
}

static void flag_unmasked(struct stream *s, int fd) {
    s->unmasked = 1;
    if (!s->reported && pending_count < (int)(sizeof(pending) / sizeof(pending[0]))) {
        s->reported = 1;
        pending[pending_count++] = fd;
    }
}

static void follow_head(struct stream *s, uint8_t c) {
    uint8_t lower = (c >= 'A' && c <= 'Z') ? (uint8_t)(c + 32) : c;
    if (lower == (uint8_t)upgrade_header[s->key_match]) {
        if (++s->key_match == sizeof(upgrade_header) - 1) {
            s->is_upgrade = 1;
            s->key_match = 0;
        }
    } else {
        s->key_match = lower == (uint8_t)upgrade_header[0] ? 1 : 0;
    }
    bool blank_line = false;
    if (c == '\n') {
        blank_line = s->line_state != 0;
        s->line_state = 1;
    } else if (c == '\r' && s->line_state == 1) {
        s->line_state = 2;
    } else {
        s->line_state = 0;
    }
    if (blank_line) {
        // An upgrade's head is followed by frames; any other request by another request (a
        // body of a request that is not an upgrade is scanned as head: harmless, it only ends
        // sooner or later on a blank line and never carries frames of ours).
        if (s->is_upgrade) s->phase = phase_frame_byte0;
        s->is_upgrade = 0;
        s->key_match = 0;
    }
}

static void follow(struct stream *s, int fd, const uint8_t *bytes, size_t count) {
    size_t i = 0;
    while (i < count && !s->unmasked) {
        switch (s->phase) {
        case phase_request_head:
            follow_head(s, bytes[i++]);
            break;
        case phase_frame_byte0:
            i++;
            s->phase = phase_frame_byte1;
            break;
        case phase_frame_byte1: {
            uint8_t c = bytes[i++];
            if (!(c & 0x80)) {
                flag_unmasked(s, fd);
                return;
            }
            uint8_t length = c & 0x7f;
            s->length = 0;
            if (length == 126 || length == 127) {
                s->header_left = length == 126 ? 2 : 8;
                s->phase = phase_length;
            } else {
                s->length = length;
                s->header_left = 4;
                s->phase = phase_mask_key;
            }
            break;
        }
        case phase_length:
            s->length = (s->length << 8) | bytes[i++];
            if (--s->header_left == 0) {
                s->header_left = 4;
                s->phase = phase_mask_key;
            }
            break;
        case phase_mask_key:
            i++;
            if (--s->header_left == 0) {
                s->payload_left = s->length;
                s->phase = s->payload_left ? phase_payload : phase_frame_byte0;
            }
            break;
        case phase_payload: {
            size_t left = count - i;
            size_t skip = s->payload_left < left ? (size_t)s->payload_left : left;
            i += skip;
            s->payload_left -= skip;
            if (s->payload_left == 0) s->phase = phase_frame_byte0;
            break;
        }
        }
    }
}

void newtons_frame_guard_feed(int fd, const void *bytes, size_t count) {
    struct stream *s = watched(fd);
    if (s && bytes) follow(s, fd, bytes, count);
}

// The wrappers: the next definition of each function (libc's recv, libssl's SSL_read) does the
// reading; lws's calls reach these first because the executable's symbols come first.

typedef ssize_t (*recv_function)(int, void *, size_t, int);

__attribute__((used, visibility("default"))) ssize_t recv(int fd, void *buffer, size_t length, int flags) {
    static recv_function next;
    if (!next) next = (recv_function)dlsym(RTLD_NEXT, "recv");
    if (!next) return -1;
    ssize_t got = next(fd, buffer, length, flags);
    struct stream *s;
    if (got > 0 && !(flags & MSG_PEEK) && (s = watched(fd))) follow(s, fd, buffer, (size_t)got);
    return got;
}

typedef int (*ssl_read_function)(void *, void *, int);
typedef int (*ssl_get_fd_function)(const void *);

__attribute__((used, visibility("default"))) int SSL_read(void *ssl, void *buffer, int length) {
    static ssl_read_function next;
    static ssl_get_fd_function get_fd;
    if (!next) {
        next = (ssl_read_function)dlsym(RTLD_NEXT, "SSL_read");
        get_fd = (ssl_get_fd_function)dlsym(RTLD_NEXT, "SSL_get_fd");
    }
    if (!next) return -1;
    int got = next(ssl, buffer, length);
    struct stream *s;
    if (got > 0 && get_fd && (s = watched(get_fd(ssl)))) follow(s, get_fd(ssl), buffer, (size_t)got);
    return got;
}
