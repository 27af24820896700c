package org.feeddate;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.zip.CRC32;

/**
 * The natives a jar of {@code make jar} carries (libfeeddate.so.1, ICU 78.3 inside it,
 * under {@value #RESOURCES}), unpacked once into a private cache folder and
 * reused by every later JVM, as sqlite-jdbc does.
 *
 * <p>The jar's {@value #INDEX} names the platform, the library's version and
 * each file with its size, SHA-256 and CRC-32; the first file is the one
 * loaded, the others are found by it through its run path {@code $ORIGIN}. The folder is
 * {@code <cache root>/<version>-<first 12 hex digits of the index's SHA-256>},
 * so that two jars never share one. The cache root is
 * {@code -Dfeeddate.cache.dir} or {@code $FEEDDATE_CACHE_DIR} when set, else
 * {@code $XDG_CACHE_HOME/feeddate}, else {@code ~/.cache/feeddate}, else
 * {@code <java.io.tmpdir>/feeddate-<user>}; it must be owned by this user (or
 * root) and writable by no one else.
 *
 * <ul>
 * <li>Reuse: the folder is used when every file in it is a regular file with
 *     the index's size and CRC-32 (no lock is needed to read it: the folder
 *     only ever appears whole, by a rename). The CRC-32 catches a file cut
 *     short, emptied by a crash or changed by a stray write, in 20-40 ms for the
 *     21 MB (an intrinsic); a SHA-256 of them costs ~350 ms in a JVM that has
 *     just started. It guards against accidents, not against an attacker: the
 *     folder is this user's alone (0700, checked), and whoever can write it can
 *     write the user's other files. {@code -Dfeeddate.cache.verify=sha256}
 *     checks the SHA-256 instead.</li>
 * <li>Unpack: under an exclusive file lock ({@link FileChannel#tryLock}, retried) on
 *     {@code <root>/<version>-<hash>.lock} (and a monitor for the threads of
 *     this JVM), checked again, then the files are written into a fresh
 *     {@code .tmp-} folder, each one's size, SHA-256 and CRC-32 checked against
 *     the index (a damaged jar is an error) and forced to disk, and the folder renamed to its name in one
 *     atomic step. A folder that fails the check is renamed aside and
 *     deleted first (a process that has its files mapped keeps them). So two
 *     JVMs starting together unpack once: the second waits for the lock, then
 *     finds the folder whole.</li>
 * </ul>
 */
final class NativeLoader {
    /** Where the natives of this platform lie in the jar. */
    static final String RESOURCES = "/org/feeddate/native/linux-x86_64/";
    /** The index in that folder. */
    static final String INDEX = "natives.txt";
    /** The first line of an index: format, platform, then the library version. */
    static final String INDEX_MAGIC = "feeddate-natives 1 linux-x86_64";
    /** How long to wait for another process's unpack before giving up. */
    static final long LOCK_WAIT_MS = 120_000;

    private static final System.Logger LOG = System.getLogger("org.feeddate");
    private static final Object JVM_LOCK = new Object();
    private static final Set<PosixFilePermission> DIR_MODE = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("r-x------");

    /** Tests only: a pause inside the lock, after the files are written and before the rename. */
    static volatile long testPauseMs;

    private NativeLoader() {
    }

    /** One file of the index: its name, size, SHA-256 (hex) and CRC-32 (java.util.zip.CRC32, zlib's). */
    record Entry(String name, long size, String sha256, long crc32) {
    }

    /** An index: the library version, the files (the first is loaded) and the cache folder's name. */
    record Index(String version, List<Entry> entries, String key) {
        Entry library() {
            return entries.get(0);
        }
    }

    /** Where the natives were put: the folder, the library to load, and whether this call wrote them. */
    record Result(Path dir, Path library, boolean unpacked) {
    }

    /** Opens one file of the natives by name (the jar's resources, or a test's). */
    interface Source {
        InputStream open(String name) throws IOException;
    }

    /**
     * The bundled natives, unpacked or reused; null when the jar carries none
     * for this platform (a jar of {@code make java-jar}, or not Linux x86_64).
     */
    static Result bundled() throws IOException {
        if (!isLinuxX8664()) return null;
        byte[] index;
        try (InputStream in = NativeLoader.class.getResourceAsStream(RESOURCES + INDEX)) {
            if (in == null) return null;
            index = in.readAllBytes();
        }
        Source source = name -> {
            InputStream in = NativeLoader.class.getResourceAsStream(RESOURCES + name);
            if (in == null) throw new FileNotFoundException("the jar has no " + RESOURCES + name + " (its index names it)");
            return in;
        };
        return unpack(cacheRoot(), parseIndex(index), source);
    }

