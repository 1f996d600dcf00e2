// libwebsockets for Swift. Swift cannot import function-like macros, so the few the
// transport needs are wrapped here as static inline functions. Nothing else lives here.
#pragma once
#include <libwebsockets.h>
// libev: a worker's event loop, handed to lws as its foreign loop (LWSServer, "The wait").
#include <ev.h>

/// Bytes of headroom lws needs before every payload passed to lws_write.
static inline size_t newtons_lws_pre(void) { return LWS_PRE; }

/// Prepares a one-shot libev timer (ev_init is a macro).
static inline void newtons_ev_timer_init(ev_timer *timer, void (*callback)(struct ev_loop *, ev_timer *, int),
                                         void *data) {
    ev_init(timer, callback);
    timer->data = data;
}

/// (Re)arms a one-shot libev timer to fire `after` seconds from the loop's time, or stops it
/// when `after` is negative. ev_timer_set is a macro, and may not be used on a running timer.
static inline void newtons_ev_timer_arm(struct ev_loop *loop, ev_timer *timer, double after) {
    ev_timer_stop(loop, timer);
    if (after < 0) return;
    ev_now_update(loop);
    ev_timer_set(timer, after, 0.);
    ev_timer_start(loop, timer);
}
