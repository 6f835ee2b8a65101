// Finds the `.impulse.json` that applies to a file: the nearest one in the file's folder or a parent folder.
//
// Design: results are cached per folder (a folder without a configuration file caches its parent's
// answer), so linting a thousand files of one tree reads each configuration once. The cache sits
// behind a lock: the language server asks from several tasks at once. `invalidate()` forgets everything
// (the server calls it when an `.impulse.json` changes).
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Locates and caches the configuration of each folder.
package final class ConfigurationLocator: @unchecked Sendable {
    /// What a folder's settings are: a configuration (maybe the defaults), or why its `.impulse.json` cannot be used.
    package typealias Outcome = Result<Configuration, ConfigurationError>

    private var cache: [String: Outcome] = [:]
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// The settings for the file at `path` (relative paths resolve against the current folder): those of the
    /// nearest `.impulse.json` in its folder or a parent folder, the defaults when there is none.
    package func configuration(forFile path: String) -> Outcome {
        configuration(forFolder: FileSystem.parentDirectory(FileSystem.absolutePath(path)))
    }

    /// The settings for files in `folder` (relative paths resolve against the current folder).
    package func configuration(forFolder folder: String) -> Outcome {
        let folder = FileSystem.absolutePath(folder)
        // Walk up to the nearest folder whose answer is known or that holds a configuration file.
        var unanswered: [String] = []
        var current = folder
        var outcome: Outcome
        while true {
            if let known = cached(current) {
                outcome = known
                break
            }
            unanswered.append(current)
            let candidate = current == "/" ? "/" + Configuration.fileName : current + "/" + Configuration.fileName
            if FileSystem.kind(of: candidate) == .file {
                outcome = Self.load(candidate)
                break
            }
            if current == "/" {
                outcome = .success(.defaults)
                break
            }
            current = FileSystem.parentDirectory(current)
        }
        store(outcome, for: unanswered)
        return outcome
    }

    /// Forgets every cached answer (after an `.impulse.json` was created, changed or deleted).
    package func invalidate() {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        cache.removeAll()
    }

    private func cached(_ folder: String) -> Outcome? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return cache[folder]
    }

    private func store(_ outcome: Outcome, for folders: [String]) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        for folder in folders { cache[folder] = outcome }
    }

    private static func load(_ file: String) -> Outcome {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readFile(file)
        } catch {
            return .failure(
                ConfigurationError(
                    kind: .unreadable, file: file, message: "cannot read the configuration: \(error.reason)"))
        }
        do {
            return .success(try Configuration.parse(bytes, file: file))
        } catch {
            return .failure(error)
        }
    }
}
