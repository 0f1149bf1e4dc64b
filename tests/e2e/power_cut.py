"""Power cuts replayed: the program's own writes and syncs to its database folder are recorded while scripted
tournaments run (tests/e2e/crash_child.py), then the folder is rebuilt as a power cut at some moment could have left
it, and opened with the program's own code.

Why strace: it records the real program, unchanged (Python's own sqlite3 module with the SQLite library it is linked
to, SQLAlchemy's pool, the lock file, the partial file renamed into place), every write with its bytes and offset
and every fsync/fdatasync in the order the kernel saw them, and the child's acknowledgements (its "cmd" lines on
stdout) in the same order. A recording SQLite VFS through apsw would record apsw's own SQLite, not the one the
program uses; an LD_PRELOAD shim would see the same calls, at the price of a C compiler on every machine.
Neither sees the ``-shm``'s contents (SQLite writes it through a shared memory map, not through write calls), and
its contents never matter: the first connection after a restart takes the whole index over and rebuilds it from the
``-wal``. So the rebuilt ``-shm`` is lost, zeroed or garbage, never "as it was".

The disk model: a write reaches the disk when its file is synced (fsync or fdatasync on it); until then it may be
kept, lost, torn (only its first sectors written) or kept while an earlier one is lost (reordered). Creating,
truncating, renaming and deleting a file are taken as done at once, in order (a journalling file system's metadata).
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from tournament_director.store import DatabaseRefused, Store

PROJECT = Path(__file__).resolve().parents[2]
CHILD = Path(__file__).resolve().parent / "crash_child.py"
DATABASE = "crash.sqlite"
SECTOR = 512
TRACED = ("openat,pwrite64,pwritev,pwritev2,write,writev,ftruncate,fsync,fdatasync,unlink,unlinkat,rename,renameat,"
          "renameat2")
# what the pending writes of each file become at a cut
PENDING_FATES = ("lost", "kept", "in-order-prefix", "reordered", "torn")
SHM_FATES = ("lost", "zeroed", "garbage")

_CALL = re.compile(r"^(?:\d+ +)?(\w+)\((.*)\) += (-?\d+)")
_FD = re.compile(r"(\d+)<((?:\\x[0-9a-f]{2})+)>")
_TEXT = re.compile(r'"((?:\\x[0-9a-f]{2})*)"')


@dataclass
class Op:
    kind: str  # create, write, truncate, sync, unlink, rename, ack
    name: str = ""
    offset: int = 0
    data: bytes = b""
    to: str = ""


@dataclass
class Recording:
    ops: list[Op] = field(default_factory=list)

    def acknowledged_before(self, cut: int) -> list[str]:
        return [line for op in self.ops[:cut] if op.kind == "ack" for line in op.data.decode().splitlines()]

    def checkpoint_writes(self) -> list[int]:
        """Where the database file itself is written (a checkpoint, or the file being made): the cuts that
        catch a file half way through."""
        return [i + 1 for i, op in enumerate(self.ops) if op.kind == "write" and op.name == DATABASE]


def _decode(hex_escaped: str) -> bytes:
    return bytes.fromhex(hex_escaped.replace("\\x", ""))


def record(folder: Path, *, sessions: int, commands: int, seed: int) -> Recording:
    """Run the child ``sessions`` times (``commands`` commands each, then a normal close) on ``folder``/crash.sqlite
    under strace; returns every write, sync and file operation on the folder's files, and the acknowledgements."""
    folder.mkdir(parents=True, exist_ok=True)
    recording = Recording()
    for session in range(sessions):
        trace = folder.parent / f"strace-{session}.txt"
        result = subprocess.run(
            ["strace", "-f", "-qq", "-y", "-xx", "-s", "10000000", "-o", str(trace), "-e", f"trace={TRACED}",
             sys.executable, str(CHILD), str(folder / DATABASE), str(seed + session), str(commands)],
            cwd=PROJECT, capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, f"the recorded run failed: {result.stderr[-3000:]}"
        recording.ops.extend(_parse(trace, folder))
        trace.unlink()
    shutil.rmtree(folder)
    return recording


def _parse(trace: Path, folder: Path) -> list[Op]:
    ops: list[Op] = []
    unfinished: dict[str, str] = {}
    for line in trace.read_text().splitlines():
        pid = line.split(" ", 1)[0]
        if line.endswith("<unfinished ...>"):
            unfinished[pid] = line[: -len("<unfinished ...>")].rstrip()
            continue
        resumed = re.match(r"^(\d+) +<\.\.\. \w+ resumed>(.*)$", line)
        if resumed:
            line = unfinished.pop(resumed.group(1)) + resumed.group(2)
        call = _CALL.match(line)
        if call is None or int(call.group(3)) < 0:
            continue
        ops.extend(_ops_of(call.group(1), call.group(2), int(call.group(3)), line, folder))
    return ops


def _in_folder(path: bytes, folder: Path) -> str | None:
    real = Path(os.fsdecode(path))
    return real.name if real.parent == folder else None


def _ops_of(name: str, args: str, result: int, line: str, folder: Path) -> list[Op]:
    fd = _FD.match(args)
    target = _in_folder(_decode(fd.group(2)), folder) if fd else None
    if name in ("pwrite64", "write") and fd and fd.group(1) == "1":
        return [Op("ack", data=_decode(_TEXT.search(args).group(1)))]  # type: ignore[union-attr]
    if name == "openat":
        opened = re.search(r"= \d+<((?:\\x[0-9a-f]{2})+)>", line)
        path = _in_folder(_decode(opened.group(1)), folder) if opened else None
        if path is None:
            return []
        ops = [Op("create", path)] if "O_CREAT" in args else []
        return ops + ([Op("truncate", path, 0)] if "O_TRUNC" in args else [])
    if name in ("unlink", "unlinkat"):
        path = _in_folder(_decode(_TEXT.search(args).group(1)), folder)  # type: ignore[union-attr]
        return [Op("unlink", path)] if path else []
    if name.startswith("rename"):
        old, new = (_in_folder(_decode(text), folder) for text in _TEXT.findall(args)[:2])
        assert (old is None) == (new is None), f"a file renamed into or out of the folder: {line[:300]}"
        return [Op("rename", old, to=new)] if old and new else []
    if target is None:
        return []
    if name == "pwrite64":
        data = _decode(_TEXT.search(args).group(1))  # type: ignore[union-attr]
        offset = int(args.rsplit(",", 1)[1])
        return [Op("write", target, offset, data[:result])]
    if name == "ftruncate":
        return [Op("truncate", target, int(args.rsplit(",", 1)[1]))]
    if name in ("fsync", "fdatasync"):
        return [Op("sync", target)]
    raise AssertionError(f"a call the power-cut model does not know wrote to the database folder: {line[:300]}")


@dataclass
class _File:
    durable: bytearray = field(default_factory=bytearray)
    pending: list[Op] = field(default_factory=list)


def _apply(content: bytearray, op: Op) -> None:
    if op.kind == "truncate":
        del content[op.offset:]
        content.extend(b"\0" * (op.offset - len(content)))
        return
    end = op.offset + len(op.data)
    if len(content) < op.offset:
        content.extend(b"\0" * (op.offset - len(content)))
    content[op.offset:end] = op.data


def _files_at(recording: Recording, cut: int) -> dict[str, _File]:
    files: dict[str, _File] = {}
    for op in recording.ops[:cut]:
        if op.kind == "create":
            files.setdefault(op.name, _File())
        elif op.kind in ("write", "truncate") and op.name in files:
            files[op.name].pending.append(op)
        elif op.kind == "sync" and op.name in files:
            state = files[op.name]
            for pending in state.pending:
                _apply(state.durable, pending)
            state.pending.clear()
        elif op.kind == "unlink":
            files.pop(op.name, None)
        elif op.kind == "rename" and op.name in files:
            files[op.to] = files.pop(op.name)
    return files


def _after_the_cut(state: _File, fate: str, rng: random.Random) -> bytearray:
    content = bytearray(state.durable)
    writes = [op for op in state.pending if op.kind == "write"]
    if fate == "lost":
        kept = set()
    elif fate == "kept":
        kept = {id(op) for op in writes}
    elif fate == "in-order-prefix":
        kept = {id(op) for op in writes[:rng.randint(0, len(writes))]}
    elif fate == "reordered":
        kept = {id(op) for op in writes if rng.random() < 0.5}
    else:  # torn: the writes before one are kept, that one only in part, none after it
        torn_at = rng.randrange(len(writes)) if writes else 0
        kept = {id(op) for op in writes[:torn_at]}
    for op in state.pending:
        if op.kind == "truncate" or id(op) in kept:
            _apply(content, op)
        elif fate == "torn" and writes and op is writes[torn_at] and len(op.data) > SECTOR:
            sectors = rng.randrange(1, (len(op.data) + SECTOR - 1) // SECTOR)
            _apply(content, Op("write", op.name, op.offset, op.data[:sectors * SECTOR]))
    return content


@dataclass
class Cut:
    at: int
    pending_fate: str
    shm_fate: str
    seed: int

    def __str__(self) -> str:
        return f"cut after call {self.at}: unsynced writes {self.pending_fate}, -shm {self.shm_fate}"


def rebuild(recording: Recording, cut: Cut, folder: Path) -> Path:
    """The folder a power cut at ``cut`` leaves; returns the database file in it."""
    rng = random.Random(cut.seed)
    folder.mkdir(parents=True)
    for name, state in _files_at(recording, cut.at).items():
        content = _after_the_cut(state, cut.pending_fate, rng)
        if name.endswith("-shm"):
            if cut.shm_fate == "lost":
                continue
            size = len(content) or 32768
            content = bytearray(size) if cut.shm_fate == "zeroed" else bytearray(rng.randbytes(size))
        (folder / name).write_bytes(bytes(content))
    return folder / DATABASE


def choose_cuts(recording: Recording, count: int, seed: int) -> list[Cut]:
    """``count`` cuts: half anywhere, half while the database file itself is written (a checkpoint under way),
    each with a fate for the unsynced writes and for the -shm."""
    rng = random.Random(seed)
    anywhere = range(1, len(recording.ops) + 1)
    in_checkpoints = recording.checkpoint_writes() or list(anywhere)
    cuts = []
    for number in range(count):
        at = rng.choice(in_checkpoints) if number % 2 else rng.choice(anywhere)
        pending = PENDING_FATES[number % len(PENDING_FATES)]
        shm = SHM_FATES[(number // len(PENDING_FATES)) % len(SHM_FATES)]
        cuts.append(Cut(at, pending, shm, rng.randrange(2**31)))
    return cuts


def check_cut(recording: Recording, cut: Cut, folder: Path) -> str | None:
    """Rebuild the cut's folder and open it with the program's own code; returns what went wrong, or None.

    Every command acknowledged before the cut is in the log, the state equals a rebuild from the log with the floor's
    invariants kept, SQLite's integrity check passes, and the file is never refused.
    """
    from tests.e2e.test_crash_kill import check_promises, check_reopened_state

    database = rebuild(recording, cut, folder)
    acknowledged = recording.acknowledged_before(cut.at)
    try:
        store = Store.open(database, backup_dir=folder / "backups", keep_backups=1)
    except DatabaseRefused as refusal:
        return f"{cut}: refused ({refusal})"
    try:
        check_promises(store, acknowledged)
        check_reopened_state(store)
        with store.transaction() as connection:
            integrity = connection.exec_driver_sql("PRAGMA integrity_check").fetchall()
        assert integrity == [("ok",)], integrity
    except AssertionError as failure:
        return f"{cut}: {failure}"
    except KeyError as missing:  # check_promises found no row for an acknowledged seq
        return f"{cut}: the acknowledged command #{missing.args[0]} is not in the log"
    except Exception as failure:  # a tournament the child announced is missing, or the state does not fold
        return f"{cut}: {type(failure).__name__}: {failure}"
    finally:
        store.close()
    return None
