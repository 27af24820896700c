/* csystem.c — see include/csystem.h. */
#define _GNU_SOURCE
#include "csystem.h"

#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#if defined(__linux__) && __has_include(<linux/openat2.h>)
#include <linux/openat2.h>
#define CSYS_HAVE_OPENAT2 1
#endif

#define READ_FLAGS (O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
/* A descriptor that names a file without opening it: no read access, no
   open() of a FIFO or device, only fstat and reopening. */
#define PATH_FLAGS (O_PATH | O_CLOEXEC)
#define MAX_LINKS 40
#define MAX_DEPTH 64

static atomic_int last_used = -1;
static atomic_int force_walk;
/* Set once openat2 answered ENOSYS or EPERM (old kernel, seccomp): the walk from then on. */
static atomic_int no_openat2;
/* Set by csys_reopen_force_by_name (tests): reopen by name as without /proc. */
static atomic_int force_by_name;

int csys_open_folder(const char *path)
{
    return open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
}

int csys_beneath_uses_openat2(void)
{
    return atomic_load(&last_used);
}

void csys_beneath_force_walk(int on)
{
    atomic_store(&force_walk, on != 0);
}

/*
 * The walk: one component at a time with O_NOFOLLOW, a stack of the folders
 * entered (so ".." goes back up, never above the first), links read with
 * readlinkat and their targets put in front of what is left of the name.
 * Whatever a concurrent swap makes a component be, it is judged when it is
 * opened, relative to a folder already known to be inside.
 */
static int walk_beneath(int folder_fd, const char *name, int flags)
{
    char rest[2 * 4096 + 2];
    size_t len = strlen(name);
    if (len >= sizeof rest / 2) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(rest, name, len + 1);

    int stack[MAX_DEPTH];
    int depth = 0, links = 0, result = -1, saved = 0;
    stack[depth++] = folder_fd; /* not ours: never closed */

    char *p = rest;
    for (;;) {
        while (*p == '/')
            p++;
        if (*p == '\0') {
            saved = EISDIR;
            break;
        } /* the name ended in a folder */
        char *end = strchr(p, '/');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        char part[256];
        if (n >= sizeof part) {
            saved = ENAMETOOLONG;
            break;
        }
        memcpy(part, p, n);
        part[n] = '\0';
        char *next = end ? end : p + n;
        int last = 1;
        for (char *q = next; *q; q++)
            if (*q != '/') {
                last = 0;
                break;
            }

        if (strcmp(part, ".") == 0) {
            p = next;
            if (last) {
                saved = EISDIR;
                break;
            }
            continue;
        }
        if (strcmp(part, "..") == 0) {
            if (depth == 1) {
                saved = EXDEV;
                break;
            }
            close(stack[--depth]);
            p = next;
            if (last) {
                saved = EISDIR;
                break;
            }
            continue;
        }
        int top = stack[depth - 1];
        int fd = openat(top, part, O_PATH | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) {
            saved = errno;
            break;
        }
        struct stat st;
        if (fstat(fd, &st) != 0) {
            saved = errno;
            close(fd);
            break;
        }
        if (S_ISLNK(st.st_mode)) {
            close(fd);
            if (++links > MAX_LINKS) {
                saved = ELOOP;
                break;
            }
            char target[4096];
            ssize_t t = readlinkat(top, part, target, sizeof target - 1);
            if (t < 0) {
                saved = errno;
                break;
            }
            if (t == 0) {
                saved = ENOENT;
                break;
            }
            if (target[0] == '/') {
                saved = EXDEV;
                break;
            }
            /* rest := target + "/" + what came after this component */
            size_t tail = strlen(next);
            if ((size_t)t + 1 + tail + 1 > sizeof rest) {
                saved = ENAMETOOLONG;
                break;
            }
            memmove(rest + t + 1, next, tail + 1);
            memcpy(rest, target, (size_t)t);
            rest[t] = '/';
            if (tail == 0)
                rest[t] = '\0';
            p = rest;
            continue;
        }
        if (last) {
            /* An O_PATH descriptor of what was just judged (not a link) is
               the answer; opened again with other flags, still without
               following: it may have been swapped for a link since. */
            if (flags == PATH_FLAGS) {
                result = fd;
                break;
            }
            close(fd);
            result = openat(top, part, flags | O_NOFOLLOW);
            if (result < 0)
                saved = errno == ELOOP ? EXDEV : errno;
            break;
        }
        if (!S_ISDIR(st.st_mode)) {
            close(fd);
            saved = ENOTDIR;
            break;
        }
        if (depth == MAX_DEPTH) {
            close(fd);
            saved = ELOOP;
            break;
        }
        stack[depth++] = fd;
        p = next;
    }
    while (depth > 1)
        close(stack[--depth]);
    if (result < 0)
        errno = saved ? saved : ENOENT;
    return result;
}

