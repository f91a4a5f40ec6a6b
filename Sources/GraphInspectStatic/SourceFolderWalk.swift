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

    /// Walks `root`, a folder or a file, adding its files to `files`, and says whether it is a
    /// folder; nothing there (a dangling link too) is `noSuchPath`.
    @discardableResult
    mutating func walk(_ root: String) throws(StaticReader.ReadError) -> Bool {
        guard let (identity, isFolder) = Self.follow(root) else { throw .noSuchPath(root) }
        guard isFolder else {
            if seen.insert(identity).inserted { files.append(root) }
            return false
        }
        try walkFolder(root, identity: identity, isRoot: true)
        return true
    }

    private mutating func walkFolder(_ folder: String, identity: Identity, isRoot: Bool) throws(StaticReader.ReadError) {
        guard seen.insert(identity).inserted else { return }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            // A folder named on the command line must be readable; one met inside is skipped, as find does.
            if isRoot { throw .unreadable(folder, reason: "not a readable folder") }
            return
        }
        let paths = names.filter { !$0.hasPrefix(".") && $0 != "Package.swift" }
            .map { folder.hasSuffix("/") ? folder + $0 : folder + "/" + $0 }
        // What is really here before what links point at, so a file reached both ways is named
        // by its own path.
        let (links, entries) = (paths.filter(Self.isLink), paths.filter { !Self.isLink($0) })
        for path in entries + links {
            let name = (path as NSString).lastPathComponent
            guard let (entry, isFolder) = Self.follow(path) else { continue }
            if isFolder {
                try walkFolder(path, identity: entry, isRoot: false)
            } else if name.hasSuffix(".swift"), seen.insert(entry).inserted {
                files.append(path)
            }
        }
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
}
