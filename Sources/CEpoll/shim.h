// Linux's epoll (and eventfd, the room server's acceptor's wake-up) for Swift: Glibc's module
// map leaves <sys/epoll.h> and <sys/eventfd.h> out.
#pragma once
#include <sys/epoll.h>
#include <sys/eventfd.h>
