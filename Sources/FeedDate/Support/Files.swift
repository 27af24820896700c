// The file and environment calls of the zone layer, over Glibc (no
// Foundation): bounded reads, realpath, readlink, getenv.
import CSystem
import Glibc

enum FileReadError: Error {
    case missing, notRegular, tooLarge
    case unreadable(Int32)
}

/// Reads a regular file. Beyond `limit` bytes: the first `limit` bytes when `truncate`,
/// else `.tooLarge`. Never opens anything but a regular file for reading (no FIFOs,
/// devices, folders: csys_open_regular judges the file before it opens it).
func readFile(atPath path: String, limit: Int, truncate: Bool) -> Result<[UInt8], FileReadError> {
    let fd = csys_open_regular(path)
    guard fd >= 0 else { return .failure(errno == ENXIO || errno == EISDIR ? .notRegular : openError(errno)) }
    defer { close(fd) }
    return readFile(fd, limit: limit, truncate: truncate)
}

/// Reads the regular file open as `fd` (what was opened is checked, not a path).
func readFile(_ fd: Int32, limit: Int, truncate: Bool) -> Result<[UInt8], FileReadError> {
    var info = stat()
    guard fstat(fd, &info) == 0 else { return .failure(.unreadable(errno)) }
    guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegular) }

    var buffer = [UInt8](repeating: 0, count: min(max(Int(info.st_size), 0), limit) + 1)
    var count = 0
    while true {
        if count == buffer.count {
            if count > limit { break }
            buffer.append(contentsOf: repeatElement(0, count: min(buffer.count, limit + 1 - buffer.count)))
        }
        let n = buffer.withUnsafeMutableBytes { raw in
            Glibc.read(fd, raw.baseAddress! + count, raw.count - count)
        }
        if n < 0 {
            if errno == EINTR { continue }
            return .failure(.unreadable(errno))
        }
        if n == 0 { break }
        count += n
    }
    if count > limit {
        if !truncate { return .failure(.tooLarge) }
        count = limit
    }
    buffer.removeSubrange(count...)
    return .success(buffer)
}

/// The canonical absolute path (links resolved), or nil if it does not exist.
func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}

private func openError(_ code: Int32) -> FileReadError {
    code == ENOENT || code == ENOTDIR || code == ENAMETOOLONG || code == ELOOP ? .missing : .unreadable(code)
}

func isRegularFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
}

/// The target of symbolic link `path`, or nil when it is not one.
func readLink(_ path: String) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = buffer.withUnsafeMutableBytes { raw in
        readlink(path, raw.baseAddress!.assumingMemoryBound(to: CChar.self), raw.count)
    }
    guard n > 0, n < buffer.count else { return nil }
    return Array(buffer[..<n])
}

func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

/// The variable's bytes as they are (not repaired into UTF-8), for messages
/// that must quote exactly what the host holds.
func environmentBytes(_ name: String) -> [UInt8]? {
    getenv(name).map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) }
}
