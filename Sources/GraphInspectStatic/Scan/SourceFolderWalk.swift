import Foundation

/// Finds the `.swift` files under the paths `check` is given, following symbolic links the way
/// `find -L` does but visiting each folder and file once: a path named on the command line may be
/// a link (to a folder or a file); a link met inside is followed to what it points at, unless that
/// folder or file was already read through another path (a link loop, or two links to one place),
/// so nothing is read twice and no walk loops. Hidden entries, `.build` and `Package.swift` are
/// skipped. Order is by path, so the same tree is always read in the same order.
struct SourceFolderWalk {
    /// A file or folder as the file system knows it, whatever path reached it.
    private struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private var seen: Set<Identity> = []
    private(set) var files: [String] = []
    /// Plain files met before any link, by their folder entry's inode (hard links share one):
    /// no `stat` each. Once a link is met, the files it may reach again are known by `stat`
    /// (`seen`), since some file systems (overlayfs) number entries unlike `stat`.
    private var plainEntries: Set<Identity> = []
    private var linkMet = false

    /// From the first link (or file named on the command line) on, files are known by `stat`:
    /// those read so far are stat'ed once.
    private mutating func meetLink() {
        guard !linkMet else { return }
        linkMet = true
        for path in files { if let (identity, _) = Self.follow(path) { seen.insert(identity) } }
    }

    /// Walks `root`, a folder or a file, adding its files to `files`, and says whether it is a
    /// folder; nothing there (a dangling link too) is `noSuchPath`.
    @discardableResult
    mutating func walk(_ root: String) throws(StaticReader.ReadError) -> Bool {
        guard let (identity, isFolder) = Self.follow(root) else { throw .noSuchPath(root) }
        guard isFolder else {
            // A file named may also be in a folder named: known by `stat` from here on.
            meetLink()
            if seen.insert(identity).inserted { files.append(root) }
            return false
        }
        try walkFolder(root, identity: identity, isRoot: true)
        return true
    }

    private mutating func walkFolder(_ folder: String, identity: Identity, isRoot: Bool) throws(StaticReader.ReadError) {
        guard seen.insert(identity).inserted else { return }
        guard let entries = Self.entries(of: folder) else {
            // A folder named on the command line must be readable; one met inside is skipped, as find does.
            if isRoot { throw .unreadable(folder, reason: "not a readable folder") }
            return
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let kept = entries.filter { !$0.name.hasPrefix(".") && $0.name != "Package.swift" }.sorted { $0.name < $1.name }
        // What is really here before what links point at, so a file reached both ways is named
        // by its own path.
        for entry in kept.filter({ $0.kind != .link }) + kept.filter({ $0.kind == .link }) {
            let path = prefix + entry.name
            switch entry.kind {
            case .file where !linkMet:
                if entry.name.hasSuffix(".swift"), plainEntries.insert(Identity(device: identity.device, inode: entry.inode)).inserted {
                    files.append(path)
                }
            case .file, .folder, .link, .unknown:
                if entry.kind == .link { meetLink() }
                guard let (found, isFolder) = Self.follow(path) else { continue }
                if isFolder {
                    try walkFolder(path, identity: found, isRoot: false)
                } else if entry.name.hasSuffix(".swift"), seen.insert(found).inserted {
                    files.append(path)
                }
            }
        }
    }

    /// One entry of a folder as `readdir` reports it: its kind, when the file system says, spares
    /// a `stat` per file.
    private struct Entry {
        enum Kind { case file, folder, link, unknown }
        var name: String
        var kind: Kind
        var inode: UInt64
    }

    private static func entries(of folder: String) -> [Entry]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var entries: [Entry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            let kind: Entry.Kind = switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): .file
            case Int32(DT_DIR): .folder
            case Int32(DT_LNK): .link
            default: .unknown
            }
            entries.append(Entry(name: name, kind: kind, inode: UInt64(entry.pointee.d_ino)))
        }
        return entries
    }

    static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// What `path` leads to once every link is followed, and whether it is a folder; nil for
    /// nothing there, a dangling link or a link loop.
    private static func follow(_ path: String) -> (Identity, isFolder: Bool)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)), info.st_mode & S_IFMT == S_IFDIR)
    }

    /// A file's text (invalid UTF-8 repaired), read with one `read` into the string itself: an
    /// unchanged build reads every file, and Foundation's `contents(atPath:)` cost twice this.
    static func text(of path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        var failed = false
        let text = String(unsafeUninitializedCapacity: size) { buffer in
            var done = 0
            while done < size {
                let count = read(descriptor, buffer.baseAddress! + done, size - done)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                done += count
            }
            failed = done < size
            return done
        }
        return failed ? nil : text
    }

}
