/*
 * test_zone_swap.c — swapping folders and links inside $TZDIR while
 * formatters are created never makes the library read a zone file outside
 * the database, and nothing read during the race stays cached.
 *
 *   test_zone_swap [seconds]      (default 2)
 *
 * The database (a temporary folder, $TZDIR set before the library's first
 * use) holds Asia/Tokyo (Tokyo's real file). Outside it lie files with New
 * York's rules at the same names. A thread swaps, again and again, the
 * folder TZDIR/Asia for a link leading out (absolute, then relative:
 * ../outside/Asia) and back; two threads create formatters for
 * "Asia/Tokyo" meanwhile. Each creation must either fail with
 * FD_ERR_TIME_ZONE (the name is not inside the database at that moment) or
 * label with Tokyo's rules: a single label with New York's rules fails the
 * test. 1.1 checked the path with realpath and opened it by name later, and
 * 291,436 formatters got New York's rules in 30 s. After the race, with
 * the database whole again, a new formatter must have Tokyo's rules (no
 * poisoned cache entry). Closes with "N passed, N failed".
 */
#define _GNU_SOURCE

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "feeddate.h"
#include "testkit.h"

#define T_MS 1711348200000LL /* 2024-03-25T06:30:00Z: 15:30 in Tokyo, 02:30 in New York */

static char db[512], outside[512];
static atomic_int stop;
static atomic_long tokyo, refused, wrong, other;

static int copy(const char *from, const char *to)
{
    FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
    if (in == NULL || out == NULL) {
        if (in)
            fclose(in);
        if (out)
            fclose(out);
        return -1;
    }
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        fwrite(buf, 1, n, out);
    fclose(in);
    return fclose(out);
}

/* 0: Tokyo's rules, 1: refused, 2: other rules, 3: another failure. */
static int create(void)
{
    fd_options o;
    fd_options_init(&o, FD_STYLE_FEED_DETAIL);
    o.locale = "en_US";
    o.time_zone = "Asia/Tokyo";
    o.hour_cycle = FD_HOUR_CYCLE_H23;
    fd_formatter *f = NULL;
    int s = fd_formatter_new(&o, &f);
    if (s == FD_ERR_TIME_ZONE)
        return 1;
    if (s != FD_OK)
        return 3;
    char buf[FD_LABEL_CAPACITY];
    s = fd_format(f, T_MS, T_MS, buf, sizeof buf, NULL);
    fd_formatter_free(f);
    if (s != FD_OK)
        return 3;
    return strstr(buf, "15:30") ? 0 : 2;
}

static void *creator(void *arg)
{
    (void)arg;
    while (!atomic_load(&stop)) {
        switch (create()) {
        case 0: atomic_fetch_add(&tokyo, 1); break;
        case 1: atomic_fetch_add(&refused, 1); break;
        case 2: atomic_fetch_add(&wrong, 1); break;
        default: atomic_fetch_add(&other, 1); break;
        }
    }
    return NULL;
}

static void *swapper(void *arg)
{
    (void)arg;
    char asia[600], real[600], rel[600];
    snprintf(asia, sizeof asia, "%s/Asia", db);
    snprintf(real, sizeof real, "%s/Asia.real", db);
    snprintf(rel, sizeof rel, "../outside/Asia");
    char abs[600];
    snprintf(abs, sizeof abs, "%s/Asia", outside);
    for (unsigned i = 0; !atomic_load(&stop); i++) {
        rename(asia, real);
        if (symlink(i % 2 ? rel : abs, asia) != 0)
            continue;
        unlink(asia);
        rename(real, asia);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    size_t seconds = tk_count_arg(argc, argv, 2, 1, 3600);
    const char *zoneinfo = getenv("TZDIR");
    if (zoneinfo == NULL || zoneinfo[0] == '\0')
        zoneinfo = "/usr/share/zoneinfo";
    char top[] = "/tmp/feeddate-swap-XXXXXX";
    if (mkdtemp(top) == NULL) {
        perror("mkdtemp");
        return 2;
    }
    snprintf(db, sizeof db, "%s/db", top);
    snprintf(outside, sizeof outside, "%s/outside", top);
    char path[700], from[700];
    mkdir(db, 0700);
    mkdir(outside, 0700);
    snprintf(path, sizeof path, "%s/Asia", db);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/Asia", outside);
    mkdir(path, 0700);
    snprintf(from, sizeof from, "%s/Asia/Tokyo", zoneinfo);
    snprintf(path, sizeof path, "%s/Asia/Tokyo", db);
    int ok = copy(from, path) == 0;
    snprintf(from, sizeof from, "%s/America/New_York", zoneinfo);
    snprintf(path, sizeof path, "%s/Asia/Tokyo", outside);
    ok = ok && copy(from, path) == 0;
    snprintf(path, sizeof path, "%s/tzdata.zi", db);
    FILE *v = fopen(path, "w");
    if (v) {
        fputs("# version 2099z\n", v);
        fclose(v);
    }
    if (!ok) {
        fprintf(stderr, "test_zone_swap: cannot copy zone files from %s\n", zoneinfo);
        return 2;
    }
    /* Before the library's first use: it reads $TZDIR once. */
    setenv("TZDIR", db, 1);
    if (!tk_count(create() == 0))
        tk_fail("before the race: Asia/Tokyo does not label with Tokyo's rules");

    pthread_t threads[3];
    pthread_create(&threads[0], NULL, swapper, NULL);
    pthread_create(&threads[1], NULL, creator, NULL);
    pthread_create(&threads[2], NULL, creator, NULL);
    struct timespec pause = {(time_t)seconds, 0};
    nanosleep(&pause, NULL);
    atomic_store(&stop, 1);
    for (int i = 0; i < 3; i++)
        pthread_join(threads[i], NULL);
    printf("  %zu s of swaps: %ld formatters with Tokyo's rules, %ld refused (FD_ERR_TIME_ZONE), %ld with rules from "
           "outside, %ld other failures\n",
           seconds, atomic_load(&tokyo), atomic_load(&refused), atomic_load(&wrong), atomic_load(&other));
    if (!tk_count(atomic_load(&wrong) == 0))
        tk_fail("%ld formatters for Asia/Tokyo read New York's rules from outside $TZDIR", atomic_load(&wrong));
    if (!tk_count(atomic_load(&other) == 0))
        tk_fail("%ld creations failed with another status", atomic_load(&other));
    if (!tk_count(atomic_load(&tokyo) > 0))
        tk_fail("no formatter was created during the race");
    /* The database whole again: no poisoned cache entry. */
    for (int i = 0; i < 100; i++)
        if (create() != 0) {
            tk_fail("after the race, Asia/Tokyo does not label with Tokyo's rules (attempt %d)", i);
            break;
        }
    tk_count(1);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", top);
    if (system(cmd) != 0)
        fprintf(stderr, "test_zone_swap: could not remove %s\n", top);
    return tk_finish();
}
