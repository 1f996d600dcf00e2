// libwebsockets for Swift. Swift cannot import function-like macros, so the few the
// transport needs are wrapped here as static inline functions. Nothing else lives here.
#pragma once
#include <libwebsockets.h>

/// Bytes of headroom lws needs before every payload passed to lws_write.
static inline size_t newtons_lws_pre(void) { return LWS_PRE; }
