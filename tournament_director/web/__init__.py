"""The room display: the clock, seats and results on players' phones and the room's screens, and the director's
phone as a remote. An HTTP and WebSocket server in the program's own event loop (server.py), the JSON room state
(state.py, documented in docs/room-display.md), PIN sessions (access.py) and remote commands (remote.py), with
its pages as static files in pages/. It talks to the services only, never to the store."""