/* Resolves `name` below the folder and opens what it names with `flags`
   (PATH_FLAGS or READ_FLAGS): openat2 with RESOLVE_BENEATH, else the walk. */
static int resolve_beneath(int folder_fd, const char *name, int flags)
{
    if (name == NULL || name[0] == '/') {
        errno = EXDEV;
        return -1;
    }
#ifdef CSYS_HAVE_OPENAT2
    if (!atomic_load(&force_walk) && !atomic_load(&no_openat2)) {
        struct open_how how;
        memset(&how, 0, sizeof how);
        how.flags = (unsigned)flags;
        how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
        /* EAGAIN: the kernel saw a rename during the lookup and asks to try
           again; a steady stream of renames gets the walk instead. */
        for (int tries = 0; tries < 64; tries++) {
            long fd = syscall(SYS_openat2, folder_fd, name, &how, sizeof how);
            if (fd >= 0) {
                atomic_store(&last_used, 1);
                return (int)fd;
            }
            if (errno != EINTR && errno != EAGAIN)
                break;
        }
        if (errno == ENOSYS || errno == EPERM)
            atomic_store(&no_openat2, 1);
        else if (errno != EAGAIN && errno != EINTR) {
            atomic_store(&last_used, 1);
            return -1;
        }
    }
#endif
    atomic_store(&last_used, 0);
    return walk_beneath(folder_fd, name, flags);
}

/* Keeps the O_PATH descriptor `path_fd` when it names a regular file;
   else closes it and fails: a folder with EISDIR, a FIFO, device or socket
   with ENXIO. Nothing is opened for reading to find out. */
static int judge_regular(int path_fd)
{
    struct stat st;
    if (fstat(path_fd, &st) != 0) {
        int e = errno;
        close(path_fd);
        errno = e;
        return -1;
    }
    if (S_ISREG(st.st_mode))
        return path_fd;
    close(path_fd);
    errno = S_ISDIR(st.st_mode) ? EISDIR : ENXIO;
    return -1;
}

/*
 * Opens for reading the regular file that the O_PATH descriptor `path_fd`
 * names (left open). Through /proc/self/fd, which opens that very inode
 * whatever has been renamed since; without /proc, by name again (below
 * `folder_fd` when `beneath`, else `path` as given), and then it must be
 * the same device and inode, else EAGAIN (a swap in between; that open may
 * have reached what was swapped in: non-blocking, never read, closed).
 */
static int reopen(int path_fd, int folder_fd, const char *path, int beneath)
{
    struct stat judged, opened;
    if (fstat(path_fd, &judged) != 0)
        return -1;
    int fd = -1;
    if (!atomic_load(&force_by_name)) {
        char proc[48];
        snprintf(proc, sizeof proc, "/proc/self/fd/%d", path_fd);
        fd = open(proc, READ_FLAGS);
    }
    if (fd < 0 && (atomic_load(&force_by_name) || errno == ENOENT))
        fd = beneath ? resolve_beneath(folder_fd, path, READ_FLAGS) : open(path, READ_FLAGS);
    if (fd < 0)
        return -1;
    if (fstat(fd, &opened) != 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    if (opened.st_dev != judged.st_dev || opened.st_ino != judged.st_ino) {
        close(fd);
        errno = EAGAIN;
        return -1;
    }
    return fd;
}

int csys_find_beneath(int folder_fd, const char *name)
{
    int path_fd = resolve_beneath(folder_fd, name, PATH_FLAGS);
    return path_fd < 0 ? -1 : judge_regular(path_fd);
}

int csys_reopen_beneath(int path_fd, int folder_fd, const char *name)
{
    return reopen(path_fd, folder_fd, name, 1);
}

int csys_open_beneath(int folder_fd, const char *name)
{
    int path_fd = csys_find_beneath(folder_fd, name);
    if (path_fd < 0)
        return -1;
    int fd = reopen(path_fd, folder_fd, name, 1), e = errno;
    close(path_fd);
    errno = e;
    return fd;
}

int csys_open_regular(const char *path)
{
    int path_fd = open(path, PATH_FLAGS);
    if (path_fd < 0 || (path_fd = judge_regular(path_fd)) < 0)
        return -1;
    int fd = reopen(path_fd, -1, path, 0), e = errno;
    close(path_fd);
    errno = e;
    return fd;
}

void csys_reopen_force_by_name(int on)
{
    atomic_store(&force_by_name, on != 0);
}

int csys_can_allocate(unsigned long bytes)
{
    volatile char *p = malloc(bytes ? bytes : 1);
    if (p == NULL)
        return 0;
    p[0] = 0;
    p[bytes ? bytes - 1 : 0] = 0;
    free((void *)p);
    return 1;
}
