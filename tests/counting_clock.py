"""A think clock for the bots' searches that advances a fixed step per reading, so a
search with a time budget becomes repeatable however busy the machine is."""


class CountingClock:
    def __init__(self, step: float = 0.001) -> None:
        self.t, self.step = 0.0, step

    def __call__(self) -> float:
        self.t += self.step
        return self.t
