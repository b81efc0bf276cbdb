"""The attacks of issue 28 against a running `todo --devtools`, on loopback only, each a
bounded loop that stops by itself. Run by .ci/devtools-attack, which starts the app under
`prlimit --nofile=256` in tmux; this script types into that tmux pane to add todos (saves).

    python3 .ci/devtools_attack.py URL PID DATA_DIR TMUX_SOCKET SESSION

Prints the figures (descriptors, how long half-open connections live, RSS) and exits 1 if a
check failed: a save lost, the page refused, the app dead, a connection left open too long.
"""
import json
import os
import random
import select
import socket
import struct
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request

from websockets.sync.client import connect

URL, PID, DATA, TMUX_SOCKET, SESSION = sys.argv[1:6]
PARTS = urllib.parse.urlsplit(URL)
HOST, PORT = PARTS.hostname, PARTS.port
TOKEN = urllib.parse.parse_qs(PARTS.query)["token"][0]
ORIGIN = f"http://{PARTS.netloc}"
failures = []


def check(ok, description):
    print(f"  {'ok  ' if ok else 'FAIL'} {description}", flush=True)
    if not ok:
        failures.append(description)


def descriptors():
    return len(os.listdir(f"/proc/{PID}/fd"))


def rss_mb():
    with open(f"/proc/{PID}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def alive():
    return os.path.exists(f"/proc/{PID}")


def keys(*args):
    subprocess.run(["tmux", "-L", TMUX_SOCKET, "send-keys", "-t", SESSION, *args], check=True)


def screen():
    return subprocess.run(
        ["tmux", "-L", TMUX_SOCKET, "capture-pane", "-t", SESSION, "-p"], capture_output=True, text=True).stdout


def saved_titles():
    try:
        with open(os.path.join(DATA, "todos.json")) as file:
            return file.read()
    except OSError:
        return ""


def add_todos(prefix, count):
    """Adds todos through the terminal; returns how many reached the saved file."""
    for index in range(count):
        keys("a", f"{prefix} {index}", "Enter")
        time.sleep(0.05)
    deadline = time.time() + 20
    while time.time() < deadline:
        text = saved_titles()
        if all(f"{prefix} {index}" in text for index in range(count)):
            break
        time.sleep(0.2)
    text = saved_titles()
    return sum(f"{prefix} {index}\"" in text for index in range(count))


def page_status():
    try:
        with urllib.request.urlopen(URL, timeout=20) as response:
            return response.status
    except Exception as error:  # a refused or reset connection
        return f"{type(error).__name__}: {error}"


def socket_page():
    return connect(f"ws://{HOST}:{PORT}/ws?token={TOKEN}", origin=ORIGIN, max_size=None, open_timeout=20)


def ping(page, ident):
    """Sends a ping; returns the seconds until its reply."""
    started = time.time()
    page.send(json.dumps({"type": "ping", "id": ident}))
    while True:
        frame = json.loads(page.recv(timeout=60))
        if frame.get("id") == ident:
            return time.time() - started


def half_open_flood(count=1000, watch_seconds=40):
    print(f"{count} half-open requests (GET / HTTP/1.1 and no more), watched {watch_seconds} s:")
    before = descriptors()
    opened = {}
    closed_after = []
    pending = []
    for _ in range(count):
        client = socket.socket()
        client.setblocking(False)
        client.connect_ex((HOST, PORT))
        pending.append(client)
    started = time.time()
    most = before
    saves_checked = False
    page_during = None
    while time.time() - started < watch_seconds and (pending or opened):
        most = max(most, descriptors())
        _, writable, _ = select.select([], pending, [], 0.05) if pending else ([], [], [])
        for client in writable:
            pending.remove(client)
            if client.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0:
                try:
                    client.send(b"GET / HTTP/1.1\r\n")
                    opened[client] = time.time()
                except OSError:
                    client.close()
            else:
                client.close()
        readable, _, _ = select.select(list(opened), [], [], 0.05) if opened else ([], [], [])
        for client in readable:
            try:
                data = client.recv(4096)
            except OSError:
                data = b""
            if not data:
                closed_after.append(time.time() - opened.pop(client))
                client.close()
        if not saves_checked and time.time() - started > 3:
            saves_checked = True
            page_during = page_status()
            saved = add_todos("during flood", 10)
            check(saved == 10, f"10 todos added during the flood, {saved} saved (the app's descriptor limit is 256)")
            check(page_during == 200, f"the page loads during the flood (status {page_during})")
    still_open = len(opened)
    for client in list(opened) + pending:
        client.close()
    print(f"       app descriptors: {before} before, at most {most} during the flood")
    if closed_after:
        closed_after.sort()
        print(f"       closed by the server: {len(closed_after)}; lifetime median {closed_after[len(closed_after) // 2]:.2f} s,"
              f" longest {closed_after[-1]:.2f} s; still open after {watch_seconds} s: {still_open};"
              f" never accepted by the kernel: {len(pending)}")
    check(still_open == 0, f"no half-open connection outlives the watch ({still_open} still open)")
    check(most - before <= 64, f"the server holds at most a quarter of the limit ({most - before} more descriptors)")
    check(alive(), "the app is alive")
    time.sleep(1)
    with socket_page() as page:
        seconds = ping(page, "after flood")
        check(True, f"after the flood a page's socket answers a ping ({seconds * 1000:.0f} ms)")
    saved = add_todos("after flood", 3)
    check(saved == 3, f"3 todos added after the flood, {saved} saved")


def oversize_frames(clients=6, megabytes=60):
    print(f"{clients} pages each sending a {megabytes} MB frame at once:")
    before = rss_mb()
    peak = [before]
    codes = []
    ends = []

    def attack():
        client = socket.create_connection((HOST, PORT))
        client.sendall(
            f"GET /ws?token={TOKEN} HTTP/1.1\r\nHost: {PARTS.netloc}\r\nOrigin: {ORIGIN}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
            .encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += client.recv(4096)
        length = megabytes * 1_000_000
        client.sendall(bytes([0x81, 0xFF]) + struct.pack(">Q", length) + b"\0\0\0\0")
        chunk = b" " * (1 << 20)
        received = head.split(b"\r\n\r\n", 1)[1]
        client.setblocking(False)
        sent = 0
        end = "timeout"
        deadline = time.time() + 30
        while time.time() < deadline:
            if sent < length:
                try:
                    sent += client.send(chunk)
                except BlockingIOError:
                    pass
                except OSError as error:
                    end = f"send: {error.strerror}"
                    sent = length
            readable, _, _ = select.select([client], [], [], 0.01)
            if readable:
                try:
                    data = client.recv(65536)
                except ConnectionResetError:
                    end = "reset"
                    break
                if not data:
                    end = "closed"
                    break
                received += data
                if b"\x88\x02\x03\xf1" in received and sent >= length:
                    break
        code = 1009 if b"\x88\x02\x03\xf1" in received else None
        codes.append(code)
        ends.append(end)
        client.close()

    threads = [threading.Thread(target=attack) for _ in range(clients)]
    for thread in threads:
        thread.start()
    while any(thread.is_alive() for thread in threads):
        peak.append(rss_mb())
        time.sleep(0.05)
    for thread in threads:
        thread.join()
    time.sleep(1)
    after = rss_mb()
    print(f"       RSS {before:.1f} MB before, at most {max(peak):.1f} MB during, {after:.1f} MB after;"
          f" close codes {codes}; ends {ends}")
    check(all(code == 1009 for code in codes), "each got a close frame 1009")
    check(max(peak) - before < 64, f"RSS grew by less than 64 MB ({max(peak) - before:.1f} MB)")


def malformed(count=10_000):
    print(f"{count} malformed messages on one socket:")
    before = rss_mb()
    generator = random.Random(28)
    pieces = ["{", "}", "[", "]", '"type"', ":", ",", '"control"', "null", "1e999", '"\\u0000"', '"id"']
    answers = 0
    with socket_page() as page:
        for start in range(0, count, 100):
            for index in range(start, start + 100):
                page.send("".join(generator.choice(pieces) for _ in range(generator.randint(1, 12))))
            got = 0
            while got < 100:
                frame = json.loads(page.recv(timeout=60))
                if frame["type"] in ("reply", "error"):
                    got += 1
            answers += got
        seconds = ping(page, "after malformed")
    print(f"       {answers} answers; RSS {before:.1f} MB before, {rss_mb():.1f} MB after; a ping then took"
          f" {seconds * 1000:.0f} ms")
    check(answers == count, "exactly one answer each")


def large_messages(clients=3, megabytes=13.5):
    print(f"{clients} pages each sending a {megabytes} MB message of small nested objects, and a ping on another:")
    item = '{"a":[{"b":1}]},'
    body = '{"type":"setState","id":1,"store":"Todos","state":[' + item * int(megabytes * 1_000_000 / len(item)) + "1]}"
    before = rss_mb()
    peak = [before]
    answers = []

    def send_large():
        try:
            with socket_page() as page:
                page.send(body)
                while True:
                    frame = json.loads(page.recv(timeout=120))
                    if frame["type"] in ("reply", "error") and frame.get("id") == 1:
                        answers.append(frame.get("code", frame["type"]))
                        return
        except Exception as error:
            answers.append(f"{type(error).__name__}")

    threads = [threading.Thread(target=send_large) for _ in range(clients)]
    for thread in threads:
        thread.start()
    time.sleep(0.5)
    with socket_page() as page:
        seconds = ping(page, "beside large")
    saved = add_todos("beside large", 2)
    while any(thread.is_alive() for thread in threads):
        peak.append(rss_mb())
        time.sleep(0.05)
    print(f"       answers {answers}; a ping on another socket took {seconds * 1000:.0f} ms;"
          f" RSS {before:.1f} MB before, at most {max(peak):.1f} MB, {rss_mb():.1f} MB after")
    check(saved == 2, f"2 todos added meanwhile, {saved} saved")
    check(len(answers) == clients, "each large message was answered")


half_open_flood()
oversize_frames()
malformed()
large_messages()
check(alive(), "the app is alive at the end")
print(f"app descriptors at the end: {descriptors()}")
sys.exit(1 if failures else 0)
