"""CPU seconds used by the processes of a benchmark, by group, read from /proc (Linux; everything runs on this
machine): the server under test, PostgreSQL, the load's own clients. A phase's CPU per request in each group says
where a request's cost goes, which wall-clock rates on a shared 2-core host cannot."""

import os
import pathlib
import threading
from collections.abc import Callable
from types import TracebackType
from typing import Any

TICK = os.sysconf("SC_CLK_TCK")
GROUPS = ("server", "postgres", "clients")


def backend_cpu() -> float:
    """CPU seconds used so far by the PostgreSQL backend of Django's connection in this process (user + system)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def backend_cpu_reader(connection: Any) -> Callable[[], int] | None:
    """A reader of the CPU time (ns) spent so far by the PostgreSQL backend of this Django connection, or None when
    that process cannot be read here (a server on another machine, another user's processes). Unlike
    `backend_cpu`, a read sends no statement and counts in nanoseconds (the scheduler's /proc/<pid>/schedstat, not
    /proc/<pid>/stat's clock ticks), so it can measure one statement."""
    connection.ensure_connection()
    path = pathlib.Path(f"/proc/{connection.connection.info.backend_pid}/schedstat")
    try:
        path.read_text()
    except OSError:
        return None
    return lambda: int(path.read_text().split()[0])


def _processes() -> dict[int, tuple[str, int, int, float]]:
    """pid -> (command, parent pid, process group, CPU seconds) of every process running now."""
    out = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as stat:
                text = stat.read()
        except OSError:
            continue  # gone between the listing and the read
        head, rest = text.rsplit(")", 1)
        fields = rest.split()
        # fields after the command: state, ppid, pgrp, ...; utime and stime are the 12th and 13th
        cpu = (int(fields[11]) + int(fields[12])) / TICK
        out[int(name)] = (head.split("(", 1)[1], int(fields[1]), int(fields[2]), cpu)
    return out


def _machine() -> dict[str, float]:
    """The machine's CPU seconds since boot by state (all cores), from the first line of /proc/stat."""
    with open("/proc/stat") as stat:
        fields = [int(value) / TICK for value in stat.readline().split()[1:]]
    user, nice, system, idle, iowait, irq, softirq, steal = (fields + [0.0] * 8)[:8]
    return {"busy": user + nice + system + irq + softirq, "idle": idle, "iowait": iowait, "steal": steal}


class CpuWatch:
    """The CPU the server's process group, every PostgreSQL process (backends and the server's own writers) and
    the children of `clients_parent` outside the server's group (the load's clients) use while the block runs.
    /proc is read every `every` seconds, so that a process that ends during the block (a database connection closed
    after CONN_MAX_AGE) still counts up to its last reading; one that starts counts from zero."""

    def __init__(self, *, server_group: int, clients_parent: int, every: float = 0.25) -> None:
        self.server_group, self.clients_parent, self.every = server_group, clients_parent, every
        self.first: dict[int, float] = {}
        self.last: dict[int, tuple[str, float]] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def _group(self, pid: int, command: str, parent: int, group: int) -> str | None:
        if group == self.server_group:
            return "server"
        if command == "postgres":
            return "postgres"
        if parent == self.clients_parent and pid != self.server_group:
            return "clients"
        return None

    def _read(self, *, initial: bool) -> None:
        for pid, (command, parent, group, cpu) in _processes().items():
            kind = self._group(pid, command, parent, group)
            if kind is None:
                continue
            if initial:
                self.first[pid] = cpu
            self.last[pid] = (kind, cpu)

    def _watch(self) -> None:
        while not self._stop.wait(self.every):
            self._read(initial=False)

    def __enter__(self) -> "CpuWatch":
        self.machine_first = _machine()
        self._read(initial=True)
        self._thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self._stop.set()
        self._thread.join()
        self._read(initial=False)
        self.machine_last = _machine()

    def machine(self) -> dict[str, float]:
        """The machine's CPU seconds by state during the block: busy (any process or the kernel), idle, waiting
        for I/O with nothing to run (iowait), taken by the hypervisor (steal)."""
        return {state: self.machine_last[state] - self.machine_first[state] for state in self.machine_first}

    def used(self) -> dict[str, float]:
        """CPU seconds by group between the block's start and end."""
        out = dict.fromkeys(GROUPS, 0.0)
        for pid, (kind, cpu) in self.last.items():
            out[kind] += cpu - self.first.get(pid, 0.0)
        return out
