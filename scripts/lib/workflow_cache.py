"""actions/cache played on one machine: STATE/caches/N/ holds one entry (`key` and its paths, each
copied whole with its files' times, as the action's tar keeps them), N in the order written."""

import os
import shutil


class Cache:
    def __init__(self, folder):
        self.folder = folder
        os.makedirs(folder, exist_ok=True)

    def entries(self):
        """(key, folder) of every entry, the newest first."""
        found = []
        for name in sorted(os.listdir(self.folder), key=int, reverse=True):
            with open(os.path.join(self.folder, name, "key"), encoding="utf-8") as file:
                found.append((file.read(), os.path.join(self.folder, name)))
        return found

    def restore(self, key, prefixes, paths, log):
        """Restores the entry of `key`, else the newest whose key starts with a prefix (in the order
        given); returns the key restored, or None."""
        entries = self.entries()
        chosen = next(((k, f) for k, f in entries if k == key), None)
        for prefix in prefixes:
            chosen = chosen or next(((k, f) for k, f in entries if k.startswith(prefix)), None)
        if chosen is None:
            log.write(f"cache: no entry for {key}\n")
            return None
        for index, path in enumerate(paths):
            kept = os.path.join(chosen[1], str(index))
            if os.path.isdir(kept):
                shutil.rmtree(path, ignore_errors=True)
                shutil.copytree(kept, path, symlinks=True)
        log.write(f"cache: restored {chosen[0]}\n")
        return chosen[0]

    def save(self, key, paths, log):
        """Keeps `paths` under `key`; a key already kept is not written again (GitHub refuses it)."""
        if any(k == key for k, _ in self.entries()):
            log.write(f"cache: {key} is kept already; not saved again\n")
            return False
        if not any(os.path.isdir(path) for path in paths):
            log.write(f"::warning::cache: nothing to save at {', '.join(paths)}\n")
            return False
        names = [int(name) for name in os.listdir(self.folder)]
        entry = os.path.join(self.folder, str(max(names, default=0) + 1))
        os.makedirs(entry)
        for index, path in enumerate(paths):
            if os.path.isdir(path):
                shutil.copytree(path, os.path.join(entry, str(index)), symlinks=True)
        with open(os.path.join(entry, "key"), "w", encoding="utf-8") as file:
            file.write(key)
        log.write(f"cache: saved {key}\n")
        return True
