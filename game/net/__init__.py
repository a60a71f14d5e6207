"""Phones as private hands: a small web server inside the app.

Each phone seat gets a link with a fresh random token; the phone page (assets/phone/)
shows that seat's private view and its legal choices, and sends choices back.

* ``messages``  what a phone may send: size, schema and the limits, checked before use
* ``server``    aiohttp (HTTP + WebSocket) on a background thread with its own event loop;
                it serves only the bundled page and talks to the game only through queues
* ``hub``       the main-thread side: takes phone choices off the queue, hands them to the
                session (the rules stay the only authority) and publishes each seat's view
* ``present``   what one seat's phone is shown, built from that seat's view only
* ``addresses`` this machine's LAN addresses for the link (chosen in Settings)

No pygame here: the presenter takes the desktop's wording from the pygame-free wording
modules under game/ui (``game.ui.wording`` and each table's ``wording``).
"""
