"""Helpers the reliability tests share: a free loopback port, `companion
serve` as a child process, and small JSON calls with a timeout on each."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

HOST = "127.0.0.1"
REQUEST_TIMEOUT = 10


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def call(port: int, method: str, path: str, body: object = None, headers: dict | None = None,
         timeout: float = REQUEST_TIMEOUT) -> tuple[int, dict]:
    """One JSON request on its own connection; returns (status, decoded body)."""
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        sent = {"Content-Type": "application/json", **(headers or {})}
        connection.request(method, path, body=None if body is None else json.dumps(body), headers=sent)
        response = connection.getresponse()
        data = response.read()
        return response.status, json.loads(data) if data else {}
    finally:
        connection.close()


class ServerProcess:
    """`companion serve` on a loopback port, as a separate process."""

    # Without render processes unless a test asks for them: each would start
    # a few seconds' compile first (tests/reliability/test_reliability_render_processes.py
    # starts them).
    def __init__(self, db: Path, port: int | None = None, threads: int = 64,
                 extra_args: tuple[str, ...] = ("--render-processes", "0")):
        self.db, self.port, self.threads = db, port or free_port(), threads
        self.extra_args = list(extra_args)
        self.process: subprocess.Popen | None = None

    def start(self, ready_timeout: float = 30) -> ServerProcess:
        env = dict(os.environ, PYTHONUNBUFFERED="1", NO_COLOR="1")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion", "serve", "--host", HOST, "--port", str(self.port),
             "--db", str(self.db), "--threads", str(self.threads), *self.extra_args],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
        )
        deadline = time.monotonic() + ready_timeout
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"companion serve exited: {self.process.stderr.read().decode(errors='replace')}")
            try:
                status, _ = call(self.port, "GET", "/api/games", timeout=2)
                if status == 200:
                    return self
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("companion serve did not answer in time")
            time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL: no shutdown code of the server runs."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        if self.process is not None:
            self.process.wait(timeout=10)
            if self.process.stderr:
                self.process.stderr.close()

    @property
    def pid(self) -> int:
        return self.process.pid
