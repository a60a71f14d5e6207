from game.bus import EventBus, GameHappened, Intent, Notice
from game.rules.protocol import Action, Event


def test_subscribe_publish_unsubscribe():
    bus = EventBus()
    got = []
    off = bus.subscribe(Intent, got.append)
    msg = Intent(1, Action("play", (3,), "Play 3"))
    assert bus.publish(msg) == 1
    assert got == [msg]
    off()
    assert bus.publish(msg) == 0
    assert got == [msg]


def test_handlers_receive_only_their_type_and_subclasses():
    bus = EventBus()
    every, notices = [], []
    bus.subscribe(object, every.append)
    bus.subscribe(Notice, notices.append)
    bus.publish(GameHappened(Event("trick_won", {"seat": 2}, "Bea wins the trick"), 4))
    bus.publish(Notice("saved"))
    assert len(every) == 2 and len(notices) == 1


def test_handler_may_unsubscribe_while_handling():
    bus = EventBus()
    calls = []

    def once(msg):
        calls.append(msg)
        bus.unsubscribe(Notice, once)

    bus.subscribe(Notice, once)
    bus.publish(Notice("a"))
    bus.publish(Notice("b"))
    assert [c.text for c in calls] == ["a"]
