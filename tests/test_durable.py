"""``storage.durable.Durable``: jobs run one after another off the caller's thread, a
failure is told at the next ``wait``, and a closed one starts afresh with its next job."""

from __future__ import annotations

import threading

from emberdeep.storage.durable import Durable


def test_jobs_run_in_order_and_a_failure_is_told_once() -> None:
    durable = Durable()
    done: list[int] = []
    callers = threading.get_ident()
    threads: set[int] = set()

    def job(n: int, problem: str | None = None) -> str | None:
        threads.add(threading.get_ident())
        done.append(n)
        return problem

    durable.run(lambda: job(1))
    durable.run(lambda: job(2, "the disk is full"))
    assert durable.wait() == "the disk is full" and durable.wait() is None
    durable.run(lambda: job(3))
    assert durable.wait() is None and done == [1, 2, 3] and callers not in threads
    durable.close()


def test_a_closed_one_runs_its_next_job_on_a_new_thread() -> None:
    durable = Durable()
    seen: list[str] = []

    def note(what: str) -> None:
        seen.append(what)

    durable.run(lambda: note(threading.current_thread().name))
    durable.close()
    durable.close()  # twice: nothing left to end
    durable.run(lambda: note("again"))
    assert durable.wait() is None and seen == ["emberdeep-durable", "again"]
    durable.close()
