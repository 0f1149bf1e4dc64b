"""A private PostgreSQL server for the tests: Debian's binaries (scripts/system-deps.sh installs ``postgresql``),
a cluster made in a scratch folder with initdb, listening on 127.0.0.1 only on a free port and on a unix socket in
that folder, run as an unprivileged user (``nobody`` when the tests run as root), stopped at the end."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path


def binaries() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return Path(found[-1]).parent if found else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgresServer:
    def __init__(self) -> None:
        bin_dir = binaries()
        if bin_dir is None:
            raise RuntimeError("PostgreSQL is not installed (bash scripts/system-deps.sh installs Debian's postgresql)")
        self.bin = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="td-test-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.user = "td"  # the database role the program connects as
        self._as: list[str] = []
        if os.geteuid() == 0:  # the server refuses to run as root: run it as nobody, in a folder nobody owns
            nobody = pwd.getpwnam("nobody")
            os.chown(self.root, nobody.pw_uid, nobody.pw_gid)
            self._as = ["setpriv", f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups"]
        self.root.chmod(0o700)

    def _run(self, *command: str) -> None:
        subprocess.run([*self._as, *command], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       cwd=self.root, env={**os.environ, "LC_ALL": "C.UTF-8", "HOME": str(self.root)})

    def start(self) -> "PostgresServer":
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", self.user, "--auth=trust", "-E", "UTF8",
                  "--no-sync")
        return self.start_again()

    def start_again(self) -> "PostgresServer":
        """Start the cluster (again, after ``stop_now``: it recovers from its own log, as after a crash)."""
        options = (f"-c listen_addresses=127.0.0.1 -c port={self.port} -c unix_socket_directories={self.root} "
                   "-c fsync=on -c max_connections=60")
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.root / "server.log"), "-o",
                  options, "-w", "-t", "30", "start")
        return self

    def stop_now(self) -> None:
        """Stop the server as a crash does (``pg_ctl stop -m immediate``): every connection cut, no checkpoint."""
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def url(self, database: str) -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        """A new empty database; returns its URL."""
        import psycopg

        with psycopg.connect(self.url("postgres"), autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "stop")
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.root, ignore_errors=True)


_counter = iter(range(1, 10**9))


def fresh_database_name() -> str:
    return f"td_{os.getpid()}_{next(_counter)}_{int(time.time() * 1000) % 10**6}"
