/*
 * What the zone layer needs from the system that Swift cannot call directly:
 * opening a file by a name inside a folder without ever following a link out
 * of that folder (openat2's RESOLVE_BENEATH, a raw system call that glibc
 * 2.36 does not wrap, with a component-by-component walk where the kernel
 * lacks it or a sandbox refuses it).
 *
 * Why: a zone id is a name inside the zone database. A check of the path
 * first (realpath) and an open by name afterwards leaves a moment in which
 * a folder or a link inside the database can be swapped for one leading
 * out of it; resolving the name and opening the file in one step, relative
 * to a descriptor of the database folder, leaves none (SPEC section 1).
 * Also: whether memory can be had before work that allocates.
 * Not exported: the version script keeps the ABI to fd_*.
 */
#ifndef FEEDDATE_CSYSTEM_H
#define FEEDDATE_CSYSTEM_H

#ifdef __cplusplus
extern "C" {
#endif

/* A descriptor of folder `path` (O_PATH | O_DIRECTORY, close-on-exec), or
   -1 with errno set. Links in `path` itself are followed: the folder is
   what the caller configured. */
int csys_open_folder(const char *path);

/* Finds `name` (relative; components separated by '/') below the folder of
   `folder_fd`: symbolic links are followed only while every step stays
   inside that folder (an absolute link, or a ".." above it, fails with
   EXDEV; more than 40 links with ELOOP). Returns an O_PATH descriptor
   (close-on-exec) of a regular file, which opens nothing for reading: what
   the name reaches is judged by fstat first, and a folder fails with
   EISDIR, a FIFO, device or socket with ENXIO, never opened. fstat on the
   descriptor gives the file's identity. -1 with errno set otherwise (EMFILE,
   ENFILE and ENOMEM as the kernel gives them). */
int csys_find_beneath(int folder_fd, const char *name);

/* Opens for reading the regular file that `path_fd` (from csys_find_beneath
   with the same folder and name) names, and leaves `path_fd` open: that very
   inode, reopened through /proc/self/fd; without /proc, by name again below
   the folder, and it must be the same device and inode, else EAGAIN.
   Close-on-exec, non-blocking, never a controlling terminal. */
int csys_reopen_beneath(int path_fd, int folder_fd, const char *name);

/* csys_find_beneath, then csys_reopen_beneath: a descriptor for reading the
   regular file `name` below the folder, or -1 with errno set. */
int csys_open_beneath(int folder_fd, const char *name);

/* The same for a path of the host (links followed): /etc/timezone. */
int csys_open_regular(const char *path);

/* Reopens by name instead of through /proc/self/fd (on != 0), for tests of
   the fallback. */
void csys_reopen_force_by_name(int on);

/* Whether the last lookup (csys_find_beneath, csys_open_beneath) of this process used openat2 (1) or
   the walk (0); -1 before the first. For tests. */
int csys_beneath_uses_openat2(void);

/* Forces the walk instead of openat2 (on != 0), for tests of the fallback. */
void csys_beneath_force_walk(int on);

/* Whether `bytes` can be allocated right now: malloc, touch, free (the
   touch keeps the compiler from eliding the pair). Swift's runtime traps
   when an allocation fails, so the library asks before work that allocates
   and reports FD_ERR_MEMORY instead (MemoryHeadroom.swift). */
int csys_can_allocate(unsigned long bytes);

#ifdef __cplusplus
}
#endif

#endif /* FEEDDATE_CSYSTEM_H */
