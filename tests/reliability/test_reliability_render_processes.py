"""`companion serve` with render processes (companion.web.render_pool), as a
user runs it: phones' live updates arrive drawn by them, in the phone's
language; a render process killed mid-evening leaves every phone updated
(the server draws until it is back); Ctrl+C stops them with the server."""

from __future__ import annotations

import os
import selectors
import signal
import socket
import time
from pathlib import Path

import pytest

from companion.store import Store
from tests.reliability.reliability_support import HOST, ServerProcess, call

pytestmark = pytest.mark.slow

TIMEOUT = 30


def children(pid: int) -> list[int]:
    """The render processes of a server: its children running spawn_main."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            command = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == pid and b"spawn_main" in command:
            found.append(int(stat.parent.name))
    return found


class Stream:
    """One phone's event stream on a raw socket: the events it has had."""

    def __init__(self, port: int, path: str, headers: str):
        self.sock = socket.create_connection((HOST, port), timeout=TIMEOUT)
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n{headers}\r\n".encode())
        self.sock.setblocking(False)
        self.buffer = b""
        self.events: list[tuple[str, int | None, str]] = []

    def read_until(self, name: str, version: int) -> str:
        """The data of event `name` with id `version`, once it has come."""
        selector = selectors.DefaultSelector()
        selector.register(self.sock, selectors.EVENT_READ)
        deadline = time.monotonic() + TIMEOUT
        try:
            while True:
                for event, event_id, data in self.events:
                    if event == name and event_id == version:
                        return data
                assert time.monotonic() < deadline, [e[:2] for e in self.events][-10:]
                if selector.select(0.2):
                    self.buffer += self.sock.recv(262144)
                    *blocks, self.buffer = self.buffer.split(b"\n\n")
                    for block in blocks:
                        lines = block.decode("utf-8", "replace").split("\n")
                        event = next((line[7:] for line in lines if line.startswith("event: ")), None)
                        ids = [int(line[4:]) for line in lines if line.startswith("id: ")]
                        data = "\n".join(line[6:] for line in lines if line.startswith("data: "))
                        self.events.append((event, ids[0] if ids else None, data))
        finally:
            selector.close()

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def served(tmp_path):
    db = tmp_path / "t.sqlite3"
    store = Store(str(db))
    table = store.create_table("tally", "Pool", {"tracks": "Doom 0..30", "counters": "VP 0..99"})
    keys = [store.join(table.token, f"P{n}", "player")[1] for n in range(2)]
    store.close()
    server = ServerProcess(db, extra_args=("--render-processes", "2", "--streams-per-address", "0")).start(90)
    yield server, table.token, keys
    server.kill()


def act(port: int, token: str, key: str, delta: int) -> int:
    status, data = call(port, "POST", f"/api/tables/{token}/actions",
                        {"type": "track.adjust", "payload": {"track": "t1", "delta": delta}}, {"X-Seat-Key": key})
    assert status == 200, data
    return data["version"]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes from /proc")
def test_phones_are_updated_by_render_processes_and_still_when_one_is_killed(served):
    server, token, keys = served
    assert len(children(server.pid)) == 2
    phone = Stream(server.port, f"/t/{token}/events", f"X-Seat-Key: {keys[0]}\r\nAccept-Language: ja\r\n")
    display = Stream(server.port, f"/t/{token}/events?view=display", "Accept-Language: zh-Hans\r\n")
    try:
        version = act(server.port, token, keys[1], 3)
        # In the phone's language, drawn by a render process, with the new value.
        assert "共有トラック" in phone.read_until("region-tracks", version)
        assert '<span class="value big">3</span>' in display.read_until("region-tracks", version)
        for pid in children(server.pid):
            os.kill(pid, signal.SIGKILL)
        for delta in (1, -1, 2):
            version = act(server.port, token, keys[0], delta)
            assert phone.read_until("version", version) == str(version)
            assert display.read_until("version", version) == str(version)
        # 3 + 1 - 1 + 2, drawn by the server while its render processes were gone.
        assert '<span class="value big">5</span>' in display.read_until("region-tracks", version)
    finally:
        phone.close()
        display.close()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes from /proc")
def test_ctrl_c_stops_the_render_processes_with_the_server(served):
    server, _token, _keys = served
    drawn = children(server.pid)
    assert drawn
    server.process.send_signal(signal.SIGINT)
    server.process.wait(timeout=20)
    deadline = time.monotonic() + 20
    while any(Path(f"/proc/{pid}").exists() and b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
              for pid in drawn if Path(f"/proc/{pid}/cmdline").exists()):
        assert time.monotonic() < deadline, "a render process outlived the server"
        time.sleep(0.1)
