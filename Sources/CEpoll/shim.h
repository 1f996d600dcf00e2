// Linux's epoll for Swift: Glibc's module map leaves <sys/epoll.h> out.
#pragma once
#include <sys/epoll.h>
