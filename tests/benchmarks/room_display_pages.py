"""Many room display pages in one process, for the room display benchmark (not a test).

``python room_display_pages.py ws://127.0.0.1:PORT/ws COUNT`` opens COUNT WebSocket connections, prints
``ready`` once all are open, notes when each state arrives (its ``sequence``, on the machine's monotonic clock,
which every process on Linux shares), and on a line ``report`` from standard input prints the notes as JSON and
closes everything. Heartbeats are ignored.
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
import time

import websockets

SEQUENCE = re.compile(r'"sequence":(\d+)')
BATCH = 50  # connections opened at once (the listen queue of the server is finite)


async def page(url: str, arrivals: list[tuple[int, int]], opened: asyncio.Event, count: list[int],
               total: int, stop: asyncio.Event) -> None:
    async with websockets.connect(url, max_size=None, open_timeout=30, ping_interval=None) as connection:
        count[0] += 1
        if count[0] == total:
            opened.set()
        reader = asyncio.ensure_future(read(connection, arrivals))
        await stop.wait()
        reader.cancel()


async def read(connection, arrivals: list[tuple[int, int]]) -> None:
    async for message in connection:
        head = message[:400]  # the state comes as UTF-8 bytes, a heartbeat as text
        found = SEQUENCE.search(head.decode("utf-8", "ignore") if isinstance(head, bytes) else head)
        if found:
            arrivals.append((int(found.group(1)), time.monotonic_ns()))


async def main(url: str, total: int) -> None:
    arrivals: list[list[tuple[int, int]]] = [[] for _ in range(total)]
    opened, stop = asyncio.Event(), asyncio.Event()
    count = [0]
    tasks = []
    for start in range(0, total, BATCH):
        before = count[0]
        for i in range(start, min(total, start + BATCH)):
            tasks.append(asyncio.ensure_future(page(url, arrivals[i], opened, count, total, stop)))
        while count[0] < min(total, start + BATCH) and not any(t.done() for t in tasks):
            await asyncio.sleep(0.01)
        if count[0] == before:
            break
    for task in tasks:
        if task.done() and task.exception():
            raise task.exception()
    await opened.wait()
    print("ready", flush=True)
    loop = asyncio.get_running_loop()
    while (await loop.run_in_executor(None, sys.stdin.readline)).strip() != "report":
        pass
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    print(json.dumps(arrivals), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
