"""Play in a browser: ``emberdeep serve``.

The server (``app.py``, Starlette on uvicorn) serves one page (``static/``) and relays
WebSocket messages between pages and games; every game runs in its own worker process
(``worker.py``) on the presenter loop, with ``presenter.py`` as its presenter, talking to
the server over a socket pair (``pipe.py``). ``protocol.py`` is the wire format both ends
share, ``games.py`` the running games, ``accounts.py`` the players. The web stack is an
optional extra (``pip install emberdeep[web]``) and is imported only by ``emberdeep serve``.
"""
