/* Close racing with Format and Label, without a lock per call: hazard
 * pointers, one slot per OS thread.
 *
 * A call (fdgo_enter, in C, so that it stays on one thread) reads the
 * formatter from its cell, publishes it in its thread's slot, and reads the
 * cell again: if the formatter is still there, Close cannot free it until
 * the slot is cleared. Close empties the cell, makes every thread's slot
 * visible (membarrier, or the calls' own fence where there is none), waits
 * until no slot holds the formatter, and frees it. Where membarrier(2)
 * works (Linux 4.14+, when not refused), a call publishes with a plain store
 * and no atomic instruction at all; elsewhere with one atomic exchange. A
 * sync.RWMutex held by each call cost two atomic instructions, ~10-14 ns a
 * call, the binding's largest cost of its own. FormatMany and Schedule,
 * several C calls each (a goroutine may change threads between them), still
 * take the Formatter's read lock; Close takes its write lock first. */
#include "fdgo.h"
#include <pthread.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#include <linux/membarrier.h>
#endif

int fdgo_asymmetric;
__thread fdgo_slot *fdgo_mine;

static fdgo_slot *_Atomic slots; /* every slot ever made; slots are reused, never freed */
static pthread_key_t slot_key;
static pthread_once_t slot_once = PTHREAD_ONCE_INIT;

/* A thread that ends gives its slot back (its hazard is empty between calls). */
static void slot_release(void *p)
{
	fdgo_slot *s = p;
	atomic_store(&s->hazard, NULL);
	fdgo_mine = NULL; /* a later key destructor calling Format takes a slot anew */
	atomic_store(&s->used, 0);
}

static int slot_no_membarrier;

static void slot_init(void)
{
	pthread_key_create(&slot_key, slot_release);
#if defined(__linux__) && defined(__NR_membarrier)
	if (!slot_no_membarrier && syscall(__NR_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0)
		fdgo_asymmetric = 1;
#endif
}

/* Called once from Go before any formatter exists: the mode is fixed before a
 * call could use it. no_membarrier (FEEDDATE_GO_NO_MEMBARRIER=1, read by Go:
 * C's getenv could race a setenv in another thread) takes the other way, for
 * make test-go to test. */
int fdgo_init(int no_membarrier)
{
	slot_no_membarrier = no_membarrier;
	pthread_once(&slot_once, slot_init);
	return fdgo_asymmetric;
}

fdgo_slot *fdgo_slot_slow(void)
{
	fdgo_slot *s;
	pthread_once(&slot_once, slot_init); /* the key exists, whatever Go's init order */
	for (s = atomic_load(&slots); s != NULL; s = s->next) {
		int free_ = 0;
		if (atomic_compare_exchange_strong(&s->used, &free_, 1))
			goto got;
	}
	s = calloc(1, sizeof *s);
	if (s == NULL)
		return NULL;
	atomic_store(&s->used, 1);
	s->next = atomic_load(&slots);
	while (!atomic_compare_exchange_weak(&slots, &s->next, s)) {}
got:
	pthread_setspecific(slot_key, s);
	fdgo_mine = s;
	return s;
}

fdgo_cell *fdgo_cell_new(const fd_formatter *f)
{
	fdgo_cell *c = malloc(sizeof *c);
	if (c != NULL)
		atomic_init(&c->f, f);
	return c;
}

void fdgo_cell_free(fdgo_cell *c)
{
	free(c);
}

/* Empties the cell, waits until no call holds its formatter, frees it. The
 * caller (Close) holds the Formatter's write lock, so only one Close is here
 * per cell. */
void fdgo_close(fdgo_cell *c)
{
	const fd_formatter *f = atomic_exchange(&c->f, NULL);
	if (f == NULL)
		return;
	if (fdgo_asymmetric) {
#if defined(__linux__) && defined(__NR_membarrier)
		/* Every thread runs a full barrier: a call either sees the empty cell
		 * on its second read, or its slot shows here. Without it a call's
		 * plain store may not be visible yet: then the formatter is never
		 * freed (a leak, never a crash). */
		if (syscall(__NR_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) != 0)
			return;
#endif
	}
	for (unsigned spins = 0;; spins++) {
		int busy = 0;
		for (fdgo_slot *s = atomic_load(&slots); s != NULL && !busy; s = s->next)
			busy = atomic_load(&s->hazard) == f;
		if (!busy)
			break;
		if (spins < 64) {
			sched_yield();
		} else {
			struct timespec ts = {0, 50000}; /* a long call in flight: 50 us naps */
			nanosleep(&ts, NULL);
		}
	}
	fd_formatter_free((fd_formatter *)f);
}
