/* The fork gate of forkgate.h: a writer-preferring pthread rwlock, a
 * per-thread nesting depth, and the pthread_atfork handlers. */
#define _GNU_SOURCE
#include "forkgate.h"

#include <pthread.h>
#include <sched.h>

/* Writer-preferring: once a fork waits, new readers wait behind it, so the
 * fork gets in as soon as the threads inside leave. Nonrecursive is safe
 * because a thread takes the lock only at depth 0. */
static pthread_rwlock_t gate = PTHREAD_RWLOCK_WRITER_NONRECURSIVE_INITIALIZER_NP;
/* How deep the calling thread is inside the gate. The general TLS model:
 * it is read on slow paths only, and takes no static TLS from programs
 * that dlopen the library. */
static __thread unsigned depth;
/* Whether the prepare handler took the write lock (read by the handlers
 * after fork, which run on the forking thread). */
static int closed_for_fork;

void fdgate_enter(void)
{
    if (depth++ > 0)
        return;
    /* EAGAIN (the most readers the lock counts) passes: wait for room. */
    while (pthread_rwlock_rdlock(&gate) != 0)
        sched_yield();
}

void fdgate_leave(void)
{
    if (--depth == 0)
        pthread_rwlock_unlock(&gate);
}

int fdgate_try_enter(void)
{
    if (depth > 0) {
        depth++;
        return 1;
    }
    if (pthread_rwlock_tryrdlock(&gate) != 0)
        return 0;
    depth = 1;
    return 1;
}

static void before_fork(void)
{
    /* A thread inside the gate that forks (from a signal handler) cannot
     * wait for itself to leave: then the gate stays open. */
    if (depth > 0)
        return;
    pthread_rwlock_wrlock(&gate);
    closed_for_fork = 1;
}

static void after_fork_parent(void)
{
    if (!closed_for_fork)
        return;
    closed_for_fork = 0;
    pthread_rwlock_unlock(&gate);
}

static void after_fork_child(void)
{
    /* Not unlocked: glibc records the writer by thread id, and the child's
     * thread has a new one. The child has this one thread only, so a fresh
     * lock (read-held again if the thread forked from inside) is the
     * gate's true state. */
    static const pthread_rwlock_t fresh = PTHREAD_RWLOCK_WRITER_NONRECURSIVE_INITIALIZER_NP;
    gate = fresh;
    closed_for_fork = 0;
    /* A thread that forked from inside the gate still leaves it later. */
    if (depth > 0)
        pthread_rwlock_rdlock(&gate);
}

/* Registered once, when the library is loaded. glibc ties the handlers to
 * the library, so dlclose removes them. */
__attribute__((constructor)) static void register_fork_handlers(void)
{
    pthread_atfork(before_fork, after_fork_parent, after_fork_child);
}
