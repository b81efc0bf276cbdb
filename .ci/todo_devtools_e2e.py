"""Drives the DevTools page's time travel for .ci/todo-e2e, over the page's own WebSocket
protocol (Sources/MVIDevTools/MVIDevTools.docc/Protocol.md), as the page's buttons do.

    python3 .ci/todo_devtools_e2e.py step-back URL   # stop, then step back to the list of one todo
    python3 .ci/todo_devtools_e2e.py resume URL      # back to live

Exits 0 when the app answered every request.
"""
import json
import sys
import time
import urllib.parse

from websockets.sync.client import connect


def session(url):
    parts = urllib.parse.urlsplit(url)
    token = urllib.parse.parse_qs(parts.query)["token"][0]
    origin = f"http://{parts.netloc}"
    return connect(f"ws://{parts.netloc}/ws?token={token}", origin=origin, max_size=None, open_timeout=20)


class Page:
    def __init__(self, socket):
        self.socket = socket
        self.events = []
        self.status = {}
        self.next_id = 0
        hello = self.receive()
        assert hello["type"] == "hello", hello

    def receive(self, timeout=20):
        frame = json.loads(self.socket.recv(timeout=timeout))
        if frame["type"] == "events":
            if frame.get("reset"):
                self.events = []
            self.events += frame["events"]
        elif frame["type"] == "status":
            self.status = frame
        return frame

    def request(self, **fields):
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, **fields}))
        while True:
            frame = self.receive()
            if frame["type"] in ("reply", "error") and frame.get("id") == self.next_id:
                if frame["type"] == "error":
                    raise RuntimeError(f"{fields}: {frame}")
                return frame

    def settle(self, seconds=1.0):
        """Reads what the app pushes for a while (the timeline so far)."""
        deadline = time.time() + seconds
        while time.time() < deadline:
            try:
                self.receive(timeout=max(0.01, deadline - time.time()))
            except TimeoutError:
                break


def rows_in(state):
    # An OrderedDictionary encodes as [key, value, key, value, ...].
    return len(state.get("rows", [])) // 2


def step_back(socket):
    page = Page(socket)
    page.settle()
    states = [event for event in page.events if event["store"] == "Todos" and event["kind"] == "state"]
    target = max(
        event["seq"] for event in states
        if isinstance(event.get("value"), dict) and rows_in(event["value"]) == 1 and event["value"].get("editor") is None)
    page.request(type="control", action="stop")
    page.settle(0.3)
    steps = 0
    while page.status.get("selected") is None or page.status["selected"] > target:
        page.request(type="control", action="back")
        page.settle(0.05)
        steps += 1
        if steps > 500:
            raise RuntimeError(f"never reached event {target}: {page.status}")
    print(f"  ok   the page stepped back {steps} events, to event {page.status['selected']}")


def resume(socket):
    page = Page(socket)
    page.request(type="control", action="cancel")
    print("  ok   the page went back to live")


def rerun_fixture(socket, path):
    """Imports the failing-sync recording into the running app and reruns it there: the
    session's intents sent again to a fresh store of the app's feature, the sync's remote
    answered from the recording; every recorded event is made again."""
    page = Page(socket)
    page.settle(0.3)
    if page.status.get("mode") == "recording":
        try:
            page.request(type="control", action="stop")
        except RuntimeError:
            pass  # nothing recorded: the controller went back to idle
    if page.status.get("mode") == "stopped" or page.status.get("mode") is None:
        try:
            page.request(type="control", action="cancel")
        except RuntimeError:
            pass  # already idle
    with open(path) as file:
        page.request(type="import", recording=file.read())
    reply = page.request(type="rerun")
    reruns = reply["rerun"]
    todos = next((r for r in reruns if r["store"] == "Todos"), None)
    if not todos or not todos.get("faithful") or todos.get("answered") != 2:
        raise RuntimeError(f"the rerun did not reproduce the recording: {reruns}")
    print(f"  ok   the app reran the imported recording: {todos['events']} events, {todos['intents']} intents,"
          f" {todos['answered']} remote calls answered from the recording")


if __name__ == "__main__":
    command, url = sys.argv[1], sys.argv[2]
    try:
        with session(url) as socket:
            if command == "rerun-fixture":
                rerun_fixture(socket, sys.argv[3])
            else:
                {"step-back": step_back, "resume": resume}[command](socket)
    except Exception as error:  # one line for the log, and a failing status
        print(f"  FAIL {command}: {error}")
        sys.exit(1)