    static boolean isLinuxX8664() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        return os.startsWith("linux") && (arch.equals("amd64") || arch.equals("x86_64"));
    }

    /**
     * The data version the jar's natives were built with, without its tzdata part ("ICU 78.3; CLDR
     * 48.0": the index's "# data:" line), or null when the jar carries no natives or its index names
     * none. Reads the index only: nothing is unpacked.
     */
    static String bundledDataVersion() {
        try (InputStream in = NativeLoader.class.getResourceAsStream(RESOURCES + INDEX)) {
            if (in == null) return null;
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.startsWith("# data: ")) return line.substring("# data: ".length()).trim();
            }
        } catch (IOException e) {
            return null;
        }
        return null;
    }

    /** Reads an index: its first line {@value #INDEX_MAGIC} and the version, then "name size sha256 crc32" lines. */
    static Index parseIndex(byte[] bytes) throws IOException {
        String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n");
        String head = lines.length > 0 ? lines[0].trim() : "";
        if (!head.startsWith(INDEX_MAGIC + " ")) {
            throw new IOException("bad natives index: first line \"" + head + "\", expected \"" + INDEX_MAGIC + " <version>\"");
        }
        String version = head.substring(INDEX_MAGIC.length() + 1).trim();
        if (!version.matches("[0-9A-Za-z.+-]+")) throw new IOException("bad natives index: version \"" + version + "\"");
        List<Entry> entries = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i].trim();
            if (line.isEmpty() || line.startsWith("#")) continue;
            String[] f = line.split("\\s+");
            if (f.length != 4 || !f[0].matches("[A-Za-z0-9._+-]+") || f[0].startsWith(".")
                    || !f[1].matches("[0-9]{1,12}") || !f[2].matches("[0-9a-f]{64}") || !f[3].matches("[0-9a-f]{8}")) {
                throw new IOException("bad natives index: line " + (i + 1) + " \"" + line + "\"");
            }
            entries.add(new Entry(f[0], Long.parseLong(f[1]), f[2], Long.parseLong(f[3], 16)));
        }
        if (entries.isEmpty()) throw new IOException("bad natives index: no file");
        String key = version + "-" + hex(sha256().digest(bytes)).substring(0, 12);
        return new Index(version, List.copyOf(entries), key);
    }

    // ---- the cache root -------------------------------------------------------------------

    /** The first usable cache root of those the class comment lists; an explicit one is the only one tried. */
    static Path cacheRoot() throws IOException {
        String explicit = System.getProperty("feeddate.cache.dir");
        String source = "-Dfeeddate.cache.dir";
        if (explicit == null || explicit.isEmpty()) {
            explicit = System.getenv("FEEDDATE_CACHE_DIR");
            source = "$FEEDDATE_CACHE_DIR";
        }
        if (explicit != null && !explicit.isEmpty()) {
            try {
                return prepareRoot(Paths.get(explicit).toAbsolutePath());
            } catch (IOException e) {
                throw new IOException(source + ": " + e.getMessage(), e);
            }
        }
        List<Path> candidates = new ArrayList<>();
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && xdg.startsWith("/")) candidates.add(Paths.get(xdg, "feeddate"));
        String home = System.getProperty("user.home");
        if (home != null && home.startsWith("/")) candidates.add(Paths.get(home, ".cache", "feeddate"));
        String tmp = System.getProperty("java.io.tmpdir", "/tmp");
        String user = System.getProperty("user.name", "");
        if (!user.matches("[A-Za-z0-9._-]+")) user = "uid" + currentUid();
        candidates.add(Paths.get(tmp, "feeddate-" + user).toAbsolutePath());
        StringBuilder errors = new StringBuilder();
        for (Path c : candidates) {
            try {
                return prepareRoot(c);
            } catch (IOException e) {
                errors.append(errors.length() == 0 ? "" : "; ").append(e.getMessage());
            }
        }
        throw new IOException("no usable cache folder for the natives (" + errors
                + "); set -Dfeeddate.cache.dir=/a/private/folder");
    }

    /**
     * Makes root (mode 0700, and its missing parents) when missing; checks that it is a folder, not a
     * link, owned by this user or root, and writable by no one else. A root owned by root that this
     * user cannot write still serves a cache unpacked there beforehand.
     */
    static Path prepareRoot(Path root) throws IOException {
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            Path parent = root.getParent();
            if (parent != null && !Files.isDirectory(parent)) createDirectories(parent);
            try {
                Files.createDirectory(root, dirMode());
            } catch (java.nio.file.FileAlreadyExistsException raced) {
                // another process made it: checked below
            }
        }
        if (!Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException(root + " is not a folder (or is a symbolic link)");
        }
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("unix")) {
            int uid = (Integer) Files.getAttribute(root, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            int mode = (Integer) Files.getAttribute(root, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            int me = currentUid();
            if (uid != me && uid != 0) {
                throw new IOException(root + " belongs to uid " + uid + ", not to this user (uid " + me + ")");
            }
            if ((mode & 0022) != 0) {
                throw new IOException(root + " is writable by others (mode 0" + Integer.toOctalString(mode & 07777)
                        + "): not a private folder");
            }
        }
        return root;
    }

    /** Missing parents as mkdir -p makes them, but private (0700): ~/.cache, as the XDG spec asks. */
    private static void createDirectories(Path dir) throws IOException {
        Path parent = dir.getParent();
        if (parent != null && !Files.isDirectory(parent)) createDirectories(parent);
        try {
            Files.createDirectory(dir, dirMode());
        } catch (java.nio.file.FileAlreadyExistsException raced) {
            if (!Files.isDirectory(dir)) throw raced;
        }
    }

    private static FileAttribute<?>[] dirMode() {
        return posix() ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(DIR_MODE)} : new FileAttribute<?>[0];
    }

    private static boolean posix() {
        return FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    }

    /** The effective uid: the owner of /proc/self (Linux; -1 elsewhere). */
    static int currentUid() {
        try {
            return (Integer) Files.getAttribute(Paths.get("/proc/self"), "unix:uid");
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return -1;
        }
    }

    // ---- unpack or reuse --------------------------------------------------------------------

    /** The natives of index in root/key: reused when whole, else unpacked from source under the lock. */
    static Result unpack(Path root, Index index, Source source) throws IOException {
        long t0 = System.nanoTime();
        Path dir = root.resolve(index.key());
        Path library = dir.resolve(index.library().name());
        String bad = verify(dir, index);
        if (bad == null) {
            LOG.log(System.Logger.Level.DEBUG, () -> "feeddate: natives reused from " + dir + " (" + index.entries().size()
                    + " files checked, " + ms(t0) + " ms)");
            return new Result(dir, library, false);
        }
        synchronized (JVM_LOCK) {
            Path lockFile = root.resolve(index.key() + ".lock");
            try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                FileLock lock = lock(channel, lockFile);
                try {
                    // Another process may have unpacked while this one waited.
                    bad = verify(dir, index);
                    if (bad == null) {
                        LOG.log(System.Logger.Level.DEBUG, () -> "feeddate: natives reused from " + dir
                                + " (unpacked by another process; " + ms(t0) + " ms)");
                        return new Result(dir, library, false);
                    }
                    removeLeftovers(root, index.key());
                    Path tmp = Files.createTempDirectory(root, ".tmp-" + index.key() + "-");
                    try {
                        for (Entry e : index.entries()) write(tmp.resolve(e.name()), e, source);
                        long pause = testPauseMs;
                        if (pause > 0) sleep(pause);
                        if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
                            // Not whole (a file changed, missing or cut short): aside, then gone.
                            String why = bad;
                            LOG.log(System.Logger.Level.WARNING, () -> "feeddate: " + dir + " is damaged (" + why
                                    + "): unpacking it again");
                            Path old = root.resolve(".old-" + index.key() + "-" + Long.toHexString(ThreadLocalRandom.current().nextLong()));
                            Files.move(dir, old, StandardCopyOption.ATOMIC_MOVE);
                            deleteTree(old);
                        }
                        try {
                            Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
                        } catch (AtomicMoveNotSupportedException e) {
                            throw new IOException("cannot rename " + tmp + " to " + dir + " atomically", e);
                        }
                    } finally {
                        if (Files.exists(tmp, LinkOption.NOFOLLOW_LINKS)) deleteTree(tmp);
                    }
                    fsync(root);
                    LOG.log(System.Logger.Level.DEBUG, () -> "feeddate: natives unpacked into " + dir + " (" + ms(t0) + " ms)");
                    return new Result(dir, library, true);
                } finally {
                    lock.release(); // closing the channel would release it too
                }
            }
        }
    }

    /** The file lock; retried while another class loader of this JVM holds it, for at most LOCK_WAIT_MS. */
    private static FileLock lock(FileChannel channel, Path lockFile) throws IOException {
        long deadline = System.nanoTime() + LOCK_WAIT_MS * 1_000_000L;
        while (true) {
            try {
                FileLock lock = channel.tryLock();
                if (lock != null) return lock;
            } catch (OverlappingFileLockException sameJvm) {
                // another copy of this class (another class loader) holds it
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("waited " + LOCK_WAIT_MS / 1000 + " s for the lock " + lockFile
                        + ", held by another process unpacking the natives");
            }
            sleep(10);
        }
    }

    /** Null when dir holds every file of index, whole; else what is wrong (the check of -Dfeeddate.cache.verify). */
    static String verify(Path dir, Index index) {
        return verify(dir, index, "sha256".equalsIgnoreCase(System.getProperty("feeddate.cache.verify", "")));
    }

    /**
     * Null when dir holds every file of index, whole: a regular file of the index's size and CRC-32 (and
     * SHA-256 when sha256); else what is wrong. A file that cannot be read (or vanishes while read) is
     * wrong, never an error.
     */
    static String verify(Path dir, Index index, boolean sha256) {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) return "no folder " + dir;
        for (Entry e : index.entries()) {
            Path f = dir.resolve(e.name());
            try {
                BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                if (!a.isRegularFile()) return e.name() + " is not a regular file";
                if (a.size() != e.size()) return e.name() + " has " + a.size() + " bytes, not " + e.size();
                Sums sums;
                try (InputStream in = Files.newInputStream(f, LinkOption.NOFOLLOW_LINKS)) {
                    sums = sums(in, null, sha256);
                }
                if (sums.crc32() != e.crc32()) {
                    return e.name() + " has CRC-32 " + crcHex(sums.crc32()) + ", not " + crcHex(e.crc32());
                }
                if (sha256 && !sums.sha256().equals(e.sha256())) {
                    return e.name() + " has SHA-256 " + sums.sha256() + ", not " + e.sha256();
                }
            } catch (NoSuchFileException missing) {
                return e.name() + " is missing";
            } catch (IOException unreadable) {
                return e.name() + " cannot be read: " + unreadable;
            }
        }
        return null;
    }

    /** Writes one file from source, checks its size, SHA-256 and CRC-32, forces it to disk, makes it read-only. */
    private static void write(Path f, Entry e, Source source) throws IOException {
        Sums sums;
        try (InputStream in = source.open(e.name());
             FileChannel out = FileChannel.open(f, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            sums = sums(in, buf -> {
                while (buf.hasRemaining()) out.write(buf);
            }, true);
            out.force(true);
        }
        if (sums.size() != e.size() || !sums.sha256().equals(e.sha256()) || sums.crc32() != e.crc32()) {
            throw new IOException("the jar's " + e.name() + " (" + sums.size() + " bytes, SHA-256 " + sums.sha256()
                    + ", CRC-32 " + crcHex(sums.crc32()) + ") is not the one its index names (" + e.size() + " bytes, "
                    + e.sha256() + ", " + crcHex(e.crc32()) + "): a damaged jar");
        }
        if (posix()) Files.setPosixFilePermissions(f, FILE_MODE);
    }

    interface Sink {
        void accept(ByteBuffer buf) throws IOException;
    }

    /** What one pass over a file gives: its size, CRC-32 and (when asked) SHA-256. */
    record Sums(long size, long crc32, String sha256) {
    }

    /** Reads in to its end (passing each chunk to sink, when not null): its size, CRC-32 and SHA-256 if sha256. */
    static Sums sums(InputStream in, Sink sink, boolean sha256) throws IOException {
        MessageDigest md = sha256 ? sha256() : null;
        CRC32 crc = new CRC32();
        long size = 0;
        byte[] buf = new byte[1 << 16];
        for (int n; (n = in.read(buf)) > 0; ) {
            size += n;
            crc.update(buf, 0, n);
            if (md != null) md.update(buf, 0, n);
            if (sink != null) sink.accept(ByteBuffer.wrap(buf, 0, n));
        }
        return new Sums(size, crc.getValue(), md != null ? hex(md.digest()) : null);
    }

    static String crcHex(long crc) {
        return String.format("%08x", crc);
    }

    /** Folders a killed process left: .tmp-KEY-* (half written) and .old-KEY-* (not yet deleted). */
    private static void removeLeftovers(Path root, String key) throws IOException {
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(root, "{.tmp-,.old-}" + key + "-*")) {
            for (Path p : ds) deleteTree(p);
        }
    }

    static void deleteTree(Path p) throws IOException {
        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            try (DirectoryStream<Path> ds = Files.newDirectoryStream(p)) {
                for (Path c : ds) deleteTree(c);
            }
        }
        Files.deleteIfExists(p);
    }

    private static void fsync(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | UnsupportedOperationException ignored) {
            // not every file system syncs a folder; the files themselves were forced
        }
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256 in this JVM", e);
        }
    }

    static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    private static void sleep(long ms) throws IOException {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while unpacking the natives", e);
        }
    }

    private static long ms(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }
}
