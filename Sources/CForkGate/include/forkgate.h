/*
 * The fork gate: what makes fork() safe while other threads are inside the
 * library.
 *
 * A thread that forks while another holds one of the library's locks or is
 * inside ICU leaves the child a lock that no thread of the child will ever
 * release (Swift's Mutex, a PI futex, even fails outright there: its owner
 * does not exist in the child). So every path that takes a library lock or
 * calls ICU holds the gate in read mode, and a pthread_atfork prepare
 * handler takes it in write mode: fork() waits until no thread is inside,
 * and no thread enters until the fork is done. The parent's handler opens
 * the gate again; the child's makes a fresh one (its one thread is not the
 * thread that closed it).
 *
 * Readers nest (a per-thread depth: only the outermost enter takes the
 * lock), and a waiting fork keeps new readers out, so a steady stream of
 * threads cannot put a fork off forever. Hence one rule: nothing inside
 * the gate may wait for a thread that is not inside it yet. In particular
 * a lazily initialised global's initializer must not enter the gate (a
 * thread inside would wait for the initializer, the initializer for the
 * fork, the fork for that thread).
 *
 * The labels served from the lock-free tables take no lock and never enter
 * the gate. Not exported: the version script keeps the ABI to fd_*.
 */
#ifndef FEEDDATE_FORKGATE_H
#define FEEDDATE_FORKGATE_H

#ifdef __cplusplus
extern "C" {
#endif

/* Enters the gate for the calling thread; waits while a fork is under way. */
void fdgate_enter(void);
/* Leaves it: one call per fdgate_enter, or per fdgate_try_enter that returned 1. */
void fdgate_leave(void);
/* Enters without waiting: 1 when entered (the thread was inside already,
 * or no fork is waiting or under way), 0 when it would have to wait. */
int fdgate_try_enter(void);

#ifdef __cplusplus
}
#endif
#endif
